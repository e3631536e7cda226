package analyze

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/damka/damka/draughts"
)

// legalMoves lists the moves of p as the engine writes them, sorted.
func legalMoves(v draughts.Variant, p *draughts.Position) string {
	var names []string
	for _, m := range v.Moves(p, nil) {
		names = append(names, m.String())
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

// findMove returns the legal move of p written name (every landing
// square).
func findMove(t testing.TB, v draughts.Variant, p *draughts.Position, name string) draughts.Move {
	t.Helper()
	for _, m := range v.Moves(p, nil) {
		if m.String() == name {
			return m
		}
	}
	t.Fatalf("%s: no legal move %s (moves: %s)", p.FEN(), name, legalMoves(v, p))
	return draughts.Move{}
}

// checkPV replays a principal variation and fails if a move is not legal.
func checkPV(t testing.TB, v draughts.Variant, p draughts.Position, pv []draughts.Move) {
	t.Helper()
	for i := range pv {
		ok := false
		for _, m := range v.UniqueMoves(&p, nil) {
			if m.SameResult(&pv[i]) {
				ok = true
			}
		}
		if !ok {
			t.Fatalf("PV move %d %v is not legal in %s", i, pv[i], p.FEN())
		}
		p.Make(&pv[i])
	}
}

// A tactical test position, built by hand and checked with the engine.
type tactic struct {
	name  string
	fen   string
	moves string // every legal move, checked with draughts.Russian.Moves
	best  string // the winning move
	// reply, when set, is Black's only legal answer to best.
	reply string
	// depth is the least depth at which the search must choose best and
	// score at least min.
	depth int
	min   Score
	// blunder is an alternative that AnalyzePly must class a blunder, and
	// missed one that lets the win go: the analysis at depth 8 without
	// verification classes it missed_win or worse (at that depth it keeps
	// the balance of material, or gives some back), and verified holds its
	// classes once verified by deeper searches (see TestTactics).
	blunder, missed string
	verified        []Class
	// bestIs holds the classes the best move may get (default only_move:
	// every other move loses).
	bestIs []Class
}

var tactics = []tactic{
	{
		// A shot: 1.c3-d4! e5:c3 (c5 cannot take: e3 is occupied; the
		// black man stops on c3 since b2 is backed by a1) 2.b2:d4:b6:d8,
		// three men for one and a king. Quiescence sees it from depth 1.
		name:    "shot c3-d4",
		fen:     "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7",
		moves:   "b2-a3 c3-b4 c3-d4 e3-d4 e3-f4",
		best:    "c3-d4",
		reply:   "e5:c3",
		depth:   1,
		min:     300,
		blunder: "e3-d4", // every other move loses material too
	},
	{
		// A breakthrough: 1.f6-e7! d8:f6 deflects the guard of c7, then
		// 2.b6-c7 and 3.c7-b8 crowns: the black men are too slow.
		name:    "breakthrough f6-e7",
		fen:     "W:Wc5,b6,f6:Bh6,a7,d8",
		moves:   "b6-c7 c5-d6 f6-e7 f6-g7",
		best:    "f6-e7",
		reply:   "d8:f6",
		depth:   4,
		min:     50,
		blunder: "f6-g7", // b6-c7 blunders too: d8:b6 takes a man
	},
	{
		// The Turkish strike of seed 004 (R-CAP-6): after 1.b2-c3 the
		// black king must take a5:e1:g3:e5 and stops there, since the
		// captured c3 still stands behind d4 until the move ends; then
		// 2.d4:f6:d8:a5 takes the king and two men and crowns.
		name:    "Turkish strike b2-c3",
		fen:     "W:Wb2,d4,e3,f2,f4:BKa5,b6,d6,e7",
		moves:   "b2-a3 b2-c3 d4-c5 d4-e5 f2-g3 f4-e5 f4-g5",
		best:    "b2-c3",
		reply:   "a5:e1:g3:e5",
		depth:   1,
		min:     250,
		blunder: "d4-c5",
		missed:  "f2-g3",
		// Searched deeper, f2-g3 loses: e7-f6 g3-h4 b6-c5 d4:b6 a5:d8
		// and Black is ahead (-2.75 at depth 14).
		verified: []Class{ClassBlunder},
	},
}

// Shots from master games: the X USSR championship, 1950
// (../shared/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn).
var masterShots = []tactic{
	{
		// Berak - Kaplan, White's 1.f4-e5! d6:f4 2.f2-e3 d4:f2
		// 3.g1:e3:g5:e7: two men given, three taken.
		name:  "Berak-Kaplan f4-e5",
		fen:   "W:Wg1,b2,d2,f2,a3,f4,h4:Bd4,c5,d6,f6,h6,a7,g7",
		moves: "a3-b4 b2-c3 d2-c3 d2-e3 f2-e3 f2-g3 f4-e5 f4-g5 g1-h2 h4-g5",
		best:  "f4-e5",
		reply: "d6:f4",
		depth: 2,
		// A man up: the patterns of the evaluation score the position
		// after the shot a little below a full man (+0.94 at depth 6).
		min:     80,
		blunder: "a3-b4",
		missed:  "b2-c3",
		// Deeper, b2-c3 gives White +0.26 against +2.53 for the shot (depth
		// 14): a blunder, or a missed win when the best line still ends a
		// man up.
		verified: []Class{ClassBlunder, ClassMissedWin},
	},
	{
		// Shmidt - Potapov, Black's 1...c5-b4! 2.a3:c5 e7-d6
		// 3.c5:e7:g5 h6:f4:d2:b4: Black wins a man.
		name:  "Shmidt-Potapov c5-b4",
		fen:   "B:Wg1,b2,f2,a3,c3,e3,h4:Ba5,c5,f6,h6,e7,d8,f8",
		moves: "a5-b4 c5-b4 c5-d4 d8-c7 e7-d6 f6-e5 f6-g5 f8-g7 h6-g5",
		best:  "c5-b4",
		reply: "a3:c5",
		// From depth 5: at depth 4 the search plays d8-c7 (+0.46) since
		// its quiescence stands pat in a quiet position with a capture
		// threatened; the one-ply look there, which found the shot at
		// depth 4, lost games at a fixed time (docs/engine.md, Matches).
		depth:   5,
		min:     80, // a man up, +0.96 at depth 7 (see Berak-Kaplan)
		blunder: "c5-d4",
		missed:  "e7-d6",
		// Searched deeper, e7-d6 is as good as the best move (+1.13 at
		// depth 14, the same as c5-b4): the missed win was the horizon's.
		verified: []Class{ClassBest, ClassGood},
		// So c5-b4 is no only move: at depth 8 the evaluation with its
		// patterns sees e7-d6 keep +0.68 against +1.18 (a mistake
		// unverified, best verified); without them e7-d6 was a blunder
		// there, which made c5-b4 only_move.
		bestIs: []Class{ClassOnlyMove, ClassBest},
	},
}

func TestTactics(t *testing.T) {
	v := draughts.Russian
	for _, c := range append(tactics, masterShots...) {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, v, c.fen)
			if got := legalMoves(v, &p); got != c.moves {
				t.Fatalf("moves of %s: %s, want %s", c.fen, got, c.moves)
			}
			best := findMove(t, v, &p, c.best)
			if c.reply != "" {
				q := p.Play(&best)
				if got := legalMoves(v, &q); got != c.reply {
					t.Fatalf("replies to %s: %s, want only %s", c.best, got, c.reply)
				}
			}
			// Shallower than the stated depth the search may miss it; at
			// the stated depth and deeper it must not.
			for d := c.depth; d <= 8; d++ {
				r := NewSearcher(v, Options{Depth: d, TTSize: 1}).Search(&p)
				if r.Best.String() != c.best || r.Score < c.min {
					t.Errorf("depth %d: %v %v (PV %v), want %s scoring %v or more", d, r.Best, r.Score, r.PV, c.best, c.min)
				}
				checkPV(t, v, p, r.PV)
			}
			s := NewSearcher(v, Options{Depth: 8, TTSize: 1})
			plain := NewSearcher(v, Options{Depth: 8, TTSize: 1, Verify: -1})
			bestIs := c.bestIs
			if bestIs == nil {
				bestIs = []Class{ClassOnlyMove}
			}
			for _, alt := range []struct {
				move   string
				want   []Class
				verify bool
			}{{c.best, bestIs, true}, {c.blunder, []Class{ClassBlunder}, true},
				{c.missed, []Class{ClassMissedWin, ClassMistake, ClassBlunder}, false}, {c.missed, c.verified, true}} {
				if alt.move == "" {
					continue
				}
				m := findMove(t, v, &p, alt.move)
				a := plain.AnalyzePly(&p, &m)
				if alt.verify {
					a = s.AnalyzePly(&p, &m)
				}
				t.Logf("%s: before %v, after %v, loss %d, %s", alt.move, a.Before, a.After, a.Loss, a.Class)
				if !slices.Contains(alt.want, a.Class) {
					t.Errorf("%s classed %s, want %s (before %v, after %v)", alt.move, a.Class, alt.want, a.Before, a.After)
				}
			}
		})
	}
}

