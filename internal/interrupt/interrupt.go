// Package interrupt turns SIGINT and SIGTERM into the cancellation of a
// command's context, keeping the signal as the cause so that the exit
// status can say which it was (128 + its number, as shells do), and makes
// sure a command that does not stop in time still leaves no temporary
// file behind.
package interrupt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/damka/damka/internal/atomicfile"
)

// Signal is the cause of a context cancelled by a signal.
type Signal struct{ Sig syscall.Signal }

func (i Signal) Error() string { return "interrupted by " + name(i.Sig) }

// Is makes an interrupt a cancellation for errors.Is(err, context.Canceled).
func (i Signal) Is(target error) bool { return target == context.Canceled }

// Status is the exit status of a process stopped by the signal.
func (i Signal) Status() int { return 128 + int(i.Sig) }

func name(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// Cause returns the signal that cancelled ctx, if one did.
func Cause(ctx context.Context) (Signal, bool) {
	var s Signal
	ok := errors.As(context.Cause(ctx), &s)
	return s, ok
}

// ForceAfter is how long a command has to stop after an interrupt before
// its temporary files are removed and the process exits anyway (a read
// blocked on a terminal, a long search): a second interrupt does it at
// once.
const ForceAfter = 3 * time.Second

// Context is signal.NotifyContext for SIGINT and SIGTERM, with the signal
// kept as the context's cause (Cause). After the first signal, a second
// one, or ForceAfter, removes every temporary file still open
// (atomicfile.Cleanup) and exits. stop releases the signals.
func Context() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	commits := atomicfile.Commits()
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		var sig syscall.Signal
		select {
		case s := <-ch:
			sig = s.(syscall.Signal)
			cancel(Signal{sig})
		case <-done:
			return
		}
		select {
		case <-ch:
		case <-time.After(ForceAfter):
		case <-done:
			return
		}
		atomicfile.Cleanup() // waits for a commit putting files in place
		said := "nothing was written"
		if atomicfile.Commits() > commits {
			said = "after the output files were written: they are whole"
		}
		fmt.Fprintf(os.Stderr, "damka: %s; stopped at once, %s\n", Signal{sig}, said)
		os.Exit(Signal{sig}.Status())
	}()
	return ctx, func() {
		close(done)
		signal.Stop(ch)
		cancel(nil)
	}
}
