package output

import (
	"strings"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// TestAnnotateCopiesNotes: Annotate marks and comments the moves of a copy
// and leaves the game it was given, and the Notes it shares, as they were.
func TestAnnotateCopiesNotes(t *testing.T) {
	const text = `[GameType "25"] 1. c3-d4 {first} f6-e5 $1 2. d4xf6 g7xe5 *`
	g, err := pdn.NewReader(strings.NewReader(text), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	r := validate.Game(g, validate.Options{})
	if len(r.Plies) != 4 {
		t.Fatalf("%d plies", len(r.Plies))
	}
	ga := &analyze.GameAnalysis{Depth: 3, Plies: make([]analyze.PlyAnalysis, len(r.Plies))}
	for i := range ga.Plies {
		ga.Plies[i] = analyze.PlyAnalysis{Class: analyze.ClassBlunder, After: -200}
	}
	a := Annotate(r, ga, "damka test, depth 3")
	for i, m := range a.Moves {
		if m.Strength() != "??" || len(m.Comments()) == 0 {
			t.Errorf("annotated move %d: %q %q", i, m.Strength(), m.Comments())
		}
	}
	if got := a.Moves[0].Comments(); len(got) != 2 || got[0] != "first" {
		t.Errorf("annotated move 1: comments %q", got)
	}
	if got := a.Moves[1].NAGs(); len(got) != 1 || got[0] != 1 {
		t.Errorf("annotated move 2: NAGs %v", got)
	}
	if n := len(a.Tags); n == 0 || a.Tags[n-1] != (pdn.Tag{Name: "Annotator", Value: "damka test, depth 3"}) {
		t.Errorf("annotated tags %v", a.Tags)
	}
	m0, m1 := g.Moves[0], g.Moves[1]
	if m0.Strength() != "" || len(m0.Comments()) != 1 || m0.Comments()[0] != "first" || m1.Strength() != "" ||
		len(m1.Comments()) != 0 || g.Moves[2].Notes != nil || g.Moves[3].Notes != nil {
		t.Errorf("annotate changed the game: %+v %+v %+v %+v", m0.Notes, m1.Notes, g.Moves[2].Notes, g.Moves[3].Notes)
	}
}