// TestQuiescence: a position where a capture is compulsory is not scored
// by the evaluation: at depth 0 the captures are followed to the end.
// After 1.c3-d4 of the shot, Black must take and loses three men for one.
func TestQuiescence(t *testing.T) {
	v := draughts.Russian
	p := mustFEN(t, v, "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7")
	m := findMove(t, v, &p, "c3-d4")
	q := p.Play(&m)
	if !v.MustCapture(&q) {
		t.Fatal("Black must capture after c3-d4")
	}
	s := NewSearcher(v, Options{Depth: 1, TTSize: 1})
	s.reset()
	static := Evaluate(v, &q)
	quiet := s.quiesce(&q, 0, -infinity, infinity)
	if static < -50 || quiet > -300 {
		t.Errorf("after c3-d4: static %v, quiescence %v; want about 0 and below -3.00", static, quiet)
	}
	if got := s.pv[0][:s.pvLen[0]]; len(got) != 2 || got[0].String() != "e5:c3" || got[1].String() != "b2:d4:b6:d8" {
		t.Errorf("quiescence line %v, want [e5:c3 b2:d4:b6:d8]", got)
	}
}

// TestSearchDeterministic: a search result depends only on the variant,
// the position and the Options: a Searcher reused after other searches
// (its table full of older entries, killers and history from elsewhere),
// or one whose table generation wraps around, gives exactly what a fresh
// Searcher gives.
func TestSearchDeterministic(t *testing.T) {
	ps := middlegames(8)
	opts := Options{Depth: 7, TTSize: 1}
	fresh := make([]Result, len(ps))
	for i := range ps {
		fresh[i] = NewSearcher(draughts.Russian, opts).Search(&ps[i])
	}
	reused := NewSearcher(draughts.Russian, opts)
	wrap := NewSearcher(draughts.Russian, opts)
	wrap.tt.gen = 0xFFFF - 3
	for k := 0; k < 2; k++ {
		for i := len(ps) - 1; i >= 0; i-- {
			for _, s := range []*Searcher{reused, wrap} {
				s.cache = [cacheSize]cached{} // search for real every time
				r := s.Search(&ps[i])
				if r.Score != fresh[i].Score || !r.Best.Equal(&fresh[i].Best) || r.Nodes != fresh[i].Nodes || len(r.PV) != len(fresh[i].PV) {
					t.Fatalf("position %d (%s): %v %v %d nodes, fresh Searcher: %v %v %d nodes", i, ps[i].FEN(), r.Score, r.PV, r.Nodes, fresh[i].Score, fresh[i].PV, fresh[i].Nodes)
				}
				for j := range r.PV {
					if !r.PV[j].Equal(&fresh[i].PV[j]) {
						t.Fatalf("position %d: PV %v, fresh %v", i, r.PV, fresh[i].PV)
					}
				}
			}
		}
	}
	// The cache answers with the same result.
	c := reused.Search(&ps[0])
	if c.Score != fresh[0].Score || c.Nodes != fresh[0].Nodes {
		t.Errorf("cached result differs")
	}
}

