// Command damka turns draughts game archives into clean, verified,
// analysed data. See README.md for the commands.
package main

import (
	"errors"
	"fmt"
	"os"
)

func main() { os.Exit(int(Main())) }

// exitCode is the process exit status.
type exitCode int

// Exit statuses, the same for every command.
const (
	exitOK       exitCode = 0 // done, nothing wrong
	exitFindings exitCode = 1 // done, but a game had an error finding or a line was bad
	exitInput    exitCode = 2 // an input could not be read at all, or bad usage
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

// Main runs the command line and maps its error to an exit status once.
func Main() exitCode {
	io := systemStreams()
	root := newRootCommand(io)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(io.Err, "damka:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(io.Err, "damka:", err)
	return exitInput
}
