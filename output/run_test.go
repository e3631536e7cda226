package output

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/damka/damka/pipeline"
)

const runGames = `[Event "a"]
[GameType "25"]
1. c3-d4 f6-g5 *

[Event "b"]
[GameType "25"]
1. c3-b4 f6-e5 *
`

// diskFull fails every write as a full disk does.
type diskFull struct{}

func (diskFull) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: "/dev/full", Err: syscall.ENOSPC}
}

// runInto runs the two games into a set of one file, out.pdn in dir,
// which holds "old" before: the games' events go to the file; closer
// ends the run; stdout, when set, takes a line a game.
func runInto(t *testing.T, dir string, add func(*pipeline.Result) error, stdout io.Writer, closers ...Closer) (bool, error) {
	t.Helper()
	path := filepath.Join(dir, "out.pdn")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := Open("test", io.Discard, io.Discard, nil, Target{Flag: "-o", Path: path})
	if err != nil {
		t.Fatal(err)
	}
	buf := set.Buffer(path)
	var sink *Sink
	if stdout != nil {
		sink = set.Stdout(stdout)
	}
	in := pipeline.OpenInputs(nil, pipeline.InputOptions{NoArgs: pipeline.ReadStdin, Stdin: strings.NewReader(runGames)})
	_, written, err := Run(context.Background(), in, pipeline.Options{}, set, func(res *pipeline.Result) error {
		event, _ := res.Input.Game.Tag("Event")
		if _, err := fmt.Fprintln(buf.Buf, event); err != nil {
			return err
		}
		if sink != nil {
			fmt.Fprintln(sink, "game", res.Input.Game.Index)
		}
		if add != nil {
			return add(res)
		}
		return nil
	}, closers...)
	return written, err
}

// left checks that dir holds out.pdn with want, and nothing else.
func left(t *testing.T, dir, want string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "out.pdn"))
	if err != nil || string(b) != want {
		t.Errorf("out.pdn holds %q (%v), want %q", b, err, want)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files in the folder, want 1: %v", len(ents), ents)
	}
}

// A run puts its files in place once every game is in and the closers
// are done, in the order given.
func TestRunCommits(t *testing.T) {
	dir := t.TempDir()
	var order []string
	closer := func(name string) Closer {
		return func(c pipeline.Counts) error {
			order = append(order, fmt.Sprintf("%s %d", name, c.Games))
			return nil
		}
	}
	written, err := runInto(t, dir, nil, nil, closer("first"), closer("second"))
	if err != nil || !written {
		t.Fatalf("written %v, error %v", written, err)
	}
	left(t, dir, "a\nb\n")
	if strings.Join(order, ", ") != "first 2, second 2" {
		t.Errorf("closers called: %q", order)
	}
}

// A close that fails, a write that fails (of a file, or of standard
// output, however the writer words it), a commit that fails: each is an
// Error (exit 3), with its own message, and the output is left as it
// was; the lines printed on standard output before are written. An error of the sink that is no write is not one.
func TestRunFailures(t *testing.T) {
	closeErr := errors.New("the footer could not be encoded")
	writeErr := &fs.PathError{Op: "write", Path: "out.pdn", Err: syscall.EIO}
	notWrite := errors.New("game 2: not what the sink wants")
	for _, c := range []struct {
		name    string
		add     func(*pipeline.Result) error
		stdout  io.Writer
		closers []Closer
		want    error
		failed  bool
	}{
		{name: "close", stdout: new(strings.Builder), closers: []Closer{func(pipeline.Counts) error { return closeErr }}, want: closeErr, failed: true},
		{name: "write", add: func(*pipeline.Result) error { return writeErr }, want: writeErr, failed: true},
		{name: "stdout", stdout: diskFull{}, want: syscall.ENOSPC, failed: true},
		{name: "not a write", add: func(res *pipeline.Result) error {
			if res.Input.Game.Index == 2 {
				return notWrite
			}
			return nil
		}, want: notWrite},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			written, err := runInto(t, dir, c.add, c.stdout, c.closers...)
			if written || !errors.Is(err, c.want) || Failed(err) != c.failed {
				t.Fatalf("written %v, error %v (an output's: %v), want %v (%v)", written, err, Failed(err), c.want, c.failed)
			}
			left(t, dir, "old")
			// What was printed before the failure is written all the same.
			if b, ok := c.stdout.(*strings.Builder); ok && b.String() != "game 1\ngame 2\n" {
				t.Errorf("stdout %q", b.String())
			}
		})
	}
}

// Mark tells the write failures of other writers from other errors.
func TestMark(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&fs.PathError{Op: "write", Path: "standard output", Err: syscall.EPIPE}, true},
		{&fs.PathError{Op: "rename", Path: "a", Err: syscall.EXDEV}, true},
		{fmt.Errorf("egtb: %w", syscall.ENOSPC), true},
		{&fs.PathError{Op: "open", Path: "a.pdn", Err: fs.ErrNotExist}, false},
		{errors.New("bad usage"), false},
	} {
		if got := Failed(Mark(c.err)); got != c.want {
			t.Errorf("Mark(%v) is an output's failure: %v, want %v", c.err, got, c.want)
		}
		if Mark(c.err).Error() != c.err.Error() {
			t.Errorf("Mark(%v) says %q", c.err, Mark(c.err))
		}
	}
	if Mark(nil) != nil {
		t.Error("Mark(nil) is not nil")
	}
}
