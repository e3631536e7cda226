package damkabeam

import (
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.Function1x2[gameRec, int, int](fileOfGame)
	register.DoFn3x0[gameRec, func(*int, *int) bool, func(int, rankedGame)](&rankFn{})
	register.Emitter2[int, rankedGame]()
	register.Iter2[int, int]()
}

// rankedGame is a game with its rank: its place among all the games of
// the inputs, in input order (the order damka reads them in).
type rankedGame struct {
	Rank     int64
	DataName string
	Data     []byte
}

// fileOfGame keys a game's index by its input, to number the games of
// each (the greatest index: the reader numbers every game it returns).
func fileOfGame(g gameRec) (int, int) { return g.Ordinal, g.Index }

// rankFn gives each game its rank, from the number of games of every
// input (its greatest index; a side input: the inputs before its own, then its index in its
// own), and keys it by its shard: the games of a shard are a run of
// consecutive games, whatever the runner, its workers and its bundles.
type rankFn struct {
	GamesPerShard int

	before map[int]int64 // games of the inputs before each input
}

func (fn *rankFn) ProcessElement(g gameRec, counts func(*int, *int) bool, emit func(int, rankedGame)) {
	if fn.before == nil {
		fn.before = gamesBefore(counts)
	}
	rank := fn.before[g.Ordinal] + int64(g.Index-1)
	emit(int(rank/int64(fn.GamesPerShard)), rankedGame{Rank: rank, DataName: g.DataName, Data: g.Data})
}

// gamesBefore sums the games of the inputs before each input.
func gamesBefore(counts func(*int, *int) bool) map[int]int64 {
	n := map[int]int64{}
	var ordinal, games int
	for counts(&ordinal, &games) {
		n[ordinal] = max(n[ordinal], int64(games))
	}
	ordinals := make([]int, 0, len(n))
	for o := range n {
		ordinals = append(ordinals, o)
	}
	slices.Sort(ordinals)
	before := make(map[int]int64, len(n))
	var sum int64
	for _, o := range ordinals {
		before[o] = sum
		sum += n[o]
	}
	return before
}

// rank keys every game by its shard, with its rank.
func rank(s beam.Scope, games beam.PCollection, gamesPerShard int) beam.PCollection {
	s = s.Scope("rank")
	perFile := beam.ParDo(s, fileOfGame, games)
	counts := beam.CombinePerKey(s, maxInt, perFile)
	return beam.ParDo(s, &rankFn{GamesPerShard: gamesPerShard}, games, beam.SideInput{Input: counts})
}

func maxInt(a, b int) int { return max(a, b) }

func init() { register.Function2x1[int, int, int](maxInt) }
