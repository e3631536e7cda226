package draughts

import "testing"

// The traits beyond Russian draughts are checked against published perft
// counts of the variants they describe, from the start position (which is
// the same, up to colours, for all three).
func TestOtherRulesPerft(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		want  []uint64
	}{
		// English checkers: the zero Rules (men capture forward only,
		// kings move one square, crowning ends the move, free choice).
		// A. Bik, "perft for 8x8 checkers", talkchess 2009; OEIS A133046.
		{"english", Rules{}, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931}},
		// Brazilian draughts: International rules on 8x8 (flying kings,
		// men capture backwards, a man passing the last rank mid-capture
		// stays a man, the majority capture is compulsory). R. Halbersma,
		// "Perft for all recognized draughts variants", damforum 2010.
		{"brazilian", Rules{MenCaptureBack: true, FlyingKings: true, CapturePromotion: PassThrough, MajorityCapture: true},
			[]uint64{7, 49, 302, 1469, 7473, 37628, 187302}},
	}
	for _, tt := range tests {
		v := &spec{name: tt.name, geo: Board8x8, names: algebraic8x8, Rules: tt.rules}
		p := Start(Russian)
		for d, want := range tt.want {
			if got := v.Perft(&p, d+1, CountSequences); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", tt.name, d+1, got, want)
			}
		}
	}
}
