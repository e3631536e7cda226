package egtb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/damka/damka/draughts"
)

// within runs f and fails the test if it has not returned in 30 s: a
// named pipe opened for reading waits for a writer for ever.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s still waits after 30 s", what)
	}
}

// Only regular files are opened as tables (issue 44, item 6): a named
// pipe named as a class's file is an error to Open and to Build, and left
// out by OpenSetSkipping, with a damaged table (item 7), while the other
// tables are held; so is a variant's folder that is a named pipe.
func TestTablesNotRegularOrDamaged(t *testing.T) {
	dir := t.TempDir()
	if _, err := Build(context.Background(), draughts.Russian, BuildOptions{Pieces: 2, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	vdir := filepath.Join(dir, "russian")
	fifo := filepath.Join(vdir, "KKvK.wdl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	damaged := filepath.Join(vdir, "MvK.wdl")
	if err := os.WriteFile(damaged, []byte("DAMKAWDL but not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	within(t, "Open", func() {
		if _, err := Open(dir, draughts.Russian); !errors.Is(err, ErrNotRegular) && !errors.Is(err, ErrDamaged) {
			t.Errorf("Open: %v", err)
		}
	})
	within(t, "OpenSetSkipping", func() {
		s, skipped := OpenSetSkipping(dir)
		var got []string
		for _, e := range skipped {
			got = append(got, e.Error())
		}
		if len(got) != 2 || !strings.Contains(strings.Join(got, "\n"), fifo+": not a regular file (a named pipe)") ||
			!strings.Contains(strings.Join(got, "\n"), damaged+": not a damka endgame table, or damaged") {
			t.Errorf("skipped:\n%s", strings.Join(got, "\n"))
		}
		db := s.DB(draughts.Russian)
		if db == nil || !db.Has(mustMaterial(t, "KvK")) || db.Has(mustMaterial(t, "MvK")) || db.Has(mustMaterial(t, "KKvK")) {
			t.Errorf("the set holds %v", db.Classes())
		}
	})
	within(t, "Build", func() {
		_, err := Build(context.Background(), draughts.Russian, BuildOptions{Pieces: 3, Dir: dir})
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), fifo) {
			t.Errorf("Build over a named pipe: %v", err)
		}
	})

	// A variant's folder that is a named pipe.
	dir2 := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir2, "russian"), 0o644); err != nil {
		t.Fatal(err)
	}
	within(t, "a folder that is a named pipe", func() {
		if _, err := Open(dir2, draughts.Russian); err == nil || !strings.Contains(err.Error(), "not a folder") {
			t.Errorf("Open: %v", err)
		}
		if s, skipped := OpenSetSkipping(dir2); !s.Empty() || len(skipped) != 1 {
			t.Errorf("OpenSetSkipping: %v", skipped)
		}
	})
}

func mustMaterial(t *testing.T, s string) Material {
	t.Helper()
	m, err := ParseMaterial(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
