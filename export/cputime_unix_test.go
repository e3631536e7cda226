//go:build unix

package export

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used: the
// benchmarks report it per row, which the load of a shared machine
// disturbs far less than the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
