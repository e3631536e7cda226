// Package iostreams are the standard Streams of a damka command, with
// the terminal checks made once (after cli/cli's iostreams), and the
// progress bar drawn on stderr only when it is a terminal. Lines written
// through an output.Sink that shares the terminal with the Streams
// (ShareWith) clear the bar first, so that the two share the terminal.
package iostreams

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/damka/damka/internal/display"
)

// Streams are the standard Streams of a command, with the terminal checks
// made once (after cli/cli's iostreams): progress bars go to stderr only
// when it is a terminal, never into a log file.
type Streams struct {
	In  io.Reader
	Out io.Writer
	// Err takes messages: what is written to it has its control
	// characters escaped (display.Writer), since messages quote archive
	// text (issue 27). The progress bar draws on ErrTerm, the stream
	// itself.
	Err       io.Writer
	ErrTerm   io.Writer
	ErrIsTerm bool
	// InIsData is set when standard input is a pipe, a socket or a file:
	// data to read when no input is named, not a terminal. InIsTerm is
	// set when it is a terminal: only then is the built-in sample read
	// with no input named (issue 29, item 7: /dev/null under cron is
	// neither, and reads nothing).
	InIsData bool
	InIsTerm bool

	mu  sync.Mutex
	bar *Progress // the bar on stderr, if one is shown
}

func System() *Streams {
	return &Streams{
		In:        os.Stdin,
		Out:       os.Stdout,
		Err:       display.NewWriter(os.Stderr),
		ErrTerm:   os.Stderr,
		ErrIsTerm: term.IsTerminal(int(os.Stderr.Fd())),
		InIsData:  IsData(os.Stdin),
		InIsTerm:  term.IsTerminal(int(os.Stdin.Fd())),
	}
}

// IsData tells a pipe, socket or redirected file from a terminal (or
// /dev/null, a character device: nothing to read).
func IsData(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	m := fi.Mode()
	return m&(os.ModeNamedPipe|os.ModeSocket) != 0 || m.IsRegular()
}

// Test returns Streams over buffers, for tests: standard input is
// data (a pipe) when in is not empty, else a terminal.
func Test(in string) (*Streams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &Streams{In: bytes.NewBufferString(in), Out: &out, Err: display.NewWriter(&errb), ErrTerm: &errb, InIsData: in != "", InIsTerm: in == ""}, &out, &errb
}

// BarWriter is the stream the progress bar draws on: stderr itself, not
// through the escaping of messages (the bar's carriage returns and
// erasing are its own, not archive text).
func (s *Streams) BarWriter() io.Writer {
	if s.ErrTerm != nil {
		return s.ErrTerm
	}
	return s.Err
}

// CanProgress reports whether a progress bar may be drawn on stderr.
func (s *Streams) CanProgress() bool { return s.ErrIsTerm }

// SetProgress records the bar being shown, so that other output can
// clear it first.
func (s *Streams) SetProgress(p *Progress) {
	s.mu.Lock()
	s.bar = p
	s.mu.Unlock()
}

// ClearProgress wipes the progress bar, if one is shown, so that a line
// can be written on the terminal: the bar is drawn again at its next
// update.
func (s *Streams) ClearProgress() {
	s.mu.Lock()
	b := s.bar
	s.mu.Unlock()
	b.Clear()
}

// ProgressShown reports whether a progress bar is drawn on stderr now:
// output.Sink writes the lines gathered at each Sync only then, and
// clears the bar first (ClearProgress), so that the two share the
// terminal (issue 10, item 9).
func (s *Streams) ProgressShown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bar != nil && s.bar.bar != nil
}

// Progress is a progress bar on stderr, or nothing when stderr is not a
// terminal or --quiet is given: a bar written into a log file is noise.
type Progress struct {
	// mu serialises the calls of the bar: its Clear reads the bar's state
	// without the bar's own lock, and output.Sink or a worker building the
	// endgame databases may clear it while the pipeline adds to it.
	mu   sync.Mutex
	bar  *progressbar.ProgressBar
	noun string
}

// NewProgress shows bytes read out of total (-1 when unknown) and a count.
func NewProgress(io *Streams, quiet bool, total int64, noun string) *Progress {
	if quiet || !io.CanProgress() {
		return &Progress{}
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(io.BarWriter()),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
		// No redrawing from a goroutine of the bar's own: the bar is
		// drawn only in Update, on the goroutine that writes the other
		// output, so that it can be cleared first (output.Sink).
		progressbar.OptionSetSpinnerChangeInterval(0),
	)
	p := &Progress{bar: bar, noun: noun}
	io.SetProgress(p)
	return p
}

// Update sets the bytes done and the count shown.
func (p *Progress) Update(bytes int64, count int) {
	if p.bar == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bar.Describe(fmt.Sprintf("%d %s", count, p.noun))
	p.bar.Set64(bytes)
}

// Clear removes the bar before other output; nil is no bar.
func (p *Progress) Clear() {
	if p != nil && p.bar != nil {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.bar.Clear()
	}
}

// Finish ends the bar.
func (p *Progress) Finish() {
	if p.bar != nil {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.bar.Finish()
	}
}

// Done ends the bar and forgets it.
func (p *Progress) Done(io *Streams) {
	p.Finish()
	io.SetProgress(nil)
}

// NewCountProgress shows a count of things out of total (-1 when
// unknown), their rate and the time left: "1234/8730 positions (310 positions/s) ETA".
func NewCountProgress(io *Streams, quiet bool, total int64, noun string) *Progress {
	if quiet || !io.CanProgress() {
		return &Progress{}
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(io.BarWriter()),
		progressbar.OptionSetDescription(noun),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(noun),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetSpinnerChangeInterval(0),
	)
	p := &Progress{bar: bar, noun: noun}
	io.SetProgress(p)
	return p
}

// Add counts n more things done; safe from several goroutines.
func (p *Progress) Add(n int) {
	if p.bar != nil {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.bar.Add(n)
	}
}
