package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/damka/damka/internal/memavail"
)

// The third safety round (issue 44): the edges. One test per item, named
// after it; each failed on the code before the item was fixed.

// Item 8: select refuses an impossible date as a bound (a month of 13,
// February the 31st, month and day 0) with exit 2, as it refuses other
// text that is not a date; a possible one, 29 February of a leap year
// included, is taken.
func TestRound3Item8ImpossibleDates(t *testing.T) {
	in := writeFile(t, filepath.Join(t.TempDir(), "a.pdn"), russianGame)
	for _, c := range [][]string{
		{"--from", "1950.13"},
		{"--from", "1950.02.31"},
		{"--to", "1950.00.00"},
		{"--from", "1950.04.31"},
		{"--to", "1900.02.29"},
		{"--from", "32.01.1950"},
		{"--from", "1950.02.30 - 1950.03.01"},
	} {
		_, errOut, code := run(t, "", append([]string{"select", "-q", in, "-o", "-"}, c...)...)
		if code != exitInput || !strings.Contains(errOut, c[0]+": ") || !strings.Contains(errOut, "not a date") {
			t.Errorf("%q: exit %d, %q", c, code, errOut)
		}
	}
	for _, c := range [][]string{
		{"--from", "2000.02.29"},
		{"--to", "1950.12.31"},
		{"--from", "1950.??.??"},
		{"--from", "1950.12"},
	} {
		if _, errOut, code := run(t, "", append([]string{"select", "-q", in, "-o", "-"}, c...)...); code != exitOK {
			t.Errorf("%q: exit %d, %q", c, code, errOut)
		}
	}
}

// Item 11: perft refuses a depth it could never finish (its help says the
// most), and every command with -j refuses a negative one, exit 2 with a
// line naming the flag.
func TestRound3Item11PerftDepthAndJobs(t *testing.T) {
	for _, d := range []string{"99999", "31", "0"} {
		out, errOut, code := run(t, "", "perft", "--depth", d)
		if code != exitInput || !strings.Contains(errOut, "--depth must be 1 to 30") || out != "" {
			t.Errorf("perft --depth %s: exit %d, %q, stdout %q", d, code, errOut, out)
		}
	}
	if out, _, _ := run(t, "", "perft", "--help"); !strings.Contains(out, "depth in plies, 1 to 30") {
		t.Errorf("perft --help does not give the most depth:\n%s", out)
	}
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "a.pdn"), russianGame)
	for _, args := range [][]string{
		{"check", in},
		{"clean", in, "-o", filepath.Join(dir, "c.pdn")},
		{"select", in, "-o", "-"},
		{"dupes", in},
		{"export", in, "-o", filepath.Join(dir, "ds")},
		{"openings", in, "-o", filepath.Join(dir, "op.parquet")},
		{"analyze", "--depth", "1", in, "-o", filepath.Join(dir, "an")},
		{"eval", "W:Wc3:Bf6"},
	} {
		out, errOut, code := run(t, "", append(args, "-q", "-j", "-1")...)
		if args[0] == "eval" {
			out, errOut, code = run(t, "", append(args, "-j", "-1")...)
		}
		if code != exitInput || !strings.Contains(errOut, args[0]+": -j/--jobs must be 0 (all cores) or more, not -1") || out != "" {
			t.Errorf("%s -j -1: exit %d, %q, stdout %q", args[0], code, errOut, out)
		}
	}
	if names := listDir(t, dir); len(names) != 1 {
		t.Errorf("outputs made: %v", names)
	}
}

// Item 11: a bzip2, zstd or lz4 stream of one block, cut, yields no game:
// check says the data is cut before the first game, and not that "the
// games before it were read".
func TestRound3Item11CutBeforeFirstGame(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{"bz2", "zst", "lz4"} {
		b, err := os.ReadFile("../../testdata/pdn/compressed/small.pdn." + ext)
		if err != nil {
			t.Fatal(err)
		}
		in := writeFile(t, filepath.Join(dir, "cut.pdn."+ext), string(b[:len(b)/2]))
		_, errOut, code := run(t, "", "check", "-q", in)
		if code != exitInput || !strings.Contains(errOut, in+": unexpected EOF: the data is cut before the first game\n") || strings.Contains(errOut, "were read") {
			t.Errorf("%s: exit %d, %q", ext, code, errOut)
		}
	}
}

