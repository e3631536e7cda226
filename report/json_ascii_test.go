package report

import "testing"

// TestAboveASCII: aboveASCII finds a byte of 0x7f or above, eight bytes
// at a time, as a loop a byte does: every byte value at every place of
// lines of 1 to 20 bytes.
func TestAboveASCII(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for i := range n {
			for c := range 256 {
				b := make([]byte, n)
				for k := range b {
					b[k] = 'a' + byte(k)
				}
				b[i] = byte(c)
				want := c >= 0x7f
				if got := aboveASCII(b); got != want {
					t.Fatalf("%q: %v, want %v", b, got, want)
				}
			}
		}
	}
	if aboveASCII(nil) {
		t.Error("an empty line is above ASCII")
	}
}
