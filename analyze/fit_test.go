package analyze

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"go/format"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// The evaluation's fit to self-play games (make selfplay, make fit).
var (
	fitData      = flag.String("fit-data", "", "self-play games to fit the evaluation to (research/selfplay's output); the fit runs only when set")
	fitVariant   = flag.String("fit-variant", "russian", "the evaluation to fit: russian or international")
	fitOut       = flag.String("fit-out", "", "write the fitted weights to this Go file (weights_russian.go, weights_international.go)")
	fitPerGame   = flag.Int("fit-per-game", 24, "positions drawn from each game")
	fitEpochs    = flag.Int("fit-epochs", 3000, "gradient steps of each round")
	fitRounds    = flag.Int("fit-rounds", 2, "rounds of the fit (the quiet positions are found again with the weights of the round before)")
	fitHoldEvery = flag.Int("fit-hold", 10, "every n-th game is held out")
	fitL2        = flag.Float64("fit-l2", 0, "weight of the squared distance to the hand-set weights (per centi-man squared) added to the error")
)

// Parameters of evalWeights as a vector: the order of weightRefs.
func weightRefs(w *evalWeights) []*int {
	refs := []*int{&w.KingMG, &w.KingEG}
	for i := range w.ManMG {
		refs = append(refs, &w.ManMG[i])
	}
	for i := range w.ManEG {
		refs = append(refs, &w.ManEG[i])
	}
	for i := range w.Runaway {
		refs = append(refs, &w.Runaway[i])
	}
	return append(refs, &w.MainRoadMG, &w.MainRoadEG, &w.BlockedMG, &w.BlockedEG, &w.BackedMG, &w.BackedEG, &w.FlankMG, &w.FlankEG)
}

// Indices of the parameters in the vector.
const (
	pKingMG    = 0
	pKingEG    = 1
	pManMG     = 2
	pManEG     = pManMG + 32
	pRunaway   = pManEG + 32
	pMainMG    = pRunaway + 8
	pMainEG    = pMainMG + 1
	pBlockedMG = pMainEG + 1
	pBlockedEG = pBlockedMG + 1
	pBackedMG  = pBlockedEG + 1
	pBackedEG  = pBackedMG + 1
	pFlankMG   = pBackedEG + 1
	pFlankEG   = pFlankMG + 1
	nParams    = pFlankEG + 1
)

// features is the Russian evaluation of a position as a linear function
// of the weights, from White's view, before the drawish rule: constant +
// sum of val[k]*w[idx[k]].
type features struct {
	constant float64
	idx      []uint8
	val      []float32
	// whiteDrawn, blackDrawn: the drawish rule divides a score that
	// favours White (Black) by drawishDiv.
	whiteDrawn, blackDrawn bool
}

