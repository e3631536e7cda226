package pdn

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"
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
