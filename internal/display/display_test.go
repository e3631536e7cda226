package display

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
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
// UTF-8 counts.
func firstControl(s string, keepLines bool) int {
	for i, r := range s {
		switch {
		case r == '\t', r == '\n' && keepLines:
		case r < 0x20, r >= 0x7f && r <= 0x9f:
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
