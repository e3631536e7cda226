package pdn

import "unicode/utf8"

// utf8Damage counts, in b, the valid UTF-8 sequences of more than one
// byte and the bytes that are not UTF-8. Text in a one-byte code page
// has many of the second and next to none of the first; UTF-8 text with
// a bad byte, the other way round.
func utf8Damage(b []byte) (multi, invalid int) {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			invalid++
		} else {
			multi++
		}
		i += n
	}
	return multi, invalid
}

// replaceInvalid returns b with each byte that is not UTF-8 replaced by
// U+FFFD, and the offsets of the replacements in the result.
func replaceInvalid(b []byte) ([]byte, []int) {
	out := make([]byte, 0, len(b)+16)
	var at []int
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			at = append(at, len(out))
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out, at
}

// maxBadBytes is how many positions of bad bytes a Game keeps.
const maxBadBytes = 10

// badPositions turns offsets into raw (which starts at line, col and at
// offset off of the text) into positions, the first maxBadBytes of them.
func badPositions(raw string, at []int, off, line, col int) []Pos {
	if len(at) > maxBadBytes {
		at = at[:maxBadBytes]
	}
	out := make([]Pos, 0, len(at))
	k := 0
	for i := 0; i < len(raw) && k < len(at); i++ {
		if i == at[k] {
			out = append(out, Pos{Offset: off + i, Line: int32(line), Column: int32(col)})
			k++
		}
		switch raw[i] {
		case '\n':
			line, col = line+1, 1
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				col++
				continue
			}
			line, col = line+1, 1
		default:
			col++
		}
	}
	return out
}
