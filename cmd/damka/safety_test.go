package main

// Tests of issue 10, "Every input accounted for, every output safe": one
// per item of the issue, named after it. Each failed on the code before
// the issue was fixed.

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/damka/damka/internal/interrupt"
	"github.com/damka/damka/internal/iostreams"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary run as damka itself (DAMKA_RUN_MAIN=1),
// for the tests that need a process of its own: signals, peak memory; and
// as the command damka of the transcripts' scripts (testscript.Main runs
// main when the binary is called so, from the PATH it sets up).
// The user cache folder is an empty one of the run's own, so that
// endgame databases the user built (damka egtb build) change no test, and
// DAMKA_EGTB is off, so that no test builds them there on first need
// (seconds for an 8x8 variant, a minute and more for International):
// the tests of that name a cache folder of their own and clear it
// (TestTablebasesBuiltOnNeed); the transcripts run with an empty home of
// their own, as a new user would.
func TestMain(m *testing.M) {
	if os.Getenv("DAMKA_RUN_MAIN") == "1" {
		main()
	}
	if filepath.Base(os.Args[0]) == "damka" {
		main()
	}
	cache, err := os.MkdirTemp("", "damka-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", cache)
	os.Setenv(egtbEnv, "off")
	testscript.Main(cleanupM{m, func() { os.RemoveAll(cache) }}, map[string]func(){"damka": main})
}

// cleanupM runs the tests, then cleanup.
type cleanupM struct {
	m       *testing.M
	cleanup func()
}

func (c cleanupM) Run() int {
	defer c.cleanup()
	return c.m.Run()
}

// damkaProcess returns a command that runs damka with args.
func damkaProcess(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "DAMKA_RUN_MAIN=1")
	return cmd
}

func writeFile(t *testing.T, path, text string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

const (
	russianGame = "[Event \"r\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-g5 2. g3-h4 g7-f6 1-1\n\n"
	// Spantsiretti (GameType 41): a variant damka does not play, on
	// a 10x8 board no Geometry has.
	unplayedGame = "[Event \"f\"]\n[GameType \"41\"]\n\n1. 32-28 19-23 2-0\n\n"
)

// Item 1: an output that exists as a file where a folder is wanted, or
// a folder that cannot be made, is refused with a message; no panic.
func TestItem1OutputIsAFile(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "x.pdn"), russianGame)
	file := writeFile(t, filepath.Join(dir, "existing_file"), "keep me")
	for _, cmd := range []string{"export", "analyze"} {
		for _, out := range []string{file, filepath.Join(file, "sub")} {
			_, errOut, code := run(t, "", cmd, "-q", in, "-o", out)
			if code != exitInput || !strings.Contains(errOut, out) || strings.Contains(errOut, ".tmp-") {
				t.Errorf("%s -o %s: exit %d, %q", cmd, out, code, errOut)
			}
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "keep me" {
		t.Errorf("the file was changed: %q", b)
	}
}

// Item 2: with no input named, a pipe on standard input is read, not the
// built-in sample; a terminal gets the sample, and a note says so.
func TestItem2StdinPipe(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.pdn")
	_, errOut, code := run(t, russianGame+russianGame, "clean", "-q", "-o", out)
	if code != exitOK || !strings.Contains(errOut, "2 games read: 2 written") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(string(readFile(t, out)), "[Event \"r\"]"); n != 2 {
		t.Errorf("%d games of the pipe written", n)
	}
	_, errOut, _ = run(t, "", "clean", "-q", "-o", out) // a terminal
	if !strings.Contains(errOut, "153 games read") || !strings.Contains(errOut, "reading the sample archive built into damka") {
		t.Errorf("sample without a note: %s", errOut)
	}
	// Named, the sample is read whatever standard input is (make run).
	_, errOut, _ = run(t, russianGame, "clean", "-q", "-o", out, "sample:ussr1947.pdn")
	if !strings.Contains(errOut, "153 games read: 153 written") {
		t.Errorf("the sample by its name: %s", errOut)
	}
}

// Item 3: a game of a variant damka does not play is not checked: status
// unchecked, counted apart (one line per variant), exit 1, and clean
// puts it in the rejects with the reason.
func TestItem3Unchecked(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "f.pdn"), russianGame+unplayedGame+unplayedGame)
	out, errOut, code := run(t, "", "check", "-q", in)
	if code != exitFindings {
		t.Errorf("check: exit %d, want 1", code)
	}
	for _, want := range []string{
		"3 games read: 1 without errors (1 clean, 0 with warnings only), 0 with errors, 2 not checked\n",
		"2 not checked: Spantsiretti is not played by damka\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s%s", want, out, errOut)
		}
	}
	// One line for the file, not one per game.
	if n := strings.Count(out, "unknown_variant"); n != 2 || !strings.Contains(out, "game 2 (? - ?, f) and 1 more game of this file: unknown_variant") {
		t.Errorf("%d unknown_variant lines (one is the count):\n%s", n, out)
	}
	js, _, _ := run(t, "", "check", "-q", "--json", in)
	var statuses []string
	for _, line := range strings.Split(strings.TrimSpace(js), "\n") {
		var g struct{ Status string }
		json.Unmarshal([]byte(line), &g)
		statuses = append(statuses, g.Status)
	}
	if strings.Join(statuses, " ") != "clean unchecked unchecked" {
		t.Errorf("statuses %v", statuses)
	}
	clean, rejects := filepath.Join(dir, "clean.pdn"), filepath.Join(dir, "rejects.pdn")
	_, errOut, code = run(t, "", "clean", "-q", in, "-o", clean, "--rejects", rejects)
	if code != exitFindings || !strings.Contains(errOut, "3 games read: 1 written, 2 rejected (2 not checked)") {
		t.Errorf("clean: exit %d: %s", code, errOut)
	}
	if strings.Contains(string(readFile(t, clean)), "GameType \"40\"") {
		t.Error("an unchecked game was written to the cleaned archive")
	}
	if rej := string(readFile(t, rejects)); strings.Count(rej, "[GameType \"41\"]") != 2 || !strings.Contains(rej, "% "+in+":6:1: game 2 (? - ?, f): unknown_variant: Spantsiretti (GameType \"41\") is not a variant damka plays; the game is not checked") {
		t.Errorf("rejects:\n%s", rej)
	}
}

