package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// The first moves of the PlayOK game kurnik.pdn 1, in International's
// standard numbers (1 = b10, White's top left), and turned round, as the
// file's tag "20,W,10,10,N1,0" would number them (1 = i1, White's bottom
// right: square n is 51-n).
const (
	kurnikStd    = "1. 32-28 18-23 2. 33-29 23x32 3. 37x28 17-22 4. 28x17 11x22 5. 41-37 13-18 *"
	kurnikTurned = "1. 19-23 33-28 2. 18-22 28x19 3. 14x23 34-29 4. 23x34 40x29 5. 10-14 38-33 *"
)

func gameWithTag(t *testing.T, gameType, moves string) *pdn.Game {
	t.Helper()
	return readString(t, fmt.Sprintf("[Event \"t\"]\n[GameType %q]\n\n%s\n", gameType, moves))
}

func findings(r *Report, k Kind) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Kind == k {
			out = append(out, f)
		}
	}
	return out
}

func lineText(r *Report) string {
	var s []string
	for _, m := range r.Line(false) {
		s = append(s, m.Text)
	}
	return strings.Join(s, " ")
}

func moveTexts(moves string) string {
	var s []string
	for _, w := range strings.Fields(moves) {
		if !strings.HasSuffix(w, ".") && w != "*" {
			s = append(s, w)
		}
	}
	return strings.Join(s, " ")
}

// The numbering digit of the tag is honoured: moves numbered as the tag
// says replay with no finding, and are written back so, the tag kept.
func TestGameTypeNumbering(t *testing.T) {
	r := Game(gameWithTag(t, "20,W,10,10,N1,0", kurnikTurned), Options{})
	if len(r.Findings) != 0 || len(r.Plies) != 10 {
		t.Fatalf("%d plies, findings %+v", len(r.Plies), r.Findings)
	}
	if r.Naming().Standard() || r.Plies[0].Move.String() != "32-28" {
		t.Errorf("read by the standard numbering: ply 1 is %s", r.Plies[0].Move.String())
	}
	if got := lineText(r); got != moveTexts(kurnikTurned) {
		t.Errorf("written back as %s", got)
	}
	if tag, changed := r.GameTypeTag(); changed || tag != "20,W,10,10,N1,0" {
		t.Errorf("GameType written %q (changed %v)", tag, changed)
	}
	// Every corner digit: a game written in the numbers of a corner replays
	// under the tag that names it.
	for d := draughts.Corner(0); d < 4; d++ {
		nm := draughts.International.NamingFrom(true, draughts.Frame{Viewer: draughts.White, Corner: d})
		std := Game(gameWithTag(t, "20", kurnikStd), Options{})
		var text []string
		for i := range std.Plies {
			if i%2 == 0 {
				text = append(text, fmt.Sprintf("%d.", i/2+1))
			}
			text = append(text, nm.Format(&std.Plies[i].Move, draughts.Numeric))
		}
		moves := strings.Join(text, " ") + " *"
		r := Game(gameWithTag(t, fmt.Sprintf("20,W,10,10,N%d,0", d), moves), Options{})
		if len(r.Findings) != 0 || len(r.Plies) != 10 {
			t.Errorf("corner %s: %s: %d plies, %+v", d, moves, len(r.Plies), r.Findings)
		}
		if got := lineText(r); got != moveTexts(moves) {
			t.Errorf("corner %s: written back as %s", d, got)
		}
	}
}

// A tag whose numbering the moves do not fit, as kurnik.pdn's, is read by
// the variant's standard numbering with a warning that names both, and
// written with a tag that says so.
func TestGameTypeNumberingFallBack(t *testing.T) {
	r := Game(gameWithTag(t, "20,W,10,10,N1,0", kurnikStd), Options{})
	fs := findings(r, GameTypeMismatch)
	if len(fs) != 1 || r.Findings.Errors() != 0 || len(r.Plies) != 10 {
		t.Fatalf("%d plies, findings %+v", len(r.Plies), r.Findings)
	}
	want := `GameType "20,W,10,10,N1,0" numbers the squares from White's bottom right (1 = i1), but the moves are numbered from White's top left (1 = b10), as in International draughts: read so`
	if fs[0].Message != want || fs[0].Severity != Warning {
		t.Errorf("%s: %s", fs[0].Severity, fs[0].Message)
	}
	if !r.Naming().Standard() || lineText(r) != moveTexts(kurnikStd) {
		t.Errorf("written back as %s", lineText(r))
	}
	if tag, changed := r.GameTypeTag(); !changed || tag != "20,W,10,10,N2,0" {
		t.Errorf("GameType written %q (changed %v)", tag, changed)
	}
	// A real defect later in the game: the standard numbering still fits
	// better (the first broken rule comes later), and the defect is found.
	bad := strings.Replace(kurnikStd, "41-37", "41-36", 1)
	r = Game(gameWithTag(t, "20,W,10,10,N1,0", bad), Options{})
	if len(findings(r, GameTypeMismatch)) != 1 {
		t.Errorf("findings %+v", r.Findings)
	}
	if e := r.Findings.FirstError(); e == nil || e.Ply != 9 || e.Kind != IllegalMove {
		t.Errorf("first error %+v", e)
	}
	// Moves that fit no numbering stay read as the tag says, without a
	// word on the tag.
	r = Game(gameWithTag(t, "20,W,10,10,N1,0", "1. 1-2 *"), Options{})
	if len(findings(r, GameTypeMismatch)) != 0 || r.Findings.Errors() != 1 || r.Naming().Standard() {
		t.Errorf("findings %+v", r.Findings)
	}
	// A standard tag needs no second look.
	r = Game(gameWithTag(t, "20,W,10,10,N2,0", "1. 1-2 *"), Options{})
	if len(findings(r, GameTypeMismatch)) != 0 {
		t.Errorf("findings %+v", r.Findings)
	}
}

