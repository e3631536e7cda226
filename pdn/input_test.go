package pdn

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if err := ReadFile("-", func(g *Game, err error) error { n++; return err }); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("%d games from stdin", n)
	}
}

func TestReadFileStops(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := ReadFile(filepath.Join(testdata, "crlf_mixed.pdn"), func(*Game, error) error {
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
	err := ReadFile(name, func(*Game, error) error { return nil })
	if err == nil {
		t.Error("no error for corrupt gzip data")
	}
}

func TestJSONSniff(t *testing.T) {
	tests := []struct {
		in   string
		json bool
	}{
		{`{"pdn_positions": ["1. 32-28 *"]}`, true},
		{"\ufeff  \n[ \"1. 32-28 *\"]", true},
		{`{"a":1}`, true},
		{`{ "games" : []}`, true},
		{`{a comment} 1. 32-28 *`, false},
		{`{"quoted" comment} 1. 32-28 *`, false},
		{`[Event "x"] 1. 32-28 *`, false},
		{`[`, false},
		{``, false},
	}
	for _, tt := range tests {
		if got := isJSON([]byte(tt.in)); got != tt.json {
			t.Errorf("isJSON(%q) = %v", tt.in, got)
		}
	}
	games := readString(t, `{"a": {"b": ["[Event \"x\"]", 3, null, true, {"k": "1. 32-28 *"}]}, "c": "[Event \"y\"] *"}`)
	var events []string
	for _, g := range games {
		events = append(events, g.Event())
	}
	eq(t, "events", events, []string{"x", "y"})
	eq(t, "moves", len(games[0].Moves), 1)

	// A JSON document's last movetext string has no terminator (py-draughts
	// writes none): the document parsed whole, so the game is not cut.
	games = readString(t, `{"pdn_positions": ["[Result \"2-0\"]", "1. c3-d4 d6-c5"]}`)
	if len(games) != 1 || games[0].Err != nil || len(games[0].Moves) != 2 {
		t.Errorf("last JSON game without a terminator: %d games, err %v", len(games), games[0].Err)
	}

	r := NewReader(strings.NewReader(`{"a": ["[Event \"x\"] *", `), "bad.json")
	if g, err := r.Next(); err != nil || g.Event() != "x" {
		t.Fatalf("first game: %v", err)
	}
	if _, err := r.Next(); err == nil || err == io.EOF {
		t.Errorf("truncated JSON: %v", err)
	}
}
