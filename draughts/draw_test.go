package draughts

import "testing"

// walk plays quiet king moves from fen that reach positions not seen before
// and leave the opponent no capture, and returns the ply (1-based) at which
// the tracker first reports a draw, and the rule.
func walk(t *testing.T, fen string, maxPlies int) (int, DrawRule) {
	t.Helper()
	p := mustFEN(t, fen)
	tr := NewTracker(&p)
	seen := map[uint64]bool{p.Hash(): true}
	for ply := 1; ply <= maxPlies; ply++ {
		var chosen *Move
		ms := Russian.Moves(&p, nil)
		for k := range ms {
			m := &ms[(k+ply*11)%len(ms)] // vary the choice, deterministically
			q := p.Play(m)
			if !p.Kings.Has(m.From) || m.IsCapture() || seen[q.Hash()] || Russian.MustCapture(&q) {
				continue
			}
			chosen = m
			break
		}
		if chosen == nil {
			t.Fatalf("ply %d: no fresh king move in %s", ply, p.FEN())
		}
		q := p.Play(chosen)
		seen[q.Hash()] = true
		if r := tr.Push(&p, chosen, &q); r != NoDraw {
			return ply, r
		}
		p = q
	}
	return 0, NoDraw
}

func TestDrawRules(t *testing.T) {
	tests := []struct {
		rule string
		fen  string
		ply  int
		want DrawRule
	}{
		// 15 moves by each side with kings only: the 30th ply (R-DRW-2);
		// eight pieces, so R-DRW-4 does not apply.
		{"R-DRW-2", "W:WKa3,a1,c1,e1:BKh6,b8,d8,f8", 30, KingMoves},
		// Three kings against a lone king: the stronger side's 15th move,
		// White's moves being the odd plies (R-DRW-3).
		{"R-DRW-3", "W:WKa3,Kc1,Ke1:BKh8", 29, ThreeKings},
		// Two kings against one: three pieces, 5 moves each (R-DRW-4).
		{"R-DRW-4 2-3 pieces", "W:WKa3,Kc1:BKh8", 10, Balance},
		// Four pieces, not three kings against one: 30 moves (R-DRW-4), but
		// R-DRW-2 comes first at 30 plies; with a man that may not move the
		// balance rule is the one that counts.
		{"R-DRW-2 before R-DRW-4", "W:WKa3,Kc1:BKh8,Kf8", 30, KingMoves},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			ply, r := walk(t, tt.fen, 200)
			if ply != tt.ply || r != tt.want {
				t.Errorf("%s: draw at ply %d by %v (%s), want ply %d by %v", tt.fen, ply, r, r.Rule(), tt.ply, tt.want)
			}
		})
	}
}

// R-DRW-1: the third occurrence of a position with the same side to move.
func TestDrawRepetition(t *testing.T) {
	p := mustFEN(t, "W:WKa3,c1,e1,g1:BKh6,b8,d8,f8")
	tr := NewTracker(&p)
	cycle := []string{"a3-b4", "h6-g5", "b4-a3", "g5-h6"}
	for ply := 1; ply <= 8; ply++ {
		m := find(t, Russian, &p, cycle[(ply-1)%4])
		q := p.Play(&m)
		r := tr.Push(&p, &m, &q)
		if want := map[bool]DrawRule{true: Repetition, false: NoDraw}[ply == 8]; r != want {
			t.Fatalf("ply %d: %v, want %v", ply, r, want)
		}
		p = q
	}
}

// A man move makes earlier positions unreachable and restarts the counts.
func TestDrawResetByManMove(t *testing.T) {
	p := mustFEN(t, "W:WKa3,c1,e1,g1:BKh6,b8,d8,f8")
	tr := NewTracker(&p)
	for ply, text := range []string{"a3-b4", "h6-g5", "b4-a3", "g5-h6", "g1-h2", "h6-g5", "a3-b4", "g5-h6", "b4-a3"} {
		m := find(t, Russian, &p, text)
		q := p.Play(&m)
		if r := tr.Push(&p, &m, &q); r != NoDraw {
			t.Fatalf("ply %d (%s): %v", ply+1, text, r)
		}
		p = q
	}
}
