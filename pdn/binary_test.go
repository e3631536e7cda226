package pdn

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Every game of the test data and of the corpus, its errors and the
// GameType it takes from the game before it included, comes back from
// its binary form as it was read.
func TestGameBinaryRoundTrip(t *testing.T) {
	var files []string
	for _, glob := range []string{"../testdata/pdn/*.pdn", "../testdata/pdn/*.txt", "../testdata/pdn/*.json", "../testdata/pdn/encodings/*", "../testdata/validate/*.pdn", "../testdata/oracle/*.pdn", "../testdata/oracle/*/*.pdn"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	corpus, _ := walkFiles("../testdata/corpus")
	files = append(files, corpus...)
	games, withErr, withHint := 0, 0, 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rc := f
		r := NewReader(rc, name)
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if g == nil {
				t.Logf("%s: %v", name, err)
				break
			}
			b, err := g.MarshalBinary()
			if err != nil {
				t.Fatalf("%s game %d: %v", name, g.Index, err)
			}
			var back Game
			if err := back.UnmarshalBinary(b); err != nil {
				t.Fatalf("%s game %d: %v", name, g.Index, err)
			}
			games++
			if g.Err != nil {
				withErr++
				var se, bse *SyntaxError
				if back.Err == nil || back.Err.Error() != g.Err.Error() || errors.As(g.Err, &se) != errors.As(back.Err, &bse) ||
					se != nil && !errors.Is(back.Err, se.Err) {
					t.Fatalf("%s game %d: error %v came back as %v", name, g.Index, g.Err, back.Err)
				}
			}
			if g.hint != nil {
				withHint++
			}
			if back.GameType() != g.GameType() {
				t.Fatalf("%s game %d: GameType %+v came back as %+v", name, g.Index, g.GameType(), back.GameType())
			}
			want := *g
			want.Err, want.hint, back.Err, back.hintType, back.hasHintType = nil, nil, nil, 0, false
			if !reflect.DeepEqual(normalised(want), normalised(back)) {
				t.Fatalf("%s game %d: the game changed in its binary form", name, g.Index)
			}
		}
		rc.Close()
	}
	if games < 4000 || withErr == 0 || withHint == 0 {
		t.Fatalf("%d games, %d with an error, %d with a GameType from the game before: not the test data", games, withErr, withHint)
	}
}

// normalised makes empty and nil slices the same (gob sends neither).
func normalised(g Game) Game {
	if len(g.Tags) == 0 {
		g.Tags = nil
	}
	if len(g.Moves) == 0 {
		g.Moves = nil
	}
	if len(g.BadBytes) == 0 {
		g.BadBytes = nil
	}
	g.Moves = normalMoves(g.Moves)
	return g
}

func normalMoves(ms []Move) []Move {
	if len(ms) == 0 {
		return nil
	}
	out := make([]Move, len(ms))
	for i, m := range ms {
		if m.Notes != nil {
			n := *m.Notes
			if len(n.NAGs) == 0 {
				n.NAGs = nil
			}
			if len(n.Comments) == 0 {
				n.Comments = nil
			}
			if len(n.Before) == 0 {
				n.Before = nil
			}
			var vs [][]Move
			for _, v := range n.Variations {
				vs = append(vs, normalMoves(v))
			}
			n.Variations = vs
			m.Notes = &n
		}
		out[i] = m
	}
	return out
}

// A game whose error is not one of the reader's sentinels keeps its
// text.
func TestGameBinaryOtherError(t *testing.T) {
	g := &Game{File: "x.pdn", Index: 3, Err: &SyntaxError{File: "x.pdn", Game: 3, Line: 2, Column: 5, Err: errors.New("odd")}}
	b, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if back.Err == nil || back.Err.Error() != g.Err.Error() {
		t.Fatalf("error %v came back as %v", g.Err, back.Err)
	}
	g.Err = errors.New("plain")
	b, _ = g.MarshalBinary()
	if err := back.UnmarshalBinary(b); err != nil || back.Err == nil || !strings.Contains(back.Err.Error(), "plain") {
		t.Fatalf("a plain error came back as %v (%v)", back.Err, err)
	}
}

func BenchmarkGameBinary(b *testing.B) {
	f, err := os.Open("../testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var games []*Game
	r := NewReader(f, "ussr1947.pdn")
	for {
		g, err := r.Next()
		if g == nil || err == io.EOF {
			break
		}
		games = append(games, g)
	}
	b.ReportAllocs()
	size := 0
	for i := 0; b.Loop(); i++ {
		g := games[i%len(games)]
		data, err := g.MarshalBinary()
		if err != nil {
			b.Fatal(err)
		}
		size += len(data)
		var back Game
		if err := back.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(size)/float64(b.N), "bytes/game")
}

// A damaged binary form is an error, never a panic or a huge allocation.
func TestGameBinaryDamaged(t *testing.T) {
	f, err := os.Open("../testdata/pdn/variations.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := NewReader(f, "variations.pdn").Next()
	if g == nil {
		t.Fatal(err)
	}
	b, _ := g.MarshalBinary()
	var back Game
	for n := range len(b) {
		if back.UnmarshalBinary(b[:n]) == nil {
			t.Fatalf("the first %d of %d bytes decode", n, len(b))
		}
		c := append([]byte(nil), b...)
		c[n] ^= 0xff
		_ = back.UnmarshalBinary(c) // any answer but a panic
	}
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
}
