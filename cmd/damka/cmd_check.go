package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// CheckOptions are the flags of damka check.
type CheckOptions struct {
	Variant string
	Jobs    int
	JSON    bool
	Quiet   bool
}

// AddFlags adds the check flags to fs.
func (o *CheckOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Variant, "variant", "", "play every game by these rules ("+joinNames()+"), whatever its GameType tag")
	fs.IntVarP(&o.Jobs, "jobs", "j", 0, "games validated at once (default: all cores)")
	fs.BoolVar(&o.JSON, "json", false, "print one JSON object per game on stdout; the summary goes to stderr")
	fs.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
}

func newCheckCommand(io *streams) *cobra.Command {
	var opts CheckOptions
	cmd := &cobra.Command{
		Use:   "check [FILE|DIR|-]...",
		Short: "Replay every game and report every defect",
		Long: `Read every game of the inputs (files, directories walked for *.pdn, *.txt
and *.json, possibly compressed, or - for standard input; with none, the
sample archive built into damka), replay each against the rules engine,
and report every defect like a compiler:

  file:line:col: game N (White - Black, Event): ply P (17. c3-d4): kind: message

then a summary. The kinds of findings: syntax_error, illegal_move,
missed_capture, incomplete_capture, ambiguous_move, wrong_result,
draw_by_rule, bad_setup, unknown_moves, variant_inferred, unknown_variant.

An illegal move, an incomplete capture or an unresolved ambiguity that
stops replay, and a missed capture, come with the best repairs: "did you
mean c3-d4? (the rest of the game then replays)"; damka clean --repair
applies the certain ones.

With --json, one JSON object per game and line on stdout, in input order:
{"file", "game", "line", "plies", "findings": [{"kind", "severity", "ply",
"move", "line", "col", "message"}]}; the summary goes to stderr. Those
findings also have "repairs": [{"move", "edit", "replays_to_end",
"plies_replayed_after"}], best first (possibly empty).

Exit status: 0 when no game has an error finding, 1 when one has, 2 when
an input cannot be read at all.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.Context(), io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// validateOptions builds the replay options from a --variant flag.
func validateOptions(variant string) (validate.Options, error) {
	var o validate.Options
	if variant != "" {
		v, err := draughts.VariantByName(variant)
		if err != nil {
			return o, &exitError{code: exitInput, err: err}
		}
		o.Variant = v
	}
	return o, nil
}

// checked is one input item after validation.
type checked struct {
	item   gameItem
	report *validate.Report
}

// tally sums up a run over many games.
type tally struct {
	games, clean, warnings, errors, unreadable int
	inputErrors                                int
	plies                                      int
	kinds                                      map[validate.Kind]int
	start                                      time.Time
}

func newTally() *tally { return &tally{kinds: map[validate.Kind]int{}, start: time.Now()} }

func (t *tally) add(r *validate.Report) {
	t.games++
	t.plies += len(r.Plies)
	switch r.Status() {
	case validate.Clean:
		t.clean++
	case validate.Warnings:
		t.warnings++
	case validate.Errors:
		t.errors++
	case validate.Unreadable:
		t.unreadable++
	}
	for _, f := range r.Findings {
		t.kinds[f.Kind]++
	}
}

func (t *tally) print(w io.Writer) {
	t.printCounts(w)
	t.printRate(w)
}

// printCounts prints what was read and found.
func (t *tally) printCounts(w io.Writer) {
	fmt.Fprintf(w, "%d games read: %d without errors (%d clean, %d with warnings only), %d with errors",
		t.games, t.clean+t.warnings, t.clean, t.warnings, t.errors+t.unreadable)
	if t.unreadable > 0 {
		fmt.Fprintf(w, " (%d unreadable)", t.unreadable)
	}
	fmt.Fprintln(w)
	var parts []string
	for _, k := range validate.Kinds {
		if n := t.kinds[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "findings: %s\n", strings.Join(parts, ", "))
	}
	if t.inputErrors > 0 {
		fmt.Fprintf(w, "%d input(s) could not be read\n", t.inputErrors)
	}
}

// printRate prints how fast the games were replayed.
func (t *tally) printRate(w io.Writer) {
	sec := time.Since(t.start).Seconds()
	rate := func(n int) float64 {
		if sec <= 0 {
			return 0
		}
		return float64(n) / sec
	}
	fmt.Fprintf(w, "%d plies replayed in %.2fs: %.0f games/s, %.0f plies/s\n", t.plies, sec, rate(t.games), rate(t.plies))
}

// exit maps the tally to the exit status of check and clean.
func (t *tally) exit() error {
	switch {
	case t.inputErrors > 0:
		return &exitError{code: exitInput}
	case t.errors+t.unreadable > 0:
		return &exitError{code: exitFindings}
	}
	return nil
}

// forEachGame reads and validates every game of the inputs in parallel and
// calls emit with each, in input order. An input that cannot be read is
// reported on stderr and counted, and the others go on.
func forEachGame(ctx context.Context, io *streams, args []string, jobs int, quiet bool, vopts validate.Options, t *tally, emit func(checked) error) error {
	times := &stageTimes{start: t.start}
	return replayGames(ctx, io, args, jobs, quiet, vopts, t, times, nil, nil, func(r replayed) error { return emit(r.checked) })
}

func runCheck(ctx context.Context, io *streams, opts CheckOptions, args []string) error {
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(io.Out)
	t := newTally()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	err = forEachGame(ctx, io, args, opts.Jobs, opts.Quiet, vopts, t, func(c checked) error {
		if opts.JSON {
			return enc.Encode(jsonReport(c.report))
		}
		writeFindings(out, c.report)
		return nil
	})
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return &exitError{code: exitInput, err: err}
	}
	summary := io.Out
	if opts.JSON {
		summary = io.Err
	}
	t.print(summary)
	return t.exit()
}

// describeInputError drops the system call from a path error: "x.pdn: no
// such file or directory" rather than "stat x.pdn: ...".
func describeInputError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}

// gameLabel names a game in reports: "game 3 (Ivanov - Petrov, USSR ch.)".
func gameLabel(g *pdn.Game) string {
	or := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	return fmt.Sprintf("game %d (%s - %s, %s)", g.Index, or(g.White()), or(g.Black()), or(g.Event()))
}

// writeFindings prints the findings of a game, one compiler-style line each.
func writeFindings(w io.Writer, r *validate.Report) {
	g := r.Game
	for _, f := range r.Findings {
		ply := ""
		if f.Ply > 0 {
			if label := f.MoveLabel(); label != "" && f.Move != "" {
				ply = fmt.Sprintf("ply %d (%s): ", f.Ply, label)
			} else {
				ply = fmt.Sprintf("ply %d: ", f.Ply)
			}
		}
		msg := f.Message
		if s := f.Suggestion(); s != "" {
			msg += "; " + s
		}
		fmt.Fprintf(w, "%s:%d:%d: %s: %s%s: %s\n", g.File, f.Line, f.Col, gameLabel(g), ply, f.Kind, msg)
	}
}

// The JSON form of a game's report: a contract, keep the fields as they are.
type jsonGame struct {
	File     string        `json:"file"`
	Game     int           `json:"game"`
	Line     int           `json:"line"`
	Plies    int           `json:"plies"`
	Findings []jsonFinding `json:"findings"`
}

type jsonFinding struct {
	Kind     validate.Kind     `json:"kind"`
	Severity validate.Severity `json:"severity"`
	Ply      int               `json:"ply"`
	Move     string            `json:"move"`
	Line     int               `json:"line"`
	Col      int               `json:"col"`
	Message  string            `json:"message"`
	// Repairs, best first: only on the findings repairs are searched for
	// (and on repaired ones, the repair applied).
	Repairs *[]jsonRepair `json:"repairs,omitempty"`
}

type jsonRepair struct {
	Move         string        `json:"move"`
	Edit         validate.Edit `json:"edit"`
	ReplaysToEnd bool          `json:"replays_to_end"`
	PliesAfter   int           `json:"plies_replayed_after"`
}

func jsonReport(r *validate.Report) jsonGame {
	j := jsonGame{File: r.Game.File, Game: r.Game.Index, Line: int(r.Game.Pos.Line), Plies: len(r.Plies), Findings: []jsonFinding{}}
	for _, f := range r.Findings {
		jf := jsonFinding{Kind: f.Kind, Severity: f.Severity, Ply: f.Ply, Move: f.Move, Line: f.Line, Col: f.Col, Message: f.Message}
		if f.Repairable() || f.Kind == validate.Repaired {
			reps := make([]jsonRepair, 0, len(f.Repairs))
			for _, c := range f.Repairs {
				reps = append(reps, jsonRepair{c.Move, c.Edit, c.ReplaysToEnd, c.PliesAfter})
			}
			jf.Repairs = &reps
		}
		j.Findings = append(j.Findings, jf)
	}
	return j
}
