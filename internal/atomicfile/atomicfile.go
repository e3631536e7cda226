// Package atomicfile writes files so that they appear whole or not at
// all: data goes to a temporary file in the same directory, renamed into
// place only by Commit. An interrupted run never leaves a file that looks
// complete. A Set does the same for several files that belong together
// (the tables of one run): every one is written and synced under its
// temporary name before the first is renamed.
//
// Only regular files are replaced so: a path that is a symbolic link is
// written through to the file it names (atomically, if that is a regular
// file or not there yet: the link stays a link), and a device, a FIFO or
// a socket (/dev/null, /dev/stdout, a named pipe) is opened and written as
// it is, the way a shell's redirection does, never replaced by a regular
// file (issue 29, item 2).
//
// A temporary file is named .NAME.tmp-PID-RANDOM, after the process that
// writes it: one left by a process killed at once (kill -9, a crash, the
// machine going down) is removed by the next Create of NAME, once no
// process of that PID runs (removeStale).
//
// Errors name the path the caller gave, never the temporary file. Every
// temporary file (and folder a Set made) that is not committed or aborted
// yet is known to the package, so that Cleanup can remove them when the
// process must exit at once (a second Ctrl-C).
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// File is a file being written. Write to it, then Commit or Abort.
type File struct {
	*os.File
	path     string // as the caller named it, for messages
	target   string // the file renamed into place: path, or where its links lead
	direct   bool   // written as it is (a device, a FIFO): no temporary file
	done     bool
	finished bool // synced and closed by Finish: only the rename is left
}

// Create starts writing path, in path's directory, which must exist. "-"
// is not a file: callers handle stdout. A link is followed, and a path
// that is not a regular file is written directly (see the package doc).
func Create(path string) (*File, error) {
	target, fi, err := resolve(path)
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: path, Err: cause(err)}
	}
	if fi != nil && !fi.Mode().IsRegular() || special(target) {
		if fi != nil && fi.IsDir() {
			return nil, &fs.PathError{Op: "create", Path: path, Err: errors.New("is a directory")}
		}
		// O_APPEND: a regular file behind /dev/stdout is the shell's
		// (>> or >): written on, not cut.
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, &fs.PathError{Op: "create", Path: path, Err: cause(err)}
		}
		return &File{File: f, path: path, target: target, direct: true}, nil
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	removeStale(dir, base)
	f, err := os.CreateTemp(dir, tempPrefix(base)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: path, Err: cause(err)}
	}
	af := &File{File: f, path: path, target: target}
	register(af)
	return af, nil
}

// resolve follows the links of path to the file they name, which may not
// exist yet (a link to a file to make). fi is that file's, nil when it
// does not exist.
func resolve(path string) (string, fs.FileInfo, error) {
	p := path
	for range 40 { // as the kernel's limit on links followed
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil, nil
		}
		if err != nil {
			return "", nil, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, fi, nil
		}
		if special(p) {
			// /dev/stdout, /proc/self/fd/1: kernel links to open files
			// (pipe:[123] is no path): opened as they are.
			fi, err := os.Stat(p)
			if err != nil {
				return "", nil, err
			}
			return p, fi, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", nil, errors.New("too many levels of symbolic links")
}

// special reports whether p is in a kernel's file system of devices and
// processes, whose files are written as they are, never replaced.
func special(p string) bool {
	a, err := filepath.Abs(p)
	if err != nil {
		a = p
	}
	return strings.HasPrefix(a, "/dev/") || strings.HasPrefix(a, "/proc/")
}

// Name is the path the file will have once committed.
func (f *File) Name() string { return f.path }

// Write writes to the temporary file; an error names the final path.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.File.Write(p)
	if err != nil {
		err = &fs.PathError{Op: "write", Path: f.path, Err: cause(err)}
	}
	return n, err
}

// WriteString is Write for a string.
func (f *File) WriteString(s string) (int, error) { return f.Write([]byte(s)) }

// Finish syncs and closes the temporary file now, when its data is
// complete, so that a Set of many files does not keep them all open; the
// file is put in place by the Set's Commit (or removed by Abort), as
// ever. Writes after Finish fail.
func (f *File) Finish() error { return f.finish() }

