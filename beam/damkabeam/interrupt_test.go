package damkabeam

import (
	"bytes"
	"crypto/sha256"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	beamOnce sync.Once
	beamBin  string
	beamErr  error
)

// damkaBeam builds the damka-beam command, once.
func damkaBeam(t *testing.T) string {
	t.Helper()
	beamOnce.Do(func() {
		dir, err := os.MkdirTemp("", "damka-beam-cmd-")
		if err != nil {
			beamErr = err
			return
		}
		beamBin = filepath.Join(dir, "damka-beam")
		cmd := exec.Command("go", "build", "-o", beamBin, "./cmd/damka-beam")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			beamErr = err
			t.Logf("%s", out)
		}
	})
	if beamErr != nil {
		t.Fatal(beamErr)
	}
	return beamBin
}

// snapshot is the files under dir, by path, with a digest of each.
func snapshot(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	files := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[rel] = sha256.Sum256(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func sameFiles(t *testing.T, what string, want, got map[string][32]byte) {
	t.Helper()
	for p := range want {
		if _, ok := got[p]; !ok {
			t.Errorf("%s: %s is gone", what, p)
		} else if got[p] != want[p] {
			t.Errorf("%s: %s changed", what, p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: %s is new", what, p)
		}
	}
}

// TestInterruptKeepsEarlier: an interrupted damka-beam run (Ctrl-C, even
// started with SIGINT ignored as a shell's background job is, or
// SIGTERM) stops, says so, exits 130 or 143 and leaves the output
// folder's earlier datasets and summary as they were, with nothing of
// its own there or in the temporary folder (issue 44, items 2 and 11:
// it ignored SIGINT, and SIGTERM left the earlier dataset emptied).
func TestInterruptKeepsEarlier(t *testing.T) {
	bin := damkaBeam(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	start := func(args ...string) (*exec.Cmd, *bytes.Buffer) {
		// As a shell starts a job in the background: SIGINT ignored.
		cmd := exec.Command("sh", append([]string{"-c", `trap '' INT; exec "$@"`, "sh", bin, "--out", out}, args...)...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, &stderr
	}
	status := func(cmd *exec.Cmd, stderr *bytes.Buffer) int {
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if ee, ok := err.(*exec.ExitError); ok {
				return ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			return 0
		case <-time.After(60 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("damka-beam did not stop within a minute of the signal\n%s", stderr)
			return -1
		}
	}

	cmd, stderr := start("testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	if s := status(cmd, stderr); s != 0 {
		t.Fatalf("first run: exit %d\n%s", s, stderr)
	}
	before := snapshot(t, out)
	if len(before) < 4 {
		t.Fatalf("first run wrote %d files", len(before))
	}

	for _, sig := range []struct {
		sig    syscall.Signal
		name   string
		status int
	}{{syscall.SIGINT, "SIGINT", 130}, {syscall.SIGTERM, "SIGTERM", 143}} {
		cmd, stderr := start("--depth", "8", "testdata/corpus")
		// Signalled a second after the run has begun writing (its run
		// folder is there), or after 5 s.
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if runs, _ := filepath.Glob(filepath.Join(out, stagingPrefix+"*")); len(runs) > 0 {
				time.Sleep(time.Second)
				break
			}
		}
		if err := cmd.Process.Signal(sig.sig); err != nil {
			t.Fatal(err)
		}
		if s := status(cmd, stderr); s != sig.status || !strings.Contains(stderr.String(), "interrupted by "+sig.name) {
			t.Errorf("%s: exit %d (want %d)\n%s", sig.name, s, sig.status, stderr)
		}
		sameFiles(t, sig.name, before, snapshot(t, out))
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
}

// TestOutputChecked: an --out that is a file, an input folder, inside
// one or holding one is refused with exit status 2, and nothing is
// removed (issue 44, item 11: a user's file in an input folder given as
// --out was deleted, and an --out that is a file exited 3).
func TestOutputChecked(t *testing.T) {
	bin := damkaBeam(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "games")
	if err := os.MkdirAll(filepath.Join(in, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	game := "[GameType \"25\"]\n\n1. c3-d4 f6-g5 *\n"
	summary := filepath.Join(in, "summary.txt") // the user's, and an input
	for _, f := range []string{filepath.Join(in, "a.pdn"), summary} {
		if err := os.WriteFile(f, []byte(game), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	for _, c := range []struct{ out, want string }{
		{file, "is a file"},
		{in, "is the input"},
		{in + "/", "is the input"},
		{filepath.Join(in, "sub"), "inside the input folder"},
		{dir, "holds the input"},
	} {
		cmd := exec.Command(bin, "--out", c.out, in)
		cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
		b, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(b), c.want) {
			t.Errorf("--out %s: %v (want exit status 2, %q)\n%s", c.out, err, c.want, b)
		}
	}
	sameFiles(t, "refused runs", before, snapshot(t, dir))
}
