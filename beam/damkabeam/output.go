package damkabeam

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// ErrOutput marks an output folder that cannot be used: a file where
// the folder is wanted, or a folder that is, holds or lies in one of the
// inputs. Nothing is made or removed then (damka-beam exits 2, as damka
// does for such an output).
var ErrOutput = errors.New("unusable output folder")

// CheckOutput checks a local output folder against the inputs before a
// run: it must be a folder or not exist, and must not be an input, hold
// one, or lie inside an input folder, where the run's files would be
// walked as inputs and an earlier run's cleaned away with the user's.
// Outputs and inputs on other filesystems (gs://, s3://) are not checked.
func CheckOutput(out string, inputs []string) error {
	if isURL(out) {
		return nil
	}
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		return fmt.Errorf("%w: --out %s is a file, not a folder", ErrOutput, out)
	}
	o := resolve(out)
	for _, in := range inputs {
		if isURL(in) {
			continue
		}
		matches := []string{in}
		if hasGlob(in) {
			matches, _ = filepath.Glob(in)
		}
		for _, m := range matches {
			i := resolve(m)
			switch {
			case i == o:
				return fmt.Errorf("%w: --out %s is the input %s", ErrOutput, out, m)
			case within(i, o):
				return fmt.Errorf("%w: --out %s holds the input %s (a run replaces the files of its output folder)", ErrOutput, out, m)
			case within(o, i):
				return fmt.Errorf("%w: --out %s is inside the input folder %s (its files would be read as inputs)", ErrOutput, out, m)
			}
		}
	}
	return nil
}

// resolve is a path made absolute, with the symbolic links of its
// longest existing part followed, so that two names of one folder
// compare equal.
func resolve(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for dir := abs; ; {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// within tells whether path p lies inside folder dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Staging is a run's own folder inside a local output folder: the
// workers write the datasets and the summary there, and Commit moves
// them into the output folder, in place of an earlier run's, once the
// run is whole; Abort removes it. A run that fails or is interrupted so
// leaves the output folder as it was (issue 44, item 2). On other
// filesystems (gs://, s3://) a run writes in place (Dir is Out): give
// each run a new folder there.
type Staging struct {
	Out  string // the output folder, as given
	Dir  string // where the workers write: Options.Out of the run
	made bool   // the output folder was made by this run
}

// stagingPrefix starts the name of a run's folder in the output folder:
// .damka-beam-run-PID-RANDOM.
const stagingPrefix = ".damka-beam-run-"

// Stage makes a run's folder in the local output folder out (made if
// missing), after removing the folders of earlier runs whose process is
// gone (killed before they could remove their own).
func Stage(out string) (*Staging, error) {
	if isURL(out) {
		return &Staging{Out: out, Dir: out}, nil
	}
	s := &Staging{Out: out}
	if _, err := os.Stat(out); errors.Is(err, fs.ErrNotExist) {
		s.made = true
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	removeStale(out)
	dir, err := os.MkdirTemp(out, stagingPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		s.Abort()
		return nil, err
	}
	if s.Dir, err = filepath.Abs(dir); err != nil {
		s.Dir = dir
	}
	return s, nil
}

// removeStale removes the run folders in out of processes that no longer
// run.
func removeStale(out string) {
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), stagingPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() || alive(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(out, e.Name()))
	}
}

// alive tells whether a process of that PID runs (or may: one of
// another user's answers EPERM).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Commit replaces the output folder's datasets and summary, an earlier
// run's, with the run's (CleanOutput, then the run's files moved in, the
// summary last) and removes the run's folder.
func (s *Staging) Commit() error {
	if s.Dir == s.Out {
		return nil
	}
	var files []string
	err := filepath.WalkDir(s.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, err := filepath.Rel(s.Dir, p)
			if err != nil {
				return err
			}
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The summary says the run is whole: it comes last.
	summaryLast := func(rel string) int {
		if strings.HasPrefix(rel, "summary.") {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(files, func(a, b string) int { return summaryLast(a) - summaryLast(b) })
	if err := CleanOutput(s.Out); err != nil {
		return err
	}
	for _, rel := range files {
		dst := filepath.Join(s.Out, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(s.Dir, rel), dst); err != nil {
			return err
		}
	}
	return os.RemoveAll(s.Dir)
}

// Abort removes the run's folder, and the output folder when the run
// made it and it is empty.
func (s *Staging) Abort() {
	if s.Dir != s.Out && s.Dir != "" {
		os.RemoveAll(s.Dir)
	}
	if s.made {
		os.Remove(s.Out)
	}
}
