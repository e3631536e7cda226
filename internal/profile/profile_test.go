package profile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --trace writes an execution trace that go tool trace reads (it starts
// with the trace header), and a file that cannot be made is an error
// naming the flag.
func TestTrace(t *testing.T) {
	dir := t.TempDir()
	p := Profiles{Trace: filepath.Join(dir, "run.trace")}
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan int)
	go func() { done <- 1 }()
	<-done
	if err := p.Stop(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p.Trace)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("go 1.")) || !bytes.Contains(b[:16], []byte(" trace")) {
		t.Errorf("not a trace: %q", b[:min(len(b), 16)])
	}
	if err := p.Stop(); err != nil { // a second Stop writes nothing more
		t.Fatal(err)
	}
	bad := Profiles{Trace: filepath.Join(dir, "no", "such", "dir", "run.trace")}
	if err := bad.Start(); err == nil || !strings.Contains(err.Error(), "--trace") {
		t.Errorf("trace into a missing folder: %v", err)
	}
}
