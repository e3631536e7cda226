package openings

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// report replays a game of Russian draughts written as PDN movetext.
func report(t *testing.T, movetext string) *validate.Report {
	t.Helper()
	return reportIn(t, draughts.Russian, movetext)
}

// reportIn replays a game of v written as PDN movetext, its GameType the
// one PDN gives v.
func reportIn(t *testing.T, v draughts.Variant, movetext string) *validate.Report {
	t.Helper()
	text := fmt.Sprintf("[GameType \"%d\"]\n[Result \"*\"]\n\n", validate.GameTypeOf(v)) + movetext + " *\n"
	g, err := pdn.NewReader(strings.NewReader(text), "test.pdn").Next()
	if err != nil {
		t.Fatalf("%q: %v", movetext, err)
	}
	return validate.Game(g, validate.Options{})
}

// numbered writes plies as PDN movetext.
func numbered(plies []string) string {
	var sb strings.Builder
	for i, m := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		}
		sb.WriteString(m + " ")
	}
	return sb.String()
}

func TestTableReplays(t *testing.T) {
	es := Table()
	if len(es) < 20 {
		t.Fatalf("%d entries", len(es))
	}
	for _, e := range es {
		// Every row's moves are legal moves of damka's rules (R-MAN-1,
		// R-CAP-1..5: the captures in the table are the compulsory ones),
		// replayed here by validate as a game, without a finding; the
		// International rows likewise by their variant's rules (docs/variants.md's
		// table: men capture backward, the majority capture).
		r := reportIn(t, e.Variant, numbered(e.Moves))
		if len(r.Findings) > 0 || len(r.Plies) != e.Plies() {
			t.Errorf("%s %v: %d plies, findings %v", e.Name, e.Moves, len(r.Plies), r.Findings)
			continue
		}
		if r.Final != e.Position {
			t.Errorf("%s: replay reaches %s, the table %s", e.Name, r.Final.FEN(), e.Position.FEN())
		}
		if e.Source == "" || (e.Variant != draughts.Russian && e.Variant != draughts.International) {
			t.Errorf("%s: source %q, variant %v", e.Name, e.Source, e.Variant)
		}
	}
	// Each table is read for its variant: the International rows are
	// International positions, named only in International games.
	n := map[draughts.Variant]int{}
	for _, e := range es {
		n[e.Variant]++
	}
	if n[draughts.Russian] < 20 || n[draughts.International] < 3 {
		t.Errorf("rows by variant: %v", n)
	}
	if got := Name(reportIn(t, draughts.International, "1. 32-28 19-23 2. 37-32")); got != "Symmetrical variation" {
		t.Errorf("an International game: named %q", got)
	}
	if got := Name(report(t, "1. cd4 dc5 2. bc3 ed6")); got != "Старая партия" {
		t.Errorf("a Russian game: named %q", got)
	}
}

func TestEveryNameReachedByItsMoves(t *testing.T) {
	for _, e := range Table() {
		r := reportIn(t, e.Variant, numbered(e.Moves))
		if got := Name(r); got != e.Name {
			t.Errorf("%v: named %q, want %q", e.Moves, got, e.Name)
		}
		// Played on past the tabiya, the game keeps the name while no
		// deeper table position comes.
		p := e.Position
		ms := e.Variant.Moves(&p, nil)
		if len(ms) == 0 {
			continue
		}
		longer := append(append([]string(nil), e.Moves...), ms[0].String())
		next := p.Play(&ms[0])
		if Lookup(e.Variant, &next) == nil {
			if got := Name(reportIn(t, e.Variant, numbered(longer))); got != e.Name {
				t.Errorf("%v: named %q, want %q", longer, got, e.Name)
			}
		}
	}
}

