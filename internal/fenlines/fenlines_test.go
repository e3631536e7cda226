package fenlines

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func all(t *testing.T, s *Scanner) []Item {
	t.Helper()
	var out []Item
	for {
		it, ok, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		out = append(out, it)
	}
}

// Arguments are numbered from 1; lines by their line number, blank ones
// skipped, the text after the first tab kept apart.
func TestScanner(t *testing.T) {
	got := all(t, New([]string{"W:W21:B5", "B:WK1:B9"}, strings.NewReader("ignored")))
	want := []Item{{Where: "argument 1", FEN: "W:W21:B5"}, {Where: "argument 2", FEN: "B:WK1:B9"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("arguments (-want +got):\n%s", d)
	}
	got = all(t, New(nil, strings.NewReader("W:W21:B5\tc3-d4 b6-a5\tx\n\n  \nB:WK1:B9\n")))
	want = []Item{{Where: "line 1", Line: 1, FEN: "W:W21:B5", Rest: "c3-d4 b6-a5\tx"}, {Where: "line 4", Line: 4, FEN: "B:WK1:B9"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("lines (-want +got):\n%s", d)
	}
}

// A line longer than MaxLine is an error, not a silent end.
func TestScannerLongLine(t *testing.T) {
	s := New(nil, strings.NewReader(strings.Repeat("x", MaxLine+1)))
	if _, ok, err := s.Next(); ok || err == nil || !strings.Contains(err.Error(), "reading standard input") {
		t.Errorf("Next = %v, %v", ok, err)
	}
}
