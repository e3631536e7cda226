package pdn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/klauspost/compress/zstd"
)

// A game that the input ends in, in its movetext and with no result, is
// cut: an error on that game (issue 10, item 4). A game that ends with a
// result, or a stretch of tags alone, is not.
func TestCutGame(t *testing.T) {
	const whole = "[Event \"a\"]\n\n1. c3-d4 f6-g5 1-1\n\n[Event \"b\"]\n\n1. c3-d4 f6-g5 2. d4-c5 b6:d4 1/2-1/2\n"
	for _, tt := range []struct {
		name, in string
		cut      bool
	}{
		{"whole", whole, false},
		{"cut in the movetext", whole[:len(whole)-20], true},
		{"cut after a move", strings.TrimSuffix(whole, " 1/2-1/2\n"), true},
		{"tags only", "[Event \"a\"]\n[Result \"1-0\"]", false},
		{"cut in the tags", "[Event \"a\"]\n[Site \"b\"]\n[Round \"1", true},
		{"cut after a tag", "[Event \"a\"]\n[Site \"b\"]\r\n", true},
		{"match score as the result", "[Result \"4-6\"]\n\n1. 32-28 19-23 4-6", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			games := readString(t, tt.in)
			last := games[len(games)-1]
			// Cut in a tag is a malformed tag; elsewhere ErrCut.
			if got := last.Err != nil; got != tt.cut || got && len(last.Moves) > 0 && !errors.Is(last.Err, ErrCut) {
				t.Fatalf("last game: error %v, want cut %v", last.Err, tt.cut)
			}
			for _, g := range games[:len(games)-1] {
				if g.Err != nil {
					t.Errorf("game %d: %v", g.Index, g.Err)
				}
			}
			if tt.cut && len(last.Moves) > 0 {
				var se *SyntaxError
				errors.As(last.Err, &se)
				m := last.Moves[len(last.Moves)-1]
				if se.Line != int(m.Pos.Line) || se.Column != int(m.Pos.Column) {
					t.Errorf("error at %d:%d, want the last move's %s", se.Line, se.Column, m.Pos)
				}
			}
		})
	}
}

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
			r := NewReader(rc, "cut")
			var games []*Game
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

// A file that is not text is refused as a whole (item 8), whatever the
// size of the reads.
func TestBinaryInput(t *testing.T) {
	exe, err := os.Executable() // the test binary: an executable, as ls is
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, r := range []io.Reader{io.LimitReader(f, 1<<20), iotest.OneByteReader(strings.NewReader("[Event \"x\"]\x00\n1. c3-d4 *"))} {
		g, err := NewReader(r, "bin").Next()
		if g != nil || err != ErrBinary {
			t.Errorf("got %v, %v; want ErrBinary", g, err)
		}
	}
	// A NUL byte far into a text file is a bad character of one game, not
	// a binary file.
	text := strings.Repeat("[Event \"x\"]\n\n1. c3-d4 *\n\n", 1000) + "[Event \"\x00\"]\n1. c3-d4 *\n"
	games := readStringErrs(t, text)
	if len(games) != 1001 {
		t.Errorf("%d games, want 1001", len(games))
	}
}

// readStringErrsSeq reads every game of b.
func readStringErrsSeq(b []byte) func(func(*Game) bool) {
	return func(yield func(*Game) bool) {
		r := NewReader(bytes.NewReader(b), "test")
		for {
			g, _ := r.Next()
			if g == nil || !yield(g) {
				return
			}
		}
	}
}

func readStringErrs(t *testing.T, s string) []*Game {
	t.Helper()
	r := NewReader(strings.NewReader(s), "test")
	var games []*Game
	for {
		g, err := r.Next()
		if g == nil {
			if err != io.EOF {
				t.Fatal(err)
			}
			return games
		}
		games = append(games, g)
	}
}

// One bad byte in a UTF-8 game keeps its UTF-8 text, and says where the
// byte was; a game in Windows-1251 is still read as such (item 19).
func TestBadBytesInUTF8(t *testing.T) {
	in := "[Event \"Чемпионат\"]\n[White \"Петров С.\"]\n[Black \"Шмидт \xffЮ.\"]\n\n1. c3-d4 *\n"
	games := readString(t, in)
	g := games[0]
	if g.Encoding != UTF8 || g.White() != "Петров С." || g.Black() != "Шмидт \uFFFDЮ." {
		t.Errorf("read as %s: White %q, Black %q", g.Encoding, g.White(), g.Black())
	}
	if g.BadByteCount != 1 || len(g.BadBytes) != 1 || g.BadBytes[0].Line != 3 || g.BadBytes[0].Column != 20 {
		t.Errorf("bad bytes %d at %v, want 1 at 3:20", g.BadByteCount, g.BadBytes)
	}
	if got := g.Raw[g.BadBytes[0].Offset-g.RawPos.Offset:][:3]; got != "\uFFFD" {
		t.Errorf("offset %d points at %q", g.BadBytes[0].Offset, got)
	}
	cp := "[Event \"\xd7\xe5\xec\xef\xe8\xee\xed\xe0\xf2\"]\n\n1. c3-d4 *\n" // "Чемпионат" in Windows-1251
	g = readString(t, cp)[0]
	if g.Encoding != Windows1251 || g.Event() != "Чемпионат" || g.BadByteCount != 0 {
		t.Errorf("Windows-1251: read as %s, Event %q, %d bad bytes", g.Encoding, g.Event(), g.BadByteCount)
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