// Item 4: a game cut by the end of the input (head -c) is an error, and
// clean rejects it instead of writing it with "*"; a cut compressed
// stream says after which game.
func TestItem4CutInput(t *testing.T) {
	dir := t.TempDir()
	whole := russianGame + "[Event \"cut\"]\n[Result \"1/2-1/2\"]\n\n1. c3-d4 f6-g5 2. g3-h4 g7-f6 3. b2-c3 1/2-1/2\n"
	in := writeFile(t, filepath.Join(dir, "cut.pdn"), whole[:len(whole)-15])
	out, _, code := run(t, "", "check", "-q", in)
	if code != exitFindings || !strings.Contains(out, "game 2 (? - ?, cut): syntax_error: the input ends inside this game; it may be cut") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	clean := filepath.Join(dir, "clean.pdn")
	_, errOut, _ := run(t, "", "clean", "-q", in, "-o", clean)
	if !strings.Contains(errOut, "2 games read: 1 written, 1 rejected") || strings.Contains(string(readFile(t, clean)), "cut") {
		t.Errorf("clean: %s\n%s", errOut, readFile(t, clean))
	}
	// A gzip stream cut short.
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	for range 300 {
		io.WriteString(zw, russianGame)
	}
	zw.Close()
	gz := writeFile(t, filepath.Join(dir, "cut.pdn.gz"), z.String()[:z.Len()*3/4])
	out, errOut, code = run(t, "", "check", "-q", gz)
	if code != exitInput || !regexp.MustCompile(`cut.pdn.gz: unexpected EOF: the data is cut after game \d+ \(line \d+\), the last whole game`).MatchString(errOut) {
		t.Errorf("cut gzip: exit %d: %s\n%s", code, errOut, out)
	}
}

