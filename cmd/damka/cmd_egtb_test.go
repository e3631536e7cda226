package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/damka/damka/internal/iostreams"
)

// egtbBuild runs damka egtb build and returns its output lines.
func egtbBuild(t *testing.T, ctx context.Context, opts EgtbBuildOptions) ([]string, string, error) {
	t.Helper()
	io, out, errb := iostreams.Test("")
	err := runEgtbBuild(ctx, io, opts)
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), errb.String(), err
}

// TestEvalTablebase: the two positions of issue 24 at depth 4 with the
// databases of three kings against one: the lone king on the main road
// draws (0.00), Petrov's triangle wins (#W); without databases the
// output is what it was.
func TestEvalTablebase(t *testing.T) {
	dir := t.TempDir()
	lines, _, err := egtbBuild(t, context.Background(), EgtbBuildOptions{Variant: "russian", Pieces: 4, Dir: dir, Classes: []string{"KKKvK"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 5 || !strings.HasPrefix(lines[len(lines)-1], "KKKvK\t143840\t132240\t11600\t0\t") {
		t.Fatalf("build output %q", lines)
	}
	fens := []string{"B:WKc1,Ke1,Kg1:BKd4", "W:WKa1,Kc1,Ke1:BKh2"}
	opts := EvalOptions{Variant: "russian", Depth: 4, TTSize: 1, Jobs: 1, Egtb: tablebaseFlag{Dir: dir}}
	rows, errOut, err := evalFields(t, opts, "", fens...)
	if err != nil || errOut != "" {
		t.Fatalf("err %v, stderr %q", err, errOut)
	}
	if rows[0][1] != "0.00" || rows[0][2] != "0.00" {
		t.Errorf("main road: %q, want a draw", rows[0])
	}
	if rows[1][1] != "#W" || rows[1][2] != "#W" || rows[1][3] == "-" {
		t.Errorf("Petrov's triangle: %q, want a win and a move", rows[1])
	}
	// Without databases: the search's guess, the same whether none is
	// found or none is wanted, with the note only when none is found.
	none, errNone, err := evalFields(t, EvalOptions{Variant: "russian", Depth: 4, TTSize: 1, Jobs: 1}, "", fens...)
	if err != nil || !strings.Contains(errNone, "note: no endgame databases") {
		t.Fatalf("err %v, stderr %q", err, errNone)
	}
	off, errOff, err := evalFields(t, EvalOptions{Variant: "russian", Depth: 4, TTSize: 1, Jobs: 1, Egtb: tablebaseFlag{Dir: dir, Off: true}}, "", fens...)
	if err != nil || errOff != "" {
		t.Fatalf("err %v, stderr %q", err, errOff)
	}
	for i := range none {
		if strings.Join(none[i], "\t") != strings.Join(off[i], "\t") {
			t.Errorf("without databases %q, with --no-egtb %q", none[i], off[i])
		}
		if none[i][1] == "0.00" || strings.HasPrefix(none[i][1], "#") {
			t.Errorf("without databases the search proves %q: the test shows nothing", none[i])
		}
	}
	// A folder named that holds no database is an error.
	if _, _, err := evalFields(t, EvalOptions{Variant: "russian", Depth: 4, TTSize: 1, Jobs: 1, Egtb: tablebaseFlag{Dir: t.TempDir()}}, "", fens...); err == nil {
		t.Error("--egtb of an empty folder: no error")
	}
}

// TestEgtbBuildResumes: a finished class is kept, a damaged file is built
// again, an interrupted build leaves no file of the class it was on.
func TestEgtbBuildResumes(t *testing.T) {
	dir := t.TempDir()
	opts := EgtbBuildOptions{Variant: "russian", Pieces: 3, Dir: dir}
	lines, errOut, err := egtbBuild(t, context.Background(), opts)
	if err != nil || len(lines) != 16 || !strings.Contains(errOut, "16 built") {
		t.Fatalf("first build: %v, %q, %q", err, lines, errOut)
	}
	first := strings.Join(lines, "\n")
	bad := filepath.Join(dir, "russian", "KKvK.wdl")
	b, err := os.ReadFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 1
	if err := os.WriteFile(bad, b, 0o644); err != nil {
		t.Fatal(err)
	}
	lines, errOut, err = egtbBuild(t, context.Background(), opts)
	if err != nil || !strings.Contains(errOut, "2 built") || !strings.Contains(errOut, "14 kept") {
		t.Fatalf("second build: %v, %q, %q", err, lines, errOut)
	}
	for i, l := range lines {
		f := strings.Split(l, "\t")
		was := strings.Split(strings.Split(first, "\n")[i], "\t")
		if strings.Join(f[:6], "\t") != strings.Join(was[:6], "\t") {
			t.Errorf("class %s: %q, first %q", f[0], f, was)
		}
		if want := f[0] == "KKvK" || f[0] == "KvKK"; (f[7] == "built") != want {
			t.Errorf("class %s: %s", f[0], f[7])
		}
	}
	// Interrupted at once: the classes not done have no file.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir2 := t.TempDir()
	if _, _, err := egtbBuild(t, ctx, EgtbBuildOptions{Variant: "russian", Pieces: 3, Dir: dir2}); err == nil {
		t.Fatal("a cancelled build gives no error")
	}
	if names, _ := filepath.Glob(filepath.Join(dir2, "russian", "*")); len(names) != 0 {
		t.Errorf("a cancelled build left %q", names)
	}
	if _, _, err := egtbBuild(t, context.Background(), EgtbBuildOptions{Variant: "giveaway", Pieces: 3, Dir: dir2}); err == nil {
		t.Error("giveaway: no error")
	}
}

// TestAnalyzeTablebase: analyze takes the databases too: a game of three
// kings against one is a database win at every move; without them the
// note comes once and the scores are the search's.
func TestAnalyzeTablebase(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := egtbBuild(t, context.Background(), EgtbBuildOptions{Variant: "russian", Dir: dir, Classes: []string{"KKKvK"}}); err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, filepath.Join(t.TempDir(), "petrov.pdn"), "[Event \"t\"]\n[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:WKa1,Kc1,Ke1:BKh2\"]\n[Result \"*\"]\n\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 *\n")
	out := filepath.Join(t.TempDir(), "with")
	_, errOut, code := run(t, "", "analyze", "-q", "--depth", "4", "--egtb", dir, "-o", out, in)
	if code != exitOK || strings.Contains(errOut, "note:") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	b, err := os.ReadFile(filepath.Join(out, "annotated.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(b), "{#W}"); got != 4 {
		t.Errorf("%d database wins in the annotations, want 4:\n%s", got, b)
	}
	// The exact results in moves.parquet, for the mover: White's moves
	// keep the win, Black's the loss.
	want := []string{"win", "loss", "win", "loss"}
	for _, col := range []string{"table_before", "table_after"} {
		if got := readStrings(t, filepath.Join(out, "moves.parquet"), col); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", col, got, want)
		}
	}
	out2 := filepath.Join(t.TempDir(), "without")
	_, errOut, code = run(t, "", "analyze", "-q", "--depth", "4", "-o", out2, in)
	if code != exitOK || strings.Count(errOut, "note: no endgame databases") != 1 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if b, _ := os.ReadFile(filepath.Join(out2, "annotated.pdn")); strings.Contains(string(b), "#W") {
		t.Errorf("a database win without databases:\n%s", b)
	}
	if got := readStrings(t, filepath.Join(out2, "moves.parquet"), "table_before"); !slices.Equal(got, []string{"", "", "", ""}) {
		t.Errorf("table_before without databases: %q", got)
	}
}

// The databases of another 8x8 variant: built with --variant, used by
// eval for that variant's positions, in the same folder as Russian's
// (issue 24: every variant damka plays on 8x8); giveaway has none.
func TestEgtbOtherVariant(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := egtbBuild(t, context.Background(), EgtbBuildOptions{Variant: "english", Pieces: 3, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := egtbBuild(t, context.Background(), EgtbBuildOptions{Variant: "russian", Pieces: 3, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	// Two kings against one: English kings do not fly, and the
	// databases say who wins where a depth-2 search cannot.
	opts := EvalOptions{Variant: "english", Depth: 2, TTSize: 1, Jobs: 1, Egtb: tablebaseFlag{Dir: dir}}
	rows, errOut, err := evalFields(t, opts, "", "W:WK1,K5:BK32")
	if err != nil || errOut != "" {
		t.Fatalf("err %v, stderr %q", err, errOut)
	}
	if rows[0][1] != "#W" {
		t.Errorf("English 2 kings against 1: %q, want a database win", rows[0])
	}
	if _, _, err := egtbBuild(t, context.Background(), EgtbBuildOptions{Variant: "giveaway", Pieces: 3, Dir: dir}); err == nil || !strings.Contains(err.Error(), "not supported") {
		t.Errorf("giveaway: %v", err)
	}
}
