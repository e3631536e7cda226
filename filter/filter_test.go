package filter

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/damka/damka/validate"

	"github.com/damka/damka/pdn"
)

// games reads PDN text.
func games(t *testing.T, text string) []*pdn.Game {
	t.Helper()
	r := pdn.NewReader(strings.NewReader(text), "test.pdn")
	var out []*pdn.Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return out
		}
		if g == nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
}

func replay(g *pdn.Game) *validate.Report { return validate.Game(g, validate.Options{}) }

// selected returns the indexes (1-based) of the games c selects.
func selected(c *Criteria, gs []*pdn.Game) []int {
	var out []int
	for _, g := range gs {
		if ok, _ := c.Match(g, replay); ok {
			out = append(out, g.Index)
		}
	}
	return out
}

func eqInts(t *testing.T, what string, got, want []int) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: selected %v, want %v", what, got, want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s: selected %v, want %v", what, got, want)
			return
		}
	}
}

const archive = `[Event "X чемпионат СССР"]
[White "Цирик З.И."]
[Black "Петров С."]
[Date "1955.05.12"]
[WhiteElo "900"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 f6-g5 2. g3-f4 2-0

[Event "Moscow Open"]
[White "Ivanov A."]
[Black "Z. Tsirik"]
[Date "1961"]
[WhiteElo "2300"]
[Result "1-1"]
[GameType "25"]

1. g3-f4 f6-g5 2. c3-d4 g5-h4 1-1

[Event "Campionato"]
[Bianco "Rossi"]
[Nero "Tsirik Zinovy"]
[Data "1950.??.??"]
[Result "0-1"]
[GameType "25"]

1. c3-d4 b6-a5 2. d4-c5 d6:b4 3. a3:c5 0-2

[Event "International"]
[White "Sijbrands T."]
[Black "Wiersma H."]
[Date "03.07.20"]
[Result "1-1"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 1-1
`

func TestTags(t *testing.T) {
	gs := games(t, archive)
	for _, c := range []struct {
		tests []string
		want  []int
	}{
		{[]string{"WhiteElo>=2300"}, []int{2}}, // 900 < 2300 as numbers ("900" > "2300" as text)
		{[]string{"WhiteElo<1000"}, []int{1}},
		{[]string{"WhiteElo=2300.0"}, []int{2}},
		{[]string{"WhiteElo!=900"}, []int{2, 3, 4}}, // a game without the tag passes !=
		{[]string{"Event~чемпионат"}, []int{1}},
		{[]string{"Event~ЧЕМПИОНАТ"}, []int{1}},
		{[]string{"event~open"}, []int{2}},
		{[]string{"Event=moscow open"}, []int{2}},
		{[]string{`Event="Moscow Open"`}, []int{2}},
		{[]string{"White=Rossi"}, []int{3}}, // Bianco stands for White
		{[]string{"Date>=1955"}, []int{1, 2}},
		{[]string{"Result=1-1", "GameType=25"}, []int{2}},
		{[]string{"Round=1"}, nil},
	} {
		cr := New()
		for _, s := range c.tests {
			tt, err := ParseTag(s)
			if err != nil {
				t.Fatal(err)
			}
			cr.Tags = append(cr.Tags, tt)
		}
		eqInts(t, strings.Join(c.tests, " "), selected(cr, gs), c.want)
	}
	for _, bad := range []string{"WhiteElo", "=2300", "White Elo=1"} {
		if _, err := ParseTag(bad); err == nil {
			t.Errorf("ParseTag(%q): no error", bad)
		}
	}
}

func TestPlayers(t *testing.T) {
	gs := games(t, archive)
	p := func(ss ...string) []string { return ss }
	for _, c := range []struct {
		players, white, black []string
		want                  []int
	}{
		{players: p("Tsirik"), want: []int{1, 2, 3}},
		{players: p("Цирик З.И."), want: []int{1, 2, 3}},
		{players: p("Z. Tsirik"), want: []int{1, 2, 3}},
		{players: p("Tsirik A."), want: nil},
		{white: p("Tsirik"), want: []int{1}},
		{black: p("Цирик"), want: []int{2, 3}},
		{players: p("Tsirik", "Petrov"), want: []int{1}},
		{players: p("Tsirik"), white: p("Ivanov"), want: []int{2}},
	} {
		cr := New()
		for _, s := range c.players {
			n, err := ParsePlayer(s)
			if err != nil {
				t.Fatal(err)
			}
			cr.Players = append(cr.Players, n)
		}
		for _, s := range c.white {
			n, _ := ParsePlayer(s)
			cr.White = append(cr.White, n)
		}
		for _, s := range c.black {
			n, _ := ParsePlayer(s)
			cr.Black = append(cr.Black, n)
		}
		eqInts(t, strings.Join(append(append(c.players, c.white...), c.black...), "/"), selected(cr, gs), c.want)
	}
	if _, err := ParsePlayer("Z.I."); err == nil {
		t.Error("initials alone: no error")
	}
}

