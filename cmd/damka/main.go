// Command damka turns draughts game archives into clean, verified,
// analysed data. See README.md for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/damka/damka/internal/atomicfile"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/iostreams"
	"github.com/damka/damka/pipeline"
)

func main() {
	ctx, stop := interruptContext()
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

// exitError carries an exit status out of a command; its message, if any,
// has been printed already.
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

// interrupted is the cause of a context cancelled by a signal.
type interrupted struct{ sig syscall.Signal }

func (i interrupted) Error() string { return "interrupted by " + signalName(i.sig) }

// Is makes an interrupt a cancellation for errors.Is(err, context.Canceled).
func (i interrupted) Is(target error) bool { return target == context.Canceled }

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// forceAfter is how long a command has to stop after an interrupt before
// damka removes its temporary files and exits anyway (a read blocked on a
// terminal, a long search): a second interrupt does it at once.
const forceAfter = 3 * time.Second

// interruptContext is signal.NotifyContext for SIGINT and SIGTERM, with
// the signal kept as the context's cause, so that the exit status can say
// which it was. After the first signal, a second one, or forceAfter,
// removes every temporary file still open and exits.
func interruptContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		var sig syscall.Signal
		select {
		case s := <-ch:
			sig = s.(syscall.Signal)
			cancel(interrupted{sig})
		case <-done:
			return
		}
		select {
		case <-ch:
		case <-time.After(forceAfter):
		case <-done:
			return
		}
		atomicfile.Cleanup()
		fmt.Fprintf(os.Stderr, "damka: %s; stopped at once, nothing was written\n", interrupted{sig})
		os.Exit(128 + int(sig))
	}()
	return ctx, func() {
		close(done)
		signal.Stop(ch)
		cancel(nil)
	}
}

// Main runs the command line and maps its error to an exit status once.
func Main(ctx context.Context) exitCode {
	io := iostreams.System()
	root := newRootCommand(io)
	err := root.ExecuteContext(ctx)
	stopProfiles(io)
	return exitStatus(io, ctx, err)
}

// exitStatus prints the error of a command, if it has one to print, and
// returns the exit status.
func exitStatus(io *streams, ctx context.Context, err error) exitCode {
	if err == nil {
		return exitOK // done, even if a signal came at the very end
	}
	var intr interrupted
	if errors.As(context.Cause(ctx), &intr) {
		io.ClearProgress()
		fmt.Fprintf(io.Err, "damka: %s; no output file was written or changed\n", intr)
		return exitCode(128 + int(intr.sig))
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

// statusOf is the exit status of a command's error (not nil): the one
// it carries, else 2; and 3 for a write that failed (writeFailure),
// wherever it was chosen.
func statusOf(err error) exitCode {
	code := exitInput
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if code == exitInput && writeFailure(err) {
		return exitWrite
	}
	return code
}

// writeFailure reports whether err is an output's write failing: a
// write, sync, rename or close of a file that failed, or a file system
// that is full, read-only or failing. Such a run read its inputs; the
// status says the fault is the output's, not the input's nor the command
// line's (exit 2), and the outputs were left as they were.
func writeFailure(err error) bool {
	for _, errno := range []syscall.Errno{syscall.ENOSPC, syscall.EDQUOT, syscall.EFBIG, syscall.EIO, syscall.EROFS} {
		if errors.Is(err, errno) {
			return true
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		switch pe.Op {
		case "write", "sync", "rename", "close":
			return true
		}
	}
	var le *os.LinkError
	return errors.As(err, &le) && le.Op == "rename"
}