// Item 5: duplicates are the same start and the same moves: games with
// no moves and different positions are not duplicates, for every
// variant; a game damka cannot play is not written at all.
func TestItem5DuplicatesByStart(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "p.pdn"),
		"[GameType \"41\"]\n[FEN \"W:W31:B1\"]\n\n2-0\n\n[GameType \"41\"]\n[FEN \"W:W32:B2\"]\n\n2-0\n\n"+
			"[GameType \"25\"]\n[FEN \"W:Wc3:Bh8\"]\n\n1. c3-d4 *\n\n[GameType \"25\"]\n[FEN \"W:Wc3:Bf8\"]\n\n1. c3-d4 *\n\n")
	_, errOut, _ := run(t, "", "clean", "-q", in, "-o", filepath.Join(dir, "o.pdn"), "--drop-duplicates=moves")
	if !strings.Contains(errOut, "4 games read: 2 written, 2 rejected (2 not checked), 0 duplicates dropped") {
		t.Errorf("%s", errOut)
	}
}

// Item 6: two outputs that name one file are refused before any work.
func TestItem6OutputsClash(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "x.pdn"), russianGame)
	s := filepath.Join(dir, "s.pdn")
	for _, args := range [][]string{
		{"-o", s, "--rejects", s},
		{"-o", s, "--rejects", filepath.Join(dir, ".", "s.pdn")},
		{"-o", "-", "--rejects", "-"},
	} {
		out, errOut, code := run(t, "", append([]string{"clean", "-q", in}, args...)...)
		if code != exitInput || !strings.Contains(errOut, "clean:") || strings.Contains(errOut, "games read") || out != "" {
			t.Errorf("%v: exit %d, %q, stdout %q", args, code, errOut, out)
		}
	}
	if _, err := os.Stat(s); !os.IsNotExist(err) {
		t.Error("a refused run wrote its output")
	}
}

// bigArchive writes n legal games (about 80 bytes each) to path.
func bigArchive(t *testing.T, path string, n int) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for i := range n {
		fmt.Fprintf(f, "[Event \"%d\"]\n\n1. c3-d4 f6-g5 2. g3-h4 g7-f6 3. b2-c3 b6-a5 1-1\n\n", i)
	}
	return path
}

// Item 7: SIGINT (and SIGTERM) during an export: exit 130 (143), one
// line saying so, no temporary file left, the output from before kept.
func TestItem7Interrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs damka on a large archive")
	}
	dir := t.TempDir()
	in := bigArchive(t, filepath.Join(dir, "big.pdn"), 400_000)
	out := filepath.Join(dir, "out")
	small := writeFile(t, filepath.Join(dir, "small.pdn"), russianGame)
	if b, err := damkaProcess(t, "export", "-q", "-o", out, small).CombinedOutput(); err != nil {
		t.Fatalf("first export: %v\n%s", err, b)
	}
	before := map[string][]byte{}
	for _, name := range listDir(t, out) {
		before[name] = readFile(t, filepath.Join(out, name))
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := damkaProcess(t, "export", "-q", "-j", "2", "-o", out, in)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait until it writes its temporary files, then some more.
		deadline := time.Now().Add(20 * time.Second)
		for len(listDir(t, out)) == len(before) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(200 * time.Millisecond)
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
			t.Errorf("%s: %v, want exit %d; stderr %q", sig, err, 128+int(sig), stderr.String())
		}
		if msg := strings.TrimSpace(stderr.String()); strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "interrupted by") {
			t.Errorf("%s: stderr %q, want one line", sig, msg)
		}
		left := listDir(t, out)
		if len(left) != len(before) {
			t.Errorf("%s: files left: %v", sig, left)
		}
		for name, b := range before {
			if !bytes.Equal(readFile(t, filepath.Join(out, name)), b) {
				t.Errorf("%s: %s changed", sig, name)
			}
		}
	}
	// A folder made by the interrupted run is removed.
	fresh := filepath.Join(dir, "fresh")
	cmd := damkaProcess(t, "export", "-q", "-o", fresh, in)
	cmd.Start()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(fresh); err == nil {
			break
		}
	}
	time.Sleep(100 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("an interrupted run left the folder it made: %v", err)
	}
}

// Item 8: a file that is not text is refused as a whole.
func TestItem8BinaryInput(t *testing.T) {
	exe, _ := os.Executable()
	out, errOut, code := run(t, "", "check", "-q", exe)
	if code != exitInput || !strings.Contains(errOut, exe+": not a PDN file (binary data)") || !strings.Contains(out, "0 games read") {
		t.Errorf("exit %d, %q\n%s", code, errOut, out)
	}
}