func TestNoDuplicatePositions(t *testing.T) {
	es := Table()
	for i := range es {
		for j := range i {
			if es[i].Variant == es[j].Variant && es[i].Position == es[j].Position {
				t.Errorf("%s %v and %s %v reach one position", es[i].Name, es[i].Moves, es[j].Name, es[j].Moves)
			}
		}
	}
	// The loader refuses such a table, too.
	dup := "variant\tname\tlang\tname_latin\tmoves\tsource\n" +
		"russian\tA\tru\tA\tc3-d4\tx\nrussian\tB\tru\tB\tc3-d4\ty\n"
	_, err := readTables(fstest.MapFS{"x.tsv": {Data: []byte(dup)}})
	if err == nil || !strings.Contains(err.Error(), "reaches the position of") {
		t.Errorf("a table with one position twice: %v", err)
	}
	bad := "variant\tname\tlang\tname_latin\tmoves\tsource\nrussian\tA\tru\tA\tc3-d4 c3-d4\tx\n"
	if _, err := readTables(fstest.MapFS{"x.tsv": {Data: []byte(bad)}}); err == nil {
		t.Error("a row whose moves do not replay was read")
	}
}

// TestTranspositions: two move orders to one tabiya get one name: the
// orders the sources give, and every order the rules allow up to 8 plies,
// found by trying every move.
func TestTranspositions(t *testing.T) {
	pairs := []struct {
		name string
		a, b string
	}{
		{"Тычок", "1. cb4 fe5 2. bc5 d:b4 3. a:c5 b:d4 4. e:c5", "1. cb4 fe5 2. bc5 b:d4 3. e:c5 d:b4 4. a:c5"},
		{"Обратный тычок", "1. cb4 fe5 2. bc3 ef4 3. g:e5 d:f4 4. e:g5 h:f4", "1. cb4 fg5 2. bc3 gf4 3. g:e5 d:f4 4. e:g5 h:f4"},
		{"Жертва Кукуева", "1. cb4 fg5 2. bc5 b:d4 3. e:c5 d:b4 4. a:c5 gf4 5. g:e5 cb6", "1. cd4 fg5 2. dc5 b:d4 3. e:c5 d:b4 4. a:c5 gf4 5. g:e5 cb6"},
		{"Жертва Кукуева", "1. cb4 fg5 2. bc5 b:d4 3. e:c5 d:b4 4. a:c5 gf4 5. g:e5 cb6", "1. cb4 fe5 2. bc5 d:b4 3. a:c5 b:d4 4. e:c5 ef4 5. g:e5 cb6"},
	}
	for _, p := range pairs {
		ra, rb := report(t, p.a), report(t, p.b)
		if ra.Final != rb.Final || len(ra.Findings)+len(rb.Findings) > 0 {
			t.Fatalf("%s: the two orders reach %s and %s (%v %v)", p.name, ra.Final.FEN(), rb.Final.FEN(), ra.Findings, rb.Findings)
		}
		if Name(ra) != p.name || Name(rb) != p.name {
			t.Errorf("%s: named %q and %q", p.name, Name(ra), Name(rb))
		}
	}
	if testing.Short() {
		return
	}
	// Every Russian game of up to 8 plies (perft 8 is 929,905): each that
	// reaches a table position after as many plies as its row is named by
	// it, replayed as a game for its first few move orders.
	orders := walkOrders(t, draughts.Russian, 8)
	// c3 must leave before b2 can come, d6 before e7 (R-MAN-1): the Old
	// game's tabiya has one move order; the sources give two for the
	// others, and there are more.
	want := map[string]int{"Старая партия": 1, "Тычок": -2, "Обратный тычок": -2, "Городская партия": -2}
	for _, e := range Table() {
		if e.Variant != draughts.Russian || e.Plies() > 8 {
			continue
		}
		n := orders[e.Position]
		if n == 0 {
			t.Errorf("%s %v: not reached", e.Name, e.Moves)
		}
		if w, ok := want[e.Name]; ok && (w > 0 && n != w || w < 0 && n < -w) {
			t.Errorf("%s %v: %d move orders, want %d (negative: at least)", e.Name, e.Moves, n, w)
		}
		if n > 1 {
			t.Logf("%s %v: %d move orders", e.Name, e.Moves, n)
		}
	}
}

