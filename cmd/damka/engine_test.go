package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/hub"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/validate"
)

// testEngine is the command line of damka hub as an engine: this test
// binary, run as damka (DAMKA_RUN_MAIN, set for the test and inherited by
// the engine).
func testEngine(t *testing.T, args string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("DAMKA_RUN_MAIN", "1")
	return "'" + strings.ReplaceAll(exe, "'", `'\''`) + "' hub " + args
}

// TestEngineEvalHub: damka eval with damka hub as its engine prints what
// damka eval prints, but the time, at the same depth and table size, in
// Russian and International, on one worker and on two.
func TestEngineEvalHub(t *testing.T) {
	for _, c := range []struct {
		variant string
		fens    []string
	}{
		{"russian", []string{
			"W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
			"W:Wa1,b2,c3,e3:Bc5,e5,c7,g7",
			"B:Wg1,b2,f2,a3,c3,e3,h4:Ba5,c5,f6,h6,e7,d8,f8",
			"W:Wg1,b2,d2,f2,a3,f4,h4:Bd4,c5,d6,f6,h6,a7,g7",
			"B:Wb4,c3:Ba5", // no legal move: damka's own answer
		}},
		{"international", []string{
			"W:W31-50:B1-20",
			"B:W28,33,34,39,K44:B2,K3,19,23,24",
			"B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
		}},
	} {
		in := strings.Join(c.fens, "\n") + "\n"
		want, _, err := evalFields(t, EvalOptions{Variant: c.variant, Depth: 5, TTSize: 1, Jobs: 1}, in)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range []int{1, 2} {
			opts := EvalOptions{Variant: c.variant, Depth: 5, TTSize: 1, Jobs: j,
				Engine: EngineOptions{Command: testEngine(t, "--tt 1"), Options: []string{"hash=1"}}}
			got, errOut, err := evalFields(t, opts, in)
			if err != nil {
				t.Fatalf("%s -j %d: %v\n%s", c.variant, j, err, errOut)
			}
			if !strings.HasPrefix(errOut, "damka eval: engine: damka ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s: stderr %q", c.variant, errOut)
			}
			if len(got) != len(want) {
				t.Fatalf("%s -j %d: %d lines, want %d", c.variant, j, len(got), len(want))
			}
			for i := range want {
				if strings.Join(got[i], "\t") != strings.Join(want[i], "\t") {
					t.Errorf("%s -j %d line %d:\nengine %q\ndamka  %q", c.variant, j, i, got[i], want[i])
				}
			}
		}
	}
}

// TestEngineEvalFaults: an engine that cannot start stops the run; one
// that crashes or hangs at every search is restarted twice a position,
// then the position gets an error and the run goes on; no engine is left.
func TestEngineEvalFaults(t *testing.T) {
	in := "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7\nB:Wg1,b2,f2,a3,c3,e3,h4:Ba5,c5,f6,h6,e7,d8,f8\n"
	base := EvalOptions{Variant: "russian", Depth: 3, TTSize: 1, Jobs: 2}
	for _, cmd := range []string{"/nonexistent/engine hub", "sh -c 'exit 3'", `sh -c 'read l; echo "name x"'`} {
		o := base
		o.Engine = EngineOptions{Command: cmd}
		rows, _, err := evalFields(t, o, in)
		if err == nil || len(rows) != 0 {
			t.Errorf("%s: %v, %d lines", cmd, err, len(rows))
		}
	}
	// A shell engine: it answers hub and init, then crashes or hangs.
	engine := func(search string) string {
		return `sh -c 'while read l; do case "$l" in hub) echo "name fake"; echo wait;; init) echo ready;; ping) echo pong;; analyse) ` + search + `;; esac; done'`
	}
	// An engine that crashes or hangs is restarted (3 attempts a
	// position); one that answers a move that is not legal is not: it
	// would answer the same (one attempt).
	for _, c := range []struct {
		name, cmd, want string
		attempts        int
	}{
		{"crash", engine("exit 3"), "the engine ended", 3},
		{"hang", engine("exec sleep 600"), "no reply in time", 3},
		{"garbage", engine("echo info 1 1 12 5 0 0 a-b; echo move 99-98"), "not one of damka's legal moves", 1},
	} {
		o := base
		o.Engine = EngineOptions{Command: c.cmd, Timeout: 0.3}
		start := time.Now()
		rows, errOut, err := evalFields(t, o, in)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitFindings || !strings.Contains(err.Error(), "2 position(s) the engine could not search") {
			t.Errorf("%s: %v", c.name, err)
		}
		many := 0
		if c.attempts > 1 {
			many = 2
		}
		if len(rows) != 0 || strings.Count(errOut, c.want) != 2*c.attempts || strings.Count(errOut, "3 attempts") != many {
			t.Errorf("%s: %d lines, stderr:\n%s", c.name, len(rows), errOut)
		}
		if el := time.Since(start); el > 30*time.Second {
			t.Errorf("%s: %v", c.name, el)
		}
	}
}

