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

// A Set puts all its files in place at the end or none of them, makes
// the folders it needs, and an aborted Set leaves no folder it made
// (issue 10, item 21).
func TestSet(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "new", "out")
	old := filepath.Join(dir, "old")
	os.Mkdir(old, 0o755)
	os.WriteFile(filepath.Join(old, "games.parquet"), []byte("old games"), 0o644)
	os.WriteFile(filepath.Join(old, "moves.parquet"), []byte("old moves"), 0o644)

	// Aborted: the old files stay as they were, a folder made is gone.
	for _, target := range []string{old, out} {
		var s Set
		if err := s.MkdirAll(target); err != nil {
			t.Fatal(err)
		}
		g, _ := s.Create(filepath.Join(target, "games.parquet"))
		m, _ := s.Create(filepath.Join(target, "moves.parquet"))
		g.WriteString("new games")
		m.WriteString("new moves")
		s.Abort()
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("an aborted set left the folder it made: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(old, "games.parquet")); string(b) != "old games" {
		t.Errorf("aborted set changed games: %q", b)
	}
	if n := len(listDir(t, old)); n != 2 {
		t.Errorf("%d files in %s after abort, want 2", n, old)
	}

	// Committed: every file new, no temporary file left.
	var s Set
	if err := s.MkdirAll(old); err != nil {
		t.Fatal(err)
	}
	g, _ := s.Create(filepath.Join(old, "games.parquet"))
	m, _ := s.Create(filepath.Join(old, "moves.parquet"))
	g.WriteString("new games")
	m.WriteString("new moves")
	if b, _ := os.ReadFile(filepath.Join(old, "moves.parquet")); string(b) != "old moves" {
		t.Errorf("a file of the set was in place before Commit: %q", b)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	s.Abort() // no effect after Commit
	for name, want := range map[string]string{"games.parquet": "new games", "moves.parquet": "new moves"} {
		if b, _ := os.ReadFile(filepath.Join(old, name)); string(b) != want {
			t.Errorf("%s: %q, want %q", name, b, want)
		}
	}
	if n := len(listDir(t, old)); n != 2 {
		t.Errorf("%d files after commit, want 2", n)
	}
}

// Errors name the path given, not the temporary file (item 10), and
// Cleanup removes what is being written.
func TestErrorsAndCleanup(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(filepath.Join(dir, "missing", "x.pdn"))
	if err == nil || err.Error() != "create "+filepath.Join(dir, "missing", "x.pdn")+": no such file or directory" {
		t.Errorf("error %v", err)
	}
	var s Set
	s.MkdirAll(filepath.Join(dir, "made"))
	s.Create(filepath.Join(dir, "made", "a"))
	f, _ := Create(filepath.Join(dir, "b"))
	f.WriteString("x")
	if n := Cleanup(); n != 2 {
		t.Errorf("Cleanup removed %d files, want 2", n)
	}
	if left := listDir(t, dir); len(left) != 0 {
		t.Errorf("left after Cleanup: %v", left)
	}
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A file finished early is closed and still put in place by Commit; the
// files RemoveOnCommit names go at Commit, not at Abort.
func TestFinishAndRemoveOnCommit(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "part-00001.parquet")
	os.WriteFile(stale, []byte("old"), 0o644)
	for _, commit := range []bool{false, true} {
		var s Set
		f, err := s.Create(filepath.Join(dir, "part-00000.parquet"))
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("new")
		if err := f.Finish(); err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString("more"); err == nil {
			t.Error("a write after Finish")
		}
		s.RemoveOnCommit(stale)
		if !commit {
			s.Abort()
			if _, err := os.Stat(stale); err != nil {
				t.Error("Abort removed the stale file")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("after Abort: %v", entries)
			}
			continue
		}
		if err := s.Commit(); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "part-00000.parquet")); err != nil || string(b) != "new" {
			t.Errorf("committed %q %v", b, err)
		}
		if _, err := os.Stat(stale); !os.IsNotExist(err) {
			t.Error("the stale file is still there")
		}
	}
}

// A link is written through (the file it names replaced atomically, the
// link kept, a chain of links followed), and a file of /dev is opened as
// it is, never replaced (issue 29, item 2).
func TestLinksAndDevices(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub", "t.txt")
	os.Mkdir(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("old"), 0o644)
	os.Symlink(filepath.Join("sub", "t.txt"), filepath.Join(dir, "l1"))
	os.Symlink("l1", filepath.Join(dir, "l2"))
	f, err := Create(filepath.Join(dir, "l2"))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(f.File.Name()) != filepath.Dir(target) {
		t.Errorf("temporary file %s not beside the target %s", f.File.Name(), target)
	}
	f.WriteString("new")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	for _, l := range []string{"l1", "l2"} {
		if fi, err := os.Lstat(filepath.Join(dir, l)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", l)
		}
	}
	if f.Name() != filepath.Join(dir, "l2") {
		t.Errorf("Name() = %s, want the path given", f.Name())
	}

	d, err := Create(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	if !d.direct || d.File.Name() != os.DevNull {
		t.Errorf("%s not opened as it is: %s", os.DevNull, d.File.Name())
	}
	d.WriteString("gone")
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is not a device any more: %v", os.DevNull, err)
	}
	if _, err := Create(dir); err == nil {
		t.Errorf("Create of a folder succeeded")
	}
}

// Commits counts the commits that put files in place, a file's and a
// set's; an abort is none.
func TestCommits(t *testing.T) {
	dir := t.TempDir()
	n := Commits()
	f, err := Create(filepath.Join(dir, "a"))
	if err != nil {
		t.Fatal(err)
	}
	f.Abort()
	if Commits() != n {
		t.Fatalf("an abort counted as a commit")
	}
	f, err = Create(filepath.Join(dir, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	var s Set
	if _, err := s.Create(filepath.Join(dir, "b")); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := Commits(); got != n+2 {
		t.Errorf("Commits: %d after two commits, want %d", got, n+2)
	}
}
