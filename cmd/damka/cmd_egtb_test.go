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
	// wanted by the flag or by DAMKA_EGTB=off (TestMain).
	none, errNone, err := evalFields(t, EvalOptions{Variant: "russian", Depth: 4, TTSize: 1, Jobs: 1}, "", fens...)
	if err != nil || errNone != "" {
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
// scores are the search's.
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
	_, errOut, code = run(t, "", "analyze", "-q", "--depth", "4", "--no-egtb", "-o", out2, in)
	if code != exitOK || strings.Contains(errOut, "endgame") {
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

// TestTablebasesBuiltOnNeed: with neither --egtb nor DAMKA_EGTB, analyze
// builds the databases of 4 pieces or fewer of the game's variant in the
// user cache folder when its search first needs them, saying so, and its
// results are those of a run given them (--egtb); the next run builds
// nothing. A cache folder where they cannot be built gets a warning, and
// the run goes on without them.
func TestTablebasesBuiltOnNeed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the Russian databases of 4 pieces (seconds, a minute under the race detector)")
	}
	cache := t.TempDir()
	work := t.TempDir()
	in := writeFile(t, filepath.Join(work, "petrov.pdn"), "[Event \"t\"]\n[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:WKa1,Kc1,Ke1:BKh2\"]\n[Result \"*\"]\n\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 *\n")
	dir := filepath.Join(cache, "damka", "egtb")
	_, errOut, code := damkaIn(t, cache, "analyze", "-q", "--depth", "4", "-o", filepath.Join(work, "auto"), in)
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if code != int(exitOK) || len(lines) < 2 ||
		lines[0] != "damka analyze: building the endgame databases of russian (every class of 4 pieces or fewer) in "+filepath.Join(dir, "russian")+", once: --no-egtb skips them" ||
		!strings.HasPrefix(lines[1], "damka analyze: built 41 classes of russian in ") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	tables, _ := filepath.Glob(filepath.Join(dir, "russian", "*.wdl"))
	if len(tables) != 41 {
		t.Errorf("%d tables in the cache folder, want 41", len(tables))
	}
	_, errOut, code = damkaIn(t, cache, "analyze", "-q", "--depth", "4", "--egtb", dir, "-o", filepath.Join(work, "named"), in)
	quiet := func(errOut string) bool {
		return !strings.Contains(errOut, "endgame") && !strings.Contains(errOut, "built")
	}
	if code != int(exitOK) || !quiet(errOut) {
		t.Fatalf("--egtb: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = damkaIn(t, cache, "analyze", "-q", "--depth", "4", "-o", filepath.Join(work, "again"), in)
	if code != int(exitOK) || !quiet(errOut) {
		t.Fatalf("again: exit %d, stderr %q", code, errOut)
	}
	auto, _ := os.ReadFile(filepath.Join(work, "auto", "annotated.pdn"))
	for _, other := range []string{"named", "again"} {
		if b, _ := os.ReadFile(filepath.Join(work, other, "annotated.pdn")); string(b) != string(auto) || strings.Count(string(b), "{#W}") != 4 {
			t.Errorf("annotated.pdn built on need:\n%s\n%s:\n%s", auto, other, b)
		}
	}
	// A cache folder where the variant's folder cannot be made.
	bad := t.TempDir()
	writeFile(t, filepath.Join(bad, "damka", "egtb", "russian"), "not a folder")
	_, errOut, code = damkaIn(t, bad, "analyze", "-q", "--depth", "4", "-o", filepath.Join(work, "bad"), in)
	if code != int(exitOK) || !strings.Contains(errOut, "damka analyze: warning: ") || !strings.Contains(errOut, "russian") {
		t.Errorf("unbuildable: exit %d, stderr %q", code, errOut)
	}
	if b, err := os.ReadFile(filepath.Join(work, "bad", "annotated.pdn")); err != nil || strings.Contains(string(b), "#W") {
		t.Errorf("unbuildable: %v\n%s", err, b)
	}
}

// TestEgtbEnvFolder: DAMKA_EGTB naming a folder stands for --egtb: one
// without databases is an error naming the variable, as --egtb's names
// the flag; the flag, when given, wins over it.
func TestEgtbEnvFolder(t *testing.T) {
	empty := t.TempDir()
	run := func(env string, args ...string) (string, int) {
		cmd := damkaProcess(t, args...)
		cmd.Env = append(withoutEnv(cmd.Env, egtbEnv), "XDG_CACHE_HOME="+t.TempDir(), egtbEnv+"="+env)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		cmd.Run()
		return stderr.String(), cmd.ProcessState.ExitCode()
	}
	errOut, code := run(empty, "eval", "--depth", "2", "W:WKa1:BKh2")
	if code == 0 || !strings.Contains(errOut, egtbEnv+"="+empty+": no endgame database there") {
		t.Errorf("%s=%s: exit %d, stderr %q", egtbEnv, empty, code, errOut)
	}
	if errOut, code := run(empty, "eval", "--depth", "2", "--no-egtb", "W:WKa1:BKh2"); code != 0 || errOut != "" {
		t.Errorf("--no-egtb beside %s: exit %d, stderr %q", egtbEnv, code, errOut)
	}
}
