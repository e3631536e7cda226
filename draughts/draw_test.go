package draughts

import "testing"

// walk plays quiet king moves from fen that reach positions not seen before
// and leave the opponent no capture, and returns the ply (1-based) at which
// the tracker first reports a draw, and the rule.
func walk(t *testing.T, fen string, maxPlies int) (int, DrawRule) {
	t.Helper()
	return walkIn(t, Russian, fen, maxPlies)
}

func walkIn(t *testing.T, v Variant, fen string, maxPlies int) (int, DrawRule) {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTracker(&p)
	seen := map[uint64]bool{p.Hash(): true}
	for ply := 1; ply <= maxPlies; ply++ {
		var chosen *Move
		ms := v.Moves(&p, nil)
		for k := range ms {
			m := &ms[(k+ply*11)%len(ms)] // vary the choice, deterministically
			q := p.Play(m)
			if !p.Kings.Has(m.From) || m.IsCapture() || seen[q.Hash()] || v.MustCapture(&q) {
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

// The draw rules of the other variants, each at the ply its law says.
func TestDrawRulesVariants(t *testing.T) {
	tests := []struct {
		rule string
		v    Variant
		fen  string
		ply  int
		want DrawRule
	}{
		// FMJD 6.4: two kings against one, 5 moves each.
		{"FMJD 6.4", International, "W:WK47,K49:BK3", 10, Endgame},
		// FMJD 6.3: three kings against one, 16 moves each.
		{"FMJD 6.3", International, "W:WK47,K48,K49:BK3", 32, Endgame},
		// FMJD 6.2: 25 moves each with kings only.
		{"FMJD 6.2", International, "W:WK46,K47,K48,K49:BK1,K2,K3,K4", 50, KingMoves},
		// English laws 1.32.2: 40 moves each without a capture or a man moved.
		{"laws 1.32.2", English, "B:WK29,K30,K31,K32:BK1,K2,K3,K4", 80, KingMoves},
		// Spanish: no draw rule is applied.
		{"none", Spanish, "W:WK29,K30,K31,K32:BK1,K2,K3,K4", 0, NoDraw},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			ply, r := walkIn(t, tt.v, tt.fen, 120)
			if ply != tt.ply || r != tt.want {
				t.Errorf("%s: draw at ply %d by %v (%s), want ply %d by %v", tt.fen, ply, r, tt.v.DrawCitation(r), tt.ply, tt.want)
			}
		})
	}
}
