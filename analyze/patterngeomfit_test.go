package analyze

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/traindata"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
	"github.com/klauspost/compress/zstd"
)

// The 10x10 patterns' fit (make fit-patterns-intl; patterngeom.go).
var (
	geoData    = flag.String("geo-data", "", "training data folder (internal/traindata) to fit the International patterns to; the fit runs only when set")
	geoChunks  = flag.Int("geo-chunks", shippedGeo.chunks, "fit to the first N chunks of -geo-data (0: all)")
	geoOut     = flag.String("geo-out", "", "write the fitted patterns to this file (patterns_international.bin)")
	geoPerGame = flag.Int("geo-per-game", shippedGeo.perGame, "positions drawn from each game")
	geoEpochs  = flag.Int("geo-epochs", shippedGeo.epochs, "passes over the positions")
	geoLR      = flag.Float64("geo-lr", shippedGeo.lr, "AdaGrad step, in centi-men")
	geoL2      = flag.Float64("geo-l2", shippedGeo.l2, "weight decay of a pattern weight at each of its uses (per centi-man)")
	geoLambda  = flag.Float64("geo-lambda", shippedGeo.lambda, "share of the game's result in the target (the rest: the search score's expected result)")
	geoMasters = flag.String("geo-masters", "", "master games (comma-separated PDN files) whose held-out half (odd games) measures the fit")
	geoShape   = flag.String("geo-shape", fmt.Sprintf("%dx%d", shippedGeo.shape[0], shippedGeo.shape[1]), "the windows' shape, FILESxRANKS (4x4: eight squares; 4x6: twelve)")
)

// geoSettings are the settings of a fit of the 10x10 patterns.
type geoSettings struct {
	chunks  int // the first chunks of the data (0: all)
	perGame int
	epochs  int
	lr, l2  float64
	lambda  float64
	shape   [2]int // the windows' files and ranks (intlShape in the build)
}

// shippedGeo are the settings of the weights in the build
// (patterns_international.bin): the fit of the first chunks of
// testdata/train/international (TestShippedPatternsGeom checks it).
var shippedGeo = geoSettings{chunks: 22, perGame: 1000, epochs: 8, lr: 8, l2: 6e-6, lambda: 0, shape: intlShape}

// geoSample is a quiet position for the patterns' fit: the evaluation
// without patterns (White's view), the phase, the features and the
// target (White's expected score).
type geoSample struct {
	base        float64
	mg          float64
	plus, minus []int32
	target      float64
}

func (x *geoSample) value(w []float64, n int) float64 {
	e := x.base
	for r := range x.plus {
		e += x.mg*(w[x.plus[r]]-w[x.minus[r]]) + (1-x.mg)*(w[n+int(x.plus[r])]-w[n+int(x.minus[r])])
	}
	return e
}

func geoMSE(xs []*geoSample, w []float64, n int, k float64) float64 {
	var sum float64
	for _, x := range xs {
		d := x.target - sigmoid(k*x.value(w, n))
		sum += d * d
	}
	return sum / float64(max(len(xs), 1))
}

// TestFitPatternsGeom fits the International pattern weights
// (patterngeom.go) to the training data (internal/traindata), on top of
// the evaluation without patterns, as TestFitPatterns does for Russian:
// positions drawn from each game (a fixed seed), each scored at the end
// of its quiescence line by E = evaluation + patterns (White's view); the
// target is the game's result (-geo-lambda 1), or a blend with the
// expected result of the search score the data holds; 1/(1+exp(-K*E))
// predicts it, K the slope that fits the evaluation without patterns.
// AdaGrad from zero, every 10th game held out (cut where it meets a
// fitted game), the pass with the best held-out error kept. With
// -geo-masters the held-out half of the master games measures the fit on
// positions of human play (every 4th from ply 10, the game's result).
func TestFitPatternsGeom(t *testing.T) {
	if *geoData == "" {
		t.Skip("-geo-data not set")
	}
	set := geoSettings{chunks: *geoChunks, perGame: *geoPerGame, epochs: *geoEpochs, lr: *geoLR, l2: *geoL2, lambda: *geoLambda}
	if _, err := fmt.Sscanf(*geoShape, "%dx%d", &set.shape[0], &set.shape[1]); err != nil {
		t.Fatalf("-geo-shape %q: want FILESxRANKS, e.g. 4x6", *geoShape)
	}
	q, chunks := fitGeomPatterns(t, *geoData, *geoMasters, set)
	if *geoOut != "" {
		b := encodePatterns(q)
		if strings.HasSuffix(*geoOut, ".zst") {
			b = encodePatternsZstd(b)
		}
		if err := os.WriteFile(*geoOut, b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%s, %d chunks)", *geoOut, filepath.Base(*geoData), chunks)
	}
}

