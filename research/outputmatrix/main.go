// Command outputmatrix runs the same command lines with two damka
// binaries and compares what each wrote (issue 45): the exit status,
// standard output, standard error with its timings masked, and every
// file of the output folder, by checksum. The two binaries must be built
// with the same version string (it is in the files' metadata):
//
//	go build -ldflags "-X main.version=matrix" -o /tmp/old-damka ./cmd/damka   # at the old commit
//	make output-matrix OLD=/tmp/old-damka
//
// Each command line runs at -j 1 and -j 4 when it has -j, in a fresh
// folder (its outputs go to OUT/), from the module's root. It prints a
// line a case and exits 1 when any case differs.
package main

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// A case is a command line; "OUT" in an argument is its output folder.
type testCase struct {
	args []string
	jobs bool // runs at -j 1 and -j 4
	// mask: standard output holds timings too (perft's seconds, eval's
	// milliseconds), masked as in standard error.
	mask  bool
	stdin string // standard input
}

const (
	corpus   = "testdata/corpus"
	russian  = "testdata/corpus/russian"
	ussr1947 = "testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn"
	fen      = "W:WKe1:Bd2,f2,f4,d4,b4"
)

var cases = []testCase{
	{args: []string{"check", corpus}, jobs: true},
	{args: []string{"check", "--json", corpus}, jobs: true},
	{args: []string{"check", "--errors-only", "--kinds", "illegal_move,missed_capture", corpus}, jobs: true},
	{args: []string{"check", "--report", "OUT/check.html", "--variant", "russian", russian}, jobs: true},
	{args: []string{"check", "testdata/no-such-file.pdn"}},
	{args: []string{"clean", corpus, "-o", "OUT/clean.pdn", "--rejects", "OUT/rejects.pdn", "--repair", "--fix-results"}, jobs: true},
	{args: []string{"clean", russian, "-o", "-"}, jobs: true},
	{args: []string{"clean", corpus, "-o", "OUT/clean.pdn", "--drop-duplicates", "--full-paths"}, jobs: true},
	{args: []string{"clean", corpus, "-o", "OUT/clean.pdn", "--drop-duplicates=moves", "--rejects", "-"}, jobs: true},
	{args: []string{"clean", "testdata/no-such-file.pdn", "-o", "OUT/clean.pdn"}},
	{args: []string{"select", corpus, "--variant", "russian", "-o", "OUT/sel.pdn"}, jobs: true},
	{args: []string{"select", corpus, "--status", "errors", "--canonical", "-o", "OUT/sel.pdn", "--ids", "OUT/ids.txt"}, jobs: true},
	{args: []string{"select", corpus, "--json", "--min-plies", "80"}, jobs: true},
	{args: []string{"select", russian, "--ids", "-", "--opening", "Старая партия"}, jobs: true},
	{args: []string{"select", corpus, "-o", "-", "--from", "1950", "--to", "1999"}, jobs: true},
	{args: []string{"dupes", corpus}, jobs: true},
	{args: []string{"dupes", corpus, "--json", "--kind", "players"}, jobs: true},
	{args: []string{"export", corpus, "-o", "OUT/x"}, jobs: true},
	{args: []string{"export", corpus, "-o", "OUT/x", "--format", "arrow", "--repair"}, jobs: true},
	{args: []string{"export", russian, "-o", "-", "--table", "games"}, jobs: true},
	{args: []string{"export", corpus, "-o", "OUT/x", "--partition-by", "variant,year", "--max-rows-per-file", "5000"}, jobs: true},
	{args: []string{"export", russian, "-o", "OUT/x", "--partition-by", "year,variant", "--compression", "zstd", "--variant", "russian", "--repair"}, jobs: true},
	{args: []string{"openings", corpus, "-o", "OUT/positions.parquet"}, jobs: true},
	{args: []string{"openings", russian, "-o", "-", "--plies", "8"}, jobs: true},
	{args: []string{"openings", corpus, "-o", "OUT/p", "--partition-by", "variant", "--compression", "lz4"}, jobs: true},
	{args: []string{"analyze", ussr1947, "-o", "OUT/a", "--depth", "2", "--verify", "0", "--plies", "10", "--variant", "russian"}, jobs: true},
	{args: []string{"analyze", ussr1947, "-o", "OUT/a", "--depth", "2", "--report"}, jobs: true},
	{args: []string{"analyze", ussr1947, "-o", "OUT/a", "--depth", "2", "--report", "--partition-by", "year", "--format", "arrow"}, jobs: true},
	{args: []string{"diagram", fen, "-o", "OUT/d.svg"}},
	{args: []string{"diagram", "--variant", "international", "--flip", "--move", "32-28", "W:W31,32,33:B18,19", "-o", "-"}},
	{args: []string{"diagram", "-", "-o", "OUT/dir"}, stdin: fen + "\nW:W21,22:B10,11\n"},
	{args: []string{"moves", fen, "W:W21,22:B10,11", "bad fen"}},
	{args: []string{"moves"}, stdin: fen + "\tfirst\nW:W21,22:B10,11\n"},
	{args: []string{"perft", "--depth", "5", "--divide"}, mask: true},
	{args: []string{"eval", "--depth", "3", "--no-egtb", fen, "W:W21,22:B10,11"}, jobs: true, mask: true},
}

