// Command damka turns draughts game archives into clean, verified,
// analysed data. See README.md and docs/commands/ for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/damka/damka/internal/atomicfile"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/interrupt"
	"github.com/damka/damka/internal/iostreams"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

func main() {
	ctx, stop := interrupt.Context()
	code := Main(ctx)
	stop()
	os.Exit(int(code))
}

// exitCode is the process exit status.
type exitCode int

// Exit statuses, the same for every command (see the root command's help).
const (
	exitOK       exitCode = pipeline.ExitOK       // done: every game checked, none with an error
	exitFindings exitCode = pipeline.ExitFindings // done, but a game had an error or could not be checked, or a line was bad
	exitInput    exitCode = pipeline.ExitInput    // an input could not be read at all, or bad usage
	exitWrite    exitCode = 3                     // an output could not be written (disk full, I/O error): outputs left as they were
	// An interrupt exits 128 + the signal's number, as shells do: 130 for
	// SIGINT (Ctrl-C), 143 for SIGTERM.
)

// exitError carries an exit status other than 2 out of a command, with
// the message exitStatus prints, if any.
type exitError struct {
	code exitCode
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// Main runs the command line and maps its error to an exit status once.
func Main(ctx context.Context) exitCode {
	io := iostreams.System()
	commits := atomicfile.Commits()
	err := execute(ctx, io, nil)
	stopProfiles(io)
	return exitStatus(io, ctx, err, atomicfile.Commits() > commits)
}

// execute runs the command line args (the process's when nil) on io.
// Everything written to standard output goes through one checked sink,
// with no buffer of its own (the bytes come out when they are written,
// as before): cobra's help and version, the lines of perft, the
// summaries, and the buffered sinks of the commands over it. A write
// that failed, even one whose error a writer dropped, is an output that
// could not be written: the error says so, and the status is 3.
func execute(ctx context.Context, io *streams, args []string) error {
	stdout := output.Through(io.Out, output.StdoutName)
	io.Out = stdout
	root := newRootCommand(io)
	if args != nil {
		root.SetArgs(args)
	}
	err := root.ExecuteContext(ctx)
	return withStdout(err, stdout.Close())
}

// withStdout is the error of a command (err, nil when it succeeded) once
// standard output is closed with the error serr: a write to standard
// output that failed makes the status 3 (the output is lost), whatever
// the command returned, unless its error says so already. Its message is
// the write's, after the command's own when it has one.
func withStdout(err, serr error) error {
	if serr == nil || (err != nil && statusOf(err) == exitWrite) {
		return err
	}
	var ee *exitError
	if err == nil || (errors.As(err, &ee) && ee.err == nil) {
		return serr
	}
	return &exitError{code: exitWrite, err: fmt.Errorf("%w; %w", err, serr)}
}

// exitStatus prints the error of a command, if it has one to print, and
// returns the exit status. committed tells that the command put its
// output files in place: an interrupt that came after that did not stop
// the run, which exits with its own status (issue 44, item 4: it said
// that no output file was written).
func exitStatus(io *streams, ctx context.Context, err error, committed bool) exitCode {
	if err == nil {
		return exitOK // done, even if a signal came at the very end
	}
	if intr, ok := interrupt.Cause(ctx); ok {
		io.ClearProgress()
		switch {
		case !committed:
			fmt.Fprintf(io.Err, "damka: %s; no output file was written or changed\n", intr)
			return exitCode(intr.Status())
		case errors.Is(err, context.Canceled):
			fmt.Fprintf(io.Err, "damka: %s after the output files were written: they are whole\n", intr)
			return exitCode(intr.Status())
		}
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(io.Err, "damka:", display.Text(ee.err.Error()))
		}
	} else {
		fmt.Fprintln(io.Err, "damka:", display.Text(err.Error()))
	}
	return statusOf(err)
}

// statusOf is the exit status of a command's error (not nil), the one
// mapping from errors to statuses: the status an exitError carries (1 for
// findings, from the run's counts), else 2 (bad usage, an input that
// cannot be read), and 3 for an output that could not be written
// (output.Error, which output.Run returns for every write, close or
// commit that failed; output.Mark recognises the write failures of the
// other writers: standard output's sinks, egtb's tables), however deep it
// is wrapped. Commands return their errors as they are; only a
// status other than 2 needs an exitError.
func statusOf(err error) exitCode {
	code := exitInput
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if code == exitInput && output.Failed(output.Mark(err)) {
		return exitWrite
	}
	return code
}
