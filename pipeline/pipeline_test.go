package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/export"
	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/pdn"
)

// testGames reads the games the tests process: the sample archive (153
// Russian games), the hand-made games with a finding of each kind, and
// the oracle's International games (another variant, a 10x10 board).
func testGames(t testing.TB) []Input {
	t.Helper()
	var in []Input
	read := func(name string, r io.Reader) {
		rd := pdn.NewReader(r, name)
		for {
			g, err := rd.Next()
			if err == io.EOF {
				return
			}
			if g == nil {
				t.Fatalf("%s: %v", name, err)
			}
			in = append(in, Input{Game: g, SourceFile: "data/" + name})
		}
	}
	read(sample.Name, bytes.NewReader(sample.PDN))
	files, _ := filepath.Glob("../testdata/validate/*.pdn")
	files = append(files, "../testdata/oracle/international/games.pdn")
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		read(name, f)
		f.Close()
	}
	return in
}

// A game's result depends on the game and the options alone: processed
// by one processor in order, or by three at once in a shuffled order, the
// reports, the analysis and the rows are the same.
func TestProcessDeterministic(t *testing.T) {
	games := testGames(t)
	if testing.Short() {
		games = games[:60]
	}
	pl := New(Options{Analysis: &analyze.Options{Depth: 2}, Rows: true})
	want := make([]Result, len(games))
	pr := pl.NewProcessor()
	for i, in := range games {
		pr.Process(&want[i], in)
	}
	got := make([]Result, len(games))
	gotFindings := make([][]string, len(games))
	order := rand.Perm(len(games))
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pr := pl.NewProcessor()
			// One Result reused: Process overwrites it whole and reuses
			// its report, so the findings are read before the next game.
			var res Result
			for k, i := range order {
				if k%3 != w {
					continue
				}
				pr.Process(&res, games[i])
				mu.Lock()
				got[i], gotFindings[i] = res, findingTexts(&res)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	analysed := 0
	for i := range games {
		w, g := &want[i], &got[i]
		if diff := cmp.Diff(findingTexts(w), gotFindings[i]); diff != "" {
			t.Fatalf("game %d: findings differ:\n%s", i, diff)
		}
		if diff := cmp.Diff(w.Analysis, g.Analysis, cmp.AllowUnexported(draughts.Move{})); diff != "" {
			t.Fatalf("game %d: analysis differs:\n%s", i, diff)
		}
		if w.Positions != AnalysablePlies(w.Report) || w.Analysis.Len() != w.Positions || w.Nodes != g.Nodes {
			t.Fatalf("game %d: %d positions, %d plies analysed, %d analysable plies; nodes %d and %d", i, w.Positions, w.Analysis.Len(), AnalysablePlies(w.Report), w.Nodes, g.Nodes)
		}
		if w.Prepared == nil || w.Prepared.ID() != g.Prepared.ID() || w.Prepared.ID() != export.GameID(games[i].Game) {
			t.Fatalf("game %d: prepared rows missing or with another id", i)
		}
		analysed += w.Positions
	}
	if analysed == 0 {
		t.Fatal("no position analysed")
	}
}

// findingTexts are the findings of a game, as damka check prints them.
func findingTexts(res *Result) []string {
	var out []string
	for _, f := range res.Report.Findings {
		out = append(out, fmt.Sprintf("%d:%d %s %s ply %d %q: %s; %s", f.Line, f.Col, f.Severity, f.Kind, f.Ply, f.Move, f.Message, f.Suggestion()))
	}
	return out
}

// Counts of parts of a run, merged in any order, are the counts of the
// run, printed the same.
func TestCountsMerge(t *testing.T) {
	games := testGames(t)
	pr := New(Options{}).NewProcessor()
	var all Counts
	parts := make([]Counts, 4)
	for i, in := range games {
		var res Result
		pr.Process(&res, in)
		all.Add(res.Report, int64(i))
		parts[rand.IntN(len(parts))].Add(res.Report, int64(i))
	}
	all.InputErrors = 2
	parts[1].InputErrors = 2
	var merged Counts
	for _, k := range rand.Perm(len(parts)) {
		merged.Merge(&parts[k])
	}
	var a, b strings.Builder
	all.Write(&a)
	merged.Write(&b)
	if a.String() != b.String() {
		t.Fatalf("merged counts print\n%s\nnot\n%s", b.String(), a.String())
	}
	if diff := cmp.Diff(all, merged); diff != "" {
		t.Fatalf("merged counts differ:\n%s", diff)
	}
	for _, want := range []string{"games read: ", "findings: ", "2 input(s) could not be read"} {
		if !strings.Contains(a.String(), want) {
			t.Errorf("the summary has no %q:\n%s", want, a.String())
		}
	}
	if !all.HasErrors() {
		t.Error("the games with errors are not counted as such")
	}
}

// The variants not played are printed in the order their first game
// came, whatever order the counts were added in.
func TestCountsUncheckedOrder(t *testing.T) {
	c := Counts{UncheckedBy: map[string]int{"B": 2, "A": 1, "C": 1}, UncheckedFirst: map[string]int64{"B": 3, "A": 7, "C": 1}}
	var b strings.Builder
	c.WriteUnchecked(&b)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	want := []string{"1 not checked: C is not played by damka", "2 not checked: B is not played by damka", "1 not checked: A is not played by damka"}
	if !slices.Equal(lines, want) {
		t.Fatalf("got %q, want %q", lines, want)
	}
}
