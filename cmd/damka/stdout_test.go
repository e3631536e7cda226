package main

// Tests of issue 45's first slice: every command that writes to
// standard output exits 3 when it cannot, with one message on stderr.
// moves, perft, eval and egtb build dropped the error (exit 0), as did
// check's and dupes' summaries and cobra's help.

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/damka/damka/internal/iostreams"
)

// stdoutCommands are command lines that write to standard output, in
// dir: archives with findings and duplicates (a.pdn), and a sound one
// with no duplicate (clean.pdn), whose summary is all that check and
// dupes print. check --report writes report: the summary that cannot be
// written leaves it unmade.
func stdoutCommands(t *testing.T, dir string) (cmds [][]string, report string) {
	t.Helper()
	bad := "[Event \"bad\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. a3-b4 *\n\n"
	a := writeFile(t, filepath.Join(dir, "a.pdn"), russianGame+russianGame+bad)
	clean := writeFile(t, filepath.Join(dir, "clean.pdn"), russianGame)
	const fen = "W:WKe1:Bd2,f2,f4,d4,b4"
	report = filepath.Join(dir, "report.html")
	return [][]string{
		{"moves", fen},
		{"moves", fen, "not a FEN"},
		{"perft", "--depth", "3"},
		{"perft", "--depth", "3", "--divide"},
		{"eval", "--depth", "2", fen},
		{"egtb", "build", "-q", "--pieces", "2", "--dir", filepath.Join(dir, "egtb")},
		{"egtb", "build", "-q", "--pieces", "2", "--dir", filepath.Join(dir, "egtb")}, // every class kept
		{"check", "-q", a},
		{"check", "-q", clean},
		{"check", "-q", clean, "--report", report},
		{"check", "-q", "--json", a},
		{"dupes", "-q", a},
		{"dupes", "-q", clean},
		{"dupes", "-q", "--json", a},
		{"select", "-q", a, "-o", "-"},
		{"select", "-q", "--json", a},
		{"export", "-q", a, "-o", "-"},
		{"diagram", fen, "-o", "-"},
		{"openings", "-q", a, "-o", "-"},
		{"clean", "-q", a, "-o", "-"},
		{"--help"},
		{"check", "--help"},
		{"--version"},
	}, report
}

// checkNoReport checks that check --report left no report.
func checkNoReport(t *testing.T, report string) {
	t.Helper()
	if _, err := os.Stat(report); err == nil {
		t.Errorf("check --report wrote %s, and its summary could not be written", report)
	}
}

// checkOneMessage checks that stderr is one line, the failed write's.
func checkOneMessage(t *testing.T, args []string, stderr string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "damka: ") ||
		!strings.Contains(lines[0], "write standard output: no space left on device") {
		t.Errorf("%q: stderr %q, want one line: damka: ... write standard output: no space left on device", args, stderr)
	}
}

// The command lines run as processes with standard output on /dev/full,
// which fails every write with ENOSPC.
func TestStdoutFullExit3(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	cmds, report := stdoutCommands(t, t.TempDir())
	for _, args := range cmds {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := damkaProcess(t, args...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
		cmd.Wait()
		timer.Stop()
		full.Close()
		if code := cmd.ProcessState.ExitCode(); code != int(exitWrite) {
			t.Errorf("%q > /dev/full: exit %d, want %d: %s", args, code, exitWrite, stderr.String())
			continue
		}
		checkOneMessage(t, args, stderr.String())
	}
	checkNoReport(t, report)
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write(p []byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// The same command lines in this process (execute, as Main runs them),
// standard output a writer that fails.
func TestStdoutFailingWriterExit3(t *testing.T) {
	cmds, report := stdoutCommands(t, t.TempDir())
	for _, args := range cmds {
		io, _, errb := iostreams.Test("")
		io.Out = failingWriter{}
		err := execute(context.Background(), io, args)
		if err == nil {
			t.Errorf("%q: no error", args)
			continue
		}
		if code := exitStatus(io, context.Background(), err, false); code != exitWrite {
			t.Errorf("%q: exit %d, want %d: %s", args, code, exitWrite, errb.String())
			continue
		}
		checkOneMessage(t, args, errb.String())
	}
	checkNoReport(t, report)
}

// A write to standard output that failed beats the command's own status
// (1, 2), and its message follows the command's; a write failure the
// command returned is left as it is.
func TestWithStdout(t *testing.T) {
	serr := &fs.PathError{Op: "write", Path: "standard output", Err: syscall.ENOSPC}
	for _, c := range []struct {
		err  error
		code exitCode
		msg  string
	}{
		{nil, exitWrite, "write standard output: no space left on device"},
		{&exitError{code: exitFindings}, exitWrite, "write standard output: no space left on device"},
		{&exitError{code: exitFindings, err: os.ErrInvalid}, exitWrite, "invalid argument; write standard output: no space left on device"},
		{os.ErrNotExist, exitWrite, "file does not exist; write standard output: no space left on device"},
		{serr, exitWrite, "write standard output: no space left on device"},
	} {
		err := withStdout(c.err, serr)
		if code := statusOf(err); code != c.code || err.Error() != c.msg {
			t.Errorf("%v: exit %d, %q; want %d, %q", c.err, code, err, c.code, c.msg)
		}
	}
	if err := withStdout(os.ErrNotExist, nil); err != os.ErrNotExist {
		t.Errorf("no write error: %v", err)
	}
}
