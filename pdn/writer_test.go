package pdn

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// cmpWritten compares a game read back from Writer's output with the
// Canonical form of the game written: what is about the source (file,
// positions, raw text, encoding) is left out.
var cmpWritten = cmp.Options{
	cmpopts.IgnoreUnexported(Game{}),
	cmpopts.IgnoreFields(Game{}, "File", "Index", "Pos", "RawPos", "Raw", "Encoding", "Err"),
	cmpopts.IgnoreFields(Move{}, "Pos"),
	cmpopts.EquateEmpty(),
}

func write(t tester, games ...*Game) string {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, g := range games {
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// roundTrip writes g, reads it back and checks that it reads as
// g.Canonical(), that writing it again gives the same text, and that lines
// stay under 80 columns.
func roundTrip(t tester, g *Game) {
	t.Helper()
	out := write(t, g)
	back := readAll(t, NewReader(strings.NewReader(out), "written"))
	if len(back) != 1 {
		t.Fatalf("%s game %d: %d games read back from\n%s", g.File, g.Index, len(back), out)
	}
	if back[0].Err != nil {
		t.Fatalf("%s game %d: %v in\n%s", g.File, g.Index, back[0].Err, out)
	}
	if c := g.Canonical(); !sameGame(c, back[0]) {
		diff := cmp.Diff(c, back[0], cmpWritten)
		t.Fatalf("%s game %d: read back (-canonical +read):\n%s\nwritten:\n%s", g.File, g.Index, diff, out)
	}
	if again := write(t, back[0]); again != out {
		t.Fatalf("%s game %d: second write differs:\n%s\n---\n%s", g.File, g.Index, out, again)
	}
	// Lines are under 80 columns, but for tag pairs and words longer
	// than that (alone on their line).
	var w Writer
	w.movetext(g.Canonical())
	long := map[string]bool{}
	for _, s := range w.items {
		long[s] = true
	}
	for _, line := range strings.Split(out, "\n") {
		if utf8.RuneCountInString(line) >= 80 && !strings.HasPrefix(line, "[") && !long[line] {
			t.Fatalf("%s game %d: line of %d columns: %q", g.File, g.Index, utf8.RuneCountInString(line), line)
		}
	}
}

// sameGame is a fast cmp.Equal(a, b, cmpWritten).
func sameGame(a, b *Game) bool {
	if a.Setup != b.Setup || a.Comment != b.Comment || a.Terminator != b.Terminator || len(a.Tags) != len(b.Tags) {
		return false
	}
	for i := range a.Tags {
		if a.Tags[i] != b.Tags[i] {
			return false
		}
	}
	return sameMoves(a.Moves, b.Moves)
}

func sameMoves(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Number != y.Number || x.Ellipsis != y.Ellipsis || x.Text != y.Text || x.Unknown != y.Unknown || x.Strength() != y.Strength() ||
			!slices.Equal(x.NAGs(), y.NAGs()) || !slices.Equal(x.Comments(), y.Comments()) || !slices.Equal(x.Before(), y.Before()) ||
			len(x.Variations()) != len(y.Variations()) {
			return false
		}
		for k, v := range x.Variations() {
			if !sameMoves(v, y.Variations()[k]) {
				return false
			}
		}
	}
	return true
}

func TestWriterGolden(t *testing.T) {
	in := "[Bianco \"Rossi\"]\n[Nero \"Bianchi\"]\n[Event \"Torneo\"]\n[Risultato \"1-0\"]\n[Apertura \"0028\"]\n" +
		"{intro}\n1. 21-17 12-15! $1 2. 23-19 {a comment} 11-14 (2... 10-14 {best} 3. 19x10) 3. 19x12 8x15 1-0\n"
	g := readString(t, in)[0]
	want := `[Event "Torneo"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "Rossi"]
[Black "Bianchi"]
[Result "1-0"]
[GameType "22"]
[Bianco "Rossi"]
[Nero "Bianchi"]
[Risultato "1-0"]
[Apertura "0028"]

{intro} 1. 21-17 12-15! $1 2. 23-19 {a comment} 2... 11-14 (2... 10-14 {best}
3. 19x10) 3. 19x12 8x15 1-0
`
	if got := write(t, g); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	roundTrip(t, g)
}

func TestWriterSeparatesGames(t *testing.T) {
	games := readFile(t, "one_line.pdn")
	out := write(t, games...)
	back := readString(t, out)
	if len(back) != len(games) {
		t.Fatalf("%d games back, want %d", len(back), len(games))
	}
	if !strings.Contains(out, "1-1\n\n[Event \"B\"]") {
		t.Errorf("games not separated by a blank line:\n%s", out)
	}
}

func TestWriterCommentsWithBraces(t *testing.T) {
	g := readString(t, "1. 32-28 ; a } brace\n19-23 {x} *")[0]
	if got := g.Moves[0].Comments(); !cmp.Equal(got, []string{"a } brace"}) {
		t.Fatalf("comments %q", got)
	}
	out := write(t, g)
	if !strings.Contains(out, ";a } brace\n") {
		t.Errorf("written as\n%s", out)
	}
	roundTrip(t, g)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterError(t *testing.T) {
	w := NewWriter(failWriter{})
	g := readString(t, "1. 32-28 *")[0]
	w.Write(g)
	w.Flush()
	if w.Error() == nil {
		t.Error("no error")
	}
}

func TestCanonicalNumbers(t *testing.T) {
	g := readString(t, "[FEN \"B:W1:B2\"] 1... 7-12 8-11 {c} 12-16 ( 16-20 (20-24) ) 11-15 *")[0]
	c := g.Canonical()
	type num struct {
		N int32
		E bool
	}
	var got []num
	for _, m := range c.Moves {
		got = append(got, num{m.Number, m.Ellipsis})
	}
	eq(t, "numbers", got, []num{{1, true}, {2, false}, {2, true}, {3, false}})
	v := c.Moves[2].Variations()[0]
	eq(t, "variation numbers", []num{{v[0].Number, v[0].Ellipsis}}, []num{{2, true}})
	eq(t, "nested variation", v[0].Variations()[0][0].Number, 2)
	if g.Moves[1].Number != 0 {
		t.Error("Canonical changed the game")
	}
}

// TestRoundTripTestdata: write(read(x)) read again equals read(x)
// (canonical), for every game of testdata/pdn without a syntax error.
func TestRoundTripTestdata(t *testing.T) {
	names, err := walkFiles(testdata)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range names {
		readGames(name, func(g *Game, err error) error {
			if err == nil {
				roundTrip(t, g)
				n++
			}
			return nil
		})
	}
	if n < 50 {
		t.Errorf("only %d games", n)
	}
}

// TestRoundTripCorpus is the same for every game of the shared corpus.
func TestRoundTripCorpus(t *testing.T) {
	n := 0
	for _, name := range corpusFiles(t) {
		readGames(name, func(g *Game, err error) error {
			if err == nil {
				roundTrip(t, g)
				n++
			}
			return nil
		})
	}
	if n < 3900 {
		t.Errorf("only %d games", n)
	}
}

// genGame generates games as the reader could give them.
func genGame(t *rapid.T) *Game {
	word := rapid.StringMatching(`[A-Za-z0-9 ,.'"\\é-]{0,12}`)
	g := &Game{}
	for _, name := range rapid.SliceOfN(rapid.SampledFrom([]string{"Event", "Site", "White", "Black", "Result", "FEN", "GameType", "Round", "Bianco", "Nero", "Opening", "Event"}), 0, 6).Draw(t, "tags") {
		g.Tags = append(g.Tags, Tag{Name: name, Value: word.Draw(t, "value")})
	}
	comment := rapid.StringMatching(`[a-z{}%;]([a-z0-9 ,.!?%;()\[\]{}]{0,20}[a-z])?`)
	var line func(depth int) []Move
	line = func(depth int) []Move {
		n := rapid.IntRange(1, 6).Draw(t, "moves")
		ms := make([]Move, n)
		for i := range ms {
			m := &ms[i]
			m.Text = rapid.SampledFrom([]string{"32-28", "19-23", "c3-d4", "g3xe5", "c3:e5:g3", "1- 7", "01-06", "24x15x6", "cd4", "c:e5", "a3b4", "-"}).Draw(t, "text")
			m.Unknown = m.Text == "-"
			nt := new(Notes)
			nt.Strength = rapid.SampledFrom([]string{"", "", "!", "?", "!?", "(!?!!!)"}).Draw(t, "strength")
			if rapid.IntRange(0, 3).Draw(t, "nag?") == 0 {
				nt.NAGs = []int{rapid.IntRange(0, 999).Draw(t, "nag")}
			}
			if rapid.IntRange(0, 3).Draw(t, "comment?") == 0 {
				nt.Comments = []string{normComment(comment.Draw(t, "comment"))}
			}
			if depth < 3 && rapid.IntRange(0, 5).Draw(t, "variation?") == 0 {
				v := line(depth + 1)
				if rapid.Bool().Draw(t, "before?") {
					if v[0].Notes == nil {
						v[0].Notes = new(Notes)
					}
					v[0].Notes.Before = []string{"before"}
				}
				nt.Variations = [][]Move{v}
			}
			if !nt.IsZero() {
				m.Notes = nt
			}
		}
		return ms
	}
	g.Moves = line(0)
	if rapid.Bool().Draw(t, "comment") {
		g.Comment = "game comment"
	}
	if rapid.Bool().Draw(t, "setup") {
		g.Setup = "W:W31-50:B1-20"
	}
	g.Terminator = rapid.SampledFrom([]string{"", "*", "1-0", "0-1", "2-0", "0-2", "1-1", "1/2-1/2", "0-0"}).Draw(t, "terminator")
	return g
}

// TestRoundTripRapid checks the round trip on generated games.
func TestRoundTripRapid(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g := genGame(rt)
		for i := range g.Moves {
			if c := g.Moves[i].Comments(); len(c) > 0 && c[0] == "" {
				g.Moves[i].Notes.Comments = nil
			}
		}
		roundTrip(rt, g)
	})
}
