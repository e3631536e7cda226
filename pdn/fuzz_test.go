package pdn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// FuzzReader reads arbitrary input and checks that:
//   - reading ends, with at most one game per byte of input;
//   - reading one byte at a time gives the same games;
//   - with small caps (MaxGameBytes, MaxVariationDepth) reading ends too;
//   - NextRaw and RawGame.Build give the games Next gives (checkRaw);
//   - each game's Raw is the input at RawPos (for plain UTF-8 text);
//   - every game without a syntax error survives the round trip: written,
//     read back, it equals its Canonical form, and writing that again
//     gives the same text.
//
// Seeds: the files of testdata/pdn and the beginning and the end of each
// file of the corpus (testdata/corpus).
//
// testdata/fuzz/FuzzReader keeps 15 inputs of the 380 that fuzzing had
// saved. Which of them once found a bug was not recorded, so the ones
// kept are those that cover code nothing else does: with coverage of
// package pdn, the whole test suite without the saved inputs covered 926
// blocks and the 380 inputs 26 more; a greedy cover picked the 15 inputs
// that reach all 952 (lex.go's error paths, build.go's recovery, a
// writer escape). To redo it: go test -c -cover -coverpkg=./pdn, run the
// binary once with -test.skip='^FuzzReader$/[0-9a-f]{16}$' and once per
// input with -test.run='^FuzzReader$/^NAME$', each with -test.coverprofile,
// and keep the inputs that add blocks. Inputs a new fuzzing run finds go
// there too (make fuzz), with a line in the commit saying what they found.
func FuzzReader(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		// A hang is a failure: crash, so that the fuzzer keeps the input.
		watchdog := time.AfterFunc(10*time.Second, func() {
			panic(fmt.Sprintf("FuzzReader: over 10s on %q", data))
		})
		defer watchdog.Stop()
		json := isJSON(data)
		utf16 := sniffUTF16(data[:min(len(data), sniffUTF16Bytes)]) != ""
		if binary := bytes.IndexByte(data[:min(len(data), sniffBytes)], 0) >= 0 && !utf16; binary {
			if _, err := NewReader(bytes.NewReader(data), "fuzz").Next(); err != ErrBinary {
				t.Fatalf("a NUL byte in the first %d bytes: %v, want ErrBinary", sniffBytes, err)
			}
			return
		}
		games := fuzzRead(t, NewReader(bytes.NewReader(data), "fuzz"), json)
		if len(games) > len(data)+1 {
			t.Fatalf("%d games from %d bytes", len(games), len(data))
		}
		slow := fuzzRead(t, NewReader(iotest.OneByteReader(bytes.NewReader(data)), "fuzz"), json)
		if len(slow) != len(games) {
			t.Fatalf("%d games one byte at a time, %d at once", len(slow), len(games))
		}
		for i := range games {
			if !sameRead(games[i], slow[i]) {
				diff := cmp.Diff(games[i], slow[i], cmpGames)
				t.Fatalf("game %d one byte at a time (-at once +byte):\n%s", i+1, diff)
			}
		}
		for _, s := range rawSettings {
			checkRaw(t, "fuzz ("+s.name+")", data, s.set, s.late, s.slow)
		}
		small := NewReader(bytes.NewReader(data), "fuzz")
		small.MaxGameBytes = 64
		small.MaxVariationDepth = 3
		if n := len(fuzzRead(t, small, json)); n > len(data)+1 {
			t.Fatalf("%d games with small caps from %d bytes", n, len(data))
		}
		plain := utf8.Valid(data) && !json && !bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) && !utf16
		for _, g := range games {
			if plain {
				off := g.RawPos.Offset
				if off < 0 || off+len(g.Raw) > len(data) || string(data[off:off+len(g.Raw)]) != g.Raw {
					t.Fatalf("game %d: Raw %q is not the input at %d", g.Index, g.Raw, off)
				}
			}
			if g.Err == nil {
				roundTrip(t, g)
			}
		}
	})
}

// sameRead is a fast cmp.Equal(a, b, cmpGames) for games read from the
// same input.
func sameRead(a, b *Game) bool {
	if a.File != b.File || a.Index != b.Index || a.Pos != b.Pos || a.RawPos != b.RawPos || a.Raw != b.Raw ||
		a.Encoding != b.Encoding || (a.Err == nil) != (b.Err == nil) || a.Err != nil && a.Err.Error() != b.Err.Error() ||
		!sameGame(a, b) {
		return false
	}
	var pos func(x, y []Move) bool
	pos = func(x, y []Move) bool {
		for i := range x {
			if x[i].Pos != y[i].Pos {
				return false
			}
			for k := range x[i].Variations() {
				if !pos(x[i].Variations()[k], y[i].Variations()[k]) {
					return false
				}
			}
		}
		return true
	}
	return pos(a.Moves, b.Moves)
}

// fuzzRead reads all games; a read error is allowed only for JSON input
// (bad JSON), and ends the reading.
func fuzzRead(t *testing.T, r *Reader, json bool) []*Game {
	var games []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if g == nil {
			if errors.Is(err, ErrBinary) && len(games) == 0 {
				return nil // a NUL byte in the first block: checked by the caller
			}
			if !json {
				t.Fatalf("read error: %v", err)
			}
			return games
		}
		games = append(games, g)
	}
}

func addSeeds(f *testing.F) {
	names, _ := walkFiles(testdata)
	for _, name := range names {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	names, _ = walkFiles(corpusDir(f))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil || filepath.Ext(name) == ".json" && len(b) > 4096 {
			continue
		}
		if len(b) > 4096 {
			f.Add(b[:4096])
			f.Add(b[len(b)-2048:])
		} else {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"", "*", "[", "{", "(", "\\", "\r", "\xef\xbb", "1.", "1...", "- -", "0-1[Event \"x\"]",
		"[Event \"x\"]\n\n[Event \"y\"]", "1. 32-28 (19-23 (18-23)) *", "[%clock 0:01]", "/FEN \"W:W1\"/ *",
		"{a\n[Event \"x\"]\n*", "8-11Redover 1-0", "1- 7 01-06 a3b4 cd4 c:e5", "\xcf\xf0\xe8 1. c3-d4 *",
	} {
		f.Add([]byte(s))
	}
}
