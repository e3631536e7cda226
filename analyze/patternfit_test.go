package analyze

import (
	"cmp"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// The patterns' fit (make selfplay-patterns fit-patterns) and the match
// that measures them (make match-patterns).
var (
	patData    = flag.String("pat-data", "", "self-play games (comma-separated files of research/selfplay) to fit the patterns to; the fit runs only when set")
	patTrain   = flag.String("pat-train", "", "training data folder (internal/traindata: testdata/train/russian) to fit the patterns to, instead of -pat-data")
	patChunks  = flag.Int("pat-chunks", 0, "with -pat-train: fit to its first N chunks (0: all)")
	patLambda  = flag.Float64("pat-lambda", 1, "with -pat-train: share of the game's result in the target (the rest: the expected result of the search score the data holds)")
	patOut     = flag.String("pat-out", "", "write the fitted patterns to this file (patterns_russian.bin)")
	patPerGame = flag.Int("pat-per-game", 40, "positions drawn from each game")
	patEpochs  = flag.Int("pat-epochs", 10, "passes over the positions")
	patLR      = flag.Float64("pat-lr", 8, "AdaGrad step, in centi-men")
	patL2      = flag.Float64("pat-l2", 6e-6, "weight decay of a pattern weight at each of its uses (per centi-man)")

	matchGames = flag.Int("match-games", 0, "openings of the patterns' match (each played with both colours); the match runs only when set")
	matchDepth = flag.Int("match-depth", 6, "search depth of every move of the match")
	matchFile  = flag.String("match-patterns", "", "patterns of the challenger (default: the file in the build)")
	matchOther = flag.Int("match-depth-other", 0, "search depth of the other side (default: -match-depth)")
	matchVs    = flag.String("match-other-patterns", "", "patterns of the other side (default: none, the evaluation without patterns)")
)

// patSample is a quiet position of a self-play game for the patterns'
// fit: the evaluation without patterns (raw: before the drawish rule),
// the drawish scale that applies to a score of each sign, the pattern
// features and the game's result.
type patSample struct {
	base        float64
	mg          float64 // the middlegame share: pieces/24, at most 1
	whiteDrawn  bool
	blackDrawn  bool
	plus, minus [patRegions]int32
	result      float64
	hold        bool
}

func (x *patSample) value(w []float64) (e, scale float64) {
	const n = patRegions * patConfigs
	e = x.base
	for r := range x.plus {
		e += x.mg*(w[x.plus[r]]-w[x.minus[r]]) + (1-x.mg)*(w[n+x.plus[r]]-w[n+x.minus[r]])
	}
	scale = 1
	if e > 0 && x.whiteDrawn || e < 0 && x.blackDrawn {
		scale = 1.0 / drawishDiv
	}
	return e * scale, scale
}

func patMSE(xs []*patSample, w []float64, k float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum float64
	for _, x := range xs {
		e, _ := x.value(w)
		d := x.result - sigmoid(k*e)
		sum += d * d
	}
	return sum / float64(len(xs))
}

// TestFitPatterns fits the pattern weights (pattern.go) to the results
// of self-play games, on top of the evaluation in use without patterns:
// for each position drawn, the quiet position at the end of its
// quiescence line is scored by E = the evaluation + the patterns (White's
// view), and the result y is predicted by 1/(1+exp(-K*E)), K the one that
// fits the evaluation without patterns best on the positions fitted. The
// weights (from zero) minimise the squared error by AdaGrad steps, one
// position at a time in a shuffled order, each weight decayed a little
// at each of its uses (-pat-l2: a rare configuration stays near zero);
// every 10th game is held out and the weights of the pass with the best
// held-out error are kept. With -pat-out they are written as the weights
// file.
//
// With -pat-train the positions are those of the training data
// (internal/traindata, make train-data TRAIN_VARIANT=russian) instead,
// drawn and held out as TestFitPatternsGeom draws them, and the target
// is -pat-lambda of the game's result and the rest the expected result of
// the search score that chose the position's move.
//
//	make selfplay-patterns fit-patterns
func TestFitPatterns(t *testing.T) {
	if *patData == "" && *patTrain == "" {
		t.Skip("neither -pat-data nor -pat-train set")
	}
	patternsOnce.Do(loadPatterns)
	saved := patTable
	patTable = nil // the quiet lines and the base evaluation without patterns
	defer func() { patTable = saved }()
	var raw []fitSample
	if *patTrain != "" {
		raws, _ := readTrainRaws(t, draughts.Russian, *patTrain, *patChunks, *patPerGame, rand.New(rand.NewPCG(42, 1)))
		ks := searchSlope(t, raws)
		for _, r := range raws {
			raw = append(raw, fitSample{pos: r.pos, result: r.target(ks, *patLambda), hold: r.hold})
		}
	} else {
		raw = readPatGames(t, strings.Split(*patData, ","), *patPerGame)
	}
	s := NewSearcher(draughts.Russian, Options{Depth: 1, TTSize: 1})
	s.eval = func(p *draughts.Position) int { return evalRussianWith(p, nil) }
	ws := russianWeights
	if levers.handEval {
		ws = handWeights()
	}
	bw := make([]float64, nParams)
	for i, r := range weightRefs(&ws) {
		bw[i] = float64(*r)
	}
	var train, hold []*patSample
	for i := range raw {
		leaf, ok := quietLeaf(s, &raw[i].pos)
		if !ok {
			continue
		}
		f := russianFeatures(&leaf)
		e, scale := f.value(bw)
		x := &patSample{base: e / scale, mg: float64(min(leaf.Occupied().PopCount(), 24)) / 24, whiteDrawn: f.whiteDrawn, blackDrawn: f.blackDrawn, result: raw[i].result, hold: raw[i].hold}
		x.plus, x.minus = patFeatures(leaf.Men(draughts.White), leaf.Men(draughts.Black))
		if x.hold {
			hold = append(hold, x)
		} else {
			train = append(train, x)
		}
	}
	raw = nil
	const n = patRegions * patConfigs
	w := make([]float64, 2*n)
	k, best := 0.0, math.Inf(1)
	for kk := 0.002; kk <= 0.02; kk += 0.0001 {
		if e := patMSE(train, w, kk); e < best {
			k, best = kk, e
		}
	}
	baseHold := patMSE(hold, w, k)
	t.Logf("%d positions to fit, %d held out; without patterns: mean squared error %.5f fitted, %.5f held out (K %.4f)",
		len(train), len(hold), best, baseHold, k)
	g2 := make([]float64, len(w))
	rng := rand.New(rand.NewPCG(9, 9))
	bestW, bestHold := append([]float64(nil), w...), baseHold
	for epoch := 1; epoch <= *patEpochs; epoch++ {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for _, x := range train {
			e, scale := x.value(w)
			p := sigmoid(k * e)
			d := -2 * (x.result - p) * p * (1 - p) * k * scale
			for r := range x.plus {
				for ph, share := range [2]float64{x.mg, 1 - x.mg} {
					if share == 0 {
						continue
					}
					for sign, i := range [2]int32{x.plus[r], x.minus[r]} {
						i += int32(ph * n)
						g := d * share
						if sign == 1 {
							g = -g
						}
						g += *patL2 * w[i]
						g2[i] += g * g
						w[i] -= *patLR * g / (math.Sqrt(g2[i]) + 1e-9)
					}
				}
			}
		}
		h := patMSE(hold, w, k)
		t.Logf("pass %d: mean squared error %.5f fitted, %.5f held out", epoch, patMSE(train, w, k), h)
		if h < bestHold {
			bestHold = h
			copy(bestW, w)
		}
	}
	used, big := 0, 0.0
	for _, x := range bestW {
		if x != 0 {
			used++
		}
		big = max(big, math.Abs(x))
	}
	t.Logf("kept: held-out error %.5f against %.5f without patterns; %d of %d weights used, the largest %.0f centi-men",
		bestHold, baseHold, used, len(bestW), big)
	if *patOut != "" {
		q := make([]int16, len(bestW))
		for i, x := range bestW {
			q[i] = int16(max(-32767, min(32767, math.Round(x))))
		}
		if err := os.WriteFile(*patOut, encodePatterns(q), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%s)", *patOut, filepath.Base(cmp.Or(*patTrain, *patData)))
	}
}

// readPatGames reads self-play games (research/selfplay's output)
// and draws up to perGame positions of each game (a fixed seed), every
// 10th game held out. Self-play games from different openings often meet
// (a transposition) and then go on move for move the same, the search
// being deterministic: a held-out game keeps only its positions before
// the first one that a fitted game has, so that the held-out error is of
// positions the fit has not seen, nor any game through them.
func readPatGames(t *testing.T, paths []string, perGame int) []fitSample {
	type game struct {
		hold bool
		xs   []fitSample
	}
	var games []game
	seen := map[draughts.Position]bool{} // positions of the fitted games
	for _, path := range paths {
		all := readSelfPlay(t, draughts.Russian, path, math.MaxInt, 10)
		slices.SortStableFunc(all, func(a, b fitSample) int { return cmp.Or(cmp.Compare(a.game, b.game), cmp.Compare(a.ply, b.ply)) })
		for i := 0; i < len(all); {
			j := i + 1
			for j < len(all) && all[j].game == all[i].game {
				j++
			}
			games = append(games, game{hold: all[i].hold, xs: all[i:j]})
			if !all[i].hold {
				for _, x := range all[i:j] {
					seen[x.pos] = true
				}
			}
			i = j
		}
	}
	rng := rand.New(rand.NewPCG(16, 1))
	var out []fitSample
	cut := 0
	for _, g := range games {
		xs := g.xs
		if g.hold {
			for k, x := range xs {
				if seen[x.pos] {
					cut += len(xs) - k
					xs = xs[:k]
					break
				}
			}
		}
		xs = slices.Clone(xs)
		rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		out = append(out, xs[:min(len(xs), perGame)]...)
	}
	t.Logf("%d games, %d positions drawn; %d positions of held-out games left out (met in a fitted game, or after one that was)", len(games), len(out), cut)
	return out
}

// TestMatchPatterns plays the evaluation with patterns (-match-patterns,
// or the file in the build) against the one without (or with other
// patterns, -match-other-patterns), at -match-depth (the other side at
// -match-depth-other when set): -match-games openings (6 random plies from the start, a
// balanced position as a depth-4 search sees it, no two the same), each
// played twice with the colours swapped. A game ends as a self-play game
// does (research/selfplay): a side without a move loses, a draw by
// rule (draughts.Tracker) or after 200 plies is a draw, and a forced win
// that the side to move's search proves ends it. It reports the
// challenger's score and the Elo difference with a 95% interval.
//
//	make match-patterns
func TestMatchPatterns(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("-match-games not set")
	}
	data := patternsRussian
	if *matchFile != "" {
		var err error
		if data, err = os.ReadFile(*matchFile); err != nil {
			t.Fatal(err)
		}
	}
	w, err := decodePatterns(data)
	if err != nil {
		t.Fatal(err)
	}
	pat := foldPatterns(w)
	var vs []int16
	if *matchVs != "" {
		b, err := os.ReadFile(*matchVs)
		if err != nil {
			t.Fatal(err)
		}
		w, err := decodePatterns(b)
		if err != nil {
			t.Fatalf("%s: %v", *matchVs, err)
		}
		vs = foldPatterns(w)
	}
	evals := [2]evaluator{
		func(p *draughts.Position) int { return evalRussianWith(p, pat) },
		func(p *draughts.Position) int { return evalRussianWith(p, vs) },
	}
	v := draughts.Russian
	openings := matchOpenings(v, *matchGames)
	type job struct{ i, challenger int } // challenger plays White (0) or Black (1)
	jobs := make(chan job)
	results := make([]float64, 2*len(openings)) // the challenger's score
	done := make(chan struct{})
	for range 2 {
		go func() {
			defer func() { done <- struct{}{} }()
			// sides[0] is the challenger, sides[1] the other.
			other := *matchOther
			if other == 0 {
				other = *matchDepth
			}
			sides := [2]*Searcher{
				NewSearcher(v, Options{Depth: *matchDepth, TTSize: 4}),
				NewSearcher(v, Options{Depth: other, TTSize: 4}),
			}
			sides[0].eval, sides[1].eval = evals[0], evals[1]
			for j := range jobs {
				// ss[0] plays White.
				ss := [2]*Searcher{sides[j.challenger], sides[1-j.challenger]}
				white := matchGame(v, openings[j.i], ss)
				if j.challenger == 1 {
					white = 1 - white
				}
				results[2*j.i+j.challenger] = white
			}
		}()
	}
	for i := range openings {
		for c := range 2 {
			jobs <- job{i, c}
		}
	}
	close(jobs)
	for range 2 {
		<-done
	}
	var won, drawn, lost int
	var sum, sum2 float64
	for i := 0; i < len(results); i += 2 {
		for _, r := range results[i : i+2] {
			switch r {
			case 1:
				won++
			case 0.5:
				drawn++
			default:
				lost++
			}
		}
		// The pair of games of an opening is one sample: its colours
		// balance each other.
		pr := (results[i] + results[i+1]) / 2
		sum += pr
		sum2 += pr * pr
	}
	n := float64(len(results) / 2)
	mean := sum / n
	se := math.Sqrt(max(sum2/n-mean*mean, 0) / n)
	elo := func(s float64) float64 {
		s = min(max(s, 1e-6), 1-1e-6)
		return -400 * math.Log10(1/s-1)
	}
	against := "none"
	if *matchVs != "" {
		against = filepath.Base(*matchVs)
	}
	if *matchOther != 0 {
		t.Logf("the other side (%s) at depth %d", against, *matchOther)
	}
	t.Logf("patterns against %s, depth %d, %d games (%d openings, both colours): +%d =%d -%d, score %.1f%% (%.1f–%.1f), Elo %+.0f (%+.0f to %+.0f)",
		against, *matchDepth, len(results), len(openings), won, drawn, lost, 100*mean, 100*(mean-1.96*se), 100*(mean+1.96*se),
		elo(mean), elo(mean-1.96*se), elo(mean+1.96*se))
}

