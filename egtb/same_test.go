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

// linearGroups is groups as it was written first, walking down the
// squares for each piece: the reference of TestGroupsBisection.
func (l *layout) linearGroups(m Material, idx uint64) (gs [4]draughts.Bitboard, ok bool) {
	cs := counts(m)
	var all draughts.Bitboard
	for grp := 3; grp >= 0; grp-- {
		n := len(l.squares[grp])
		radix := binom[n][cs[grp]]
		rank := idx % radix
		idx /= radix
		c := n - 1
		for k := cs[grp]; k >= 1; k-- {
			for binom[c][k] > rank {
				c--
			}
			rank -= binom[c][k]
			gs[grp] |= l.squares[grp][c].Bit()
			c--
		}
		if all&gs[grp] != 0 {
			return gs, false
		}
		all |= gs[grp]
	}
	return gs, true
}

// groups unranks by bisection: the same groups as the walk, at every
// index of classes with up to four of a kind, on both boards.
func TestGroupsBisection(t *testing.T) {
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International} {
		l := newLayout(v.Geometry())
		for _, name := range []string{"KKKKvM", "MMMMvK", "KKvMM", "KMvKM", "KKKvKK"} {
			m, _ := ParseMaterial(name)
			n := l.size(m)
			step := max(n/2_000_000, 1)
			for i := uint64(0); i < n; i += step {
				g1, ok1 := l.groups(m, i)
				g2, ok2 := l.linearGroups(m, i)
				if g1 != g2 || ok1 != ok2 {
					t.Fatalf("%s %v index %d: %v %v, want %v %v", v.Name(), m, i, g1, ok1, g2, ok2)
				}
			}
		}
	}
}
