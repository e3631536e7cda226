package pdn

import (
	"slices"
	"testing"
)

func TestTagNames(t *testing.T) {
	for _, c := range []struct {
		name string
		want []string
	}{
		{"WhiteElo", []string{"WhiteElo", "WhiteRating"}},
		{"whiterating", []string{"whiterating", "WhiteElo"}},
		{"BlackElo", []string{"BlackElo", "BlackRating"}},
		{"White", []string{"White", "Bianco", "Blanc", "Blancs", "Wit", "P1"}},
		{"Opening", []string{"Opening"}},
	} {
		if got := TagNames(c.name); !slices.Equal(got, c.want) {
			t.Errorf("TagNames(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	g := &Game{Tags: []Tag{{"WhiteElo", " "}, {"WhiteRating", " 2100 "}, {"Bianco", "Rossi"}}}
	if v, ok := g.TagValue("WhiteElo"); v != "2100" || !ok {
		t.Errorf("TagValue(WhiteElo) = %q, %v", v, ok)
	}
	if v, ok := g.TagValue("White"); v != "Rossi" || !ok {
		t.Errorf("TagValue(White) = %q, %v", v, ok)
	}
	if _, ok := g.TagValue("Event"); ok {
		t.Error("TagValue(Event) found one")
	}
	for v, want := range map[string]bool{"?": true, "-": true, "****": true, "": true, "??.??": false, "2100": false} {
		if UnknownValue(v) != want {
			t.Errorf("UnknownValue(%q) = %v", v, !want)
		}
	}
}
