package output

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"syscall"

	"github.com/damka/damka/pipeline"
)

// Error is an output that could not be written: a write, a close or a
// commit of an output that failed (disk full, an I/O error, a read-only
// file system, standard output closed). Its message is its cause's. The
// command line maps it to exit status 3: the run read its inputs, the
// fault is the output's, and the output files were left as they were.
type Error struct{ Err error }

func (e *Error) Error() string { return e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

// Failed reports whether err is, or wraps, an *Error.
func Failed(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// Mark returns err as an *Error when it is an output's write failing: a
// write, sync, rename or close of a file that failed, or a file system
// that is full, read-only or failing; other errors, and nil, as they
// are.
func Mark(err error) error {
	if err == nil || Failed(err) || !isWrite(err) {
		return err
	}
	return &Error{err}
}

// mustMark returns err, not nil, as an *Error whatever it is: what
// fails in a close or a commit is an output.
func mustMark(err error) error {
	if err == nil || Failed(err) {
		return err
	}
	return &Error{err}
}

// isWrite reports whether err is an output's write failing (Mark).
func isWrite(err error) bool {
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

// Closer ends one writer of a run once every game is in, given the run's
// counts: a table's footer, the spooled games copied to their archive, a
// report written, standard output flushed.
type Closer func(pipeline.Counts) error

// Close is the Closer of c: its Close, whatever the counts.
func Close(c interface{ Close() error }) Closer {
	return func(pipeline.Counts) error { return c.Close() }
}

// Run is the whole of a run into the outputs of set: pipeline.Run of in
// with opts, each game's result handed to add in input order; then, once
// every game is in, the closers in the order given, the buffers of the
// set (Set.Buffer) flushed, its sinks of standard output (Set.Stdout)
// closed, and the files put in place together (a run that could read no
// input writes nothing, and says so). written tells that they were. A write, close or commit that
// fails is returned as an *Error (add's own errors when they are writes:
// Mark), and the set is left as it was; so is it when the run fails
// (an input, an interrupt: that error as it is). A set opened with no
// output is not committed.
func Run(ctx context.Context, in *pipeline.Inputs, opts pipeline.Options, set *Set, add func(*pipeline.Result) error, closers ...Closer) (counts pipeline.Counts, written bool, err error) {
	defer set.abort()
	counts, err = pipeline.Run(ctx, in, opts, func(res *pipeline.Result) error {
		return Mark(add(res))
	})
	if err != nil {
		set.closeSinks()
		return counts, false, err
	}
	written, err = set.finish(counts, closers)
	return counts, written, err
}

// closeSinks closes the sinks of standard output of a run that failed:
// the lines printed before are written; a write error is the run's, or
// comes after it.
func (o *Set) closeSinks() {
	for _, s := range o.sinks {
		s.Close()
	}
}

// Write is Run for a command that reads no games (damka diagram): write
// writes the files (its write failures are marked, as Mark does), and
// then the closers, the buffers and the commit follow as in Run.
func Write(set *Set, write func() error, closers ...Closer) error {
	defer set.abort()
	if err := Mark(write()); err != nil {
		set.closeSinks()
		return err
	}
	_, err := set.finish(pipeline.Counts{Games: 1}, closers)
	return err
}

// finish closes, flushes and commits.
func (o *Set) finish(counts pipeline.Counts, closers []Closer) (bool, error) {
	for _, c := range closers {
		if err := c(counts); err != nil {
			o.closeSinks()
			return false, mustMark(err)
		}
	}
	for _, b := range o.buffers {
		if err := b.Buf.Flush(); err != nil {
			o.closeSinks()
			return false, mustMark(err)
		}
	}
	for _, s := range o.sinks {
		if err := s.Close(); err != nil {
			return false, mustMark(err)
		}
	}
	if len(o.outs) == 0 {
		return false, nil
	}
	written, err := o.commitRead(counts.Games, counts.InputErrors)
	return written, mustMark(err)
}
