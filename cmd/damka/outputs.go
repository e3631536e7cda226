package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/damka/damka/export"
	"github.com/damka/damka/internal/atomicfile"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
)

// output is one output a command was asked for: a file, a folder of
// files, or standard output ("-").
type output struct {
	flag  string   // "-o", "--rejects": named in messages
	path  string   // as the user gave it
	files []string // for a folder: the names of the files written in it
	// datasets, for a folder: the folders of partitioned datasets in it
	// ("games", "moves"), whose files are made as the run goes.
	datasets []string
}

// folder reports whether the output is a folder.
func (o output) folder() bool { return o.files != nil || o.datasets != nil }

// outputs are the files a run writes, all of them checked and created
// (under temporary names) before the first game is read, and put in
// place together at the end (atomicfile.Set): a run that fails or is
// interrupted leaves every output as it was, and no folder it made.
type outputs struct {
	cmd  string
	io   *streams
	outs []output
	set  atomicfile.Set
	// The files of the datasets: those an earlier run left there, which
	// Commit removes unless this run wrote them again, and those made.
	old, made map[string]bool
}

// destination is where one file of the outputs goes: a file being
// written, or standard output.
type destination struct {
	name string // as shown to the user
	w    io.Writer
	file *atomicfile.File // nil for standard output
	// create makes the files of a dataset folder, as the run goes.
	create export.CreateFunc
}

// bufferedDestination is a destination with a buffer in front.
type bufferedDestination struct {
	*destination
	buf *bufio.Writer
}

// openOutputs checks every output and creates them: two outputs that
// name one file (or standard output twice), an output that is one of the
// inputs (args, as the command line names them), a folder where a file
// is wanted, a file where a folder is, a folder that cannot be made or
// written to, are refused here, naming the path given.
func openOutputs(cmd string, io *streams, args []string, outs ...output) (*outputs, map[string]*destination, error) {
	o := &outputs{cmd: cmd, io: io, outs: outs, old: map[string]bool{}, made: map[string]bool{}}
	if err := o.check(outs, args); err != nil {
		return nil, nil, err
	}
	dests := map[string]*destination{}
	for _, out := range outs {
		if out.path == "-" {
			dests[out.path] = &destination{name: "standard output", w: io.Out}
			continue
		}
		paths := []string{out.path}
		if out.folder() {
			if err := o.set.MkdirAll(out.path); err != nil {
				o.Abort()
				return nil, nil, o.describe(out, err)
			}
			paths = paths[:0]
			for _, f := range out.files {
				paths = append(paths, filepath.Join(out.path, f))
			}
		}
		for _, ds := range out.datasets {
			dir := filepath.Join(out.path, ds)
			d, err := o.openDataset(out.path, dir)
			if err != nil {
				o.Abort()
				return nil, nil, o.describe(out, err)
			}
			dests[dir] = d
		}
		for _, p := range paths {
			f, err := o.set.Create(p)
			if err != nil {
				o.Abort()
				return nil, nil, o.describe(out, err)
			}
			dests[p] = &destination{name: p, w: f, file: f}
		}
	}
	return o, dests, nil
}

// datasetFile tells the files of a dataset that damka writes: part-00000.parquet...
var datasetFile = regexp.MustCompile(`^part-[0-9]{5}\.(parquet|arrow)$`)

