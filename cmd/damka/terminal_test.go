package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/damka/damka/internal/iostreams"
	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/report"
)

// Issue 27: archive text is shown, never obeyed. The sequences: a
// terminal title set by OSC, colours by CSI, the screen cleared, DEL, and
// CSI as a C1 control.
const (
	hostileWhite = "\x1b]0;PWNED\x07\x1b[31mred\x1b[0m"
	hostileEvent = "\x1b[2J\x7fcup\u009b1m"
	// How messages show them.
	shownWhite = `\x1b]0;PWNED\x07\x1b[31mred\x1b[0m`
	shownEvent = `\x1b[2J\x7fcup\u009b1m`
)

// controlAt returns the offset of the first byte of s a terminal could
// act on (a C0 control but newline and tab, DEL, a C1 control, a byte
// that is not UTF-8), or -1.
func controlAt(s string) int {
	for i, r := range s {
		switch {
		case r == '\n', r == '\t':
		case r < 0x20, r >= 0x7f && r <= 0x9f:
			return i
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return i
		}
	}
	return -1
}

func assertShown(t *testing.T, what, s string) {
	t.Helper()
	if i := controlAt(s); i >= 0 {
		lo, hi := max(0, i-40), min(len(s), i+40)
		t.Errorf("%s has a control character at %d: %q", what, i, s[lo:hi])
	}
}

// sampleGame is the first game of the sample archive, with LF line ends.
func sampleGame() string {
	first, _, _ := strings.Cut(strings.ReplaceAll(string(sample.PDN), "\r\n", "\n"), "\n\n[")
	return first
}