// walkOrders plays every game of v of up to depth plies and counts, for
// each table position reached after as many plies as its row, the move
// orders that reach it, naming the first few as games (Name must give the
// row's name whatever the order).
func walkOrders(t *testing.T, v draughts.Variant, depth int) map[draughts.Position]int {
	t.Helper()
	orders := map[draughts.Position]int{}
	var walk func(p draughts.Position, plies []string)
	walk = func(p draughts.Position, plies []string) {
		if e := Lookup(v, &p); e != nil && len(plies) == e.Plies() {
			orders[p]++
			if orders[p] <= 3 {
				if got := Name(reportIn(t, v, numbered(plies))); got != e.Name {
					t.Errorf("%v: named %q, want %q", plies, got, e.Name)
				}
			}
		}
		if len(plies) == depth {
			return
		}
		for _, m := range v.Moves(&p, nil) {
			walk(p.Play(&m), append(plies[:len(plies):len(plies)], m.String()))
		}
	}
	walk(draughts.Start(v), nil)
	return orders
}

// TestTranspositionsInternational: the International table's rows of up to
// 6 plies, by every game of 6 plies (perft 6 is 167,140 sequences). No source
// read gives two orders for one of its tabiyas, and the walk finds none:
// each row's tabiya has its row's order alone (White's first move is the
// one that lets Black's reply and the exchange come), which the test
// holds so that a row added with a transposition is looked at.
func TestTranspositionsInternational(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every game of 6 plies")
	}
	orders := walkOrders(t, draughts.International, 6)
	for _, e := range Table() {
		if e.Variant != draughts.International || e.Plies() > 6 {
			continue
		}
		if n := orders[e.Position]; n != 1 {
			t.Errorf("%s %v: %d move orders, want 1", e.Name, e.Moves, n)
		}
	}
}

func TestOldGame(t *testing.T) {
	// The anchor, written short and in full, and played on.
	for _, mt := range []string{"1. cd4 dc5 2. bc3 ed6", "1. c3-d4 d6-c5 2. b2-c3 e7-d6 3. g3-f4"} {
		if got := Name(report(t, mt)); got != "Старая партия" {
			t.Errorf("%s: named %q", mt, got)
		}
	}
}

func TestDeepestWins(t *testing.T) {
	// Перекрёсток (4 plies), then Обратный перекрёсток (5), then the
	// declined one (6): the deepest position passed through names the game.
	cases := map[string]string{
		"1. cd4 de5 2. bc3 ed6 3. ef4":     "Перекрёсток",
		"1. cd4 de5 2. bc3 ed6 3. gh4 dc5": "Обратный перекрёсток",
		"1. cd4 de5 2. bc3 ed6 3. gh4 hg5": "Отказанный обратный перекрёсток",
		"1. cd4 dc5 2. dc3 fg5 3. gh4 gf4 4. e:g5 h:f4 5. fg3 c:e3 6. g:e5 bc5 7. ed6 c:e5 8. cd4 e:c3 9. b:f2": "Отказанная городская партия",
		"1. cd4 dc5 2. dc3 fg5 3. gh4 gf4 4. e:g5 h:f4":                                                         "Городская партия",
		"1. ab4 ba5 2. ed4":              "Игра Бодянского",
		"1. ab4 hg5":                     "",
		"1. cd4 fe5 2. d:f6 g:e5 3. ab4": "Гибельное начало",
		// Отыгрыш's two rows: its tabia, and Sargin's game with 3.gf4
		// that gave the name; 1.cd4 dc5 2.bc3 is the Old game's start.
		"1. cd4 dc5 2. bc3 cd6 3. cb4 ba5 4. d:b6 a:c7 5. ba5": "Отыгрыш",
		"1. cd4 dc5 2. bc3 cd6 3. gf4 ba5 4. d:b6 a:c7":        "Отыгрыш",
		"1. cd4 dc5 2. bc3 cd6 3. gf4 ba5":                     "",
	}
	for mt, want := range cases {
		if got := Name(report(t, mt)); got != want {
			t.Errorf("%s: named %q, want %q", mt, got, want)
		}
	}
	// A missed capture stops naming: the positions after it are not of a
	// game by the rules (R-CAP-1).
	r := report(t, "1. cd4 dc5 2. bc3 ed6")
	r.Plies[2].Illegal = true
	if got := Name(r); got != "" {
		t.Errorf("after a missed capture at ply 3: named %q", got)
	}
}

