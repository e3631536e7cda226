package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/internal/iostreams"
)

// run executes a damka command line with the given standard input and
// returns its output, error output and exit status.
func run(t *testing.T, stdin string, args ...string) (string, string, exitCode) {
	t.Helper()
	io, out, errb := iostreams.Test(stdin)
	root := newRootCommand(io)
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	code := exitOK
	if err != nil {
		code = statusOf(err) // as main's
		var ee *exitError
		if errors.As(err, &ee) {
			if ee.err != nil {
				errb.WriteString(ee.err.Error() + "\n")
			}
		} else {
			errb.WriteString(err.Error() + "\n")
		}
	}
	return out.String(), errb.String(), code
}

func TestPerftCommand(t *testing.T) {
	out, _, code := run(t, "", "perft", "--depth", "5")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	want := []string{"7", "49", "302", "1469", "7482"}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("output %q", out)
	}
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 3 || f[0] != string(rune('1'+i)) || f[1] != want[i] {
			t.Errorf("line %d: %q, want depth %d nodes %s", i+1, l, i+1, want[i])
		}
	}
	out, _, _ = run(t, "", "perft", "--depth", "1", "--fen", "W:WKa1:Bd4,g7", "--paths")
	if f := strings.Fields(out); len(f) < 2 || f[1] != "2" {
		t.Errorf("--paths: %q", out)
	}
	out, _, _ = run(t, "", "perft", "--depth", "1", "--fen", "W:WKa1:Bd4,g7")
	if f := strings.Fields(out); len(f) < 2 || f[1] != "1" {
		t.Errorf("default counting: %q", out)
	}
	if _, _, code := run(t, "", "perft", "--depth", "0"); code != exitInput {
		t.Errorf("--depth 0: exit %d", code)
	}
	if _, errOut, code := run(t, "", "perft", "--depth", "2", "--fen", "W:Wz9"); code != exitInput || !strings.Contains(errOut, "z9") {
		t.Errorf("bad FEN: exit %d, %q", code, errOut)
	}
}

func TestMovesCommand(t *testing.T) {
	in := "W:WKe1:Bd2,f2,f4,d4,b4\n\nW:Wz9\tignored\nW:Wa1:Bb2,c3\n"
	out, errOut, code := run(t, in, "moves")
	want := "e1:c3:a5 e1:c3:e5:g3:e1 e1:g3:d6:a3 e1:g3:e5:c3:a5 e1:g3:e5:c3:e1\n\n"
	if out != want {
		t.Errorf("output %q, want %q", out, want)
	}
	if code != exitFindings || !strings.Contains(errOut, "line 3") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// The oracle's positions through damka moves give the oracle's moves.
func TestMovesOracle(t *testing.T) {
	data, err := os.ReadFile("../../testdata/oracle/movegen.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, string(data), "moves")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	got := strings.Split(out, "\n")
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		_, want, _ := strings.Cut(line, "\t")
		if got[i] != want {
			t.Fatalf("line %d: %q, want %q", i+1, got[i], want)
		}
	}
}

func TestCheckCommand(t *testing.T) {
	out, _, code := run(t, "", "check", "-q", "../../testdata/validate/missed_capture.pdn")
	if code != exitFindings {
		t.Errorf("exit %d, want 1", code)
	}
	want := "../../testdata/validate/missed_capture.pdn:5:19: game 1 (? - ?, missed capture): ply 3 (2. a3-b4): missed_capture: a3-b4 was played but a capture was compulsory: d4:f6; did you mean a3-b4 before c3-d4, the moves the other way round? (the rest of the game then replays)\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("report:\n%s\nwant it to start with\n%s", out, want)
	}
	if !strings.Contains(out, "1 games read: 0 without errors (0 clean, 0 with warnings only), 1 with errors") {
		t.Errorf("summary missing:\n%s", out)
	}
	_, _, code = run(t, "", "check", "-q", "../../testdata/validate/clean.pdn")
	if code != exitOK {
		t.Errorf("clean game: exit %d", code)
	}
	_, errOut, code := run(t, "", "check", "-q", "../../testdata/validate/clean.pdn", "no-such-file.pdn")
	if code != exitInput || !strings.Contains(errOut, "no-such-file.pdn: no such file") {
		t.Errorf("missing input: exit %d, %q", code, errOut)
	}
}

