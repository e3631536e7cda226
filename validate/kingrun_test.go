package validate

import (
	"fmt"
	"testing"
)

// The Frisian rules (friesdammen.nl; lidraughts and dctl play them so):
// one king makes at most three quiet moves running while its side has
// men. The fourth is reported at its ply and replay goes on; a move of
// another piece in between, or no men left, lifts the limit.
func TestFrisianKingMoveLimit(t *testing.T) {
	const setup = "[GameType \"40\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n"
	for _, tt := range []struct {
		name, fen, moves string
		illegal          int // the ply reported, 0 for none
	}{
		{"a fourth quiet move by one king", "W:WK46,45:BK1", "1. 46-41 1-6 2. 41-46 6-1 3. 46-41 1-6 4. 41-46 6-1 *", 7},
		{"three, then a man", "W:WK46,45:BK1", "1. 46-41 1-6 2. 41-46 6-1 3. 46-41 1-6 4. 45-40 6-1 5. 41-46 *", 0},
		{"no men: no limit", "W:WK46:BK1", "1. 46-41 1-6 2. 41-46 6-1 3. 46-41 1-6 4. 41-46 6-1 *", 0},
		{"another king in between", "W:WK46,K49,45:BK1", "1. 46-41 1-6 2. 41-46 6-1 3. 49-43 1-6 4. 46-41 6-1 5. 41-46 1-6 *", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := Game(readOne(t, fmt.Sprintf(setup, tt.fen)+tt.moves+"\n"), Options{})
			var got int
			for _, f := range r.Findings {
				if f.Kind == IllegalMove {
					got = f.Ply
				} else {
					t.Errorf("finding %s: %s", f.Kind, f.Message)
				}
			}
			if got != tt.illegal {
				t.Errorf("illegal move at ply %d, want %d (findings %+v)", got, tt.illegal, r.Findings)
			}
			if r.Stopped || len(r.Plies) != len(r.Game.Moves) {
				t.Errorf("replay stopped: %d of %d plies", len(r.Plies), len(r.Game.Moves))
			}
		})
	}
}

// A fourth quiet move of one king where a capture is compulsory breaks
// both rules: the missed capture and the limit are reported at the ply,
// and replay goes on, as before the generator knew the limit.
func TestFrisianKingMoveLimitAndCapture(t *testing.T) {
	const game = "[GameType \"40\"]\n[SetUp \"1\"]\n[FEN \"W:WK46,45:B34,K1\"]\n\n1. 46-41 1-6 2. 41-46 6-1 3. 46-41 34-40 4. 41-46 *\n"
	r := Game(readOne(t, game), Options{})
	var kinds []string
	for _, f := range r.Findings {
		if f.Ply != 7 {
			t.Errorf("finding at ply %d: %s: %s", f.Ply, f.Kind, f.Message)
		}
		kinds = append(kinds, string(f.Kind))
	}
	if got := fmt.Sprint(kinds); got != "[missed_capture illegal_move]" {
		t.Errorf("findings %s, want a missed capture and the limit (%+v)", got, r.Findings)
	}
	if r.Stopped || len(r.Plies) != len(r.Game.Moves) {
		t.Errorf("replay stopped: %d of %d plies", len(r.Plies), len(r.Game.Moves))
	}
}