func TestParseDate(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // "" for unknown
	}{
		{"1947.05.12", "1947.05.12"},
		{"1947-05-12", "1947.05.12"},
		{"1947/05/12", "1947.05.12"},
		{"12.05.1947", "1947.05.12"},
		{"1.1.1965", "1965.01.01"},
		{"25.11.2000", "2000.11.25"},
		{"1950", "1950"},
		{"1950.", "1950"},
		{"1950.05", "1950.05"},
		{"05.1950", "1950.05"},
		{"1947.??.??", "1947"},
		{"1841-??-??", "1841"},
		{"1947.05.??", "1947.05"},
		{"1947.02.30", "1947.02"},
		{"2004.10.27 - 2004.11.01", "2004.10.27 - 2004.11.01"},
		{"????.??.??", ""},
		{"03.07.20", ""},
		{"", ""},
		{"?", ""},
		{"yesterday", ""},
	} {
		d, ok := ParseDate(c.in)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("ParseDate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// ParseBound refuses the impossible dates ParseDate reads as partial
// ones (issue 44, item 8).
func TestParseBound(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // "" for no date
	}{
		{"1950.13", ""},
		{"1950.00", ""},
		{"1950.02.31", ""},
		{"1950.00.00", ""},
		{"1950.04.31", ""},
		{"1900.02.29", ""},
		{"31.02.1950", ""},
		{"1950.1a", ""},
		{"1950.02.30 - 1950.03.01", ""},
		{"2000.02.29", "2000.02.29"},
		{"1996.02.29", "1996.02.29"},
		{"1950.12.31", "1950.12.31"},
		{"1950.12", "1950.12"},
		{"1950", "1950"},
		{"1950.??.??", "1950"},
		{"1947.05.??", "1947.05"},
		{"12.05.1947", "1947.05.12"},
		{"2004.10.27 - 2004.11.01", "2004.10.27 - 2004.11.01"},
		{"someday", ""},
	} {
		d, ok := ParseBound(c.in)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("ParseBound(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if _, err := (&Spec{From: "1950.02.31", MinPlies: -1, MaxPlies: -1}).Criteria(); err == nil || !strings.Contains(err.Error(), "--from: \"1950.02.31\" is not a date") {
		t.Errorf("Criteria with --from 1950.02.31: %v", err)
	}
}

func TestDates(t *testing.T) {
	gs := games(t, archive)
	for _, c := range []struct {
		from, to string
		want     []int
	}{
		{"1950", "1959", []int{1, 3}},
		{"1955.05.12", "1955.05.12", []int{1}},
		{"1955.06", "", []int{2}},
		{"", "1955", []int{1, 3}},
		{"1960", "", []int{2}},
		{"1950.06", "1959", []int{1}}, // 1950.??.?? may be before June
	} {
		cr := New()
		if c.from != "" {
			cr.From, _ = ParseDate(c.from)
		}
		if c.to != "" {
			cr.To, _ = ParseDate(c.to)
		}
		eqInts(t, c.from+".."+c.to, selected(cr, gs), c.want)
	}
	a, _ := ParseDate("1955")
	b, _ := ParseDate("1955.05.12")
	d, _ := ParseDate("1955.06")
	if !a.Compatible(b) || b.Compatible(d) || !d.Compatible(Date{}) {
		t.Errorf("Compatible: 1955~1955.05.12 %v, 1955.05.12~1955.06 %v, 1955.06~? %v", a.Compatible(b), b.Compatible(d), d.Compatible(Date{}))
	}
}

func TestPlay(t *testing.T) {
	gs := games(t, archive)
	cr := New()
	cr.MinPlies = 4
	eqInts(t, "min 4", selected(cr, gs), []int{2, 3, 4})
	cr.MaxPlies = 4
	eqInts(t, "4..4", selected(cr, gs), []int{2, 4})
	cr = New()
	cr.MaxPlies = 3
	eqInts(t, "max 3", selected(cr, gs), []int{1})

	for _, c := range []struct {
		results []string
		want    []int
	}{
		{[]string{"2-0"}, []int{1}},
		{[]string{"1-0"}, []int{1}},
		{[]string{"1/2-1/2"}, []int{2, 4}},
		{[]string{"0-2", "2-0"}, []int{1, 3}}, // game 3: Risultato "0-1"
		{[]string{"*"}, nil},
	} {
		cr := New()
		for _, s := range c.results {
			r, err := ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			cr.Results = append(cr.Results, r)
		}
		eqInts(t, strings.Join(c.results, ","), selected(cr, gs), c.want)
	}
	if _, err := ParseResult("3-0"); err == nil {
		t.Error("ParseResult(3-0): no error")
	}

	for _, c := range []struct {
		variant string
		want    []int
	}{
		{"russian", []int{1, 2, 3}},
		{"shashki", []int{1, 2, 3}},
		{"25", []int{1, 2, 3}},
		{"international", []int{4}},
		{"20", []int{4}},
		{"english", nil},
	} {
		v, err := ParseVariant(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		cr := New()
		cr.Variants = []VariantTest{v}
		eqInts(t, c.variant, selected(cr, gs), c.want)
	}
	for _, bad := range []string{"chinese-checkers", "giveaway"} {
		if _, err := ParseVariant(bad); err == nil {
			t.Errorf("ParseVariant(%s): no error", bad)
		}
	}
}

// Positions are found whatever the move order: games 1 and 2 reach the
// position after 1. c3-d4 f6-g5 2. g3-f4 in different orders.
func TestPositions(t *testing.T) {
	gs := games(t, archive)
	fen := replay(gs[0]).Final.FEN()
	pt, err := ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	cr := New()
	cr.Positions = []PositionTest{pt}
	if !cr.NeedsReplay() {
		t.Error("a position criterion needs replay")
	}
	eqInts(t, fen, selected(cr, gs), []int{1, 2})
	cr.AfterPly = 4
	eqInts(t, fen+" after ply 4", selected(cr, gs), nil)
	cr.AfterPly = 3
	eqInts(t, fen+" after ply 3", selected(cr, gs), []int{1, 2})

	start, _ := ParsePosition("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8")
	cr = New()
	cr.Positions = []PositionTest{start}
	eqInts(t, "start", selected(cr, gs), []int{1, 2, 3}) // not 4: not replayed (international)
	cr.AfterPly = 1
	eqInts(t, "start after ply 1", selected(cr, gs), nil)
	cr.AfterPly = 0
	cr.Positions = []PositionTest{start, pt} // both
	eqInts(t, "start and "+fen, selected(cr, gs), []int{1, 2})

	if _, err := ParsePosition("W:Wz9"); err == nil {
		t.Error("ParsePosition(W:Wz9): no error")
	}
}

const endgames = `[Event "kings"]
[Result "*"]
[GameType "25"]
[SetUp "1"]
[FEN "W:WKa1,Kc1,Ke1,c3:BKh8,Kf8"]

1. c3-d4 f8-g7 2. d4-e5 *

[Event "capture"]
[Result "*"]
[GameType "25"]
[SetUp "1"]
[FEN "W:WKa1,Kc1,Ke1,c3:BKh8,d4"]

1. c3:e5 h8-g7 *
`

func TestMaterial(t *testing.T) {
	gs := games(t, endgames)
	for _, c := range []struct {
		spec  string
		after int
		want  []int
	}{
		{"W:3K1M B:2K", 0, []int{1}},
		{"W:3K1M B:1K", 0, []int{2}}, // after 1. c3:e5
		{"W:3K1M B:1K1M", 0, []int{2}},
		{"W:3K1M B:1K1M", 1, nil}, // only at the start
		{"W:3K B:2K", 0, nil},
		{"w:3k1m+ b:2k", 0, []int{1}},
		{"B:2K", 0, []int{1}},
		{"W:2K+,1M", 0, []int{1, 2}},
		{"W:1M+,3K B:1K", 2, []int{2}},
		{"W:2M+", 0, nil},
	} {
		m, err := ParseMaterial(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		cr := New()
		cr.Materials = []Material{m}
		cr.AfterPly = c.after
		eqInts(t, c.spec, selected(cr, gs), c.want)
	}
	for _, bad := range []string{"", "3K", "W:3Q", "W:K", "W:1K W:2K", "X:1K"} {
		if _, err := ParseMaterial(bad); err == nil {
			t.Errorf("ParseMaterial(%q): no error", bad)
		}
	}
}

func TestValidation(t *testing.T) {
	gs := games(t, archive+`
[Event "missed capture"]
[Result "*"]
[GameType "25"]

1. c3-d4 f6-e5 2. a3-b4 e5:a5 *

[Event "clean"]
[Result "0-2"]
[GameType "25"]
[SetUp "1"]
[FEN "B:Wa1:Bc3,a3"]

1... a3-b2 0-2

[Event "no GameType"]
[Result "*"]

1. c3-d4 *

[Event "Spantsiretti"]
[GameType "41"]
[Result "*"]

1. 32-28 19-23 *

[Event "broken"]
[GameType "25"]

1. c3-d4 {never closed
`)
	for _, c := range []struct {
		has, status string
		want        []int
	}{
		{has: "missed_capture", want: []int{5}},
		{has: "unknown_variant", want: []int{8}},
		{status: "clean", want: []int{1, 2, 3, 4, 6}},
		{status: "warnings", want: []int{7}},
		{status: "errors", want: []int{5, 9}},
		{status: "unreadable", want: []int{9}},
		{has: "variant_inferred", want: []int{7}},
		{status: "unchecked", want: []int{8}},
		{has: "missed_capture", status: "errors", want: []int{5}},
		{has: "missed_capture", status: "warnings", want: nil},
	} {
		cr := New()
		if c.has != "" {
			k, err := ParseKind(c.has)
			if err != nil {
				t.Fatal(err)
			}
			cr.Has = []validate.Kind{k}
		}
		if c.status != "" {
			s, err := ParseStatus(c.status)
			if err != nil {
				t.Fatal(err)
			}
			cr.Statuses = s
		}
		eqInts(t, c.has+"/"+c.status, selected(cr, gs), c.want)
	}
	if _, err := ParseKind("blunder"); err == nil {
		t.Error("ParseKind(blunder): no error")
	}
	if _, err := ParseStatus("fine"); err == nil {
		t.Error("ParseStatus(fine): no error")
	}
}

func TestOpening(t *testing.T) {
	gs := games(t, `[GameType "25"]

1. cd4 dc5 2. bc3 ed6 3. gf4 *

[GameType "25"]

1. cb4 fe5 2. bc5 b:d4 3. e:c5 d:b4 4. a:c5 *

[GameType "25"]

1. cb4 fe5 2. bc5 d:b4 3. a:c5 b:d4 4. e:c5 *

[GameType "25"]

1. cd4 de5 2. bc3 ed6 3. ef4 *

[GameType "25"]

1. ab4 ba5 *
`)
	for in, want := range map[string][]int{
		"Старая партия":   {1},
		"staraya PARTIYA": {1},
		"Тычок":           {2, 3}, // two move orders, one tabiya
		"Перекресток":     {4},    // е for ё
		"Perekrestok":     {4},
		"Отказанная городская партия": nil,
	} {
		name, err := ParseOpening(in)
		if err != nil {
			t.Fatal(err)
		}
		c := New()
		c.Openings = []string{name}
		if !c.NeedsReplay() {
			t.Fatal("--opening needs the game replayed")
		}
		if got := selected(c, gs); !slices.Equal(got, want) {
			t.Errorf("%s: selected %v, want %v", in, got, want)
		}
	}
	c := New()
	c.Openings = []string{"Старая партия", "Перекрёсток"}
	if got := selected(c, gs); !slices.Equal(got, []int{1, 4}) {
		t.Errorf("either of two: %v", got)
	}
	if _, err := ParseOpening("Нет такого дебюта"); err == nil {
		t.Error("a name not in the table was read")
	}
}

// A tag test reads a tag as the dataset's column does (issue 29, item 9:
// --tag WhiteElo found 3 games where white_elo had 14): WhiteRating
// stands for WhiteElo, and a value written "?" or empty is no value (the
// column's NULL; "?" is not above 2000 as text), except to a test for "?".
func TestTagAsColumns(t *testing.T) {
	gs := games(t, `[WhiteElo "2400"]
[GameType "25"]

1. c3-d4 *

[WhiteRating "2500"]
[GameType "25"]

1. c3-d4 *

[WhiteElo "?"]
[GameType "25"]

1. c3-d4 *

[WhiteElo ""]
[WhiteRating "2100"]
[GameType "25"]

1. c3-d4 *

[White "?"]
[GameType "25"]

1. c3-d4 *
`)
	for _, c := range []struct {
		test string
		want []int
	}{
		{"WhiteElo>=2000", []int{1, 2, 4}},
		{"whiteelo>2450", []int{2}},
		{"WhiteRating>=2000", []int{1, 2, 4}},
		{"WhiteElo=?", []int{3}},
		{"WhiteElo!=2400", []int{2, 3, 4, 5}},
		{"White=?", []int{5}},
		{"White>A", nil},
	} {
		tt, err := ParseTag(c.test)
		if err != nil {
			t.Fatal(err)
		}
		cr := New()
		cr.Tags = []TagTest{tt}
		eqInts(t, c.test, selected(cr, gs), c.want)
	}
}
