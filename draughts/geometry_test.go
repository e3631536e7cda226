package draughts

import (
	"testing"

	"pgregory.net/rapid"
)

// The layouts the package documentation promises.
func TestGeometryLayout(t *testing.T) {
	tests := []struct {
		g                  *Geometry
		squares, bits      int
		ul, ur, dl, dr     uint8
		a1, firstOfRow1Bit Square
	}{
		{Board8x8(), 32, 36, 4, 5, 5, 4, 0, 5},
		{Board10x10(), 50, 54, 6, 5, 5, 6, 4, 9},
	}
	for _, tt := range tests {
		g := tt.g
		if g.NumSquares() != tt.squares || g.nbits != tt.bits {
			t.Errorf("%s: %d squares, %d bits", g, g.NumSquares(), g.nbits)
		}
		if got := [4]uint8{g.shift[UpLeft], g.shift[UpRight], g.shift[DownLeft], g.shift[DownRight]}; got != [4]uint8{tt.ul, tt.ur, tt.dl, tt.dr} {
			t.Errorf("%s: shifts %v", g, got)
		}
		if g.SquareAt(0, 0) != tt.a1 || g.SquareAt(1, 1) != tt.firstOfRow1Bit {
			t.Errorf("%s: a1 is bit %d, b2 bit %d", g, g.SquareAt(0, 0), g.SquareAt(1, 1))
		}
		for i, s := range g.Squares() {
			if g.Index(s) != i || g.SquareAt(g.Col(s), g.Row(s)) != s {
				t.Errorf("%s: square %d round trip", g, s)
			}
			for _, d := range Directions {
				if n := g.Neighbor(s, d); n != NoSquare && g.Neighbor(n, d.Opposite()) != s {
					t.Errorf("%s: neighbour of %d in %d does not lead back", g, s, d)
				}
				if g.Shift(s.Bit(), d) != g.Neighbor(s, d).Bit()&g.Board() {
					t.Errorf("%s: shift of %d in %d", g, s, d)
				}
			}
		}
		if g.Flip(g.Board()) != g.Board() || g.PromotionRow(White) != g.Flip(g.PromotionRow(Black)) {
			t.Errorf("%s: flip", g)
		}
	}
}

// The FEN writer's fast path writes what the general one does.
func TestAppendFENPaths(t *testing.T) {
	slow := *algebraic8x8
	slow.bitOrder = false
	rapid.Check(t, func(t *rapid.T) {
		p := Start(Russian)
		for range rapid.IntRange(0, 120).Draw(t, "plies") {
			ms := Russian.Moves(&p, nil)
			if len(ms) == 0 {
				break
			}
			p.Make(&ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
		}
		if a, b := string(algebraic8x8.appendFEN(nil, &p)), string(slow.appendFEN(nil, &p)); a != b {
			t.Fatalf("fast %s, general %s", a, b)
		}
	})
}
