package draughts

import (
	"math/rand/v2"
	"testing"
)

// QuietMove agrees with Moves on every pair of squares of positions of
// random games of every variant: the move Moves lists from one to the
// other when the position has no capture (R-CAP-1), and the number of
// moves Moves lists; nothing when a capture is compulsory or no quiet
// move goes so.
func TestQuietMoveAgreesWithMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2))
	positions := 0
	for _, v := range Variants() {
		squares := v.Geometry().Board().Squares()
		for game := 0; game < 12; game++ {
			p := Start(v)
			var buf []Move
			for ply := 0; ply < 150; ply++ {
				buf = v.Moves(&p, buf[:0])
				if len(buf) == 0 {
					break
				}
				positions++
				capture := buf[0].IsCapture()
				for _, from := range squares {
					for _, to := range squares {
						m, legal, ok := v.QuietMove(&p, from, to)
						var want *Move
						for i := range buf {
							if !capture && buf[i].From == from && buf[i].To == to {
								want = &buf[i]
							}
						}
						switch {
						case ok != (want != nil):
							t.Fatalf("%s %s: QuietMove %s-%s ok %v, Moves says %v", v.Name(), p.FEN(), v.SquareName(from), v.SquareName(to), ok, want != nil)
						case ok && (m != *want || legal != len(buf)):
							t.Fatalf("%s %s: QuietMove %s-%s gives %+v and %d moves, Moves %+v and %d", v.Name(), p.FEN(), v.SquareName(from), v.SquareName(to), m, legal, *want, len(buf))
						}
					}
				}
				p.Make(&buf[rng.IntN(len(buf))])
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions", positions)
	}
}
