package main

import (
	"bytes"
	"io"
	"os"

	"golang.org/x/term"
)

// streams are the standard streams of a command, with the terminal checks
// made once (after cli/cli's iostreams): progress bars go to stderr only
// when it is a terminal, never into a log file.
type streams struct {
	In        io.Reader
	Out       io.Writer
	Err       io.Writer
	errIsTerm bool
}

func systemStreams() *streams {
	return &streams{
		In:        os.Stdin,
		Out:       os.Stdout,
		Err:       os.Stderr,
		errIsTerm: term.IsTerminal(int(os.Stderr.Fd())),
	}
}

// testStreams returns streams over buffers, for tests.
func testStreams(in string) (*streams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &streams{In: bytes.NewBufferString(in), Out: &out, Err: &errb}, &out, &errb
}

// CanProgress reports whether a progress bar may be drawn on stderr.
func (s *streams) CanProgress() bool { return s.errIsTerm }