// The real file: PlayOK writes "20,W,10,10,N1,0" and numbers the moves as
// everyone does. Every game is read by the standard numbering, with the
// warning, and no error.
func TestKurnikGameType(t *testing.T) {
	games := readGames(t, testdata+"corpus/international/wiegerw-pdn/succeed/kurnik.pdn")
	if len(games) == 0 {
		t.Skip("corpus not available")
	}
	for _, g := range games {
		r := Game(g, Options{})
		if len(findings(r, GameTypeMismatch)) != 1 || r.Findings.Errors() != 0 || !r.Naming().Standard() || r.Stopped {
			t.Errorf("game %d: %+v", g.Index, r.Findings)
		}
		if tag, _ := r.GameTypeTag(); tag != "20,W,10,10,N2,0" {
			t.Errorf("game %d: GameType written %q", g.Index, tag)
		}
	}
}

// The invert flag is part of the numbering: Italian squares numbered
// from White's top left on the inverted board ("22,W,8,8,N2,1", the
// standard) or, the same squares, from White's top right on a board seen
// not inverted ("N3,0"); "N2,0" numbers from the other corner and does
// not fit Italian moves.
func TestGameTypeInvert(t *testing.T) {
	const moves = "1. 21-17 12-15 2. 23-19 11-14 3. 19x12 8x15 4. 28-23 14-18 5. 22x13 9x18 *"
	for _, tt := range []struct {
		tag      string
		mismatch bool
	}{
		{"22", false},
		{"22,W,8,8,N2,1", false},
		{"22,W,8,8,N2", false}, // no flag: the variant's board
		{"22,W,8,8,N3,0", false},
		{"22,W,8,8,N2,0", true},
	} {
		r := Game(gameWithTag(t, tt.tag, moves), Options{})
		if r.Findings.Errors() != 0 || len(r.Plies) != 10 || (len(findings(r, GameTypeMismatch)) == 1) != tt.mismatch {
			t.Errorf("%s: %d plies, %+v", tt.tag, len(r.Plies), r.Findings)
		}
		if r.Variant != draughts.Italian || !r.Naming().Standard() {
			t.Errorf("%s: read as %s", tt.tag, r.Variant)
		}
		if tt.mismatch {
			want := `GameType "22,W,8,8,N2,0" numbers the squares from White's top left of a board with a dark bottom-left corner (1 = g8), but the moves are numbered from White's top left (1 = a8), as in Italian draughts: read so`
			if got := findings(r, GameTypeMismatch)[0].Message; got != want {
				t.Errorf("%s: %s", tt.tag, got)
			}
			if tag, _ := r.GameTypeTag(); tag != "22,W,8,8,N2,1" {
				t.Errorf("%s: written %s", tt.tag, tag)
			}
		}
	}
	// The board size still must fit the variant.
	r := Game(gameWithTag(t, "22,W,10,10,N2,1", moves), Options{})
	if len(findings(r, UnknownVariant)) != 1 || r.Variant != draughts.NoVariant {
		t.Errorf("10x10 Italian: %+v", r.Findings)
	}
}

