package validate

import (
	"strings"

	"github.com/damka/damka/pdn"
)

// lookalikes are the Cyrillic letters that look like the Latin letters of
// a move (the files a-h, the capture mark x), as a Russian keyboard types
// them: а с е for a c e, capital А В С Е Н for A B C E H, х and Х for x.
var lookalikes = map[rune]rune{
	'а': 'a', 'с': 'c', 'е': 'e', 'х': 'x',
	'А': 'a', 'В': 'b', 'С': 'c', 'Е': 'e', 'Н': 'h', 'Х': 'x',
}

// moveText returns the squares of a written move (pdn.Move.Squares) with
// every Cyrillic look-alike letter read as the Latin letter it looks
// like, and whether there was one. A move of ASCII costs a scan.
func moveText(w *pdn.Move) (string, bool) {
	// Nearly every move is ASCII with no blank in it: its text as it is,
	// in one pass (Squares would take two, and the ASCII check a third).
	// One comparison a byte: printable ASCII ('!' to DEL) takes the text
	// as it is; a blank, a control or a byte not ASCII takes the long way,
	// which reads them as before.
	s := w.Text
	if len(s) == 5 { // "c3-d4", most moves: the same test, four bytes at once
		// Less '!' from each byte of x, a byte below '!' wraps to 0xdf
		// or more; a byte above DEL has its top bit set in x: either way
		// a top bit is set (a borrow only spreads above a byte caught).
		x := uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
		if ((x-0x21212121)|x)&0x80808080 != 0 || s[4]-'!' > 0x7f-'!' {
			return lookalikeText(w)
		}
		return s, false
	}
	for i := 0; i < len(s); i++ {
		if s[i]-'!' > 0x7f-'!' {
			return lookalikeText(w)
		}
	}
	return s, false
}

// lookalikeText is moveText for a move with a blank or a byte that is
// not ASCII.
func lookalikeText(w *pdn.Move) (string, bool) {
	s := w.Squares()
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s, false
	}
	var b strings.Builder
	mapped := false
	for _, r := range s {
		if l, ok := lookalikes[r]; ok {
			r, mapped = l, true
		}
		b.WriteRune(r)
	}
	if !mapped {
		return s, false
	}
	return b.String(), true
}
