package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/damka/damka/draughts"
)

// mustFEN reads a hand-built position and checks that it could arise in a
// game of v (R-BRD, at most 12 pieces a side, no man on its crowning rank).
func mustFEN(t testing.TB, v draughts.Variant, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.Russian.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if err := p.Check(v); err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// randomPositions plays seeded random games of v and returns every
// position met.
func randomPositions(v draughts.Variant, games int, seed uint64) []draughts.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []draughts.Position
	for g := 0; g < games; g++ {
		p := draughts.Start(v)
		for ply := 0; ply < 120; ply++ {
			out = append(out, p)
			ms := v.Moves(&p, nil)
			if len(ms) == 0 {
				break
			}
			p.Make(&ms[rng.IntN(len(ms))])
		}
	}
	return out
}

func TestMirror(t *testing.T) {
	p := draughts.Start(draughts.Russian)
	m := Mirror(&p)
	if m.Pieces != p.Pieces || m.Kings != p.Kings || m.Side != draughts.Black {
		t.Errorf("Mirror(start) = %s, want the start with Black to move", m.FEN())
	}
	// a1<->h8, c3<->f6, h2<->a7, b8<->g1, d6<->e3, g7<->b2, colours swapped.
	q := mustFEN(t, draughts.Russian, "W:Wa1,Kc3,h2:Bb8,Kd6,g7")
	want := mustFEN(t, draughts.Russian, "B:Wg1,b2,Ke3:Bh8,a7,Kf6")
	if got := Mirror(&q); got != want {
		t.Errorf("Mirror(%s) = %s, want %s", q.FEN(), got.FEN(), want.FEN())
	}
	for _, p := range randomPositions(draughts.Russian, 20, 1) {
		m := Mirror(&p)
		if mm := Mirror(&m); mm != p {
			t.Fatalf("Mirror(Mirror(%s)) = %s", p.FEN(), mm.FEN())
		}
		if m.Hash() != m.RecomputeHash() {
			t.Fatalf("Mirror(%s): stale hash", p.FEN())
		}
		if a, b := len(draughts.Russian.UniqueMoves(&p, nil)), len(draughts.Russian.UniqueMoves(&m, nil)); a != b {
			t.Fatalf("Mirror(%s) has %d moves, want %d", p.FEN(), b, a)
		}
	}
}

// TestEvaluateSymmetric: the position turned round with the colours
// swapped scores the same for the side to move (and the negation from
// White's view), over every position of seeded random games, in both
// variants.
func TestEvaluateSymmetric(t *testing.T) {
	for _, v := range []draughts.Variant{draughts.Russian, draughts.Giveaway} {
		n := 0
		for _, p := range randomPositions(v, 200, 2) {
			m := Mirror(&p)
			a, b := Evaluate(v, &p), Evaluate(v, &m)
			if a != b {
				t.Fatalf("%s: Evaluate(%s) = %v but Evaluate(mirror %s) = %v", v.Name(), p.FEN(), a, m.FEN(), b)
			}
			if p.Side == draughts.White && (evalRussian(&p) != -evalRussian(&m) || evalGiveaway(&p) != -evalGiveaway(&m)) {
				t.Fatalf("%s: White's view of %s is not the negation of its mirror's", v.Name(), p.FEN())
			}
			n++
		}
		t.Logf("%s: %d positions", v.Name(), n)
	}
}

// TestSearchSymmetric: the full-width search scores mirrored positions the
// same too (a weaker property: the move order differs, so only the score
// is compared). The selective search does not: which moves are reduced or
// cut depends on the order in which they come.
func TestSearchSymmetric(t *testing.T) {
	s := NewSearcher(draughts.Russian, Options{Depth: 5, TTSize: 1})
	s.lv = fullWidth(s.lv)
	for i, p := range randomPositions(draughts.Russian, 10, 3) {
		if i%7 != 0 {
			continue
		}
		m := Mirror(&p)
		a, b := s.Search(&p), s.Search(&m)
		if a.Score != b.Score {
			t.Errorf("Search(%s) = %v, mirrored %v", p.FEN(), a.Score, b.Score)
		}
	}
}