// The start colour decides who moves first when no FEN does: unified
// pool checkers ("23,W,8,8,A0,0") is American pool with White first,
// named algebraically from White's side. Its moves are labelled so:
// White's "N.", Black's "N...".
func TestGameTypeStartColour(t *testing.T) {
	const moves = "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h6-g5 4. c3-b5 *"
	r := Game(gameWithTag(t, "23,W,8,8,A0,0", moves), Options{})
	if r.Variant != draughts.Pool || r.FirstMove() != draughts.White || r.Start.Side != draughts.White {
		t.Fatalf("read as %s, %s first", r.Variant, r.FirstMove())
	}
	e := r.Findings.FirstError()
	if e == nil || e.Ply != 7 || e.MoveLabel() != "4. c3-b5" || len(findings(r, GameTypeMismatch)) != 0 {
		t.Fatalf("findings %+v", r.Findings)
	}
	if got := r.Naming().SquareNameIn(r.Plies[0].Move.From, false); got != "c3" {
		t.Errorf("ply 1 from %s", got)
	}
	if tag, changed := r.GameTypeTag(); changed || tag != "23,W,8,8,A0,0" {
		t.Errorf("GameType written %q (changed %v)", tag, changed)
	}
	r = Game(gameWithTag(t, "23,W,8,8,A0,0", "1. c3-d4 f6-e5 2. e5-f4 *"), Options{})
	if e := r.Findings.FirstError(); e == nil || e.MoveLabel() != "2. e5-f4" {
		t.Errorf("findings %+v", r.Findings)
	}
	r = Game(gameWithTag(t, "23,W,8,8,A0,0", "1. c3-d4 f6-g4 *"), Options{})
	if e := r.Findings.FirstError(); e == nil || e.MoveLabel() != "1... f6-g4" {
		t.Errorf("findings %+v", r.Findings)
	}
	// With a FEN, the FEN says who moves; the tag's colour still numbers
	// the moves.
	g := readString(t, "[GameType \"23,W,8,8,A0,0\"]\n[FEN \"B:Wc3:Bf6\"]\n\n1... f6-e5 2. c3-b4 e5-d4 3. b4-a6 *\n")
	r = Game(g, Options{})
	if r.Start.Side != draughts.Black || r.FirstMove() != draughts.White {
		t.Fatalf("start %s, %s first", r.Start.Side, r.FirstMove())
	}
	if e := r.Findings.FirstError(); e == nil || e.MoveLabel() != "3. b4-a6" || len(findings(r, GameTypeMismatch)) != 0 {
		t.Errorf("findings %+v", r.Findings)
	}
}

// A start colour the moves do not fit falls back to the variant's, with
// a warning: English with "21,W,8,8,N2,0" numbers the squares as English
// does (White's top left is Black's bottom right) but says White starts.
func TestGameTypeStartColourFallBack(t *testing.T) {
	const moves = "1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 *"
	r := Game(gameWithTag(t, "21,W,8,8,N2,0", moves), Options{})
	fs := findings(r, GameTypeMismatch)
	if len(fs) != 1 || r.Findings.Errors() != 0 || r.FirstMove() != draughts.Black {
		t.Fatalf("%s first, findings %+v", r.FirstMove(), r.Findings)
	}
	if want := `GameType "21,W,8,8,N2,0" says white moves first, but black moves first, as in English draughts (checkers): read so`; fs[0].Message != want {
		t.Error(fs[0].Message)
	}
	if tag, _ := r.GameTypeTag(); tag != "21,B,8,8,N1,0" {
		t.Errorf("written %s", tag)
	}
	// Both wrong: Pool numbered from White's bottom left, White first.
	// (From White's bottom right with White first would be the game
	// turned round, colours swapped: the same game, and it replays.)
	r = Game(gameWithTag(t, "23,W,8,8,N0,0", "1. 11-15 23-19 2. 8-11 22-17 *"), Options{})
	fs = findings(r, GameTypeMismatch)
	if len(fs) != 1 || r.Findings.Errors() != 0 {
		t.Fatalf("findings %+v", r.Findings)
	}
	if want := `GameType "23,W,8,8,N0,0" numbers the squares from White's bottom left (1 = a1) and says white moves first, but the moves are numbered from Black's bottom right (1 = b8) and black moves first, as in American pool checkers: read so`; fs[0].Message != want {
		t.Error(fs[0].Message)
	}
	// The result of a [P1]/[P2] record follows the first mover read.
	g := readString(t, "[GameType \"21,W,8,8,N2,0\"]\n[P1 \"a\"]\n[P2 \"b\"]\n[Result \"1-0\"]\n\n"+strings.TrimSuffix(moves, "*")+"1-0\n")
	if r := Game(g, Options{}); r.Result != "0-2" || r.FirstMove() != draughts.Black {
		t.Errorf("result %s, %s first", r.Result, r.FirstMove())
	}
}

