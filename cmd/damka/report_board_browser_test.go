package main

// The analysis boards of the reports (issue 48), in headless Chromium:
// stepping through a game shows, square by square, the positions the
// moves table gives; so do a click on a move, on a point of the graph, an
// address report.html#game-N-ply-M and a worst move's link; the best
// line steps and returns; the board flips. check --report opens a game
// with an error at the failing move with the arrows of its diagram.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/damka/damka/draughts"
)

// plyRow is what the moves table says of a ply.
type plyRow struct {
	before, after string
	pv            []string
}

// columns reads the named columns of a Parquet file as text.
func columns(t *testing.T, path string, names ...string) [][]string {
	t.Helper()
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer rdr.Close()
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	var cols [][]string
	for _, name := range names {
		idx := tbl.Schema().FieldIndices(name)
		if len(idx) != 1 {
			t.Fatalf("%s has no column %s", path, name)
		}
		var out []string
		for _, chunk := range tbl.Column(idx[0]).Data().Chunks() {
			for i := 0; i < chunk.Len(); i++ {
				out = append(out, chunk.ValueStr(i))
			}
		}
		cols = append(cols, out)
	}
	return cols
}

// movesTable reads the moves table of the run in dir: the rows by the
// game's game_index (a run of one file) and ply, and the variant of each
// game.
func movesTable(t *testing.T, dir string) (map[[2]int]plyRow, map[int]string) {
	t.Helper()
	g := columns(t, filepath.Join(dir, "games.parquet"), "game_id", "game_index", "variant")
	index := map[string]int{}
	variants := map[int]string{}
	for i, id := range g[0] {
		var n int
		fmt.Sscan(g[1][i], &n)
		index[id], variants[n] = n, g[2][i]
	}
	m := columns(t, filepath.Join(dir, "moves.parquet"), "game_id", "ply", "fen_before", "fen_after", "best_pv")
	rows := map[[2]int]plyRow{}
	for i, id := range m[0] {
		var p int
		fmt.Sscan(m[1][i], &p)
		var pv []string // ["c3-d4","f6-g5"]
		if err := json.Unmarshal([]byte(m[4][i]), &pv); err != nil && m[4][i] != "(null)" {
			t.Fatalf("best_pv %s: %v", m[4][i], err)
		}
		rows[[2]int{index[id], p}] = plyRow{m[2][i], m[3][i], pv}
	}
	return rows, variants
}

// fenPieces reads a FEN as its side to move and its pieces by square.
func fenPieces(fen string) (string, map[string]string) {
	parts := strings.Split(fen, ":")
	pieces := map[string]string{}
	for _, p := range parts[1:] {
		if p == "" {
			continue
		}
		for _, s := range strings.Split(p[1:], ",") {
			if s == "" {
				continue
			}
			kind := "man"
			if strings.HasPrefix(s, "K") {
				kind, s = "king", s[1:]
			}
			pieces[s] = p[:1] + " " + kind
		}
	}
	return parts[0], pieces
}

// sameFEN compares two FENs square by square: "" when they are the same
// position, else what differs.
func sameFEN(got, want string) string {
	gs, gp := fenPieces(got)
	ws, wp := fenPieces(want)
	var diff []string
	if gs != ws {
		diff = append(diff, "side to move "+gs+", want "+ws)
	}
	var squares []string
	for s := range gp {
		squares = append(squares, s)
	}
	for s := range wp {
		if _, ok := gp[s]; !ok {
			squares = append(squares, s)
		}
	}
	sort.Strings(squares)
	for _, s := range squares {
		if gp[s] != wp[s] {
			diff = append(diff, fmt.Sprintf("%s: %q, want %q", s, gp[s], wp[s]))
		}
	}
	if len(diff) == 0 && got != want {
		diff = append(diff, "the same position written otherwise: "+got+", want "+want)
	}
	return strings.Join(diff, "; ")
}

