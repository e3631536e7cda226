package memavail

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	text := "MemTotal:       24683520 kB\nMemFree:        21898776 kB\nMemAvailable:   23921168 kB\nBuffers:          123 kB\n"
	if n, ok := parse([]byte(text)); !ok || n != 23921168<<10 {
		t.Errorf("parse = %d, %v", n, ok)
	}
	for _, bad := range []string{"", "MemTotal: 1 kB\n", "MemAvailable: lots kB\n"} {
		if n, ok := parse([]byte(bad)); ok {
			t.Errorf("parse(%q) = %d, true", bad, n)
		}
	}
	if n, ok := Available(); ok && n == 0 {
		t.Errorf("Available() = 0, true")
	}
}

func TestCheckTables(t *testing.T) {
	const avail = 8 << 30 // 8 GiB
	for _, c := range []struct {
		mib, workers int
		want         string // "" for no error
	}{
		{16, 2, ""},
		{4096, 2, ""},
		{4097, 2, "eval: --tt 4097 MiB for each of 2 workers (-j) is 8 GiB of transposition tables, more than the 8.0 GiB of memory available (at most --tt 4096 with -j 2)"},
		{100000, 1, "eval: --tt 100000 MiB for the worker is 98 GiB of transposition tables, more than the 8.0 GiB of memory available (at most --tt 8192 with -j 1)"},
		{1 << 62, 4, "more than the 8.0 GiB"},
		{1, 1 << 20, "lower --tt"},
	} {
		err := checkTables("eval", c.mib, c.workers, avail)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%d MiB, %d workers: %v", c.mib, c.workers, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%d MiB, %d workers: %v, want %q", c.mib, c.workers, err, c.want)
		}
	}
}
