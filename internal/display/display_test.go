package display

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// The sequences of issue 27: a title set by OSC, colours by CSI, the
// screen cleared, and the C1 form of CSI.
const (
	oscTitle = "\x1b]0;PWNED\x07"
	red      = "\x1b[31mred\x1b[0m"
	clear    = "\x1b[2J"
	c1CSI    = "\u009b31m"
)

func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Иванов", "Иванов"},
		{"Hervé Müller\tjr.", "Hervé Müller\tjr."},
		{oscTitle + red, `\x1b]0;PWNED\x07\x1b[31mred\x1b[0m`},
		{clear, `\x1b[2J`},
		{"a\nb\r\n", `a\x0ab\x0d\x0a`},
		{"del\x7f", `del\x7f`},
		{c1CSI, `\u009b31m`},
		{"\u0085nel", `\u0085nel`},
		{"\xff\x9b", `\xff\x9b`},
		{"\u00a0ok", "\u00a0ok"}, // U+00A0 is printable, not C1
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// No escape introducer, control or C1 character survives Text, and clean
// text is returned as it is (property over arbitrary strings).
func TestTextProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		if rapid.Bool().Draw(t, "raw") {
			s += string(rapid.SliceOf(rapid.Byte()).Draw(t, "bytes"))
		}
		got := Text(s)
		if bad := firstControl(got, false); bad >= 0 {
			t.Fatalf("Text(%q) = %q keeps a control at %d", s, got, bad)
		}
		if firstControl(s, false) < 0 && got != s {
			t.Fatalf("Text(%q) = %q changed clean text", s, got)
		}
	})
}

// firstControl returns the index of the first byte a terminal could act
// on in s (newline allowed with keepLines), or -1; any byte that is not
// UTF-8 counts, and so does a format character (issue 44).
func firstControl(s string, keepLines bool) int {
	for i, r := range s {
		switch {
		case r == '\t', r == '\n' && keepLines:
		case r < 0x20, r >= 0x7f && r <= 0x9f:
			return i
		case unicode.Is(unicode.Cf, r), r == 0x2028, r == 0x2029:
			return i
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return i
		}
	}
	return -1
}

func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	in := "x.pdn:3:1: game 1 (" + oscTitle + red + " - ?, ?): error\n" + clear + "\tnext line\n"
	n, err := w.Write([]byte(in))
	if err != nil || n != len(in) {
		t.Fatalf("Write = %d, %v; want %d, nil", n, err, len(in))
	}
	want := `x.pdn:3:1: game 1 (\x1b]0;PWNED\x07\x1b[31mred\x1b[0m - ?, ?): error` + "\n" + `\x1b[2J` + "\tnext line\n"
	if b.String() != want {
		t.Errorf("Writer wrote %q, want %q", b.String(), want)
	}
	b.Reset()
	w.Write([]byte("plain\n"))
	if b.String() != "plain\n" {
		t.Errorf("Writer changed clean text: %q", b.String())
	}
}

func TestJSON(t *testing.T) {
	v := map[string]string{"White": oscTitle + red + "\x7f" + c1CSI + "\u0085"}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got := JSON(raw)
	for i := 0; i < len(got); i++ {
		if got[i] < 0x20 || got[i] == 0x7f || got[i] == 0xc2 {
			t.Fatalf("JSON(%s) = %s keeps byte %#x at %d", raw, got, got[i], i)
		}
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatalf("JSON output is not JSON: %v: %s", err, got)
	}
	if back["White"] != v["White"] {
		t.Errorf("JSON changed the value: %q, want %q", back["White"], v["White"])
	}
	clean := []byte(`{"White":"Иванов"}`)
	if got := JSON(clean); !bytes.Equal(got, clean) {
		t.Errorf("JSON changed clean JSON: %s", got)
	}
}

// Issue 44, item 9: Unicode's format characters reorder or hide what a
// line shows (U+202E makes "x\u202efdp.exe" show as "xexe.pdf"); they
// are escaped as \uHHHH, and letters, accents and CJK are not.
func TestTextFormatCharacters(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Result 1-0\u202e2-0", `Result 1-0\u202e2-0`},
		{"x\u202efdp.exe", `x\u202efdp.exe`},
		{"\u2066a\u2067b\u2068c\u2069", `\u2066a\u2067b\u2068c\u2069`},
		{"\u202a\u202b\u202c\u202d\u200e\u200f\u061c", `\u202a\u202b\u202c\u202d\u200e\u200f\u061c`},
		{"Ива\u200bнов\u200c\u200d\ufeff", `Ива\u200bнов\u200c\u200d\ufeff`},
		{"a\u2028b\u2029", `a\u2028b\u2029`},
		{"tag\U000E0041", `tag\U000e0041`},
		{"Цирик З.И.", "Цирик З.И."},
		{"Hervé Müller, Ångström", "Hervé Müller, Ångström"},
		{"e\u0301 王 العربية עברית", "e\u0301 王 العربية עברית"}, // a combining accent, CJK, right-to-left letters
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	var b bytes.Buffer
	NewWriter(&b).Write([]byte("x\u202efdp.exe:1:1: Иванов\n"))
	if want := `x\u202efdp.exe:1:1: Иванов` + "\n"; b.String() != want {
		t.Errorf("Writer wrote %q, want %q", b.String(), want)
	}
}

func TestJSONFormatCharacters(t *testing.T) {
	v := map[string]string{"White": "Иванов\u202e0-1\u200b\u2066\ufeff\U000E0041"}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got := JSON(raw)
	if want := `{"White":"Иванов\u202e0-1\u200b\u2066\ufeff\udb40\udc41"}`; string(got) != want {
		t.Errorf("JSON(%s) = %s, want %s", raw, got, want)
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["White"] != v["White"] {
		t.Errorf("JSON changed the value: %q (%v), want %q", back["White"], err, v["White"])
	}
}

// format is category Cf and the two separators, whatever its shortcuts.
func TestFormatIsCf(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if want := unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029; format(r) != want {
			t.Errorf("format(%U) = %v, want %v", r, !want, want)
		}
	}
}
