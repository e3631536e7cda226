package analyze

import (
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// A king's quiet move is reversible on Canadian's rows 11 and 12 (bits 64
// and up) as below them: the line's repetitions are looked for across it.
func TestCanadianKingMoveReversible(t *testing.T) {
	v := draughts.Canadian
	// White's kings on b12 (bit 64 and up) and on k1, a man on f2.
	p := canadian(t, "W:WK1,K72,63:B30")
	s := NewSearcher(v, Options{Depth: 2})
	n := 0
	for _, m := range v.Moves(&p, nil) {
		s.irrev[0] = 0
		s.child(&p, &m, 0)
		king := p.At(m.From).IsKing()
		if want := map[bool]int{true: 0, false: 1}[king]; s.irrev[1] != want {
			t.Errorf("%s from %s: last irreversible ply %d, want %d", p.FEN(), m, s.irrev[1], want)
		}
		if king && m.From == v.Geometry().SquareAt(1, 11) {
			n++
		}
	}
	if n == 0 {
		t.Fatalf("%s: no move of the king on b12", p.FEN())
	}
}

// The move ordering counts the kings a capture takes on Canadian's rows
// 11 and 12 as below them: of two captures of one piece, the one that
// takes a king (on c11, bit 64 and up) comes first.
func TestCanadianCaptureOrderKings(t *testing.T) {
	v := draughts.Canadian
	// White's kings on e9 and k9; Black's king on c11, man on j10.
	p := canadian(t, "W:WK21,K24:BK8,17")
	s := NewSearcher(v, Options{Depth: 2})
	moves := v.Moves(&p, nil)
	var king, man int
	for _, o := range s.order(&p, 0, moves, 255) {
		m := &moves[o.idx]
		switch {
		case !m.IsCapture():
			t.Fatalf("%s: %s is no capture", p.FEN(), m)
		case strings.HasPrefix(m.String(), "21x"):
			king = int(o.key)
		default:
			if man != 0 && int(o.key) != man {
				t.Fatalf("%s: the captures of the man keyed %d and %d", p.FEN(), man, o.key)
			}
			man = int(o.key)
		}
	}
	if king == 0 || man == 0 || king-man != 256 {
		t.Errorf("%s: a capture of the king keyed %d, of the man %d; want 256 more for the king", p.FEN(), king, man)
	}
}