// terminal is what a terminal shows of output written to it: each line
// as the text after its last carriage return.
func terminalLines(s string) []string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if i := strings.LastIndexByte(l, '\r'); i >= 0 {
			l = l[i+1:]
		}
		lines = append(lines, l)
	}
	return lines
}

// Item 9: with the progress bar on the terminal, check's lines (stdout,
// the same terminal) come whole: the bar is cleared before them, never
// drawn inside one.
func TestItem9ProgressLines(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a run long enough for the bar to be drawn")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "m.pdn")
	f, _ := os.Create(path)
	const games = 40_000
	for range games {
		io.WriteString(f, "[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. a3-b4 e5:a5 *\n\n") // a missed capture each
	}
	f.Close()
	var term bytes.Buffer // stdout and stderr on one terminal
	io := &streams{In: strings.NewReader(""), Out: &term, Err: &term, ErrIsTerm: true}
	root := newRootCommand(io)
	root.SetArgs([]string{"check", "-j", "2", path})
	root.ExecuteContext(context.Background())
	finding := regexp.MustCompile(`^` + regexp.QuoteMeta(path) + `:\d+:\d+: game \d+ \(\? - \?, \?\): ply 3 \(2\. a3-b4\): missed_capture: a3-b4 was played but a capture was compulsory: d4:f6(; did you mean .*)?$`)
	whole := 0
	for _, l := range terminalLines(term.String()) {
		if finding.MatchString(l) {
			whole++
		}
	}
	if whole != games {
		t.Errorf("%d whole finding lines on the terminal, want %d", whole, games)
	}
	if !strings.Contains(term.String(), "\r") {
		t.Log("the bar was never drawn")
	}
}

// Item 10: outputs are checked before the first game is read, and
// messages name the path given, not a temporary file.
func TestItem10OutputsFirst(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "x.pdn"), russianGame)
	notDir := writeFile(t, filepath.Join(dir, "plain"), "")
	folder := filepath.Join(dir, "folder")
	os.Mkdir(folder, 0o755)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"openings", "-q", in, "-o", folder}, "openings: -o " + folder + " is a folder"},
		{[]string{"clean", "-q", in, "-o", folder}, "clean: -o " + folder + " is a folder"},
		{[]string{"clean", "-q", in, "-o", filepath.Join(notDir, "y.pdn")}, "clean: cannot write " + filepath.Join(notDir, "y.pdn") + " (-o): not a directory"},
		{[]string{"clean", "-q", in, "-o", filepath.Join(dir, "o.pdn"), "--rejects", filepath.Join(dir, "missing", "r.pdn")}, "clean: cannot write " + filepath.Join(dir, "missing", "r.pdn") + " (--rejects): no such file or directory"},
		{[]string{"export", "-q", in, "-o", filepath.Join(notDir, "out")}, "export: cannot make the folder " + filepath.Join(notDir, "out") + " (-o): not a directory"},
	} {
		out, errOut, code := run(t, "", tt.args...)
		if code != exitInput || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, ".tmp-") ||
			strings.Contains(out+errOut, "games read") {
			t.Errorf("%v: exit %d, %q (want %q, before any game)", tt.args, code, errOut, tt.want)
		}
	}
	if names := listDir(t, dir); len(names) != 3 {
		t.Errorf("files left: %v", names)
	}
}

