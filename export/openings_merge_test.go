package export

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// A positions table gathered in parts (each part's games in any order,
// AddPreparedAt), sent in its binary form and merged in any order, is
// byte for byte the table gathered over all the games in input order:
// the counts, min_ply, avg_eval and first_game_id (the game of least
// order) alike, partitioned or not.
func TestOpeningsMerge(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	evals := fakeEvals(reports)
	prepared := make([]*Prepared, len(reports))
	for i, r := range reports {
		prepared[i] = PrepareGame(r, evals[i])
	}
	for _, by := range [][]string{nil, {"year"}, {"variant", "year"}} {
		whole := NewOpenings(10)
		wholeParts := NewPartitionedOpenings(10, by)
		for _, p := range prepared {
			whole.AddPrepared(p)
			wholeParts.AddPrepared(p)
		}
		parts := make([]*Openings, 4)
		pparts := make([]*PartitionedOpenings, 4)
		for k := range parts {
			parts[k] = NewOpenings(10)
			pparts[k] = NewPartitionedOpenings(10, by)
		}
		for _, i := range rand.Perm(len(prepared)) {
			k := rand.IntN(len(parts))
			parts[k].AddPreparedAt(prepared[i], int64(i))
			pparts[k].AddPreparedAt(prepared[i], int64(i))
		}
		merged := NewOpenings(10)
		mergedParts := NewPartitionedOpenings(10, by)
		for _, k := range rand.Perm(len(parts)) {
			b, err := parts[k].MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var back Openings
			if err := back.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
			if err := merged.Merge(&back); err != nil {
				t.Fatal(err)
			}
			// Each partition on its own, as the Beam pipeline sends them.
			for _, dir := range pparts[k].Dirs() {
				b, err := pparts[k].Only(dir).MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				var back PartitionedOpenings
				if err := back.UnmarshalBinary(b); err != nil {
					t.Fatal(err)
				}
				if err := mergedParts.Merge(&back); err != nil {
					t.Fatal(err)
				}
			}
		}
		var want, got bytes.Buffer
		if err := whole.Write(&want, Parquet, testMeta); err != nil {
			t.Fatal(err)
		}
		if err := merged.Write(&got, Parquet, testMeta); err != nil {
			t.Fatal(err)
		}
		if whole.Len() < 1000 || !bytes.Equal(want.Bytes(), got.Bytes()) {
			t.Fatalf("by %v: merged table (%d rows) differs from the whole one (%d rows)", by, merged.Len(), whole.Len())
		}
		wantFS, gotFS := &memFiles{}, &memFiles{}
		d := DatasetOptions{PartitionBy: by, MaxRowsPerFile: 700}
		wf, err := wholeParts.Write(wantFS.create, Parquet, testMeta, d)
		if err != nil {
			t.Fatal(err)
		}
		gf, err := mergedParts.Write(gotFS.create, Parquet, testMeta, d)
		if err != nil {
			t.Fatal(err)
		}
		if len(wf) != len(gf) || len(wf) < 2 {
			t.Fatalf("by %v: %d files merged, %d whole", by, len(gf), len(wf))
		}
		for i, p := range wf {
			if gf[i] != p || !bytes.Equal(wantFS.files[p].Bytes(), gotFS.files[p].Bytes()) {
				t.Fatalf("by %v: file %s differs", by, p)
			}
		}
	}
}

func TestOpeningsBinaryDamaged(t *testing.T) {
	reports := readReports(t, corpusFiles[0])
	o := NewOpenings(4)
	for _, r := range reports {
		o.Add(r, nil)
	}
	b, _ := o.MarshalBinary()
	var back Openings
	for n := range len(b) {
		if back.UnmarshalBinary(b[:n]) == nil {
			t.Fatalf("the first %d of %d bytes decode", n, len(b))
		}
	}
	if err := back.UnmarshalBinary(b); err != nil || back.Len() != o.Len() {
		t.Fatalf("%v, %d rows of %d", err, back.Len(), o.Len())
	}
	c, _ := back.MarshalBinary()
	if !bytes.Equal(b, c) {
		t.Fatal("a table decoded does not encode to the same bytes")
	}
}

// A Frisian game whose king makes quiet moves running: the engine's
// hash holds their count (draughts.Position.KingRun), the tables' hashes
// do not (PiecesHash, the hash of the FEN's position), so that the
// positions table reads back from its binary form, where each position
// is its FEN, and hash_before is what it was before the count was kept.
func TestOpeningsFrisianKingRun(t *testing.T) {
	g, err := pdn.NewReader(strings.NewReader("[GameType \"40\"]\n[SetUp \"1\"]\n[FEN \"W:WK46,45:BK3\"]\n\n1. 46-41 3-9 2. 41-46 9-3 3. 46-41 3-9 4. 45-40 9-3 *\n"), "k.pdn").Next()
	if err != nil && err != io.EOF {
		t.Fatal(err)
	}
	r := validate.Game(g, validate.Options{})
	if r.Variant != draughts.Frisian || len(r.Plies) != 8 || len(r.Findings) != 0 {
		t.Fatalf("%s, %d plies, findings %+v", r.Variant, len(r.Plies), r.Findings)
	}
	before := r.Plies[6].Before
	if _, n := before.KingRun(draughts.White); n != 3 || before.PiecesHash() == before.Hash() {
		t.Fatalf("ply 7: KingRun counts %d", n)
	}
	o := NewOpenings(24)
	o.Add(r, nil)
	b, err := o.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Openings
	// 8 plies, 6 rows: plies 5 and 6 are plies 1 and 2 again, the
	// king's count apart, which the FEN does not show.
	if err := back.UnmarshalBinary(b); err != nil || back.Len() != o.Len() || back.Len() != 6 {
		t.Fatalf("%v: %d rows of %d", err, back.Len(), o.Len())
	}
	p := PrepareGame(r, nil)
	fromFEN, _ := draughts.Frisian.ParseFEN(before.FEN())
	if p.moves.hashes[6] != fromFEN.Hash() {
		t.Errorf("hash_before of ply 7: %#x, the FEN's %#x", p.moves.hashes[6], fromFEN.Hash())
	}
}
