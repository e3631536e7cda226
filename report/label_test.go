package report

import (
	"strings"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// In English Black moves first (laws 1.11): the worst-move cards and the
// moves' titles label Black's moves "N." and White's "N...". With the
// GameType tag "23,W,8,8,A0,0" (unified pool checkers) White moves first
// and the labels follow (the page writes the moves in the variant's own
// numbers, as the datasets do).
func TestLabelsFirstMover(t *testing.T) {
	for _, tt := range []struct {
		text  string
		wants []string
	}{
		{"[GameType \"21\"]\n\n1. 11-15 23-18 2. 8-11 27-23 *\n", []string{"before 2. 8-11;", "before 2... 27-23;", "2. 8-11: blunder", "2... 27-23: blunder"}},
		{"[GameType \"23,W,8,8,A0,0\"]\n\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n", []string{"before 2. 25-22;", "before 2... 8-11;"}},
	} {
		g, err := pdn.NewReader(strings.NewReader(tt.text), "x.pdn").Next()
		if g == nil {
			t.Fatal(err)
		}
		r := validate.Game(g, validate.Options{})
		if len(r.Plies) != 4 || r.Findings.Errors() != 0 {
			t.Fatalf("%d plies, %+v", len(r.Plies), r.Findings)
		}
		ga := &analyze.GameAnalysis{Depth: 2, Plies: make([]analyze.PlyAnalysis, len(r.Plies))}
		for i := range ga.Plies {
			ga.Plies[i] = analyze.PlyAnalysis{Class: analyze.ClassGood}
		}
		for _, i := range []int{2, 3} {
			ga.Plies[i] = analyze.PlyAnalysis{Before: 0, After: -500, Loss: 500, Class: analyze.ClassBlunder}
		}
		a := NewAnalysis(5, 5)
		a.Add("x.pdn", r, ga)
		page := write(t, a)
		for _, want := range tt.wants {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the page lacks %q", r.Variant, want)
			}
		}
	}
}
