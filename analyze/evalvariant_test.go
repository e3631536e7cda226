package analyze

import (
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// Every variant's evaluation is symmetric (a position and its mirror get
// the same score for the side to move), prefers a man more, and searches
// from the start position without trouble.
func TestEvaluateVariants(t *testing.T) {
	for _, v := range draughts.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			p := draughts.Start(v)
			for ply := 0; ply < 40; ply++ {
				ms := v.Moves(&p, nil)
				if len(ms) == 0 {
					break
				}
				m := Mirror(&p)
				if a, b := Evaluate(v, &p), Evaluate(v, &m); a != b {
					t.Fatalf("%s: %d, mirrored %d", p.FEN(), a, b)
				}
				p.Make(&ms[(ply*7)%len(ms)])
			}
			if v.LoserWins() {
				return
			}
			g := v.Geometry()
			start := draughts.Start(v)
			// White a man up: remove a black man from the back row (the
			// last square that holds one: Turkish leaves the back row
			// empty). The position is written as a FEN, square by square
			// (At), which holds Canadian's rows 11 and 12 (past bit 63)
			// as the Bitboards of NewPosition do not.
			sq := g.Squares()
			var white, black []string
			for i := len(sq) - 1; i >= 0; i-- {
				switch start.At(sq[i]) {
				case draughts.WhiteMan:
					white = append(white, v.SquareName(sq[i]))
				case draughts.BlackMan:
					black = append(black, v.SquareName(sq[i]))
				}
			}
			// black[0] is the last square that holds a black man.
			q, err := v.ParseFEN("W:W" + strings.Join(white, ",") + ":B" + strings.Join(black[1:], ","))
			if err != nil {
				t.Fatal(err)
			}
			wm, _ := start.Material(draughts.White)
			bm, _ := start.Material(draughts.Black)
			if w, _ := q.Material(draughts.White); w != wm {
				t.Fatalf("%s: %d white men, want %d", q.FEN(), w, wm)
			}
			if b, _ := q.Material(draughts.Black); b != bm-1 {
				t.Fatalf("%s: %d black men, want %d", q.FEN(), b, bm-1)
			}
			if Evaluate(v, &q) < 50 {
				t.Errorf("a man up: %d", Evaluate(v, &q))
			}
			if r := NewSearcher(v, Options{Depth: 4}).Search(&start); r.Best.From == r.Best.To {
				t.Errorf("no best move from the start")
			}
		})
	}
}
