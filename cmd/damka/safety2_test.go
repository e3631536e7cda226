package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/iostreams"
	"github.com/damka/damka/pdn"
	"golang.org/x/term"
)

// The second safety round (issue 29): nothing lost, nothing overwritten.

// Item 1: with no input readable (a typo in the only path), clean,
// export (a partitioned dataset), analyze, openings and select write
// nothing: yesterday's outputs stay as they were, and exit 2 says why.
func TestRound2Item1NoInputReadWritesNothing(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "a.pdn"), russianGame)
	missing := filepath.Join(dir, "typo.pdn")
	cases := []struct {
		name string
		args []string // the output's flags; the input is appended
		out  string   // a file or folder that must stay as it was
	}{
		{"clean", []string{"clean", "-o", filepath.Join(dir, "clean.pdn")}, filepath.Join(dir, "clean.pdn")},
		{"export", []string{"export", "--partition-by", "variant", "-o", filepath.Join(dir, "ds")}, filepath.Join(dir, "ds")},
		{"analyze", []string{"analyze", "--depth", "1", "-o", filepath.Join(dir, "an")}, filepath.Join(dir, "an")},
		{"openings", []string{"openings", "-o", filepath.Join(dir, "op.parquet")}, filepath.Join(dir, "op.parquet")},
		{"select", []string{"select", "-o", filepath.Join(dir, "sel.pdn")}, filepath.Join(dir, "sel.pdn")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, errOut, code := run(t, "", append(append([]string{}, append(c.args, "-q")...), in)...); code != exitOK {
				t.Fatalf("first run: exit %d: %s", code, errOut)
			}
			before := snapshot(t, c.out)
			if len(before) == 0 {
				t.Fatalf("the first run wrote nothing in %s", c.out)
			}
			_, errOut, code := run(t, "", append(append([]string{}, append(c.args, "-q")...), missing)...)
			if code != exitInput {
				t.Errorf("exit %d, want %d", code, exitInput)
			}
			if !strings.Contains(errOut, "no input could be read, so nothing was written") || !strings.Contains(errOut, "left as it was") {
				t.Errorf("stderr does not say nothing was written:\n%s", errOut)
			}
			if after := snapshot(t, c.out); !sameSnapshot(before, after) {
				t.Errorf("the outputs changed:\nbefore %v\nafter  %v", keys(before), keys(after))
			}
		})
	}
}

// snapshot maps every file under path (or path itself) to its content.
func snapshot(t *testing.T, path string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			m[p] = string(b)
		}
		return nil
	})
	return m
}

func sameSnapshot(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, filepath.Base(k))
	}
	return out
}

// Item 2: an output that is a symbolic link is written through it (the
// link stays a link), a FIFO is written to as it is, and a device is
// never replaced by a regular file (as root, -o /dev/null did replace
// it); -o and --rejects may both be a null device.
func TestRound2Item2LinksFIFOsDevices(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "a.pdn"), russianGame+"[Event \"bad\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. a3-b4 *\n\n")

	// A link to a file, and a link to a file not there yet.
	target := writeFile(t, filepath.Join(dir, "target.pdn"), "old")
	link := filepath.Join(dir, "link.pdn")
	if err := os.Symlink("target.pdn", link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.pdn")
	os.Symlink("new.pdn", dangling)
	if _, errOut, code := run(t, "", "clean", "-q", in, "-o", link, "--rejects", dangling); code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, l := range []string{link, dangling} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v", l, err)
		}
	}
	if b := readFile(t, target); !strings.Contains(string(b), `[Event "r"]`) {
		t.Errorf("the link's target was not written: %q", b)
	}
	if b := readFile(t, filepath.Join(dir, "new.pdn")); !strings.Contains(string(b), `[Event "bad"]`) {
		t.Errorf("the dangling link's target was not made: %q", b)
	}

	// A FIFO: written as it is, read by another.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if _, errOut, code := run(t, "", "clean", "-q", in, "-o", fifo); code != exitFindings {
		t.Fatalf("FIFO: exit %d: %s", code, errOut)
	}
	if s := <-got; !strings.Contains(s, `[Event "r"]`) {
		t.Errorf("the FIFO's reader got %q", s)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", fi.Mode(), err)
	}

	// A character device: a null device made here (root only), never
	// /dev/null itself, which a regression would replace.
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, int(devNumber(1, 3))); err != nil {
		t.Logf("no device made here (%v): the device case is not tested", err)
		return
	}
	if _, errOut, code := run(t, "", "clean", "-q", in, "-o", null, "--rejects", null); code != exitFindings {
		t.Fatalf("device: exit %d: %s", code, errOut)
	}
	if fi, err := os.Lstat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("the device was replaced by a %v (%v)", fi.Mode(), err)
	}
	if ents, _ := filepath.Glob(filepath.Join(dir, ".null.tmp-*")); len(ents) > 0 {
		t.Errorf("temporary files left: %v", ents)
	}
}