func TestNames(t *testing.T) {
	keys := map[string]string{}
	for _, e := range Table() {
		if e.Latin != Transliterate(e.Name) {
			t.Errorf("%s: name_latin %q, Transliterate gives %q", e.Name, e.Latin, Transliterate(e.Name))
		}
		if k := Key(e.Name); keys[k] != "" && keys[k] != e.Name {
			t.Errorf("%s and %s have one key %q", e.Name, keys[k], k)
		} else {
			keys[k] = e.Name
		}
		if Key(e.Latin) != Key(e.Name) {
			t.Errorf("%s: key %q, of %s %q", e.Name, Key(e.Name), e.Latin, Key(e.Latin))
		}
	}
	for in, want := range map[string]string{
		"Перекрёсток":                "Перекрёсток",
		"перекресток":                "Перекрёсток",
		"PEREKRYOSTOK":               "Перекрёсток",
		"Perekrjostok":               "Перекрёсток",
		"  старая   ПАРТИЯ ":         "Старая партия",
		"Staraja partija":            "Старая партия",
		"obratnyj tychok":            "Обратный тычок",
		"Igra Bodyanskogo":           "Игра Бодянского",
		"Obratnaya igra Bodjanskogo": "Обратная игра Бодянского",
		"otygrysh":                   "Отыгрыш",
		"Igra Ramma - Tsukernika":    "Игра Рамма — Цукерника",
		"the fox":                    "The Fox",
	} {
		if got, err := Find(in); got != want {
			t.Errorf("Find(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := Find("Игра Кукуева"); err == nil || !strings.Contains(err.Error(), "Старая партия") {
		t.Errorf("a name not in the table: %v", err)
	}
	if _, err := Find(""); err == nil {
		t.Error("an empty name was found")
	}
}

// The annotated games of abatsiev.pdn, a second source of the rows (see
// russian.tsv's header): no game whose Opening tag is a name gets another
// name, each game a row cites gets that row by its own moves, and each
// game that gets its tag's name is cited by the row that names it.
func TestAnnotatedGames(t *testing.T) {
	const file = "../testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn"
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games := map[int]*validate.Report{}
	rd := pdn.NewReader(f, file)
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			t.Fatalf("%s: %v", file, err)
		}
		games[g.Index] = validate.Game(g, validate.Options{})
	}
	if len(games) != 56 {
		t.Fatalf("%s: %d games, want 56", file, len(games))
	}
	// tagName is a game's Opening tag when it is a name: not a placeholder
	// ("?", "***") nor a first move in short notation ("cb4").
	shortMove := regexp.MustCompile(`^[a-h]{1,2}[1-8]$`)
	tagName := func(r *validate.Report) string {
		v, _ := r.Game.TagValue("Opening")
		if v = strings.Trim(v, "?* "); shortMove.MatchString(v) {
			return ""
		}
		return v
	}
	cites := regexp.MustCompile(`abatsiev\.pdn games? ([0-9]+(?:, [0-9]+)*)`)
	cited := map[int]*Entry{}
	es := Table()
	for i := range es {
		e := &es[i]
		for _, m := range cites.FindAllStringSubmatch(e.Source, -1) {
			for _, n := range strings.Split(m[1], ", ") {
				var k int
				fmt.Sscan(n, &k)
				r := games[k]
				if r == nil {
					t.Errorf("%s: cites game %d, not in %s", e.Name, k, file)
					continue
				}
				if got := Classify(r); got == nil || got.Name != e.Name || strings.Join(got.Moves, " ") != strings.Join(e.Moves, " ") {
					t.Errorf("%s (%s) cites game %d, which the table names %v", e.Name, strings.Join(e.Moves, " "), k, got)
				}
				if Key(tagName(r)) != Key(e.Name) {
					t.Errorf("%s cites game %d, whose Opening tag is %q", e.Name, k, tagName(r))
				}
				cited[k] = e
			}
		}
	}
	named := 0
	for k, r := range games {
		tag, got := tagName(r), Classify(r)
		if tag == "" || got == nil {
			continue
		}
		if Key(got.Name) != Key(tag) {
			t.Errorf("game %d, Opening %q: named %s", k, tag, got.Name)
			continue
		}
		named++
		if c := cited[k]; c == nil || c.Name != got.Name || c.Position != got.Position {
			t.Errorf("game %d, %s: not cited by its row (%s)", k, tag, strings.Join(got.Moves, " "))
		}
	}
	if named != 9 {
		t.Errorf("%d games named as their Opening tag, want 9", named)
	}
}
