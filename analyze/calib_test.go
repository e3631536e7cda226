package analyze

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// calibSample is a searched position of a master game.
type calibSample struct {
	eval   float64 // White's view
	result float64 // White's score
	held   bool    // of the held-out half (odd game index in its file)
}

// masterSamples searches every position from ply 10 on of every game of
// files with a result, in variant v, to depth (a game is followed up to
// its first error), and returns the scores that are not decisive.
func masterSamples(t *testing.T, v draughts.Variant, files []string, depth int) (samples []calibSample, games int) {
	s := NewSearcher(v, Options{Depth: depth, TTSize: 4})
	for _, f := range files {
		err := input.ReadFile(f, func(g *pdn.Game, _ error) error {
			r := validate.Game(g, validate.Options{Variant: v})
			var res float64
			switch r.Result {
			case "2-0":
				res = 1
			case "0-2":
				res = 0
			case "1-1":
				res = 0.5
			default:
				return nil
			}
			games++
			n := len(r.Plies)
			for _, fd := range r.Findings {
				if fd.Severity == validate.Error && fd.Ply > 0 && fd.Ply-1 < n {
					n = fd.Ply - 1
				}
			}
			for i := 10; i < n; i++ {
				p := r.Plies[i].Before
				sc := s.Search(&p).Score
				if sc.IsDecisive() {
					continue
				}
				e := float64(sc)
				if p.Side == draughts.Black {
					e = -e
				}
				samples = append(samples, calibSample{eval: e, result: res, held: g.Index%2 == 1})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return samples, games
}

// calibLoss is the mean squared error between (1+WinningChances)/2 at slope
// k and the result, over the samples that pass keep.
func calibLoss(samples []calibSample, k float64, keep func(*calibSample) bool) float64 {
	var sum float64
	n := 0
	for i := range samples {
		x := &samples[i]
		if !keep(x) {
			continue
		}
		e := 1 / (1 + math.Exp(-k*x.eval))
		sum += (e - x.result) * (e - x.result)
		n++
	}
	return sum / float64(max(n, 1))
}

func bestK(samples []calibSample, keep func(*calibSample) bool) (k, loss float64) {
	k, loss = 0, math.Inf(1)
	for x := 0.0005; x <= 0.02; x += 0.00025 {
		if l := calibLoss(samples, x, keep); l < loss {
			k, loss = x, l
		}
	}
	return k, loss
}

// calibFiles are the PDN files of TestCalibrateK: DAMKA_CALIB_FILES (a
// comma-separated list) or every *.pdn under DAMKA_CORPUS; nil when
// neither is set.
func calibFiles() []string {
	if list := os.Getenv("DAMKA_CALIB_FILES"); list != "" {
		return strings.Split(list, ",")
	}
	dir := os.Getenv("DAMKA_CORPUS")
	if dir == "" {
		return nil
	}
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".pdn") {
			files = append(files, path)
		}
		return nil
	})
	return files
}

// TestCalibrateK fits the slope k of the winning-chances curve to the
// results of master games and measures the evaluation's fit to them: with
// DAMKA_CORPUS set to a directory of PDN files of DAMKA_CALIB_VARIANT
// (default Russian: testdata/corpus/russian), or DAMKA_CALIB_FILES to a
// list of them, every position from ply 10 on is searched to
// depth DAMKA_CALIB_DEPTH (default 4) and k is chosen to minimise the
// squared error between the expected score (1+WinningChances)/2 and the
// game's result. The games of even index in their file are the tuning
// half, those of odd index the held-out half (research/verdicts): k
// is fitted on the tuning half and the error reported on the held-out
// half, with that k and with WinningChancesK, and on all games. It fails
// when the fit is far from WinningChancesK; the package documentation
// gives the figures of one run.
//
//	make calibrate CALIB_DEPTH=6
func TestCalibrateK(t *testing.T) {
	files := calibFiles()
	if files == nil {
		t.Skip("DAMKA_CORPUS not set")
	}
	v := draughts.Russian
	if name := os.Getenv("DAMKA_CALIB_VARIANT"); name != "" {
		var err error
		if v, err = draughts.VariantByName(name); err != nil {
			t.Fatalf("DAMKA_CALIB_VARIANT: %v", err)
		}
	}
	depth := calibDepth()
	samples, games := masterSamples(t, v, files, depth)
	all := func(*calibSample) bool { return true }
	tuning := func(x *calibSample) bool { return !x.held }
	held := func(x *calibSample) bool { return x.held }
	t.Logf("%s: %d games, %d positions, depth %d", v, games, len(samples), depth)
	kt, lt := bestK(samples, tuning)
	ka, la := bestK(samples, all)
	kh, lh := bestK(samples, held)
	t.Logf("tuning half: best k = %.5f (mean squared error %.4f)", kt, lt)
	t.Logf("held-out half: mean squared error %.4f with the tuning half's k, %.4f with WinningChancesK = %.4f (its own best k %.5f: %.4f)",
		calibLoss(samples, kt, held), calibLoss(samples, WinningChancesK, held), WinningChancesK, kh, lh)
	t.Logf("all games: best k = %.5f (mean squared error %.4f; k=0: %.4f; k=%.4f: %.4f)", ka, la, calibLoss(samples, 0, all), WinningChancesK, calibLoss(samples, WinningChancesK, all))
	// The fit is where WinningChancesK comes from: it must find positions,
	// beat k=0 (evaluations tell something of results), and land near the
	// constant, else the constant needs refitting.
	if len(samples) < 1000 || la >= calibLoss(samples, 0, all) || ka < WinningChancesK/2 || ka > 2*WinningChancesK {
		t.Errorf("%d positions, best k %.5f (error %.4f, k=0 %.4f): WinningChancesK = %.5f needs a look", len(samples), ka, la, calibLoss(samples, 0, all), WinningChancesK)
	}
	for _, c := range []float64{50, 100, 200, 300} {
		t.Logf("k=%.5f: %+4.0f centi-men -> winning chances %.2f", kt, c, 2/(1+math.Exp(-kt*c))-1)
	}
}

// calibDepth is the search depth of TestCalibrateK: DAMKA_CALIB_DEPTH or 4.
func calibDepth() int {
	if d, err := strconv.Atoi(os.Getenv("DAMKA_CALIB_DEPTH")); err == nil && d > 0 {
		return d
	}
	return 4
}
