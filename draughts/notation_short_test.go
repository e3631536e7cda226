package draughts

import (
	"slices"
	"testing"
)

// parseLongReference is how Notation read a move of two squares of one
// letter and one digit before the look-up table (names.short): the
// letters and digits checked, then each square parsed.
func parseLongReference(names *names, s string) ([]Square, bool, bool) {
	if len(s) != 5 || !names.isFile(s[0]) || !names.isRank(s[1]) || !names.isFile(s[3]) || !names.isRank(s[4]) {
		return nil, false, false
	}
	switch s[2] {
	case '-', ':', 'x', 'X':
	default:
		return nil, false, false
	}
	from, okFrom := names.parse(s[:2])
	to, okTo := names.parse(s[3:])
	if !okFrom || !okTo {
		return nil, false, false
	}
	return []Square{from, to}, s[2] == '-', true
}

// TestNotationShortTable: every text of five characters a letter, a digit,
// a separator, a letter and a digit reads as it read before the look-up
// table, in every variant and every frame of its algebraic names: the
// same squares and kind when both are dark squares, else the same error
// or reading as the general path gives.
func TestNotationShortTable(t *testing.T) {
	seps := []byte{'-', ':', 'x', 'X', '/'}
	tried := 0
	for _, v := range Variants() {
		for corner := Corner(0); corner < 4; corner++ {
			nm := v.NamingFrom(false, Frame{Viewer: White, Corner: corner})
			names := nm.names()
			var n Notation
			for f0 := byte('a'); f0 <= 'q'; f0++ {
				for r0 := byte('0'); r0 <= '9'; r0++ {
					for _, sep := range seps {
						for f1 := byte('a'); f1 <= 'q'; f1 += 3 {
							for r1 := byte('0'); r1 <= '9'; r1++ {
								s := string([]byte{f0, r0, sep, f1, r1})
								err := n.ParseIn(nm, s)
								want, quiet, ok := parseLongReference(names, s)
								if ok {
									tried++
									if err != nil || !slices.Equal(n.Squares, want) || n.Quiet != quiet || n.Capture == quiet || n.FromFile != -1 {
										t.Fatalf("%v %v: %q read as %v quiet %v capture %v (%v), want %v quiet %v", v, corner, s, n.Squares, n.Quiet, n.Capture, err, want, quiet)
									}
								}
							}
						}
					}
				}
			}
		}
	}
	if tried < 10000 {
		t.Fatalf("only %d texts of two dark squares tried", tried)
	}
}

// TestNotationReuse: a Notation parsed into again reads every text as a
// new one does, whatever it held (the fields are reset one by one).
func TestNotationReuse(t *testing.T) {
	texts := []string{"cd4", "c:e5", "c3-d4", "c3:e5:g3", "22-17", "22x13x6", "a3b4", "c3-d4!", "zz", "", "e:e7", "c3xe5"}
	var used Notation
	for _, a := range texts {
		for _, b := range texts {
			used.Parse(Russian, a)
			errUsed := used.Parse(Russian, b)
			var fresh Notation
			errFresh := fresh.Parse(Russian, b)
			if (errUsed == nil) != (errFresh == nil) || !slices.Equal(used.Squares, fresh.Squares) ||
				used.FromFile != fresh.FromFile || used.Capture != fresh.Capture || used.Quiet != fresh.Quiet || used.fromCol != fresh.fromCol {
				t.Fatalf("%q after %q: %+v (%v), new: %+v (%v)", b, a, used, errUsed, fresh, errFresh)
			}
		}
	}
}