// hostileArchive writes an archive whose tags, comments and file name
// carry the sequences: the sample's first game (legal: analyse it) and a
// game with a missed capture and a wrong Result tag (findings). It
// returns the file's path.
func hostileArchive(t *testing.T, dir string) string {
	t.Helper()
	first := sampleGame()
	first = strings.Replace(first, `[White "Блиндер Б."]`, `[White "`+hostileWhite+`"]`, 1)
	first = strings.Replace(first, `[Event "X чемпионат СССР"]`, `[Event "`+hostileEvent+`"]`, 1)
	first = strings.Replace(first, "1. c3-d4", "{"+hostileEvent+"} 1. c3-d4", 1)
	bad := `[White "` + hostileWhite + `"]
[Event "` + hostileEvent + `"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 f6-e5 2. a3-b4 {` + hostileWhite + `} e5:a5 *
`
	path := filepath.Join(dir, "x\x1b[31m.pdn")
	if err := os.WriteFile(path, []byte(first+"\n\n"+bad), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTerminalCheck(t *testing.T) {
	path := hostileArchive(t, t.TempDir())
	out, errOut, code := run(t, "", "check", "-q", path)
	if code != exitFindings {
		t.Errorf("exit %d, want %d:\n%s%s", code, exitFindings, out, errOut)
	}
	assertShown(t, "check's output", out)
	assertShown(t, "check's errors", errOut)
	for _, want := range []string{
		strings.ReplaceAll(filepath.Dir(path), `\`, `\\`) + `/x\x1b[31m.pdn:22:19: `, // the file name
		"game 2 (" + shownWhite + " - ?, " + shownEvent + "): ply 3 (2. a3-b4): missed_capture",
		"wrong_result: the Result tag says 1-0 but",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check's output lacks %q:\n%s", want, out)
		}
	}
}

func TestTerminalCheckJSON(t *testing.T) {
	path := hostileArchive(t, t.TempDir())
	out, errOut, _ := run(t, "", "check", "-q", "--json", path)
	assertShown(t, "check --json", out)
	assertShown(t, "check --json's errors", errOut)
	sc := bufio.NewScanner(strings.NewReader(out))
	n := 0
	for sc.Scan() {
		var g report.JSONGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		// The JSON value is the data as it was: the file name's escape
		// byte is there once decoded.
		if g.File != path {
			t.Errorf("file %q, want %q", g.File, path)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d JSON lines, want 2:\n%s", n, out)
	}
	if !strings.Contains(out, `\u001b[31m.pdn`) {
		t.Errorf("check --json does not escape the file name's ESC as \\u001b:\n%s", out)
	}
}

func TestTerminalCleanKeepsData(t *testing.T) {
	dir := t.TempDir()
	path := hostileArchive(t, dir)
	cleaned, rejects := filepath.Join(dir, "clean.pdn"), filepath.Join(dir, "rejects.pdn")
	out, errOut, _ := run(t, "", "clean", "-q", path, "-o", cleaned, "--rejects", rejects)
	assertShown(t, "clean's output", out+errOut)
	if !strings.Contains(errOut, "2 games read: 1 written, 1 rejected") {
		t.Errorf("clean's summary: %s", errOut)
	}
	// The cleaned archive and the rejects are data: their bytes as read.
	for _, f := range []string{cleaned, rejects} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `[White "`+hostileWhite+`"]`) {
			t.Errorf("%s lost the White tag's bytes:\n%q", filepath.Base(f), b)
		}
	}
}

func TestTerminalAnalyze(t *testing.T) {
	dir := t.TempDir()
	path := hostileArchive(t, dir)
	outDir := filepath.Join(dir, "out")
	out, errOut, _ := run(t, "", "analyze", "-q", "--depth", "2", "--verify", "0", "--report", "-o", outDir, path)
	assertShown(t, "analyze's output", out+errOut)
	if !strings.Contains(errOut, "worst moves") || !strings.Contains(errOut, "game 1 ("+shownWhite+" - Миротин Б., "+shownEvent+")") {
		t.Errorf("analyze's worst moves lack the escaped label:\n%s", errOut)
	}
	// The annotated archive is data; the report escapes HTML, and the
	// boards' titles (SVG) show the controls as messages do.
	b, err := os.ReadFile(filepath.Join(outDir, "annotated.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), hostileWhite) {
		t.Errorf("annotated.pdn lost the White tag's bytes")
	}
}

// The report escapes HTML in archive text (a tag that is markup).
func TestTerminalReportEscapesHTML(t *testing.T) {
	dir := t.TempDir()
	first := sampleGame()
	first = strings.Replace(first, `[White "Блиндер Б."]`, `[White "<script>alert(1)</script>`+hostileWhite+`"]`, 1)
	path := filepath.Join(dir, "a.pdn")
	os.WriteFile(path, []byte(first+"\n"), 0o644)
	outDir := filepath.Join(dir, "out")
	if _, errOut, code := run(t, "", "analyze", "-q", "--depth", "2", "--verify", "0", "--report", "-o", outDir, path); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	page, err := os.ReadFile(filepath.Join(outDir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(page), "<script>alert(1)") {
		t.Errorf("report.html has the tag's markup unescaped")
	}
	if !strings.Contains(string(page), "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("report.html lacks the tag, escaped")
	}
}

func TestTerminalSelect(t *testing.T) {
	dir := t.TempDir()
	path := hostileArchive(t, dir)
	sel := filepath.Join(dir, "sel.pdn")
	out, errOut, _ := run(t, "", "select", "-q", "--json", "-o", sel, path)
	assertShown(t, "select --json", out)
	assertShown(t, "select's errors", errOut)
	if !strings.Contains(out, `\u001b]0;PWNED\u0007`) {
		t.Errorf("select --json lacks the escaped tag:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("not JSON: %s", line)
		}
	}
	b, _ := os.ReadFile(sel)
	if !strings.Contains(string(b), hostileWhite) {
		t.Errorf("select -o lost the tag's bytes")
	}
}

func TestTerminalDupes(t *testing.T) {
	dir := t.TempDir()
	path := hostileArchive(t, dir)
	b, _ := os.ReadFile(path)
	other := filepath.Join(dir, "y\x1b]0;T\x07.pdn")
	os.WriteFile(other, b, 0o644)
	out, errOut, _ := run(t, "", "dupes", "-q", path, other)
	assertShown(t, "dupes' output", out+errOut)
	if !strings.Contains(out, `y\x1b]0;T\x07.pdn:`) {
		t.Errorf("dupes lacks the escaped file name:\n%s", out)
	}
	out, _, _ = run(t, "", "dupes", "-q", "--json", path, other)
	assertShown(t, "dupes --json", out)
}

func TestTerminalDiagram(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "d.svg")
	out, errOut, code := run(t, "", "diagram", "--title", hostileWhite, "-o", svg, "W:Wc3:Bf6")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	assertShown(t, "diagram's output", out+errOut)
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	assertShown(t, "the SVG", string(b))
	if !strings.Contains(string(b), `<title>\x1b]0;PWNED\x07\x1b[31mred\x1b[0m</title>`) {
		t.Errorf("the SVG's title is not shown escaped:\n%s", b)
	}
	// A line of standard input that does not read: its text in the message.
	_, errOut, _ = run(t, "W:Wc3:Bf6\tc3-d4"+hostileEvent+"\n", "diagram", "-o", filepath.Join(dir, "many"), "-")
	assertShown(t, "diagram's error", errOut)
}

// The error of a command, printed once by main, quotes what the user or
// the archive named.
func TestTerminalExitMessage(t *testing.T) {
	io, _, errb := iostreams.Test("")
	exitStatus(io, context.Background(), &exitError{code: exitInput, err: fmt.Errorf("%s: no such file", "no\x1b[2J\n.pdn")}, false)
	exitStatus(io, context.Background(), errors.New("bad \x1b]0;T\x07"), false)
	assertShown(t, "main's message", errb.String())
	if want := "damka: no\\x1b[2J\\x0a.pdn: no such file\ndamka: bad \\x1b]0;T\\x07\n"; errb.String() != want {
		t.Errorf("main printed %q, want %q", errb.String(), want)
	}
	// An input that cannot be read is named escaped too.
	_, errOut, _ := run(t, "", "check", "-q", "missing\x1b[2J.pdn")
	assertShown(t, "check's input error", errOut)
	if !strings.Contains(errOut, `missing\x1b[2J.pdn`) {
		t.Errorf("input error: %q", errOut)
	}
}