// timings are what varies from run to run in the messages: durations
// and rates.
var timings = regexp.MustCompile(`[0-9]+(\.[0-9]+)?( M)? ?[a-z]+/s\b|([0-9]+h)?([0-9]+m)?[0-9]+(\.[0-9]+)?(ns|µs|ms|s)\b`)

// perftTimes are the seconds and millions of nodes a second of perft's
// lines.
var perftTimes = regexp.MustCompile(`(?m)^([0-9]+ [0-9]+) [0-9.]+ [0-9.]+$`)

// evalMS is the last field of eval's lines, milliseconds.
var evalMS = regexp.MustCompile(`\t[0-9]+\n`)

type result struct {
	status         int
	stdout, stderr string
	files          map[string]string // path in OUT: checksum
}

func run(bin string, c testCase, args []string) (result, error) {
	dir, err := os.MkdirTemp("", "outputmatrix-*")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "OUT")
	if err := os.Mkdir(out, 0o755); err != nil {
		return result{}, err
	}
	var a []string
	for _, s := range args {
		a = append(a, strings.ReplaceAll(s, "OUT", out))
	}
	cmd := exec.Command(bin, a...)
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader(c.stdin)
	err = cmd.Run()
	r := result{files: map[string]string{}}
	if ee, ok := err.(*exec.ExitError); ok {
		r.status = ee.ExitCode()
	} else if err != nil {
		return r, err
	}
	mask := func(s string) string {
		s = strings.ReplaceAll(s, dir, "DIR")
		if c.mask {
			s = evalMS.ReplaceAllString(s, "\tMS\n")
			s = perftTimes.ReplaceAllString(s, "$1 T")
		}
		return timings.ReplaceAllString(s, "T")
	}
	r.stderr = mask(se.String())
	stdout := so.Bytes()
	if !bytes.ContainsRune(stdout, 0) { // text: check's summary has timings
		stdout = []byte(mask(string(stdout)))
	}
	r.stdout = fmt.Sprintf("%d bytes, sha256 %x", len(stdout), sha256.Sum256(stdout))
	if len(stdout) < 4096 && !bytes.ContainsRune(stdout, 0) {
		r.stdout = string(stdout)
	}
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == out {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		if d.IsDir() {
			r.files[rel+"/"] = "folder"
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		r.files[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	return r, err
}

func main() {
	oldBin := flag.String("old", "", "the damka binary to compare with (required)")
	newBin := flag.String("new", "bin/damka", "the damka binary compared")
	only := flag.String("run", "", "only the cases whose command line contains this")
	flag.Parse()
	if *oldBin == "" {
		fmt.Fprintln(os.Stderr, "outputmatrix: -old is required")
		os.Exit(2)
	}
	differ, n := 0, 0
	for _, c := range cases {
		variants := [][]string{c.args}
		if c.jobs {
			variants = [][]string{append(append([]string{}, c.args...), "-j", "1"), append(append([]string{}, c.args...), "-j", "4")}
		}
		for _, args := range variants {
			line := "damka " + strings.Join(args, " ")
			if *only != "" && !strings.Contains(line, *only) {
				continue
			}
			n++
			a, err := run(*oldBin, c, args)
			if err != nil {
				fmt.Printf("ERROR %s: old: %v\n", line, err)
				differ++
				continue
			}
			b, err := run(*newBin, c, args)
			if err != nil {
				fmt.Printf("ERROR %s: new: %v\n", line, err)
				differ++
				continue
			}
			diffs := compare(a, b)
			if len(diffs) == 0 {
				fmt.Printf("same  %s (exit %d, %d files)\n", line, a.status, len(a.files))
				continue
			}
			differ++
			fmt.Printf("DIFF  %s\n", line)
			for _, d := range diffs {
				fmt.Printf("      %s\n", d)
			}
		}
	}
	fmt.Printf("%d command lines, %d differ\n", n, differ)
	if differ > 0 {
		os.Exit(1)
	}
}

func compare(a, b result) []string {
	var d []string
	if a.status != b.status {
		d = append(d, fmt.Sprintf("exit status %d, now %d", a.status, b.status))
	}
	if a.stdout != b.stdout {
		d = append(d, fmt.Sprintf("stdout:\n%s\nnow:\n%s", a.stdout, b.stdout))
	}
	if a.stderr != b.stderr {
		d = append(d, fmt.Sprintf("stderr:\n%s\nnow:\n%s", a.stderr, b.stderr))
	}
	var names []string
	for p := range a.files {
		names = append(names, p)
	}
	for p := range b.files {
		if _, ok := a.files[p]; !ok {
			names = append(names, p)
		}
	}
	sort.Strings(names)
	for _, p := range names {
		if a.files[p] != b.files[p] {
			d = append(d, fmt.Sprintf("%s: %q, now %q", p, a.files[p], b.files[p]))
		}
	}
	return d
}
