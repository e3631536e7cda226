package pdn

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// rawSettings are the Reader settings the NextRaw tests read with: the
// defaults, and small caps (games over MaxGameBytes, variations too
// deep).
var rawSettings = []struct {
	name  string
	set   func(*Reader)
	small bool // only for small inputs
	late  bool // each game built only when its RawGame is to be cut into again
	slow  bool // the input read one byte at a time
}{
	{"defaults", func(*Reader) {}, false, false, false},
	{"small caps", func(r *Reader) { r.MaxGameBytes, r.MaxVariationDepth = 300, 2 }, true, false, false},
	{"built late, one byte at a time", func(*Reader) {}, true, true, true},
}

// checkRaw reads data with Next, and again with NextRaw into a ring of
// RawGames, each built into a game of its own ring on a goroutine of its
// own while the reader goes on cutting (as damka's workers build), and
// reports every game that differs from Next's: its fields, its syntax
// error and position, its GameType (the fall-back to the game before
// included), what the RawGame said of it before it was built (Index,
// Pos, Failed, Len), and, for a game the reader left unbuilt, whether
// scan told the builder's evidence for GameType and syntax error.
func checkRaw(t *testing.T, name string, data []byte, set func(*Reader), late, slow bool) {
	t.Helper()
	newReader := func() *Reader {
		var src io.Reader = bytes.NewReader(data)
		if slow {
			src = iotest.OneByteReader(src)
		}
		r := NewReader(src, name)
		set(r)
		return r
	}
	var want []*Game
	var wantErr error
	for r := newReader(); ; {
		g, err := r.Next()
		if g == nil {
			wantErr = err
			break
		}
		want = append(want, g)
	}
	const ring = 5
	var raws [ring]*RawGame
	var games [ring]*Game
	var done [ring]sync.WaitGroup
	var pending [ring]func()
	r := newReader()
	n := 0
	var gotErr error
	for ; ; n++ {
		k := n % ring
		if f := pending[k]; f != nil { // late: built as the reader is ring games on
			pending[k] = nil
			f()
		}
		done[k].Wait() // the game built there before is checked
		c, err := r.NextRaw(raws[k])
		if c == nil {
			gotErr = err
			break
		}
		if raws[k] != nil && c != raws[k] {
			t.Fatalf("%s: game %d: RawGame not reused", name, n+1)
		}
		raws[k] = c
		if n >= len(want) {
			t.Errorf("%s: game %d cut, Next gives %d", name, n+1, len(want))
			continue
		}
		index, pos, failed, size, unbuilt := c.Index(), c.Pos(), c.Failed(), c.Len(), c.pre == nil
		if unbuilt && !c.decoded { // what the reader tracked, against a scan of the tokens
			scanned := RawGame{toks: c.toks, tags: c.tags, raw: c.raw, text: c.text, ch: c.ch, off: c.off, line: c.line, maxDepth: c.maxDepth}
			scanned.scan()
			if scanned.evidence != c.evidence || scanned.failed != c.failed || scanned.pos != c.pos {
				t.Errorf("%s: game %d: tracked evidence %v, failed %v, at %v; scanned %v, %v, %v", name, n+1,
					c.evidence, c.failed, c.pos, scanned.evidence, scanned.failed, scanned.pos)
			}
		}
		w := want[n]
		build := func() {
			g, err := c.Build(games[k])
			games[k] = g
			if err != g.Err {
				t.Errorf("%s: game %d: Build returned %v, Err %v", name, w.Index, err, g.Err)
			}
			if !sameRead(w, g) || w.Comment != g.Comment || w.Setup != g.Setup || w.Terminator != g.Terminator ||
				!cmp.Equal(w.BadBytes, g.BadBytes) || w.BadByteCount != g.BadByteCount {
				t.Errorf("%s: game %d (-Next +NextRaw):\n%s", name, w.Index, cmp.Diff(w, g, cmpGames))
			}
			if got, want := g.GameType(), w.GameType(); got != want {
				t.Errorf("%s: game %d: GameType %+v, Next's %+v", name, w.Index, got, want)
			}
			if index != g.Index || pos != g.Pos || failed != (g.Err != nil) || size != len(g.Raw) {
				t.Errorf("%s: game %d: before building Index %d, Pos %v, Failed %v, Len %d; built: %d, %v, %v, %d",
					name, w.Index, index, pos, failed, size, g.Index, g.Pos, g.Err, len(g.Raw))
			}
			if unbuilt && (c.evidence != g.evidence() || c.failed != (g.Err != nil)) {
				t.Errorf("%s: game %d: scan says evidence %v, failed %v; the builder %v, %v",
					name, w.Index, c.evidence, c.failed, g.evidence(), g.Err)
			}
		}
		if late {
			pending[k] = build
			continue
		}
		done[k].Add(1)
		go func() {
			defer done[k].Done()
			build()
		}()
	}
	for k := range done {
		if pending[k] != nil {
			pending[k]()
		}
		done[k].Wait()
	}
	if n != len(want) || gotErr != wantErr && (gotErr == nil || wantErr == nil || gotErr.Error() != wantErr.Error()) {
		t.Errorf("%s: %d games then %v, Next: %d then %v", name, n, gotErr, len(want), wantErr)
	}
}

