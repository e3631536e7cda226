package validate

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/damka/damka/pdn"
)

// reuseGames are games of every kind of report: the Russian corpus (good
// and failing games), the oracle's games and its games with planted
// defects, and the validate and repair test archives.
func reuseGames(t testing.TB) []*pdn.Game {
	var games []*pdn.Game
	for _, pat := range []string{"corpus/russian/wiegerw-pdn/*/*.pdn", "oracle/*.pdn", "validate/*.pdn", "repair/*.pdn"} {
		files, _ := filepath.Glob(testdata + pat)
		for _, f := range files {
			games = append(games, readGames(t, f)...)
		}
	}
	if len(games) < 300 {
		t.Fatalf("%d games in the test archives", len(games))
	}
	return games
}

// GameInto, one report reused game after game, gives the reports Game
// gives, with and without repairs.
func TestGameIntoSameAsGame(t *testing.T) {
	games := reuseGames(t)
	cmpReports := cmp.Options{cmpopts.IgnoreUnexported(Report{}, pdn.Game{}), cmp.Exporter(func(t reflect.Type) bool {
		return t != reflect.TypeOf(Report{}) && t != reflect.TypeOf(pdn.Game{})
	}), cmp.Comparer(func(a, b error) bool {
		return a == nil && b == nil || a != nil && b != nil && a.Error() == b.Error()
	})}
	for _, opts := range []Options{{}, {Repair: true}} {
		var r *Report
		for i, g := range games {
			want := Game(g, opts)
			r = GameInto(r, g, opts)
			if diff := cmp.Diff(want, r, cmpReports); diff != "" {
				t.Fatalf("game %d of %s (repair %v): GameInto differs from Game (-Game +GameInto):\n%s", g.Index, g.File, opts.Repair, diff)
			}
			if i%7 == 0 {
				r = nil // now and then a new report
			}
		}
	}
}

// Replay into a reused report allocates nothing: a real game of 36 to
// 102 moves takes none, whatever its length (the message of its
// variant_inferred finding, a string the caller may keep, is the one of
// the game before).
func TestReplayIntoAllocations(t *testing.T) {
	games := readGames(t, testdata+"corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	var r *Report
	for _, g := range games { // grow the memory to the longest game
		r = GameInto(r, g, Options{})
	}
	most, at := 0.0, 0
	for _, g := range games {
		n := testing.AllocsPerRun(5, func() { r = GameInto(r, g, Options{}) })
		if n > most {
			most, at = n, len(g.Moves)
		}
	}
	if most > 0 {
		t.Errorf("%.0f allocations replaying a game of %d moves into a reused report, want none", most, at)
	}
}
