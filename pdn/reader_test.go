package pdn

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// tester is what the helpers need of *testing.T, *testing.F and
// *rapid.T.
type tester interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// readAll reads every game of r; it fails the test at a read error.
func readAll(t tester, r *Reader) []*Game {
	t.Helper()
	var games []*Game
	for i := 0; ; i++ {
		if i > 1e6 {
			t.Fatal("too many games: loop?")
		}
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if g == nil {
			t.Fatalf("read error: %v", err)
		}
		if err != g.Err {
			t.Fatalf("game %d: Next error %v, Game.Err %v", g.Index, err, g.Err)
		}
		games = append(games, g)
	}
}

func readString(t testing.TB, s string) []*Game {
	t.Helper()
	return readAll(t, NewReader(strings.NewReader(s), "test"))
}

// texts returns the move texts of a line.
func texts(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

// The markers of encoding/csv's reader_test: ∑ marks where the error is
// reported and is removed before reading.
func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		err   error
		text  string
		moves []string // moves of the partial game
	}{
		{"unterminated comment", "[Event \"x\"]\n1. 32-28 ∑{ no end", ErrUnterminatedComment, "{ no end", []string{"32-28"}},
		{"unterminated comment before a tag line", "1. 32-28 ∑{ no end\nstill\n[Event \"y\"]\n1. 33-28 *", ErrUnterminatedComment, "{ no end\nstill", []string{"32-28"}},
		{"nested comment", "1. 33-29 19-23 2. 35-30 { nested ∑{ comment } }", ErrNestedComment, "{", []string{"33-29", "19-23", "35-30"}},
		{"unclosed variation", "1. 32-28 ∑(1. 33-28 18-23", ErrUnclosedVariation, "(", []string{"32-28"}},
		{"unclosed inner variation", "1. 32-28 (1. 33-28 ∑(1... 17-21 18-23", ErrUnclosedVariation, "(", []string{"32-28"}},
		{"unopened variation", "1. 32-28 ∑) 19-23", ErrMisplaced, ")", []string{"32-28"}},
		{"variation before a move", "∑(1. 32-28) 1. 33-28", ErrMisplaced, "(", nil},
		{"NAG before a move", "[Event \"x\"]\n∑$1 1. 32-28", ErrMisplaced, "$1", nil},
		{"result in a variation", "1. 32-28 (19-23 ∑1-0) *", ErrMisplaced, "1-0", []string{"32-28"}},
		{"garbage", "1. 32-28 ∑@@@ 19-23 *", ErrBadToken, "@@@", []string{"32-28"}},
		{"word", "1. 32-28 ∑Black wins *", ErrBadToken, "Black", []string{"32-28"}},
		{"square zero", "1. 32-28 19-23 ∑0-180", ErrBadMove, "0-180", []string{"32-28", "19-23"}},
		{"trailing separator", "1. 32-28 ∑19-", ErrBadToken, "19-", []string{"32-28"}},
		{"stray brace", "1. 32-28 ∑} 19-23", ErrBadToken, "}", []string{"32-28"}},
		{"tag without value", "∑[Event] [Site \"x\"]\n1. 32-28 *", nil, "", []string{"32-28"}},
		{"tag without quotes", "∑[Event x]\n1. 32-28", ErrBadTag, "[Event x]", []string{"32-28"}},
		{"unterminated tag", "∑[Event \"x\n1. 32-28", ErrBadTag, "[Event \"x", []string{"32-28"}},
		{"double bracket", "∑[[Event \"x\"]\n1. 32-28", ErrBadTag, "[[Event \"x\"]", []string{"32-28"}},
		{"lone bracket", "∑[\nEvent \"x\"]\n1. 32-28", ErrBadTag, "[", []string{"32-28"}},
		{"missing bracket", "[Site \"s\"]\n∑Event \"x\"]\n1. 32-28", ErrBadTag, "Event \"x\"]", []string{"32-28"}},
		{"error on a later line", "[Event \"x\"]\n\n1. 32-28 19-23\n2. 28x19 ?? ∑$ 14x23", ErrBadToken, "$", []string{"32-28", "19-23", "28x19"}},
		{"multibyte column", "{é} 1. 32-28 ∑ü", ErrBadToken, "ü", []string{"32-28"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := strings.Index(tt.input, "∑")
			input := strings.Replace(tt.input, "∑", "", 1)
			line := 1 + strings.Count(input[:i], "\n")
			col := i - strings.LastIndex(input[:i], "\n")
			games := readString(t, input)
			if len(games) == 0 {
				t.Fatal("no game")
			}
			g := games[0]
			if got := texts(g.Moves); !cmp.Equal(got, tt.moves) {
				t.Errorf("moves %q, want %q", got, tt.moves)
			}
			if tt.err == nil {
				if g.Err != nil {
					t.Fatalf("unexpected error %v", g.Err)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(g.Err, &se) {
				t.Fatalf("error %v, want a *SyntaxError", g.Err)
			}
			if !errors.Is(g.Err, tt.err) {
				t.Errorf("error %v, want %v", g.Err, tt.err)
			}
			if se.Line != line || se.Column != col {
				t.Errorf("error at %d:%d, want %d:%d (%v)", se.Line, se.Column, line, col, se)
			}
			if se.Text != tt.text {
				t.Errorf("error text %q, want %q", se.Text, tt.text)
			}
			if se.File != "test" || se.Game != 1 {
				t.Errorf("error names %q game %d", se.File, se.Game)
			}
		})
	}
}

func TestSyntaxErrorString(t *testing.T) {
	e := &SyntaxError{File: "a.pdn", Game: 3, Line: 7, Column: 12, Text: `x"y`, Err: ErrBadToken}
	if got, want := e.Error(), `a.pdn:7:12: game 3: unexpected text: "x\"y"`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if !errors.Is(e, ErrBadToken) {
		t.Error("errors.Is")
	}
}

// After a syntax error the reader goes on with the next game.
func TestResync(t *testing.T) {
	games := readFile(t, "errors.pdn")
	var events []string
	var bad []int
	for _, g := range games {
		events = append(events, g.Event())
		if g.Err != nil {
			bad = append(bad, g.Index)
		}
	}
	want := []string{"unterminated comment", "good 1", "nested comment", "good 2", "unclosed variation", "good 3", "garbage", "good 4"}
	if !cmp.Equal(events, want) {
		t.Errorf("events %q, want %q", events, want)
	}
	if !cmp.Equal(bad, []int{1, 3, 5, 7}) {
		t.Errorf("games with errors %v", bad)
	}
	if g := games[7]; len(g.Moves) != 1 || g.Terminator != "*" {
		t.Errorf("last game %q %q", texts(g.Moves), g.Terminator)
	}
}

func TestPositions(t *testing.T) {
	input := "% intro\n[Event \"a\"]\n1. 32-28 19-23\n2. 28x19 *\n\n[Event \"b\"]  1. 33-28 0-1[Event \"c\"]\r\n1. c3-d4 *"
	games := readString(t, input)
	if len(games) != 3 {
		t.Fatalf("%d games", len(games))
	}
	at := func(sub string) Pos {
		i := strings.Index(input, sub)
		return Pos{i, int32(1 + strings.Count(input[:i], "\n")), int32(i - strings.LastIndex(input[:i], "\n"))}
	}
	wants := [][2]Pos{
		{at(`[Event "a"]`), at("% intro")},
		{at(`[Event "b"]`), at(`[Event "b"]`)},
		{at(`[Event "c"]`), at(`[Event "c"]`)},
	}
	if wants[2][0].Column != 26 {
		t.Fatalf("test input: %+v", wants[2][0])
	}
	for i, g := range games {
		if g.Pos != wants[i][0] || g.RawPos != wants[i][1] {
			t.Errorf("game %d: Pos %+v RawPos %+v, want %+v %+v", i+1, g.Pos, g.RawPos, wants[i][0], wants[i][1])
		}
		if got := input[g.RawPos.Offset : g.RawPos.Offset+len(g.Raw)]; got != g.Raw {
			t.Errorf("game %d: Raw %q is not the input at its offset (%q)", i+1, g.Raw, got)
		}
		for _, m := range g.Moves {
			if got := input[m.Pos.Offset : m.Pos.Offset+len(m.Text)]; got != m.Text {
				t.Errorf("move %q at offset %d reads %q", m.Text, m.Pos.Offset, got)
			}
			lineStart := strings.LastIndex(input[:m.Pos.Offset], "\n") + 1
			if col := m.Pos.Offset - lineStart + 1; col != int(m.Pos.Column) {
				t.Errorf("move %q: column %d, want %d", m.Text, m.Pos.Column, col)
			}
			if line := 1 + strings.Count(input[:m.Pos.Offset], "\n"); line != int(m.Pos.Line) {
				t.Errorf("move %q: line %d, want %d", m.Text, m.Pos.Line, line)
			}
		}
	}
	if got := games[0].Comment; got != "intro" {
		t.Errorf("comment before the tags: %q", got)
	}
	if got := games[1].Raw; got != "[Event \"b\"]  1. 33-28 0-1" {
		t.Errorf("Raw %q", got)
	}
}

// Reading through a reader that returns one byte at a time, or errors,
// changes nothing but the error.
func TestSmallReads(t *testing.T) {
	for _, name := range []string{"crlf_mixed.pdn", "literal_cr.pdn", "errors.pdn", "cp1251.pdn", "variations.pdn", "bom.pdn", "games.json"} {
		data := readTestdata(t, name)
		want := readAll(t, NewReader(strings.NewReader(string(data)), name))
		got := readAll(t, NewReader(iotest.OneByteReader(strings.NewReader(string(data))), name))
		if diff := cmp.Diff(want, got, cmpGames); diff != "" {
			t.Errorf("%s: one byte at a time (-want +got):\n%s", name, diff)
		}
	}
	// A read error ends the input: the games before it come first, then
	// the error, for good.
	r := NewReader(iotest.TimeoutReader(strings.NewReader("[Event \"x\"]\n1. 32-28 *\n")), "t")
	g, err := r.Next()
	if err != nil || g.Event() != "x" {
		t.Fatalf("game before the read error: %v", err)
	}
	for i := 0; i < 2; i++ {
		if g, err := r.Next(); g != nil || err != iotest.ErrTimeout {
			t.Errorf("got %v, %v; want the read error", g, err)
		}
	}
}

func TestMaxGameBytes(t *testing.T) {
	big := "[Event \"big\"]\n" + strings.Repeat("1. 32-28 19-23 ", 200) + "*\n\n"
	input := "[Event \"a\"]\n1. 32-28 *\n\n" + big + "[Event \"b\"]\n1. 33-28 *\n" + "[Event \"c\"]\n{" + strings.Repeat("x", 5000) + "\n"
	r := NewReader(strings.NewReader(input), "t")
	r.MaxGameBytes = 1000
	games := readAll(t, r)
	var events []string
	for _, g := range games {
		events = append(events, g.Event())
	}
	if !cmp.Equal(events, []string{"a", "big", "b", "c"}) {
		t.Fatalf("events %q", events)
	}
	for _, i := range []int{1, 3} {
		if !errors.Is(games[i].Err, ErrGameTooLarge) {
			t.Errorf("game %d: %v, want ErrGameTooLarge", i+1, games[i].Err)
		}
	}
	if games[1].Err.(*SyntaxError).Line != 4 || len(games[1].Raw) > 1100 {
		t.Errorf("big game: %v, %d bytes", games[1].Err, len(games[1].Raw))
	}
	if games[2].Err != nil || games[2].Pos.Line != 7 {
		t.Errorf("game after the big one: %v at %v", games[2].Err, games[2].Pos)
	}
}

func TestMaxVariationDepth(t *testing.T) {
	deep := "1. 32-28 " + strings.Repeat("( 32-28 ", 40) + strings.Repeat(")", 40) + " *"
	games := readString(t, deep)
	if !errors.Is(games[0].Err, ErrVariationDepth) {
		t.Fatalf("error %v", games[0].Err)
	}
	r := NewReader(strings.NewReader(deep), "t")
	r.MaxVariationDepth = 50
	if g := readAll(t, r)[0]; g.Err != nil {
		t.Fatalf("depth 40 with a cap of 50: %v", g.Err)
	}
}

func TestReuseGame(t *testing.T) {
	data := string(readTestdata(t, "variations.pdn")) + "\n\n" + string(readTestdata(t, "italian_french.pdn"))
	want := readString(t, data)
	r := NewReader(strings.NewReader(data), "test")
	r.ReuseGame = true
	var prev *Game
	for i := 0; ; i++ {
		g, err := r.Next()
		if err == io.EOF {
			if i != len(want) {
				t.Errorf("%d games, want %d", i, len(want))
			}
			break
		}
		if prev != nil && g != prev {
			t.Error("game not reused")
		}
		prev = g
		if diff := cmp.Diff(want[i], g, cmpGames); diff != "" {
			t.Errorf("game %d (-want +got):\n%s", i+1, diff)
		}
	}
}

// TestMoveLayout pins what keeps the reader fast: a Move is 48 bytes, and
// only the moves with annotations have Notes.
func TestMoveLayout(t *testing.T) {
	if size := unsafe.Sizeof(Move{}); unsafe.Sizeof(uintptr(0)) == 8 && size != 48 {
		t.Errorf("Move is %d bytes, want 48", size)
	}
	g := readString(t, "1. 32-28 19-23! 2. 28x19 $2 14x23 {c} (20-24 {d}) 3. - *")[0]
	var with []string
	for _, m := range g.Moves {
		if m.Notes != nil {
			with = append(with, m.Text)
		}
	}
	eq(t, "moves with notes", with, []string{"19-23", "28x19", "14x23"})
	var m Move
	if m.Strength() != "" || m.NAGs() != nil || m.Comments() != nil || m.Before() != nil || m.Variations() != nil || !m.Notes.IsZero() {
		t.Error("accessors of a move without Notes")
	}
	v := g.Moves[3].Variations()
	eq(t, "variation", texts(v[0]), []string{"20-24"})
	eq(t, "variation comment", v[0][0].Comments(), []string{"d"})
}

// TestMovesApart: games share blocks of moves, but appending to the moves
// of one game never changes another.
func TestMovesApart(t *testing.T) {
	games := readString(t, "1. 32-28 19-23 *\n\n1. 33-28 18-23 *\n\n1. 31-27 17-21 *")
	eq(t, "games", len(games), 3)
	for _, g := range games {
		g.Moves = append(g.Moves, Move{Text: "x"})
	}
	for i, want := range [][]string{{"32-28", "19-23", "x"}, {"33-28", "18-23", "x"}, {"31-27", "17-21", "x"}} {
		eq(t, "moves", texts(games[i].Moves), want)
	}
}

func TestEmptyInputs(t *testing.T) {
	for _, s := range []string{"", " \n\r\n\t", "\ufeff", "{only a comment}\n% and a line comment\n", "\\r\n\\r"} {
		if games := readString(t, s); len(games) != 0 {
			t.Errorf("%q: %d games", s, len(games))
		}
	}
}

func TestGameType(t *testing.T) {
	games := readFile(t, "gametype.pdn")
	want := []GameType{
		{Number: 25, Raw: "25"},
		{Number: 25, Raw: "25,W,8,8,A0,0", StartColor: "W", Width: 8, Height: 8, Notation: "A0", HasInvert: true},
		{Number: 20, Raw: "20,W,10,10,N1,0", StartColor: "W", Width: 10, Height: 10, Notation: "N1", HasInvert: true},
		{Number: 97, Raw: "97"},
		{Number: 25, Inferred: true, Source: "squares"},
		{Number: 21, Inferred: true, Source: "squares"},
		{Number: 20, Inferred: true, Source: "squares"},
		{Number: 20, Inferred: true, Source: "squares"},
		{Number: 26, Inferred: true, Source: "variant"},
		{Number: 26, Inferred: true, Source: "previous"}, // nothing to go by: the game before
	}
	if len(games) != len(want) {
		t.Fatalf("%d games", len(games))
	}
	for i, g := range games {
		if got := g.GameType(); got != want[i] {
			t.Errorf("game %d (%s): %+v, want %+v", i+1, g.Event(), got, want[i])
		}
	}
	if gt := readString(t, "*")[0].GameType(); gt.Number != 20 || !gt.Inferred {
		t.Errorf("empty game: %+v", gt)
	}
	if gt := readString(t, "[GameType \"20,B,10,10,N2,1\"] *")[0].GameType(); !gt.Invert || !gt.HasInvert || gt.StartColor != "B" {
		t.Errorf("invert flag: %+v", gt)
	}
	// The invert flag is optional (PDN 3.0's expression ends "(,[01])?").
	if gt := readString(t, "[GameType \"22,W,8,8,N2\"] *")[0].GameType(); gt.Invert || gt.HasInvert || gt.Notation != "N2" {
		t.Errorf("no invert flag: %+v", gt)
	}
	// Turkish draughts plays on every square: its records name light
	// squares all the time, a Russian record only by a slip.
	for _, tt := range []struct {
		moves string
		want  int
	}{
		{"1. d3-d4 d6-d5 2. c3-c4 e6-e5 3. c4:c6 d7:d5 *", Turkish},
		{"[FEN \"W:Wd3,a2:Bd6\"] *", Turkish},
		{"1. c3-d4 f6-e5 2. e3-f5 e5:g3 *", Russian}, // one slip: e3-f5
		{"1. c3-d4 f6-e5 2. d4:f6 g7:e5 *", Russian},
	} {
		if gt := readString(t, tt.moves)[0].GameType(); gt.Number != tt.want || !gt.Inferred {
			t.Errorf("%s: %+v, want %d", tt.moves, gt, tt.want)
		}
	}
	for _, tt := range []struct {
		number        int
		start         string
		width, height int
		notation      string
		invert        bool
		want          string
	}{
		{20, "W", 10, 10, "N2", false, "20,W,10,10,N2,0"},
		{22, "W", 8, 8, "N2", true, "22,W,8,8,N2,1"},
	} {
		got := LongForm(tt.number, tt.start, tt.width, tt.height, tt.notation, tt.invert)
		if got != tt.want {
			t.Errorf("LongForm: %q, want %q", got, tt.want)
		}
		if gt, ok := ParseGameType(got); !ok || gt.Number != tt.number || gt.StartColor != tt.start || gt.Notation != tt.notation || gt.Invert != tt.invert {
			t.Errorf("%q reads back as %+v", got, gt)
		}
	}
	if gt := readString(t, "[GameType \"x\"] 1. 11-15 *")[0].GameType(); gt.Number != 21 || !gt.Inferred || gt.Raw != "x" {
		t.Errorf("unparsable GameType: %+v", gt)
	}
}

// A first token bigger than MaxGameBytes (a comment never closed, a line
// of garbage) is cut too.
func TestMaxGameBytesFirstToken(t *testing.T) {
	for _, big := range []string{"{" + strings.Repeat("x ", 3000), strings.Repeat("@", 6000), "[Event \"" + strings.Repeat("x", 6000) + "\"]"} {
		input := big + "\n[Event \"after\"]\n1. 32-28 *\n"
		r := NewReader(iotest.HalfReader(strings.NewReader(input)), "t")
		r.MaxGameBytes = 1000
		games := readAll(t, r)
		if len(games) != 2 || !errors.Is(games[0].Err, ErrGameTooLarge) || games[1].Event() != "after" || games[1].Pos.Line != 2 {
			t.Errorf("%.10q...: %d games, first error %v", big, len(games), games[0].Err)
		}
	}
}

// NextRaw then Build reads each game into a game of the caller's, several
// in flight at once (a pool of three here), and gives the games Next
// gives, GameType's fall-back to the game before included (what
// NextInto did before ReuseGame became the one reuse switch).
func TestBuildIntoPool(t *testing.T) {
	data := string(readTestdata(t, "variations.pdn")) + "\n\n" + string(readTestdata(t, "italian_french.pdn")) +
		"\n\n[GameType \"21\"]\n1. 9-13 *\n\n[Event \"no moves\"]\n*\n\n[Event \"nor here\"]\n*\n"
	want := readString(t, data)
	r := NewReader(strings.NewReader(data), "test")
	var pool [3]*Game
	var raws [3]*RawGame
	type kept struct {
		at   *Notes
		want Notes
	}
	var notes []kept // the Notes of every move: never reused
	defer func() {
		for _, k := range notes {
			if diff := cmp.Diff(k.want, *k.at); diff != "" {
				t.Errorf("Notes of a move changed by the games after it:\n%s", diff)
			}
		}
	}()
	for i := 0; ; i++ {
		if g := pool[i%3]; g != nil {
			for j := range g.Moves {
				if n := g.Moves[j].Notes; n != nil {
					notes = append(notes, kept{n, *n})
				}
			}
		}
		c, err := r.NextRaw(raws[i%3])
		if err == io.EOF {
			if i != len(want) {
				t.Errorf("%d games, want %d", i, len(want))
			}
			break
		}
		raws[i%3] = c
		g, _ := c.Build(pool[i%3])
		if pool[i%3] != nil && g != pool[i%3] && i != len(want)-1 { // the last game is built by the reader
			t.Error("game not reused")
		}
		pool[i%3] = g
		if diff := cmp.Diff(want[i], g, cmpGames, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("game %d (-want +got):\n%s", i+1, diff)
		}
		if got, w := g.GameType(), want[i].GameType(); got != w {
			t.Errorf("game %d: GameType %+v, want %+v", i+1, got, w)
		}
	}
	if gt := want[len(want)-1].GameType(); gt.Number != 21 || gt.Source != "previous" {
		t.Errorf("last game: GameType %+v, want 21 from the game before", gt)
	}
}
