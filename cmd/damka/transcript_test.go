package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
)

// The transcripts: every `$ damka` example of README.md and docs/ is a
// script of testdata/transcripts, run here with testscript. A script sets up
// its files (in its archive, or copied from $TESTDATA, the repository's
// testdata/), then runs
//
//	transcript NAME
//	cmp stdout NAME
//
// where NAME, a file of its archive, is the example as the docs show it:
// lines "$ command" (a line ending in " \" goes on on the next), each
// followed by what the command prints, standard output and standard error
// together. transcript runs each command with sh, damka on its PATH (the
// test binary, by testscript.Main), in the script's folder with HOME an
// empty folder of it, and prints the transcript again with what the
// commands print now: cmp then fails on any change, and
// `go test ./cmd/damka -run TestTranscripts -update` writes the new output
// into the scripts instead. Values that change from run to run (times,
// rates, the number of workers) are printed as {time}, {rate}, {n}
// (see unstable), and a command that exits with a status other than 0 is
// followed by "[exit status N]".
//
// TestDocsTranscripts holds the docs to the scripts: each example's
// commands are those of a script, and the output it shows is the script's,
// but for the values above and the lines it leaves out ("...").

var update = flag.Bool("update", false, "rewrite the transcripts of testdata/transcripts with what the commands print now")

// transcriptDir holds the scripts; docsRoot is the repository's top folder.
const (
	transcriptDir = "testdata/transcripts"
	docsRoot      = "../.."
)

// TestTranscripts runs the scripts (about 10 s, most of it the analysis
// of the sample), not in -short runs: make race would run each damka of
// them under the race detector, a minute more for commands the other tests
// cover. TestDocsTranscripts, which reads them, runs always.
func TestTranscripts(t *testing.T) {
	if testing.Short() {
		t.Skip("the transcripts run damka some 50 times: not in -short runs")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("the transcripts' commands are run by sh, which is not here")
	}
	testdata, err := filepath.Abs(filepath.Join(docsRoot, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 transcriptDir,
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("TESTDATA", testdata)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"transcript": cmdTranscript,
		},
	})
}

// cmdTranscript is the script command "transcript NAME".
func cmdTranscript(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: transcript NAME")
	}
	steps, err := parseTranscript(ts.ReadFile(args[0]))
	if err != nil {
		ts.Fatalf("%s: %v", args[0], err)
	}
	if len(steps) == 0 {
		ts.Fatalf("%s: no command (a line beginning with \"$ \")", args[0])
	}
	work := ts.Getenv("WORK")
	home := filepath.Join(work, "home")
	ts.Check(os.MkdirAll(home, 0o777))
	var out strings.Builder
	for _, s := range steps {
		cmd := exec.Command("sh", "-c", s.command())
		var buf bytes.Buffer
		cmd.Stdout, cmd.Stderr = &buf, &buf // one pipe: the lines in the order printed
		cmd.Dir = ts.MkAbs(".")
		cmd.Env = []string{"PATH=" + ts.Getenv("PATH"), "HOME=" + home, "TMPDIR=" + ts.Getenv("TMPDIR"), "LC_ALL=C.UTF-8"}
		if cover := os.Getenv("GOCOVERDIR"); cover != "" {
			cmd.Env = append(cmd.Env, "GOCOVERDIR="+cover)
		}
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			ts.Fatalf("%s: %v", s.command(), err)
		}
		// The folders of the run, as a reader would see them.
		text := strings.ReplaceAll(buf.String(), home, "~")
		text = strings.ReplaceAll(text, work+string(filepath.Separator), "")
		for _, l := range s.lines {
			out.WriteString(l + "\n")
		}
		for l := range strings.Lines(text) {
			out.WriteString(unstable(strings.TrimSuffix(l, "\n")) + "\n")
		}
		if exit != nil {
			fmt.Fprintf(&out, "[exit status %d]\n", exit.ExitCode())
		}
	}
	fmt.Fprint(ts.Stdout(), out.String())
}

// step is one command of a transcript and what it printed.
type step struct {
	lines  []string // the command as written: "$ ..." and its continuation lines
	output []string
	line   int // the line of its "$ ", from 1
}

// command returns the command line as sh reads it.
func (s step) command() string {
	return strings.TrimPrefix(strings.Join(s.lines, "\n"), "$ ")
}

