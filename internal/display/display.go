// Package display makes text from archives safe to show: a tag, a move,
// a comment or a file name is data, and a terminal obeys the control
// characters in what it is sent. `[White "\x1b]0;PWNED\a"]` printed as it
// is sets the terminal's title, `\x1b[2J` clears the screen, and a newline
// in a tag value forges a line of damka's own output. git, gh and less
// escape such bytes for the same reason (terminal escape injection).
// Unicode's format characters are invisible and act on the text around
// them: a file name "x\u202efdp.exe" shows as "xexe.pdf" (U+202E, the
// right-to-left override, reverses what follows it), a zero-width space
// makes two names that look the same differ. They are escaped too
// (`\u202e`), on a terminal and in the HTML report alike.
//
// Text escapes what is quoted in a message; Writer is the last line of
// defence over a stream of messages (standard error, check's findings);
// JSON escapes the few control and format characters encoding/json
// leaves as they are. The datasets and the cleaned archive keep the bytes
// as they were: they are data, not display.
package display

import (
	"io"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// control reports whether r is a character a terminal may act on: the C0
// controls, DEL, and the C1 controls (U+0080-U+009F: CSI is U+009B, and
// terminals in 8-bit mode take the bytes 0x80-0x9F for them).
func control(r rune) bool {
	return r < 0x20 || r >= 0x7f && r <= 0x9f
}

// format reports whether r is an invisible character that changes how the
// text around it is shown: Unicode's format characters (category Cf: the
// bidirectional controls U+061C, U+200E-U+200F, U+202A-U+202E and
// U+2066-U+2069, the zero-width U+200B-U+200D, U+2060-U+2064 and U+FEFF,
// the soft hyphen, the tag characters U+E0001-U+E007F...) and the line and
// paragraph separators U+2028 and U+2029. Letters, accents (combining
// marks), CJK and the rest of printable text are not.
func format(r rune) bool {
	switch {
	case r < 0xad:
		return false
	case r == 0xad:
		return true
	case r < 0x600: // Latin, Greek, Cyrillic, Armenian, Hebrew: none
		return false
	}
	return unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029
}

// formatFree reports whether the non-ASCII UTF-8 text s is valid and has
// no format character.
func formatFree[T string | []byte](s T) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		var r rune
		var n int
		switch v := any(s).(type) {
		case string:
			r, n = utf8.DecodeRuneInString(v[i:])
		case []byte:
			r, n = utf8.DecodeRune(v[i:])
		}
		if r == utf8.RuneError && n == 1 || format(r) {
			return false
		}
		i += n
	}
	return true
}

// safe reports whether s needs no escaping (newline allowed when
// keepLines is set, tab always): the common case, checked first so that
// clean text goes out without a copy. A C1 control is U+0080-U+009F,
// written C2 80 - C2 9F in UTF-8; bytes that are not UTF-8 are escaped
// too (a terminal in a Latin code page takes 0x80-0x9F for C1 controls),
// and so are format characters.
func safe[T string | []byte](s T, keepLines bool) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t', c == '\n' && keepLines:
		case c < 0x20 || c == 0x7f:
			return false
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			return false
		case c >= 0x80:
			ascii = false
		}
	}
	return ascii || formatFree(s)
}

// Text returns s with every control character escaped: the C0 controls
// but tab (a newline too, so that a quoted value cannot forge a line of
// output) and DEL as \xHH, the C1 controls as \u0080-\u009f, format
// characters as \uHHHH (\u202e; \UHHHHHHHH above U+FFFF), and bytes that
// are not UTF-8 as \xHH. Printable text, Cyrillic included, is returned as
// it is.
func Text(s string) string {
	if safe(s, false) {
		return s
	}
	return string(appendEscaped(make([]byte, 0, len(s)+16), s, false))
}

// appendEscaped appends s to b with control and format characters escaped; newlines
// are kept when keepLines is set.
func appendEscaped(b []byte, s string, keepLines bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if c < 0x20 && c != '\t' && !(c == '\n' && keepLines) || c == 0x7f {
				b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
			} else {
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
		case control(r):
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&15])
		case format(r) && r > 0xffff:
			b = append(b, '\\', 'U', '0', '0', '0', hex[r>>16&15], hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		case format(r):
			b = append(b, '\\', 'u', hex[r>>12], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}

// Writer escapes control and format characters in what is written through it, but
// newline and tab: the lines of messages pass, a terminal's commands in
// them do not. Each Write is escaped on its own (fmt writes a message in
// one call), so a UTF-8 sequence cut between two writes is escaped as
// bytes: shown, never obeyed.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p to the underlying writer with control and format
// characters escaped. It reports len(p) written when the underlying write succeeds.
func (w *Writer) Write(p []byte) (int, error) {
	if safe(p, true) {
		if _, err := w.w.Write(p); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	w.buf = appendEscaped(w.buf[:0], string(p), true)
	if _, err := w.w.Write(w.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// JSON returns the encoding of a JSON text b with the control characters
// encoding/json leaves as they are (DEL and the C1 controls) escaped as
// \u007f-\u009f, and the format characters (\u202e; a pair of surrogates
// above U+FFFF, \udb40\udc41): the same JSON value, which no terminal acts
// on. encoding/json already escapes the C0 controls (\u001b) and U+2028
// and U+2029, and replaces bytes that are not UTF-8 with U+FFFD. b must be
// JSON: outside strings JSON has no such characters.
func JSON(b []byte) []byte {
	clean := true
	for i := 0; i < len(b); i++ {
		if b[i] == 0x7f || b[i] == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9f {
			clean = false
			break
		}
		if b[i] >= utf8.RuneSelf {
			if r, _ := utf8.DecodeRune(b[i:]); format(r) {
				clean = false
				break
			}
		}
	}
	if clean {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		if b[i] == 0x7f {
			out = append(out, `\u007f`...)
			i++
			continue
		}
		if b[i] < utf8.RuneSelf {
			out = append(out, b[i])
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case control(r):
			out = append(out, '\\', 'u', '0', '0', hex[r>>4], hex[r&15])
		case format(r):
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				out = appendU4(out, hi)
				r = lo
			}
			out = appendU4(out, r)
		default:
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

// appendU4 appends the JSON escape \uHHHH of r (at most U+FFFF).
func appendU4(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
}

// JSONWriter escapes, as JSON does, what a json.Encoder writes through it
// (an Encoder writes each value in one call).
type JSONWriter struct{ w io.Writer }

// NewJSONWriter returns a JSONWriter writing to w.
func NewJSONWriter(w io.Writer) *JSONWriter { return &JSONWriter{w: w} }

// Write writes the JSON text p with DEL, the C1 controls and the format
// characters escaped.
func (j *JSONWriter) Write(p []byte) (int, error) {
	if _, err := j.w.Write(JSON(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
