package analyze

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/damka/damka/draughts"
)

// middlegames returns n middlegame positions of Russian draughts, the
// same on every run: from ply 16 to 30 of self-play games in which each
// move is drawn (with a fixed seed) among the moves a depth-2 search
// scores within 0.30 of the best one, and positions with a compulsory
// capture are passed over.
func middlegames(n int) []draughts.Position {
	v := draughts.Russian
	rng := rand.New(rand.NewPCG(2024, 6))
	s := NewSearcher(v, Options{Depth: 2, TTSize: 1})
	var out []draughts.Position
	for len(out) < n {
		p := draughts.Start(v)
		stop := 16 + rng.IntN(15)
		ok := true
		for ply := 0; ply < stop; ply++ {
			moves := v.UniqueMoves(&p, nil)
			if len(moves) == 0 {
				ok = false
				break
			}
			scores := make([]Score, len(moves))
			best := -infinity
			for i := range moves {
				q := p.Play(&moves[i])
				scores[i] = -s.Search(&q).Score
				best = max(best, scores[i])
			}
			var good []int
			for i := range moves {
				if scores[i] >= best-30 {
					good = append(good, i)
				}
			}
			p.Make(&moves[good[rng.IntN(len(good))]])
		}
		for ok && v.MustCapture(&p) {
			moves := v.UniqueMoves(&p, nil)
			p.Make(&moves[0])
			ok = v.HasMoves(&p)
		}
		if ok && p.Occupied().PopCount() >= 14 {
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkSearch searches a fixed set of 20 middlegame positions at
// depths 6, 8 and 10 with a fresh table generation each (as in analysis),
// and reports the time per position, nodes per second and the effective
// branching factor: (nodes at depth d / nodes at depth d-2)^(1/2).
//
//	go test ./analyze/ -run '^$' -bench Search -benchtime 1x
func BenchmarkSearch(b *testing.B) {
	ps := middlegames(20)
	for _, d := range []int{6, 8, 10} {
		b.Run(fmt.Sprintf("depth=%d", d), func(b *testing.B) {
			s := NewSearcher(draughts.Russian, Options{Depth: d})
			lower := NewSearcher(draughts.Russian, Options{Depth: d - 2})
			var lowNodes uint64
			for i := range ps {
				r, _ := lower.search1(&ps[i], d-2)
				lowNodes += r.Nodes
			}
			b.ResetTimer()
			var nodes uint64
			start := time.Now()
			for i := 0; i < b.N; i++ {
				for j := range ps {
					r, _ := s.search1(&ps[j], d)
					nodes += r.Nodes
				}
			}
			el := time.Since(start)
			b.ReportMetric(float64(nodes)/el.Seconds()/1e6, "Mnodes/s")
			b.ReportMetric(float64(el.Microseconds())/1000/float64(b.N*len(ps)), "ms/pos")
			b.ReportMetric(float64(nodes)/float64(b.N*len(ps)), "nodes/pos")
			b.ReportMetric(math.Sqrt(float64(nodes)/float64(b.N)/float64(lowNodes)), "EBF")
		})
	}
}

// BenchmarkEvaluate measures the static evaluation alone.
func BenchmarkEvaluate(b *testing.B) {
	ps := middlegames(20)
	var sink Score
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i%len(ps)]
		sink += evaluate(draughts.Russian, p)
	}
	_ = sink
}

// BenchmarkAnalyzeGame analyses the 60 first plies of a self-play game at
// depth 8, every ply classified, and reports the time per ply.
func BenchmarkAnalyzeGame(b *testing.B) {
	v := draughts.Russian
	s := NewSearcher(v, Options{Depth: 4, TTSize: 1})
	p := draughts.Start(v)
	start := p
	var moves []draughts.Move
	for ply := 0; ply < 60 && v.HasMoves(&p); ply++ {
		r := s.Search(&p)
		moves = append(moves, r.Best)
		p.Make(&r.Best)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a := NewSearcher(v, Options{Depth: 8}).AnalyzeGame(&start, moves)
		if i == 0 {
			var nodes uint64
			for _, x := range a {
				nodes += x.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(len(a)), "nodes/ply")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(moves)), "ms/ply")
}
