package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// TestCalibrateEngine fits the fake engine's slope on the held-out games
// of a master file: the table has the engine's row, with every 8th
// position from ply 10 on and a k inside the range searched.
func TestCalibrateEngine(t *testing.T) {
	corpus := t.TempDir()
	data, err := os.ReadFile("../../testdata/corpus/international/wiegerw-pdn/succeed/wk2003.pdn")
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
	// The flags to use it with damka analyze.
	if want := "Suggested for Fake 1 at depth 13: damka analyze --engine '" + exe + " hub' --engine-depth 13 --engine-k " + row[2] + "\n"; !strings.Contains(out.String(), want) {
		t.Errorf("no line %q in\n%s", want, out.String())
	}
}
