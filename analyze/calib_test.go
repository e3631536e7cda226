package analyze

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// TestCalibrateK fits the slope k of the winning-chances curve to the
// results of master games: with DAMKA_CORPUS set to a directory of Russian
// draughts PDN files (../shared/corpus/russian), every position from ply 10
// on is searched to depth DAMKA_CALIB_DEPTH (default 4) and k is chosen to
// minimise the squared error between the expected score
// (1+WinningChances)/2 and the game's result (a game is followed up to a
// move that cannot be read). It reports the fit and fails when the fit is
// far from WinningChancesK; the package documentation gives the figures
// of one run.
//
//	make calibrate CALIB_DEPTH=8
func TestCalibrateK(t *testing.T) {
	dir := os.Getenv("DAMKA_CORPUS")
	if dir == "" {
		t.Skip("DAMKA_CORPUS not set")
	}
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".pdn") {
			files = append(files, path)
		}
		return nil
	})
	resultRe := regexp.MustCompile(`\[Result\s+"([^"]*)"\]`)
	moveRe := regexp.MustCompile(`^[a-h][1-8]([-:x][a-h][1-8])+$`)
	type sample struct {
		eval   float64 // White's view
		result float64 // White's score
	}
	var samples []sample
	s := NewSearcher(draughts.Russian, Options{Depth: calibDepth(), TTSize: 4})
	games := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range splitGames(string(data)) {
			m := resultRe.FindStringSubmatch(g.tags)
			if m == nil {
				continue
			}
			var res float64
			switch m[1] {
			case "1-0", "2-0":
				res = 1
			case "0-1", "0-2":
				res = 0
			case "1/2-1/2", "1-1":
				res = 0.5
			default:
				continue
			}
			body := g.moves
			p := draughts.Start(draughts.Russian)
			ply := 0
			ok := true
			for _, tok := range strings.Fields(body) {
				if !moveRe.MatchString(tok) {
					continue
				}
				groups, err := draughts.Russian.Match(&p, tok)
				if err != nil || len(groups) != 1 {
					t.Logf("%s: ply %d: %q: %v (%d matches)", filepath.Base(f), ply, tok, err, len(groups))
					ok = false
					break
				}
				if ply >= 10 {
					r := s.Search(&p)
					e := float64(r.Score)
					if p.Side == draughts.Black {
						e = -e
					}
					if !r.Score.IsDecisive() {
						samples = append(samples, sample{e, res})
					}
				}
				p.Make(&groups[0][0])
				ply++
			}
			if ok {
				games++
			}
		}
	}
	t.Logf("%d games, %d positions", games, len(samples))
	loss := func(k float64) float64 {
		var sum float64
		for _, x := range samples {
			e := 1 / (1 + math.Exp(-k*x.eval))
			sum += (e - x.result) * (e - x.result)
		}
		return sum / float64(len(samples))
	}
	bestK, bestL := 0.0, math.Inf(1)
	for k := 0.0005; k <= 0.02; k += 0.00025 {
		if l := loss(k); l < bestL {
			bestK, bestL = k, l
		}
	}
	t.Logf("best k = %.5f (mean squared error %.4f; k=0: %.4f; k=%.4f: %.4f)", bestK, bestL, loss(0), WinningChancesK, loss(WinningChancesK))
	// The fit is where WinningChancesK comes from: it must find positions,
	// beat k=0 (evaluations tell something of results), and land near the
	// constant, else the constant needs refitting.
	if len(samples) < 1000 || bestL >= loss(0) || bestK < WinningChancesK/2 || bestK > 2*WinningChancesK {
		t.Errorf("%d positions, best k %.5f (error %.4f, k=0 %.4f): WinningChancesK = %.5f needs a look", len(samples), bestK, bestL, loss(0), WinningChancesK)
	}
	for _, c := range []float64{50, 100, 200, 300} {
		t.Logf("k=%.5f: %+4.0f centi-men -> winning chances %.2f", bestK, c, 2/(1+math.Exp(-bestK*c))-1)
	}
}

// splitGames cuts a PDN text into games: a block of tag lines, then the
// move lines up to the next tag line.
func splitGames(text string) []struct{ tags, moves string } {
	var out []struct{ tags, moves string }
	var tags, moves strings.Builder
	flush := func() {
		if tags.Len() > 0 || moves.Len() > 0 {
			out = append(out, struct{ tags, moves string }{tags.String(), moves.String()})
		}
		tags.Reset()
		moves.Reset()
	}
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "[") {
			if moves.Len() > 0 {
				flush()
			}
			tags.WriteString(l + "\n")
		} else {
			moves.WriteString(l + "\n")
		}
	}
	flush()
	return out
}

// calibDepth is the search depth of TestCalibrateK: DAMKA_CALIB_DEPTH or 4.
func calibDepth() int {
	if d, err := strconv.Atoi(os.Getenv("DAMKA_CALIB_DEPTH")); err == nil && d > 0 {
		return d
	}
	return 4
}
