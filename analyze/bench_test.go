package analyze

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
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

// tuningGames returns the first n games of the tuning half of the master
// games (even index in ussr1947.pdn; see research/verdicts, which
// measures on the other half): start positions and moves.
func tuningGames(t testing.TB, n int) (starts []draughts.Position, games [][]draughts.Move) {
	path := filepath.Join("..", "testdata", "corpus", "russian", "wiegerw-pdn", "succeed", "ussr1947.pdn")
	err := input.ReadFile(path, func(g *pdn.Game, _ error) error {
		if g.Index%2 == 1 || len(games) == n {
			return nil
		}
		r := validate.Game(g, validate.Options{})
		var ms []draughts.Move
		for _, pl := range r.Plies {
			ms = append(ms, pl.Move)
		}
		starts = append(starts, r.Start)
		games = append(games, ms)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return starts, games
}

// BenchmarkAnalyzeMaster analyses the first 8 games of the tuning half of
// the master games at the default options (verification included), as
// damka analyze does with one worker, and reports the time and nodes per
// ply and the share of plies verified.
//
//	go test ./analyze/ -run '^$' -bench AnalyzeMaster -benchtime 1x
func BenchmarkAnalyzeMaster(b *testing.B) {
	for _, c := range []struct {
		name string
		opts Options
	}{{"default", Options{}}, {"noverify", Options{Verify: -1}}} {
		b.Run(c.name, func(b *testing.B) { benchmarkAnalyzeMaster(b, c.opts) })
	}
}

func benchmarkAnalyzeMaster(b *testing.B, opts Options) {
	starts, games := tuningGames(b, 8)
	plies := 0
	for _, g := range games {
		plies += len(g)
	}
	var nodes uint64
	verified, bad := 0, 0
	for i := 0; i < b.N; i++ {
		s := NewSearcher(draughts.Russian, opts)
		s.SetCache(NewCache(s.Options(), 0))
		for k := range games {
			for _, a := range s.AnalyzeGame(&starts[k], games[k]) {
				if i == 0 {
					nodes += a.Nodes
					if a.VerdictDepth > s.Options().Depth {
						verified++
					}
					if a.Class == ClassMistake || a.Class == ClassBlunder {
						bad++
					}
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*plies), "ms/ply")
	b.ReportMetric(float64(nodes)/float64(plies), "nodes/ply")
	b.ReportMetric(100*float64(verified)/float64(plies), "%verified")
	b.ReportMetric(100*float64(bad)/float64(plies), "%bad")
}