// russianFeatures computes the features of p, in the terms of
// russianSide.
func russianFeatures(p *draughts.Position) features {
	var f features
	acc := map[int]float64{}
	ph := float64(min(p.Occupied().PopCount(), 24))
	mgw, egw := ph/24, (24-ph)/24
	side := func(men, kings, oppMen, oppKings draughts.Bitboard, sign float64) {
		add := func(mg, eg int, n float64) {
			if n == 0 {
				return
			}
			acc[mg] += sign * n * mgw
			acc[eg] += sign * n * egw
		}
		nk := float64(kings.PopCount())
		add(pKingMG, pKingEG, nk)
		occ := men | kings | oppMen | oppKings
		opp := oppMen | oppKings
		f.constant += sign * ManValue * float64(men.PopCount())
		for b := men; b != 0; b &= b - 1 {
			s := b.First()
			i := board.Index(s)
			add(pManMG+i, pManEG+i, 1)
			if oppKings == 0 && cone[s]&occ == 0 && coneGuard[s]&opp == 0 {
				acc[pRunaway+board.Row(s)] += sign
			}
		}
		if kings&mainRoad != 0 && oppKings&mainRoad == 0 {
			add(pMainMG, pMainEG, 1)
		}
		empty := board.Board() &^ occ
		own := men | kings
		nb := (men &^ (board.Shift(empty, draughts.DownRight) | board.Shift(empty, draughts.DownLeft))).PopCount()
		nbk := (men & (board.Shift(own, draughts.UpRight) | noDownLeft) & (board.Shift(own, draughts.UpLeft) | noDownRight)).PopCount()
		fl := (men&leftFiles).PopCount()*2 - men.PopCount()
		add(pBlockedMG, pBlockedEG, float64(nb))
		add(pBackedMG, pBackedEG, float64(nbk))
		add(pFlankMG, pFlankEG, math.Abs(float64(fl)))
	}
	wm, wk := p.Men(draughts.White), p.KingsOf(draughts.White)
	bm, bk := p.Men(draughts.Black), p.KingsOf(draughts.Black)
	side(wm, wk, bm, bk, 1)
	side(flip(bm), flip(bk), flip(wm), flip(wk), -1)
	wn, bn := p.Pieces[draughts.White].PopCount(), p.Pieces[draughts.Black].PopCount()
	f.whiteDrawn = bn == 1 && bk != 0 && drawish(wn, bk)
	f.blackDrawn = wn == 1 && wk != 0 && drawish(bn, wk)
	keys := make([]int, 0, len(acc))
	for k, v := range acc {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		f.idx = append(f.idx, uint8(k))
		f.val = append(f.val, float32(acc[k]))
	}
	return f
}

// value is the evaluation from White's view with weights w.
func (f *features) value(w []float64) (e, scale float64) {
	e = f.constant
	for k, i := range f.idx {
		e += float64(f.val[k]) * w[i]
	}
	scale = 1
	if e > 0 && f.whiteDrawn || e < 0 && f.blackDrawn {
		scale = 1.0 / drawishDiv
	}
	return e * scale, scale
}

// TestFeaturesMatchEvaluate: the linear form the fit uses is the
// evaluation itself (to the rounding of integer division).
func TestFeaturesMatchEvaluate(t *testing.T) {
	w := make([]float64, nParams)
	ws := russianWeights
	for i, r := range weightRefs(&ws) {
		w[i] = float64(*r)
	}
	for _, p := range randomPositions(draughts.Russian, 100, 3) {
		f := russianFeatures(&p)
		e, _ := f.value(w)
		got := float64(evalRussianWith(&p, nil)) // the patterns are not weights of the fit
		if math.Abs(e-got) > 1.01 {
			t.Fatalf("%s: features give %.2f, evalRussian %v", p.FEN(), e, got)
		}
	}
}

// fitSample is a quiet position of a self-play game and the game's result.
type fitSample struct {
	pos    draughts.Position
	result float64 // White's score
	f      features
	hold   bool
	game   int // the game's number and the position's ply in it
	ply    int
}

// readSelfPlay reads research/selfplay's output and draws up to
// perGame positions of each game (a fixed seed).
func readSelfPlay(t *testing.T, v draughts.Variant, path string, perGame, holdEvery int) []fitSample {
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	z, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	rng := rand.New(rand.NewPCG(16, 1))
	var out, game []fitSample
	games := 0
	flush := func() {
		rng.Shuffle(len(game), func(i, j int) { game[i], game[j] = game[j], game[i] })
		out = append(out, game[:min(len(game), perGame)]...)
		game = game[:0]
	}
	hold, num := false, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# game ") {
			flush()
			games++
			n, _ := strconv.Atoi(strings.Fields(line)[2])
			hold, num = n%holdEvery == 0, n
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		res, err := strconv.ParseFloat(parts[0], 64)
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.ParseFEN(parts[2])
		if err != nil {
			t.Fatal(err)
		}
		ply, err := strconv.Atoi(parts[1])
		if err != nil {
			t.Fatal(err)
		}
		game = append(game, fitSample{pos: p, result: res, hold: hold, game: num, ply: ply})
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d games, %d positions drawn", path, games, len(out))
	return out
}

