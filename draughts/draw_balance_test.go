package draughts

import "testing"

// walkMixed is walk with a man move every manEvery plies when the side to
// move has a safe one (each side, manEvery plies after its last one) (no capture, no promotion, and no capture for the
// opponent after it): the men keep R-DRW-2 (kings only) from ending the
// game first, and the balance of forces stays as it is. White's king stays
// on ranks 1-4, Black's on ranks 5-8: the kings never meet.
func walkMixed(t *testing.T, fen string, maxPlies, manEvery int) (int, DrawRule) {
	t.Helper()
	p := mustFEN(t, fen)
	tr := NewTracker(&p)
	// Positions since the last man move: a king move may come back to one
	// once (the third time would be R-DRW-1).
	seen := map[uint64]int{p.Hash(): 1}
	men := 0
	var lastMan [2]int // ply of each side's last man move
	for ply := 1; ply <= maxPlies; ply++ {
		wantMan := ply-lastMan[p.Side] >= manEvery

		var chosen *Move
		ms := Russian.Moves(&p, nil)
		for pass := 0; pass < 2 && chosen == nil; pass++ { // the kind wanted, else the other
			for k := range ms {
				m := &ms[(k+ply*11)%len(ms)]
				q := p.Play(m)
				isKing := p.Kings.Has(m.From)
				if isKing == (wantMan == (pass == 0)) || isKing && !homeHalf(p.Side, Russian.SquareName(m.To)) ||
					m.IsCapture() || m.Promotes || seen[q.Hash()] >= 2 || Russian.MustCapture(&q) {
					continue
				}
				chosen = m
				break
			}
		}
		if chosen == nil {
			t.Fatalf("ply %d: no fresh quiet move in %s", ply, p.FEN())
		}
		if !p.Kings.Has(chosen.From) {
			men++
			lastMan[p.Side] = ply
			clear(seen)
		}
		q := p.Play(chosen)
		seen[q.Hash()]++
		if r := tr.Push(&p, chosen, &q); r != NoDraw {
			if men == 0 {
				t.Fatalf("no man moved: R-DRW-4 is not what the test checks")
			}
			return ply, r
		}
		p = q
	}
	return 0, NoDraw
}

// homeHalf tells the squares a king of side c may go to in walkMixed.
func homeHalf(c Color, sq string) bool {
	if c == White {
		return sq[1] <= '4'
	}
	return sq[1] >= '5'
}

// R-DRW-4: with kings on both sides and the balance of forces unchanged,
// 30 moves each with 4 or 5 pieces on the board (the 60th ply), 60 moves
// each with 6 or 7 (the 120th ply); men moving now and then, so that
// R-DRW-2 does not come first.
func TestDrawBalanceLong(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		every int // plies between a side's man moves (under 30: R-DRW-2)
		ply   int
	}{
		{"4 pieces: 30 moves", "W:WKg3,a1:BKb6,h8", 20, 60},
		{"5 pieces: 30 moves", "W:WKg3,a1,c1:BKb6,h8", 28, 60},
		{"6 pieces: 60 moves", "W:WKe3,a1,c1:BKd6,h8,f8", 28, 120},
		{"7 pieces: 60 moves", "W:WKg1,a1,c1,e1:BKb8,h8,f8", 28, 120},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ply, r := walkMixed(t, tt.fen, 300, tt.every)
			if ply != tt.ply || r != Balance {
				t.Errorf("%s: draw at ply %d by %v (%s), want ply %d by %v (R-DRW-4)", tt.fen, ply, r, r.Rule(), tt.ply, Balance)
			}
		})
	}
}
