package validate

import (
	"testing"

	"github.com/damka/damka/draughts"
)

// The real Russian archives of testdata/corpus/russian/wiegerw-pdn: all 209 games are
// read, every game replays legally and fully, and the game of "- -" moves
// gives unknown_moves.
func TestCorpusRussian(t *testing.T) {
	files := []struct {
		path  string
		games int
	}{
		{"corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn", 153},
		{"corpus/russian/wiegerw-pdn/fail/abatsiev.pdn", 56},
	}
	total, unknown := 0, 0
	for _, f := range files {
		games := readGames(t, testdata+f.path)
		if len(games) != f.games {
			t.Errorf("%s: %d games, want %d", f.path, len(games), f.games)
		}
		for _, g := range games {
			total++
			r := Game(g, Options{})
			if e := r.Findings.FirstError(); e != nil {
				t.Errorf("%s game %d: %s at ply %d: %s", f.path, g.Index, e.Kind, e.Ply, e.Message)
			}
			var kinds []Kind
			for _, x := range r.Findings {
				kinds = append(kinds, x.Kind)
			}
			switch {
			case len(kinds) == 2 && kinds[0] == VariantInferred && kinds[1] == UnknownMoves:
				unknown++
				if len(r.Plies) != 0 {
					t.Errorf("%s game %d: %d plies before the unknown moves", f.path, g.Index, len(r.Plies))
				}
			case len(kinds) == 1 && kinds[0] == VariantInferred:
				if len(r.Plies) != len(g.Moves) || len(r.Plies) == 0 {
					t.Errorf("%s game %d: %d plies replayed of %d", f.path, g.Index, len(r.Plies), len(g.Moves))
				}
			default:
				t.Errorf("%s game %d: findings %v", f.path, g.Index, kinds)
			}
		}
	}
	if total != 209 || unknown != 1 {
		t.Errorf("%d games, %d with unknown moves; want 209 and 1", total, unknown)
	}
}

// The lidraughts variants damka plays since issue 26 replay whole: the
// oracle's 20 Frisian games (pydraughts, ../shared/oracle/frisian) and
// py-draughts' lidraughts exports of Frysk! and Breakthrough, every move
// legal and every result the one the final position gives.
func TestCorpusFrisianFamily(t *testing.T) {
	for _, f := range []struct {
		path  string
		v     draughts.Variant
		games int
	}{
		{"oracle/frisian/games.pdn", draughts.Frisian, 20},
		{"corpus/other-lidraughts/py-draughts/frysk/random_pdns.json", draughts.Frysk, 25},
		{"corpus/other-lidraughts/py-draughts/breakthrough/random_pdns.json", draughts.Breakthrough, 25},
	} {
		games := readGames(t, testdata+f.path)
		if len(games) != f.games {
			t.Errorf("%s: %d games, want %d", f.path, len(games), f.games)
		}
		for _, g := range games {
			r := Game(g, Options{})
			if r.Variant != f.v {
				t.Errorf("%s game %d: read as %s, want %s", f.path, g.Index, r.Variant, f.v)
			}
			if len(r.Findings) != 0 || r.Status() != Clean || len(r.Plies) != len(g.Moves) {
				t.Errorf("%s game %d: %s, %d of %d plies, findings %+v", f.path, g.Index, r.Status(), len(r.Plies), len(g.Moves), r.Findings)
			}
		}
	}
}