// Item 11: messages that do not mislead, and findings that do not drown.
func TestItem11Messages(t *testing.T) {
	dir := t.TempDir()
	// A guessed variant is not quoted as a tag.
	// (No GameType and nothing to go by: the game before it in the file.)
	lid := writeFile(t, filepath.Join(dir, "lid.pdn"), "[GameType \"41\"]\n\n1. 32-28 19-23 *\n\n[Event \"x\"]\n\n*\n")
	out, _, _ := run(t, "", "check", "-q", lid)
	if !strings.Contains(out, "Spantsiretti (no GameType tag: inferred from the game) is not a variant damka plays") {
		t.Errorf("inferred variant:\n%s", out)
	}
	// A game that could not be read gets no variant finding.
	bad := writeFile(t, filepath.Join(dir, "bad.pdn"), "1. 32-28 {never closed\n")
	out, _, _ = run(t, "", "check", "-q", bad)
	if strings.Contains(out, "variant") {
		t.Errorf("an unreadable game has a variant finding:\n%s", out)
	}
	// An empty board is a bad setup.
	empty := writeFile(t, filepath.Join(dir, "empty.pdn"), "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:W:B\"]\n\n*\n")
	out, _, code := run(t, "", "check", "-q", empty)
	if code != exitFindings || !strings.Contains(out, "bad_setup: the position has no pieces at all") {
		t.Errorf("empty board: exit %d\n%s", code, out)
	}
	// An empty file, a folder with no archive: said on stderr.
	none := writeFile(t, filepath.Join(dir, "none.pdn"), "")
	os.Mkdir(filepath.Join(dir, "nothing"), 0o755)
	_, errOut, _ := run(t, "", "check", "-q", none, filepath.Join(dir, "nothing"))
	if !strings.Contains(errOut, none+": no games in this file") || !strings.Contains(errOut, filepath.Join(dir, "nothing")+": no *.pdn, *.txt or *.json files") {
		t.Errorf("empty inputs: %q", errOut)
	}
	// variant_inferred once per file: the Russian corpus prints 2 lines of
	// it for 209 games, 16 lines in all.
	out, _, _ = run(t, "", "check", "-q", "../../testdata/corpus/russian/wiegerw-pdn")
	if n := strings.Count(out, ": variant_inferred:"); n != 2 {
		t.Errorf("%d variant_inferred lines for 2 files:\n%s", n, out)
	}
	if !strings.Contains(out, "game 1 (Блиндер Б. - Миротин Б., X чемпионат СССР) and 152 more games of this file: variant_inferred") {
		t.Errorf("no per-file line:\n%s", out)
	}
	// --errors-only and --kinds choose what is printed, not what is counted.
	all, _, _ := run(t, "", "check", "-q", "../../testdata/validate")
	errs, _, _ := run(t, "", "check", "-q", "--errors-only", "../../testdata/validate")
	kinds, _, _ := run(t, "", "check", "-q", "--kinds", "missed_capture,draw_by_rule", "../../testdata/validate")
	// findings splits check's output into the finding lines and the summary.
	findings := func(s string) ([]string, string) {
		i := regexp.MustCompile(`(?m)^\d+ games read`).FindStringIndex(s)[0]
		return strings.Split(strings.TrimSpace(s[:i]), "\n"), s[i:strings.Index(s, "plies replayed")]
	}
	allLines, allSum := findings(all)
	errLines, errSum := findings(errs)
	if errSum != allSum || len(errLines) != 8 || len(allLines) != 15 || strings.Contains(errs, "draw_by_rule:") || !strings.Contains(errs, "missed_capture:") {
		t.Errorf("--errors-only:\n%s", errs)
	}
	lines, kindSum := findings(kinds)
	if kindSum != allSum || len(lines) != 2 || !strings.Contains(lines[0], "draw_by_rule:") || !strings.Contains(lines[1], "missed_capture:") {
		t.Errorf("--kinds:\n%s", kinds)
	}
	if _, errOut, code := run(t, "", "check", "--kinds", "nonsense"); code != exitInput || !strings.Contains(errOut, "unknown kind") {
		t.Errorf("--kinds nonsense: exit %d %q", code, errOut)
	}
}

// Item 12: one exit status rule for every command: a game with an error
// gives 1 for export, analyze and openings too, the data being written.
func TestItem12ExitStatus(t *testing.T) {
	dir := t.TempDir()
	in := "../../testdata/validate/missed_capture.pdn"
	for _, args := range [][]string{
		{"check", in},
		{"export", in, "-o", filepath.Join(dir, "e")},
		{"openings", in, "-o", filepath.Join(dir, "o.parquet")},
		{"analyze", "--depth", "2", in, "-o", filepath.Join(dir, "a")},
	} {
		_, errOut, code := run(t, "", append([]string{args[0], "-q"}, args[1:]...)...)
		if code != exitFindings {
			t.Errorf("%s: exit %d, want 1: %s", args[0], code, errOut)
		}
	}
	for _, p := range []string{"e/games.parquet", "e/moves.parquet", "o.parquet", "a/moves.parquet", "a/annotated.pdn"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("not written: %v", err)
		}
	}
}

