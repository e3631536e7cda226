package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// Issue 44, item 9: Unicode's format characters in a tag or a file name
// reorder or hide what a line shows: U+202E (right-to-left override)
// turns "1-0" that follows it around, U+2066-U+2069 isolate text,
// U+200B-U+200F are invisible. They are shown escaped (\u202e), as the
// control characters are, in every text damka prints and in report.html;
// --json gives the same value, escaped; the data keeps its bytes.
const (
	forgedWhite = "Иванов\u202e0-1 \u2066Петров\u2069"
	forgedBlack = "Hervé\u200b\u200c\u200d\u200e\u200f\ufeff\u061c"
	// How messages show them.
	shownForgedWhite = `Иванов\u202e0-1 \u2066Петров\u2069`
	shownForgedBlack = `Hervé\u200b\u200c\u200d\u200e\u200f\ufeff\u061c`
)

// formatAt returns the offset of the first format character of s (or a
// line or paragraph separator), or -1.
func formatAt(s string) int {
	for i, r := range s {
		if unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			return i
		}
	}
	return -1
}

func assertNoFormat(t *testing.T, what, s string) {
	t.Helper()
	assertShown(t, what, s)
	if i := formatAt(s); i >= 0 {
		lo, hi := max(0, i-40), min(len(s), i+40)
		t.Errorf("%s has a format character at %d: %q", what, i, s[lo:hi])
	}
}

// forgedArchive writes, under a name with U+202E, the sample's first game
// and a game with a missed capture, both with the forged names. It
// returns the file's path.
func forgedArchive(t *testing.T, dir string) string {
	t.Helper()
	first := sampleGame()
	first = strings.Replace(first, `[White "Блиндер Б."]`, `[White "`+forgedWhite+`"]`, 1)
	first = strings.Replace(first, `[Black "Миротин Б."]`, `[Black "`+forgedBlack+`"]`, 1)
	bad := `[White "` + forgedWhite + `"]
[Black "` + forgedBlack + `"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 f6-e5 2. a3-b4 e5:a5 *
`
	path := filepath.Join(dir, "x\u202efdp.pdn")
	if err := os.WriteFile(path, []byte(first+"\n\n"+bad), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTerminalFormatCharacters(t *testing.T) {
	dir := t.TempDir()
	path := forgedArchive(t, dir)
	shownPath := strings.ReplaceAll(filepath.Dir(path), `\`, `\\`) + `/x\u202efdp.pdn`

	out, errOut, code := run(t, "", "check", "-q", path)
	if code != exitFindings {
		t.Errorf("check: exit %d, want %d:\n%s%s", code, exitFindings, out, errOut)
	}
	assertNoFormat(t, "check's output", out+errOut)
	if want := shownPath + ":22:19: game 2 (" + shownForgedWhite + " - " + shownForgedBlack + ", ?)"; !strings.Contains(out, want) {
		t.Errorf("check's output lacks %q:\n%s", want, out)
	}

	out, errOut, _ = run(t, "", "check", "-q", "--json", path)
	assertNoFormat(t, "check --json", out+errOut)
	if !strings.Contains(out, `x\u202efdp.pdn"`) {
		t.Errorf("check --json lacks the escaped file name:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var g struct{ File string }
		if err := json.Unmarshal([]byte(line), &g); err != nil || g.File != path {
			t.Errorf("check --json: file %q (%v), want %q", g.File, err, path)
		}
	}

	other := filepath.Join(dir, "y\u2066.pdn")
	b, _ := os.ReadFile(path)
	os.WriteFile(other, b, 0o644)
	out, errOut, _ = run(t, "", "dupes", "-q", path, other)
	assertNoFormat(t, "dupes' output", out+errOut)
	if !strings.Contains(out, `y\u2066.pdn:`) || !strings.Contains(out, `x\u202efdp.pdn:`) {
		t.Errorf("dupes lacks the escaped file names:\n%s", out)
	}
	out, errOut, _ = run(t, "", "dupes", "-q", "--json", path, other)
	assertNoFormat(t, "dupes --json", out+errOut)
	if !strings.Contains(out, `y\u2066.pdn"`) {
		t.Errorf("dupes --json lacks the escaped file name:\n%s", out)
	}

	sel := filepath.Join(dir, "sel.pdn")
	out, errOut, _ = run(t, "", "select", "-q", "--json", "-o", sel, path)
	assertNoFormat(t, "select --json", out+errOut)
	if !strings.Contains(out, shownForgedWhite) {
		t.Errorf("select --json lacks the escaped tag:\n%s", out)
	}
	// The data keeps its bytes.
	if b, _ := os.ReadFile(sel); !strings.Contains(string(b), `[White "`+forgedWhite+`"]`) {
		t.Errorf("select -o lost the tag's bytes")
	}

	outDir := filepath.Join(dir, "out")
	out, errOut, _ = run(t, "", "analyze", "-q", "--depth", "2", "--verify", "0", "--report", "-o", outDir, path)
	assertNoFormat(t, "analyze's output", out+errOut)
	page, err := os.ReadFile(filepath.Join(outDir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	assertNoFormat(t, "report.html", string(page))
	if !strings.Contains(string(page), shownForgedWhite) || !strings.Contains(string(page), `x\u202efdp.pdn`) {
		t.Errorf("report.html lacks the escaped tag or file name")
	}
	if b, _ := os.ReadFile(filepath.Join(outDir, "annotated.pdn")); !strings.Contains(string(b), forgedWhite) {
		t.Errorf("annotated.pdn lost the White tag's bytes")
	}
}

// report.html shows a tag's ESC and BEL escaped, as messages do (cat or
// less -R would obey them); the HTML escaping of markup stays.
func TestTerminalReportControls(t *testing.T) {
	dir := t.TempDir()
	path := hostileArchive(t, dir)
	outDir := filepath.Join(dir, "out")
	if _, errOut, _ := run(t, "", "analyze", "-q", "--depth", "2", "--verify", "0", "--report", "-o", outDir, path); !strings.Contains(errOut, "worst moves") {
		t.Fatalf("analyze: %s", errOut)
	}
	page, err := os.ReadFile(filepath.Join(outDir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	assertShown(t, "report.html", string(page))
	if !strings.Contains(string(page), shownWhite) || !strings.Contains(string(page), shownEvent) {
		t.Errorf("report.html lacks the tags, escaped")
	}
}
