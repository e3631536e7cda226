// Package display makes text from archives safe to show: a tag, a move,
// a comment or a file name is data, and a terminal obeys the control
// characters in what it is sent. `[White "\x1b]0;PWNED\a"]` printed as it
// is sets the terminal's title, `\x1b[2J` clears the screen, and a newline
// in a tag value forges a line of damka's own output. git, gh and less
// escape such bytes for the same reason (terminal escape injection).
//
// Text escapes what is quoted in a message; Writer is the last line of
// defence over a stream of messages (standard error, check's findings);
// JSON escapes the few control characters encoding/json leaves as they
// are. The datasets and the cleaned archive keep the bytes as they were:
// they are data, not display.
package display

import (
	"io"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// control reports whether r is a character a terminal may act on: the C0
// controls, DEL, and the C1 controls (U+0080-U+009F: CSI is U+009B, and
// terminals in 8-bit mode take the bytes 0x80-0x9F for them).
func control(r rune) bool {
	return r < 0x20 || r >= 0x7f && r <= 0x9f
}

// safe reports whether s needs no escaping (newline allowed when
// keepLines is set, tab always): the common case, checked first so that
// clean text goes out without a copy. A C1 control is U+0080-U+009F,
// written C2 80 - C2 9F in UTF-8; bytes that are not UTF-8 are escaped
// too (a terminal in a Latin code page takes 0x80-0x9F for C1 controls).
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
	if ascii {
		return true
	}
	switch v := any(s).(type) {
	case string:
		return utf8.ValidString(v)
	case []byte:
		return utf8.Valid(v)
	}
	return false
}

// Text returns s with every control character escaped: the C0 controls
// but tab (a newline too, so that a quoted value cannot forge a line of
// output) and DEL as \xHH, the C1 controls as \u0080-\u009f, and bytes
// that are not UTF-8 as \xHH. Printable text, Cyrillic included, is
// returned as it is.
func Text(s string) string {
	if safe(s, false) {
		return s
	}
	return string(appendEscaped(make([]byte, 0, len(s)+16), s, false))
}

// appendEscaped appends s to b with control characters escaped; newlines
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
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}

// Writer escapes control characters in what is written through it, but
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

// Write writes p to the underlying writer with control characters
// escaped. It reports len(p) written when the underlying write succeeds.
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
// \u007f-\u009f: the same JSON value, which no terminal acts on.
// encoding/json already escapes the C0 controls (\u001b) and replaces
// bytes that are not UTF-8 with U+FFFD. b must be JSON: outside strings
// JSON has no such characters.
func JSON(b []byte) []byte {
	clean := true
	for i := 0; i < len(b); i++ {
		if b[i] == 0x7f || b[i] == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9f {
			clean = false
			break
		}
	}
	if clean {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == 0x7f:
			out = append(out, `\u007f`...)
		case b[i] == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9f:
			out = append(out, '\\', 'u', '0', '0', hex[b[i+1]>>4], hex[b[i+1]&15])
			i++
		default:
			out = append(out, b[i])
		}
	}
	return out
}

// JSONWriter escapes, as JSON does, what a json.Encoder writes through it
// (an Encoder writes each value in one call).
type JSONWriter struct{ w io.Writer }

// NewJSONWriter returns a JSONWriter writing to w.
func NewJSONWriter(w io.Writer) *JSONWriter { return &JSONWriter{w: w} }

// Write writes the JSON text p with DEL and the C1 controls escaped.
func (j *JSONWriter) Write(p []byte) (int, error) {
	if _, err := j.w.Write(JSON(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