// Item 16: a game over the reader's 4 MiB cap keeps its bytes in the
// rejects (copied from its file), or the rejects say which bytes of
// which input it was; clean + rejects hold every game.
func TestItem16RejectsKeepLargeGames(t *testing.T) {
	dir := t.TempDir()
	var big strings.Builder
	big.WriteString("[Event \"big\"]\n[FEN \"W:WKa1:BKh2\"]\n\n")
	for i := 1; big.Len() < 4<<20+1000; i++ {
		fmt.Fprintf(&big, "%d. a1-b2 h2-g1 %d. b2-a1 g1-h2\n", 2*i-1, 2*i)
	}
	big.WriteString("1-1\n\n")
	in := writeFile(t, filepath.Join(dir, "big.pdn"), russianGame+big.String()+russianGame)
	clean, rejects := filepath.Join(dir, "c.pdn"), filepath.Join(dir, "r.pdn")
	_, errOut, _ := run(t, "", "clean", "-q", in, "-o", clean, "--rejects", rejects)
	if !strings.Contains(errOut, "3 games read: 2 written, 1 rejected") {
		t.Fatalf("%s", errOut)
	}
	rej := readFile(t, rejects)
	if !bytes.Contains(rej, []byte(strings.TrimSpace(big.String()))) {
		t.Errorf("the rejects do not hold the large game's bytes (%d bytes)", len(rej))
	}
	if !bytes.Contains(rej, []byte("% the game is too large to keep in memory; here are its bytes")) {
		t.Errorf("rejects say nothing of the copy:\n%s", rej[:min(len(rej), 600)])
	}
	// From standard input, the bytes cannot be read again: the rejects
	// say which they were.
	_, errOut, _ = run(t, russianGame+big.String(), "clean", "-q", "-", "-o", clean, "--rejects", rejects)
	if rej := readFile(t, rejects); !regexp.MustCompile(`% the game is too large to keep; it is bytes \d+-\d+ of -, not copied here`).Match(rej) {
		t.Errorf("stdin: %s\n%s", errOut, rej[:min(len(rej), 600)])
	}
}

// Item 17: memory stays under the budget whatever the game sizes and -j:
// eight games near the 4 MiB cap with -j 4 (up to 16 in flight before).
func TestItem17MemoryBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 3.4 million plies")
	}
	dir := t.TempDir()
	var game strings.Builder
	game.WriteString("[Event \"big\"]\n[FEN \"W:WKa1:BKh2\"]\n\n")
	for i := 1; game.Len() < 4<<20-2000; i++ {
		fmt.Fprintf(&game, "%d. a1-b2 h2-g1 %d. b2-a1 g1-h2\n", 2*i-1, 2*i)
	}
	game.WriteString("1-1\n\n")
	in := writeFile(t, filepath.Join(dir, "huge.pdn"), strings.Repeat(game.String(), 8))
	cmd := damkaProcess(t, "check", "-q", "-j", "4", in)
	out, err := cmd.CombinedOutput()
	if err != nil && cmd.ProcessState.ExitCode() != 0 && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("8 games read")) {
		t.Fatalf("%s", out)
	}
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024 // Linux: KiB
	t.Logf("peak RSS %d MB", peak>>20)
	// One game replayed (~170 MB) and one read, with the garbage
	// collector's headroom: 425 MB measured; 800 MB before the budget.
	const limit = 600 << 20
	if peak > limit {
		t.Errorf("peak RSS %d MB, over %d MB", peak>>20, limit>>20)
	}
}

// Item 18: a symbolic link to a folder is followed; a broken link in a
// folder is said, not skipped silently.
func TestItem18Symlinks(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "real", "a.pdn"), russianGame)
	os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "link"))
	os.Symlink(filepath.Join(dir, "gone.pdn"), filepath.Join(dir, "real", "broken.pdn"))
	out, errOut, code := run(t, "", "check", "-q", filepath.Join(dir, "link"))
	if code != exitOK || !strings.Contains(out, "1 games read") || !strings.Contains(errOut, "broken.pdn: skipped: a broken symbolic link") {
		t.Errorf("exit %d: %s%s", code, out, errOut)
	}
}

