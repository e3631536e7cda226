package damkabeam

import (
	"testing"

	"github.com/damka/damka/draughts"
)

// A position key gives the position back, Frisian's count of a king's
// quiet moves included (the FEN has no field for it, and the moves
// depend on it: a king at three may not make a fourth while its side has
// men), so that analysis never searches a position other than the
// game's.
func TestPositionKeyKingRun(t *testing.T) {
	v := draughts.Frisian
	p, err := v.ParseFEN("W:WK46,45:BK3")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"46-41", "3-9", "41-46", "9-3", "46-41", "3-9"} {
		found := false
		for _, m := range v.Moves(&p, nil) {
			if m.String() == name {
				p.Make(&m)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: no move %s", p.FEN(), name)
		}
	}
	key := positionKey(&p)
	if want := "frisian|W:WK41,45:BK9|W41=3"; key != want {
		t.Errorf("key %q, want %q", key, want)
	}
	back, err := parseKey(key)
	if err != nil || back != p || back.Hash() != p.Hash() {
		t.Errorf("%q reads back as %s (%v), not the position", key, back.FEN(), err)
	}
	start := draughts.Start(draughts.Russian)
	if key := positionKey(&start); key != "russian|"+start.FEN() {
		t.Errorf("Russian start: key %q", key)
	}
	for _, bad := range []string{"frisian|W:WK41,45:BK9|W40=3", "frisian|W:WK41,45:BK9|W41=5", "frisian|W:WK41,45:BK9|X41=3", "russian|" + start.FEN() + "|Wc1=1"} {
		if _, err := parseKey(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
