package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareOutputs: outputs that differ in a byte, a file or standard
// output are told apart, perft's seconds are not counted, equal ones pass.
func TestCompareOutputs(t *testing.T) {
	tmp := t.TempDir()
	dirs := [2]string{filepath.Join(tmp, "old"), filepath.Join(tmp, "new")}
	write := func(k int, name, text string) {
		t.Helper()
		p := filepath.Join(dirs[k], name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	export := workload{name: "export"}
	write(0, "export/games.parquet", "abc")
	write(1, "export/games.parquet", "abc")
	if d := compareOutputs(export, dirs, [2][]byte{}); d != "" {
		t.Errorf("equal folders: %s", d)
	}
	write(1, "export/games.parquet", "abd")
	if d := compareOutputs(export, dirs, [2][]byte{}); !strings.Contains(d, "games.parquet") {
		t.Errorf("a byte changed: %q", d)
	}
	write(1, "export/games.parquet", "abc")
	write(1, "export/moves.parquet", "x")
	if d := compareOutputs(export, dirs, [2][]byte{}); !strings.Contains(d, "files") {
		t.Errorf("a file more: %q", d)
	}
	check := workload{name: "check", stdout: true}
	empty := [2]string{t.TempDir(), t.TempDir()}
	if d := compareOutputs(check, empty, [2][]byte{[]byte("a\n"), []byte("b\n")}); !strings.Contains(d, "standard output") {
		t.Errorf("standard output: %q", d)
	}
	perft := workload{name: "perft", stdout: true, perft: true}
	a := []byte("1 7 0.000 3.2\n2 49 0.001 9.0\n")
	b := []byte("1 7 0.001 1.1\n2 49 0.002 8.0\n")
	if d := compareOutputs(perft, empty, [2][]byte{a, b}); d != "" {
		t.Errorf("perft with other times: %s", d)
	}
	b = []byte("1 7 0.001 1.1\n2 48 0.002 8.0\n")
	if d := compareOutputs(perft, empty, [2][]byte{a, b}); d == "" {
		t.Error("perft with another count passed")
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		x    []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(c.x); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.x, got, c.want)
		}
	}
}
