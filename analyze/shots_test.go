package analyze

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

var long = flag.Bool("long", false, "run the long measurements (every forced shot of the master games)")

// captureNet is what the side to move of p wins by the captures it is
// forced into, the other side answering with its own forced captures, each
// side choosing its best capture, until a position without a capture:
// men ManValue, kings KingValue, a crowning KingValue-ManValue. 0 when p
// has no capture.
func captureNet(v draughts.Variant, p *draughts.Position) int {
	if !v.MustCapture(p) {
		return 0
	}
	best := -1 << 30
	for _, m := range v.UniqueMoves(p, nil) {
		g := moveGain(p, &m)
		q := p.Play(&m)
		if n := g - captureNet(v, &q); n > best {
			best = n
		}
	}
	return best
}

// moveGain is the material a move takes, and a crowning.
func moveGain(p *draughts.Position, m *draughts.Move) int {
	g := (m.Captured&^p.Kings).PopCount()*ManValue + (m.Captured&p.Kings).PopCount()*KingValue
	if m.Promotes {
		g += KingValue - ManValue
	}
	return g
}

// handed is what a move gives away by force: the opponent's forced
// captures after it, less what the move itself takes.
func handed(v draughts.Variant, p *draughts.Position, m *draughts.Move) int {
	q := p.Play(m)
	return captureNet(v, &q) - moveGain(p, m)
}

// shot is a move that hands the opponent forced captures netting two men
// or more in a position where a safe move (one that gives nothing away)
// existed.
type shot struct {
	where string
	pos   draughts.Position
	move  draughts.Move
}

// forcedShots finds, in every position of the master games of the
// corpus, every move that hands two men or more while a safe move
// existed, in positions of balanced material (within a man), where losing
// two men changes the game.
func forcedShots(t testing.TB) []shot {
	v := draughts.Russian
	var out []shot
	for _, name := range []string{"succeed/ussr1947.pdn", "fail/abatsiev.pdn"} {
		path := filepath.Join("..", "testdata", "corpus", "russian", "wiegerw-pdn", name)
		if _, err := os.Stat(path); err != nil {
			t.Fatal(err)
		}
		err := input.ReadFile(path, func(g *pdn.Game, _ error) error {
			r := validate.Game(g, validate.Options{})
			for _, pl := range r.Plies {
				p := pl.Before
				if m := Material(&p); m > ManValue || m < -ManValue {
					continue
				}
				moves := v.UniqueMoves(&p, nil)
				safe := false
				var shots []draughts.Move
				for i := range moves {
					switch h := handed(v, &p, &moves[i]); {
					case h <= 0:
						safe = true
					case h >= 2*ManValue:
						shots = append(shots, moves[i])
					}
				}
				if !safe {
					continue
				}
				for _, m := range shots {
					out = append(out, shot{where: fmt.Sprintf("%s game %d ply %d", name, g.Index, pl.Ply), pos: p, move: m})
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestForcedShots: a move that hands the opponent forced captures netting
// two men or more, while a safe move existed, is classed mistake or
// blunder, with a best move that does not hand two men itself, in at least
// 95% of the cases. The cases: every such move of every position of the
// master games of testdata/corpus/russian with balanced material (the
// moves need not have been played); a fixed subset of 60 unless -long.
func TestForcedShots(t *testing.T) {
	v := draughts.Russian
	all := forcedShots(t)
	cases := all
	if !*long {
		n := 60
		if testing.Short() {
			n = 15
		}
		cases = nil
		for i := 0; i < len(all) && len(cases) < n; i += max(len(all)/n, 1) {
			cases = append(cases, all[i])
		}
	}
	s := NewSearcher(v, Options{})
	ok, safeBest := 0, 0
	for _, c := range cases {
		a := s.AnalyzePly(&c.pos, &c.move)
		good := a.Class == ClassMistake || a.Class == ClassBlunder
		safe := handed(v, &c.pos, &a.Best) < 2*ManValue
		if good && safe {
			ok++
		} else {
			t.Logf("%s: %s %s: %s (before %v, after %v), best %s (hands %d)", c.where, c.pos.FEN(), c.move, a.Class, a.Before, a.After, a.Best, handed(v, &c.pos, &a.Best))
		}
		if safe {
			safeBest++
		}
	}
	rate := float64(ok) / float64(len(cases))
	t.Logf("%d forced shots in the master games, %d analysed: %d (%.1f%%) classed mistake or blunder with a safe best move", len(all), len(cases), ok, 100*rate)
	if len(cases) < 10 || rate < 0.95 {
		t.Errorf("%d of %d forced shots classed mistake or blunder with a safe best move (%.1f%%), want 95%% or more", ok, len(cases), 100*rate)
	}
}
