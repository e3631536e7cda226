package analyze

import (
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
			// empty).
			sq := g.Squares()
			last := len(sq) - 1
			for !start.Pieces[draughts.Black].Has(sq[last]) {
				last--
			}
			q, err := v.NewPosition(start.Pieces[draughts.White], start.Pieces[draughts.Black]&^sq[last].Bit(), 0, draughts.White)
			if err != nil {
				t.Fatal(err)
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
