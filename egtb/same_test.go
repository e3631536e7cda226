package egtb

import (
	"bytes"
	"context"
	"testing"

	"github.com/damka/damka/draughts"
)

// TestSameAsReference checks that the solver (no predecessor lists,
// every core) builds tables byte for byte equal to those of the
// generator it replaced (refSolver, predecessor lists, one goroutine):
// each class is solved again by the reference from the same smaller
// tables, so by induction a whole build is the reference's. The tables
// are the same game-theoretic results (R-END-1, R-CAP-1), found in
// another order.
func TestSameAsReference(t *testing.T) {
	type build struct {
		v      draughts.Variant
		pieces int
		only   []string
	}
	builds := []build{
		{draughts.Russian, 3, nil},
		{draughts.International, 3, nil},
		{draughts.English, 3, nil}, // kings that do not fly
		{draughts.Russian, 0, []string{"KKKvK"}},
	}
	if *long {
		builds = append(builds,
			build{draughts.Russian, 4, nil},
			build{draughts.International, 0, []string{"KKKvK", "KKvKM", "KMvMM", "MMvMM"}},
			build{draughts.Italian, 0, []string{"KKvKM", "KMvMM"}})
	}
	for _, b := range builds {
		var only []Material
		for _, s := range b.only {
			m, err := ParseMaterial(s)
			if err != nil {
				t.Fatal(err)
			}
			only = append(only, m)
		}
		// Two workers even on one core, so that the compare-and-swap
		// paths run.
		db, err := Build(context.Background(), b.v, BuildOptions{Pieces: b.pieces, Only: only, Dir: t.TempDir(), Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, m := range db.Classes() {
			if sw := m.Swap(); slot(sw) < slot(m) && sw != m {
				continue // solved with its Swap
			}
			ref, err := newRefSolver(db, m).run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range ref {
				got := db.tables[slot(r.m)]
				if !bytes.Equal(encode(got), encode(r)) {
					t.Errorf("%s %v: the table differs from the reference's (%+v, want %+v)", b.v.Name(), r.m, got.counts(), r.counts())
				}
				checked++
			}
		}
		if checked != len(db.Classes()) {
			t.Errorf("%s: %d classes compared of %d", b.v.Name(), checked, len(db.Classes()))
		}
		t.Logf("%s: %d classes equal to the reference's", b.v.Name(), checked)
	}
}

// BenchmarkSolve is the solve of one pair of classes of 4 pieces (Russian
// KKvKM and KMvKK), the smaller classes built once before; -ref times the
// reference generator on the same pair.
func BenchmarkSolve(b *testing.B) {
	m, _ := ParseMaterial("KKvKM")
	db, err := Build(context.Background(), draughts.Russian, BuildOptions{Only: []Material{m}, Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("new", func(b *testing.B) {
		for b.Loop() {
			if _, err := newSolver(db, m).run(context.Background()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("new-1worker", func(b *testing.B) {
		for b.Loop() {
			s := newSolver(db, m)
			s.workers = 1
			if _, err := s.run(context.Background()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ref", func(b *testing.B) {
		for b.Loop() {
			if _, err := newRefSolver(db, m).run(context.Background()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
