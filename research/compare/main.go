// Command compare measures a damka binary against an older one, side by
// side, on the commands whose speed matters (make compare; issue 49):
//
//	check   damka check -q -j J --json ARCHIVE   (standard output kept)
//	clean   damka clean -j J -o OUT --rejects REJ ARCHIVE
//	export  damka export -j J -o DIR ARCHIVE
//	perft   damka perft --depth D
//
// At the repository's root (the default paths name its files), after
// make research, which builds the tools of research/ into bin/research:
//
//	bin/research/compare -old /tmp/old/damka -new bin/damka \
//		-archive /tmp/big.pdn [-pairs 7] [-j 1] [-perft 10] [-run check,clean,export,perft]
//
// First each command runs once with each binary and the outputs are
// compared byte for byte: check's standard output, clean's archive and
// rejects, every file of the export folder, perft's counts (its
// seconds left out). A difference is printed and makes the exit status 1
// (export files carry damka's version in their metadata: build both
// binaries with the same one, a plain go build says "dev", for them to be
// equal).
//
// Then, for each command, -pairs pairs of runs, the two binaries in turn
// and the order swapped from one pair to the next (old new, new old, ...),
// after one warm-up run of each. A run's CPU time is the operating
// system's user and system time of the finished process, its wall time a
// monotonic clock around it. The ratios old/new are taken pair by pair
// (above 1: the new binary is faster) and printed as their median with the
// smallest and largest, and the geometric mean; the medians of the times
// themselves follow. The machine may be shared: a wide spread says it was
// noisy, and only the ratios of a call are meant to be read together.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	oldBin := flag.String("old", "", "the old damka binary (required)")
	newBin := flag.String("new", "bin/damka", "the new damka binary")
	archive := flag.String("archive", "", "the PDN archive check, clean and export read (required unless -run is perft only)")
	pairs := flag.Int("pairs", 7, "pairs of runs (old and new in turn) per command")
	jobs := flag.Int("j", 1, "the commands' -j")
	depth := flag.Int("perft", 11, "perft's depth (from the start, Russian)")
	runList := flag.String("run", "check,clean,export,perft", "the commands to measure, comma-separated")
	tmp := flag.String("tmp", "", "folder for the outputs (default: a new one under the system's temporary folder, removed at the end)")
	flag.Parse()
	if err := run(*oldBin, *newBin, *archive, *pairs, *jobs, *depth, *runList, *tmp); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(2)
	}
	if differed {
		os.Exit(1)
	}
}

// differed is set when the two binaries' outputs differ.
var differed bool

// A workload is one command line, run in a folder of its own (dir),
// whose outputs (files under dir, and standard output when stdout is
// true) are compared between the binaries.
type workload struct {
	name   string
	args   func(dir string) []string
	stdout bool
	// perft: compare only the first two columns of each line.
	perft bool
}

func workloads(archive string, jobs, depth int) []workload {
	j := strconv.Itoa(jobs)
	return []workload{
		{name: "check", stdout: true, args: func(string) []string {
			return []string{"check", "-q", "-j", j, "--json", archive}
		}},
		{name: "clean", args: func(dir string) []string {
			return []string{"clean", "-q", "-j", j, "-o", filepath.Join(dir, "clean.pdn"), "--rejects", filepath.Join(dir, "rejects.pdn"), archive}
		}},
		{name: "export", args: func(dir string) []string {
			return []string{"export", "-q", "-j", j, "-o", filepath.Join(dir, "export"), archive}
		}},
		{name: "perft", stdout: true, perft: true, args: func(string) []string {
			return []string{"perft", "--depth", strconv.Itoa(depth)}
		}},
	}
}

