package traindata

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/damka/damka/draughts"
)

// randomGame plays random moves from the start until the game ends or n
// plies, with made-up scores.
func randomGame(v draughts.Variant, i, n int, rng *rand.Rand) Game {
	p := draughts.Start(v)
	g := Game{Index: i, Start: p, White: []float64{0, 0.5, 1}[i%3], Reason: "test"}
	for range n {
		ms := v.UniqueMoves(&p, nil)
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		g.Moves = append(g.Moves, m)
		g.Scores = append(g.Scores, int16(rng.IntN(64001)-32000))
		p.Make(&m)
	}
	return g
}

func TestChunkRoundTrip(t *testing.T) {
	for _, v := range []draughts.Variant{draughts.Russian, draughts.International} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			rng := rand.New(rand.NewPCG(1, 2))
			var all [][]Game
			for k := range 2 {
				var games []Game
				for i := range 5 {
					games = append(games, randomGame(v, 5*k+i, 20+rng.IntN(80), rng))
				}
				e := Entry{Chunk: k, Variant: v.String(), Seed: 1, First: 5 * k, Depth: 2, Version: "test"}
				if err := WriteChunk(dir, v, &e, games); err != nil {
					t.Fatal(err)
				}
				all = append(all, games)
			}
			entries, err := ReadManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != 2 || entries[1].Games != 5 || entries[1].First != 5 {
				t.Fatalf("manifest %+v", entries)
			}
			for k, want := range all {
				got, err := ReadChunk(dir, v, k)
				if err != nil {
					t.Fatal(err)
				}
				pos := 0
				for i := range want {
					pos += len(want[i].Moves)
				}
				if entries[k].Positions != pos {
					t.Errorf("chunk %d: manifest says %d positions, want %d", k, entries[k].Positions, pos)
				}
				opt := cmp.Comparer(func(a, b draughts.Move) bool { return a.String() == b.String() })
				if d := cmp.Diff(want, got, opt, cmp.Comparer(func(a, b draughts.Position) bool { return a == b })); d != "" {
					t.Errorf("chunk %d read back differs (-want +got):\n%s", k, d)
				}
			}
			// Not the next chunk.
			e := Entry{Chunk: 5}
			if err := WriteChunk(dir, v, &e, nil); err == nil {
				t.Error("chunk 5 written after chunk 1")
			}
		})
	}
}

func TestChunkDamaged(t *testing.T) {
	v := draughts.Russian
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	games := []Game{randomGame(v, 0, 30, rng), randomGame(v, 1, 30, rng)}
	e := Entry{Variant: "russian"}
	if err := WriteChunk(dir, v, &e, games); err != nil {
		t.Fatal(err)
	}
	// Scores of a chunk with a game less: more scores than moves.
	other := t.TempDir()
	e2 := Entry{Variant: "russian"}
	if err := WriteChunk(other, v, &e2, games[:1]); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(other, PDNName(0)))
	os.WriteFile(filepath.Join(dir, PDNName(0)), b, 0o644)
	if _, err := ReadChunk(dir, v, 0); err == nil || !strings.Contains(err.Error(), "more scores than moves") {
		t.Errorf("short PDN: %v", err)
	}
	bad := games[0]
	bad.Scores = bad.Scores[1:]
	e3 := Entry{Variant: "russian"}
	if err := WriteChunk(t.TempDir(), v, &e3, []Game{bad}); err == nil || !strings.Contains(err.Error(), "29 scores for 30 moves") {
		t.Errorf("scores missing: %v", err)
	}
	os.WriteFile(filepath.Join(dir, ManifestName), []byte("chunk\tvariant\n"), 0o644)
	if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), "manifest.tsv:1") {
		t.Errorf("bad manifest: %v", err)
	}
}

// The data sets in the repository are what their manifests say.
func TestCommittedData(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "train")
	dirs, err := os.ReadDir(root)
	if os.IsNotExist(err) {
		t.Skip("no training data in the repository")
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		v, err := draughts.VariantByName(d.Name())
		if err != nil {
			t.Errorf("%s: %v", d.Name(), err)
			continue
		}
		dir := filepath.Join(root, d.Name())
		entries, err := ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if err := Verify(dir, v, e); err != nil {
				t.Error(err)
			}
		}
	}
}

func TestVerifyDamaged(t *testing.T) {
	v := draughts.Russian
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	e := Entry{Variant: "russian", First: 0}
	if err := WriteChunk(dir, v, &e, []Game{randomGame(v, 0, 20, rng), randomGame(v, 1, 20, rng)}); err != nil {
		t.Fatal(err)
	}
	if err := Verify(dir, v, e); err != nil {
		t.Fatal(err)
	}
	bad := e
	bad.Positions++
	if err := Verify(dir, v, bad); err == nil || !strings.Contains(err.Error(), "the manifest says") {
		t.Errorf("positions off by one: %v", err)
	}
	bad = e
	bad.ScoresSum = strings.Repeat("0", 64)
	if err := Verify(dir, v, bad); err == nil || !strings.Contains(err.Error(), "SHA-256") {
		t.Errorf("sum: %v", err)
	}
}
