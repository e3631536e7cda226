package main

// The reports in a real browser: headless Chromium, driven over the
// DevTools protocol with chromedp. Chromium's own flags (--headless
// --screenshot --dump-dom) can take a picture and print the DOM, but they
// cannot tell a console error or a network request; the protocol reports
// both as events (Runtime.consoleAPICalled, Runtime.exceptionThrown,
// Log.entryAdded, Network.requestWillBeSent) and lets the test measure the
// page (the boards drawn, their size, the width on a phone).

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

var (
	artifacts = flag.String("artifacts", "", "directory for the browser test's screenshots (default: out/test-artifacts at the repository's root)")
	docsShots = flag.Bool("docs-screenshots", false, "also write docs/report.png and docs/report-phone.png (make screenshots)")
	shotDepth = flag.Int("report-depth", 3, "search depth of the sample's analysis in the browser test")
)

// findChromium returns the browser to drive: $DAMKA_CHROMIUM, or chromium
// (Debian's package), chromium-browser or google-chrome on the PATH. It
// skips the test when there is none, except in CI, where .ci/run installs
// chromium and its absence is a failure.
func findChromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("DAMKA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium on the PATH: .ci/run installs it (apt-get install chromium)")
	}
	t.Skip("no chromium on the PATH: install it (apt-get install -y chromium) to test the HTML reports in a browser")
	return ""
}

// browser is a headless Chromium with what it saw.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	console  []string // console messages of level error or warning, exceptions, browser log errors
	requests []string // URLs requested
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	path := findChromium(t)
	// The flags this machine needs: root needs --no-sandbox; there is no
	// network, so nothing may run in the background; a fresh profile.
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	b := &browser{ctx: ctx}
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				b.console = append(b.console, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " ")))
			}
		case *runtime.EventExceptionThrown:
			text := ev.ExceptionDetails.Text
			if ex := ev.ExceptionDetails.Exception; ex != nil {
				text += " " + ex.Description
			}
			b.console = append(b.console, "exception: "+text)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError || ev.Entry.Level == cdplog.EntryLevelWarning {
				b.console = append(b.console, fmt.Sprintf("log %s (%s): %s %s", ev.Entry.Level, ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
			}
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, ev.Request.URL)
		}
	})
	if err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return b
}

// open loads the file at path and waits until it is loaded.
func (b *browser) open(t *testing.T, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("footer"))); err != nil {
		t.Fatalf("loading %s: %v", u, err)
	}
	return u
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, b *browser, expr string) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// seen returns what the browser reported since the last call: console
// messages and requests.
func (b *browser) seen() (console, requests []string) {
	// Let late messages (a failed lazy load) arrive.
	time.Sleep(300 * time.Millisecond)
	b.mu.Lock()
	defer b.mu.Unlock()
	console, requests = b.console, b.requests
	b.console, b.requests = nil, nil
	return console, requests
}

// checkClean fails the test on any console error or warning and on any
// request but the page itself (which must have been requested when loaded
// is set).
func (b *browser) checkClean(t *testing.T, page string, loaded bool) {
	t.Helper()
	console, requests := b.seen()
	for _, m := range console {
		t.Errorf("console: %s", m)
	}
	if loaded && len(requests) == 0 {
		t.Errorf("no request seen: is the network listener working?")
	}
	for _, r := range requests {
		if r != page {
			t.Errorf("the page made a request: %s", r)
		}
	}
}

// shotDir is where screenshots go: -artifacts, or out/test-artifacts at
// the root of the repository (ignored by git).
func shotDir(t *testing.T) string {
	t.Helper()
	dir := *artifacts
	if dir == "" {
		dir = filepath.Join("..", "..", "out", "test-artifacts")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	return dir
}

func (b *browser) screenshot(t *testing.T, name string, act chromedp.Action[[]byte]) string {
	t.Helper()
	png, err := chromedp.Run(b.ctx, act)
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	path := filepath.Join(shotDir(t), name)
	if err := os.WriteFile(path, png, 0o666); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	return path
}

func (b *browser) viewport(t *testing.T, w, h int64, mobile bool) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if mobile {
		opts = append(opts, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait)
	}
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		t.Fatal(err)
	}
}

var worstCount = regexp.MustCompile(`(?m)^ *([0-9]+)\. `)

func TestReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes seconds")
	}
	b := newBrowser(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "sample")
	_, errOut, code := run(t, "", "analyze", "-q", "--depth", strconv.Itoa(*shotDepth), "--report", "-o", out)
	if code != exitOK {
		t.Fatalf("analyze exit %d: %s", code, errOut)
	}
	// The run's bad moves, from its summary: the report lists the worst
	// 50 of them.
	var bad int
	for _, what := range []string{"blunders", "mistakes", "inaccuracies", "missed wins"} {
		m := regexp.MustCompile(`([0-9]+) ` + what).FindStringSubmatch(errOut)
		if m == nil {
			t.Fatalf("no %s in the summary:\n%s", what, errOut)
		}
		n, _ := strconv.Atoi(m[1])
		bad += n
	}
	wantBoards := min(bad, 50)
	if len(worstCount.FindAllString(errOut, -1)) != min(bad, 10) {
		t.Fatalf("summary lists %d worst moves:\n%s", len(worstCount.FindAllString(errOut, -1)), errOut)
	}

	// The page stays small: issue 48 asks for less than 2 MB (make run's,
	// at depth 6, is 1.24 MB).
	if fi, err := os.Stat(filepath.Join(out, "report.html")); err != nil {
		t.Fatal(err)
	} else if fi.Size() >= 2<<20 {
		t.Errorf("the sample's report is %d bytes, 2 MB or more", fi.Size())
	}
	page := b.open(t, filepath.Join(out, "report.html"))
	b.checkClean(t, page, true)

	// The openings section: a row per named opening, whose games add up
	// to the named games of its legend, drawn with some width.
	openingRows := eval[int](t, b, `document.querySelectorAll('#openings tbody tr th').length`)
	openingGames := eval[int](t, b, `[...document.querySelectorAll('#openings tbody tr')].reduce((s, r) => s + (r.cells.length == 6 ? +r.cells[1].textContent : 0), 0)`)
	named := eval[int](t, b, `parseInt(document.querySelector('#openings .legend').textContent)`)
	if w := eval[float64](t, b, `document.querySelector('#openings table').getBoundingClientRect().width`); openingRows == 0 || openingGames != named || w < 200 {
		t.Errorf("openings: %d rows of %d games, the legend says %d; width %v", openingRows, openingGames, named, w)
	}

	boards := eval[int](t, b, `document.querySelectorAll('#worst li.card svg.board').length`)
	if boards != wantBoards {
		t.Errorf("%d board diagrams among the worst moves, the run had %d", boards, wantBoards)
	}
	// Every board is drawn with its 32 squares and some width; every
	// worst move's game is there with its graph; every link has a target.
	if n := eval[int](t, b, `[...document.querySelectorAll('#worst svg.board')].filter(s => s.querySelectorAll('rect.square').length == 32 && s.getBoundingClientRect().width > 200).length`); n != boards {
		t.Errorf("%d of %d boards drawn whole and wide enough", n, boards)
	}
	// Every game is on a board, drawn whole and wide enough.
	if n, games := eval[int](t, b, `[...document.querySelectorAll('#games div.ab svg.board')].filter(s => s.querySelectorAll('rect.square').length == 32 && s.getBoundingClientRect().width > 200).length`), eval[int](t, b, `document.querySelectorAll('#games article.game').length`); n != games {
		t.Errorf("%d of %d games on a board drawn whole and wide enough", n, games)
	}
	if n := eval[int](t, b, `[...document.querySelectorAll('#worst .game a')].filter(a => !document.getElementById(a.getAttribute('href').slice(1))).length`); n != 0 {
		t.Errorf("%d links from the worst moves to nowhere", n)
	}
	if n := eval[int](t, b, `[...document.querySelectorAll('a[href^="#"]')].filter(a => !document.getElementById(a.getAttribute('href').slice(1))).length`); n != 0 {
		t.Errorf("%d links to nowhere", n)
	}
	games := eval[int](t, b, `document.querySelectorAll('#games article.game').length`)
	graphs := eval[int](t, b, `document.querySelectorAll('#games article.game svg.graph').length`)
	if games == 0 || graphs != games {
		t.Errorf("%d games shown, %d graphs", games, graphs)
	}
	if n := eval[int](t, b, `document.querySelectorAll('svg.graph circle.mark').length`); n == 0 {
		t.Error("no mistake or blunder marked on the graphs")
	}
	b.screenshot(t, "report-desktop.png", chromedp.CaptureScreenshot())
	b.screenshot(t, "report-card.png", chromedp.Screenshot(chromedp.CSS("#w1")))
	b.screenshot(t, "report-game.png", chromedp.Screenshot(chromedp.CSS("#games article.game")))

	// A phone: one column, nothing wider than the screen.
	b.viewport(t, 390, 844, true)
	if err := chromedp.Do(b.ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
		t.Fatal(err)
	}
	if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("on a phone the page is %d px wide, wider than the screen (390)", w)
	}
	if w := eval[float64](t, b, `document.querySelector('#w1 svg.board').getBoundingClientRect().width`); w < 300 {
		t.Errorf("on a phone a board is %.0f px wide", w)
	}
	phone := b.screenshot(t, "report-phone.png", chromedp.CaptureScreenshot())

	// In print the navigation is hidden.
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	if d := eval[string](t, b, `getComputedStyle(document.querySelector('nav')).display`); d != "none" {
		t.Errorf("in print the navigation shows (display %s)", d)
	}
	b.checkClean(t, page, false)

	if *docsShots {
		// The pictures of README.md and docs/commands/analyze.md: the top of the page on a desktop, and on a
		// phone.
		if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
			t.Fatal(err)
		}
		b.viewport(t, 1200, 1300, false)
		desktop := b.screenshot(t, "docs-report.png", chromedp.CaptureScreenshot())
		copyShot(t, desktop, filepath.Join("..", "..", "docs", "report.png"))
		copyShot(t, phone, filepath.Join("..", "..", "docs", "report-phone.png"))
		// The worst move's game on its board, opened by the worst move's
		// link, without the sticky header over it.
		b.click(t, `#w1 .game a[href*="-ply-"]`)
		g := eval[string](t, b, `document.querySelector('#w1 .game a[href*="-ply-"]').getAttribute('href').match(/game-[0-9]+/)[0]`)
		b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('header.top').style.position = 'static'; document.querySelector('#`+g+` table.tags').style.display = 'none'`))
		board := b.screenshot(t, "docs-report-board.png", chromedp.Screenshot(chromedp.CSS("#"+g)))
		copyShot(t, board, filepath.Join("..", "..", "docs", "report-board.png"))
	}
}

// copyShot copies the file src to dst.
func copyShot(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o666); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", dst)
}

func TestCheckReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes seconds")
	}
	b := newBrowser(t)
	file := filepath.Join(t.TempDir(), "check.html")
	_, errOut, code := run(t, "", "check", "-q", "--report", file, "../../testdata/validate", "../../testdata/repair")
	if code != exitFindings {
		t.Fatalf("check exit %d: %s", code, errOut)
	}
	page := b.open(t, file)
	b.checkClean(t, page, true)
	cards := eval[int](t, b, `document.querySelectorAll('#errors li.card').length`)
	withBoard := eval[int](t, b, `document.querySelectorAll('#errors li.card svg.board').length`)
	written := eval[int](t, b, `document.querySelectorAll('#errors svg.board g.arrow.written').length`)
	js, _, _ := run(t, "", "check", "-q", "--json", "../../testdata/validate", "../../testdata/repair")
	if want := strings.Count(js, `"severity":"error"`); cards != want {
		t.Errorf("%d errors shown, check --json has %d", cards, want)
	}
	repairs := eval[int](t, b, `document.querySelectorAll('#errors svg.board g.arrow.repair').length`)
	if withBoard == 0 || written == 0 || repairs == 0 {
		t.Errorf("%d errors, %d boards, %d written moves and %d repairs drawn", cards, withBoard, written, repairs)
	}
	b.screenshot(t, "check-report.png", chromedp.CaptureScreenshot())
}

// TestBrowserSeesFaults checks the harness itself: a page that writes a
// console error, throws, and asks for an image over the network is caught
// on all three counts.
func TestBrowserSeesFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes seconds")
	}
	b := newBrowser(t)
	file := filepath.Join(t.TempDir(), "bad.html")
	html := `<!DOCTYPE html><html><head><title>bad</title></head><body>