// finish syncs and closes the temporary file and gives it the mode of a
// file the user made; once.
func (f *File) finish() error {
	if f.finished {
		return nil
	}
	f.finished = true
	if f.direct {
		// Nothing to sync or chmod on a device or a pipe: closed, done.
		if err := f.File.Close(); err != nil {
			return &fs.PathError{Op: "write", Path: f.path, Err: cause(err)}
		}
		return nil
	}
	err := f.File.Sync()
	if cerr := f.File.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.File.Name(), 0o644)
	}
	if err != nil {
		return &fs.PathError{Op: "write", Path: f.path, Err: cause(err)}
	}
	return nil
}

// rename moves the finished file into place.
func (f *File) rename() error {
	if f.direct {
		return nil
	}
	if err := os.Rename(f.File.Name(), f.target); err != nil {
		os.Remove(f.File.Name())
		return &fs.PathError{Op: "rename", Path: f.path, Err: cause(err)}
	}
	unregister(f)
	return nil
}

// Commit flushes the data to disk, renames the file into place and syncs
// its directory, so that the new name survives a crash.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: already committed or aborted")
	}
	f.done = true
	err := f.finish()
	if err == nil {
		commits.Lock()
		commits.n++
		err = f.rename()
		commits.Unlock()
	}
	if err != nil {
		if !f.direct {
			os.Remove(f.File.Name())
		}
		unregister(f)
		return err
	}
	if f.direct {
		return nil
	}
	return syncDir(filepath.Dir(f.target))
}

// Abort removes the temporary file. It is safe to call after Commit, so
// `defer f.Abort()` cleans up on every early return.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	if !f.direct {
		// What was written to a device or a pipe is gone, not undone.
		os.Remove(f.File.Name())
	}
	unregister(f)
}

// Close is a no-op: a file is kept only by Commit. (It lets writers that
// close their destination, like arrow-go's Parquet writer, be given a
// File: call Commit on the File afterwards.)
func (f *File) Close() error {
	return nil
}

// Set is a set of files written together. Create each, write them, then
// Commit: every file is synced and closed under its temporary name
// first, then all are renamed into place one after the other, and their
// folders synced. Abort (or a failed Commit) removes the temporary files
// and the folders the Set made that are still empty.
//
// Renames are not atomic as a group, but they come together at the end,
// after all the writing: an interrupted run leaves either the old files
// or, in the moment of the renames, old and new.
type Set struct {
	files []*File
	dirs  []string // folders MkdirAll made, outermost first
	stale []string // files RemoveOnCommit removes
	done  bool
}

// RemoveOnCommit has Commit remove path, once every file of the set is
// in place: a file of an earlier run that this one replaces by others
// (the parts of a partitioned dataset). Abort leaves it.
func (s *Set) RemoveOnCommit(path string) { s.stale = append(s.stale, path) }

// MkdirAll makes dir and its missing parents, and remembers those it
// made, to remove them if the set is aborted.
func (s *Set) MkdirAll(dir string) error {
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		d := missing[i]
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return &fs.PathError{Op: "mkdir", Path: dir, Err: cause(err)}
		}
		s.dirs = append(s.dirs, d)
		registerDir(d)
	}
	if fi, err := os.Stat(dir); err != nil {
		return &fs.PathError{Op: "mkdir", Path: dir, Err: cause(err)}
	} else if !fi.IsDir() {
		return &fs.PathError{Op: "mkdir", Path: dir, Err: errors.New("exists and is not a directory")}
	}
	return nil
}

// Create starts writing path as part of the set.
func (s *Set) Create(path string) (*File, error) {
	f, err := Create(path)
	if err != nil {
		return nil, err
	}
	s.files = append(s.files, f)
	return f, nil
}

// Commit puts every file of the set in place (see Set).
func (s *Set) Commit() error {
	if s.done {
		return errors.New("atomicfile: set already committed or aborted")
	}
	for _, f := range s.files {
		if err := f.finish(); err != nil {
			s.Abort()
			return err
		}
	}
	s.done = true
	commits.Lock()
	defer commits.Unlock()
	commits.n++
	dirs := map[string]bool{}
	for i, f := range s.files {
		f.done = true
		if err := f.rename(); err != nil {
			for _, g := range s.files[i+1:] {
				if !g.direct {
					os.Remove(g.File.Name())
				}
				unregister(g)
			}
			s.forgetDirs()
			return err
		}
		if !f.direct {
			dirs[filepath.Dir(f.target)] = true
		}
	}
	s.forgetDirs()
	var err error
	for _, p := range s.stale {
		if e := os.Remove(p); e != nil && !errors.Is(e, fs.ErrNotExist) && err == nil {
			err = &fs.PathError{Op: "remove", Path: p, Err: cause(e)}
		}
		dirs[filepath.Dir(p)] = true
	}
	for d := range dirs {
		if e := syncDir(d); err == nil {
			err = e
		}
	}
	return err
}

