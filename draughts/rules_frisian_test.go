package draughts

import (
	"strings"
	"testing"
)

// Frisian draughts has no digest in docs/rules.md: the rules cited
// are those of the Friese Dambond (friesdammen.nl, the page dctl's
// frisian.hpp cites), as dctl and lidraughts play them. Squares are
// numbered as in International draughts (46 = a1, 1 = b10); each
// position was worked out by hand from the board, and the International
// moves of the same position are given where they differ, to show the
// trait at work.
func TestRulesFrisian(t *testing.T) {
	tests := []struct {
		rule string
		v    Variant
		fen  string
		want string
	}{
		{"Frisian: a man captures along its file, over the next dark square", Frisian, "W:W33:B23", "33x13"},
		{"International: no capture along a file", International, "W:W33:B23", "33-28 33-29"},
		{"Frisian: a man captures backwards along its file", Frisian, "W:W23:B33", "23x43"},
		{"Frisian: a man captures along its row (f4 over h4 to j4)", Frisian, "W:W33:B34", "33x35"},
		{"Frisian: a row ends at the edge (j4 and a3 are no neighbours)", Frisian, "W:W35:B36", "35-30"},
		{"Frisian: quiet moves stay diagonal, kings' too", Frisian, "W:WK46:B5", "46-10 46-14 46-19 46-23 46-28 46-32 46-37 46-41"},
		{"Frisian: a king captures along a whole file (a1 over a7 to a9)", Frisian, "W:WK46:B16", "46x6"},
		{"Frisian: a king is worth more than a man", Frisian, "W:W33:B29,K28", "33x22"},
		{"International: one piece either way", International, "W:W33:B29,K28", "33x22 33x24"},
		{"Frisian: two kings outweigh three men", Frisian, "W:W33:B8,K17,19,K28,29", "33x22x11"},
		{"International: three pieces beat two", International, "W:W33:B8,K17,19,K28,29", "33x24x13x2"},
		{"Frisian: a king and a man do not outweigh three men", Frisian, "W:W33:B8,17,19,K28,29", "33x24x13x2"},
		{"Frisian: of captures of one value, the king's", Frisian, "W:WK46,32,35:B30,41", "46x37"},
		{"International: free choice there", International, "W:WK46,32,35:B30,41", "35x24 46x37"},
		{"Frisian: a man passing the last row mid-capture stays a man (b10, on along the row)", Frisian, "W:W12:B7,2", "12x1x3"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			if got := strings.Join(legal(t, tt.v, tt.fen), " "); strings.ReplaceAll(got, "(K)", "") != tt.want {
				t.Errorf("%s %s\n got  %q\n want %q", tt.v, tt.fen, got, tt.want)
			}
		})
	}
}