// Item 19: one bad byte in a UTF-8 game keeps its UTF-8 names, with a
// warning that says where the byte was.
func TestItem19BadByte(t *testing.T) {
	in := writeFile(t, filepath.Join(t.TempDir(), "u.pdn"), "[GameType \"25\"]\n[White \"Тюнев Е.\"]\n[Black \"Шмидт\xff Ю.\"]\n\n1. c3-d4 *\n")
	out, _, code := run(t, "", "check", "-q", in)
	if code != exitOK || !strings.Contains(out, in+":3:19: game 1 (Тюнев Е. - Шмидт\uFFFD Ю., ?): invalid_utf8: the game is UTF-8 text with a byte that is not UTF-8 (at 3:19); read as U+FFFD") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// Item 20: a truncated xz stream gives the whole games before the cut.
func TestItem20TruncatedXZ(t *testing.T) {
	xz, err := exec.LookPath("xz")
	if err != nil {
		t.Skip("xz not installed")
	}
	text, _ := os.ReadFile("../../testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	c := exec.Command(xz, "-c")
	c.Stdin = bytes.NewReader(text)
	z, err := c.Output()
	if err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, filepath.Join(t.TempDir(), "cut.pdn.xz"), string(z[:len(z)/2]))
	out, errOut, code := run(t, "", "check", "-q", in)
	m := regexp.MustCompile(`(\d+) games read`).FindStringSubmatch(out)
	n := 0
	if m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	// Half the compressed bytes hold about half the 153 games.
	if code != exitInput || n < 50 || !strings.Contains(errOut, "the data is cut after game") {
		t.Errorf("exit %d: %s%s", code, out, errOut)
	}
}

// Item 21: the files of an export are put in place together; a failed
// run leaves the folder as it was, and no folder it made.
func TestItem21OutputSet(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "x.pdn"), russianGame)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // a run that fails at once, after its outputs are made
	for _, cmd := range []string{"export", "analyze"} {
		out := filepath.Join(dir, "new-"+cmd, "deeper")
		io, _, _ := iostreams.Test("")
		root := newRootCommand(io)
		root.SetArgs([]string{cmd, "-q", in, "-o", out})
		if err := root.ExecuteContext(ctx); err == nil {
			t.Fatalf("%s: a cancelled run succeeded", cmd)
		}
		if _, err := os.Stat(filepath.Join(dir, "new-"+cmd)); !os.IsNotExist(err) {
			t.Errorf("%s: a failed run left the folder it made", cmd)
		}
	}
	out := filepath.Join(dir, "out")
	for range 2 {
		if _, errOut, code := run(t, "", "analyze", "-q", "--depth", "2", in, "-o", out); code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
	}
	if names := listDir(t, out); strings.Join(names, " ") != "annotated.pdn games.parquet moves.parquet positions.parquet" {
		t.Errorf("files %v", names)
	}
}