// parseTranscript reads the lines of an example: commands ("$ ...",
// continued on the next line after a final " \") and their output.
func parseTranscript(text string) ([]step, error) {
	var steps []step
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if text == "" {
		lines = nil
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "$ ") {
			if len(steps) == 0 {
				return nil, fmt.Errorf("line %d: output before the first command: %q", i+1, l)
			}
			last := &steps[len(steps)-1]
			last.output = append(last.output, l)
			continue
		}
		s := step{lines: []string{l}, line: i + 1}
		for strings.HasSuffix(lines[i], " \\") && i+1 < len(lines) {
			i++
			s.lines = append(s.lines, lines[i])
		}
		steps = append(steps, s)
	}
	return steps, nil
}

// unstableValues are the values of an output line that differ from run to
// run or from machine to machine, each with what it is printed as. The
// docs show real values; both sides are read through these.
var unstableValues = []struct {
	re   *regexp.Regexp
	repl string
}{
	// perft: depth, nodes, seconds, millions of nodes a second.
	{regexp.MustCompile(`^(\d+ \d+) \d+\.\d+ \d+\.\d+$`), "$1 {time} {rate}"},
	// egtb build: a class's line ends with the seconds it took.
	{regexp.MustCompile(`^([KM]*v[KM]*(?:\t\d+){5})\t\d+\.\d+\t`), "$1\t{time}\t"},
	// eval: the last column is milliseconds.
	{regexp.MustCompile(`^(\S+\t.*\t\d+\t\d+)\t\d+$`), "$1\t{time}"},
	// Rates: 710 positions/s, 19.6 M nodes/s.
	{regexp.MustCompile(`\b\d+(?:\.\d+)?(?: [kMG])? ([a-z]+)/s\b`), "{rate} $1/s"},
	// Durations: 0.01s, 12.3s, 150ms, 1m5s.
	{regexp.MustCompile(`(^|[\s(=])(?:\d+h)?(?:\d+m)?\d+(?:\.\d+)?(?:s|ms|µs)\b`), "$1{time}"},
	// How many workers share a task: as many as the machine has cores.
	{regexp.MustCompile(`\bover \d+ workers\b`), "over {n} workers"},
}

// unstable returns line with its unstable values replaced.
func unstable(line string) string {
	for _, u := range unstableValues {
		line = u.re.ReplaceAllString(line, u.repl)
	}
	return line
}

// example is a fenced block of the docs with a damka command in it.
type example struct {
	page  string // from the repository's top folder
	line  int    // of the block's first line
	steps []step
}

// damkaCommand finds damka run as a command: at the start of the command
// line or after a pipe (not damka-beam).
var damkaCommand = regexp.MustCompile(`(^|\|\s*)damka(\s|$)`)

