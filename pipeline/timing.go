package pipeline

import (
	"fmt"
	"time"
)

// Timing is where a command's run spent its time, as its summary says:
// reading (decompressing and parsing: cutting the games, by one worker at
// a time, and building them, on the workers; summed); replay, analysis and
// preparing the rows (on the workers, summed over them); appending the
// rows in input order (on one goroutine), waiting there for the encoders
// when they are behind, and the final flush; and, on other goroutines
// while all that goes on, building, encoding and compressing the batches
// (summed over them).
type Timing struct {
	Start time.Time
	// Run is where Run spent it (Options.Times); its Sink and Write are
	// the writing, the time spent in the sink and after it; of it, Waited
	// is spent waiting for the encoders in the sink, and Final is the
	// final flush.
	Run                  RunTimes
	Write, Waited, Final time.Duration
	// Encode is the encoders' time (export.TableStats.Busy); 0 when there
	// were none.
	Encode time.Duration
}

func (s *Timing) String() string {
	d := func(n int64) string { return fmt.Sprintf("%.2fs", time.Duration(n).Seconds()) }
	out := fmt.Sprintf("%.2fs: reading %s, replay %s", time.Since(s.Start).Seconds(), d(s.Run.Read.Load()), d(s.Run.Replay.Load()))
	if a := s.Run.Analysis.Load(); a > 0 {
		out += ", analysis " + d(a)
	}
	if p := s.Run.Prepare.Load(); p > 0 {
		out += ", preparing rows " + d(p)
	}
	out += fmt.Sprintf(" (summed over %d workers); ", s.Run.Workers)
	write := s.Run.Sink + s.Write
	if s.Encode == 0 {
		return out + fmt.Sprintf("writing %.2fs", write.Seconds())
	}
	appending := write - s.Waited - s.Final
	return out + fmt.Sprintf("appending rows %.2fs, waiting for the encoders %.2fs, final flush %.2fs; encoding %.2fs (summed over the encoding goroutines)",
		appending.Seconds(), s.Waited.Seconds(), s.Final.Seconds(), s.Encode.Seconds())
}