// Every game read is accounted for, on the whole corpus: for check,
// read = clean + with warnings + with errors + not checked, and one JSON
// object per game read; for clean, read = written + rejected + duplicates
// dropped, and the cleaned archive and the rejects hold those games.
func TestAccountingCorpus(t *testing.T) {
	const corpus = "../../testdata/corpus"
	out, errOut, code := run(t, "", "check", "-q", corpus)
	if code != exitFindings {
		t.Errorf("check: exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`(?m)^(\d+) games read: (\d+) without errors \((\d+) clean, (\d+) with warnings only\), (\d+) with errors(?: \((\d+) unreadable\))?(?:, (\d+) not checked)?$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no summary:\n%s", out[max(0, len(out)-2000):])
	}
	n := make([]int, len(m))
	for i := 1; i < len(m); i++ {
		n[i], _ = strconv.Atoi(m[i])
	}
	read, without, clean, warnings, withErrors, notChecked := n[1], n[2], n[3], n[4], n[5], n[7]
	if read != clean+warnings+withErrors+notChecked || without != clean+warnings || read != 3982 {
		t.Errorf("check: %d read, %d clean + %d warnings + %d errors + %d not checked", read, clean, warnings, withErrors, notChecked)
	}
	// The per-variant lines add up to the not checked.
	sum := 0
	for _, v := range regexp.MustCompile(`(?m)^(\d+) not checked: .+ is not played by damka$`).FindAllStringSubmatch(out, -1) {
		k, _ := strconv.Atoi(v[1])
		sum += k
	}
	if sum != notChecked {
		t.Errorf("per-variant lines sum to %d, not %d", sum, notChecked)
	}
	js, _, _ := run(t, "", "check", "-q", "--json", corpus)
	statuses := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(js), "\n") {
		var g struct{ Status string }
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		statuses[g.Status]++
	}
	if statuses["clean"] != clean || statuses["warnings"] != warnings || statuses["errors"]+statuses["unreadable"] != withErrors ||
		statuses["unchecked"] != notChecked || len(statuses) > 5 {
		t.Errorf("JSON statuses %v, summary %v", statuses, m[1:])
	}

	dir := t.TempDir()
	cleaned, rejects := filepath.Join(dir, "clean.pdn"), filepath.Join(dir, "rejects.pdn")
	_, errOut, _ = run(t, "", "clean", "-q", corpus, "-o", cleaned, "--rejects", rejects, "--drop-duplicates=moves")
	c := regexp.MustCompile(`(\d+) games read: (\d+) written, (\d+) rejected(?: \((\d+) not checked\))?, (\d+) duplicates dropped`).FindStringSubmatch(errOut)
	if c == nil {
		t.Fatalf("clean summary: %s", errOut)
	}
	cn := make([]int, len(c))
	for i := 1; i < len(c); i++ {
		cn[i], _ = strconv.Atoi(c[i])
	}
	if cn[1] != read || cn[1] != cn[2]+cn[3]+cn[5] || cn[4] != notChecked {
		t.Errorf("clean: %s", c[0])
	}
	// Read back: the cleaned archive holds the games written; the rejects,
	// one game per game rejected, each after its "%" lines, but for a game
	// cut with no result followed by one with no tags: PDN reads the two
	// as one game (the bytes are kept as they were).
	cut := strings.Count(out, "it may be cut")
	for _, f := range []struct {
		path     string
		want, of int
	}{{cleaned, cn[2], 0}, {rejects, cn[3], cut}} {
		out, _, _ := run(t, "", "check", "-q", f.path)
		got, _ := strconv.Atoi(regexp.MustCompile(`(?m)^(\d+) games read`).FindStringSubmatch(out)[1])
		if got > f.want || got < f.want-f.of {
			t.Errorf("%s holds %d games, want %d (or up to %d fewer)", filepath.Base(f.path), got, f.want, f.of)
		}
	}
}

// An interrupt that comes after the outputs were put in place (a run's
// last second: its tables closed, its files renamed) stopped nothing:
// the run exits with its own status and does not say that nothing was
// written (issue 44, item 4: 30 of 50 Ctrl-Cs in export's last second
// were reported as "no output file was written or changed", exit 130).
func TestInterruptAfterCommit(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupt.Signal{Sig: syscall.SIGINT})
	for _, c := range []struct {
		name      string
		err       error
		committed bool
		want      exitCode
		said      string
	}{
		{"before the commit", context.Canceled, false, 130, "no output file was written or changed"},
		{"findings, before the commit", &exitError{code: exitFindings}, false, 130, "no output file was written or changed"},
		{"findings, after the commit", &exitError{code: exitFindings}, true, exitFindings, ""},
		{"a write failure after the commit", &fs.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}, true, exitWrite, "x"},
		{"cancelled after the commit", fmt.Errorf("summary: %w", context.Canceled), true, 130, "after the output files were written: they are whole"},
	} {
		io, _, errb := iostreams.Test("")
		if got := exitStatus(io, ctx, c.err, c.committed); got != c.want {
			t.Errorf("%s: exit %d, want %d", c.name, got, c.want)
		}
		if !strings.Contains(errb.String(), c.said) || (c.committed && strings.Contains(errb.String(), "no output file")) {
			t.Errorf("%s: said %q, want %q", c.name, errb.String(), c.said)
		}
	}
}