// TestShippedPatternsGeom: the patterns in the build are the fit of the
// committed training data with the stated settings (shippedGeo), weight
// for weight.
func TestShippedPatternsGeom(t *testing.T) {
	if testing.Short() {
		t.Skip("a fit of 2.4 million positions: minutes, 1 GB")
	}
	dir := filepath.Join("..", "testdata", "train", "international")
	q, _ := fitGeomPatterns(t, dir, "", shippedGeo)
	have, err := newPatternGeom(draughts.International.Geometry(), intlShape[0], intlShape[1]).decode(patternsInternational)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(q, have) {
		diff := 0
		for i := range min(len(q), len(have)) {
			if q[i] != have[i] {
				diff++
			}
		}
		t.Errorf("patterns_international.bin (%d weights) is not the fit of the first %d chunks of %s with %+v (%d weights, %d differ): make fit-patterns-intl",
			len(have), shippedGeo.chunks, dir, shippedGeo, len(q), diff)
	}
}

// fitGeomPatterns fits the weights (see TestFitPatternsGeom) to the data
// in dir and returns them rounded, and the number of chunks fitted.
func fitGeomPatterns(t *testing.T, dir, masterFiles string, set geoSettings) ([]int16, int) {
	v := draughts.International
	base := evaluatorFor(v)
	if intlPatterns != nil {
		base = intlBase
	}
	pg := newPatternGeom(v.Geometry(), set.shape[0], set.shape[1])
	s := NewSearcher(v, Options{Depth: 1, TTSize: 1})
	s.eval = base
	sample := func(p *draughts.Position, target float64) (*geoSample, bool) {
		leaf, ok := quietLeaf(s, p)
		if !ok {
			return nil, false
		}
		x := &geoSample{base: float64(base(&leaf)), target: target,
			mg: float64(min(leaf.Occupied().PopCount(), pg.full)) / float64(pg.full)}
		x.plus, x.minus = pg.features(leaf.Men(draughts.White), leaf.Men(draughts.Black))
		return x, true
	}
	rng := rand.New(rand.NewPCG(42, 1))
	raws, chunks := readTrainRaws(t, v, dir, set.chunks, set.perGame, rng)
	t.Logf("windows of %dx%d: %d windows of %d squares, %d weights a phase", set.shape[0], set.shape[1], len(pg.windows), pg.size, len(pg.windows)*pg.configs)
	ks := searchSlope(t, raws)
	var train, hold []*geoSample
	for _, r := range raws {
		x, ok := sample(&r.pos, r.target(ks, set.lambda))
		if !ok {
			continue
		}
		if r.hold {
			hold = append(hold, x)
		} else {
			train = append(train, x)
		}
	}
	raws = nil
	var masters []*geoSample
	if masterFiles != "" {
		masters = geoMasterSamples(t, v, masterFiles, sample)
	}
	n := len(pg.windows) * pg.configs
	w := make([]float64, 2*n)
	k, best := 0.0, math.Inf(1)
	for kk := 0.002; kk <= 0.03; kk += 0.0001 {
		if e := geoMSE(train, w, n, kk); e < best {
			k, best = kk, e
		}
	}
	baseHold, baseMasters := geoMSE(hold, w, n, k), geoMSE(masters, w, n, k)
	t.Logf("%d positions to fit, %d held out, %d of master games; without patterns: %.5f fitted, %.5f held out, %.5f masters (K %.4f)",
		len(train), len(hold), len(masters), best, baseHold, baseMasters, k)
	g2 := make([]float64, len(w))
	bestW, bestHold := append([]float64(nil), w...), baseHold
	for epoch := 1; epoch <= set.epochs; epoch++ {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for _, x := range train {
			p := sigmoid(k * x.value(w, n))
			d := -2 * (x.target - p) * p * (1 - p) * k
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
						g += set.l2 * w[i]
						g2[i] += g * g
						w[i] -= set.lr * g / (math.Sqrt(g2[i]) + 1e-9)
					}
				}
			}
		}
		h := geoMSE(hold, w, n, k)
		t.Logf("pass %d: %.5f fitted, %.5f held out, %.5f masters", epoch, geoMSE(train, w, n, k), h, geoMSE(masters, w, n, k))
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
	t.Logf("kept: held out %.5f against %.5f without patterns, masters %.5f against %.5f; %d of %d weights used, the largest %.0f centi-men",
		bestHold, baseHold, geoMSE(masters, bestW, n, k), baseMasters, used, len(bestW), big)
	q := make([]int16, len(bestW))
	for i, x := range bestW {
		q[i] = int16(max(-32767, min(32767, math.Round(x))))
	}
	return q, chunks
}

