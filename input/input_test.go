package input

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
)

func TestWalk(t *testing.T) {
	dir := filepath.Join(testdata, "walk")
	got, err := Walk([]string{dir, filepath.Join(testdata, "bom.pdn"), "-", filepath.Join(dir, "notes.md")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(dir, "a.pdn"),
		filepath.Join(dir, "b.txt"),
		filepath.Join(dir, "sub", "c.PDN"),
		filepath.Join(dir, "sub", "d.json"),
		filepath.Join(dir, "sub", "deeper", "e.pdn.gz"),
		filepath.Join(testdata, "bom.pdn"),
		"-",
		filepath.Join(dir, "notes.md"), // named: taken whatever its extension
	}
	eq(t, "walk", got, want)

	var events []string
	for _, name := range got[:5] {
		for _, g := range readFile(t, strings.TrimPrefix(name, testdata+string(filepath.Separator))) {
			events = append(events, g.Event())
		}
	}
	eq(t, "events", events, []string{"a", "b", "c", "d", "e"})

	if _, err := Walk([]string{filepath.Join(testdata, "missing")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	srcs, err := WalkSources([]string{filepath.Join(dir, "a.pdn"), "-"})
	if err != nil || len(srcs) != 2 || srcs[0].Size != 23 || srcs[1].Size != -1 {
		t.Errorf("sources %+v, %v", srcs, err)
	}
}

func TestOpenStdin(t *testing.T) {
	f, err := os.Open(filepath.Join(testdata, "compressed", "small.pdn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = old }()
	n := 0
	if err := ReadFile("-", func(g *pdn.Game, err error) error { n++; return err }); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("%d games from stdin", n)
	}
}

func TestReadFileStops(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := ReadFile(filepath.Join(testdata, "crlf_mixed.pdn"), func(*pdn.Game, error) error {
		n++
		return stop
	})
	if err != stop || n != 1 {
		t.Errorf("ReadFile returned %v after %d games", err, n)
	}
	if err := ReadFile(filepath.Join(testdata, "missing.pdn"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestBadCompressedData(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "bad.pdn.gz")
	os.WriteFile(name, []byte("\x1f\x8b\x08\x00garbage garbage garbage"), 0o644)
	err := ReadFile(name, func(*pdn.Game, error) error { return nil })
	if err == nil {
		t.Error("no error for corrupt gzip data")
	}
}
