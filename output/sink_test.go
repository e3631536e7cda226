package output

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"syscall"
	"testing"
)

// fullWriter takes room bytes, then fails as a write to a full disk
// does, with an *fs.PathError of its own (as *os.File's).
type fullWriter struct {
	room   int
	got    bytes.Buffer
	writes int
}

func (w *fullWriter) Write(p []byte) (int, error) {
	w.writes++
	n := min(len(p), w.room)
	w.got.Write(p[:n])
	w.room -= n
	if n < len(p) {
		return n, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
	}
	return n, nil
}

// shortWriter takes half of each write, without an error.
type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

// checkWriteError checks that err is the sink's: a write of standard
// output that failed with cause.
func checkWriteError(t *testing.T, err, cause error) {
	t.Helper()
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Op != "write" || pe.Path != StdoutName {
		t.Fatalf("error %v (%T): want an *fs.PathError, write of %s", err, err, StdoutName)
	}
	if !errors.Is(err, cause) {
		t.Errorf("error %v: want its cause %v", err, cause)
	}
	if want := "write standard output: " + cause.Error(); err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
}

func TestSinkBuffers(t *testing.T) {
	var got bytes.Buffer
	s := Stdout(&got)
	fmt.Fprintf(s, "%d %s\n", 1, "c3-d4")
	s.WriteString("line 2\n")
	s.Write([]byte("no end"))
	if got.Len() != 0 {
		t.Fatalf("written before Flush: %q", got.String())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if want := "1 c3-d4\nline 2\nno end"; got.String() != want {
		t.Errorf("got %q, want %q", got.String(), want)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if n, err := s.Write([]byte("late\n")); n != 0 || !errors.Is(err, fs.ErrClosed) {
		t.Errorf("Write after Close: %d, %v; want 0 and a closed error", n, err)
	}
	if strings.Contains(got.String(), "late") {
		t.Error("a write after Close was written")
	}
}

// The buffer is written in whole lines when it fills, what follows the
// last line end waiting for the next write.
func TestSinkWholeLines(t *testing.T) {
	var got bytes.Buffer
	s := Stdout(&got)
	line := strings.Repeat("x", 99) + "\n"
	for got.Len() == 0 {
		s.WriteString(line)
	}
	if got.Len()%len(line) != 0 || got.Len() > DefaultSize+len(line) {
		t.Fatalf("wrote %d bytes, not whole lines of %d", got.Len(), len(line))
	}
	s.WriteString("half")
	s.Flush()
	if !strings.HasSuffix(got.String(), line+"half") {
		t.Errorf("after Flush: ends %q", got.String()[got.Len()-10:])
	}
	// A line longer than the buffer is written as it gathers.
	got.Reset()
	long := strings.Repeat("y", DefaultSize+1)
	s.WriteString(long)
	if got.String() != long {
		t.Errorf("a line of %d bytes: %d written", len(long), got.Len())
	}
}

// The first write that fails is kept: every later write fails with it
// and writes nothing, and Sync, Flush, Err and Close return it, named
// after the sink, its cause kept.
func TestSinkKeepsFirstError(t *testing.T) {
	w := &fullWriter{room: 5}
	s := Stdout(w)
	if _, err := s.WriteString("1 2 3\n4 5 6\n"); err != nil {
		t.Fatalf("buffered write: %v", err)
	}
	err := s.Flush()
	checkWriteError(t, err, syscall.ENOSPC)
	writes := w.writes
	w.room = 1 << 20 // room again: nothing more is written all the same
	if n, err2 := s.Write([]byte("7\n")); n != 0 || err2 != err {
		t.Errorf("Write after the failure: %d, %v; want 0, %v", n, err2, err)
	}
	if n, err2 := s.WriteString("8\n"); n != 0 || err2 != err {
		t.Errorf("WriteString after the failure: %d, %v; want 0, %v", n, err2, err)
	}
	for name, f := range map[string]func() error{"Sync": s.Sync, "Flush": s.Flush, "Err": s.Err, "Close": s.Close} {
		if err2 := f(); err2 != err {
			t.Errorf("%s: %v, want %v", name, err2, err)
		}
	}
	if w.writes != writes || w.got.String() != "1 2 3" {
		t.Errorf("after the failure: %d writes, %q written; want %d, %q", w.writes, w.got.String(), writes, "1 2 3")
	}
}

// A write that fails when the buffer fills returns the error at once,
// so that a writer that checks (json.Encoder, a command's loop) stops.
func TestSinkFailsWhenFull(t *testing.T) {
	s := Stdout(&fullWriter{room: 10})
	line := strings.Repeat("z", 999) + "\n"
	var err error
	for i := 0; err == nil; i++ {
		if i > DefaultSize {
			t.Fatal("no error")
		}
		_, err = s.WriteString(line)
	}
	checkWriteError(t, err, syscall.ENOSPC)
}

func TestSinkShortWrite(t *testing.T) {
	s := Stdout(shortWriter{})
	s.WriteString("abcd\n")
	checkWriteError(t, s.Close(), io.ErrShortWrite)
}

// Through writes at once, and keeps the first error as New does; a sink
// over it gives the error once named, not twice.
func TestThrough(t *testing.T) {
	var got bytes.Buffer
	s := Through(&got, StdoutName)
	fmt.Fprint(s, "now")
	if got.String() != "now" {
		t.Fatalf("got %q, want it written at once", got.String())
	}
	w := &fullWriter{room: 3}
	s = Through(w, StdoutName)
	if n, err := s.Write([]byte("abcdef")); n != 3 || err == nil {
		t.Fatalf("Write: %d, %v; want 3 and an error", n, err)
	}
	checkWriteError(t, s.Close(), syscall.ENOSPC)

	top := Through(&fullWriter{room: 3}, StdoutName)
	s = Stdout(top)
	s.WriteString("abcdef\n")
	err := s.Close()
	checkWriteError(t, err, syscall.ENOSPC)
	if top.Err() == nil {
		t.Error("the sink under it kept no error")
	}
}

// bar records what a sink does to the progress bar it shares the
// terminal with.
type bar struct {
	shown   bool
	cleared int
}

func (b *bar) ProgressShown() bool { return b.shown }
func (b *bar) ClearProgress()      { b.cleared++ }

func TestSinkSharesTheTerminal(t *testing.T) {
	var got bytes.Buffer
	b := &bar{}
	s := Stdout(&got).ShareWith(b)
	s.WriteString("game 1\ngame 2 (part")
	if err := s.Sync(); err != nil || got.Len() != 0 || b.cleared != 0 {
		t.Fatalf("Sync with no bar drawn: %v, %q written, %d clears; want the lines to wait", err, got.String(), b.cleared)
	}
	b.shown = true
	if err := s.Sync(); err != nil || got.String() != "game 1\n" || b.cleared != 1 {
		t.Fatalf("Sync with a bar drawn: %v, %q written, %d clears; want the whole lines, the bar cleared once", err, got.String(), b.cleared)
	}
	s.Sync() // nothing whole to write
	s.WriteString(")\n")
	if err := s.Close(); err != nil || got.String() != "game 1\ngame 2 (part)\n" {
		t.Fatalf("Close: %v, %q written", err, got.String())
	}
	if b.cleared != 2 {
		t.Errorf("%d clears, want one a write", b.cleared)
	}
}

// streams records the writes of two streams in the order they come.
type streams struct{ log []string }

type stream struct {
	name string
	s    *streams
}

func (w stream) Write(p []byte) (int, error) {
	w.s.log = append(w.s.log, w.name+":"+string(p))
	return len(p), nil
}

// Say writes a message on another stream after the lines the sink holds;
// once a write has failed, it writes nothing and returns the error.
func TestSay(t *testing.T) {
	var s streams
	out := Stdout(stream{"out", &s})
	out.WriteString("a\nb\n")
	if err := out.Say(stream{"err", &s}, "m\n"); err != nil {
		t.Fatal(err)
	}
	out.WriteString("c\n")
	out.Close()
	if got := strings.Join(s.log, "|"); got != "out:a\nb\n|err:m\n|out:c\n" {
		t.Errorf("writes %q", got)
	}
	full := Stdout(&fullWriter{room: 1})
	full.WriteString("a\nb\n")
	var msg strings.Builder
	err := full.Say(&msg, "m\n")
	checkWriteError(t, err, syscall.ENOSPC)
	if msg.Len() != 0 {
		t.Errorf("the message was written after a write failed: %q", msg.String())
	}
}