// Item 5: a transposition table bigger than the memory at hand (--tt is
// MiB a worker) is refused before anything is made, in one line, exit 2;
// it crashed with Go's "fatal error: runtime: out of memory" and a few
// hundred lines of stacks, leaving the output folder it had made. In a
// process of its own: the crash took the test binary with it.
func TestRound3Item5TranspositionTableTooBig(t *testing.T) {
	avail, ok := memavail.Available()
	if !ok {
		t.Skip("the memory at hand is not known here")
	}
	tt := fmt.Sprint(avail>>20*4 + 1) // MiB: four times what there is
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "a.pdn"), russianGame)
	out := filepath.Join(dir, "out")
	for _, args := range [][]string{
		{"analyze", "-q", "--depth", "1", "-j", "1", "--tt", tt, "-o", out, in},
		{"analyze", "-q", "--depth", "1", "--tt", "100000000000000", "-o", out, in},
		{"eval", "--tt", tt, "W:Wc3:Bf6"},
		{"eval", "-j", "0", "--tt", "100000000000000", "W:Wc3:Bf6"},
	} {
		cmd := damkaProcess(t, args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Before the fix a table whose size passes 64 bits made the
		// sizing loop run forever.
		timer := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
		err := cmd.Wait()
		timer.Stop()
		code := cmd.ProcessState.ExitCode()
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if code != int(exitInput) || len(lines) != 1 || !strings.Contains(lines[0], "damka: "+args[0]+": --tt ") ||
			!strings.Contains(lines[0], "of memory available") || stdout.Len() > 0 {
			t.Errorf("%s --tt: exit %d (%v), %d lines of stderr:\n%.2000s", args[0], code, err, len(lines), stderr.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s --tt: the output folder was made", args[0])
			os.RemoveAll(out)
		}
	}
}

// damkaIn runs damka in a process of its own with cache as its user cache
// folder (where the default endgame databases are, read: DAMKA_EGTB is
// not set), killed if it has not
// ended in a minute: it returns stdout, stderr and the exit status (-1
// when killed).
func damkaIn(t *testing.T, cache string, args ...string) (string, string, int) {
	t.Helper()
	cmd := damkaProcess(t, args...)
	cmd.Env = append(withoutEnv(cmd.Env, egtbEnv), "XDG_CACHE_HOME="+cache)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
	cmd.Wait()
	timer.Stop()
	return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
}

// withoutEnv is env without the variable name.
func withoutEnv(env []string, name string) []string {
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, name+"=") })
}

// defaultTables builds the Russian tables of 2 pieces in the default
// folder under cache, and returns their folder.
func defaultTables(t *testing.T, cache string) string {
	t.Helper()
	dir := filepath.Join(cache, "damka", "egtb")
	if _, errOut, code := run(t, "", "egtb", "build", "-q", "--pieces", "2", "--dir", dir); code != exitOK {
		t.Fatalf("egtb build: exit %d: %s", code, errOut)
	}
	return dir
}

