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

// The positions of a Tracker count as a map would, in their short list
// and beyond it (long endings of kings), across resets.
func TestTrackerPositions(t *testing.T) {
	var ps positions
	ref := map[uint64]uint8{}
	seed := uint64(1)
	for i := range 20000 {
		seed = seed*6364136223846793005 + 1442695040888963407
		if seed>>60 == 0 || i%997 == 0 { // an irreversible move now and then
			ps.reset()
			clear(ref)
		}
		h := seed >> 58 // few hashes: repetitions
		ref[h]++
		if got := ps.add(h); got != ref[h] {
			t.Fatalf("step %d: count %d, want %d", i, got, ref[h])
		}
	}
	if ps.many == nil {
		t.Error("the list never spilled into the map")
	}
}