// The notation letter chooses numbers or algebraic names: a Russian game
// tagged "N2" is numbered from White's top left (1 = b8), as PDN numbers
// the 8x8 board, and written back in numbers; "N0" numbers from White's
// bottom left (1 = a1).
func TestGameTypeLetter(t *testing.T) {
	r := Game(gameWithTag(t, "25,W,8,8,N2,0", "1. 22-18 11-15 2. 18x11 8x15 *"), Options{})
	if r.Findings.Errors() != 0 || len(r.Findings) != 0 || r.Plies[0].Move.String() != "c3-d4" {
		t.Fatalf("findings %+v", r.Findings)
	}
	if got := lineText(r); got != "22-18 11-15 18x11 8x15" {
		t.Errorf("written back as %s", got)
	}
	r = Game(gameWithTag(t, "25,W,8,8,N0,0", "1. 10-14 21-17 *"), Options{})
	if r.Findings.Errors() != 0 || len(r.Findings) != 0 || r.Plies[0].Move.String() != "c3-d4" || lineText(r) != "10-14 21-17" {
		t.Errorf("findings %+v; %s", r.Findings, lineText(r))
	}
	// The letter alone, without a digit, keeps the variant's squares.
	r = Game(gameWithTag(t, "25,W,8,8,N", "1. 22-18 11-15 *"), Options{})
	if len(r.Findings) != 0 || lineText(r) != "22-18 11-15" {
		t.Errorf("findings %+v; %s", r.Findings, lineText(r))
	}
	// S, a short form the standard does not describe further: the
	// variant's own kind of names, counted from the digit's corner.
	r = Game(gameWithTag(t, "20,W,10,10,S2,0", kurnikStd), Options{})
	if len(r.Findings) != 0 || lineText(r) != moveTexts(kurnikStd) {
		t.Errorf("S2: findings %+v; %s", r.Findings, lineText(r))
	}
	r = Game(gameWithTag(t, "20,W,10,10,S1,0", kurnikTurned), Options{})
	if len(r.Findings) != 0 || lineText(r) != moveTexts(kurnikTurned) {
		t.Errorf("S1: findings %+v; %s", r.Findings, lineText(r))
	}
	// A forced variant keeps its own squares but writes as the letter says.
	r = Game(gameWithTag(t, "20,W,10,10,N1,0", "1. c3-d4 f6-g5 *"), Options{Variant: draughts.Russian})
	if len(r.Findings) != 0 || lineText(r) != "22-18 11-16" {
		t.Errorf("forced: findings %+v; %s", r.Findings, lineText(r))
	}
}

// Messages and repairs name squares in the record's numbering.
func TestGameTypeNumberingMessages(t *testing.T) {
	bad := strings.Replace(kurnikTurned, "10-14", "10-15", 1) // 41-36 in the standard numbers
	r := Game(gameWithTag(t, "20,W,10,10,N1,0", bad), Options{})
	e := r.Findings.FirstError()
	if e == nil || e.Ply != 9 || len(findings(r, GameTypeMismatch)) != 0 {
		t.Fatalf("findings %+v", r.Findings)
	}
	if want := "did you mean 10-14? (the rest of the game then replays)"; e.Suggestion() != want {
		t.Errorf("suggestion %q", e.Suggestion())
	}
	r = Game(gameWithTag(t, "20,W,10,10,N1,0", bad), Options{Repair: true})
	if r.Findings.Errors() != 0 || len(r.Repairs) != 1 || lineText(r) != moveTexts(kurnikTurned) {
		t.Errorf("repaired: %+v; %s", r.Findings, lineText(r))
	}
	g := readString(t, "[GameType \"20,W,10,10,N1,0\"]\n[FEN \"W:W19,20:B31\"]\n\n1. 19-24 *\n")
	if r := Game(g, Options{}); r.Findings.Errors() != 0 || r.Start.FEN() != "W:W31,32:B20" {
		t.Errorf("FEN read as %s: %+v", r.Start.FEN(), r.Findings)
	}
}

// A Canadian game whose GameType tag's long form gives Black the first
// move: its start position keeps every piece, those of rows 11 and 12
// (past bit 63 of the 12x12 board) too, with Black to move.
func TestCanadianStartColour(t *testing.T) {
	r := Game(gameWithTag(t, "27,B,12,12,N2,0", "1... 25-31 2. 43-37 *"), Options{})
	if r.Variant != draughts.Canadian || len(r.Plies) != 2 || r.Status() == Errors {
		t.Fatalf("variant %s, %d plies, findings %+v", r.Variant, len(r.Plies), r.Findings)
	}
	before := r.Plies[0].Before
	if men, _ := before.Material(draughts.Black); men != 30 || before.Side != draughts.Black || before.Hash() != before.RecomputeHash() {
		t.Errorf("start: %d black men, %s to move, hash %#x (computed %#x)", men, before.Side, before.Hash(), before.RecomputeHash())
	}
}
