package output

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/damka/damka/export"
	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/atomicfile"
	"github.com/damka/damka/internal/display"
)

// Target is one output a command was asked for: a file, a folder of
// files, or standard output ("-").
type Target struct {
	Flag  string   // "-o", "--rejects": named in messages
	Path  string   // as the user gave it
	Files []string // for a folder: the names of the files written in it
	// Datasets, for a folder: the folders of partitioned datasets in it
	// ("games", "moves"), whose files are made as the run goes.
	Datasets []string
}

// Folder reports whether the output is a folder.
func (o Target) Folder() bool { return o.Files != nil || o.Datasets != nil }

// Set is the files a run writes (the package comment).
type Set struct {
	cmd    string
	stderr io.Writer
	outs   []Target
	set    atomicfile.Set
	// The files of the datasets: those an earlier run left there, which
	// commit removes unless this run wrote them again, and those made.
	old, made map[string]bool
	dests     map[string]*Destination
	// buffers are the buffers in front of the files (Buffer), flushed
	// in order by Run before the commit.
	buffers []*Buffered
	// sinks are the checked sinks of standard output (Stdout), closed by
	// Run after the buffers, before the commit.
	sinks []*Sink
}

// Destination is where one file of the outputs goes: a file being
// written, or standard output.
type Destination struct {
	Name string // as shown to the user
	W    io.Writer
	File *atomicfile.File // nil for standard output
	// Create makes the files of a dataset folder, as the run goes.
	Create export.CreateFunc
}

// Buffered is a destination with a buffer in front.
type Buffered struct {
	*Destination
	Buf *bufio.Writer
}

// Open checks every output of the command cmd and creates them: two
// outputs that name one file (or standard output twice), an output that
// is one of the inputs (args, as the command line names them), a folder
// where a file is wanted, a file where a folder is, a folder that cannot
// be made or written to, are refused here, naming the path given. "-" is
// stdout; messages (Run's, when no input could be read) go to stderr. The destinations are by
// path (Dest): an output's, a file's in a folder, a dataset's folder.
func Open(cmd string, stdout, stderr io.Writer, args []string, outs ...Target) (*Set, error) {
	o := &Set{cmd: cmd, stderr: stderr, outs: outs, old: map[string]bool{}, made: map[string]bool{}}
	if err := o.check(outs, args); err != nil {
		return nil, err
	}
	dests := map[string]*Destination{}
	o.dests = dests
	for _, out := range outs {
		if out.Path == "-" {
			dests[out.Path] = &Destination{Name: "standard output", W: stdout}
			continue
		}
		paths := []string{out.Path}
		if out.Folder() {
			if err := o.set.MkdirAll(out.Path); err != nil {
				o.abort()
				return nil, o.describe(out, err)
			}
			paths = paths[:0]
			for _, f := range out.Files {
				paths = append(paths, filepath.Join(out.Path, f))
			}
		}
		for _, ds := range out.Datasets {
			dir := filepath.Join(out.Path, ds)
			d, err := o.openDataset(out.Path, dir)
			if err != nil {
				o.abort()
				return nil, o.describe(out, err)
			}
			dests[dir] = d
		}
		for _, p := range paths {
			f, err := o.set.Create(p)
			if err != nil {
				o.abort()
				return nil, o.describe(out, err)
			}
			dests[p] = &Destination{Name: p, W: f, File: f}
		}
	}
	return o, nil
}

// Dest is the destination of path, as Open made it: an output's path
// ("-" for standard output), a file's in a folder, a dataset's folder;
// nil for a path not opened.
func (o *Set) Dest(path string) *Destination { return o.dests[path] }