func run(oldBin, newBin, archive string, pairs, jobs, depth int, runList, tmp string) error {
	if oldBin == "" {
		return errors.New("-old is required")
	}
	if pairs < 1 {
		return errors.New("-pairs must be at least 1")
	}
	var chosen []workload
	for _, name := range strings.Split(runList, ",") {
		i := slices.IndexFunc(workloads(archive, jobs, depth), func(w workload) bool { return w.name == strings.TrimSpace(name) })
		if i < 0 {
			return fmt.Errorf("-run: unknown command %q (check, clean, export, perft)", name)
		}
		w := workloads(archive, jobs, depth)[i]
		if w.name != "perft" && archive == "" {
			return fmt.Errorf("%s needs -archive", w.name)
		}
		chosen = append(chosen, w)
	}
	for _, b := range []string{oldBin, newBin} {
		if _, err := os.Stat(b); err != nil {
			return err
		}
	}
	if tmp == "" {
		dir, err := os.MkdirTemp("", "damka-compare-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		tmp = dir
	}
	bins := [2]string{oldBin, newBin}
	fmt.Printf("old: %s\nnew: %s\n", oldBin, newBin)
	if archive != "" {
		fmt.Printf("archive: %s\n", archive)
	}
	fmt.Printf("%d pairs a command, in turn (old new, new old, ...), after a warm-up run of each; ratio = old/new, above 1: new is faster\n\n", pairs)
	fmt.Printf("%-7s %-5s %28s %9s   %10s %10s\n", "command", "time", "ratio: median (min - max)", "geomean", "old median", "new median")
	for _, w := range chosen {
		var dirs [2]string
		var outs [2][]byte
		for k, b := range bins {
			dirs[k] = filepath.Join(tmp, w.name+[]string{"-old", "-new"}[k])
			if err := os.RemoveAll(dirs[k]); err != nil {
				return err
			}
			if err := os.MkdirAll(dirs[k], 0o755); err != nil {
				return err
			}
			r, err := once(b, w, dirs[k], true)
			if err != nil {
				return err
			}
			outs[k] = r.out
		}
		if diff := compareOutputs(w, dirs, outs); diff != "" {
			differed = true
			fmt.Printf("%-7s outputs DIFFER: %s\n", w.name, diff)
		}
		var cpu, wall [2][]float64
		var rc, rw []float64
		for p := 0; p < pairs; p++ {
			order := [2]int{0, 1}
			if p%2 == 1 {
				order = [2]int{1, 0}
			}
			var r [2]result
			for _, k := range order {
				var err error
				if r[k], err = once(bins[k], w, dirs[k], false); err != nil {
					return err
				}
			}
			for k := range 2 {
				cpu[k] = append(cpu[k], r[k].cpu)
				wall[k] = append(wall[k], r[k].wall)
			}
			rc = append(rc, r[0].cpu/r[1].cpu)
			rw = append(rw, r[0].wall/r[1].wall)
		}
		fmt.Printf("%-7s %-5s %s   %9.3f s %9.3f s\n", w.name, "cpu", stats(rc), median(cpu[0]), median(cpu[1]))
		fmt.Printf("%-7s %-5s %s   %9.3f s %9.3f s\n", "", "wall", stats(rw), median(wall[0]), median(wall[1]))
	}
	return nil
}

type result struct {
	cpu, wall float64 // seconds
	out       []byte  // standard output, when kept
}

// once runs one workload with one binary, the first time (keep) keeping
// its standard output for the comparison; a run ends with status 0 or 1
// (1: an archive with errors), any other is an error.
func once(bin string, w workload, dir string, keep bool) (result, error) {
	cmd := exec.Command(bin, w.args(dir)...)
	var out, stderr bytes.Buffer
	if keep && w.stdout {
		cmd.Stdout = &out
	}
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start).Seconds()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		return result{}, fmt.Errorf("%s %s: %v: %s", bin, strings.Join(w.args(dir), " "), err, strings.TrimSpace(stderr.String()))
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	return result{cpu: cpu, wall: wall, out: out.Bytes()}, nil
}

// compareOutputs says how the two binaries' outputs differ ("" if not).
func compareOutputs(w workload, dirs [2]string, outs [2][]byte) string {
	if w.perft {
		outs[0], outs[1] = perftCounts(outs[0]), perftCounts(outs[1])
	}
	if !bytes.Equal(outs[0], outs[1]) {
		return fmt.Sprintf("standard output (%d against %d bytes)", len(outs[0]), len(outs[1]))
	}
	var files [2][]string
	for k := range 2 {
		filepath.WalkDir(dirs[k], func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dirs[k], path)
				files[k] = append(files[k], rel)
			}
			return err
		})
	}
	if !slices.Equal(files[0], files[1]) {
		return fmt.Sprintf("files %v against %v", files[0], files[1])
	}
	for _, f := range files[0] {
		a, err1 := os.ReadFile(filepath.Join(dirs[0], f))
		b, err2 := os.ReadFile(filepath.Join(dirs[1], f))
		if err := errors.Join(err1, err2); err != nil {
			return err.Error()
		}
		if !bytes.Equal(a, b) {
			return fmt.Sprintf("%s (%d against %d bytes)", f, len(a), len(b))
		}
	}
	return ""
}

// perftCounts keeps the depth and count of each line of perft's output.
func perftCounts(out []byte) []byte {
	var b bytes.Buffer
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) >= 2 {
			fmt.Fprintln(&b, f[0], f[1])
		}
	}
	return b.Bytes()
}

func stats(r []float64) string {
	g := 0.0
	for _, x := range r {
		g += math.Log(x)
	}
	return fmt.Sprintf("%28s %9.3f", fmt.Sprintf("%.3f (%.3f - %.3f)", median(r), slices.Min(r), slices.Max(r)), math.Exp(g/float64(len(r))))
}

func median(x []float64) float64 {
	s := slices.Sorted(slices.Values(x))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
