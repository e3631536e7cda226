package dupes

import (
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"
)

// syntheticKeys makes n keys of games of 40 to 100 plies from one start,
// each ply one of the first 10 legal moves, with about one game in four
// a copy of an earlier one and one in twenty a cut copy (a prefix).
func syntheticKeys(n int) []Key {
	rng := rand.New(rand.NewPCG(1, 2))
	const start = 0x1234
	keys := make([]Key, 0, n)
	for len(keys) < n {
		var k Key
		switch r := rng.IntN(20); {
		case r < 5 && len(keys) > 0:
			k = keys[rng.IntN(len(keys))]
			k.Tags = rng.IntN(10)
		case r == 5 && len(keys) > 0 && len(keys[len(keys)-1].Path) > 1:
			src := keys[len(keys)-1]
			cut := 1 + rng.IntN(len(src.Path)-1)
			k = Key{Start: start, Path: src.Path[:cut:cut], Plies: cut, Tags: 5}
			h := uint64(start)
			for _, b := range k.Path {
				h = step(h, uint64(b))
			}
			k.Moves = h
		default:
			plies := 40 + rng.IntN(61)
			k = Key{Start: start, Path: make([]byte, plies), Plies: plies, Tags: 7}
			h := uint64(start)
			for i := range k.Path {
				k.Path[i] = byte(1 + rng.IntN(10))
				h = step(h, uint64(k.Path[i]))
			}
			k.Moves = h
		}
		k.Exact = k.Moves
		keys = append(keys, k)
	}
	return keys
}

// BenchmarkFinder adds a million synthetic games to a finder of each
// kind and finds the groups, and reports the time per game and the heap
// the finder holds at the end, per game (the keys themselves excluded).
func BenchmarkFinder(b *testing.B) {
	const n = 1_000_000
	keys := syntheticKeys(n)
	for _, kind := range []Kind{Moves, Prefix} {
		b.Run(kind.String()+"-"+strconv.Itoa(n), func(b *testing.B) {
			var held uint64
			var groups, dropped int
			for i := 0; i < b.N; i++ {
				runtime.GC()
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				f := NewFinder(kind)
				for j := range keys {
					f.Add(&keys[j], Ref{Game: int32(j)})
				}
				gs := f.Finish()
				groups, dropped = len(gs), 0
				for _, g := range gs {
					dropped += g.Size - 1
				}
				gs = nil
				runtime.GC()
				runtime.ReadMemStats(&m1)
				held = m1.HeapAlloc - m0.HeapAlloc
				runtime.KeepAlive(f)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/game")
			b.ReportMetric(float64(held)/n, "heap-B/game")
			b.ReportMetric(float64(n-dropped), "distinct")
			b.ReportMetric(float64(groups), "groups")
		})
	}
}