// geoMasterSamples are the positions of the held-out half (odd games) of
// the master games in files: every 4th from ply 10, with the result.
func geoMasterSamples(t *testing.T, v draughts.Variant, files string, sample func(*draughts.Position, float64) (*geoSample, bool)) []*geoSample {
	var out []*geoSample
	for _, name := range strings.Split(files, ",") {
		err := input.ReadFile(name, func(g *pdn.Game, _ error) error {
			if g.Index%2 == 0 {
				return nil
			}
			r := validate.Game(g, validate.Options{Variant: v})
			white := map[string]float64{"2-0": 1, "1-1": 0.5, "0-2": 0}
			res, ok := white[r.Result]
			if !ok {
				return nil
			}
			for i := 10; i < len(r.Plies); i += 4 {
				if x, ok := sample(&r.Plies[i].Before, res); ok {
					out = append(out, x)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// encodePatternsZstd compresses a weights file (pg.decode reads it): the
// weights of big windows are mostly zero.
func encodePatternsZstd(b []byte) []byte {
	e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err)
	}
	defer e.Close()
	return e.EncodeAll(b, nil)
}

// trainRaw is a position of the training data (internal/traindata): the
// search score that chose its move and the game's result, both White's
// view.
type trainRaw struct {
	pos   draughts.Position
	score float64
	white float64
	hold  bool
}

// target is what a fit predicts for r: lambda of the game's result and
// the rest the expected result of the search score (slope ks).
func (r *trainRaw) target(ks, lambda float64) float64 {
	if lambda >= 1 {
		return r.white
	}
	return lambda*r.white + (1-lambda)*sigmoid(ks*r.score)
}

// readTrainRaws reads the first chunks (0: all) of the training data in
// dir and draws up to perGame positions of each game (rng), every 10th
// game held out. Self-play games from different openings meet, the
// search being deterministic, and then go on move for move the same: a
// held-out game keeps only its positions before the first one that a
// fitted game has. It returns the positions and the number of chunks read.
func readTrainRaws(t *testing.T, v draughts.Variant, dir string, chunks, perGame int, rng *rand.Rand) ([]trainRaw, int) {
	t.Helper()
	entries, err := traindata.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if chunks > 0 {
		if len(entries) < chunks {
			t.Fatalf("%s: %d chunks, want %d", dir, len(entries), chunks)
		}
		entries = entries[:chunks]
	}
	if len(entries) == 0 {
		t.Fatalf("%s: no chunks", dir)
	}
	var raws []trainRaw
	seen := map[draughts.Position]bool{}
	games, cut := 0, 0
	for _, e := range entries {
		gs, err := traindata.ReadChunk(dir, v, e.Chunk)
		if err != nil {
			t.Fatal(err)
		}
		// Fitted games first, so that a held-out game is cut where it
		// meets one of them.
		for pass := range 2 {
			for _, g := range gs {
				hold := g.Index%10 == 9
				if hold != (pass == 1) {
					continue
				}
				games++
				var xs []trainRaw
				p := g.Start
				for i := range g.Moves {
					if hold && seen[p] {
						cut += len(g.Moves) - i
						break
					}
					if !hold {
						seen[p] = true
					}
					sc := float64(g.Scores[i])
					if p.Side == draughts.Black {
						sc = -sc
					}
					xs = append(xs, trainRaw{p, sc, g.White, hold})
					p.Make(&g.Moves[i])
				}
				rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
				raws = append(raws, xs[:min(len(xs), perGame)]...)
			}
		}
	}
	t.Logf("%d chunks, %d games, %d positions drawn; %d positions of held-out games left out", len(entries), games, len(raws), cut)
	return raws, len(entries)
}

// searchSlope is the slope of the winning-chances curve that fits the
// search scores of raws to the games' results (decisive scores left out).
func searchSlope(t *testing.T, raws []trainRaw) float64 {
	ks, best := 0.0, math.Inf(1)
	for kk := 0.002; kk <= 0.03; kk += 0.0005 {
		var sum float64
		n := 0
		for _, r := range raws {
			if math.Abs(r.score) >= float64(TableWinScore-MaxPly) {
				continue
			}
			d := r.white - sigmoid(kk*r.score)
			sum += d * d
			n++
		}
		if e := sum / float64(max(n, 1)); e < best {
			ks, best = kk, e
		}
	}
	t.Logf("search scores: slope %.4f, mean squared error %.5f against the results", ks, best)
	return ks
}
