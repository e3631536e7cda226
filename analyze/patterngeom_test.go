package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/damka/damka/draughts"
)

// The gather of a window reads the eight squares squares() names, in
// order, and the folded score of a position is the negation of its
// mirror's (the board turned round, colours swapped): Black's formations
// are White's.
func TestPatternGeom(t *testing.T) {
	v := draughts.International
	pg := newPatternGeom(v.Geometry())
	if len(pg.windows) != 16 {
		t.Fatalf("%d windows on 10x10, want 16", len(pg.windows))
	}
	rng := rand.New(rand.NewPCG(5, 5))
	w := make([]int16, 2*len(pg.windows)*patConfigs)
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
		nw := len(pg.windows) * patConfigs
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
// evaluation without and with the patterns (weights drawn at random: the
// cost does not depend on them), on positions of random games.
//
//	go test ./analyze/ -run '^$' -bench EvaluateInternational
func BenchmarkEvaluateInternational(b *testing.B) {
	v := draughts.International
	ps := randomPositions(v, 20, 9)
	base := newGeometryEval(v).eval
	pg := newPatternGeom(v.Geometry())
	rng := rand.New(rand.NewPCG(1, 1))
	w := make([]int16, 2*len(pg.windows)*patConfigs)
	for i := range w {
		w[i] = int16(rng.IntN(41) - 20)
	}
	pg.fold(w)
	for _, c := range []struct {
		name string
		e    evaluator
	}{{"geometry", base}, {"patterns", withPatterns(base, pg)}} {
		b.Run(c.name, func(b *testing.B) {
			sink := 0
			for i := 0; i < b.N; i++ {
				sink += c.e(&ps[i%len(ps)])
			}
			_ = sink
		})
	}
}
