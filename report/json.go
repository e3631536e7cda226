package report

import (
	"strconv"
	"unicode/utf8"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/validate"
)

// AppendCheckJSON appends the line damka check --json prints for r to
// dst: CheckJSON's JSONGame as a json.Encoder with SetEscapeHTML(false)
// writes it, newline included, escaped for display as display.JSON
// escapes it, byte for byte, but without a JSONGame, reflection or an
// allocation of its own (the line is built in dst, which a caller reuses
// from game to game; display.JSON is run only on a line with a byte
// that is not ASCII or DEL, which only its strings can have, the others
// having nothing it escapes). ok is
// false, and dst returned as it was, when filter keeps none of the
// findings (CheckJSON's ok).
func AppendCheckJSON(dst []byte, r *validate.Report, filter func(*validate.Finding) bool) (_ []byte, ok bool) {
	start := len(dst)
	var wide bool
	dst, ok = appendCheckJSON(dst, r, filter, &wide)
	if !ok {
		return dst, false
	}
	if wide {
		line := display.JSON(dst[start:])
		return append(dst[:start], line...), true
	}
	return dst, true
}

// appendCheckJSON is AppendCheckJSON without the escapes for display;
// it sets *wide when a string of the line has a byte of 0x7f (DEL) or
// above (appendJSONString).
func appendCheckJSON(dst []byte, r *validate.Report, filter func(*validate.Finding) bool, wide *bool) (_ []byte, ok bool) {
	if filter != nil {
		ok = false
		for i := range r.Findings {
			if filter(&r.Findings[i]) {
				ok = true
				break
			}
		}
		if !ok {
			return dst, false
		}
	}
	dst = append(dst, `{"file":`...)
	dst = appendJSONString(dst, r.Game.File, wide)
	dst = append(dst, `,"game":`...)
	dst = strconv.AppendInt(dst, int64(r.Game.Index), 10)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(r.Game.Pos.Line), 10)
	dst = append(dst, `,"plies":`...)
	dst = strconv.AppendInt(dst, int64(len(r.Plies)), 10)
	dst = append(dst, `,"status":`...)
	dst = appendJSONString(dst, string(r.Status()), wide)
	dst = append(dst, `,"findings":[`...)
	first := true
	for i := range r.Findings {
		f := &r.Findings[i]
		if filter != nil && !filter(f) {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, `{"kind":`...)
		dst = appendJSONString(dst, string(f.Kind), wide)
		dst = append(dst, `,"severity":`...)
		dst = appendJSONString(dst, string(f.Severity), wide)
		dst = append(dst, `,"ply":`...)
		dst = strconv.AppendInt(dst, int64(f.Ply), 10)
		dst = append(dst, `,"move":`...)
		if f.Move != "" {
			dst = appendJSONString(dst, f.Move, wide)
		} else {
			dst = append(dst, "null"...)
		}
		dst = append(dst, `,"line":`...)
		dst = strconv.AppendInt(dst, int64(f.Line), 10)
		dst = append(dst, `,"column":`...)
		dst = strconv.AppendInt(dst, int64(f.Col), 10)
		dst = append(dst, `,"message":`...)
		dst = appendJSONString(dst, f.Message, wide)
		if f.Repairable() || f.Kind == validate.Repaired {
			dst = append(dst, `,"repairs":[`...)
			for k, c := range f.Repairs {
				if k > 0 {
					dst = append(dst, ',')
				}
				dst = append(dst, `{"move":`...)
				dst = appendJSONString(dst, c.Move, wide)
				dst = append(dst, `,"edit":`...)
				dst = appendJSONString(dst, string(c.Edit), wide)
				dst = append(dst, `,"replays_to_end":`...)
				dst = strconv.AppendBool(dst, c.ReplaysToEnd)
				dst = append(dst, `,"plies_replayed_after":`...)
				dst = strconv.AppendInt(dst, int64(c.PliesAfter), 10)
				dst = append(dst, '}')
			}
			dst = append(dst, ']')
		}
		dst = append(dst, '}')
	}
	dst = append(dst, "]}\n"...)
	return dst, true
}

const hexDigits = "0123456789abcdef"

// plainJSON reports whether the eight bytes of x (little-endian, as
// load8 reads them) are all ASCII that appendJSONString writes as they
// are and display.JSON leaves: none below 0x20, '"', '\\' or DEL, and
// none with bit 7 set. In each byte, x-0x20 borrows into bit 7 (of a
// byte whose bit 7 was clear) only below 0x20, and x^'"', x^'\\' or
// x^DEL is zero, which less one borrows into bit 7, only for that byte:
// the classic test for a zero byte, in which a borrow from the byte
// below sets bit 7 of a byte that was not one only after a byte that
// was.
func plainJSON(x uint64) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	q, bs, del := x^('"'*ones), x^('\\'*ones), x^(0x7f*ones)
	return (x|(x-0x20*ones)|(q-ones)&^q|(bs-ones)&^bs|(del-ones)&^del)&high == 0
}

// load8 reads the first eight bytes of s as a little-endian number (one
// load: the compiler joins the eight).
func load8(s string) uint64 {
	s = s[:8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// appendJSONString appends s as encoding/json writes a string with HTML
// escaping off: '"' and '\\' escaped, the controls below U+0020 as \b,
// \f, \n, \r, \t or \u00XX, a byte that is not UTF-8 as \ufffd, U+2028
// and U+2029 as \u2028 and \u2029; everything else as it is. It sets
// *wide when s has a byte of 0x7f (DEL) or above.
func appendJSONString(dst []byte, s string, wide *bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				if b == 0x7f {
					*wide = true
				}
				// After a byte written as it is, the next eight at once
				// while none of them is to escape, DEL or past ASCII.
				for i++; i+8 <= len(s) && plainJSON(load8(s[i:])); i += 8 {
				}
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xf])
			}
			i++
			start = i
			continue
		}
		*wide = true
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
