package analyze

import (
	"math"
	"testing"

	"github.com/damka/damka/draughts"
)

func TestWinningChances(t *testing.T) {
	if WinningChances(0) != 0 || WinningChances(WinIn(5)) != 1 || WinningChances(LossIn(5)) != -1 {
		t.Errorf("WinningChances: 0 -> %v, win -> %v, loss -> %v", WinningChances(0), WinningChances(WinIn(5)), WinningChances(LossIn(5)))
	}
	// One man up: chances about 0.29 (k = 0.006, see the package doc).
	if w := WinningChances(100); math.Abs(w-0.2913) > 0.001 {
		t.Errorf("WinningChances(+1.00) = %.4f, want 0.2913", w)
	}
	prev := -1.0
	for s := Score(-3000); s <= 3000; s += 7 {
		w := WinningChances(s)
		if w < prev || w < -1 || w > 1 || math.Abs(w+WinningChances(-s)) > 1e-12 {
			t.Fatalf("WinningChances(%d) = %v: not odd, monotone and within [-1, 1]", s, w)
		}
		prev = w
	}
}

func TestScoreForChances(t *testing.T) {
	for _, w := range []float64{-0.99, -0.7, -0.3, -0.01, 0, 0.2, 0.5, 0.9, 0.999} {
		s := scoreForChances(w)
		if WinningChances(s) < w || WinningChances(s-1) >= w {
			t.Errorf("scoreForChances(%v) = %d: chances %v, one less %v", w, s, WinningChances(s), WinningChances(s-1))
		}
	}
	if s := scoreForChances(-1.2); s.IsLoss() || WinningChances(s) > -0.99 {
		t.Errorf("scoreForChances(-1.2) = %v, want the lowest score that is not a loss", s)
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		name string
		f    Facts
		want Class
	}{
		{"single legal move", Facts{Before: -200, After: -400, Forced: true}, ClassOnlyMove},
		{"best move, others lose", Facts{Before: 50, After: 40, IsBest: true, OthersLose: true}, ClassOnlyMove},
		{"best move", Facts{Before: 50, After: 10, IsBest: true}, ClassBest},
		{"loses nothing", Facts{Before: 50, After: 60}, ClassBest},
		{"a small loss", Facts{Before: 50, After: 30}, ClassGood},
		// Drops of chances at k = 0.006: 0 -> -25 is 0.075, 0 -> -51 is
		// 0.152, 0 -> -104 is 0.302.
		{"inaccuracy", Facts{Before: 0, After: -26}, ClassInaccuracy},
		{"just not an inaccuracy", Facts{Before: 0, After: -24}, ClassGood},
		{"mistake", Facts{Before: 0, After: -52}, ClassMistake},
		{"blunder", Facts{Before: 0, After: -105}, ClassBlunder},
		{"blunder into a loss", Facts{Before: 30, After: LossIn(9)}, ClassBlunder},
		// Large scores: the same loss of a man matters less when far ahead.
		{"far ahead, a man lost", Facts{Before: 700, After: 600}, ClassGood},
		// Missed wins.
		{"missed a forced win, balance kept", Facts{Before: WinIn(7), After: -100}, ClassMissedWin},
		{"missed a forced win, still winning", Facts{Before: WinIn(7), After: 800, PlayedGain: 0}, ClassGood},
		{"missed a win and gave a man", Facts{Before: WinIn(7), After: -300, PlayedGain: -100}, ClassBlunder},
		{"missed a win and lost", Facts{Before: WinIn(7), After: LossIn(8)}, ClassBlunder},
		{"missed a shot winning two men", Facts{Before: 210, After: 10, BestGain: 200}, ClassMissedWin},
		{"missed a crowning", Facts{Before: 180, After: 20, BestGain: KingValue - ManValue}, ClassMissedWin},
		{"kept half the gain", Facts{Before: 210, After: 110, BestGain: 200, PlayedGain: 100}, ClassMistake},
		{"a positional edge is no material win", Facts{Before: 60, After: 0}, ClassMistake},
	} {
		if got := Classify(c.f); got != c.want {
			t.Errorf("%s: Classify(%+v) = %s, want %s (drop %.3f)", c.name, c.f, got, c.want, c.f.Drop())
		}
	}
}

func TestLoss(t *testing.T) {
	for _, c := range []struct {
		f    Facts
		want int
	}{
		{Facts{Before: 50, After: -50}, 100},
		{Facts{Before: 50, After: 80}, 0},
		{Facts{Before: 50, After: -50, IsBest: true}, 0},
		{Facts{Before: WinIn(3), After: 0}, LossCap},
		{Facts{Before: WinIn(3), After: LossIn(4)}, 2 * LossCap},
		{Facts{Before: WinIn(3), After: WinIn(5)}, 0},
	} {
		if got := c.f.Loss(); got != c.want {
			t.Errorf("Loss(%+v) = %d, want %d", c.f, got, c.want)
		}
	}
}