// docExamples returns the examples of README.md and the pages of docs/.
func docExamples(t *testing.T) []example {
	t.Helper()
	pages := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(docsRoot, "docs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(docsRoot, path)
			if err != nil {
				return err
			}
			pages = append(pages, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	for _, page := range pages {
		b, err := os.ReadFile(filepath.Join(docsRoot, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range examples(string(b)) {
			e.page = page
			out = append(out, e)
		}
	}
	return out
}

// examples returns the fenced blocks of a Markdown text that run damka.
func examples(text string) []example {
	var out []example
	var block []string
	start := 0
	in := false
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "```") {
			if in {
				steps, err := parseTranscript(strings.Join(block, "\n"))
				if err == nil && slices.ContainsFunc(steps, func(s step) bool { return damkaCommand.MatchString(s.command()) }) {
					out = append(out, example{line: start, steps: steps})
				}
			}
			in, block, start = !in, nil, i+2
			continue
		}
		if in {
			block = append(block, l)
		}
	}
	return out
}

// script is a transcript of testdata/transcripts.
type script struct {
	file, name string
	pages      []string // the pages whose example it is
	steps      []step
	archive    *txtar.Archive
}

// shownFile returns the text of the file a page shows under
// "<summary>NAME</summary>" (the fenced block after it), and whether it
// shows one.
func shownFile(page, name string) (string, bool) {
	_, after, ok := strings.Cut(page, "<summary>"+name+"</summary>")
	if !ok {
		return "", false
	}
	_, after, ok = strings.Cut(after, "```\n")
	if !ok {
		return "", false
	}
	text, _, ok := strings.Cut(after, "```\n")
	return text, ok
}

// scriptPages returns the pages a script's first line names: "# README.md,
// docs/commands/analyze.md: what it shows."
func scriptPages(comment string) []string {
	first, _, _ := strings.Cut(comment, "\n")
	list, _, ok := strings.Cut(strings.TrimPrefix(first, "# "), ": ")
	if !ok || !strings.HasPrefix(first, "# ") {
		return nil
	}
	return strings.Split(list, ", ")
}

// transcripts returns the transcripts of the scripts.
func transcripts(t *testing.T) []script {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(transcriptDir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var out []script
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages := scriptPages(string(a.Comment))
		if len(pages) == 0 {
			t.Errorf("%s: its first line does not name the pages of its example (\"# README.md: ...\")", f)
		}
		for l := range strings.Lines(string(a.Comment)) {
			fields := strings.Fields(l)
			if len(fields) != 2 || fields[0] != "transcript" {
				continue
			}
			i := slices.IndexFunc(a.Files, func(af txtar.File) bool { return af.Name == fields[1] })
			if i < 0 {
				t.Fatalf("%s: transcript %s: no such file in the archive", f, fields[1])
			}
			steps, err := parseTranscript(string(a.Files[i].Data))
			if err != nil {
				t.Fatalf("%s: %s: %v", f, fields[1], err)
			}
			out = append(out, script{file: f, name: fields[1], pages: pages, steps: steps, archive: a})
		}
	}
	return out
}

// commands returns the commands of steps, one a line, as written.
func commands(steps []step) string {
	var b strings.Builder
	for _, s := range steps {
		b.WriteString(strings.Join(s.lines, "\n") + "\n")
	}
	return b.String()
}

// elided reports whether a line of the docs stands for lines left out: a
// line "..." (indented or not).
func elided(line string) bool { return strings.TrimSpace(line) == "..." }

// matchOutput reports where the output the docs show (doc) departs from
// the output of the transcript (got), "" when it does not: doc's lines,
// their unstable values replaced, are got's in order; a line "..." stands
// for any number of lines, a line ending in " ..." for any line that
// begins as it does, and got's "[exit status N]" may be left out.
func matchOutput(doc, got []string) string {
	got = slices.DeleteFunc(slices.Clone(got), func(l string) bool { return strings.HasPrefix(l, "[exit status ") })
	var match func(d, g int) bool
	match = func(d, g int) bool {
		if d == len(doc) {
			return g == len(got)
		}
		if elided(doc[d]) {
			for k := g; k <= len(got); k++ {
				if match(d+1, k) {
					return true
				}
			}
			return false
		}
		if g == len(got) {
			return false
		}
		want := unstable(doc[d])
		if prefix, ok := strings.CutSuffix(want, " ..."); ok {
			if !strings.HasPrefix(got[g], prefix+" ") && got[g] != prefix {
				return false
			}
		} else if want != got[g] {
			return false
		}
		return match(d+1, g+1)
	}
	if match(0, 0) {
		return ""
	}
	// Name the first line of doc that no line of got is.
	for _, l := range doc {
		want, _ := strings.CutSuffix(unstable(l), " ...")
		if !elided(l) && !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, want) }) {
			return fmt.Sprintf("the script prints no line %q", unstable(l))
		}
	}
	return fmt.Sprintf("the lines are not the script's, in its order (it prints:\n%s)", strings.Join(got, "\n"))
}

// Every example of README.md and docs/ that runs damka is the transcript
// of a script, commands and output, and every transcript is an example.
func TestDocsTranscripts(t *testing.T) {
	docs := docExamples(t)
	scripts := transcripts(t)
	used := make([][]string, len(scripts))
	for _, e := range docs {
		where := fmt.Sprintf("%s:%d", e.page, e.line)
		i := slices.IndexFunc(scripts, func(s script) bool {
			return slices.Contains(s.pages, e.page) && commands(s.steps) == commands(e.steps)
		})
		if i < 0 {
			t.Errorf("%s: no script of cmd/damka/%s runs this example (a transcript of this page whose commands are\n%s)", where, transcriptDir, commands(e.steps))
			continue
		}
		used[i] = append(used[i], e.page)
		s := scripts[i]
		for k, st := range e.steps {
			if why := matchOutput(st.output, s.steps[k].output); why != "" {
				t.Errorf("%s:%d: the output of %q is not that of %s (%s): %s", e.page, e.line+st.line-1, st.command(), s.file, s.name, why)
			}
		}
	}
	// A file of a script that a page shows is the one the script runs on.
	for _, s := range scripts {
		for _, page := range s.pages {
			b, err := os.ReadFile(filepath.Join(docsRoot, page))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range s.archive.Files {
				if shown, ok := shownFile(string(b), f.Name); ok && shown != string(f.Data) {
					t.Errorf("%s shows %s, but not as %s has it", page, f.Name, s.file)
				}
			}
		}
	}
	for i, s := range scripts {
		for _, page := range s.pages {
			if !slices.Contains(used[i], page) {
				t.Errorf("%s: transcript %s is no example of %s (its commands are\n%s)", s.file, s.name, page, commands(s.steps))
			}
		}
	}
	if len(scripts) < 30 {
		t.Errorf("%d transcripts; the docs have more examples than that", len(scripts))
	}
}

