package damkabeam

import (
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