// openDataset makes the folder of a dataset, checks that files can be
// made in it, and notes the files of an earlier run's dataset there
// (folders key=value, files part-NNNNN): commit removes those this run
// does not write again, so that the folder holds one dataset.
// The files are created by paths relative to root, the output folder
// ("games/year=1947/part-00000.parquet").
func (o *Set) openDataset(root, dir string) (*Destination, error) {
	if err := o.set.MkdirAll(dir); err != nil {
		return nil, err
	}
	probe, err := os.CreateTemp(dir, ".damka-probe-*")
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: dir, Err: errors.Unwrap(err)}
	}
	probe.Close()
	os.Remove(probe.Name())
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && !strings.Contains(d.Name(), "=") {
				return filepath.SkipDir // not a partition: not ours
			}
			return nil
		}
		if export.IsPartFile(d.Name()) {
			o.old[p] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &Destination{Name: dir + string(filepath.Separator)}
	d.Create = func(rel string) (io.Writer, error) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return nil, fmt.Errorf("%s is not in %s", p, dir)
		}
		if err := o.set.MkdirAll(filepath.Dir(p)); err != nil {
			return nil, err
		}
		f, err := o.set.Create(p)
		if err != nil {
			return nil, err
		}
		o.made[p] = true
		return f, nil
	}
	return d, nil
}

// describe turns an error on an output into a message for the user.
func (o *Set) describe(out Target, err error) error {
	flag := out.Flag
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return fmt.Errorf("%s: %s %s: %v", o.cmd, flag, out.Path, err)
	}
	if pe.Path != out.Path {
		flag += " " + out.Path
	}
	what := "write"
	if pe.Op == "mkdir" {
		what = "make the folder"
	}
	return fmt.Errorf("%s: cannot %s %s (%s): %v", o.cmd, what, pe.Path, flag, pe.Err)
}

// check refuses outputs that cannot be written, that clash, or that are
// inputs.
func (o *Set) check(outs []Target, args []string) error {
	type named struct {
		out  Target
		path string
	}
	var all []named
	stdout := ""
	for _, out := range outs {
		if out.Path == "-" {
			if stdout != "" {
				return o.usage(fmt.Errorf("%s and %s both name standard output (-)", stdout, out.Flag))
			}
			stdout = out.Flag
			continue
		}
		fi, err := os.Stat(out.Path)
		switch {
		case err == nil && !out.Folder() && fi.IsDir():
			return o.usage(fmt.Errorf("%s %s is a folder; name a file", out.Flag, out.Path))
		case err == nil && out.Folder() && !fi.IsDir():
			return o.usage(fmt.Errorf("%s %s exists and is not a folder", out.Flag, out.Path))
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			op := "create"
			if out.Folder() {
				op = "mkdir"
			}
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = &fs.PathError{Op: op, Path: pe.Path, Err: pe.Err}
			}
			return o.describe(out, err)
		}
		if !out.Folder() {
			all = append(all, named{out, out.Path})
			continue
		}
		for _, ds := range out.Datasets {
			p := filepath.Join(out.Path, ds)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return o.usage(fmt.Errorf("%s %s: %s exists and is not a folder", out.Flag, out.Path, p))
			}
		}
		for _, f := range out.Files {
			p := filepath.Join(out.Path, f)
			if fi, err := os.Stat(p); err == nil && fi.IsDir() {
				return o.usage(fmt.Errorf("%s %s: %s is a folder", out.Flag, out.Path, p))
			}
			all = append(all, named{out, p})
		}
	}
	// An output that is an input would be replaced by what was read from
	// it: `clean a.pdn -o a.pdn` loses the games rejected, the only copy
	// (issue 29, item 3). The inputs as the run will walk them.
	if len(all) > 0 && len(args) > 0 {
		for _, src := range input.WalkAll(args) {
			if src.Err != nil || src.Skip != "" || src.Name == "-" {
				continue
			}
			for _, a := range all {
				if samePath(a.path, src.Name) {
					what := ""
					if src.Name != a.path {
						what = " (" + src.Name + ")"
					}
					return o.usage(fmt.Errorf("%s %s is also an input%s: writing it would replace the games read from it; name another file", a.out.Flag, a.out.Path, what))
				}
			}
		}
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if samePath(all[i].path, all[j].path) && !bothDevices(all[i].path, all[j].path) {
				a, b := all[i].out, all[j].out
				return o.usage(fmt.Errorf("%s %s and %s %s name the same file: one would overwrite the other", a.Flag, a.Path, b.Flag, b.Path))
			}
		}
	}
	return nil
}

