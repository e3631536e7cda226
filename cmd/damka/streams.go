package main

import (
	"bytes"
	"io"
	"os"
	"sync"

	"golang.org/x/term"

	"github.com/damka/damka/internal/display"
)

// streams are the standard streams of a command, with the terminal checks
// made once (after cli/cli's iostreams): progress bars go to stderr only
// when it is a terminal, never into a log file.
type streams struct {
	In  io.Reader
	Out io.Writer
	// Err takes messages: what is written to it has its control
	// characters escaped (display.Writer), since messages quote archive
	// text (issue 27). The progress bar draws on errTerm, the stream
	// itself.
	Err       io.Writer
	errTerm   io.Writer
	errIsTerm bool
	// inIsData is set when standard input is a pipe, a socket or a file:
	// data to read when no input is named, not a terminal. inIsTerm is
	// set when it is a terminal: only then is the built-in sample read
	// with no input named (issue 29, item 7: /dev/null under cron is
	// neither, and reads nothing).
	inIsData bool
	inIsTerm bool

	mu  sync.Mutex
	bar *progress // the bar on stderr, if one is shown
}

func systemStreams() *streams {
	return &streams{
		In:        os.Stdin,
		Out:       os.Stdout,
		Err:       display.NewWriter(os.Stderr),
		errTerm:   os.Stderr,
		errIsTerm: term.IsTerminal(int(os.Stderr.Fd())),
		inIsData:  isData(os.Stdin),
		inIsTerm:  term.IsTerminal(int(os.Stdin.Fd())),
	}
}

// isData tells a pipe, socket or redirected file from a terminal (or
// /dev/null, a character device: nothing to read).
func isData(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	m := fi.Mode()
	return m&(os.ModeNamedPipe|os.ModeSocket) != 0 || m.IsRegular()
}

// testStreams returns streams over buffers, for tests: standard input is
// data (a pipe) when in is not empty, else a terminal.
func testStreams(in string) (*streams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &streams{In: bytes.NewBufferString(in), Out: &out, Err: display.NewWriter(&errb), errTerm: &errb, inIsData: in != "", inIsTerm: in == ""}, &out, &errb
}

// barWriter is the stream the progress bar draws on: stderr itself, not
// through the escaping of messages (the bar's carriage returns and
// erasing are its own, not archive text).
func (s *streams) barWriter() io.Writer {
	if s.errTerm != nil {
		return s.errTerm
	}
	return s.Err
}

// CanProgress reports whether a progress bar may be drawn on stderr.
func (s *streams) CanProgress() bool { return s.errIsTerm }

// setProgress records the bar being shown, so that other output can
// clear it first.
func (s *streams) setProgress(p *progress) {
	s.mu.Lock()
	s.bar = p
	s.mu.Unlock()
}

// clearProgress wipes the progress bar, if one is shown, so that a line
// can be written on the terminal: the bar is drawn again at its next
// update.
func (s *streams) clearProgress() {
	s.mu.Lock()
	b := s.bar
	s.mu.Unlock()
	b.Clear()
}

// lineWriter writes whole lines to w, and clears the progress bar before
// each write when one is shown: the bar (stderr) and the lines (stdout)
// share the terminal, and a bar drawn in the middle of a line would wipe
// its start (issue 10, item 9). Without a bar it is a plain buffer.
type lineWriter struct {
	s   *streams
	w   io.Writer
	buf []byte
}

func newLineWriter(s *streams, w io.Writer) *lineWriter { return &lineWriter{s: s, w: w} }

func (l *lineWriter) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	if len(l.buf) >= 64<<10 {
		return len(p), l.flushLines()
	}
	return len(p), nil
}

// flushLines writes the complete lines buffered.
func (l *lineWriter) flushLines() error {
	i := bytes.LastIndexByte(l.buf, '\n')
	if i < 0 {
		return nil
	}
	err := l.write(l.buf[:i+1])
	l.buf = append(l.buf[:0], l.buf[i+1:]...)
	return err
}

// Sync writes the complete lines now when a bar is shown (after each
// game, so that lines come as the games do), else lets them wait.
func (l *lineWriter) Sync() error {
	l.s.mu.Lock()
	shown := l.s.bar != nil && l.s.bar.bar != nil
	l.s.mu.Unlock()
	if !shown {
		return nil
	}
	return l.flushLines()
}

// Flush writes everything.
func (l *lineWriter) Flush() error {
	if len(l.buf) == 0 {
		return nil
	}
	err := l.write(l.buf)
	l.buf = l.buf[:0]
	return err
}

func (l *lineWriter) write(b []byte) error {
	l.s.clearProgress()
	_, err := l.w.Write(b)
	return err
}