func TestEvaluateValues(t *testing.T) {
	v := draughts.Russian
	start := draughts.Start(v)
	if e := Evaluate(v, &start); e != 0 {
		t.Errorf("start: %v, want 0 (a symmetric position)", e)
	}
	for _, c := range []struct {
		name     string
		fen      string
		min, max Score
	}{
		{"a man up in the middlegame", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8", 60, 160},
		{"a man down, Black to move", "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8", -160, -60},
		{"a king against two men", "W:WKd4:Bb6,h6", 60, 160},
		// Three kings against one: a win off the main road, a draw on it
		// (R-DRW-5).
		{"three kings against one off the main road", "W:WKa3,Kc1,Ke1:BKh6", 500, 800},
		{"three kings against one on the main road", "W:WKa3,Kc1,Ke1:BKd4", 0, 60},
		{"two kings against one", "W:WKa3,Kc1:BKh6", 0, 30},
		{"a lone king against two men, ahead", "B:Wa3,c3:BKh6", 50, 150},
		{"a lone king against a king and a man", "B:WKa3,c3:BKh6", -30, 0},
	} {
		p := mustFEN(t, v, c.fen)
		if e := Evaluate(v, &p); e < c.min || e > c.max {
			t.Errorf("%s (%s): %v, want %v..%v", c.name, c.fen, e, c.min, c.max)
		}
	}
}

// TestRunaway: a man with a free way to the crown scores the runaway
// bonus; an enemy piece that can reach its path, or an enemy king, takes
// it away.
func TestRunaway(t *testing.T) {
	v := draughts.Russian
	base := mustFEN(t, v, "W:Wc5,a1:Bh8,g7")    // g7 is no runaway: a1 guards
	guarded := mustFEN(t, v, "W:Wc5,a1:Bh8,e7") // e7 stands on the way
	king := mustFEN(t, v, "W:Wc5,a1:BKh8,g7")
	bonus := Score(russianWeights.Runaway[4])
	if bonus <= 0 {
		t.Fatalf("runaway bonus on rank 5: %d", bonus)
	}
	if d := Evaluate(v, &base) - Evaluate(v, &guarded); d < bonus-10 {
		t.Errorf("free man on c5: %v, guarded by e7: %v; want about %d more", Evaluate(v, &base), Evaluate(v, &guarded), bonus)
	}
	// The black king is worth more than the man and takes the bonus away.
	if d := Evaluate(v, &base) - Evaluate(v, &king); d < bonus {
		t.Errorf("against a king the man on c5 is no runaway: %v vs %v", Evaluate(v, &base), Evaluate(v, &king))
	}
}

func TestEvaluateMainRoad(t *testing.T) {
	v := draughts.Russian
	on := mustFEN(t, v, "W:WKc3,a3,c1:Bf8,h8,Kb8")
	off := mustFEN(t, v, "W:WKd2,a3,c1:Bf8,h8,Kb8")
	if Evaluate(v, &on) <= Evaluate(v, &off) {
		t.Errorf("king on the main road %v, off it %v", Evaluate(v, &on), Evaluate(v, &off))
	}
}

func TestEvaluateTerminal(t *testing.T) {
	// No piece left, and a man blocked (R-END-1; giveaway R-GIV-1).
	for _, c := range []struct {
		fen  string
		want Score
		v    draughts.Variant
	}{
		{"W::Bb6", LossIn(0), draughts.Russian},
		{"W::Bb6", WinIn(0), draughts.Giveaway},
		{"B:Wb4,c3:Ba5", LossIn(0), draughts.Russian}, // a5 cannot step to b4 nor jump it (c3 is taken)
		{"B:Wb4,c3:Ba5", WinIn(0), draughts.Giveaway},
	} {
		p := mustFEN(t, c.v, c.fen)
		if draughts.Russian.HasMoves(&p) {
			t.Fatalf("%s has moves %v", c.fen, c.v.Moves(&p, nil))
		}
		if e := Evaluate(c.v, &p); e != c.want {
			t.Errorf("%s %s: %v, want %v", c.v.Name(), c.fen, e, c.want)
		}
	}
}

// TestGiveawayEvaluate: in giveaway the side with more moves stands
// better (seed 002: the principle of mobility; men on the edge are weak).
func TestGiveawayEvaluate(t *testing.T) {
	v := draughts.Giveaway
	free := mustFEN(t, v, "W:Wc3,e3:Bc7,e7") // two men with two moves each
	edge := mustFEN(t, v, "W:Wa3,h2:Bc7,e7") // edge men: one move each
	if Evaluate(v, &free) <= Evaluate(v, &edge) {
		t.Errorf("giveaway: mobile men %v, edge men %v", Evaluate(v, &free), Evaluate(v, &edge))
	}
}