// openAt loads the page at path with the fragment frag, from a blank
// page (a fresh load, not a move within the page).
func (b *browser) openAt(t *testing.T, path, frag string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	u := (&url.URL{Scheme: "file", Path: abs, Fragment: frag}).String()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("footer"))); err != nil {
		t.Fatalf("loading %s: %v", u, err)
	}
	return strings.SplitN(u, "#", 2)[0]
}

// click clicks the element sel finds, in the middle of the window (not
// under the page's sticky header).
func (b *browser) click(t *testing.T, sel string) {
	t.Helper()
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('`+sel+`').scrollIntoView({block: 'center'})`), chromedp.Click(chromedp.CSS(sel)))
}

func (b *browser) do(t *testing.T, acts ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(b.ctx, acts...); err != nil {
		t.Fatal(err)
	}
}

func TestReportBoardsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes seconds")
	}
	b := newBrowser(t)
	for _, c := range []struct{ variant, file string }{
		{"russian", "../../testdata/oracle/games.pdn"},
		{"international", "../../testdata/corpus/international/wiegerw-pdn/succeed/wk2003.pdn"},
		{"italian", "../../testdata/corpus/italian/wiegerw-pdn/succeed/Campionato Assoluto 2005.pdn"},
		{"english", "../../testdata/corpus/english/raven-checkers/training/german_open_2004.pdn"},
		// Random games: many captures, kings, and Frisian's captures
		// along the rows and files.
		{"frisian", "../../testdata/oracle/frisian/games.pdn"},
		{"brazilian", "../../testdata/oracle/brazilian/games.pdn"},
	} {
		t.Run(c.variant, func(t *testing.T) { testBoards(t, b, c.variant, c.file) })
	}
}

func testBoards(t *testing.T, b *browser, variant, input string) {
	b.seen() // what the last page did
	out := filepath.Join(t.TempDir(), variant)
	_, errOut, code := run(t, "", "analyze", "-q", "--depth", "2", "--verify", "0", "--report", "--report-top", "6", "--report-games", "25", "-o", out, input)
	if code == exitInput {
		t.Fatalf("%s: exit %d: %s", input, code, errOut)
	}
	rows, variants := movesTable(t, out)
	file := filepath.Join(out, "report.html")
	page := b.openAt(t, file, "")
	b.checkClean(t, page, true)

	// Every game shown is on a board, at its start; the page says how
	// many games it holds.
	games := eval[[]int](t, b, `[...document.querySelectorAll('#games div.ab')].map(d => +d.dataset.game)`)
	articles := eval[int](t, b, `document.querySelectorAll('#games article.game').length`)
	if len(games) == 0 || len(games) != articles {
		t.Fatalf("%d boards for %d games", len(games), articles)
	}
	if note := eval[string](t, b, `document.querySelector('#games .legend').textContent`); !strings.Contains(note, fmt.Sprint(articles)) {
		t.Errorf("the games' legend does not say how many games the page holds (%d): %s", articles, note)
	}
	fenOf := func(g int) string {
		return eval[string](t, b, fmt.Sprintf(`document.querySelector('div.ab[data-game="%d"] svg.board').dataset.fen`, g))
	}
	plyOf := func(g int) int {
		return eval[int](t, b, fmt.Sprintf(`+document.querySelector('div.ab[data-game="%d"]').dataset.ply`, g))
	}
	// want is the moves table's FEN of game g after ply p.
	want := func(g, p int) string {
		if p == 0 {
			return rows[[2]int{g, 1}].before
		}
		return rows[[2]int{g, p}].after
	}
	check := func(what string, g, p int) bool {
		t.Helper()
		if got := plyOf(g); got != p {
			t.Errorf("%s: game %d is at ply %d, want %d", what, g, got, p)
			return false
		}
		if d := sameFEN(fenOf(g), want(g, p)); d != "" {
			t.Errorf("%s: game %d, ply %d: %s", what, g, p, d)
			return false
		}
		return true
	}
	for _, g := range games {
		if variants[g] != variant {
			t.Errorf("game %d is %s, want %s", g, variants[g], variant)
		}
		if !check("at load", g, 0) {
			break
		}
	}

	// Every game shown, stepped from its start to its end (the keys sent
	// by the page itself, all at once), shows the moves table's positions.
	steps := eval[map[string][]string](t, b, `Object.fromEntries([...document.querySelectorAll('#games div.ab')].map(d => {
		const fens = [], key = k => d.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}));
		key('Home');
		fens.push(d.querySelector('svg.board').dataset.fen);
		for (let i = d.querySelectorAll('a.mv[data-m]').length; i > 0; i--) {
			key('ArrowRight');
			fens.push(d.querySelector('svg.board').dataset.fen);
		}
		return [d.dataset.game, fens];
	}))`)
	positions := 0
	for _, g := range games {
		fens := steps[fmt.Sprint(g)]
		if len(fens) < 2 || rows[[2]int{g, len(fens)}].after != "" {
			t.Errorf("game %d: %d positions on its board, the moves table has more", g, len(fens))
		}
		for p, f := range fens {
			positions++
			if d := sameFEN(f, want(g, p)); d != "" {
				t.Errorf("game %d stepped to ply %d: %s", g, p, d)
				break
			}
		}
	}
	t.Logf("%s: %d games, %d positions compared", variant, len(games), positions)

	// The game of the worst move, from its address at the start, stepped
	// through with the right arrow to the end.
	g := eval[int](t, b, `+document.querySelector('#w1 .game a[href*="-ply-"]').getAttribute('href').match(/game-([0-9]+)/)[1]`)
	plies := eval[int](t, b, fmt.Sprintf(`document.querySelectorAll('div.ab[data-game="%d"] a.mv[data-m]').length`, g))
	if plies == 0 || rows[[2]int{g, plies}].after == "" || rows[[2]int{g, plies + 1}].after != "" {
		t.Fatalf("game %d: %d moves on the page, the moves table differs", g, plies)
	}
	b.openAt(t, file, fmt.Sprintf("game-%d-ply-0", g))
	if !check("address ply 0", g, 0) {
		return
	}
	if !eval[bool](t, b, fmt.Sprintf(`document.querySelector('div.ab[data-game="%d"]').contains(document.activeElement)`, g)) {
		t.Error("the board opened by its address has not the focus")
	}
	for p := 1; p <= plies+1; p++ {
		b.do(t, chromedp.KeyEvent(kb.ArrowRight))
		if !check(fmt.Sprintf("right arrow %d times", p), g, min(p, plies)) {
			break
		}
	}
	b.do(t, chromedp.KeyEvent(kb.Home))
	check("Home", g, 0)
	b.do(t, chromedp.KeyEvent(kb.End))
	check("End", g, plies)
	b.do(t, chromedp.KeyEvent(kb.ArrowLeft))
	check("left arrow", g, plies-1)
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('header.top').style.position = 'static'`))
	b.screenshot(t, "report-board-"+variant+".png", chromedp.Screenshot(chromedp.CSS(fmt.Sprintf("#game-%d", g))))
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('header.top').style.position = ''`))

	// An address opens the game at that ply; so does a click on a move.
	mid := (plies + 1) / 2
	b.openAt(t, file, fmt.Sprintf("game-%d-ply-%d", g, mid))
	check("address", g, mid)
	b.do(t, chromedp.KeyEvent(kb.ArrowRight))
	check("address, then right arrow", g, min(mid+1, plies))
	for _, p := range []int{1, plies, mid} {
		b.click(t, fmt.Sprintf("#game-%d-ply-%d", g, p))
		check(fmt.Sprintf("click on move %d", p), g, p)
	}
	b.click(t, fmt.Sprintf("#game-%d-ply-0", g))
	check("click on the start", g, 0)

	// A click on a point of the graph: the position after that ply.
	analysed := eval[int](t, b, fmt.Sprintf(`document.querySelector('#game-%d svg.graph polyline.curve').points.numberOfItems - 1`, g))
	for _, p := range []int{analysed / 3, analysed, 0} {
		xy := eval[[]float64](t, b, fmt.Sprintf(`(() => { const s = document.querySelector('#game-%d svg.graph'); s.scrollIntoView({block: 'center'});
			const pt = s.querySelector('polyline.curve').points.getItem(%d), m = s.getScreenCTM();
			return [pt.x * m.a + m.e, s.viewBox.baseVal.height * 0.5 * m.d + m.f]; })()`, g, p))
		b.do(t, chromedp.MouseClickXY(xy[0], xy[1]))
		check(fmt.Sprintf("click on the graph at ply %d", p), g, p)
	}

	// The best line of a ply: its moves played from the position before
	// the ply, stepped with the arrows, and left for the game again.
	v, err := draughts.VariantByName(variant)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for p := 1; p <= plies; p++ {
		if len(rows[[2]int{g, p}].pv) >= 2 {
			line = p
			break
		}
	}
	if line == 0 {
		t.Fatalf("game %d has no best line of 2 moves: %q", g, rows[[2]int{g, 1}].pv)
	}
	pos, err := v.ParseFEN(rows[[2]int{g, line}].before)
	if err != nil {
		t.Fatal(err)
	}
	var lineFENs []string
	for _, mv := range rows[[2]int{g, line}].pv {
		ms, err := v.Match(&pos, mv)
		if err != nil || len(ms) != 1 {
			break
		}
		pos.Make(&ms[0][0])
		lineFENs = append(lineFENs, pos.FEN())
	}
	b.click(t, fmt.Sprintf("#game-%d-ply-%d", g, line))
	board := fmt.Sprintf(`div.ab[data-game="%d"]`, g)
	b.click(t, board+` .ab-line button[data-k="0"]`)
	for k, f := range lineFENs {
		if k > 0 {
			b.do(t, chromedp.KeyEvent(kb.ArrowRight))
		}
		if d := sameFEN(fenOf(g), f); d != "" {
			t.Errorf("game %d, best line of ply %d, move %d (%s): %s", g, line, k+1, rows[[2]int{g, line}].pv[k], d)
		}
		if n := eval[string](t, b, `document.querySelector('`+board+`').dataset.line`); n != fmt.Sprint(k+1) {
			t.Errorf("best line move %d: data-line %q", k+1, n)
		}
	}
	b.do(t, chromedp.KeyEvent(kb.Escape))
	check("Escape from the best line", g, line)
	if eval[bool](t, b, `document.querySelector('`+board+`').hasAttribute('data-line')`) {
		t.Error("still in the best line after Escape")
	}
	b.click(t, board+` .ab-line button[data-k="1"]`)
	b.click(t, board+` .ab-line button[data-go="back"]`)
	check("back from the best line", g, line)

	// The move played and the best move are drawn on the board.
	if n := eval[int](t, b, `document.querySelectorAll('`+board+` svg.board g.arrow.played').length`); n != 1 {
		t.Errorf("%d arrows of the move played", n)
	}

	// Flipped: the same position, the board turned round.
	x := func() string {
		return eval[string](t, b, `document.querySelector('`+board+` svg.board rect.square').getAttribute('x') + ',' + document.querySelector('`+board+` svg.board rect.square').getAttribute('y')`)
	}
	before, fen := x(), fenOf(g)
	b.click(t, board+` button[data-go="flip"]`)
	if x() == before || fenOf(g) != fen {
		t.Errorf("flip: the first square at %s, was %s; FEN %s, was %s", x(), before, fenOf(g), fen)
	}
	b.click(t, board+` button[data-go="flip"]`)

	// A worst move's link opens its game at that move.
	b.openAt(t, file, "")
	for i := 1; i <= 3; i++ {
		sel := fmt.Sprintf(`#w%d .game a[href*="-ply-"]`, i)
		if !eval[bool](t, b, `!!document.querySelector('`+sel+`')`) {
			break
		}
		var gp [2]int
		href := eval[string](t, b, `document.querySelector('`+sel+`').getAttribute('href')`)
		if _, err := fmt.Sscanf(href, "#game-%d-ply-%d", &gp[0], &gp[1]); err != nil {
			t.Fatalf("worst move %d links to %s", i, href)
		}
		b.click(t, sel)
		check(fmt.Sprintf("worst move %d's link", i), gp[0], gp[1])
	}

	// On a phone the boards fit the screen.
	b.viewport(t, 390, 844, true)
	if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("on a phone the page is %d px wide", w)
	}
	if w := eval[float64](t, b, `document.querySelector('#games div.ab svg.board').getBoundingClientRect().width`); w < 280 {
		t.Errorf("on a phone a game's board is %.0f px wide", w)
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('header.top').style.position = 'static'`))
	b.screenshot(t, "report-board-"+variant+"-phone.png", chromedp.Screenshot(chromedp.CSS(fmt.Sprintf("#game-%d div.ab", g))))
	b.viewport(t, 1280, 1000, false)
	// In print, the buttons are hidden and the board is there.
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	if d := eval[string](t, b, `getComputedStyle(document.querySelector('.ab-ctl')).display`); d != "none" {
		t.Errorf("in print the board's buttons show (display %s)", d)
	}
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
		t.Fatal(err)
	}
	b.checkClean(t, page, false)
}

// TestCheckBoardsInBrowser: check --report opens a game with an error on
// its board at the failing move, with the arrows of the error's diagram
// (the move as written, the repairs...), as package diagram draws them
// on the page without its script.
func TestCheckBoardsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes seconds")
	}
	b := newBrowser(t)
	file := filepath.Join(t.TempDir(), "check.html")
	if _, errOut, code := run(t, "", "check", "-q", "--report", file, "../../testdata/validate", "../../testdata/repair"); code != exitFindings {
		t.Fatalf("check exit %d: %s", code, errOut)
	}
	// What each board shows: its FEN and its arrows.
	const shown = `[...document.querySelectorAll('#errors div.ab')].map(d => { const s = d.querySelector('svg.board');
		return d.dataset.game + ' ' + s.dataset.fen + ' ' + [...s.querySelectorAll('g.arrow')].map(a => a.classList[1] + '(' + a.dataset.path + ')').sort().join(' '); })`
	if _, err := chromedp.Call(b.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	page := b.openAt(t, file, "")
	static := eval[[]string](t, b, shown)
	if _, err := chromedp.Call(b.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: false}); err != nil {
		t.Fatal(err)
	}
	b.openAt(t, file, "")
	b.checkClean(t, page, true)
	drawn := eval[[]string](t, b, shown)
	if len(static) == 0 || !slices.Equal(static, drawn) {
		t.Errorf("the boards drawn by the page's script differ from the errors' diagrams:\n%s\nwant\n%s", strings.Join(drawn, "\n"), strings.Join(static, "\n"))
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('header.top').style.position = 'static'`))
	b.screenshot(t, "check-board.png", chromedp.Screenshot(chromedp.CSS(`#errors li.card:has(div.ab)`)))
	var repairs bool
	for _, s := range drawn {
		repairs = repairs || strings.Contains(s, "repair(")
	}
	if !repairs {
		t.Error("no repair drawn on a board")
	}
	// Each board opened at the failing move; it steps back to the start
	// and forth to the failing move again, and its arrows come back.
	for i := range drawn {
		d := fmt.Sprintf(`document.querySelectorAll('#errors div.ab')[%d]`, i)
		open := eval[int](t, b, `+(`+d+`.dataset.open || 0)`)
		if ply := eval[int](t, b, `+`+d+`.dataset.ply`); ply != open {
			t.Errorf("board %d opened at ply %d, want %d", i, ply, open)
		}
		b.do(t, chromedp.Evaluate[chromedp.Void](d+`.focus()`), chromedp.KeyEvent(kb.Home))
		if ply := eval[int](t, b, `+`+d+`.dataset.ply`); ply != 0 {
			t.Errorf("board %d: Home goes to ply %d", i, ply)
		}
		for range open {
			b.do(t, chromedp.KeyEvent(kb.ArrowRight))
		}
		if again := eval[[]string](t, b, shown)[i]; again != drawn[i] {
			t.Errorf("board %d, back at the failing move: %s, want %s", i, again, drawn[i])
		}
	}
	b.checkClean(t, page, false)
}
