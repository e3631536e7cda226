package draughts

import (
	"strings"
	"testing"
)

// Hand-built positions, one or more per trait of the variants beyond
// Russian (see the citations in variant.go); the Russian moves of the same
// position are given where they differ, to show the trait at work.
func TestRulesVariants(t *testing.T) {
	tests := []struct {
		rule string
		v    Variant
		fen  string
		want string
	}{
		{"Czech 4.14: a king that can capture must", Czech, "W:Wc3,Kh2:Bd4,g3", "h2:b8 h2:c7 h2:d6 h2:e5 h2:f4"},
		{"Russian R-CAP-5: free choice there", Russian, "W:Wc3,Kh2:Bd4,g3", "c3:e5 h2:b8 h2:c7 h2:d6 h2:e5 h2:f4"},
		{"Czech 4.1: men capture forward only", Czech, "W:Wc5:Bd4", "c5-b6 c5-d6"},
		{"Brazilian (FMJD 4.13): the capture of the most pieces", Brazilian, "W:Wc3,a1:Bd4,b2,d6,f6", "c3:e5:c7 c3:e5:g7"},
		{"Brazilian (FMJD 4.15): a man passing the last row stays a man", Brazilian, "W:Wf6:Be7,c7", "f6:d8:b6"},
		{"Russian R-CAP-7: crowned at once, goes on as a king", Russian, "W:Wf6:Be7,c7", "f6:d8:a5 f6:d8:b6"},
		{"International 4.1: men capture backwards", International, "W:W28:B33", "28x39"},
		{"Italian 5.3b: men never capture kings", Italian, "W:Wc2:BKd3,b3", "26x17"},
		{"Italian 6.7: with a king among captures of as many pieces", Italian, "W:Wc2,Kg2:Bb3,f3", "28x19"},
		{"Italian 6.8: the most kings", Italian, "W:WKe4:Bd5,Kf5", "19x12"},
		{"English 1.17: kings move one square", English, "W:WK15:B5", "15-10 15-11 15-18 15-19"},
		{"English 1.18: men capture forward only", English, "W:W18:B22,14", "18x9"},
		{"English 1.19: a man crowned in a capture stops", English, "W:W11:B7,6", "11x2"},
		{"Pool 16: a man reaching the king row in a capture goes on as a man", Pool, "W:W11:B7,6", "11x2x9"},
		{"Spanish: the most kings among captures of as many pieces", Spanish, "W:WKe4:Bd5,Kf5", "14x21 14x25"},
		{"Spanish: flying kings, free landing", Spanish, "W:WKe4:Bd5,f5", "14x21 14x23 14x25 14x28 14x32"},
		// Thai (dctl's thai.hpp traits, the rules it plays).
		{"Thai is_land_behind_piece: a king lands right behind", Thai, "W:WKa1:Bc3", "a1:d4"},
		{"Russian R-CAP-3: anywhere behind", Russian, "W:WKa1:Bc3", "a1:d4 a1:e5 a1:f6 a1:g7 a1:h8"},
		{"Thai is_passing_capture: a taken piece leaves at once, the king crosses its square", Thai, "W:WKd4:Bc3,e5", "d4:b2:f6 d4:f6:b2"},
		{"Russian R-CAP-6: taken pieces stay till the move ends", Russian, "W:WKd4:Bc3,e5", "d4:a1 d4:b2 d4:f6 d4:g7 d4:h8"},
		{"Thai: men capture forward only", Thai, "W:Wc5:Bd4", "c5-b6 c5-d6"},
		{"Thai: free choice of capture", Thai, "W:Wa3,e3:Bb4,f4,f6", "a3:c5 e3:g5:e7"},
		{"Thai: crowning ends the move", Thai, "W:Wf6:Be7,c7", "f6:d8"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			if got := strings.Join(legal(t, tt.v, tt.fen), " "); strings.ReplaceAll(got, "(K)", "") != tt.want {
				t.Errorf("%s %s\n got  %q\n want %q", tt.v, tt.fen, got, tt.want)
			}
		})
	}
}
