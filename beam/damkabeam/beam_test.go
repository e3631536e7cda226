package damkabeam

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/damka/damka/internal/engine"
	"github.com/damka/damka/internal/rowset"
)

func TestMain(m *testing.M) { ptest.MainWithDefault(m, "prism") }

// repo is the main module's folder: the inputs are named from there, as
// damka is run from there.
const repo = "../.."

var (
	damkaOnce sync.Once
	damkaBin  string
	damkaErr  error
)

// damka builds the damka command of this repository, once.
func damka(t *testing.T) string {
	t.Helper()
	damkaOnce.Do(func() {
		dir, err := os.MkdirTemp("", "damka-beam-test-")
		if err != nil {
			damkaErr = err
			return
		}
		damkaBin = filepath.Join(dir, "damka")
		cmd := exec.Command("go", "build", "-o", damkaBin, "./cmd/damka")
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err != nil {
			damkaErr = err
			t.Logf("%s", out)
		}
	})
	if damkaErr != nil {
		t.Fatal(damkaErr)
	}
	return damkaBin
}

// runDamka runs damka from the repository's folder, with a user cache
// folder of its own and DAMKA_EGTB=off: the endgame databases of the
// user cache folder (which damka analyze builds there on first need)
// would change damka analyze's rows, never the pipeline's, which uses
// only those --egtb names.
func runDamka(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(damka(t), args...)
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir(), "DAMKA_EGTB=off")
	var errb strings.Builder
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err)
		}
	}
	return errb.String()
}

// runBeam runs the pipeline on Prism, from the repository's folder.
func runBeam(t *testing.T, o Options) {
	t.Helper()
	wd, _ := os.Getwd()
	if err := os.Chdir(repo); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	p, s := beam.NewPipelineWithRoot()
	if err := Build(context.Background(), s, o); err != nil {
		t.Fatal(err)
	}
	if _, err := beam.Run(context.Background(), "prism", p); err != nil {
		t.Fatal(err)
	}
}

// sameRows compares a table of damka (a file) with the Beam pipeline's
// (a dataset).
func sameRows(t *testing.T, table, want, got string, drop []string) {
	t.Helper()
	sameRowsOf(t, table, want, rowset.Options{}, got, drop)
}

// sameRowsOf is sameRows with damka's table read with wopts (a dataset:
// Partitions).
func sameRowsOf(t *testing.T, table, want string, wopts rowset.Options, got string, drop []string) {
	t.Helper()
	w, err := rowset.Read(want, wopts)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rowset.Read(got, rowset.Options{Partitions: true, Drop: drop})
	if err != nil {
		t.Fatal(err)
	}
	onlyW, onlyG := rowset.Diff(w, g, 3)
	if len(onlyW)+len(onlyG) == 0 && w.Len() > 0 {
		t.Logf("%s: %d rows, the same", table, w.Len())
		return
	}
	t.Errorf("%s: damka %d rows, Beam %d; %d and more only in damka's, %d and more only in Beam's", table, w.Len(), g.Len(), len(onlyW), len(onlyG))
	for _, text := range rowset.Texts(want, wopts, onlyW) {
		t.Logf("only in damka's: %.600s", strings.ReplaceAll(text, "\x1f", " | "))
	}
	for _, text := range rowset.Texts(got, rowset.Options{Partitions: true, Drop: drop}, onlyG) {
		t.Logf("only in Beam's: %.600s", strings.ReplaceAll(text, "\x1f", " | "))
	}
}

