package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.pdn")
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("hello")
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatal("file visible before Commit")
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // no effect after Commit
	if b, err := os.ReadFile(p); err != nil || string(b) != "hello" {
		t.Fatalf("%q %v", b, err)
	}
	g, _ := Create(p)
	g.WriteString("partial")
	g.Close() // a writer closing its destination does not commit
	g.Abort()
	if b, _ := os.ReadFile(p); string(b) != "hello" {
		t.Fatalf("aborted write replaced the file: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}
