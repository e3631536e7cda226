// Package selfplay draws balanced openings and plays games with damka's
// own search: the one home of how the research tools make games (the
// training data of research/selfplay, the openings of
// research/match).
//
// Openings: opening k is drawn with a generator seeded by (seed, k):
// Random plies drawn uniformly among the legal moves (one per resulting
// position) from the start position or, when master games are given, for
// every odd k a position of a master game of the tuning half at a ply
// from 6 to 20 followed by 2 random plies; drawn again (up to 50 times)
// while the position is not balanced (a depth-4 search scores it beyond
// ±0.60 for the side to move), the game ended in it, or it is an opening
// drawn before (or one to avoid). So the openings are a function of the
// seed and the order in which they are drawn.
//
// Play: every move is the best move of a search to a fixed depth
// (analyze.Searcher, one a game, 4 MiB of table), so a game is a function
// of its opening and the depth. A side without a legal move loses
// (R-END-1); a draw by rule (draughts.Tracker, from the opening position
// on, as a replay of the game from its FEN sees it) is a draw; a search
// that proves a forced win or loss ends the game with that result; after
// maxPly plies from the opening the game is adjudicated a draw.
package selfplay

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/traindata"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// MasterLines reads the positions of the master games that give openings:
// the tuning half of each file (games of even index; the odd ones are the
// held-out half of research/verdicts), games longer than 20 plies.
// files is a comma-separated list.
func MasterLines(v draughts.Variant, files string) ([][]draughts.Position, error) {
	var lines [][]draughts.Position
	for _, name := range strings.Split(files, ",") {
		if name == "" {
			continue
		}
		err := input.ReadFile(name, func(g *pdn.Game, _ error) error {
			if g.Index%2 == 1 {
				return nil // the held-out half
			}
			r := validate.Game(g, validate.Options{Variant: v})
			var line []draughts.Position
			for _, pl := range r.Plies {
				line = append(line, pl.Before)
			}
			if len(line) > 20 {
				lines = append(lines, line)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// Openings draws openings (see the package documentation).
type Openings struct {
	v       draughts.Variant
	seed    uint64
	random  int
	masters [][]draughts.Position
	probe   *analyze.Searcher
	seen    map[draughts.Position]bool
}

// Opening is a drawn opening: its position, the plies played to reach it
// (from the start position), and whether it is balanced and new (false:
// 50 draws failed, and Pos is the last of them).
type Opening struct {
	Index int
	Pos   draughts.Position
	Ply   int
	OK    bool
}

// NewOpenings returns a drawer of openings of variant v.
func NewOpenings(v draughts.Variant, seed uint64, random int, masters [][]draughts.Position) *Openings {
	return &Openings{v: v, seed: seed, random: random, masters: masters,
		probe: analyze.NewSearcher(v, analyze.Options{Depth: 4, TTSize: 1, Verify: -1}),
		seen:  map[draughts.Position]bool{}}
}

// Avoid marks p as drawn before.
func (o *Openings) Avoid(p draughts.Position) { o.seen[p] = true }

// Draw draws opening k and marks it drawn.
func (o *Openings) Draw(k int) Opening {
	v := o.v
	rng := rand.New(rand.NewPCG(o.seed, uint64(k)))
	op := Opening{Index: k}
	for try := 0; try < 50 && !op.OK; try++ {
		p := draughts.Start(v)
		plies, ply := o.random, o.random
		if len(o.masters) > 0 && k%2 == 1 {
			line := o.masters[rng.IntN(len(o.masters))]
			at := min(6+rng.IntN(15), len(line)-1)
			p, plies, ply = line[at], 2, at+2
		}
		tr := draughts.NewTracker(&p)
		ok := true
		for range plies {
			ms := v.UniqueMoves(&p, nil)
			if len(ms) == 0 {
				ok = false
				break
			}
			m := ms[rng.IntN(len(ms))]
			before := p
			p.Make(&m)
			if tr.Push(&before, &m, &p) != draughts.NoDraw {
				ok = false
				break
			}
		}
		op.Pos, op.Ply = p, ply
		if !ok || !v.HasMoves(&p) || o.seen[p] {
			continue
		}
		if sc := o.probe.Search(&p).Score; sc > 60 || sc < -60 {
			continue
		}
		op.OK = true
	}
	o.seen[op.Pos] = true
	return op
}

// Play plays a game of variant v from opening op, every move the best of
// a search to depth, at most maxPly plies.
func Play(v draughts.Variant, op Opening, depth, maxPly int) traindata.Game {
	p := op.Pos
	tr := draughts.NewTracker(&p)
	s := analyze.NewSearcher(v, analyze.Options{Depth: depth, TTSize: 4, Verify: -1})
	g := traindata.Game{Index: op.Index, Start: p, White: 0.5}
	for ply := 0; ; ply++ {
		if !v.HasMoves(&p) {
			g.White = 1 // the side to move loses
			if p.Side == draughts.White {
				g.White = 0
			}
			g.Reason = "no move for " + strings.ToLower(p.Side.String())
			break
		}
		if ply >= maxPly {
			g.Reason = fmt.Sprintf("adjudicated at %d plies", maxPly)
			break
		}
		r := s.Search(&p)
		if r.Score.IsDecisive() {
			win := r.Score.IsWin() == (p.Side == draughts.White)
			g.White = 0
			if win {
				g.White = 1
			}
			g.Reason = "search proves a win for " + map[bool]string{true: "white", false: "black"}[win]
			break
		}
		g.Moves = append(g.Moves, r.Best)
		g.Scores = append(g.Scores, int16(r.Score))
		before := p
		p.Make(&r.Best)
		if d := tr.Push(&before, &r.Best, &p); d != draughts.NoDraw {
			g.Reason = "draw by rule: " + v.DrawText(d)
			break
		}
	}
	return g
}
