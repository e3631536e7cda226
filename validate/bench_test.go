package validate

import (
	"testing"
)

// BenchmarkReplay replays the 209 real Russian games and the 100 oracle
// games; it reports plies/s on one core (validation only: the reader has
// its own benchmark in pdn). "new" makes a new report a game (Game),
// "into" replays every game into one report (GameInto, as damka check
// does): the difference is the allocation a ply that reuse saves.
func BenchmarkReplay(b *testing.B) {
	games := readGames(b, testdata+"corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	games = append(games, readGames(b, testdata+"corpus/russian/wiegerw-pdn/fail/abatsiev.pdn")...)
	games = append(games, readGames(b, testdata+"oracle/games.pdn")...)
	if len(games) == 0 {
		b.Skip("corpus not available")
	}
	for _, into := range []bool{false, true} {
		name := "new"
		if into {
			name = "into"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			plies := 0
			var r *Report
			for b.Loop() {
				for _, g := range games {
					if into {
						r = GameInto(r, g, Options{})
					} else {
						r = Game(g, Options{})
					}
					plies += len(r.Plies)
				}
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
		})
	}
}