// TestExportSmall runs the pipeline without analysis on Prism in this
// process, in shards of 50 games (so that a shard's files, the ranks
// and the positions tables merged from shards are all exercised), and
// compares its rows with damka export's and damka openings'.
func TestExportSmall(t *testing.T) {
	dir := t.TempDir()
	in := []string{"testdata/validate", "testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn"}
	runDamka(t, append([]string{"export", "-q", "-o", filepath.Join(dir, "damka")}, in...)...)
	runDamka(t, append([]string{"openings", "-q", "-o", filepath.Join(dir, "damka", "positions.parquet")}, in...)...)
	runBeam(t, Options{Inputs: in, Out: filepath.Join(dir, "beam"), GamesPerShard: 50})
	sameRows(t, "games", filepath.Join(dir, "damka", "games.parquet"), filepath.Join(dir, "beam", "games"), nil)
	sameRows(t, "moves", filepath.Join(dir, "damka", "moves.parquet"), filepath.Join(dir, "beam", "moves"), nil)
	sameRows(t, "positions", filepath.Join(dir, "damka", "positions.parquet"), filepath.Join(dir, "beam", "positions"), nil)
	sum, err := ReadSummary(context.Background(), filepath.Join(dir, "beam"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", sum.Text())
}

// TestAnalyzeCorpus is what the issue asks of the pipeline: on the
// corpus and the oracle's games, analysed at depth 3, every row of the
// three tables equals damka analyze --depth 3's, as sets (no row missing
// or extra), and the summary's counts are damka check's.
func TestAnalyzeCorpus(t *testing.T) {
	dir := t.TempDir()
	in := []string{"testdata/corpus", "testdata/oracle"}
	out := filepath.Join(dir, "beam")
	runBeam(t, Options{Inputs: in, Out: out, Depth: 3})
	sum, err := ReadSummary(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", sum.Text())
	runDamka(t, append([]string{"analyze", "-q", "--depth", "3", "-o", filepath.Join(dir, "damka")}, in...)...)
	var counts strings.Builder
	sum.Counts.Write(&counts)
	if check := checkSummary(t, in); counts.String() != check {
		t.Errorf("summary:\n%s\ndamka check says:\n%s", counts.String(), check)
	}
	sameRows(t, "games", filepath.Join(dir, "damka", "games.parquet"), filepath.Join(out, "games"), nil)
	sameRows(t, "moves", filepath.Join(dir, "damka", "moves.parquet"), filepath.Join(out, "moves"), nil)
	sameRows(t, "positions", filepath.Join(dir, "damka", "positions.parquet"), filepath.Join(out, "positions"), nil)
}

// TestAnalyzeTablebase: with --egtb the pipeline looks the positions up
// in the endgame databases as damka analyze --egtb does, row for row.
func TestAnalyzeTablebase(t *testing.T) {
	dir := t.TempDir()
	tb := filepath.Join(dir, "egtb")
	runDamka(t, "egtb", "build", "--dir", tb, "--class", "KKKvK")
	in := filepath.Join(dir, "petrov.pdn")
	game := "[Event \"t\"]\n[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:WKa1,Kc1,Ke1:BKh2\"]\n[Result \"*\"]\n\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 *\n"
	if err := os.WriteFile(in, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "beam")
	runBeam(t, Options{Inputs: []string{in}, Out: out, Depth: 4, Egtb: tb})
	runDamka(t, "analyze", "-q", "--depth", "4", "--egtb", tb, "-o", filepath.Join(dir, "damka"), in)
	sameRows(t, "moves", filepath.Join(dir, "damka", "moves.parquet"), filepath.Join(out, "moves"), nil)
	b, err := os.ReadFile(filepath.Join(dir, "damka", "annotated.pdn"))
	if err != nil || strings.Count(string(b), "{#W}") != 4 {
		t.Fatalf("damka analyze --egtb: %v\n%s", err, b)
	}
	if _, err := (Options{Inputs: []string{in}, Out: out, Depth: 4, Egtb: dir}).config(0); err == nil {
		t.Error("--egtb of a folder without databases: no error")
	}
}

// TestAnalyzeEngine: with --engine every worker runs the engine, and the
// rows are damka analyze --engine's with the same engine and settings
// (here damka hub playing International only): the International games
// the engine's, the Russian and Brazilian ones (a variant it does not
// play) damka's own search's, which the summary says; the files'
// metadata name the engine.
func TestAnalyzeEngine(t *testing.T) {
	dir := t.TempDir()
	br := filepath.Join(dir, "brazilian.pdn")
	if err := os.WriteFile(br, []byte("[GameType \"26\"]\n\n1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3:g5 h6:f4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := []string{"testdata/corpus/international/wiegerw-pdn/succeed/kurnik.pdn", "testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn", br}
	eng := engine.Config{Command: "'" + damka(t) + "' hub --variant international --tt 1"}
	out := filepath.Join(dir, "beam")
	runBeam(t, Options{Inputs: in, Out: out, Depth: 3, TTSize: 1, Verify: -1, Engine: eng})
	sum, err := ReadSummary(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	text := sum.Text()
	t.Logf("%s", text)
	errOut := runDamka(t, append([]string{"analyze", "-q", "--depth", "3", "--verify", "0", "--tt", "1", "--engine", eng.Command, "-o", filepath.Join(dir, "damka")}, in...)...)
	t.Logf("damka analyze: %s", errOut)
	sameRows(t, "moves", filepath.Join(dir, "damka", "moves.parquet"), filepath.Join(out, "moves"), nil)
	fp := regexp.MustCompile(`fingerprint (hub-[0-9a-f]{16})`).FindStringSubmatch(errOut)
	if fp == nil {
		t.Fatalf("damka analyze gives no fingerprint:\n%s", errOut)
	}
	for _, want := range []string{"engine damka dev; depth=3 nodes=0 time=0s; fingerprint " + fp[1] + ": ",
		"the engine does not play brazilian, russian: "} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary lacks %q", want)
		}
	}
	if sum.EnginePairs < 500 || sum.OwnPairs < 500 || sum.EngineFailed+sum.EngineMismatch != 0 {
		t.Errorf("%d pairs by the engine, %d by damka's search, %d failed, %d mismatches", sum.EnginePairs, sum.OwnPairs, sum.EngineFailed, sum.EngineMismatch)
	}
	files, _ := filepath.Glob(filepath.Join(out, "moves", "*.parquet"))
	if len(files) == 0 {
		t.Fatal("no moves file")
	}
	rdr, err := file.OpenParquetFile(files[0], false)
	if err != nil {
		t.Fatal(err)
	}
	defer rdr.Close()
	md := rdr.MetaData().KeyValueMetadata()
	if v := md.FindValue("damka.engine_fingerprint"); v == nil || *v != fp[1] {
		t.Errorf("damka.engine_fingerprint %v, want %s", v, fp[1])
	}
}