// Item 6: a named pipe among the endgame databases (in the default
// folder, read without any flag, or in the folder --egtb names) is never
// opened: eval and analyze leave it out with a warning naming it and go
// on, egtb build stops with an error naming it; they waited for a writer
// for ever.
func TestRound3Item6FIFOAmongTables(t *testing.T) {
	cache := t.TempDir()
	dir := defaultTables(t, cache)
	fifo := filepath.Join(dir, "russian", "KKvK.wdl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	work := t.TempDir()
	in := writeFile(t, filepath.Join(work, "a.pdn"), russianGame)
	warning := fifo + ": not a regular file (a named pipe); left out"
	for _, c := range []struct {
		args   []string
		folder string
	}{
		{[]string{"eval", "--depth", "2", "W:WKa1:BKh2"}, "the default endgame database folder"},
		{[]string{"eval", "--depth", "2", "--egtb", dir, "W:WKa1:BKh2"}, "--egtb " + dir},
		{[]string{"analyze", "-q", "--depth", "1", "-j", "1", "-o", filepath.Join(work, "an"), in}, "the default endgame database folder"},
	} {
		out, errOut, code := damkaIn(t, cache, c.args...)
		if code != int(exitOK) || !strings.Contains(errOut, "damka "+c.args[0]+": warning: "+c.folder+": "+warning) {
			t.Errorf("%s: exit %d, stderr %q", c.args, code, errOut)
		}
		if c.args[0] == "eval" && (!strings.HasPrefix(out, "W:WKa1:BKh2\t0.00\t0.00\t") || strings.Contains(errOut, "no endgame databases")) {
			t.Errorf("%s: stdout %q (the draw of the table of KvK)", c.args, out)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "an", "games.parquet")); err != nil {
		t.Errorf("analyze wrote no games.parquet: %v", err)
	}
	_, errOut, code := damkaIn(t, cache, "egtb", "build", "-q", "--pieces", "3")
	if code != int(exitInput) || !strings.Contains(errOut, "egtb build: "+fifo+": not a regular file (a named pipe)") {
		t.Errorf("egtb build: exit %d, stderr %q", code, errOut)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe was replaced: %v", err)
	}
}

// Item 7: a damaged table in the default folder is left out with a
// warning naming it and saying the folder is the default one, never
// --egtb, which was not given; eval and analyze go on with the other
// tables. In a folder --egtb names, the same, naming --egtb. Both failed
// every run.
func TestRound3Item7DamagedTable(t *testing.T) {
	cache := t.TempDir()
	dir := defaultTables(t, cache)
	bad := filepath.Join(dir, "russian", "MvK.wdl")
	b, err := os.ReadFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 1
	writeFile(t, bad, string(b))
	work := t.TempDir()
	in := writeFile(t, filepath.Join(work, "a.pdn"), russianGame)
	warning := bad + ": not a damka endgame table, or damaged; left out (damka egtb build builds a damaged table again)"
	for _, c := range []struct {
		args   []string
		folder string
	}{
		{[]string{"eval", "--depth", "2", "W:WKa1:BKh2"}, "the default endgame database folder"},
		{[]string{"eval", "--depth", "2", "--egtb", dir, "W:WKa1:BKh2"}, "--egtb " + dir},
		{[]string{"analyze", "-q", "--depth", "1", "-j", "1", "-o", filepath.Join(work, "an"), in}, "the default endgame database folder"},
	} {
		out, errOut, code := damkaIn(t, cache, c.args...)
		if code != int(exitOK) || !strings.Contains(errOut, "damka "+c.args[0]+": warning: "+c.folder+": "+warning) ||
			(c.folder != "--egtb "+dir && strings.Contains(errOut, "--egtb")) {
			t.Errorf("%s: exit %d, stderr %q", c.args, code, errOut)
		}
		if c.args[0] == "eval" && (!strings.HasPrefix(out, "W:WKa1:BKh2\t0.00\t0.00\t") || strings.Contains(errOut, "no endgame databases")) {
			t.Errorf("%s: stdout %q (the draw of the table of KvK, still used)", c.args, out)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "an", "games.parquet")); err != nil {
		t.Errorf("analyze wrote no games.parquet: %v", err)
	}
	// egtb build builds it again, and then nothing is said (of the folder
	// named: the default one would be filled up to 4 pieces first).
	if _, errOut, code := damkaIn(t, cache, "egtb", "build", "-q", "--pieces", "2"); code != int(exitOK) || !strings.Contains(errOut, "2 built") {
		t.Errorf("egtb build: exit %d, stderr %q", code, errOut)
	}
	if _, errOut, code := damkaIn(t, cache, "eval", "--depth", "2", "--egtb", dir, "W:WKa1:BKh2"); code != int(exitOK) || errOut != "" {
		t.Errorf("eval after the build: exit %d, stderr %q", code, errOut)
	}
}