// The docs are read as the tests mean: an example is a block that runs
// damka (not damka-beam), its output lines may be elided, unstable values
// match whatever they are, and a line that differs is caught.
func TestTranscriptMatch(t *testing.T) {
	text := "Run:\n\n```\n$ damka check a.pdn | tail -1\n1 games read in 0.01s: 99 games/s\n$ damka-beam x\n```\n\n```\n$ damka-beam --runner=flink \\\n    --depth 8\n```\n"
	ex := examples(text)
	if len(ex) != 1 || ex[0].line != 4 || len(ex[0].steps) != 2 || ex[0].steps[0].command() != "damka check a.pdn | tail -1" {
		t.Fatalf("examples %+v", ex)
	}
	if f, ok := shownFile("a\n<details><summary>x.pdn</summary>\n\n```\n[Event \"e\"]\n\n1. c3-d4 *\n```\n</details>\n", "x.pdn"); !ok || f != "[Event \"e\"]\n\n1. c3-d4 *\n" {
		t.Errorf("shownFile: %q, %v", f, ok)
	}
	steps, err := parseTranscript("$ damka select \\\n    --player x a.pdn\nout\n")
	if err != nil || len(steps) != 1 || steps[0].command() != "damka select \\\n    --player x a.pdn" || !slices.Equal(steps[0].output, []string{"out"}) {
		t.Fatalf("parseTranscript: %+v, %v", steps, err)
	}
	got := []string{"a", "8730 plies replayed in {time}: {rate} games/s", "b", "wrote x in {time}: reading {time}", "[exit status 1]"}
	for _, c := range []struct {
		doc []string
		ok  bool
	}{
		{[]string{"a", "8730 plies replayed in 12.3s: 15733 games/s", "b", "wrote x in 0.09s: reading 0.01s"}, true},
		{[]string{"...", "b", "wrote x in 1m2s: ..."}, true},
		{[]string{"a", "  ...", "wrote x in 0.09s: ..."}, true},
		{[]string{"a", "8730 plies replayed in 12.3s: 15733 games/s", "c", "wrote x in 0.09s: ..."}, false},
		{[]string{"a", "b", "..."}, false},
		{[]string{"a", "..."}, true},
		{[]string{"a"}, false},
		{[]string{"8731 plies replayed in 0.01s: 1 games/s", "..."}, false},
	} {
		if why := matchOutput(c.doc, got); (why == "") != c.ok {
			t.Errorf("matchOutput(%q): %q, want a match %v", c.doc, why, c.ok)
		}
	}
	for in, want := range map[string]string{
		"3 302 0.000 6.2": "3 302 {time} {rate}",
		"analysed 8730 positions at depth 6 in 12.3s: 710 positions/s, 19.6 M nodes/s": "analysed 8730 positions at depth 6 in {time}: {rate} positions/s, {rate} nodes/s",
		"KvK\t992\t194\t796\t2\t281\t0.00\tbuilt":                                      "KvK\t992\t194\t796\t2\t281\t{time}\tbuilt",
		"W:WKa1:Bb6,d6\t#W\t#W\ta1-b2\ta1-b2\t4\t88\t12":                               "W:WKa1:Bb6,d6\t#W\t#W\ta1-b2\ta1-b2\t4\t88\t{time}",
		"preparing rows 0.01s (summed over 2 workers)":                                 "preparing rows {time} (summed over {n} workers)",
		"153 games read: 2 selected":                                                   "153 games read: 2 selected",
		"e1:c3:a5 e1:g3:e5:c3:a5 d4:b6":                                                "e1:c3:a5 e1:g3:e5:c3:a5 d4:b6",
	} {
		if got := unstable(in); got != want {
			t.Errorf("unstable(%q) = %q, want %q", in, got, want)
		}
	}
}