<img src="http://192.0.2.1/x.png" alt="">
<script>console.error("boom"); throw new Error("thrown");</script>
<footer></footer></body></html>`
	if err := os.WriteFile(file, []byte(html), 0o666); err != nil {
		t.Fatal(err)
	}
	page := b.open(t, file)
	console, requests := b.seen()
	joined := strings.Join(console, "\n")
	for _, want := range []string{"boom", "thrown"} {
		if !strings.Contains(joined, want) {
			t.Errorf("console messages lack %q: %q", want, console)
		}
	}
	var external bool
	for _, r := range requests {
		if r != page && strings.Contains(r, "192.0.2.1") {
			external = true
		}
	}
	if !external {
		t.Errorf("the image request was not seen: %q", requests)
	}
}

// TestReportVariantsInBrowser: the report of a 10x10 archive and of the
// mirrored and the numbered 8x8 boards loads as cleanly, every board with
// its variant's squares.
func TestReportVariantsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes seconds")
	}
	b := newBrowser(t)
	for _, c := range []struct {
		file, variant string
		squares       int
	}{
		{"../../testdata/corpus/international/wiegerw-pdn/succeed/wk2003.pdn", "international", 50},
		{"../../testdata/corpus/italian/wiegerw-pdn/succeed/Campionato Assoluto 2005.pdn", "italian", 32},
		{"../../testdata/corpus/english/raven-checkers/training/german_open_2004.pdn", "english", 32},
	} {
		out := filepath.Join(t.TempDir(), c.variant)
		_, errOut, code := run(t, "", "analyze", "-q", "--depth", "2", "--report", "--report-top", "8", "-o", out, c.file)
		if code == exitInput {
			t.Fatalf("%s: exit %d: %s", c.file, code, errOut)
		}
		page := b.open(t, filepath.Join(out, "report.html"))
		b.checkClean(t, page, true)
		q := fmt.Sprintf(`[...document.querySelectorAll('#worst svg.board')].filter(s => s.dataset.variant == %q && s.querySelectorAll('rect.square').length == %d).length`, c.variant, c.squares)
		boards := eval[int](t, b, `document.querySelectorAll('#worst svg.board').length`)
		if n := eval[int](t, b, q); boards == 0 || n != boards {
			t.Errorf("%s: %d of %d boards are %s boards of %d squares", c.variant, n, boards, c.variant, c.squares)
		}
		b.screenshot(t, "report-"+c.variant+"-card.png", chromedp.Screenshot(chromedp.CSS("#w1")))
	}
}