// quietLeaf is the position at the end of the line of leafQuiesce from p
// (captures and threats resolved); false when the line ends the game.
func quietLeaf(s *Searcher, p *draughts.Position) (draughts.Position, bool) {
	s.reset()
	s.pos[0] = *p
	s.path[0] = p.Hash()
	leafQuiesce(s, &s.pos[0], 0, -infinity, infinity, true)
	q := *p
	for _, m := range s.pv[0][:s.pvLen[0]] {
		q.Make(&m)
	}
	if s.v.MustCapture(&q) || !s.v.HasMoves(&q) {
		return q, false
	}
	return q, true
}

// fitModel is an evaluation as the fit sees it: its weights as a
// vector, its features, and how to put weights in use and write them.
type fitModel struct {
	v        draughts.Variant
	n        int                                 // parameters
	hand     []float64                           // the hand-set weights, where the fit starts
	features func(p *draughts.Position) features // the evaluation as a linear form
	use      func(w []float64)                   // put (rounded) weights in use
	restore  func()                              // put the weights of the build back in use
	tables   [][]int                             // the man tables: parameter indices centred by centre
	zero     []int                               // parameters that stay zero (no man stands there)
	write    func(t *testing.T, path string, w []float64, how string)
	logW     func(w []float64) string
}

// russianModel is the Russian evaluation (eval.go).
func russianModel() *fitModel {
	hand := handWeights()
	m := &fitModel{v: draughts.Russian, n: nParams, features: russianFeatures}
	for _, r := range weightRefs(&hand) {
		m.hand = append(m.hand, float64(*r))
	}
	set := func(w []float64) evalWeights {
		cur := handWeights()
		for i, r := range weightRefs(&cur) {
			*r = int(math.Round(w[i]))
		}
		return cur
	}
	m.use = func(w []float64) { useWeights(set(w)) }
	m.restore = func() {
		if levers.handEval {
			useWeights(handWeights())
		} else {
			useWeights(russianWeights)
		}
	}
	var mg, eg []int
	for i, sq := range board.Squares() {
		if board.Row(sq) < 7 {
			mg, eg = append(mg, pManMG+i), append(eg, pManEG+i)
		} else {
			m.zero = append(m.zero, pManMG+i, pManEG+i)
		}
	}
	m.tables = [][]int{mg, eg}
	m.zero = append(m.zero, pRunaway+7)
	m.write = func(t *testing.T, path string, w []float64, how string) { writeWeights(t, path, set(w), how) }
	m.logW = func(w []float64) string { return fmt.Sprintf("%+v", set(w)) }
	return m
}

