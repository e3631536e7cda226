package pipeline

import (
	"io"
	"os"
	"strings"
	"testing"
)

func TestSourceFile(t *testing.T) {
	for _, c := range []struct{ arg, path, want string }{
		{"games", "games/sub/a.pdn", "games/sub/a.pdn"},
		{"../corpus/a.pdn", "../corpus/a.pdn", "../corpus/a.pdn"},
		{"/home/me/games", "/home/me/games/sub/a.pdn", "games/sub/a.pdn"},
		{"/home/me/games/", "/home/me/games/a.pdn", "games/a.pdn"},
		{"/home/me/a.pdn", "/home/me/a.pdn", "a.pdn"},
		{"-", "-", "-"},
		{"", "sample:ussr1947.pdn", "sample:ussr1947.pdn"},
		{"gs://bucket/games/*.pdn", "gs://bucket/games/a.pdn", "gs://bucket/games/a.pdn"},
	} {
		if got := SourceFile(c.arg, c.path); got != c.want {
			t.Errorf("SourceFile(%q, %q) = %q, want %q", c.arg, c.path, got, c.want)
		}
	}
}

// File reads every game of a compressed input, and says where a cut
// input stops.
func TestFile(t *testing.T) {
	f, err := os.Open("../testdata/pdn/compressed/small_pzstd.pdn.zst")
	if err != nil {
		t.Fatal(err)
	}
	file, err := NewFile("small.zst", f, "")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		g, err := file.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if g.File != "small.zst" {
			t.Fatalf("game of %q", g.File)
		}
		n++
	}
	file.Close()
	if n == 0 || n != file.Games() || !file.Compressed() {
		t.Fatalf("%d games read, Games %d, compressed %v", n, file.Games(), file.Compressed())
	}

	b, err := os.ReadFile("../testdata/pdn/compressed/small_pzstd.pdn.zst")
	if err != nil {
		t.Fatal(err)
	}
	cut, err := NewFile("cut.zst", io.NopCloser(strings.NewReader(string(b[:len(b)-20]))), "")
	if err != nil {
		t.Fatal(err)
	}
	var last error
	for {
		_, err := cut.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			last = err
		}
	}
	if last == nil || !strings.HasPrefix(last.Error(), "cut.zst: ") || !strings.Contains(last.Error(), "the data is cut") {
		t.Fatalf("a cut input reads with %v", last)
	}
}

// A compressed stream of one block cut short gives no game at all: the
// error says the data is cut, and not that games before it were read
// (issue 44, item 11).
func TestCutBeforeFirstGame(t *testing.T) {
	for _, ext := range []string{"bz2", "zst", "lz4"} {
		b, err := os.ReadFile("../testdata/pdn/compressed/small.pdn." + ext)
		if err != nil {
			t.Fatal(err)
		}
		name := "cut.pdn." + ext
		cut, err := NewFile(name, io.NopCloser(strings.NewReader(string(b[:len(b)/2]))), "")
		if err != nil {
			t.Fatal(err)
		}
		var last error
		for {
			_, err := cut.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				last = err
			}
		}
		if want := name + ": unexpected EOF: the data is cut before the first game"; last == nil || last.Error() != want {
			t.Errorf("%s: %v, want %q", ext, last, want)
		}
	}
}
