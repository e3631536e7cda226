package damkabeam

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/pipeline"
)

// The summary quotes archive text (file names in the messages, names of
// variants not played): shown with its control characters escaped
// (issue 27), as damka check shows it.
func TestSummaryTextEscapes(t *testing.T) {
	s := Summary{
		Messages: []string{"damka: x\x1b]0;PWNED\x07.pdn: no games in this file"},
		Counts:   pipeline.Counts{UncheckedBy: map[string]int{"Frisian\x1b[2J": 1}, UncheckedFirst: map[string]int64{"Frisian\x1b[2J": 0}},
	}
	got := s.Text()
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("summary has control characters: %q", got)
	}
	for _, want := range []string{`damka: x\x1b]0;PWNED\x07.pdn: no games in this file` + "\n", `1 not checked: Frisian\x1b[2J is not played by damka` + "\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}

// Issue 29, item 1: with no input readable, damka-beam writes nothing
// (CheckInputs says so before the output folder is cleaned); with one
// readable, the run goes on and says what it could not read.
func TestCheckInputs(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo.pdn")
	said, err := CheckInputs(context.Background(), []string{missing, filepath.Join(dir, "*.pdn")})
	if !errors.Is(err, ErrNoInputRead) {
		t.Errorf("err = %v, want ErrNoInputRead", err)
	}
	if len(said) != 2 || !strings.Contains(said[0], "typo.pdn") {
		t.Errorf("said %q", said)
	}
	good := filepath.Join(dir, "a.pdn")
	os.WriteFile(good, []byte("[GameType \"25\"]\n\n1. c3-d4 *\n"), 0o644)
	said, err = CheckInputs(context.Background(), []string{missing, good})
	if err != nil || len(said) != 1 {
		t.Errorf("with one input readable: %q, %v", said, err)
	}
}
