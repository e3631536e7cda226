package analyze

import (
	"testing"

	"github.com/damka/damka/draughts"
)

// On every board of one word, wideEval (square by square) gives
// geometryEval's score (on Bitboards), position by position along a
// game of each variant: the same evaluation, which Canadian gets.
func TestWideEvalMatchesGeometry(t *testing.T) {
	n := 0
	for _, v := range draughts.Variants() {
		if v.Geometry().Wide() {
			continue
		}
		ge, we := newGeometryEval(v), newWideEval(v)
		for game := 0; game < 3; game++ {
			p := draughts.Start(v)
			for ply := 0; ply < 150; ply++ {
				if a, b := ge.eval(&p), we.eval(&p); a != b {
					t.Fatalf("%s, game %d, ply %d, %s: geometry %d, wide %d", v.Name(), game, ply, p.FEN(), a, b)
				}
				n++
				ms := v.Moves(&p, nil)
				if len(ms) == 0 {
					break
				}
				p.Make(&ms[(ply*(7+2*game)+game)%len(ms)])
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d positions compared", n)
	}
}

// canadian parses a Canadian FEN (squares 1-72: 1 = b12, 67 = a1).
func canadian(t *testing.T, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.Canadian.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// The terms of the geometry evaluation hold on Canadian's rows 11 and 12
// (bits 64 to 76): a man's advancement, for White up to row 11 and for
// Black from row 11 down, the centre against the edge, and a king's
// mobility from row 12. The material alone scores every pair the same.
func TestCanadianEvalRows(t *testing.T) {
	v := draughts.Canadian
	g := v.Geometry()
	for name, num := range map[string]string{"b12": "1", "c11": "8", "e11": "9", "d10": "14",
		"e9": "21", "g9": "22", "l8": "30", "f6": "39", "l6": "42", "d2": "62", "f2": "63", "k1": "72"} {
		p := canadian(t, "W:W"+num+":B")
		if s := g.SquareAt(int(name[0]-'a'), atoi(name[1:])-1); p.At(s) != draughts.WhiteMan {
			t.Fatalf("%s is not square %s", name, num)
		}
	}
	ev := func(fen string) int {
		p := canadian(t, fen)
		m := p.Mirror()
		if a, b := evaluate(v, &p), evaluate(v, &m); a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
		return evaluators[v](&p)
	}
	// White's man: row 11 (c11, in the high word) above row 10 (d10)
	// above row 2 (d2).
	if row11, row10, row2 := ev("W:W8,72:B30"), ev("W:W14,72:B30"), ev("W:W62,72:B30"); !(row11 > row10 && row10 > row2) {
		t.Errorf("White man on c11 %d, d10 %d, d2 %d: want advancement to count", row11, row10, row2)
	}
	// Black's man on f2 is on its row 11, on e11 on its row 2.
	if f2, e11 := ev("W:W72:B63"), ev("W:W72:B9"); f2 >= e11 {
		t.Errorf("Black man on f2 %d, e11 %d: want Black's advancement to count", f2, e11)
	}
	// The centre (f6) above the edge (l6), on the same row.
	if centre, edge := ev("W:W39:B30"), ev("W:W42:B30"); centre <= edge {
		t.Errorf("White man on f6 %d, l6 %d: want the centre to count", centre, edge)
	}
	// A White king on b12 (bit 64 and up) runs down its long diagonal
	// (11 moves with a11); a man of its own on e9 cuts it to 3, one on
	// g9 (as advanced, as mobile) does not.
	if e9, g9 := ev("W:WK1,21:B30"), ev("W:WK1,22:B30"); g9-e9 != 8*gKingMob {
		t.Errorf("White king on b12 with a man on e9 %d, on g9 %d: want the king's 8 moves more counted", e9, g9)
	}
}

// atoi is the number written in s.
func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

// A Canadian analysis finds a shot on rows 9 to 12: e9-d10 gives a man,
// whichever Black man takes it (c11 or e11, both in the high word), and
// White takes the two Black men left, crowning on d12: Black has no
// piece. With the geometry evaluation the quiet positions are scored
// too: a man one row from the crown is worth more than one at home.
func TestCanadianShot(t *testing.T) {
	v := draughts.Canadian
	p := canadian(t, "W:W21,26,32,33:B8,9")
	r := NewSearcher(v, Options{Depth: 4}).Search(&p)
	if got := r.Best.String(); got != "21-14" || r.Score < WinIn(MaxPly) {
		t.Errorf("%s: best %s, score %d; want 21-14 winning", p.FEN(), got, r.Score)
	}
	// Level material, White's man on f10 two rows from the crown,
	// Black's men at home: a depth-1 search advances it to row 11.
	p = canadian(t, "W:W15,72:B1,6")
	r = NewSearcher(v, Options{Depth: 1}).Search(&p)
	if to := r.Best.To; v.Geometry().Row(to) != 10 || r.Score <= 0 {
		t.Errorf("%s: best %s, score %d; want f10 to row 11, White ahead", p.FEN(), r.Best, r.Score)
	}
}
