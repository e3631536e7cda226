package damkabeam

import (
	"strings"
	"testing"
)

// TestPeakMemory: the estimate covers the peaks measured (memory.go's
// table) without being more than 1.8 times them, and a run above the
// memory available is refused in one message that says what to do.
func TestPeakMemory(t *testing.T) {
	for _, m := range []struct {
		bytes int64
		depth int
		peak  float64 // GB measured
	}{
		{5_230_220, 0, 0.70}, {15_690_000, 0, 1.92}, {52_375_025, 0, 7.54},
		{5_230_220, 1, 1.25}, {15_690_000, 1, 2.78}, {52_375_025, 1, 11.48},
		{5_230_220, 3, 1.55}, {52_375_025, 3, 14.13},
	} {
		est := float64(PeakMemory(m.bytes, m.depth)) / 1e9
		if est < m.peak || est > m.peak*1.8 {
			t.Errorf("%d bytes at depth %d: estimated %.2f GB, measured %.2f GB", m.bytes, m.depth, est, m.peak)
		}
	}
	if err := CheckMemory(2<<30, 3<<30, 1e7, 3); err != nil {
		t.Errorf("within the memory available: %v", err)
	}
	err := CheckMemory(8<<30, 3<<30, 52e6, 3)
	if err == nil || !strings.Contains(err.Error(), "8.0 GiB") || !strings.Contains(err.Error(), "3.0 GiB available") || !strings.Contains(err.Error(), "--memory-check=false") {
		t.Errorf("above the memory available: %v", err)
	}
}
