package pipeline

import (
	"strings"
	"testing"
	"time"
)

// The summary splits the time: the workers' stages, the emit goroutine's
// appending and waiting, and the encoders'.
func TestTimingString(t *testing.T) {
	s := &Timing{Start: time.Now(), Write: 100 * time.Millisecond, Waited: 100 * time.Millisecond,
		Final: 150 * time.Millisecond, Encode: 1200 * time.Millisecond}
	s.Run.Workers, s.Run.Sink = 2, 200*time.Millisecond
	s.Run.Read.Store(int64(80 * time.Millisecond))
	s.Run.Replay.Store(int64(330 * time.Millisecond))
	s.Run.Prepare.Store(int64(170 * time.Millisecond))
	got := s.String()
	for _, want := range []string{"reading 0.08s, replay 0.33s, preparing rows 0.17s (summed over 2 workers); ",
		"appending rows 0.05s, waiting for the encoders 0.10s, final flush 0.15s; encoding 1.20s (summed over the encoding goroutines)"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q does not contain %q", got, want)
		}
	}
	s = &Timing{Start: time.Now(), Write: 250 * time.Millisecond}
	s.Run.Workers = 1
	if got := s.String(); !strings.HasSuffix(got, "replay 0.00s (summed over 1 workers); writing 0.25s") {
		t.Errorf("without encoders: %q", got)
	}
}