// NextRaw and Build give the games Next gives, on every file of
// testdata/pdn, of the corpus, of the oracle (its games with planted
// defects) and of the validate and repair test archives, with the
// default settings and with small caps.
func TestNextRaw(t *testing.T) {
	names, err := walkFiles(testdata, corpusDir(t), "../testdata/oracle", "../testdata/validate", "../testdata/repair")
	if err != nil && len(names) == 0 {
		t.Fatal(err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range rawSettings {
			if s.small && len(data) > 1<<20 {
				continue
			}
			checkRaw(t, name+" ("+s.name+")", data, s.set, s.late, s.slow)
		}
	}
}

// The cases of GameType's fall-back and of the reader building a game
// itself: games with nothing to go by after games cut and not built, a
// game over the size cap, a game whose one move is a match score (the
// tokens cannot tell whether it is a move), the last game of the input
// (cut or not).
func TestNextRawCases(t *testing.T) {
	tagOnly := "[Event \"tags only\"]\n[Result \"*\"]\n*\n\n"
	big := "[Event \"big\"]\n1. " + strings.Repeat("c3-d4 f6-g5 d4-c3 g5-f6 ", 30) + "*\n\n"
	cases := map[string]string{
		"fall-back":        "[GameType \"21\"]\n1. 9-13 *\n\n" + tagOnly + tagOnly + "[Event \"x\"]\n1. c3-d4 *\n\n" + tagOnly,
		"none before":      tagOnly + tagOnly + "1. 32-28 *\n\n" + tagOnly,
		"score":            "[Result \"4-6\"]\n4-6\n\n" + tagOnly + "[Result \"4-6\"]\n1. 32-28 4-6\n\n" + tagOnly,
		"score, no result": "[Result \"1-0\"]\n4-6\n\n" + tagOnly,
		"big":              "1. 9-13 *\n\n" + big + tagOnly + big + "[Event \"after\"]\n1. 32-28 *\n",
		"cut":              "1. 9-13 *\n\n" + tagOnly + "[Event \"cut\"]\n1. c3-d4 f6-g5 2. ",
		"cut tags":         "1. 9-13 *\n\n[Event \"cut\"]\n[Site \"x\"]\n",
		"setup":            "1. c3-d4 *\n\n[Event \"s\"]\n/FEN \"W:W1\"/ *\n\n" + tagOnly + "[Event \"e\"]\n/FEN \"\"/ *\n\n" + tagOnly,
		"errors":           "1. 32-28 *\n\n[Event \"e\"]\n! 1. 9-13 *\n\n" + tagOnly + "[Event \"f\"]\n1. c3-d4 (f6-g5 *\n\n" + tagOnly + "[Event \"g\"]\n) 1. c3-d4 *\n\n" + tagOnly,
		"variation move":   "1. 32-28 *\n\n[Event \"v\"]\n1. - (9-13) *\n\n" + tagOnly,
		"windows-1251":     "[Event \"\xcf\xf0\xe8\"]\n1. 32-28 *\n\n" + tagOnly + "[Event \"\xcf\xf0\xe8\"]\n*\n",
		"bad byte":         "[Event \"\xd0\x9f\xd1\x80\xff\"]\n1. c3-d4 *\n\n" + tagOnly,
	}
	for name, data := range cases {
		for _, s := range rawSettings {
			checkRaw(t, name+" ("+s.name+")", []byte(data), s.set, s.late, s.slow)
		}
	}
}

// A RawGame built into a game read before, whose memory it reuses; the
// last game of the input, which the reader builds itself; the zero
// RawGame.
func TestRawGameBuild(t *testing.T) {
	if g, err := new(RawGame).Build(nil); g != nil || err != ErrNotCut {
		t.Errorf("zero RawGame: %v, %v", g, err)
	}
	r := NewReader(strings.NewReader("[Event \"a\"]\n1. c3-d4 *\n\n[Event \"b\"]\n1. c3-b4 *\n"), "a.pdn")
	c, err := r.NextRaw(nil)
	if err != nil {
		t.Fatal(err)
	}
	old := readString(t, "[Event \"old\"]\n1. 32-28 (9-13) 9-14 2. 28-23 *\n")[0]
	g, err := c.Build(old)
	if err != nil || g != old || g.File != "a.pdn" || g.Event() != "a" || len(g.Moves) != 1 || g.Moves[0].Notes != nil {
		t.Errorf("%+v, %v", g, err)
	}
	last, err := r.NextRaw(c)
	if err != nil || last != c || c.pre == nil {
		t.Fatalf("last game: %v, %v", last, err)
	}
	if g, err := c.Build(old); err != nil || g == old || g.Event() != "b" {
		t.Errorf("last game: %+v, %v", g, err)
	}
	if g, err := c.Build(nil); g != nil || err != ErrBuilt {
		t.Errorf("built twice: %v, %v", g, err)
	}
	if c, err := r.NextRaw(c); c != nil || err != io.EOF {
		t.Errorf("at the end: %v, %v", c, err)
	}
}