func TestSearchPV(t *testing.T) {
	s := NewSearcher(draughts.Russian, Options{Depth: 6, TTSize: 1})
	for _, p := range middlegames(6) {
		r := s.Search(&p)
		if len(r.PV) == 0 || !r.PV[0].Equal(&r.Best) || r.Depth != 6 {
			t.Errorf("%s: best %v, PV %v, depth %d", p.FEN(), r.Best, r.PV, r.Depth)
		}
		checkPV(t, draughts.Russian, p, r.PV)
	}
}

func TestSearchEnd(t *testing.T) {
	for _, c := range []struct {
		v     draughts.Variant
		fen   string
		score Score
		best  string
	}{
		// No legal move: lost (R-END-1), won in giveaway (R-GIV-1).
		{draughts.Russian, "B:Wb4,c3:Ba5", LossIn(0), "-"},
		{draughts.Giveaway, "B:Wb4,c3:Ba5", WinIn(0), "-"},
		// The capture of the last black man wins in one ply.
		{draughts.Russian, "W:Wc3:Bd4", WinIn(1), "c3:e5"},
		// In giveaway the same capture loses: Black has no piece left
		// and wins.
		{draughts.Giveaway, "W:Wc3:Bd4", LossIn(1), "c3:e5"},
		// A king and a man against a lone man: White wins by force.
		{draughts.Russian, "W:WKa1,c3:Bh6", 0, ""},
	} {
		p := mustFEN(t, c.v, c.fen)
		r := NewSearcher(c.v, Options{Depth: 8, TTSize: 1}).Search(&p)
		if c.best == "" {
			if !r.Score.IsWin() {
				t.Errorf("%s %s: %v %v, want a forced win", c.v.Name(), c.fen, r.Score, r.PV)
			}
			checkPV(t, c.v, p, r.PV)
			continue
		}
		best := "-"
		if len(r.PV) > 0 {
			best = r.Best.String()
		}
		if r.Score != c.score || best != c.best {
			t.Errorf("%s %s: %v %s, want %v %s", c.v.Name(), c.fen, r.Score, best, c.score, c.best)
		}
	}
}

