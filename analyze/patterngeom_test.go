package analyze

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/damka/damka/draughts"
)

// The gather of a window reads the eight squares squares() names, in
// order, and the folded score of a position is the negation of its
// mirror's (the board turned round, colours swapped): Black's formations
// are White's.
func TestPatternGeom(t *testing.T) {
	for _, c := range []struct{ cols, ranks, windows, size int }{{4, 4, 16, 8}, {4, 6, 12, 12}, {4, 2, 20, 4}, {2, 4, 20, 4}} {
		t.Run(fmt.Sprintf("%dx%d", c.cols, c.ranks), func(t *testing.T) {
			testPatternGeom(t, c.cols, c.ranks, c.windows, c.size)
		})
	}
}

func testPatternGeom(t *testing.T, cols, ranks, windows, size int) {
	v := draughts.International
	pg := newPatternGeom(v.Geometry(), cols, ranks)
	if len(pg.windows) != windows || pg.size != size {
		t.Fatalf("%d windows of %d squares on 10x10, want %d of %d", len(pg.windows), pg.size, windows, size)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	w := make([]int16, 2*len(pg.windows)*pg.configs)
	for i := range w {
		w[i] = int16(rng.IntN(201) - 100)
	}
	pg.fold(w)
	naive := func(win int, wm, bm draughts.Bitboard) int {
		c, pow := 0, 1
		for _, s := range pg.squares(win) {
			switch {
			case wm.Has(s):
				c += pow
			case bm.Has(s):
				c += 2 * pow
			}
			pow *= 3
		}
		return c
	}
	for _, p := range randomPositions(v, 30, 3) {
		wm, bm := p.Men(draughts.White), p.Men(draughts.Black)
		dw, db := pg.denseOf(wm), pg.denseOf(bm)
		for win := range pg.windows {
			if got, want := pg.index(win, dw, db), naive(win, wm, bm); got != want {
				t.Fatalf("%s: window %d: configuration %d, want %d", p.FEN(), win, got, want)
			}
		}
		m := Mirror(&p)
		n := p.Occupied().PopCount()
		if a, b := pg.score(wm, bm, n), pg.score(m.Men(draughts.White), m.Men(draughts.Black), n); a != -b {
			t.Fatalf("%s: patterns %d, its mirror's %d", p.FEN(), a, b)
		}
		// The unfolded features give the folded score.
		plus, minus := pg.features(wm, bm)
		nw := len(pg.windows) * pg.configs
		var mg, eg int
		for i := range plus {
			mg += int(w[plus[i]]) - int(w[minus[i]])
			eg += int(w[nw+int(plus[i])]) - int(w[nw+int(minus[i])])
		}
		ph := min(n, pg.full)
		if want := (mg*ph + eg*(pg.full-ph)) / pg.full; pg.score(wm, bm, n) != want {
			t.Fatalf("%s: folded %d, unfolded %d", p.FEN(), pg.score(wm, bm, n), want)
		}
	}
}

// BenchmarkEvaluateInternational measures International's static
// evaluation without and with the patterns, of 4x4 windows (the build's)
// and of 4 files by 6 ranks (weights drawn at random: the cost does not
// depend on them, but for the cache a big table misses), on positions of
// random games.
//
//	go test ./analyze/ -run '^$' -bench EvaluateInternational
func BenchmarkEvaluateInternational(b *testing.B) {
	v := draughts.International
	ps := randomPositions(v, 20, 9)
	base := newGeometryEval(v).eval
	for _, c := range []struct {
		name        string
		cols, ranks int // 0: the geometry alone
	}{{"geometry", 0, 0}, {"patterns4x4", 4, 4}, {"patterns4x6", 4, 6}} {
		var e evaluator // made on the first run: the fold of big windows takes a second
		b.Run(c.name, func(b *testing.B) {
			if e == nil {
				e = base
				if c.cols > 0 {
					pg := newPatternGeom(v.Geometry(), c.cols, c.ranks)
					rng := rand.New(rand.NewPCG(1, 1))
					w := make([]int16, 2*len(pg.windows)*pg.configs)
					for i := range w {
						w[i] = int16(rng.IntN(41) - 20)
					}
					pg.fold(w)
					e = withPatterns(base, pg)
				}
				b.ResetTimer()
			}
			sink := 0
			for i := 0; i < b.N; i++ {
				sink += e(&ps[i%len(ps)])
			}
			_ = sink
		})
	}
}
