package output

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"sync"
)

// StdoutName is how standard output is named in messages.
const StdoutName = "standard output"

// DefaultSize is the buffer of a sink New makes: its lines are written
// when this much has gathered, and at Flush.
const DefaultSize = 64 << 10

// Bar is what a sink shares the terminal with: a progress bar drawn on
// stderr while the sink's lines go to stdout. A line written while the
// bar is drawn would start after it, and the bar's next update would
// wipe its start (issue 10, item 9), so the sink clears the bar before
// each write; the bar is drawn again at its next update.
// iostreams.Streams is one.
type Bar interface {
	// ProgressShown reports whether a bar is drawn now.
	ProgressShown() bool
	// ClearProgress wipes the bar, if one is drawn.
	ClearProgress()
}

// Sink is an output stream, checked: what is written to it goes to an
// underlying writer, through a buffer (New) or at once (Through). The
// first write that fails is kept: every later write fails with it and
// writes nothing, and Sync, Flush and Close return it. That error is an
// *fs.PathError with Op "write", the sink's name as Path and the cause
// (no space left on device, an I/O error) as Err: "write standard
// output: no space left on device". A Sink is safe for use by several
// goroutines.
type Sink struct {
	mu     sync.Mutex
	w      io.Writer
	name   string
	size   int // 0: no buffer
	bar    Bar
	buf    []byte
	err    error
	closed bool
}

// New returns a sink that writes to w through a buffer of DefaultSize,
// in whole lines (when a line is longer than the buffer, what has
// gathered is written as it is); name names w in its error.
func New(w io.Writer, name string) *Sink {
	return &Sink{w: w, name: name, size: DefaultSize}
}

// Stdout returns a sink over w, standard output, with a buffer (New).
func Stdout(w io.Writer) *Sink { return New(w, StdoutName) }

// Through returns a sink that writes to w at once, with no buffer of
// its own: the bytes come out when they are written, as from w itself,
// and the first failure is kept all the same. It suits a stream that
// other writers share, such as the standard output of a whole command
// line (cobra's help, commands that print a line at a time).
func Through(w io.Writer, name string) *Sink {
	return &Sink{w: w, name: name}
}

// ShareWith makes the sink share the terminal with bar (Bar): it clears
// the bar before each write, and Sync writes the whole lines gathered
// while the bar is drawn. It returns s.
func (s *Sink) ShareWith(bar Bar) *Sink {
	s.mu.Lock()
	s.bar = bar
	s.mu.Unlock()
	return s
}

// Name is the name of the sink's writer, as its error gives it.
func (s *Sink) Name() string { return s.name }

// Write writes p, or buffers it. After a failure, or after Close, it
// writes nothing and returns the error.
func (s *Sink) Write(p []byte) (int, error) { return s.add(p, "") }

// WriteString is Write of a string.
func (s *Sink) WriteString(str string) (int, error) { return s.add(nil, str) }

// add writes or buffers p and str, one of them empty.
func (s *Sink) add(p []byte, str string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return 0, err
	}
	n := len(p) + len(str)
	if n == 0 {
		return 0, nil
	}
	if s.size == 0 {
		if str != "" {
			p = []byte(str)
		}
		return s.write(p)
	}
	s.buf = append(s.buf, p...)
	s.buf = append(s.buf, str...)
	if len(s.buf) >= s.size {
		if err := s.writeLines(true); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// Sync writes the whole lines gathered now when the sink shares the
// terminal with a bar that is drawn (after each game, so that lines come
// as the games do), and lets them wait otherwise. It returns the first
// error, if a write has failed.
func (s *Sink) Sync() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil && s.bar != nil && s.bar.ProgressShown() {
		s.writeLines(false)
	}
	return s.err
}

// Flush writes everything buffered, and returns the first error, if a
// write has failed (now or before).
func (s *Sink) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil && len(s.buf) > 0 {
		s.write(s.buf)
		s.buf = s.buf[:0]
	}
	return s.err
}

// Say writes msg to w, another stream (standard error), after what the
// sink holds: the lines written to the sink before come first, as a
// terminal showing both streams should. When a write of the sink fails
// (now or before), msg is not written and Say returns that error.
func (s *Sink) Say(w io.Writer, msg string) error {
	if err := s.Flush(); err != nil {
		return err
	}
	io.WriteString(w, msg)
	return nil
}

// Err is the first error, if a write has failed; it writes nothing.
func (s *Sink) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Close flushes the sink and returns the first error, if a write has
// failed; later writes fail. The underlying writer is not closed (it is
// standard output, or a file its opener closes). Close may be called
// again: it returns the same error.
func (s *Sink) Close() error {
	err := s.Flush()
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	return err
}

// usable is the error a write gets: the first failure, or the sink
// being closed.
func (s *Sink) usable() error {
	if s.err != nil {
		return s.err
	}
	if s.closed {
		return &fs.PathError{Op: "write", Path: s.name, Err: fs.ErrClosed}
	}
	return nil
}

// writeLines writes the whole lines buffered; when there is none, and
// full is set (the buffer is), everything.
func (s *Sink) writeLines(full bool) error {
	i := bytes.LastIndexByte(s.buf, '\n')
	if i < 0 && full {
		i = len(s.buf) - 1
	}
	if i < 0 {
		return nil
	}
	if _, err := s.write(s.buf[:i+1]); err != nil {
		return err
	}
	s.buf = append(s.buf[:0], s.buf[i+1:]...)
	return nil
}

// write writes b to w, clearing the bar first, and keeps the error.
func (s *Sink) write(b []byte) (int, error) {
	if s.bar != nil {
		s.bar.ClearProgress()
	}
	n, err := s.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err != nil {
		s.fail(err)
		return n, s.err
	}
	return n, nil
}

// fail keeps err, the first failure, named after the sink: a
// *fs.PathError of the writer's own ("write /dev/stdout: ...", or a
// sink's under this one) gives its cause only. The buffer is dropped.
func (s *Sink) fail(err error) {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "write" {
		err = pe.Err
	}
	s.err = &fs.PathError{Op: "write", Path: s.name, Err: err}
	s.buf = nil
}