// TestEngineNoScoreDeeper: an engine that gives no score below a depth
// (Scan 2.0: 12) is asked again a ply deeper until it gives one, told
// once, and every position gets the engine's answer.
func TestEngineNoScoreDeeper(t *testing.T) {
	engine := `sh -c 'd=0; while read l; do case "$l" in hub) echo "name fake"; echo wait;; init) echo ready;; ping) echo pong;; "depth "*) d=${l#depth };; analyse) ` +
		`if [ "$d" -ge 4 ]; then echo "info $d 0 25 100 0 0 22-18"; fi; echo "move 22-18";; esac; done'`
	in := "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\n"
	for _, j := range []int{1, 2} {
		o := EvalOptions{Variant: "russian", Depth: 3, TTSize: 1, Jobs: j, Engine: EngineOptions{Command: engine, Depth: 2}}
		rows, errOut, err := evalFields(t, o, strings.Repeat(in, 3))
		if err != nil {
			t.Fatalf("-j %d: %v\n%s", j, err, errOut)
		}
		if len(rows) != 3 || strings.Count(errOut, "gives no score at depth") != 1 {
			t.Fatalf("-j %d: %d rows, stderr:\n%s", j, len(rows), errOut)
		}
		for _, r := range rows {
			if !slices.Contains(r, "+0.25") || !slices.Contains(r, "c3-d4") {
				t.Errorf("-j %d: %q, want the engine's +0.25 and c3-d4", j, r)
			}
		}
	}
}

// TestEngineK: with --engine-k the engine's scores are read on damka's
// curve (s*K/0.006), decisive ones as they are, and the settings say K.
func TestEngineK(t *testing.T) {
	engine := `sh -c 'while read l; do case "$l" in hub) echo "name fake"; echo wait;; init) echo ready;; ping) echo pong;; analyse) ` +
		`echo "info 4 0 25 100 0 0 22-18"; echo "move 22-18";; esac; done'`
	in := "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\n"
	for _, c := range []struct {
		k    float64
		want string
	}{{0, "+0.25"}, {0.012, "+0.50"}, {0.003, "+0.13"}} {
		o := EvalOptions{Variant: "russian", Depth: 3, TTSize: 1, Jobs: 1, Engine: EngineOptions{Command: engine, K: c.k}}
		rows, errOut, err := evalFields(t, o, in)
		if err != nil || len(rows) != 1 {
			t.Fatalf("k %g: %v, %d rows\n%s", c.k, err, len(rows), errOut)
		}
		if !slices.Contains(rows[0], c.want) {
			t.Errorf("k %g: %q, want %s", c.k, rows[0], c.want)
		}
		if c.k > 0 && !strings.Contains(errOut, fmt.Sprintf("k=%g", c.k)) {
			t.Errorf("k %g: the settings do not say it: %s", c.k, errOut)
		}
	}
}

// tableRows reads a Parquet file's rows as text, without the columns
// named in skip, and its metadata.
func tableRows(t *testing.T, path string, skip ...string) ([]string, map[string]string) {
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
	rows := make([]string, tbl.NumRows())
	for c := 0; c < int(tbl.NumCols()); c++ {
		if slices.Contains(skip, tbl.Schema().Field(c).Name) {
			continue
		}
		r := 0
		for _, chunk := range tbl.Column(c).Data().Chunks() {
			for i := 0; i < chunk.Len(); i++ {
				rows[r] += tbl.Schema().Field(c).Name + "=" + chunk.ValueStr(i) + " "
				r++
			}
		}
	}
	md := map[string]string{}
	m := rdr.MetaData().KeyValueMetadata()
	for i, k := range m.Keys() {
		md[k] = m.Values()[i]
	}
	return rows, md
}