// devNumber is Linux's makedev.
func devNumber(major, minor uint64) uint64 {
	return (major&0xfff)<<8 | (major&^0xfff)<<32 | minor&0xff | (minor&^0xff)<<12
}

// Item 3: an output that is an input is refused (the rejected games of
// `clean a.pdn -o a.pdn` had their only copy there), directly or as a
// file of an input folder or through a link; without --rejects the
// summary says the rejected games are not kept, with it where they are.
func TestRound2Item3OutputIsInput(t *testing.T) {
	dir := t.TempDir()
	text := russianGame + "[Event \"bad\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. a3-b4 *\n\n"
	in := writeFile(t, filepath.Join(dir, "a.pdn"), text)
	link := filepath.Join(dir, "l.pdn")
	os.Symlink("a.pdn", link)
	for _, args := range [][]string{
		{"clean", in, "-o", in},
		{"clean", in, "-o", filepath.Join(dir, "c.pdn"), "--rejects", in},
		{"clean", dir, "-o", in},
		{"clean", in, "-o", link},
		{"select", in, "-o", in},
	} {
		_, errOut, code := run(t, "", append(args, "-q")...)
		if code != exitInput || !strings.Contains(errOut, "is also an input") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
		if string(readFile(t, in)) != text {
			t.Fatalf("%v changed the input", args)
		}
	}
	_, errOut, _ := run(t, "", "clean", "-q", in, "-o", filepath.Join(dir, "c.pdn"))
	if !strings.Contains(errOut, "the 1 game rejected is not kept: --rejects FILE writes them") {
		t.Errorf("no word on the rejected game: %s", errOut)
	}
	rej := filepath.Join(dir, "r.pdn")
	_, errOut, _ = run(t, "", "clean", "-q", in, "-o", filepath.Join(dir, "c.pdn"), "--rejects", rej)
	if !strings.Contains(errOut, "the 1 game rejected is in "+rej) {
		t.Errorf("no word on where the rejected game went: %s", errOut)
	}
}