func TestAnalyzePlyForced(t *testing.T) {
	v := draughts.Russian
	// Black must take: a single legal move is only_move, whatever it costs.
	q := mustFEN(t, v, "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7")
	m := findMove(t, v, &q, "c3-d4")
	after := q.Play(&m)
	if got := legalMoves(v, &after); got != "e5:c3" {
		t.Fatalf("moves after c3-d4: %s", got)
	}
	reply := findMove(t, v, &after, "e5:c3")
	s := NewSearcher(v, Options{Depth: 6, TTSize: 1})
	a := s.AnalyzePly(&after, &reply)
	if a.Class != ClassOnlyMove || a.Loss != 0 || !a.Best.SameResult(&reply) {
		t.Errorf("forced capture: %+v", a)
	}
	if a.BeforeWhite != -a.Before {
		t.Errorf("Black to move: BeforeWhite %v, Before %v", a.BeforeWhite, a.Before)
	}
}

// TestAnalyzePlyEnd: a move that ends the game is scored by rule.
func TestAnalyzePlyEnd(t *testing.T) {
	for _, c := range []struct {
		v     draughts.Variant
		after Score
		class Class
	}{
		{draughts.Russian, WinIn(1), ClassOnlyMove},
		{draughts.Giveaway, LossIn(1), ClassOnlyMove},
	} {
		p := mustFEN(t, c.v, "W:Wc3:Bd4")
		m := findMove(t, c.v, &p, "c3:e5")
		a := NewSearcher(c.v, Options{Depth: 4, TTSize: 1}).AnalyzePly(&p, &m)
		if a.After != c.after || a.Class != c.class || a.Before != c.after {
			t.Errorf("%s: before %v, after %v, %s; want %v, %s", c.v.Name(), a.Before, a.After, a.Class, c.after, c.class)
		}
	}
}

// TestAnalyzePlyGame analyses the moves of a self-play game: Before of a
// ply is the negated After of the ply before when the same depth sees the
// same thing, every class is one of the seven, and a second Searcher that
// analyses the plies in reverse order gives the same analyses.
func TestAnalyzePlyGame(t *testing.T) {
	v := draughts.Russian
	opts := Options{Depth: 5, TTSize: 1}
	p := draughts.Start(v)
	var before []draughts.Position
	var played []draughts.Move
	s := NewSearcher(v, opts)
	for ply := 0; ply < 30 && v.HasMoves(&p); ply++ {
		moves := v.UniqueMoves(&p, nil)
		m := moves[(ply*7)%len(moves)] // not always the best move
		before = append(before, p)
		played = append(played, m)
		p.Make(&m)
	}
	forward := make([]PlyAnalysis, len(before))
	counts := map[Class]int{}
	for i := range before {
		forward[i] = s.AnalyzePly(&before[i], &played[i])
		counts[forward[i].Class]++
		if forward[i].Loss < 0 || forward[i].Depth != opts.Depth {
			t.Errorf("ply %d: %+v", i, forward[i])
		}
	}
	t.Logf("classes: %v", counts)
	back := NewSearcher(v, opts)
	for i := len(before) - 1; i >= 0; i-- {
		a := back.AnalyzePly(&before[i], &played[i])
		f := forward[i]
		if a.Before != f.Before || a.After != f.After || a.Class != f.Class || a.Loss != f.Loss || a.Nodes != f.Nodes || !a.Best.Equal(&f.Best) {
			t.Fatalf("ply %d: forward %v %v %s %d nodes, backward %v %v %s %d nodes", i, f.Before, f.After, f.Class, f.Nodes, a.Before, a.After, a.Class, a.Nodes)
		}
	}
}

// TestAnalyzeGame: analysing a whole game gives exactly the analyses of
// AnalyzePly ply by ply, and the depth d-1 result harvested from a depth d
// search is the one a search to depth d-1 gives.
func TestAnalyzeGame(t *testing.T) {
	v := draughts.Russian
	opts := Options{Depth: 6, TTSize: 1}
	p := draughts.Start(v)
	start := p
	var moves []draughts.Move
	for ply := 0; ply < 40 && v.HasMoves(&p); ply++ {
		ms := v.UniqueMoves(&p, nil)
		m := ms[(ply*5+3)%len(ms)]
		moves = append(moves, m)
		p.Make(&m)
	}
	game := NewSearcher(v, opts).AnalyzeGame(&start, moves)
	one := NewSearcher(v, opts)
	p = start
	for i := range moves {
		a := one.AnalyzePly(&p, &moves[i])
		g := game[i]
		if a.Before != g.Before || a.After != g.After || a.Class != g.Class || a.Loss != g.Loss || a.Nodes != g.Nodes || !a.Best.Equal(&g.Best) || len(a.BestPV) != len(g.BestPV) {
			t.Fatalf("ply %d: AnalyzePly %v %v %s %d nodes, AnalyzeGame %v %v %s %d nodes", i, a.Before, a.After, a.Class, a.Nodes, g.Before, g.After, g.Class, g.Nodes)
		}
		p.Make(&moves[i])
	}
	for _, q := range middlegames(4) {
		full, prev := NewSearcher(v, opts).search1(&q, 6)
		alone, _ := NewSearcher(v, opts).search1(&q, 5)
		if prev.Score != alone.Score || prev.Nodes != alone.Nodes || prev.Depth != alone.Depth || !prev.Best.Equal(&alone.Best) {
			t.Errorf("%s: iteration 5 of depth 6 gives %v %d nodes, depth 5 alone %v %d nodes", q.FEN(), prev.Score, prev.Nodes, alone.Score, alone.Nodes)
		}
		_ = full
	}
}
