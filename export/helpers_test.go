package export

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Real data the tests read: the Russian corpus (209 games), the oracle's
// 100 random games, and the hand-made games with findings.
const testdata = "../testdata/"

var (
	corpusFiles = []string{
		testdata + "corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn",
		testdata + "corpus/russian/wiegerw-pdn/fail/abatsiev.pdn",
	}
	oracleFile = testdata + "oracle/games.pdn"
)

// findingFiles are the hand-made games of testdata/validate, sorted.
func findingFiles(t testing.TB) []string {
	t.Helper()
	fs, err := filepath.Glob("../testdata/validate/*.pdn")
	if err != nil || len(fs) == 0 {
		t.Fatalf("testdata/validate: %v", err)
	}
	sort.Strings(fs)
	return fs
}

// readReports reads and replays every game of the files, in order.
func readReports(t testing.TB, files ...string) []*validate.Report {
	t.Helper()
	var out []*validate.Report
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := pdn.NewReader(f, path)
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if g == nil {
				f.Close()
				t.Fatalf("%s: %v", path, err)
			}
			out = append(out, validate.Game(g, validate.Options{}))
		}
		f.Close()
	}
	return out
}

// allFiles is every file the tests export.
func allFiles(t testing.TB) []string {
	return append(append(append([]string(nil), corpusFiles...), oracleFile), findingFiles(t)...)
}

func countPlies(reports []*validate.Report) int {
	n := 0
	for _, r := range reports {
		n += len(r.Plies)
	}
	return n
}

var testMeta = Meta{Version: "test", Variant: "auto", Command: "export testdata"}

// writeGames writes the games table of reports in format f.
func writeGames(t testing.TB, reports []*validate.Report, f Format, opts ...Option) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewGamesWriter(&buf, f, testMeta, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		if err := w.Add(r, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeMoves writes the moves table of reports, with evals[i] for
// reports[i] when evals is not nil.
func writeMoves(t testing.TB, reports []*validate.Report, evals []*analyze.GameAnalysis, f Format, opts ...Option) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewMovesWriter(&buf, f, testMeta, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range reports {
		var e *analyze.GameAnalysis
		if evals != nil {
			e = evals[i]
		}
		if err := w.Add(r, e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fakeEvals makes up an analysis of the first two thirds of the plies of
// every game but every fourth (which has none), so that the tests see
// both analysed and NULL rows.
func fakeEvals(reports []*validate.Report) []*analyze.GameAnalysis {
	out := make([]*analyze.GameAnalysis, len(reports))
	for i, r := range reports {
		if i%4 == 3 || len(r.Plies) == 0 {
			continue
		}
		a := &analyze.GameAnalysis{Depth: 6, Plies: make([]analyze.PlyAnalysis, (2*len(r.Plies)+2)/3)}
		for j := range a.Plies {
			loss := j % 7 * 40
			class := analyze.ClassBest
			if loss >= 200 {
				class = analyze.ClassBlunder
			}
			m := r.Plies[j].Move
			e := analyze.PlyAnalysis{Before: analyze.Score(10 * j), After: analyze.Score(10*j - loss),
				Best: m, BestPV: []draughts.Move{m},
				Loss: loss, Class: class, Nodes: uint64(1000 + j), VerdictDepth: 6 + 2*(j%3)}
			// Every tenth ply a forced win in 9 plies, kept by the move or
			// lost to a forced loss in 4.
			if j%10 == 4 {
				e.Before, e.After = analyze.WinIn(9), analyze.WinIn(9)
				if j%20 == 14 {
					e.After = analyze.LossIn(4)
				}
			}
			// Every sixth ply held by the endgame databases: before the
			// move a win or a draw, after it a draw.
			if j%6 == 2 {
				e.TableBefore, e.TableAfter = egtb.Win, egtb.Draw
				e.HasTableBefore, e.HasTableAfter = true, true
				if j%12 == 8 {
					e.TableBefore = egtb.Draw
				}
			}
			a.Plies[j] = e
		}
		out[i] = a
	}
	return out
}

// fakeRows are the rows of the analysis columns that evals (fakeEvals)
// make: rows[i][j] is ply j of reports[i]'s, nil where it has none.
func fakeRows(reports []*validate.Report, evals []*analyze.GameAnalysis) [][]*plyRow {
	out := make([][]*plyRow, len(reports))
	for i, r := range reports {
		out[i] = make([]*plyRow, len(r.Plies))
		for j := range out[i] {
			if pa := evals[i].Ply(j); pa != nil {
				e := flattenPly(pa, evals[i].Depth)
				out[i][j] = &e
			}
		}
	}
	return out
}
