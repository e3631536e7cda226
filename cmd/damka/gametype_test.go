package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Two International games whose GameType tags say "numbered from White's
// bottom right": one numbered so, one numbered as everyone numbers
// (PlayOK's kurnik.pdn). check warns once for the file about the second;
// clean writes each in the numbers it was read in, the first with its tag,
// the second with a tag that says how it was read.
const gameTypeArchive = `[Event "as the tag says"]
[GameType "20,W,10,10,N1,0"]

1. 19-23 33-28 2. 18-22 28x19 3. 14x23 34-29 *

[Event "standard"]
[GameType "20,W,10,10,N1,0"]

1. 32-28 18-23 2. 33-29 23x32 3. 37x28 17-22 *

[Event "standard too"]
[GameType "20,W,10,10,N1,0"]

1. 32-28 18-23 2. 33-29 23x32 3. 37x28 16-21 *
`

func TestCleanGameType(t *testing.T) {
	dir := t.TempDir()
	in, clean := filepath.Join(dir, "in.pdn"), filepath.Join(dir, "clean.pdn")
	if err := os.WriteFile(in, []byte(gameTypeArchive), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "", "check", "-q", in)
	if code != exitOK {
		t.Errorf("check exit %d:\n%s", code, out)
	}
	want := `in.pdn:6:1: game 2 (? - ?, standard) and 1 more game of this file: gametype_mismatch: GameType "20,W,10,10,N1,0" numbers the squares from White's bottom right (1 = i1), but the moves are numbered from White's top left (1 = b10), as in International draughts: read so`
	if !strings.Contains(out, want) || strings.Count(out, "gametype_mismatch") != 2 { // the line and the summary
		t.Errorf("check:\n%s", out)
	}
	if _, errOut, code := run(t, "", "clean", "-q", in, "-o", clean); code != exitOK {
		t.Fatalf("clean exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(clean)
	for _, want := range []string{
		"[GameType \"20,W,10,10,N1,0\"]\n\n1. 19-23 33-28 2. 18-22 28x19 3. 14x23 34-29 *",
		"[GameType \"20,W,10,10,N2,0\"]\n\n1. 32-28 18-23 2. 33-29 23x32 3. 37x28 17-22 *",
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("clean archive lacks %q:\n%s", want, data)
		}
	}
	// The cleaned archive reads back with no finding at all.
	if out, _, code := run(t, "", "check", "-q", clean); code != exitOK || strings.Contains(out, "gametype_mismatch") {
		t.Errorf("cleaned archive: exit %d\n%s", code, out)
	}
}