// matchOpenings draws n different balanced openings (seeded).
func matchOpenings(v draughts.Variant, n int) []draughts.Position {
	probe := NewSearcher(v, Options{Depth: 4, TTSize: 1})
	probe.eval = func(p *draughts.Position) int { return evalRussianWith(p, nil) }
	seen := map[draughts.Position]bool{}
	var out []draughts.Position
	for i := 0; len(out) < n && i < 50*n; i++ {
		rng := rand.New(rand.NewPCG(77, uint64(i)))
		p := draughts.Start(v)
		tr := draughts.NewTracker(&p)
		ok := true
		for range 6 {
			ms := v.UniqueMoves(&p, nil)
			if len(ms) == 0 {
				ok = false
				break
			}
			m := ms[rng.IntN(len(ms))]
			before := p
			p.Make(&m)
			if tr.Push(&before, &m, &p) != draughts.NoDraw {
				ok = false
				break
			}
		}
		if !ok || !v.HasMoves(&p) || seen[p] {
			continue
		}
		if sc := probe.Search(&p).Score; sc > 60 || sc < -60 {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

// matchGame plays a game from p, ss[0] moving for White and ss[1] for
// Black, and returns White's score.
func matchGame(v draughts.Variant, p draughts.Position, ss [2]*Searcher) float64 {
	tr := draughts.NewTracker(&p)
	for ply := 0; ply < 200; ply++ {
		if !v.HasMoves(&p) {
			if p.Side == draughts.White {
				return 0
			}
			return 1
		}
		r := ss[p.Side].Search(&p)
		if r.Score.IsDecisive() {
			if r.Score.IsWin() == (p.Side == draughts.White) {
				return 1
			}
			return 0
		}
		before := p
		p.Make(&r.Best)
		if tr.Push(&before, &r.Best, &p) != draughts.NoDraw {
			return 0.5
		}
	}
	return 0.5
}
