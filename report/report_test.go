package report

import (
	"bytes"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// game is a replayed game with its analysis.
type game struct {
	r *validate.Report
	a *analyze.GameAnalysis
}

// analysed replays and analyses (at depth 2) the first n games of the
// sample archive; text, when given, replaces the archive.
func analysed(t *testing.T, n int, text string) []game {
	t.Helper()
	src := string(sample.PDN)
	if text != "" {
		src = text
	}
	rd := pdn.NewReader(strings.NewReader(src), "sample.pdn")
	srch := analyze.NewSearcher(draughts.Russian, analyze.Options{Depth: 2, TTSize: 1})
	var out []game
	for len(out) < n {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			t.Fatal(err)
		}
		r := validate.Game(g, validate.Options{})
		moves := make([]draughts.Move, len(r.Plies))
		for i := range moves {
			moves[i] = r.Plies[i].Move
		}
		out = append(out, game{r, &analyze.GameAnalysis{Depth: 2, Plies: srch.AnalyzeGame(&r.Start, moves)}})
	}
	return out
}

func build(games []game, top, all int) *Analysis {
	a := NewAnalysis(top, all)
	for _, g := range games {
		a.Add("sample.pdn", g.r, g.a)
	}
	return a
}

func write(t *testing.T, a *Analysis) string {
	t.Helper()
	var b bytes.Buffer
	if err := a.Write(&b, Meta{Version: "test", Command: "analyze --depth 2", Depth: 2}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func matches(s, re string) int { return len(regexp.MustCompile(re).FindAllStringIndex(s, -1)) }

func TestAnalysisWorstMoves(t *testing.T) {
	games := analysed(t, 40, "")
	a := build(games, 12, 5)
	// The kept moves are the 12 worst of all, in the order of the summary.
	type bad struct {
		drop      float64
		loss, seq int
		n, ply    int
	}
	var all []bad
	seq := 0
	for gi, g := range games {
		for i, e := range g.a.Plies {
			seq++
			if !analyze.Bad(e.Class) {
				continue
			}
			drop := analyze.WinningChances(e.Before) - analyze.WinningChances(e.After)
			all = append(all, bad{drop, e.Loss, seq, gi + 1, g.r.Plies[i].Ply})
		}
	}
	// Worst first: the greatest fall, then the greatest loss, then the
	// earliest move.
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.drop != b.drop {
			return a.drop > b.drop
		}
		if a.loss != b.loss {
			return a.loss > b.loss
		}
		return a.seq < b.seq
	})
	got := a.Worst()
	if len(got) != 12 || len(all) < 12 {
		t.Fatalf("%d worst moves kept of %d", len(got), len(all))
	}
	for i := range got {
		want := [2]int{all[i].n, all[i].ply}
		if got[i] != want {
			t.Errorf("worst move %d: game %d ply %d, want game %d ply %d", i+1, got[i][0], got[i][1], want[0], want[1])
		}
	}

	page := write(t, a)
	if n := matches(page, `<li class="card" id="w[0-9]+">`); n != 12 {
		t.Errorf("%d worst-move cards, want 12", n)
	}
	// A board per card, and the empty board of the games' variant both
	// ways round, for the script.
	if n := matches(page, `<svg [^>]*class="board"`); n != 12+2 {
		t.Errorf("%d boards, want 12 and the 2 empty ones", n)
	}
	if n := matches(page, `<template id="ab-russian(-flip)?" data-order="[a-h1-8 ]+"><svg [^>]*class="board"`); n != 2 {
		t.Errorf("%d empty boards, want 2", n)
	}
	// Each card: the played move and the best move drawn.
	if n, m := matches(page, `class="arrow played"`), matches(page, `class="arrow best"`); n != 12 || m != 12 {
		t.Errorf("%d played and %d best arrows, want 12 each", n, m)
	}
	// Only the games of the worst moves, and how many were left out.
	distinct := map[int]bool{}
	for _, w := range got {
		distinct[w[0]] = true
	}
	if n := matches(page, `<article class="game" id="game-[0-9]+">`); n != len(distinct) {
		t.Errorf("%d games shown, the worst moves come from %d", n, len(distinct))
	}
	if n := matches(page, `<svg [^>]*class="graph"`); n != len(distinct) {
		t.Errorf("%d graphs, want %d", n, len(distinct))
	}
	if !strings.Contains(page, "left out") {
		t.Error("the page does not say how many games were left out")
	}
	// Every link within the page has its target.
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`id="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		ids[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`href="#([^"]+)"`).FindAllStringSubmatch(page, -1) {
		if !ids[m[1]] {
			t.Errorf("link to #%s, which is not on the page", m[1])
		}
	}
	// One script, the page's own, allowed by its hash alone; nothing
	// from outside.
	own := "<script>" + boardScript + "</script>"
	if strings.Count(page, own) != 1 {
		t.Error("the page lacks its script")
	}
	csp := regexp.MustCompile(`http-equiv="Content-Security-Policy" content="([^"]*)"`).FindStringSubmatch(page)
	if csp == nil || !strings.Contains(html.UnescapeString(csp[1]), "script-src '"+scriptHash+"'") || strings.Count(csp[1], "script-src") != 1 || strings.Contains(csp[1], "unsafe-eval") {
		t.Errorf("Content-Security-Policy %q does not allow the script by its hash alone (%s)", csp, scriptHash)
	}
	rest := strings.ReplaceAll(strings.Replace(page, own, "", 1), `xmlns="http://www.w3.org/2000/svg"`, "")
	for _, bad := range []string{"<script", "http://", "https://", "<img", "@import", "url("} {
		if strings.Contains(rest, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	for _, bad := range []string{"fetch(", "XMLHttpRequest", "import(", "eval(", "innerHTML", "Function(", "WebSocket", "https://", "src"} {
		if strings.Contains(boardScript, bad) {
			t.Errorf("the script contains %q", bad)
		}
	}
	for i := 0; i < len(boardScript); i++ {
		if boardScript[i] >= 0x80 {
			t.Fatalf("the script has a byte %#x at %d: it must be ASCII (the page escapes format characters)", boardScript[i], i)
		}
	}
	// The same games give the same bytes.
	if again := write(t, build(games, 12, 5)); again != page {
		t.Error("two reports of the same games differ")
	}
	if out := os.Getenv("DAMKA_REPORT_OUT"); out != "" {
		os.WriteFile(filepath.Join(out, "report-test.html"), []byte(page), 0o666)
	}
}

func TestAnalysisSmallRunShowsEveryGame(t *testing.T) {
	games := analysed(t, 6, "")
	page := write(t, build(games, 5, 20))
	if n := matches(page, `<article class="game"`); n != 6 {
		t.Errorf("%d games shown of 6", n)
	}
	if !strings.Contains(page, "All 6 games") {
		t.Error("no note that every game is shown")
	}
}

func TestAnalysisKeepsFewGames(t *testing.T) {
	games := analysed(t, 60, "")
	a := NewAnalysis(3, 0)
	for _, g := range games {
		a.Add("sample.pdn", g.r, g.a)
		if len(a.games) > 2*3+1 {
			t.Fatalf("%d games kept for 3 worst moves", len(a.games))
		}
	}
	for _, g := range a.games {
		if g.refs < 0 {
			t.Errorf("game %d has %d references", g.n, g.refs)
		}
	}
}

func TestAnalysisEscapes(t *testing.T) {
	text := `[Event "<script>alert(1)</script>"]
[White "Tom & \"Jerry\" <b>"]
[Black "x"]
[Result "0-2"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 h8-g7 4. c3-d4 e5:c3 5. d2:b4 0-2
`
	games := analysed(t, 1, text)
	page := write(t, build(games, 5, 20))
	// The one script is the page's own (board.js).
	if strings.Count(page, "<script") != 1 || !strings.Contains(page, "<script>"+boardScript+"</script>") || strings.Contains(page, "<b>") {
		t.Error("a tag's text reached the page unescaped")
	}
	if !strings.Contains(page, "&lt;script&gt;") || !strings.Contains(page, "Tom &amp; &#34;Jerry&#34; &lt;b&gt;") {
		t.Errorf("escaped tags missing:\n%s", page)
	}
}

func TestCheckReport(t *testing.T) {
	files, err := filepath.Glob("../testdata/validate/*.pdn")
	if err != nil || len(files) == 0 {
		t.Fatal("no test files", err)
	}
	c := NewCheck(0)
	errors := 0
	var missed *validate.Finding
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rd := pdn.NewReader(bytes.NewReader(b), filepath.Base(f))
		for {
			g, err := rd.Next()
			if err == io.EOF {
				break
			}
			if g == nil {
				t.Fatal(err)
			}
			r := validate.Game(g, validate.Options{})
			for i := range r.Findings {
				if r.Findings[i].Severity == validate.Error {
					errors++
				}
				if r.Findings[i].Kind == validate.MissedCapture {
					missed = &r.Findings[i]
				}
			}
			c.Add(filepath.Base(f), r)
		}
	}
	var b bytes.Buffer
	if err := c.Write(&b, Meta{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := matches(page, `<li class="card">`); n != errors || errors == 0 {
		t.Errorf("%d error cards, %d errors", n, errors)
	}
	if missed == nil {
		t.Fatal("no missed capture in testdata/validate")
	}
	// The missed capture: the move as written and the compulsory capture.
	i := strings.Index(page, `class="kind error">missed_capture</code>`)
	if i < 0 {
		t.Fatal("no missed_capture card")
	}
	card := page[strings.LastIndex(page[:i], `<li class="card">`):i]
	if !strings.Contains(card, `class="arrow written" data-move="`+missed.Move+`"`) || !strings.Contains(card, `class="arrow best"`) {
		t.Errorf("the missed capture's board lacks its arrows:\n%s", card)
	}
}

// TestCheckReportCaps keeps the first errors and counts the others.
func TestCheckReportCaps(t *testing.T) {
	b, err := os.ReadFile("../testdata/validate/illegal_move.pdn")
	if err != nil {
		t.Fatal(err)
	}
	c := NewCheck(2)
	for range 5 {
		rd := pdn.NewReader(bytes.NewReader(b), "illegal_move.pdn")
		g, _ := rd.Next()
		c.Add("illegal_move.pdn", validate.Game(g, validate.Options{}))
	}
	var out bytes.Buffer
	if err := c.Write(&out, Meta{}); err != nil {
		t.Fatal(err)
	}
	if n := matches(out.String(), `<li class="card">`); n != 2 || !strings.Contains(out.String(), "3 more are not shown") {
		t.Errorf("%d cards; note: %v", n, regexp.MustCompile(`The first[^<]*`).FindString(out.String()))
	}
}

// TestMoveRows: a game set up with Black to move starts its first row with
// "…", and each row holds a move number's two plies, the first mover's
// first.
func TestMoveRows(t *testing.T) {
	text := `[White "a"]
[Black "b"]
[SetUp "1"]
[FEN "B:Wa1,c1,e1,g1,c3:Bb6,d6,f6,h6,h8"]
[Result "*"]
1... b6-a5 2. c3-d4 d6-c5 3. d4:b6 a5-b4 *
`
	games := analysed(t, 1, text)
	if len(games[0].r.Plies) != 5 {
		t.Fatalf("%d plies replayed: %v", len(games[0].r.Plies), games[0].r.Findings)
	}
	page := write(t, build(games, 5, 20))
	rows := regexp.MustCompile(`<li><span class="num">([0-9]+)\.</span>(.*?)</li>`).FindAllStringSubmatch(page, -1)
	var got []string
	for _, r := range rows {
		cells := regexp.MustCompile(`>(…|[a-h][1-8][-:][a-h][1-8])`).FindAllStringSubmatch(r[2], -1)
		var names []string
		for _, c := range cells {
			names = append(names, c[1])
		}
		got = append(got, r[1]+". "+strings.Join(names, " "))
	}
	want := "1. … b6-a5|2. c3-d4 d6-c5|3. d4:b6 a5-b4"
	if strings.Join(got, "|") != want {
		t.Errorf("rows %q, want %q", strings.Join(got, "|"), want)
	}
}

func TestCheckReportAmbiguous(t *testing.T) {
	b, err := os.ReadFile("../testdata/validate/ambiguous.pdn")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := pdn.NewReader(bytes.NewReader(b), "ambiguous.pdn").Next()
	r := validate.Game(g, validate.Options{})
	f := r.Findings.FirstError()
	if f == nil || f.Kind != validate.AmbiguousMove {
		t.Fatalf("first error %+v", f)
	}
	c := NewCheck(0)
	c.Add("ambiguous.pdn", r)
	var out bytes.Buffer
	if err := c.Write(&out, Meta{}); err != nil {
		t.Fatal(err)
	}
	if n := matches(out.String(), `class="arrow (move|repair)"`); n < 2 {
		t.Errorf("%d meanings of the ambiguous capture drawn, want 2 or more", n)
	}
}

// TestCheckReportRepairs: the repairs of a move are drawn on its board,
// and one of an earlier ply on a board of its own, with the suggestion in
// words.
func TestCheckReportRepairs(t *testing.T) {
	c := NewCheck(0)
	for _, name := range []string{"../testdata/repair/slips.pdn", "../testdata/validate/missed_capture.pdn"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rd := pdn.NewReader(bytes.NewReader(b), filepath.Base(name))
		for {
			g, err := rd.Next()
			if err == io.EOF {
				break
			}
			if g == nil {
				t.Fatal(err)
			}
			c.Add(filepath.Base(name), validate.Game(g, validate.Options{}))
		}
	}
	var out bytes.Buffer
	if err := c.Write(&out, Meta{}); err != nil {
		t.Fatal(err)
	}
	page := out.String()
	if n := matches(page, `class="arrow repair"`); n < 5 {
		t.Errorf("%d repairs drawn", n)
	}
	if !strings.Contains(page, "did you mean") {
		t.Error("no suggestion in words")
	}
	// missed_capture.pdn's repair swaps two moves: drawn at the earlier ply.
	i := strings.Index(page, "missed_capture.pdn:")
	if i < 0 || !strings.Contains(page[i:], `<figure class="board repair">`) {
		t.Error("the missed capture's repair (at an earlier ply) has no board")
	}
}

// TestCountsUnchecked: a game of a variant damka does not play is counted
// apart, as check's summary does.
func TestCountsUnchecked(t *testing.T) {
	// GameType 41: Spantsiretti, on 10x8.
	g, err := pdn.NewReader(strings.NewReader("[GameType \"41\"]\n1. 11-15 23-19 *\n"), "x.pdn").Next()
	if err != nil && g == nil {
		t.Fatal(err)
	}
	r := validate.Game(g, validate.Options{})
	if r.Status() != validate.Unchecked {
		t.Fatalf("a Spantsiretti game is %s, want %s", r.Status(), validate.Unchecked)
	}
	c := NewCheck(0)
	c.Add("x.pdn", r)
	var b bytes.Buffer
	if err := c.Write(&b, Meta{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "<th scope=\"row\">Not checked (a variant damka does not play)</th><td>1</td>") {
		t.Errorf("no count of the unchecked game:\n%s", b.String())
	}
}

// Issue 44, item 9: the page keeps no control character of a tag (ESC,
// BEL, a C1 control: obeyed by cat or less -R) and no format character
// that reorders or hides text (U+202E, U+2066, U+200B): they are shown
// escaped, as damka's messages show them; the file name too. Letters
// stay as they are.
func TestReportEscapesControlAndFormatCharacters(t *testing.T) {
	header := "[Event \"\x1b]0;PWNED\x07\x1b[2J\u009b1m\"]\n" +
		"[White \"Иванов\u202e0-2\u200b\"]\n" +
		"[Black \"Hervé \u2066王\u2069\ufeff\"]\n" +
		"[Result \"0-2\"]\n"
	games := analysed(t, 1, header+"1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 h8-g7 4. c3-d4 e5:c3 5. d2:b4 0-2\n")
	a := NewAnalysis(5, 20)
	a.Add("x\u202efdp.pdn", games[0].r, games[0].a)
	// The check page shows the games with an error: c3 is empty.
	bad, err := pdn.NewReader(strings.NewReader(header+"1. c3-d4 f6-e5 2. c3-b4 0-2\n"), "x\u202efdp.pdn").Next()
	if bad == nil {
		t.Fatal(err)
	}
	c := NewCheck(0)
	c.Add("x\u202efdp.pdn", validate.Game(bad, validate.Options{}))
	var b bytes.Buffer
	if err := c.Write(&b, Meta{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	for what, page := range map[string]string{"analysis": write(t, a), "check": b.String()} {
		for i, r := range page {
			if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || r == '\u202e' || r == '\u2066' || r == '\u2069' || r == '\u200b' || r == '\ufeff' {
				lo, hi := max(0, i-40), min(len(page), i+40)
				t.Errorf("the %s page keeps %U at %d: %q", what, r, i, page[lo:hi])
				break
			}
		}
		for _, want := range []string{`x\u202efdp.pdn`, `Иванов\u202e0-2\u200b`, `Hervé \u2066王\u2069\ufeff`} {
			if !strings.Contains(page, want) {
				t.Errorf("the %s page lacks %q", what, want)
			}
		}
		if what == "analysis" && !strings.Contains(page, `\x1b]0;PWNED\x07\x1b[2J\u009b1m`) {
			t.Errorf("the analysis page lacks the Event tag, escaped")
		}
	}
}
