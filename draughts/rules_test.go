package draughts

import (
	"slices"
	"strings"
	"testing"
)

// legal returns the legal moves of fen, written with every landing square,
// a crowning move marked "(K)", sorted.
func legal(t *testing.T, v Variant, fen string) []string {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range v.Moves(&p, nil) {
		s := m.String()
		if m.Promotes {
			s += "(K)"
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// Hand-built positions, one or more per rule of docs/rules.md.
func TestRules(t *testing.T) {
	tests := []struct {
		rule, fen, want string
	}{
		{"R-MAN-1 white man moves forward", "W:Wc3:Bb8", "c3-b4 c3-d4"},
		{"R-MAN-1 black man moves forward (down)", "B:Wc3:Bd6", "d6-c5 d6-e5"},
		{"R-MAN-1 man on the edge", "W:Wa3:Bh8", "a3-b4"},
		{"R-MAN-2 quiet move to the last rank crowns", "W:Wc7:Bh6", "c7-b8(K) c7-d8(K)"},
		{"R-KNG-1 king along whole diagonals, stopped by its own piece", "W:WKd4,f6:Bh2", "d4-a1 d4-a7 d4-b2 d4-b6 d4-c3 d4-c5 d4-e3 d4-e5 d4-f2 d4-g1 f6-e7 f6-g7"},
		{"R-CAP-1 capture is compulsory", "W:Wc3,g3:Bd4,b8", "c3:e5"},
		{"R-CAP-2 men capture backwards", "W:Wc5:Bd4", "c5:e3"},
		{"R-CAP-2 black man captures backwards", "B:We5:Bd4", "d4:f6"},
		{"R-CAP-3 king captures at a distance, lands on any empty square behind", "W:WKa1:Bd4", "a1:e5 a1:f6 a1:g7 a1:h8"},
		{"R-CAP-3 landing squares end at the next piece", "W:WKa1,g7:Bd4", "a1:e5 a1:f6"},
		{"R-CAP-4 going on straight: a path per landing square", "W:WKa1:Bd4,g7", "a1:e5:h8 a1:f6:h8"},
		{"R-CAP-3 two pieces in a row cannot be captured", "W:WKa1:Bd4,e5", "a1-b2 a1-c3"},
		{"R-CAP-4 man must continue", "W:Wc3:Bd4,f6,f4", "c3:e5:g3 c3:e5:g7"},
		{"R-CAP-4 king must land where the capture goes on", "W:WKa1:Bc3,e7", "a1:f6:d8"},
		{"R-CAP-4 king may land anywhere when nothing goes on", "W:WKh2:Bf4", "h2:b8 h2:c7 h2:d6 h2:e5"},
		{"R-CAP-5 free choice: the shorter capture is legal too", "W:Wa3,h2:Bb4,d6,d4,f6,g3", "a3:c5:e3 a3:c5:e7:g5 h2:f4"},
		{"R-CAP-6 Turkish strike: d4 cannot be taken over the captured c3", "B:Wc3,d4,f2,f4,g5:BKa5,e7,c7", "a5:e1:g3:d6 a5:e1:g3:e5 a5:e1:h4:f6"},
		{"R-CAP-6 seed 004: no path takes d2 twice", "W:WKe1:Bd2,f2,f4,d4,b4", "e1:c3:a5 e1:c3:e5:g3:e1 e1:g3:d6:a3 e1:g3:e5:c3:a5 e1:g3:e5:c3:e1"},
		{"R-CAP-7 man crowned mid-capture goes on as a king", "W:Wf6:Be7,b6", "f6:d8:a5(K)"},
		{"R-CAP-7 crowned man with nothing more to take", "W:Wf6:Be7,h6", "f6:d8(K)"},
		{"R-CAP-8 own pieces are never jumped", "W:Wc3,d4:Be5", "d4:f6"},
		{"R-END-1 blocked side has no move", "W:Wa1:Bb2,c3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got := strings.Join(legal(t, Russian, tt.fen), " ")
			if got != tt.want {
				t.Errorf("%s\n got  %q\n want %q", tt.fen, got, tt.want)
			}
			if g := strings.Join(legal(t, Giveaway, tt.fen), " "); g != got {
				t.Errorf("R-GIV-1 giveaway moves differ: %q", g)
			}
		})
	}
}
