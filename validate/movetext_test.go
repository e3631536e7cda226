package validate

import (
	"testing"

	"github.com/damka/damka/pdn"
)

// TestMoveTextShort: a five-byte move is read by moveText's unrolled test
// as the loop reads any other: every byte at each place of "c3-d4", and
// the Cyrillic look-alikes.
func TestMoveTextShort(t *testing.T) {
	loop := func(w *pdn.Move) (string, bool) {
		s := w.Text
		for i := 0; i < len(s); i++ {
			if s[i]-'!' > 0x7f-'!' {
				return lookalikeText(w)
			}
		}
		return s, false
	}
	check := func(text string) {
		w := &pdn.Move{Text: text}
		got, gotL := moveText(w)
		want, wantL := loop(w)
		if got != want || gotL != wantL {
			t.Fatalf("%q: %q %v, the loop reads %q %v", text, got, gotL, want, wantL)
		}
	}
	for i := range 5 {
		for c := range 256 {
			b := []byte("c3-d4")
			b[i] = byte(c)
			check(string(b))
		}
	}
	// Two places at once: a borrow from one byte to the next.
	for i := range 5 {
		for j := i + 1; j < 5; j++ {
			for c := range 256 {
				for d := range 256 {
					b := []byte("c3-d4")
					b[i], b[j] = byte(c), byte(d)
					check(string(b))
				}
			}
		}
	}
	for _, text := range []string{"с3-d4", "c3-е5", "c3 d4", "c3\td4", "a1-b2", "12-16", "c3:e5", "А1-В2"} {
		check(text)
	}
}
