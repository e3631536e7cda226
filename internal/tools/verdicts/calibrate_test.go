package main

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// TestFitK: results drawn from the expected score of a known slope give
// that slope back, and the error at it is below the error at k = 0.
func TestFitK(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const want = 0.012
	var evals, results []float64
	for range 20000 {
		e := rng.Float64()*600 - 300
		p := 1 / (1 + math.Exp(-want*e))
		r := 0.0
		if rng.Float64() < p {
			r = 1
		}
		evals, results = append(evals, e), append(results, r)
	}
	k, err := fitK(evals, results)
	if math.Abs(k-want) > 0.001 {
		t.Errorf("fitK = %.5f, want about %.5f", k, want)
	}
	if e0 := calibError(evals, results, 0); err >= e0 {
		t.Errorf("error at the fit %.4f, at k = 0 %.4f", err, e0)
	}
}

// TestCalibrateEngine fits the fake engine's slope on the held-out games
// of a master file: the table has the engine's row, with every 8th
// position from ply 10 on and a k inside the range searched.
func TestCalibrateEngine(t *testing.T) {
	corpus := t.TempDir()
	data, err := os.ReadFile("../../../testdata/corpus/international/wiegerw-pdn/succeed/wk2003.pdn")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(corpus, "wk2003.pdn"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DAMKA_FAKE_HUB", "ok")
	exe, err := filepath.Abs(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config{variant: draughts.International, corpus: corpus, split: "heldout", work: t.TempDir(),
		cacheDir: t.TempDir(), seedDir: t.TempDir(), tt: 16, jobs: 1, engineDepth: 13,
		ref: &damkaBin{name: "engine", path: exe, hub: true, k: 0.006}}
	var out strings.Builder
	if err := calibrate(cfg, 8, &out); err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| Fake 1 \| 13 \| (\d+) \| ([0-9.]+) \|`).FindStringSubmatch(out.String())
	if row == nil {
		t.Fatalf("no row of the engine in\n%s", out.String())
	}
	if n, _ := strconv.Atoi(row[1]); n < 50 {
		t.Errorf("%s positions, want the held-out games' every 8th from ply 10 on:\n%s", row[1], out.String())
	}
	if k, _ := strconv.ParseFloat(row[2], 64); k <= 0.0005 || k >= 0.03 {
		t.Errorf("k %s at the edge of the range searched:\n%s", row[2], out.String())
	}
}
