package output

import (
	"os"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
)

// The spool of clean --drop-duplicates has no name in the temporary
// folder while it is used, so that a run killed at once (kill -9) leaves
// nothing there (issue 29, item 9); it holds its games all the same.
func TestSpoolLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	s, err := NewSpool()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := pdn.NewReader(strings.NewReader(`[Event "spool"]
[GameType "25"]
1. c3-d4 f6-e5 *`), "g").Next()
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := s.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	if es, _ := os.ReadDir(tmp); len(es) != 0 {
		t.Errorf("the temporary folder holds %s", es[0].Name())
	}
	var sb strings.Builder
	if n, err := s.CopyTo(&sb, func(seq int) bool { return seq == 1 }); n != 1 || err != nil || !strings.Contains(sb.String(), "c3-d4") {
		t.Errorf("CopyTo: %d, %v: %q", n, err, sb.String())
	}
}
