package damkabeam

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/damka/damka/internal/rowset"
)

// TestPortable runs damka-beam as a cluster runs it: the binary submits
// the pipeline to a job server (Prism's, started as a program of its
// own, as Flink's or Spark's job server would be) with the universal
// runner, and the job server runs it in worker processes started by the
// Go SDK's boot program (the entry point of the SDK's container,
// environment PROCESS), which fetch the staged worker binary and run
// it. Every element crosses process boundaries, encoded, and every
// DoFn is rebuilt on the worker from its registered type and its JSON:
// the path of Flink, Spark and Dataflow but for their machines. The rows
// must be those of damka analyze, here partitioned.
func TestPortable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three programs: not with -short")
	}
	bin := t.TempDir()
	// damka-beam, the SDK's boot program (package container) and Prism's
	// job server, at the versions of go.mod (tools of this module).
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator),
		"./cmd/damka-beam", "github.com/apache/beam/sdks/v2/go/container", "github.com/apache/beam/sdks/v2/go/cmd/prism")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	beamBin := filepath.Join(bin, "damka-beam")
	endpoint := startJobServer(t, filepath.Join(bin, "prism"))

	// Prism (v2.77.0) starts a PROCESS environment's command with
	// --id='ID', the quotes in the argument, and the boot program would
	// ask for a worker of that name; the wrapper takes them off, and
	// keeps the boot's files in the test's folder.
	persist := t.TempDir()
	wrapper := filepath.Join(bin, "boot.sh")
	script := fmt.Sprintf(`#!/bin/sh
id=""; prov=""
for a in "$@"; do
  case "$a" in
    --id=*) id=${a#--id=}; id=${id#\'}; id=${id%%\'} ;;
    --provision_endpoint=*) prov=${a#--provision_endpoint=} ;;
  esac
done
exec %q --semi_persist_dir=%q --id="$id" --provision_endpoint="$prov"
`, filepath.Join(bin, "container"), persist)
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	t.Cleanup(func() { removeWorkerCopies(t, beamBin, started) })

	dir := t.TempDir()
	in := []string{"testdata/validate", "testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn"}
	out := filepath.Join(dir, "beam")
	args := append([]string{"--runner=universal", "--endpoint=" + endpoint,
		"--environment_type=PROCESS", `--environment_config={"command":"` + wrapper + `"}`, "--worker_binary=" + beamBin,
		"--job_name=damka-portable-test",
		"--out", out, "--depth", "2", "--partition-by", "variant,year", "--games-per-shard", "40", "--buckets", "3"}, in...)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	run := exec.CommandContext(ctx, beamBin, args...)
	run.Dir = repo
	var stderr bytes.Buffer
	run.Stderr = &stderr
	err := run.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		// 1, as damka check: testdata/validate has games with errors.
		t.Fatalf("damka-beam: %v (want exit status 1)\n%s", err, stderr.String())
	}
	sum, rerr := ReadSummary(context.Background(), out)
	if rerr != nil {
		t.Fatalf("%v\n%s", rerr, stderr.String())
	}
	// What damka-beam says last is the summary, as damka check says it.
	if !strings.HasSuffix(stderr.String(), sum.Text()) {
		t.Errorf("damka-beam's last words are not its summary:\n%s\nwant the end to be:\n%s", stderr.String(), sum.Text())
	}

	runDamka(t, append([]string{"analyze", "-q", "--depth", "2", "--partition-by", "variant,year", "-o", filepath.Join(dir, "damka")}, in...)...)
	var counts strings.Builder
	sum.Counts.Write(&counts)
	if check := checkSummary(t, in); counts.String() != check {
		t.Errorf("summary:\n%s\ndamka check says:\n%s", counts.String(), check)
	}
	ds := rowset.Options{Partitions: true}
	for _, table := range []string{"games", "moves", "positions"} {
		sameRowsOf(t, table, filepath.Join(dir, "damka", table), ds, filepath.Join(out, table), nil)
	}
}

// startJobServer starts Prism's job server on a free port, in a process
// group of its own (the boot programs and workers it starts are in it),
// in a folder of the test, and stops the group at the end of the test.
func startJobServer(t *testing.T, prism string) string {
	t.Helper()
	l, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(prism, fmt.Sprintf("--job_port=%d", port), "--serve_http=false", "--log_level=warn")
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// The boot programs it starts write pipeline_options.json where they
	// run.
	cmd.Dir = t.TempDir()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		if t.Failed() {
			t.Logf("job server's log:\n%s", log.String())
		}
	})
	endpoint := fmt.Sprintf("localhost:%d", port)
	for deadline := time.Now().Add(30 * time.Second); ; {
		c, err := net.Dial("tcp", endpoint)
		if err == nil {
			c.Close()
			return endpoint
		}
		if time.Now().After(deadline) {
			t.Fatalf("the job server does not answer on %s: %v\n%s", endpoint, err, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// removeWorkerCopies removes the copies of the worker binary the boot
// program makes (in /tmp/binNNN/worker, a folder it does not remove):
// the folders made since the test started that hold a file of
// damka-beam's size.
func removeWorkerCopies(t *testing.T, beamBin string, since time.Time) {
	st, err := os.Stat(beamBin)
	if err != nil {
		return
	}
	dirs, _ := filepath.Glob("/tmp/bin*")
	for _, d := range dirs {
		fi, err := os.Stat(filepath.Join(d, "worker"))
		if err != nil || fi.Size() != st.Size() || fi.ModTime().Before(since) {
			continue
		}
		entries, _ := os.ReadDir(d)
		if len(entries) == 1 {
			if err := os.RemoveAll(d); err != nil {
				t.Log(err)
			}
		}
	}
}

// checkSummary is the summary damka check gives of the inputs: from its
// "N games read" line to its speed line, left out.
func checkSummary(t *testing.T, in []string) string {
	t.Helper()
	cmd := exec.Command(damka(t), append([]string{"check"}, in...)...)
	cmd.Dir = repo
	out, err := cmd.Output()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	text := string(out)
	i := strings.Index(text, " games read: ")
	if i < 0 {
		t.Fatalf("damka check gives no summary:\n%s", text)
	}
	text = text[strings.LastIndexByte(text[:i], '\n')+1:]
	if j := strings.Index(text, " plies replayed in "); j >= 0 {
		text = text[:strings.LastIndexByte(text[:j], '\n')+1]
	}
	return text
}
