package pdn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// testdata is the directory of the hand-made files, one per quirk.
const testdata = "../testdata/pdn"

// cmpGames compares games field by field; errors compare by message.
var cmpGames = cmp.Options{
	cmpopts.IgnoreUnexported(Game{}),
	cmp.Comparer(func(a, b error) bool {
		if a == nil || b == nil {
			return a == nil && b == nil
		}
		return a.Error() == b.Error()
	}),
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdata, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readFile reads a testdata file with readGames.
func readFile(t testing.TB, name string) []*Game {
	t.Helper()
	var games []*Game
	err := readGames(filepath.Join(testdata, name), func(g *Game, err error) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func noErrors(t *testing.T, games []*Game) {
	t.Helper()
	for _, g := range games {
		if g.Err != nil {
			t.Errorf("game %d: %v", g.Index, g.Err)
		}
	}
}

func tagsOf(g *Game) []string {
	var out []string
	for _, t := range g.Tags {
		out = append(out, t.Name+"="+t.Value)
	}
	return out
}

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", what, diff)
	}
}

// Each test reads one file of testdata/pdn, made by hand to show one
// quirk of real archives (see ../shared/corpus/SOURCES.md).

func TestQuirkMixedLineEnds(t *testing.T) {
	games := readFile(t, "crlf_mixed.pdn")
	noErrors(t, games)
	eq(t, "count", len(games), 3)
	for i, line := range []int32{1, 7, 13} {
		eq(t, "line", games[i].Pos.Line, line)
	}
	eq(t, "moves", texts(games[2].Moves), []string{"31-27", "17-21", "36-31"})
	eq(t, "CR line of a move", games[2].Moves[2].Pos, Pos{Offset: 192, Line: 17, Column: 4})
	eq(t, "Raw keeps CRLF", games[0].Raw[:21], "[Event \"CRLF game\"]\r\n")
}

func TestQuirkLiteralBackslashR(t *testing.T) {
	games := readFile(t, "literal_cr.pdn")
	noErrors(t, games)
	eq(t, "count", len(games), 2)
	eq(t, "tags", tagsOf(games[0]), []string{"Event=Finale", "Site=", "White=Kiema, Sayouba", "Black=Itoua, Tardorel", "Result=0-2"})
	eq(t, "terminator", games[0].Terminator, "*")
	eq(t, "moves across \\r", texts(games[1].Moves), []string{"31-26", "19-23", "37-31", "14-19", "34-29", "23x34"})
	eq(t, "number before \\r", games[1].Moves[4].Number, 6)
}

func TestQuirkPaddedTags(t *testing.T) {
	games := readFile(t, "padded_tags.pdn")
	noErrors(t, games)
	eq(t, "tags", tagsOf(games[0]), []string{"Event=XXV championship", "Site=Riga", "Date=1.1.1965", "Type de jeu=20", "Empty=", "Result=1-0"})
	eq(t, "event", games[0].Event(), "XXV championship")
}

func TestQuirkOneLine(t *testing.T) {
	games := readFile(t, "one_line.pdn")
	noErrors(t, games)
	var events, terms []string
	for _, g := range games {
		events = append(events, g.Event())
		terms = append(terms, g.Terminator)
	}
	eq(t, "events", events, []string{"A", "B", "C"})
	eq(t, "terminators", terms, []string{"1-1", "0-1", "1-0"})
	eq(t, "glued numbers", texts(games[0].Moves), []string{"32-28", "19-23", "35-30", "14-19"})
	eq(t, "0-1[Event", games[2].Pos.Column, 45)
}

func TestQuirkNoBlankLine(t *testing.T) {
	games := readFile(t, "no_blank_line.pdn")
	noErrors(t, games)
	eq(t, "count", len(games), 2)
	eq(t, "moves", len(games[0].Moves), 12)
	eq(t, "number at line end", games[0].Moves[10].Number, 6)
	eq(t, "indented result", games[0].Terminator, "1/2-1/2")
	eq(t, "result tag", games[0].Result(), "1/2-1/2")
}

func TestQuirkPaddedSquares(t *testing.T) {
	games := readFile(t, "padded_squares.pdn")
	noErrors(t, games)
	g := games[0]
	eq(t, "zero padded", texts(g.Moves)[:6], []string{"34-29", "18-22", "32-28", "16-21", "31-26", "06-11"})
	eq(t, "zero padded number", g.Moves[0].Number, 1)
	eq(t, "match score terminator", g.Terminator, "4-6")
	eq(t, "moves before the score", len(g.Moves), 8)
	m := games[1].Moves[7]
	eq(t, "inner space", m.Text, "1- 7")
	eq(t, "squares", m.Squares(), "1-7")
	eq(t, "squares keep zeros", g.Moves[5].Squares(), "06-11")
	eq(t, "result on its own line", games[1].Terminator, "2-0")
}

func TestQuirkGluedComment(t *testing.T) {
	g := readFile(t, "glued_comment.pdn")[0]
	noErrors(t, []*Game{g})
	last := g.Moves[len(g.Moves)-1]
	eq(t, "move", last.Text, "8-11")
	eq(t, "comment", last.Comments(), []string{"Redoversteppedthetimecontrolonthismove."})
	eq(t, "terminator", g.Terminator, "0-1")
	g = readString(t, "1. c3-d4Whiteoversteppedthetime. *")[0]
	eq(t, "algebraic", g.Moves[0].Text, "c3-d4")
	eq(t, "algebraic comment", g.Moves[0].Comments(), []string{"Whiteoversteppedthetime."})
}

func TestQuirkStrengthAndNAGs(t *testing.T) {
	g := readFile(t, "strength_nag.pdn")[0]
	noErrors(t, []*Game{g})
	var strength []string
	var nags [][]int
	for _, m := range g.Moves {
		strength = append(strength, m.Strength())
		nags = append(nags, m.NAGs())
	}
	eq(t, "strength", strength, []string{"!?", "(!?!!!)", "", "", "?!", ""})
	eq(t, "NAGs", nags, [][]int{nil, nil, {1}, {902}, nil, nil})
}

func TestQuirkEscapedQuotes(t *testing.T) {
	g := readFile(t, "escaped_quotes.pdn")[0]
	noErrors(t, []*Game{g})
	eq(t, "tags", tagsOf(g), []string{
		`White=This is a string with an escaped character "`,
		`Site="64", 1974`,
		`Event=20e Championnat d\\'Afrique`,
		`Black=D\'Almeida, Jean`,
		`Annotator=a "quoted" word`,
	})
}

func TestQuirkResultMismatch(t *testing.T) {
	games := readFile(t, "result_mismatch.pdn")
	noErrors(t, games)
	eq(t, "tag", games[0].Result(), "0-2")
	eq(t, "terminator", games[0].Terminator, "*")
	v, _ := games[1].Tag("result")
	eq(t, "padded tag value", v, " 0-1")
	eq(t, "trimmed", games[1].Result(), "0-1")
}

func TestQuirkNoMoves(t *testing.T) {
	games := readFile(t, "no_moves.pdn")
	noErrors(t, games)
	var events []string
	for _, g := range games {
		events = append(events, g.Event())
	}
	eq(t, "events", events, []string{"Problem 1", "Problem 2", "Header only 1", "Header only 2", "With moves", "Tags after a blank line"})
	eq(t, "FEN", games[1].FEN(), "B:WK32,K31,30:BK28,K23,K22,21.")
	eq(t, "no moves", len(games[0].Moves)+len(games[2].Moves), 0)
	eq(t, "terminator", games[0].Terminator, "1-0")
	eq(t, "tag after a blank line", len(games[5].Tags), 3)
}

func TestQuirkItalianFrench(t *testing.T) {
	games := readFile(t, "italian_french.pdn")
	noErrors(t, games)
	type acc struct{ Event, Site, Date, Round, White, Black, Result string }
	get := func(g *Game) acc {
		return acc{g.Event(), g.Site(), g.Date(), g.Round(), g.White(), g.Black(), g.Result()}
	}
	eq(t, "Italian", get(games[0]), acc{"69° ASSOLUTO 1° TURNO", "", "2005", "", "BORGHETTI Michele", "MASCOLO Luca", "1-0"})
	eq(t, "French", get(games[1]), acc{"Open", "Avignon", "", "3", "Dupont", "Durand", "2-0"})
	eq(t, "playstrategy", get(games[2]), acc{"Casual American/English game", "", "", "", "mxnslyy", "PS-Greedy", "0-1"})
	eq(t, "Italian tags kept", tagsOf(games[0])[2], "Bianco=BORGHETTI Michele")
	eq(t, "Italian type", games[0].GameType(), GameType{Number: Italian, Inferred: true, Source: "squares"})
	eq(t, "Variant tag", games[2].GameType(), GameType{Number: English, Inferred: true, Source: "variant"})
	eq(t, "comment", games[0].Moves[5].Comments(), []string{"Bianco Vince"})
}

func TestQuirkWindows1251(t *testing.T) {
	games := readFile(t, "cp1251.pdn")
	noErrors(t, games)
	eq(t, "encodings", []string{games[0].Encoding, games[1].Encoding}, []string{Windows1251, UTF8})
	eq(t, "event", games[0].Event(), "XXV первенство СССР")
	eq(t, "white", games[0].White(), "Абациев Э.")
	eq(t, "comment", games[0].Moves[1].Comments(), []string{"ход"})
	eq(t, "second game", games[1].White(), "Блиндер Б.")
	// Offsets are in the decoded text: the first game grew in decoding.
	eq(t, "offset", games[1].Pos.Offset, len(games[0].Raw)+4)
	eq(t, "line", games[1].Pos.Line, 7)
	if !strings.HasPrefix(games[0].Raw, "[Event \"XXV первенство") {
		t.Errorf("Raw not decoded: %q", games[0].Raw[:30])
	}
}

func TestQuirkBOM(t *testing.T) {
	g := readFile(t, "bom.pdn")[0]
	noErrors(t, []*Game{g})
	eq(t, "pos", g.Pos, Pos{Offset: 0, Line: 1, Column: 1})
	eq(t, "event", g.Event(), "BOM")
}

func TestQuirkContinuations(t *testing.T) {
	games := readFile(t, "continuation.pdn")
	noErrors(t, games)
	m := games[0].Moves
	eq(t, "1. ... 7-12", [3]any{m[0].Number, m[0].Ellipsis, m[0].Text}, [3]any{int32(1), true, "7-12"})
	eq(t, "3... 22x11", [3]any{m[3].Number, m[3].Ellipsis, m[3].Text}, [3]any{int32(3), true, "22x11"})
	unk := games[1].Moves
	eq(t, "unknown moves", len(unk), 6)
	if !unk[0].Unknown || unk[0].Text != "-" || unk[2].Number != 2 {
		t.Errorf("unknown move %+v", unk[0])
	}
	eq(t, "terminator after unknown moves", games[1].Terminator, "1/2-1/2")
	w := games[2].Moves
	eq(t, "stray dot", texts(w), []string{"33-29", "20-25", "39-33", "14-20", "44-39"})
	eq(t, "comments", w[4].Comments(), []string{"[%drgnode 152 152]"})
	eq(t, "eval comment", w[3].Comments(), []string{"[%eval 0.0]"})
}

func TestQuirkVariations(t *testing.T) {
	games := readFile(t, "variations.pdn")
	noErrors(t, games)
	g := games[0]
	eq(t, "main line", texts(g.Moves), []string{"32-28", "19-23", "28x19", "14x23"})
	v := g.Moves[1].Variations()
	eq(t, "variation", texts(v[0]), []string{"18-23", "38-32", "12-18"})
	vv := v[0][1].Variations()[0]
	eq(t, "nested", texts(vv), []string{"37-32", "23-29"})
	eq(t, "nested strength", vv[0].Strength()+vv[1].Strength(), "?!")
	eq(t, "nested comment", vv[1].Comments(), []string{"Black wins"})
	h := games[1].Moves[2]
	eq(t, "two variations", len(h.Variations()), 2)
	eq(t, "first", texts(h.Variations()[0]), []string{"33-29", "23x34", "39x30"})
	eq(t, "NAG in variation", h.Variations()[0][1].NAGs(), []int{2})
	eq(t, "variation of a variation", texts(h.Variations()[0][1].Variations()[0]), []string{"12-18"})
	eq(t, "comment before the first move", h.Variations()[1][0].Before(), []string{"first"})
	eq(t, "main line goes on", games[1].Moves[3].Text, "12-18")
}

func TestQuirkLineComments(t *testing.T) {
	g := readFile(t, "line_comments.pdn")[0]
	noErrors(t, []*Game{g})
	eq(t, "% comment", g.Comment, "Board game: International Draughts 10x10")
	eq(t, "; comment", g.Moves[1].Comments(), []string{"a line comment"})
	eq(t, "pos of the first tag", g.Pos.Line, 2)
	eq(t, "moves", len(g.Moves), 4)
}

func TestQuirkSetup(t *testing.T) {
	g := readFile(t, "setup.pdn")[0]
	noErrors(t, []*Game{g})
	eq(t, "setup", g.Setup, "W:W31-50:B1-20")
	eq(t, "FEN", g.FEN(), "W:W31-50:B1-20")
	eq(t, "moves", len(g.Moves), 2)
}

func TestQuirkJSON(t *testing.T) {
	games := readFile(t, "games.json")
	noErrors(t, games)
	var sites, terms []string
	for _, g := range games {
		sites = append(sites, g.Site())
		terms = append(terms, g.Terminator)
	}
	eq(t, "sites", sites, []string{"https://lidraughts.org/a", "https://lidraughts.org/b", "https://lidraughts.org/c", ""})
	eq(t, "terminators", terms, []string{"2-0", "", "1-1", "0-2"})
	eq(t, "moves of the first", len(games[0].Moves), 4)
}

func TestQuirkTagless(t *testing.T) {
	games := readFile(t, "tagless.txt")
	noErrors(t, games)
	eq(t, "one game", len(games), 1)
	eq(t, "moves", texts(games[0].Moves), []string{"10-15", "22-18", "15x22", "25x18", "a3b4", "cd4", "c:e5", "Kd4"})
}

// A Cyrillic letter typed for a file (с for c, в for d on a Russian
// keyboard) keeps the move, as written, so that replay can report it and
// suggest the move meant; the rest of the game is read. Other non-ASCII
// text is still a bad token.
func TestQuirkCyrillicLetterInMove(t *testing.T) {
	g := readString(t, "1. с3-d4 f6-g5 2. g3-h4 в6:f4 3. e3:g5 h6:f4 4. c3-в4 *")[0]
	noErrors(t, []*Game{g})
	eq(t, "moves", texts(g.Moves), []string{"с3-d4", "f6-g5", "g3-h4", "в6:f4", "e3:g5", "h6:f4", "c3-в4"})
	g = readString(t, "1. c3-d4 b6-а5 2. d4-c5 d6хb4 *")[0] // a Cyrillic а after a Latin square, х for x
	noErrors(t, []*Game{g})
	eq(t, "moves", texts(g.Moves), []string{"c3-d4", "b6-а5", "d4-c5", "d6хb4"})
	g = readString(t, "1. c3-вd4 *")[0]
	if g.Err == nil {
		t.Errorf("c3-вd4: no error, moves %q", texts(g.Moves))
	}
	for _, bad := range []string{"1. c3-d4 Хорошо *", "1. c3-d4Хорошо *", "1. с3 *", "1. с3- *"} {
		if g := readString(t, bad)[0]; g.Err == nil {
			t.Errorf("%q: no error, moves %q", bad, texts(g.Moves))
		}
	}
}