// Abort removes the temporary files of the set and the folders it made.
// It is safe to call after Commit.
func (s *Set) Abort() {
	if s.done {
		return
	}
	s.done = true
	for _, f := range s.files {
		f.Abort()
	}
	for i := len(s.dirs) - 1; i >= 0; i-- {
		os.Remove(s.dirs[i]) // only if empty
	}
	s.forgetDirs()
}

func (s *Set) forgetDirs() {
	for _, d := range s.dirs {
		unregisterDir(d)
	}
	s.dirs = nil
}

// syncDir makes the renames in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return &fs.PathError{Op: "sync", Path: dir, Err: cause(err)}
	}
	defer d.Close()
	// Some file systems cannot sync a directory (EINVAL): the data is
	// written, only the durability of the names is not promised there.
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, errors.ErrUnsupported) {
		return &fs.PathError{Op: "sync", Path: dir, Err: cause(err)}
	}
	return nil
}

// cause drops the path of a path error: the caller names its own path.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// commits counts the commits that began putting files in place, and
// holds Cleanup back while one does: a process forced to exit
// (interrupt.Context) leaves a set's files all in place or none.
var commits struct {
	sync.Mutex
	n int
}

// Commits is how many commits of this process began putting their files
// in place (renames begun, whether or not they all succeeded): a command
// interrupted after its outputs were committed says so, not that nothing
// was written.
func Commits() int {
	commits.Lock()
	defer commits.Unlock()
	return commits.n
}

// The files and folders in the making, for Cleanup.
var live struct {
	sync.Mutex
	files map[*File]bool
	dirs  []string
}

func register(f *File) {
	live.Lock()
	defer live.Unlock()
	if live.files == nil {
		live.files = map[*File]bool{}
	}
	live.files[f] = true
}

// isLive reports whether name is the temporary file of a File of this
// process not yet committed or aborted.
func isLive(name string) bool {
	live.Lock()
	defer live.Unlock()
	for f := range live.files {
		if filepath.Clean(f.File.Name()) == filepath.Clean(name) {
			return true
		}
	}
	return false
}

func unregister(f *File) {
	live.Lock()
	defer live.Unlock()
	delete(live.files, f)
}

func registerDir(d string) {
	live.Lock()
	defer live.Unlock()
	live.dirs = append(live.dirs, d)
}

func unregisterDir(d string) {
	live.Lock()
	defer live.Unlock()
	for i, x := range live.dirs {
		if x == d {
			live.dirs = append(live.dirs[:i], live.dirs[i+1:]...)
			return
		}
	}
}

// Cleanup removes every temporary file not yet committed or aborted, and
// the folders Sets made for them that are empty then: for a process that
// must exit now, without running its deferred Aborts. It waits for a
// commit putting its files in place, so that no set is left half in
// place. It returns how many files it removed.
func Cleanup() int {
	commits.Lock()
	defer commits.Unlock()
	live.Lock()
	defer live.Unlock()
	n := 0
	for f := range live.files {
		if os.Remove(f.File.Name()) == nil {
			n++
		}
	}
	live.files = nil
	for i := len(live.dirs) - 1; i >= 0; i-- {
		os.Remove(live.dirs[i])
	}
	live.dirs = nil
	return n
}

// tempPrefix is the start of the names of the temporary files of base.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// staleAge is the age after which a temporary file of the form before
// the PID was in the name (.NAME.tmp-RANDOM) is taken as left behind.
const staleAge = 24 * time.Hour

// removeStale removes the temporary files of base in dir that their
// process left behind: those whose PID names no running process, and
// those of the older form, without a PID, a day old. A temporary file of
// a running process (another damka writing the same file) is left alone:
// the last rename wins, as it would have.
func removeStale(dir, base string) {
	prefix := tempPrefix(base)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		rest := strings.TrimPrefix(e.Name(), prefix)
		pid, random, found := strings.Cut(rest, "-")
		if !allDigits(pid) || found && !allDigits(random) || !found && len(pid) < 6 {
			continue // not a name of ours
		}
		fi, err := os.Lstat(name)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if found {
			n, err := strconv.Atoi(pid)
			if err != nil || n == os.Getpid() && isLive(name) || n != os.Getpid() && running(n) {
				continue // ours, or another running process's
			}
		} else if time.Since(fi.ModTime()) < staleAge {
			continue
		}
		os.Remove(name)
	}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