// The real Russian archives: all 209 games read, none with an error, one
// with unknown moves (issue 4).
func TestCheckRussianCorpus(t *testing.T) {
	out, _, code := run(t, "", "check", "-q", "../../testdata/corpus/russian/wiegerw-pdn")
	if code != exitOK {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{"209 games read: 209 without errors", "findings: 1 unknown_moves, 209 variant_inferred", "11378 plies replayed"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

func TestCheckJSON(t *testing.T) {
	out, errOut, code := run(t, "", "check", "--json", "-q", "../../testdata/validate/clean.pdn", "../../testdata/validate/wrong_result.pdn")
	if code != exitFindings {
		t.Errorf("exit %d", code)
	}
	want := `{"file":"../../testdata/validate/clean.pdn","game":1,"line":1,"plies":1,"status":"clean","findings":[]}
{"file":"../../testdata/validate/wrong_result.pdn","game":1,"line":1,"plies":1,"status":"errors","findings":[{"kind":"wrong_result","severity":"error","ply":2,"move":null,"line":7,"column":6,"message":"white has no legal move at the end and loses (R-END-1), so the result is 0-2, not 2-0"}]}
`
	if out != want {
		t.Errorf("JSON:\n%s\nwant\n%s", out, want)
	}
	if !strings.Contains(errOut, "2 games read") {
		t.Errorf("summary not on stderr: %q", errOut)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var v map[string]any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Error(err)
		}
	}
}

// Output is in input order whatever the number of workers.
func TestCheckDeterministic(t *testing.T) {
	dir := "../../testdata/oracle/mutated.pdn"
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
	a, _, _ := run(t, "", "check", "--json", "-q", "-j", "1", dir, "../../testdata/validate")
	b, _, _ := run(t, "", "check", "--json", "-q", "-j", "4", dir, "../../testdata/validate")
	if a != b || len(a) == 0 {
		t.Error("-j 1 and -j 4 differ")
	}
}

// check (text and --json) and clean (with rejects, with --repair) give
// the same bytes whatever -j is, on the corpus, the oracle's games and
// the test archives: the games are cut under the reader's lock and built
// on the workers (pdn.RawGame), in any order, and come out in input
// order.
func TestJobsSameOutput(t *testing.T) {
	inputs := []string{"../../testdata/corpus", "../../testdata/oracle", "../../testdata/validate", "../../testdata/repair", "../../testdata/pdn"}
	dir := t.TempDir()
	var first []string
	for _, j := range []string{"1", "2", "3"} {
		var got []string
		for _, args := range [][]string{
			{"check"},
			{"check", "--json"},
			{"clean", "-o", filepath.Join(dir, "clean"+j+".pdn"), "--rejects", filepath.Join(dir, "rejects"+j+".pdn")},
			{"clean", "--repair", "-o", "-"},
		} {
			out, errOut, code := run(t, "", append(append(args, "-q", "-j", j), inputs...)...)
			if code != exitFindings && code != exitInput {
				t.Fatalf("%v -j %s: exit %d: %s", args, j, code, errOut)
			}
			// clean says where its rejects went: a file of this -j.
			got = append(got, untimed(out), untimed(strings.ReplaceAll(errOut, "rejects"+j+".pdn", "rejects.pdn")))
		}
		got = append(got, string(readFile(t, filepath.Join(dir, "clean"+j+".pdn"))), string(readFile(t, filepath.Join(dir, "rejects"+j+".pdn"))))
		if first == nil {
			first = got
			continue
		}
		for i := range got {
			if got[i] != first[i] {
				t.Errorf("-j %s: output %d differs from -j 1's (%d and %d bytes)", j, i, len(got[i]), len(first[i]))
			}
		}
	}
	for _, i := range []int{0, 2, 6, 8, 9} { // check, check --json, clean --repair, clean, rejects
		if len(first[i]) < 1000 {
			t.Errorf("output %d: %q", i, first[i])
		}
	}
}

// untimed is a command's output without the line that says how fast it
// ran.
func untimed(s string) string {
	lines := strings.SplitAfter(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if !strings.Contains(l, " plies replayed in ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "")
}

func TestCheckStdinAndSample(t *testing.T) {
	data, _ := os.ReadFile("../../testdata/validate/clean.pdn")
	out, _, code := run(t, string(data), "check", "-q", "-")
	if code != exitOK || !strings.Contains(out, "1 games read: 1 without errors (1 clean") {
		t.Errorf("stdin: exit %d\n%s", code, out)
	}
	out, _, code = run(t, "", "check", "-q")
	if code != exitOK || !strings.Contains(out, "153 games read") {
		t.Errorf("sample: exit %d\n%s", code, out)
	}
}

func TestClean(t *testing.T) {
	dir := t.TempDir()
	clean, rejects := filepath.Join(dir, "clean.pdn"), filepath.Join(dir, "rejects.pdn")
	_, errOut, code := run(t, "", "clean", "-q", "../../testdata/validate", "-o", clean, "--rejects", rejects, "--fix-results")
	if code != exitFindings {
		t.Errorf("exit %d: %s", code, errOut)
	}
	// The Spantsiretti game (not checked) is rejected, not written unchecked.
	if !strings.Contains(errOut, "16 games read: 8 written, 8 rejected (1 not checked), 1 results fixed\n1 not checked: Spantsiretti is not played by damka\n") {
		t.Errorf("summary %q", errOut)
	}
	// The cleaned archive has no error, and says what the rules decided.
	out, _, code := run(t, "", "check", "-q", clean)
	if code != exitOK {
		t.Errorf("cleaned archive has errors:\n%s", out)
	}
	data, _ := os.ReadFile(clean)
	for _, want := range []string{"1. e1:g3:e5:c3:a5 d2-c1 *", "[Result \"0-2\"]\n[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"B:Wa1:Bc3,a3\"]\n\n1... a3-b2 0-2"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("clean archive lacks %q:\n%s", want, data)
		}
	}
	rej, _ := os.ReadFile(rejects)
	if !strings.Contains(string(rej), "% ../../testdata/validate/ambiguous.pdn:7:4: game 1") {
		t.Errorf("rejects:\n%s", rej)
	}
	// Every rejected game is read back from the rejects file.
	out, _, _ = run(t, "", "check", "-q", rejects)
	if !strings.Contains(out, "8 games read") {
		t.Errorf("rejects re-read: %s", out)
	}
}

func TestCleanDropDuplicates(t *testing.T) {
	dir := t.TempDir()
	one := "../../testdata/validate/clean.pdn"
	_, errOut, code := run(t, "", "clean", "-q", one, one, "-o", filepath.Join(dir, "a.pdn"), "--drop-duplicates")
	if code != exitOK || !strings.Contains(errOut, "2 games read: 1 written, 0 rejected, 1 duplicates dropped") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	if _, _, code := run(t, "", "clean", one); code != exitInput {
		t.Errorf("no -o: exit %d", code)
	}
}
