package validate

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
)

// Every archive of testdata/corpus (a copy of ../shared/corpus) is replayed
// under its own rules: no unknown_variant but for the variants damka does
// not play (Turkish, as listed), and the
// variants the archives of each folder are read as.
func TestCorpusVariants(t *testing.T) {
	names, err := input.Walk([]string{testdata + "corpus"})
	if err != nil {
		t.Fatal(err)
	}
	unplayed := map[int]bool{pdn.Turkish: true}
	read := map[string]map[draughts.Variant]int{}
	for _, name := range names {
		dir := strings.Split(filepath.ToSlash(strings.TrimPrefix(name, testdata+"corpus/")), "/")[0]
		if read[dir] == nil {
			read[dir] = map[draughts.Variant]int{}
		}
		err := input.ReadFile(name, func(g *pdn.Game, _ error) error {
			r := Game(g, Options{})
			read[dir][r.Variant]++
			for _, f := range r.Findings {
				if f.Kind == UnknownVariant && !unplayed[r.GameType.Number] {
					t.Errorf("%s game %d: %s", name, g.Index, f.Message)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// Folder, variant, games read as it. The other games of a folder: the
	// Czech games whose every move is also legal by Russian rules are read
	// as Russian (their squares say 8x8 algebraic, and both rules fit);
	// one English problem has an empty FEN and reads as PDN's default.
	for _, tt := range []struct {
		dir  string
		v    draughts.Variant
		want int
	}{
		{"brazilian", draughts.Brazilian, 25},
		{"czech", draughts.Czech, 251},
		{"czech", draughts.Russian, 47},
		{"italian", draughts.Italian, 53},
		{"english", draughts.English, 2006},
		{"international", draughts.International, 1258},
		{"russian", draughts.Russian, 231},
		{"other-lidraughts", draughts.Antidraughts, 25},
		{"other-lidraughts", draughts.Frysk, 25},
		{"other-lidraughts", draughts.Breakthrough, 25},
		// The other 8 have no tags (SOURCES.md: tags and moves split) and
		// read as International.
		{"frisian", draughts.Frisian, 16},
	} {
		if got := read[tt.dir][tt.v]; got != tt.want {
			t.Errorf("%s: %d games read as %s, want %d", tt.dir, got, tt.v, tt.want)
		}
	}
}

// A capture written a jump a move, as playstrategy exports them, is read
// as one capture with a warning, and the writers keep its first part only.
func TestJumpPerMove(t *testing.T) {
	text := "[Event \"split\"]\n[Variant \"American/English\"]\n\n1. c3-d4 d6-e5 2. b2-c3 c7-d6 3. a1-b2 b6-a5 4. e3-f4 a5-b4 5. a3xc5 d6xb4 6. c3xa5 e5xc3 7. c3xa1 c1-b2 *\n"
	g, err := pdn.NewReader(strings.NewReader(text), "split.pdn").Next()
	if err != nil && err != io.EOF {
		t.Fatal(err)
	}
	r := Game(g, Options{})
	if e := r.Findings.FirstError(); e != nil {
		t.Fatalf("%s: %s", e.Kind, e.Message)
	}
	if len(r.Plies) != 13 || r.Plies[11].Parts != 2 || r.Plies[11].Move.NumCaptured() != 2 {
		t.Fatalf("%d plies; ply 12: %d parts, %s", len(r.Plies), r.Plies[11].Parts, r.Plies[11].Move.String())
	}
	if got := len(r.KeepMoves(g.Moves)); got != 13 {
		t.Errorf("KeepMoves: %d moves, want 13", got)
	}
}