// TestEngineAnalyzeHub: damka analyze with damka hub as its engine writes
// the moves table damka's own analysis writes at the same depth, without
// verification (--verify 0: the engine's analysis has none), but the
// nodes (the engine's searches are fresh ones where damka's reuse the
// search after a move for the next ply and search the other moves of
// only_move in one root search); Russian and International games.
func TestEngineAnalyzeHub(t *testing.T) {
	dir := t.TempDir()
	russian, err := os.ReadFile("../../testdata/oracle/games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(russian), "\n\n[Event")
	in := writeFile(t, filepath.Join(dir, "in", "russian.pdn"), strings.TrimSuffix(strings.Join(games[:3], ""), "[Event"))
	intl := "../../testdata/corpus/international/wiegerw-pdn/succeed/kurnik.pdn"
	base := []string{"analyze", "-q", "--depth", "3", "--verify", "0", "--tt", "1", "-j", "2", "--no-egtb", "--report", in, intl}
	own, ours := filepath.Join(dir, "own"), filepath.Join(dir, "engine")
	if _, errOut, code := run(t, "", append(base, "-o", own)...); code != exitOK {
		t.Fatalf("damka: exit %d: %s", code, errOut)
	}
	engine := testEngine(t, "--tt 1")
	_, errOut, code := run(t, "", append(base, "-o", ours, "--engine", engine)...)
	if code != exitOK || !strings.HasPrefix(errOut, "damka analyze: engine: damka ") || strings.Contains(errOut, "own search") {
		t.Fatalf("engine: exit %d: %s", code, errOut)
	}
	want, wmd := tableRows(t, filepath.Join(own, "moves.parquet"), "nodes")
	got, gmd := tableRows(t, filepath.Join(ours, "moves.parquet"), "nodes")
	if len(want) < 600 || len(got) != len(want) { // kurnik.pdn: 535 plies
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d:\nengine %s\ndamka  %s", i, got[i], want[i])
		}
	}
	all := strings.Join(want, "\n")
	for _, c := range []string{"only_move", "best", "good", "inaccuracy", "mistake", "blunder"} {
		if !strings.Contains(all, c) {
			t.Errorf("no row of %s: a weak comparison", c)
		}
	}
	if _, ok := wmd["damka.engine"]; ok {
		t.Errorf("damka.engine without an engine")
	}
	if e := gmd["damka.engine"]; !strings.HasPrefix(e, "damka ") || !strings.Contains(e, "; depth=3 ") {
		t.Errorf("damka.engine %q", e)
	}
	// The engine's name, version, settings and fingerprint: the one the
	// library (and so the verdicts harness) gives the same engine.
	words, err := hub.SplitCommand(engine)
	if err != nil {
		t.Fatal(err)
	}
	c, err := hub.Start(words[0], words[1:], "")
	if err != nil {
		t.Fatal(err)
	}
	fp, err := c.Fingerprint(words[0], draughts.International)
	c.Close()
	if err != nil || !strings.HasPrefix(fp, "hub-") {
		t.Fatalf("fingerprint %q: %v", fp, err)
	}
	for k, want := range map[string]string{"damka.engine_name": "damka " + version, "damka.engine_version": version,
		"damka.engine_settings": "depth=3 nodes=0 time=0s", "damka.engine_fingerprint": fp} {
		if gmd[k] != want {
			t.Errorf("%s %q, want %q", k, gmd[k], want)
		}
		if _, ok := wmd[k]; ok {
			t.Errorf("%s without an engine", k)
		}
	}
	if !strings.Contains(errOut, "; fingerprint "+fp+")") {
		t.Errorf("stderr does not give the fingerprint: %s", errOut)
	}
	// The report's header says it, and only with an engine.
	line := "Searched by the engine damka " + version + "; depth=3 nodes=0 time=0s; fingerprint " + fp
	for _, c := range []struct {
		dir  string
		want bool
	}{{ours, true}, {own, false}} {
		page, err := os.ReadFile(filepath.Join(c.dir, "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(page), "Searched by the engine") != c.want || c.want && !strings.Contains(string(page), line) {
			t.Errorf("%s: report.html: engine line %v, want %v (%q)", c.dir, !c.want, c.want, line)
		}
	}
	if c := gmd["damka.command"]; !strings.Contains(c, "--engine") {
		t.Errorf("damka.command %q", c)
	}
	// The summary and annotated.pdn's Annotator tag name what searched.
	searcher := "damka " + version + " (depth=3 nodes=0 time=0s)"
	if !strings.Contains(errOut, " positions with "+searcher+" in ") || strings.Contains(errOut, " positions at depth ") {
		t.Errorf("the summary does not name the engine %q: %s", searcher, errOut)
	}
	for dir, want := range map[string]string{ours: "damka " + version + " with " + searcher, own: "damka " + version + ", depth 3"} {
		pgn, err := os.ReadFile(filepath.Join(dir, "annotated.pdn"))
		if err != nil {
			t.Fatal(err)
		}
		if tag := "[Annotator \"" + want + "\"]"; !strings.Contains(string(pgn), tag) {
			t.Errorf("%s: annotated.pdn has no %s", dir, tag)
		}
	}
}

// TestEngineAnalyzeFaults: an engine that cannot start stops analyze
// before anything is written; one that crashes at every search leaves
// every position to damka's own search (the same rows), and the summary
// counts them.
func TestEngineAnalyzeFaults(t *testing.T) {
	dir := t.TempDir()
	russian, err := os.ReadFile("../../testdata/oracle/games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(russian), "\n\n[Event")
	in := writeFile(t, filepath.Join(dir, "in", "one.pdn"), strings.TrimSuffix(games[0], "[Event"))
	base := []string{"analyze", "-q", "--depth", "2", "--verify", "0", "--tt", "1", "-j", "2", "--no-egtb", in}
	missing := filepath.Join(dir, "missing")
	if _, errOut, code := run(t, "", append(base, "-o", missing, "--engine", "/nonexistent/engine")...); code == exitOK || !strings.Contains(errOut, "/nonexistent/engine") {
		t.Errorf("a missing engine: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(missing, "moves.parquet")); err == nil {
		t.Errorf("a missing engine: moves.parquet written")
	}
	own, crashed := filepath.Join(dir, "own"), filepath.Join(dir, "crashed")
	if _, errOut, code := run(t, "", append(base, "-o", own)...); code != exitOK {
		t.Fatalf("damka: exit %d: %s", code, errOut)
	}
	crash := `sh -c 'while read l; do case "$l" in hub) echo "name fake"; echo wait;; init) echo ready;; ping) echo pong;; analyse) exit 3;; esac; done'`
	_, errOut, code := run(t, "", append(base, "-o", crashed, "--engine", crash, "--engine-timeout", "5")...)
	want, _ := tableRows(t, filepath.Join(own, "moves.parquet"))
	got, _ := tableRows(t, filepath.Join(crashed, "moves.parquet"))
	if code != exitOK || !strings.Contains(errOut, fmt.Sprintf("the engine failed on %d position(s)", len(want))) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the rows of damka's own search differ")
	}
}

// TestEngineAnalyzeMismatch: an engine whose moves disagree with damka's
// (a best move that is not legal; a list of legal moves that is not
// damka's) gets an error naming the game and the ply, each such position
// is analysed by damka's own search (the rows are damka's own), and the
// summary counts the mismatches apart from failures.
func TestEngineAnalyzeMismatch(t *testing.T) {
	dir := t.TempDir()
	russian, err := os.ReadFile("../../testdata/oracle/games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(russian), "\n\n[Event")
	in := writeFile(t, filepath.Join(dir, "in", "one.pdn"), strings.TrimSuffix(games[0], "[Event"))
	base := []string{"analyze", "-q", "--depth", "2", "--verify", "0", "--tt", "1", "-j", "2", "--no-egtb", in}
	own := filepath.Join(dir, "own")
	if _, errOut, code := run(t, "", append(base, "-o", own)...); code != exitOK {
		t.Fatalf("damka: exit %d: %s", code, errOut)
	}
	want, _ := tableRows(t, filepath.Join(own, "moves.parquet"))
	engine := func(extra string) string {
		return `sh -c 'while read l; do case "$l" in hub) echo "name fake"; echo wait;; init) echo ready;; ping) echo pong;; ` + extra + `esac; done'`
	}
	for _, c := range []struct{ name, cmd, want string }{
		{"illegal best move", engine(`analyse) echo "info 4 0 25 100 0 0 99-98"; echo "move 99-98";; `), `its best move "99-98" is not one of damka's legal moves`},
		{"wrong list", engine(`moves) echo "moves 99-98";; analyse) echo "info 4 0 25 100 0 0 22-18"; echo "move 22-18";; `), "its legal moves differ from damka's: it lists 99-98, which damka does not have; it lacks damka's "},
		// An engine that lists no moves: each of damka's is played on it.
		{"refused move", engine(`"move 22-17") echo "error illegal move";; analyse) echo "info 4 0 25 100 0 0 99-98"; echo "move 99-98";; `), `its best move "99-98" is not one of damka's legal moves`},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
		_, errOut, code := run(t, "", append(base, "-o", out, "--engine", c.cmd, "--engine-timeout", "5")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
		}
		if got, _ := tableRows(t, filepath.Join(out, "moves.parquet")); !slices.Equal(got, want) {
			t.Errorf("%s: the rows of damka's own search differ", c.name)
		}
		if !strings.Contains(errOut, fmt.Sprintf("the engine's moves disagreed with damka's on %d position(s), analysed by damka's own search", len(want))) ||
			strings.Contains(errOut, "the engine failed on") {
			t.Errorf("%s: the summary does not count the mismatches:\n%s", c.name, errOut)
		}
		// The first ply: the file, the game's line, the game and the move.
		first := in + ":10: game 1 (Random A - Random B, Random game russian_random_seed4242.jsonl #0): ply 1 (1. g3-h4): position "
		wantN := len(want)
		if c.name == "refused move" {
			// The positions where 22-17 (c3-b4) is legal, the start among
			// them, fail on the moves played, every other on the best move.
			wantN -= strings.Count(errOut, "it refuses damka's legal move(s) 22-17 ")
			if refused := first + "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8: engine "; !strings.Contains(errOut, refused) ||
				!strings.Contains(errOut, `: it refuses damka's legal move(s) 22-17 (error illegal move); analysed by damka's own search`) {
				t.Errorf("%s: the move refused is not named:\n%s", c.name, errOut)
			}
		}
		if strings.Count(errOut, c.want) != wantN || !strings.Contains(errOut, first) || !strings.Contains(errOut, ": ply 2 (1... d6-e5): position ") {
			t.Errorf("%s: want %d errors naming the game and ply (%s...), stderr:\n%s", c.name, wantN, first, errOut)
		}
	}
}

// TestEngineAnalyzeVariants: the games of a variant the engine does not
// play are analysed by damka's own search (the rows damka's own analysis
// writes), the others by the engine, and the summary says which and how
// many: an engine that plays International only (damka hub --variant
// international answers an 8x8 position with an error), and a variant
// that an engine naming no variants is not taken to play (Brazilian).
func TestEngineAnalyzeVariants(t *testing.T) {
	dir := t.TempDir()
	russian, err := os.ReadFile("../../testdata/oracle/games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(russian), "\n\n[Event")
	ru := writeFile(t, filepath.Join(dir, "in", "russian.pdn"), strings.TrimSuffix(games[0], "[Event"))
	br := writeFile(t, filepath.Join(dir, "in", "brazilian.pdn"), "[GameType \"26\"]\n\n1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3:g5 h6:f4 *\n")
	intl := "../../testdata/corpus/international/wiegerw-pdn/succeed/kurnik.pdn"
	base := []string{"analyze", "-q", "--depth", "3", "--verify", "0", "--tt", "1", "-j", "2", "--no-egtb", ru, br, intl}
	own, ours := filepath.Join(dir, "own"), filepath.Join(dir, "engine")
	if _, errOut, code := run(t, "", append(base, "-o", own)...); code != exitOK {
		t.Fatalf("damka: exit %d: %s", code, errOut)
	}
	_, errOut, code := run(t, "", append(base, "-o", ours, "--engine", testEngine(t, "--tt 1 --variant international"))...)
	if code != exitOK {
		t.Fatalf("engine: exit %d: %s", code, errOut)
	}
	want, _ := tableRows(t, filepath.Join(own, "moves.parquet"), "nodes")
	got, _ := tableRows(t, filepath.Join(ours, "moves.parquet"), "nodes")
	if len(want) < 600 || !slices.Equal(got, want) {
		t.Errorf("%d rows, want damka's own %d, the same", len(got), len(want))
	}
	for _, line := range []string{
		`the engine does not play russian (it answers its start position with "error bad position: position `,
		"): its 1 game(s), 59 position(s), analysed by damka's own search",
		"the engine does not play brazilian (it names no variants it plays, so it is taken to play International on 10x10 boards and Russian on 8x8 only): its 1 game(s), 6 position(s), analysed by damka's own search",
	} {
		if !strings.Contains(errOut, line) {
			t.Errorf("stderr lacks %q:\n%s", line, errOut)
		}
	}
	if strings.Contains(errOut, "does not play international") || strings.Contains(errOut, "the engine failed") {
		t.Errorf("stderr:\n%s", errOut)
	}
}

// TestEngineEvalVariant: eval of a variant the engine does not play is
// damka's own, and stderr says so.
func TestEngineEvalVariant(t *testing.T) {
	in := "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7\nB:Wg1,b2,f2,a3,c3,e3,h4:Ba5,c5,f6,h6,e7,d8,f8\n"
	o := EvalOptions{Variant: "russian", Depth: 4, TTSize: 1, Jobs: 1}
	want, _, err := evalFields(t, o, in)
	if err != nil {
		t.Fatal(err)
	}
	o.Engine = EngineOptions{Command: testEngine(t, "--tt 1 --variant international")}
	got, errOut, err := evalFields(t, o, in)
	if err != nil || len(got) != len(want) {
		t.Fatalf("%v, %d lines\n%s", err, len(got), errOut)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("line %d: %q, want damka's %q", i, got[i], want[i])
		}
	}
	if !strings.Contains(errOut, "damka eval: the engine does not play russian (it answers its start position with ") || !strings.Contains(errOut, "): damka's own search\n") {
		t.Errorf("stderr:\n%s", errOut)
	}
}

// TestEngineFitK: --engine-fit-k fits the engine's curve to the results
// of the games analysed: with damka hub as the engine, the k fitted to
// damka's own scores of the same positions (the positions after the
// first 10 plies of the games with a result, searched afresh at the same
// depth); the k suggested is the engine's whatever --engine-k the run
// reads its scores with.
func TestEngineFitK(t *testing.T) {
	games := "../../testdata/corpus/international/wiegerw-pdn/succeed/nk ronde 01.pdn"
	var fit analyze.CurveFit
	n := 0
	sr := analyze.NewSearcher(draughts.International, analyze.Options{Depth: 3, TTSize: 1, Verify: -1})
	err := input.ReadFile(games, func(g *pdn.Game, _ error) error {
		r := validate.Game(g, validate.Options{})
		res, ok := map[string]float64{"2-0": 1, "1-1": 0.5, "0-2": 0}[r.Result]
		if !ok {
			return nil
		}
		before := fit.Len()
		for i := 10; i < pipeline.AnalysablePlies(r); i++ {
			p := r.Plies[i].Before
			sc := sr.Search(&p).Score
			if sc.IsDecisive() || sc.IsTableWin() || sc.IsTableLoss() {
				continue
			}
			x := float64(sc)
			if p.Side == draughts.Black {
				x = -x
			}
			fit.Add(x, res)
		}
		if fit.Len() > before {
			n++
		}
		return nil
	})
	if err != nil || fit.Len() < 200 {
		t.Fatalf("%d positions: %v", fit.Len(), err)
	}
	k, e := fit.Fit()
	dir := t.TempDir()
	for _, runK := range []string{"0", "0.012"} {
		_, errOut, code := run(t, "", "analyze", "-q", "--depth", "3", "--verify", "0", "--tt", "1", "-j", "2", "--no-egtb", "-o", filepath.Join(dir, runK),
			"--engine", testEngine(t, "--tt 1"), "--engine-k", runK, "--engine-fit-k", games)
		want := fmt.Sprintf("the engine's winning-chances curve fitted to %d position(s) of %d game(s) with a result: --engine-k %.5f suggested (mean squared error %.4f; ", fit.Len(), n, k, e)
		if code != exitOK || !strings.Contains(errOut, want) {
			t.Errorf("--engine-k %s: exit %d, want %q in:\n%s", runK, code, want, errOut)
		}
	}
	if _, errOut, code := run(t, "", "analyze", "-q", "-o", filepath.Join(dir, "no"), "--engine-fit-k", games); code == exitOK || !strings.Contains(errOut, "give --engine") {
		t.Errorf("--engine-fit-k without --engine: exit %d: %s", code, errOut)
	}
}
