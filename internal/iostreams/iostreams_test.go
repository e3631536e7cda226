package iostreams

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a terminal stand-in that many goroutines may write.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// TestProgressClearWhileAdding: the bar is cleared (a worker's message,
// output.Sink) while other goroutines count on it; under the race
// detector (make race) this failed while Clear reached the bar without
// a lock.
func TestProgressClearWhileAdding(t *testing.T) {
	var term lockedBuffer
	s := &Streams{Err: &term, ErrTerm: &term, ErrIsTerm: true}
	p := NewCountProgress(s, false, 4000, "positions")
	if !s.ProgressShown() {
		t.Fatal("no bar on a terminal")
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for range 1000 {
				p.Add(1)
			}
		}()
		go func() {
			defer wg.Done()
			for range 200 {
				s.ClearProgress()
			}
		}()
	}
	wg.Wait()
	p.Done(s)
	if s.ProgressShown() {
		t.Error("the bar is still shown after Done")
	}
	term.mu.Lock()
	defer term.mu.Unlock()
	if !strings.Contains(term.b.String(), "positions") {
		t.Errorf("the bar never drew: %q", term.b.String())
	}
}
