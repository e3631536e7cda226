//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// running reports whether a process of that PID runs: signal 0 checks
// without sending one. A process of another user (EPERM) runs too.
func running(pid int) bool {
	if pid <= 0 {
		return true
	}
	return !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
