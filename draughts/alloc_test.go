package draughts

import "testing"

// Move generation into a buffer with room, and playing a move, allocate
// nothing: the hot paths of perft, replay and search (issue 10, item 14).
func TestMovesAllocateNothing(t *testing.T) {
	ps := benchPositions(t)
	buf := make([]Move, 0, 256)
	for _, v := range []Variant{Russian, Giveaway} {
		for i, p := range ps[:200] {
			if n := testing.AllocsPerRun(10, func() { buf = v.Moves(&p, buf[:0]) }); n != 0 {
				t.Fatalf("%s: Moves of %s (position %d): %.0f allocations", v.Name(), p.FEN(), i, n)
			}
			if len(buf) == 0 {
				continue
			}
			m := buf[0]
			if n := testing.AllocsPerRun(10, func() { q := p; q.Make(&m) }); n != 0 {
				t.Fatalf("Play of %s: %.0f allocations", m, n)
			}
			if n := testing.AllocsPerRun(10, func() { _ = v.HasMoves(&p) }); n != 0 {
				t.Fatalf("HasMoves of %s: %.0f allocations", p.FEN(), n)
			}
		}
	}
}
