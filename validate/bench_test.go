package validate

import (
	"testing"
)

// BenchmarkReplay replays the 209 real Russian games and the 100 oracle
// games; it reports plies/s on one core (validation only: the reader has
// its own benchmark in pdn).
func BenchmarkReplay(b *testing.B) {
	b.ReportAllocs()
	games := readGames(b, testdata+"corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	games = append(games, readGames(b, testdata+"corpus/russian/wiegerw-pdn/fail/abatsiev.pdn")...)
	games = append(games, readGames(b, testdata+"oracle/games.pdn")...)
	if len(games) == 0 {
		b.Skip("corpus not available")
	}
	plies := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			plies += len(Game(g, Options{}).Plies)
		}
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
}
