package input

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
	"github.com/klauspost/compress/zstd"
)

// A compressed stream cut short gives the games before the cut, the game
// it cuts marked cut, then the read error (items 4 and 20): for xz, every
// byte before the cut is decoded, as xz -d does.
func TestCutCompressed(t *testing.T) {
	// Real games, which compress as archives do.
	whole, err := os.ReadFile("../testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	if err != nil {
		t.Fatal(err)
	}
	// more than a zstd block (128 KiB) of text, so that the cut leaves whole blocks
	whole = append(whole, bytes.ToUpper(whole)...)
	compressors := map[string]func([]byte) []byte{
		"gzip": func(b []byte) []byte { return compressWith(t, "gzip", b) },
		"xz":   func(b []byte) []byte { return compressWith(t, "xz", b) },
		"zstd": func(b []byte) []byte {
			var out bytes.Buffer
			w, _ := zstd.NewWriter(&out)
			w.Write(b)
			w.Close()
			return out.Bytes()
		},
	}
	for name, compress := range compressors {
		t.Run(name, func(t *testing.T) {
			z := compress(whole)
			cut := z[:len(z)*9/10]
			rc, err := Decompress(io.NopCloser(bytes.NewReader(cut)))
			if err != nil {
				t.Fatal(err)
			}
			r := pdn.NewReader(rc, "cut")
			var games []*pdn.Game
			var readErr error
			for {
				g, err := r.Next()
				if g == nil {
					if err != io.EOF {
						readErr = err
					}
					break
				}
				games = append(games, g)
			}
			if !errors.Is(readErr, io.ErrUnexpectedEOF) {
				t.Errorf("read error %v, want an unexpected EOF", readErr)
			}
			if len(games) < 2 {
				t.Fatalf("%d games before the cut", len(games))
			}
			for _, g := range games[:len(games)-1] {
				if g.Err != nil {
					t.Errorf("game %d: %v", g.Index, g.Err)
				}
			}
			if last := games[len(games)-1]; last.Err == nil && last.Terminator == "" {
				t.Errorf("last game %d: no terminator and no error", last.Index)
			}
			if name != "xz" {
				return
			}
			// As many whole games as xz -d recovers.
			if path, err := exec.LookPath("xz"); err == nil {
				cmd := exec.Command(path, "-dc")
				cmd.Stdin = bytes.NewReader(cut)
				out, _ := cmd.Output()
				complete := 0
				for g := range readStringErrsSeq(out) {
					if g.Err == nil {
						complete++
					}
				}
				// xz-embedded keeps back the last few bytes of input (its
				// lookahead): allow one game fewer.
				if n := len(games); n < complete-1 {
					t.Errorf("%d games, xz -d recovers %d whole ones", n, complete)
				}
			}
		})
	}
}

func compressWith(t *testing.T, tool string, b []byte) []byte {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Skipf("%s not installed", tool)
	}
	cmd := exec.Command(path, "-c")
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A zstd frame that asks for a window over MaxZstdWindow is refused
// before the window is allocated, and the error says so (item 17).
func TestZstdWindowCap(t *testing.T) {
	// A frame written by hand (RFC 8878): no content size, a window
	// descriptor of exponent 19 (2^(10+19) = 512 MiB), one raw last block.
	text := []byte("[Event \"x\"]\n\n1. c3-d4 *\n")
	var out bytes.Buffer
	out.Write([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 19 << 3})
	bh := uint32(len(text))<<3 | 1 // raw block (type 0), last
	out.Write([]byte{byte(bh), byte(bh >> 8), byte(bh >> 16)})
	out.Write(text)
	var h zstd.Header
	if err := h.Decode(out.Bytes()); err != nil || h.WindowSize != 512<<20 {
		t.Fatalf("hand-made frame: window %d, %v", h.WindowSize, err)
	}
	rc, err := Decompress(io.NopCloser(&out))
	if err == nil {
		_, err = io.ReadAll(rc)
	}
	if !errors.Is(err, ErrZstdWindow) {
		t.Fatalf("error %v, want ErrZstdWindow", err)
	}
	if !strings.Contains(err.Error(), "128 MiB") {
		t.Errorf("message %q does not give the limit", err)
	}
}

// Symbolic links are followed, to files and folders, loops are cut, and
// what is left out is said (item 18).
func TestWalkSymlinks(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	games := filepath.Join(dir, "games")
	must(os.MkdirAll(filepath.Join(games, "sub"), 0o755))
	must(os.WriteFile(filepath.Join(games, "a.pdn"), []byte("1. c3-d4 *\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "outside.pdn"), []byte("1. c3-d4 *\n"), 0o644))
	must(os.Symlink(filepath.Join(dir, "outside.pdn"), filepath.Join(games, "sub", "linked.pdn")))
	must(os.Symlink("..", filepath.Join(games, "sub", "loop")))
	must(os.Symlink(filepath.Join(dir, "nowhere.pdn"), filepath.Join(games, "broken.pdn")))
	must(os.Symlink(games, filepath.Join(dir, "link")))

	srcs := WalkAll([]string{filepath.Join(dir, "link")})
	var got []string
	for _, s := range srcs {
		rel, _ := filepath.Rel(dir, s.Name)
		switch {
		case s.Err != nil:
			got = append(got, rel+" error")
		case s.Skip != "":
			got = append(got, rel+" skipped: "+s.Skip)
		default:
			got = append(got, rel)
		}
	}
	want := []string{
		"link/a.pdn",
		"link/broken.pdn skipped: a broken symbolic link",
		"link/sub/linked.pdn",
		"link/sub/loop skipped: a symbolic link to a folder that encloses it (a loop)",
	}
	eq(t, "walk through a link", got, want)

	empty := filepath.Join(dir, "empty")
	must(os.Mkdir(empty, 0o755))
	srcs = WalkAll([]string{empty})
	if len(srcs) != 1 || srcs[0].Skip != NoArchives {
		t.Errorf("empty folder: %+v", srcs)
	}
}

func TestQuirkCompressed(t *testing.T) {
	for _, name := range []string{"small.pdn.gz", "small.pdn.bz2", "small.pdn.zst", "small.pdn.xz", "gzip_content.pdn"} {
		games := readFile(t, filepath.Join("compressed", name))
		noErrors(t, games)
		if len(games) != 2 || len(games[0].Moves) != 4 || games[1].Event() != "Second" {
			t.Errorf("%s: %d games", name, len(games))
		}
	}
}
