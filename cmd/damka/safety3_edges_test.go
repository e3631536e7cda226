package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