func (o *Set) usage(err error) error {
	return fmt.Errorf("%s: %w", o.cmd, err)
}

// samePath reports whether two paths name one file: the same path once
// cleaned and made absolute, or, when both exist, the same file (links).
func samePath(a, b string) bool {
	if abs(a) == abs(b) {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(fa, fb)
	}
	// Not both there yet: compare their folders, which may be links.
	da, err1 := os.Stat(filepath.Dir(a))
	db, err2 := os.Stat(filepath.Dir(b))
	return err1 == nil && err2 == nil && os.SameFile(da, db) && filepath.Base(a) == filepath.Base(b)
}

// bothDevices reports whether a and b are character devices: /dev/null
// may take the archive and the rejects alike.
func bothDevices(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && fa.Mode()&fs.ModeCharDevice != 0 && fb.Mode()&fs.ModeCharDevice != 0
}

func abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

// commit puts every output file in place together, and removes the
// files of the datasets that an earlier run left and this one did not
// write again.
func (o *Set) commit() error {
	var stale []string
	for p := range o.old {
		if !o.made[p] {
			stale = append(stale, p)
		}
	}
	sort.Strings(stale)
	for _, p := range stale {
		o.set.RemoveOnCommit(p)
	}
	if err := o.set.Commit(); err != nil {
		return fmt.Errorf("%s: %w", o.cmd, err)
	}
	// The partition folders the stale files leave empty.
	for _, p := range stale {
		for d := filepath.Dir(p); strings.Contains(filepath.Base(d), "="); d = filepath.Dir(d) {
			if os.Remove(d) != nil {
				break
			}
		}
	}
	return nil
}

// commitRead is commit for a run that read games, and abort for one that
// read none because no input could be read (games is 0, inputErrors is
// not): a typo in the only path given must not replace yesterday's
// outputs with empty ones (issue 29, item 1). It says so on stderr, and
// reports whether the outputs were put in place.
func (o *Set) commitRead(games, inputErrors int) (bool, error) {
	if games == 0 && inputErrors > 0 {
		o.abort()
		var named []string
		for _, out := range o.outs {
			if out.Path != "-" {
				named = append(named, out.Flag+" "+out.Path)
			}
		}
		left := ""
		if len(named) > 0 {
			left = ": " + strings.Join(named, ", ") + " left as it was"
		}
		fmt.Fprintf(o.stderr, "damka: %s: no input could be read, so nothing was written%s\n", o.cmd, display.Text(left))
		return false, nil
	}
	return true, o.commit()
}

// abort removes the temporary files, and the folders made for them. It
// is safe after commit.
func (o *Set) abort() {
	if o != nil {
		o.set.Abort()
	}
}

// Stdout returns a checked sink of standard output, w, for what the run
// prints there (Sink, with a buffer): Run closes it once the closers
// are done, before the commit, so that a summary that cannot be printed
// leaves the files as they were; and when the run fails, it writes out
// the lines printed before.
func (o *Set) Stdout(w io.Writer) *Sink {
	s := Stdout(w)
	o.sinks = append(o.sinks, s)
	return s
}

// Buffer puts a buffer in front of the destination of path (Dest); Run
// flushes it before the commit.
func (o *Set) Buffer(path string) *Buffered {
	b := &Buffered{o.dests[path], bufio.NewWriterSize(o.dests[path].W, 64<<10)}
	o.buffers = append(o.buffers, b)
	return b
}