// TestFitEval fits the weights of an evaluation (-fit-variant: the
// Russian one, or the International one of evalintl.go) to the results of
// self-play games by logistic ("Texel") regression: for every position
// drawn, the quiet position at the end of its quiescence line is scored by
// the evaluation E (White's view) and the game's result y (1, 0.5, 0) is
// predicted by 1/(1+exp(-K*E)); the weights (all but a man's ManValue,
// the unit) and K minimise the mean squared error by gradient descent
// (Adam), on every game but each -fit-hold-th, which is held out; the
// man tables keep the mean of the hand-set ones, so that a man is worth
// on average what it was and the scale of the evaluation stays that of
// the hand-set weights (see centre); -fit-l2 adds a penalty for the squared distance
// to the hand-set weights. Each
// round finds the quiet positions again with the weights of the round
// before. With -fit-out the weights are written as Go source.
//
//	make selfplay fit
//	make selfplay fit VARIANT=international
func TestFitEval(t *testing.T) {
	if *fitData == "" {
		t.Skip("-fit-data not set")
	}
	var m *fitModel
	switch *fitVariant {
	case "russian":
		m = russianModel()
	case "international":
		m = intlModel()
	default:
		t.Fatalf("-fit-variant %q: russian or international", *fitVariant)
	}
	samples := readSelfPlay(t, m.v, *fitData, *fitPerGame, *fitHoldEvery)
	// The fit starts from the hand-set weights, whatever is in use, so
	// that it can be redone.
	w := slices.Clone(m.hand)
	k := WinningChancesK
	s := NewSearcher(m.v, Options{Depth: 1, TTSize: 1})
	var train, hold []*fitSample
	handHold := 0.0
	defer m.restore()
	for round := 0; round < *fitRounds; round++ {
		m.use(w)
		train, hold = train[:0], hold[:0]
		for i := range samples {
			x := &samples[i]
			leaf, ok := quietLeaf(s, &x.pos)
			if !ok {
				continue
			}
			x.f = m.features(&leaf)
			if x.hold {
				hold = append(hold, x)
			} else {
				train = append(train, x)
			}
		}
		t.Logf("round %d: %d positions to fit, %d held out; before: mean squared error %.5f fitted, %.5f held out (K %.5f)",
			round+1, len(train), len(hold), mse(train, w, k), mse(hold, w, k), k)
		if round == 0 {
			// The hand-set weights at their best K, for comparison.
			handHold = math.Inf(1)
			for kk := 0.002; kk <= 0.02; kk += 0.0001 {
				handHold = min(handHold, mse(hold, w, kk))
			}
		}
		w, k = adam(m, train, hold, w, *fitL2, k, *fitEpochs, t)
		t.Logf("round %d: after: %.5f fitted, %.5f held out, K %.5f", round+1, mse(train, w, k), mse(hold, w, k), k)
	}
	w = slices.Clone(w)
	for _, i := range m.zero {
		w[i] = 0
	}
	t.Logf("fitted weights: %s", m.logW(w))
	if *fitOut != "" {
		m.write(t, *fitOut, w, fmt.Sprintf("%d positions of %s, -fit-l2 %g; on the %d positions of the held-out games (every %dth) the mean squared error is %.5f (K = %.5f), against %.5f with the hand-set weights at their best K",
			len(train), filepath.Base(*fitData), *fitL2, len(hold), *fitHoldEvery, mse(hold, w, k), k, handHold))
	}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// mse is the mean squared error of the predicted scores.
func mse(xs []*fitSample, w []float64, k float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum float64
	for _, x := range xs {
		e, _ := x.f.value(w)
		d := x.result - sigmoid(k*e)
		sum += d * d
	}
	return sum / float64(len(xs))
}

// adam minimises the mean squared error over train by full-batch Adam
// steps on the weights (but the unit) and on log K; it keeps the weights
// of the best held-out error seen, checked every 25 steps.
func adam(fm *fitModel, train, hold []*fitSample, w []float64, l2, k float64, epochs int, t *testing.T) ([]float64, float64) {
	prior, nParams := fm.hand, fm.n
	n := nParams + 1 // the last one is log K
	x := append(slices.Clone(w), math.Log(k))
	m, v := make([]float64, n), make([]float64, n)
	lr := make([]float64, n)
	for i := range lr {
		lr[i] = 0.5 // centi-men
	}
	lr[nParams] = 0.002
	const b1, b2, eps = 0.9, 0.999, 1e-12
	best, bestX := math.Inf(1), slices.Clone(x)
	g := make([]float64, n)
	for step := 1; step <= epochs; step++ {
		clear(g)
		kk := math.Exp(x[nParams])
		for _, s := range train {
			e, scale := s.f.value(x[:nParams])
			p := sigmoid(kk * e)
			d := -2 * (s.result - p) * p * (1 - p) / float64(len(train))
			for j, i := range s.f.idx {
				g[i] += d * kk * scale * float64(s.f.val[j])
			}
			g[nParams] += d * kk * e
		}
		for i := range prior {
			g[i] += 2 * l2 * (x[i] - prior[i])
		}
		for i := range x {
			m[i] = b1*m[i] + (1-b1)*g[i]
			v[i] = b2*v[i] + (1-b2)*g[i]*g[i]
			mh := m[i] / (1 - math.Pow(b1, float64(step)))
			vh := v[i] / (1 - math.Pow(b2, float64(step)))
			x[i] -= lr[i] * mh / (math.Sqrt(vh) + eps)
		}
		centre(fm, x)
		if step%25 == 0 || step == epochs {
			h := mse(hold, x[:nParams], math.Exp(x[nParams]))
			if h < best {
				best, bestX = h, slices.Clone(x)
			}
			if step%500 == 0 {
				t.Logf("  step %d: fitted %.5f, held out %.5f", step, mse(train, x[:nParams], math.Exp(x[nParams])), h)
			}
		}
	}
	return bestX[:nParams], math.Exp(bestX[nParams])
}

// centre keeps the mean of each man table (over the squares a man can
// stand on) at the mean of the hand-set table: a man is worth on average
// what it was, which fixes the scale of the evaluation (else the tables
// and K could trade it).
func centre(m *fitModel, x []float64) {
	for _, tab := range m.tables {
		var sum float64
		for _, i := range tab {
			sum += x[i] - m.hand[i]
		}
		for _, i := range tab {
			x[i] -= sum / float64(len(tab))
		}
	}
}

// writeWeights writes w as the Go source of weights_russian.go.
func writeWeights(t *testing.T, path string, w evalWeights, how string) {
	var b strings.Builder
	b.WriteString("// Code generated by make fit (analyze's TestFitEval); DO NOT EDIT.\n\npackage analyze\n\n")
	b.WriteString("// russianWeights are the weights of the Russian evaluation in use, fitted\n// to the results of self-play games (see TestFitEval and the package\n// documentation): " + how + ".\n")
	ints := func(xs []int) string {
		var s []string
		for _, x := range xs {
			s = append(s, strconv.Itoa(x))
		}
		return strings.Join(s, ", ")
	}
	fmt.Fprintf(&b, "var russianWeights = evalWeights{\n")
	fmt.Fprintf(&b, "\tKingMG: %d, KingEG: %d,\n", w.KingMG, w.KingEG)
	fmt.Fprintf(&b, "\tManMG: [32]int{%s},\n", ints(w.ManMG[:]))
	fmt.Fprintf(&b, "\tManEG: [32]int{%s},\n", ints(w.ManEG[:]))
	fmt.Fprintf(&b, "\tRunaway: [8]int{%s},\n", ints(w.Runaway[:]))
	fmt.Fprintf(&b, "\tMainRoadMG: %d, MainRoadEG: %d,\n", w.MainRoadMG, w.MainRoadEG)
	fmt.Fprintf(&b, "\tBlockedMG: %d, BlockedEG: %d,\n", w.BlockedMG, w.BlockedEG)
	fmt.Fprintf(&b, "\tBackedMG: %d, BackedEG: %d,\n", w.BackedMG, w.BackedEG)
	fmt.Fprintf(&b, "\tFlankMG: %d, FlankEG: %d,\n", w.FlankMG, w.FlankEG)
	b.WriteString("}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// leafQuiesce is the quiescence search as it was when the shipped weights
// were fitted (TestShippedPatternsGeom holds them to it): Searcher.quiesce
// and, in a quiet position where the opponent threatens a capture (and
// threats is set), one ply more of every move. The search no longer looks
// there; the fits keep the leaves of their data until they are made again.
func leafQuiesce(s *Searcher, p *draughts.Position, ply int, alpha, beta Score, threats bool) Score {
	s.pvLen[ply] = 0
	if ply >= MaxPly-1 {
		return s.evaluate(p)
	}
	if !s.v.MustCapture(p) {
		if !s.v.HasMoves(p) {
			return terminal(s.v, ply)
		}
		q := *p
		q.Side = q.Side.Opp()
		if !threats || !s.v.MustCapture(&q) {
			return s.evaluate(p)
		}
		threats = false
	}
	moves := s.v.UniqueMoves(p, s.moves[ply][:0])
	s.moves[ply] = moves
	ord := s.order(p, ply, moves, noMove)
	best := -infinity
	for i := range ord {
		pick(ord, i)
		m := &moves[ord[i].idx]
		q := &s.pos[ply+1]
		*q = *p
		q.Make(m)
		sc := -leafQuiesce(s, q, ply+1, -beta, -alpha, threats)
		if sc <= best {
			continue
		}
		best = sc
		if sc <= alpha {
			continue
		}
		alpha = sc
		s.setPV(ply, m)
		if sc >= beta {
			break
		}
	}
	return best
}
