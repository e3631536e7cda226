// Package memavail says how much memory the machine has at hand, so that
// a size the user asks for (damka eval and analyze --tt) is checked
// before anything is allocated or made, rather than found too big by the
// Go runtime's "fatal error: out of memory" halfway through a run.
package memavail

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// Available is the memory at hand in bytes, MemAvailable in
// /proc/meminfo (Linux: what can be allocated without swapping, page
// cache included); ok is false where that is not known (another system,
// no /proc).
func Available() (bytes uint64, ok bool) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	return parse(b)
}

// parse reads MemAvailable from the text of /proc/meminfo
// ("MemAvailable:   23921168 kB").
func parse(meminfo []byte) (uint64, bool) {
	sc := bufio.NewScanner(bytes.NewReader(meminfo))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) < 2 || string(f[0]) != "MemAvailable:" {
			continue
		}
		n, err := strconv.ParseUint(string(f[1]), 10, 64)
		if err != nil || n > 1<<53 {
			return 0, false
		}
		if len(f) >= 3 && string(f[2]) == "kB" {
			n <<= 10
		}
		return n, true
	}
	return 0, false
}

// CheckTables checks that tables of mib MiB each, one for each of
// workers, fit in the memory at hand (Available); where that is not
// known, any size passes. Its error is one line that says how much was
// asked, how much there is and the most --tt that fits, prefixed with
// cmd ("analyze", "eval").
func CheckTables(cmd string, mib, workers int) error {
	avail, ok := Available()
	if !ok {
		return nil
	}
	return checkTables(cmd, mib, workers, avail)
}

func checkTables(cmd string, mib, workers int, avail uint64) error {
	workers = max(workers, 1)
	most := avail >> 20 / uint64(workers) // MiB a worker
	if mib <= 0 || uint64(mib) <= most {
		return nil
	}
	const gib = 1 << 30
	need := float64(mib) * float64(workers) / 1024 // GiB, without overflow
	each := "for the worker"
	if workers > 1 {
		each = fmt.Sprintf("for each of %d workers (-j)", workers)
	}
	hint := "; lower --tt"
	if most >= 1 {
		hint = fmt.Sprintf(" (at most --tt %d with -j %d)", most, workers)
	}
	return fmt.Errorf("%s: --tt %d MiB %s is %.0f GiB of transposition tables, more than the %.1f GiB of memory available%s",
		cmd, mib, each, need, float64(avail)/gib, hint)
}