// openDataset makes the folder of a dataset, checks that files can be
// made in it, and notes the files of an earlier run's dataset there
// (folders key=value, files part-NNNNN): Commit removes those this run
// does not write again, so that the folder holds one dataset.
// The files are created by paths relative to root, the output folder
// ("games/year=1947/part-00000.parquet").
func (o *outputs) openDataset(root, dir string) (*destination, error) {
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
		if datasetFile.MatchString(d.Name()) {
			o.old[p] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &destination{name: dir + string(filepath.Separator)}
	d.create = func(rel string) (io.Writer, error) {
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
func (o *outputs) describe(out output, err error) error {
	flag := out.flag
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return &exitError{code: exitInput, err: fmt.Errorf("%s: %s %s: %v", o.cmd, flag, out.path, err)}
	}
	if pe.Path != out.path {
		flag += " " + out.path
	}
	what := "write"
	if pe.Op == "mkdir" {
		what = "make the folder"
	}
	return &exitError{code: exitInput, err: fmt.Errorf("%s: cannot %s %s (%s): %v", o.cmd, what, pe.Path, flag, pe.Err)}
}

// check refuses outputs that cannot be written, that clash, or that are
// inputs.
func (o *outputs) check(outs []output, args []string) error {
	type named struct {
		out  output
		path string
	}
	var all []named
	stdout := ""
	for _, out := range outs {
		if out.path == "-" {
			if stdout != "" {
				return o.usage(fmt.Errorf("%s and %s both name standard output (-)", stdout, out.flag))
			}
			stdout = out.flag
			continue
		}
		fi, err := os.Stat(out.path)
		switch {
		case err == nil && !out.folder() && fi.IsDir():
			return o.usage(fmt.Errorf("%s %s is a folder; name a file", out.flag, out.path))
		case err == nil && out.folder() && !fi.IsDir():
			return o.usage(fmt.Errorf("%s %s exists and is not a folder", out.flag, out.path))
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			op := "create"
			if out.folder() {
				op = "mkdir"
			}
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = &fs.PathError{Op: op, Path: pe.Path, Err: pe.Err}
			}
			return o.describe(out, err)
		}
		if !out.folder() {
			all = append(all, named{out, out.path})
			continue
		}
		for _, ds := range out.datasets {
			p := filepath.Join(out.path, ds)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return o.usage(fmt.Errorf("%s %s: %s exists and is not a folder", out.flag, out.path, p))
			}
		}
		for _, f := range out.files {
			p := filepath.Join(out.path, f)
			if fi, err := os.Stat(p); err == nil && fi.IsDir() {
				return o.usage(fmt.Errorf("%s %s: %s is a folder", out.flag, out.path, p))
			}
			all = append(all, named{out, p})
		}
	}
	// An output that is an input would be replaced by what was read from
	// it: `clean a.pdn -o a.pdn` loses the games rejected, the only copy
	// (issue 29, item 3). The inputs as the run will walk them.
	if len(all) > 0 && len(args) > 0 {
		for _, src := range pdn.WalkAll(args) {
			if src.Err != nil || src.Skip != "" || src.Name == "-" {
				continue
			}
			for _, a := range all {
				if samePath(a.path, src.Name) {
					what := ""
					if src.Name != a.path {
						what = " (" + src.Name + ")"
					}
					return o.usage(fmt.Errorf("%s %s is also an input%s: writing it would replace the games read from it; name another file", a.out.flag, a.out.path, what))
				}
			}
		}
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if samePath(all[i].path, all[j].path) && !bothDevices(all[i].path, all[j].path) {
				a, b := all[i].out, all[j].out
				return o.usage(fmt.Errorf("%s %s and %s %s name the same file: one would overwrite the other", a.flag, a.path, b.flag, b.path))
			}
		}
	}
	return nil
}

func (o *outputs) usage(err error) error {
	return &exitError{code: exitInput, err: fmt.Errorf("%s: %w", o.cmd, err)}
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

// Commit puts every output file in place together, and removes the
// files of the datasets that an earlier run left and this one did not
// write again.
func (o *outputs) Commit() error {
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
		return &exitError{code: exitInput, err: fmt.Errorf("%s: %w", o.cmd, err)}
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

// CommitRead is Commit for a run that read games, and Abort for one that
// read none because no input could be read (games is 0, inputErrors is
// not): a typo in the only path given must not replace yesterday's
// outputs with empty ones (issue 29, item 1). It says so on stderr, and
// reports whether the outputs were put in place.
func (o *outputs) CommitRead(games, inputErrors int) (bool, error) {
	if games == 0 && inputErrors > 0 {
		o.Abort()
		var named []string
		for _, out := range o.outs {
			if out.path != "-" {
				named = append(named, out.flag+" "+out.path)
			}
		}
		left := ""
		if len(named) > 0 {
			left = ": " + strings.Join(named, ", ") + " left as it was"
		}
		fmt.Fprintf(o.io.Err, "damka: %s: no input could be read, so nothing was written%s\n", o.cmd, display.Text(left))
		return false, nil
	}
	return true, o.Commit()
}

// Abort removes the temporary files, and the folders made for them. It
// is safe after Commit.
func (o *outputs) Abort() {
	if o != nil {
		o.set.Abort()
	}
}

// buffered puts a buffer in front of d.
func buffered(d *destination) *bufferedDestination {
	return &bufferedDestination{d, bufio.NewWriterSize(d.w, 64<<10)}
}