// Item 5: a game whose movetext has no terminator (JSON inputs give
// tags and moves as separate strings, neither with one) is cleaned with
// its Result tag's value as the terminator, not "*", so that checking the
// cleaned archive finds no new wrong_result; rejected games without a
// terminator get one in the rejects file, so that each reads back as a
// game of its own instead of joining the next untagged one.
func TestRound2Item5Terminators(t *testing.T) {
	dir := t.TempDir()
	js := writeFile(t, filepath.Join(dir, "g.json"), `{"pdn_positions": [
"[Event \"a\"]\n[Result \"2-0\"]\n[GameType \"25\"]",
"1. c3-d4 d6-c5 2. b2-c3 c7-d6"]}`)
	out := filepath.Join(dir, "c.pdn")
	if _, errOut, code := run(t, "", "clean", "-q", js, "-o", out); code != exitOK {
		t.Fatalf("clean: exit %d: %s", code, errOut)
	}
	if text := strings.TrimSpace(string(readFile(t, out))); !strings.HasSuffix(text, "c7-d6 2-0") {
		t.Errorf("the cleaned game does not end with its Result tag's 2-0:\n%s", text)
	}
	if stdout, errOut, _ := run(t, "", "check", out); strings.Contains(stdout+errOut, "wrong_result") {
		t.Errorf("the cleaned archive checks with a wrong_result:\n%s%s", stdout, errOut)
	}

	// Three rejected games, none with tags or a terminator, each from a
	// file of its own (the end of a file ended each).
	var ins []string
	for i, moves := range []string{"1. c3-d4 f6-e5 2. a3-b4", "1. e3-f4 b6-a5 2. g3-h4 h6-g5 3. h4xg5", "1. a3-b4 b6-c5 2. b4xd6"} {
		ins = append(ins, writeFile(t, filepath.Join(dir, fmt.Sprintf("r%d.pdn", i)), moves+"\n"))
	}
	rej := filepath.Join(dir, "rejects.pdn")
	args := append([]string{"clean", "-q", "-o", filepath.Join(dir, "c2.pdn"), "--rejects", rej}, ins...)
	if _, errOut, _ := run(t, "", args...); !strings.Contains(errOut, "the 3 games rejected are in") {
		t.Fatalf("not 3 games rejected: %s", errOut)
	}
	n := 0
	if err := input.ReadFile(rej, func(*pdn.Game, error) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("the rejects file reads back as %d games, want 3:\n%s", n, readFile(t, rej))
	}
	if !strings.Contains(string(readFile(t, rej)), "the game had no terminator; the * after it is added") {
		t.Errorf("the rejects do not say a terminator was added:\n%s", readFile(t, rej))
	}
}

// Item 7: with no input named and standard input neither data nor a
// terminal (/dev/null under cron or CI), nothing is read, nothing is
// written, and exit 2 says to name an input; the sample is read only
// from a terminal or by its name.
func TestRound2Item7DevNullStdin(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	// The checks systemStreams makes, asked of /dev/null.
	if iostreams.IsData(devNull) || term.IsTerminal(int(devNull.Fd())) {
		t.Errorf("/dev/null is taken for data or a terminal")
	}
	out := filepath.Join(t.TempDir(), "out.pdn")
	for _, args := range [][]string{{"clean", "-q", "-o", out}, {"check", "-q"}, {"export", "-q", "-o", filepath.Join(filepath.Dir(out), "ds")}} {
		io, _, errb := iostreams.Test("")
		io.InIsTerm = false // neither a terminal nor data: /dev/null
		root := newRootCommand(io)
		root.SetArgs(args)
		err := root.ExecuteContext(context.Background())
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitInput {
			t.Errorf("%v: %v, want exit %d", args, err, exitInput)
		}
		if strings.Contains(errb.String(), "sample") && !strings.Contains(errb.String(), "no input named") {
			t.Errorf("%v read the sample: %s", args, errb.String())
		}
		if !strings.Contains(errb.String(), "no input named, and standard input is not a pipe, a file or a terminal") {
			t.Errorf("%v: %s", args, errb.String())
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("clean wrote %s", out)
	}
}

// A write that fails once the run has begun (a full disk: /dev/full
// fails every write with ENOSPC) exits 3, its own status, not 2, which
// says the input or the command line is at fault (issue 28); an input
// that cannot be read still exits 2.
func TestWriteFailureExit3(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "a.pdn"), russianGame+"[Event \"bad\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. a3-b4 *\n")
	for _, args := range [][]string{
		{"clean", in, "-o", "/dev/full"},
		{"select", in, "-o", "/dev/full"},
		{"openings", in, "-o", "/dev/full"},
		{"clean", in, "-o", filepath.Join(dir, "c.pdn"), "--rejects", "/dev/full"},
	} {
		_, errOut, code := run(t, "", append(args, "-q")...)
		if code != exitWrite || !strings.Contains(errOut, "no space left on device") {
			t.Errorf("%v: exit %d, want %d: %s", args, code, exitWrite, errOut)
		}
	}
	if _, _, code := run(t, "", "clean", "-q", filepath.Join(dir, "missing.pdn"), "-o", "/dev/full"); code != exitInput {
		t.Errorf("missing input: exit %d, want %d", code, exitInput)
	}
}
