package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Temporary files a killed process left (kill -9: no deferred Abort, no
// Cleanup) are removed by the next Create of the same file, once their
// process is gone (issue 29, item 9); those of a running process, and
// files that only look alike, stay.
func TestStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "moves.parquet")

	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	alive := exec.Command("sleep", "60")
	if err := alive.Start(); err != nil {
		t.Skip("no sleep(1):", err)
	}
	defer alive.Process.Kill()

	mk := func(name string, age time.Duration) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
		then := time.Now().Add(-age)
		os.Chtimes(p, then, then)
		return p
	}
	pid := func(c *exec.Cmd) string { return strconv.Itoa(c.Process.Pid) }
	gone := []string{
		mk(".moves.parquet.tmp-"+pid(dead)+"-123456", 0),
		mk(".moves.parquet.tmp-2419712345", 48*time.Hour), // the older form, two days old
	}
	kept := []string{
		mk(".moves.parquet.tmp-"+pid(alive)+"-654321", 0), // another damka, writing
		mk(".moves.parquet.tmp-3419712345", time.Minute),  // the older form, young
		mk(".moves.parquet.tmp-notes", 48*time.Hour),      // not a name of ours
		mk(".games.parquet.tmp-"+pid(dead)+"-123456", 0),  // another file's: its own Create cleans it
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("whole")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, p := range gone {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s left behind", filepath.Base(p))
		}
	}
	for _, p := range kept {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "whole" {
		t.Errorf("file %q", b)
	}
}