// TestGiveawaySearch: in giveaway the search plays for losing its pieces.
func TestGiveawaySearch(t *testing.T) {
	v := draughts.Giveaway
	// White gives its last man away: d4-e5 (or c5) forces f6:d4 and White
	// has no piece left, a win in two plies.
	p := mustFEN(t, v, "W:Wd4:Bf6,h8")
	r := NewSearcher(v, Options{Depth: 4, TTSize: 1}).Search(&p)
	if r.Score != WinIn(2) {
		t.Errorf("%s: %v %v, want #2", p.FEN(), r.Score, r.PV)
	}
	checkPV(t, v, p, r.PV)
}

// TestSearchNodeLimit: a search limited by nodes stops at the limit
// exactly, in the iteration after the last it completes, and returns that
// iteration's result: the result of the search to its depth, bit for bit.
// The first iteration always completes; a limit beyond the depth's nodes
// changes nothing.
func TestSearchNodeLimit(t *testing.T) {
	const depth = 8
	for i, p := range middlegames(4) {
		full := make([]Result, depth+1)
		for d := 1; d <= depth; d++ {
			full[d] = NewSearcher(draughts.Russian, Options{Depth: d, TTSize: 1}).Search(&p)
		}
		same := func(r, want Result) bool {
			if r.Score != want.Score || r.Depth != want.Depth || !r.Best.Equal(&want.Best) || len(r.PV) != len(want.PV) {
				return false
			}
			for j := range r.PV {
				if !r.PV[j].Equal(&want.PV[j]) {
					return false
				}
			}
			return true
		}
		for d := 2; d < depth; d++ {
			if full[d+1].Depth != d+1 {
				continue // proved before
			}
			limit := (full[d].Nodes + full[d+1].Nodes) / 2
			s := NewSearcher(draughts.Russian, Options{Depth: depth, TTSize: 1, Nodes: limit})
			r := s.Search(&p)
			if !same(r, full[d]) || r.Nodes != limit {
				t.Errorf("position %d, limit %d between depths %d and %d: depth %d %v %v %d nodes, want depth %d %v %v",
					i, limit, d, d+1, r.Depth, r.Score, r.PV, r.Nodes, d, full[d].Score, full[d].PV)
			}
			// The same Searcher searches without the limit's trace.
			if r2 := s.Search(&p); !same(r2, r) || r2.Nodes != r.Nodes {
				t.Errorf("position %d: searched again: %v %v, first %v %v", i, r2.Score, r2.PV, r.Score, r.PV)
			}
			// A limit reached at the end of an iteration starts no other.
			r = NewSearcher(draughts.Russian, Options{Depth: depth, TTSize: 1, Nodes: full[d].Nodes}).Search(&p)
			if !same(r, full[d]) || r.Nodes != full[d].Nodes {
				t.Errorf("position %d, limit at the end of depth %d: depth %d, %d nodes", i, d, r.Depth, r.Nodes)
			}
		}
		r := NewSearcher(draughts.Russian, Options{Depth: depth, TTSize: 1, Nodes: 1}).Search(&p)
		if !same(r, full[1]) {
			t.Errorf("position %d, 1 node: depth %d %v, want depth 1 %v", i, r.Depth, r.PV, full[1].PV)
		}
		r = NewSearcher(draughts.Russian, Options{Depth: depth, TTSize: 1, Nodes: full[depth].Nodes + 1}).Search(&p)
		if !same(r, full[depth]) || r.Nodes != full[depth].Nodes {
			t.Errorf("position %d, limit beyond the depth: depth %d, %d nodes, want %d", i, r.Depth, r.Nodes, full[depth].Nodes)
		}
	}
}

// TestSearchTimeLimit: a search limited by time returns within about the
// time, with the result of the depth it completed.
func TestSearchTimeLimit(t *testing.T) {
	p := middlegames(1)[0]
	s := NewSearcher(draughts.Russian, Options{Depth: MaxDepth, TTSize: 1, Time: 30 * time.Millisecond})
	start := time.Now()
	r := s.Search(&p)
	if el := time.Since(start); el > 500*time.Millisecond {
		t.Errorf("a search of 30ms took %v", el)
	}
	if r.Nodes == 0 || r.Depth < 1 || r.Depth >= MaxDepth || len(r.PV) == 0 || !r.PV[0].Equal(&r.Best) {
		t.Fatalf("depth %d, best %v, PV %v", r.Depth, r.Best, r.PV)
	}
	want := NewSearcher(draughts.Russian, Options{Depth: r.Depth, TTSize: 1}).Search(&p)
	if r.Score != want.Score || !r.Best.Equal(&want.Best) {
		t.Errorf("depth %d in time: %v %v, to the depth: %v %v", r.Depth, r.Score, r.Best, want.Score, want.Best)
	}
}
