package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// summary is what a test keeps of a game's result: where it was read,
// its status and findings (the sink may not keep the result itself with
// Reuse).
func summary(res *Result) string {
	g := res.Input.Game
	var b strings.Builder
	fmt.Fprintf(&b, "%s#%d %s %s %d plies", g.File, g.Index, res.Input.SourceFile, res.Report.Status(), len(res.Report.Plies))
	for _, f := range res.Report.Findings {
		b.WriteString("; " + f.String())
	}
	return b.String()
}

// sequential is what a run must give, made the plain way: every input
// walked, read game after game (File.Next) and processed in order by one
// processor.
func sequential(t *testing.T, args []string) ([]string, Counts) {
	t.Helper()
	pr := New(Options{}).NewProcessor()
	var out []string
	var c Counts
	for _, a := range args {
		for _, s := range input.WalkAll([]string{a}) {
			if s.Err != nil || s.Skip != "" {
				continue
			}
			rc, err := input.OpenFile(s.Name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := NewFile(s.Name, rc, "")
			if err != nil {
				t.Fatal(err)
			}
			for {
				g, err := f.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					c.InputErrors++
					continue
				}
				var res Result
				pr.Process(&res, Input{Game: g, SourceFile: SourceFile(a, s.Name)})
				c.Add(res.Report, int64(c.Games))
				out = append(out, summary(&res))
			}
			f.Close()
		}
	}
	return out, c
}

// A run hands the sink every game of the inputs in input order, with
// the same result and counts as reading and processing them one after
// the other, for any number of workers, reusing memory or not: the
// batches, the cutting apart of reading and building (from 3 workers),
// and the reuse pool change nothing but the time.
func TestRunAsSequential(t *testing.T) {
	args := []string{"../testdata/corpus", "../testdata/validate"}
	want, wantCounts := sequential(t, args)
	if len(want) < 500 {
		t.Fatalf("only %d games in the corpus", len(want))
	}
	for _, jobs := range []int{1, 2, 3, 5} {
		for _, reuse := range []bool{false, true} {
			var got []string
			in := OpenInputs(args, InputOptions{})
			c, err := Run(context.Background(), in, Options{Jobs: jobs, Reuse: reuse}, func(res *Result) error {
				got = append(got, summary(res))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("-j %d reuse %v: games differ (-sequential +run):\n%s", jobs, reuse, d)
			}
			if d := cmp.Diff(wantCounts, c); d != "" {
				t.Errorf("-j %d reuse %v: counts differ:\n%s", jobs, reuse, d)
			}
			if in.Read() != in.Size() {
				t.Errorf("-j %d: read %d bytes of %d", jobs, in.Read(), in.Size())
			}
		}
	}
}

// An input that cannot be read is told in its place among the games and
// counted, and the run goes on with the next: exit status 2 (ExitInput).
// A folder with nothing to read and a file with no game are notes, not
// errors. With no argument and NoInput, the run reads nothing: ErrNoInput.
func TestRunInputErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.pdn")
	os.WriteFile(empty, nil, 0o644)
	os.Mkdir(filepath.Join(dir, "nothing"), 0o755)
	missing := filepath.Join(dir, "missing.pdn")
	args := []string{missing, "sample:ussr1947.pdn", empty, filepath.Join(dir, "nothing")}
	var events []string
	opts := Options{Jobs: 2, Notify: func(n Notice) {
		switch {
		case n.Err != nil:
			events = append(events, "error: "+DescribeInputError(n.Err))
		default:
			events = append(events, "note: "+n.Note)
		}
	}}
	games := 0
	c, err := Run(context.Background(), OpenInputs(args, InputOptions{}), opts, func(res *Result) error {
		if games == 0 {
			events = append(events, "games")
		}
		games++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"error: " + missing + ": no such file or directory",
		"games",
		"note: " + empty + ": no games in this file",
		"note: " + filepath.Join(dir, "nothing") + ": " + input.NoArchives,
	}
	if d := cmp.Diff(want, events); d != "" {
		t.Errorf("events (-want +got):\n%s", d)
	}
	if games != 153 || c.Games != 153 || c.InputErrors != 1 || c.ExitStatus() != ExitInput {
		t.Errorf("%d games sunk, counts %+v, exit %d", games, c, c.ExitStatus())
	}

	var notices []Notice
	c, _ = Run(context.Background(), OpenInputs(nil, InputOptions{NoArgs: NoInput}), Options{Notify: func(n Notice) { notices = append(notices, n) }},
		func(*Result) error { return nil })
	if len(notices) != 1 || !errors.Is(notices[0].Err, ErrNoInput) || c.InputErrors != 1 {
		t.Errorf("no input: %+v, counts %+v", notices, c)
	}
	c, _ = Run(context.Background(), OpenInputs(nil, InputOptions{NoArgs: ReadStdin, Stdin: strings.NewReader("1. 22-18 11-15 *\n")}), Options{},
		func(res *Result) error {
			if res.Input.Game.File != "-" || !res.Input.Source.Stdin {
				t.Errorf("standard input read as %q, %+v", res.Input.Game.File, res.Input.Source)
			}
			return nil
		})
	if c.Games != 1 {
		t.Errorf("standard input: %+v", c)
	}
}

// The sink's error ends the run and is returned.
func TestRunSinkError(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	_, err := Run(context.Background(), OpenInputs([]string{"sample:ussr1947.pdn"}, InputOptions{}), Options{Jobs: 2, Reuse: true}, func(*Result) error {
		if n++; n == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 10 {
		t.Errorf("after %d games: %v", n, err)
	}
}

// Select decides on the worker: a game it does not take is counted and
// not sunk; one decided without the replay is not replayed (Report nil)
// unless the run prepares rows; one that asked for the replay has it.
func TestRunSelect(t *testing.T) {
	args := []string{"sample:ussr1947.pdn"}
	byIndex := func(g *pdn.Game, replay func() *validate.Report) bool {
		if g.Index%3 == 0 {
			return replay().Status() != validate.Errors
		}
		return g.Index%3 == 1
	}
	for _, rows := range []bool{false, true} {
		var got []int
		c, err := Run(context.Background(), OpenInputs(args, InputOptions{}), Options{Jobs: 3, Select: byIndex, Rows: rows}, func(res *Result) error {
			g := res.Input.Game
			got = append(got, g.Index)
			replayed := res.Report != nil
			if want := rows || g.Index%3 == 0; replayed != want {
				t.Errorf("rows %v: game %d replayed %v", rows, g.Index, replayed)
			}
			if rows && res.Prepared == nil {
				t.Errorf("game %d: no rows", g.Index)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		for i := 1; i <= 153; i++ {
			if i%3 != 2 {
				want = append(want, i)
			}
		}
		if d := cmp.Diff(want, got); d != "" || c.Games != 153 {
			t.Errorf("rows %v: %d games counted; selected (-want +got):\n%s", rows, c.Games, d)
		}
	}
}
