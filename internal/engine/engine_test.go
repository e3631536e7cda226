package engine

import (
	"slices"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// TestScore: with K an engine's scores are read on damka's curve
// (s*K/0.006), decisive ones as they are, never as decisive.
func TestScore(t *testing.T) {
	s := &Spec{k: 0.012}
	for _, x := range []analyze.Score{analyze.WinIn(5), analyze.LossIn(8), analyze.TableWinScore - 3} {
		if got := s.Score(x); got != x {
			t.Errorf("%v read as %v", x, got)
		}
	}
	if got := s.Score(25); got != 50 {
		t.Errorf("25 at k 0.012 read as %v, want 50", got)
	}
	if got := s.Score(15000); got.IsTableWin() || got.IsWin() {
		t.Errorf("15000 at k 0.012 read as %v, a decisive score", got)
	}
}

// TestDecideDeclared: an engine that declares the variants it
// plays (Hub 2's "param name=variant ... values=...") plays those, each
// but its default set at start, and no other.
func TestDecideDeclared(t *testing.T) {
	es := &Set{variants: []string{"normal", "frisian", "bt"}, defaultVariant: "normal"}
	for v, want := range map[draughts.Variant][][2]string{draughts.International: nil, draughts.Frisian: {{"variant", "frisian"}}, draughts.Breakthrough: {{"variant", "bt"}}} {
		d := es.Decide(v)
		if !d.Plays || !slices.Equal(d.Params, want) {
			t.Errorf("%s: plays %v, params %q, want %q", v.Name(), d.Plays, d.Params, want)
		}
	}
	for _, v := range []draughts.Variant{draughts.Russian, draughts.Antidraughts, draughts.Frysk} {
		if d := es.Decide(v); d.Plays || d.Why != "its variants are normal, frisian, bt" {
			t.Errorf("%s: plays %v (%s)", v.Name(), d.Plays, d.Why)
		}
	}
}
