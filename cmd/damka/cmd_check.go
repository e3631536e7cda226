package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/report"
	"github.com/damka/damka/validate"
)

// CheckOptions are the flags of damka check.
type CheckOptions struct {
	Variant    string
	Jobs       int
	JSON       bool
	Quiet      bool
	ErrorsOnly bool
	Kinds      []string
	Report     string
}

// AddFlags adds the check flags to fs.
func (o *CheckOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Variant, "variant", "", "play every game by these rules ("+joinNames()+"), whatever its GameType tag")
	fs.IntVarP(&o.Jobs, "jobs", "j", 0, "games validated at once (default: all cores)")
	fs.BoolVar(&o.JSON, "json", false, "print one JSON object per game on stdout; the summary goes to stderr")
	fs.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
	fs.BoolVar(&o.ErrorsOnly, "errors-only", false, "print only the findings that are errors (the summary counts everything)")
	fs.StringSliceVar(&o.Kinds, "kinds", nil, "print only the findings of these kinds, comma-separated (the summary counts everything)")
	fs.StringVar(&o.Report, "report", "", "also write an HTML page with every error on the board where it happened")
}

// filter returns which findings are printed, or an error for an unknown
// kind.
func (o *CheckOptions) filter() (func(*validate.Finding) bool, error) {
	kinds := map[validate.Kind]bool{}
	for _, k := range o.Kinds {
		kind := validate.Kind(strings.TrimSpace(k))
		if !slices.Contains(validate.Kinds, kind) {
			names := make([]string, len(validate.Kinds))
			for i, k := range validate.Kinds {
				names[i] = string(k)
			}
			return nil, &exitError{code: exitInput, err: fmt.Errorf("check: --kinds: unknown kind %q (kinds: %s)", k, strings.Join(names, ", "))}
		}
		kinds[kind] = true
	}
	if !o.ErrorsOnly && len(kinds) == 0 {
		return nil, nil
	}
	return func(f *validate.Finding) bool {
		return (!o.ErrorsOnly || f.Severity == validate.Error) && (len(kinds) == 0 || kinds[f.Kind])
	}, nil
}

func newCheckCommand(io *streams) *cobra.Command {
	var opts CheckOptions
	cmd := &cobra.Command{
		Use:   "check [FILE|DIR|-]...",
		Short: "Replay every game and report every defect",
		Long: `Read every game of the inputs (files, directories walked for *.pdn, *.txt
and *.json, possibly compressed, or - for standard input; with none,
standard input when it is a pipe or a file, else the sample archive built
into damka), replay each against the rules engine, and report every defect
like a compiler:

  file:line:col: game N (White - Black, Event): ply P (17. c3-d4): kind: message

then a summary. The kinds of findings: syntax_error, illegal_move,
missed_capture, incomplete_capture, ambiguous_move, wrong_result,
draw_by_rule, bad_setup, unknown_moves, variant_inferred, unknown_variant,
invalid_utf8. A variant_inferred or unknown_variant finding is printed once
per file ("game 1 (...) and 152 more games of this file"), as many games of
one file share it. --errors-only and --kinds K,... choose the findings
printed; the summary counts them all.

A game of a variant damka does not play is not checked: it is counted
apart ("16 not checked: Canadian draughts is not played by damka").

An illegal move, an incomplete capture or an unresolved ambiguity that
stops replay, and a missed capture, come with the best repairs: "did you
mean c3-d4? (the rest of the game then replays)"; damka clean --repair
applies the certain ones.

With --report FILE.html, also one HTML page to open in a browser, offline:
the summary and every error (the first 500) with the board before the
failing move, the move as written and the repairs drawn on it, and the
finding.

With --json, one JSON object per game and line on stdout, in input order:
{"file", "game", "line", "plies", "status", "findings": [{"kind",
"severity", "ply", "move", "line", "column", "message"}]}, status being
clean, warnings, errors, unreadable or unchecked, and move null for a
finding with no move (as in the games table's findings); the summary goes
to stderr. The findings that repairs are searched for also have "repairs":
[{"move", "edit", "replays_to_end", "plies_replayed_after"}], best first
(possibly empty). With --errors-only or --kinds, only the games with a
finding chosen are printed, with those findings.

` + exitStatusHelp,
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

// exitStatusHelp is the exit status rule, the same for every command.
const exitStatusHelp = `Exit status, the same for every command:
  0    done: every game was checked and none has an error
  1    done, but a game has an error or could not be checked (a variant
       damka does not play); for clean, a game went to the rejects; for
       moves, a line was bad. The outputs are written all the same.
  2    an input could not be read at all (missing, not PDN, cut), or the
       command line is wrong
  3    an output could not be written (disk full, I/O error, a read-only
       file system): the outputs are left as they were
  130  interrupted (Ctrl-C; 143 for SIGTERM): no output file is changed`

func runCheck(ctx context.Context, io *streams, opts CheckOptions, args []string) error {
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	filter, err := opts.filter()
	if err != nil {
		return err
	}
	// The report goes through the run's outputs: checked and created
	// before the first game, put in place at the end.
	var page *report.Check
	var pageDest *bufferedDestination
	var outs *outputs
	if opts.Report == "-" {
		return &exitError{code: exitInput, err: errors.New("check: --report must name a file, not standard output")}
	}
	if opts.Report != "" {
		o, dests, err := openOutputs("check", io, args, output{flag: "--report", path: opts.Report})
		if err != nil {
			return err
		}
		outs = o
		defer outs.Abort()
		pageDest = buffered(dests[opts.Report])
		page = report.NewCheck(0)
	}
	out := newLineWriter(io, io.Out)
	t := newTally()
	// The findings quote archive text: shown with its control characters
	// escaped, in JSON as in lines (issue 27).
	enc := json.NewEncoder(display.NewJSONWriter(out))
	enc.SetEscapeHTML(false)
	rep := &reporter{w: display.NewWriter(out), filter: filter}
	// Nothing of a game is kept past emit: the reporter keeps the label of
	// a game, the page its cards, the tally its counts.
	r := runner{io: io, args: args, jobs: opts.Jobs, quiet: opts.Quiet, tally: t, reuse: true}
	err = r.each(ctx, pipeline.New(pipeline.Options{Validate: vopts}), func(it gameItem, res *pipeline.Result) error {
		if page != nil {
			page.Add(it.File, res.Report)
		}
		if opts.JSON {
			j, ok := jsonReport(res.Report, filter)
			if !ok {
				return nil
			}
			if err := enc.Encode(j); err != nil {
				return err
			}
		} else {
			rep.game(res.Report)
		}
		return out.Sync()
	})
	rep.flush()
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err == nil && page != nil {
		var flags []string
		if opts.Variant != "" {
			flags = append(flags, "--variant", opts.Variant)
		}
		err = page.Write(pageDest.buf, report.Meta{Version: version, Command: commandLine("check", flags, args), InputErrors: t.InputErrors})
		if err == nil {
			err = pageDest.buf.Flush()
		}
	}
	if err != nil {
		return &exitError{code: exitInput, err: err}
	}
	if outs != nil {
		if _, err := outs.CommitRead(t.Games, t.InputErrors); err != nil {
			return err
		}
	}
	summary := io.Err
	if !opts.JSON {
		summary = display.NewWriter(io.Out)
	}
	t.print(summary)
	return t.exit()
}

// reporter prints findings like a compiler, one line each, but those
// that many games of a file share (variant_inferred, unknown_variant,
// gametype_mismatch)
// once per file: "game 1 (...) and 152 more games of this file".
type reporter struct {
	w      io.Writer
	filter func(*validate.Finding) bool
	file   string
	groups []*findingGroup
}

type findingGroup struct {
	// file and label name the group's first game: not the game itself,
	// whose memory the run reuses (runner.reuse).
	file, label string
	f           validate.Finding
	count       int
}

// perFile tells the findings printed once per file.
func perFile(k validate.Kind) bool {
	return k == validate.VariantInferred || k == validate.UnknownVariant || k == validate.GameTypeMismatch
}

func (p *reporter) game(r *validate.Report) {
	g := r.Game
	if g.File != p.file {
		p.flush()
		p.file = g.File
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		if p.filter != nil && !p.filter(f) {
			continue
		}
		if !perFile(f.Kind) {
			writeFinding(p.w, g, f, "")
			continue
		}
		found := false
		for _, gr := range p.groups {
			if gr.f.Kind == f.Kind && gr.f.Message == f.Message {
				gr.count++
				found = true
				break
			}
		}
		if !found {
			p.groups = append(p.groups, &findingGroup{file: g.File, label: gameLabel(g), f: *f, count: 1})
		}
	}
}

// flush prints the shared findings of the file read so far.
func (p *reporter) flush() {
	for _, gr := range p.groups {
		more := ""
		switch gr.count {
		case 1:
		case 2:
			more = " and 1 more game of this file"
		default:
			more = fmt.Sprintf(" and %d more games of this file", gr.count-1)
		}
		writeFindingOf(p.w, gr.file, gr.label, &gr.f, more)
	}
	p.groups = p.groups[:0]
}

// describeInputError is pipeline.DescribeInputError, shown on a terminal.
func describeInputError(err error) string {
	return display.Text(pipeline.DescribeInputError(err))
}

// gameLabel names a game in reports: "game 3 (Ivanov - Petrov, USSR ch.)".
func gameLabel(g *pdn.Game) string {
	or := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	return fmt.Sprintf("game %d (%s - %s, %s)", g.Index, or(display.Text(g.White())), or(display.Text(g.Black())), or(display.Text(g.Event())))
}

// writeFindings prints the findings of a game, one compiler-style line each.
func writeFindings(w io.Writer, r *validate.Report) {
	for i := range r.Findings {
		writeFinding(w, r.Game, &r.Findings[i], "")
	}
}

// writeFinding prints one finding: file:line:col: game N (...)more: ply P (17. c3-d4): kind: message.
func writeFinding(w io.Writer, g *pdn.Game, f *validate.Finding, more string) {
	writeFindingOf(w, g.File, gameLabel(g), f, more)
}

// writeFindingOf is writeFinding for the game of the given file and label
// (gameLabel).
func writeFindingOf(w io.Writer, file, label string, f *validate.Finding, more string) {
	// label is gameLabel's, escaped already; the rest quotes archive text.
	fmt.Fprintf(w, "%s:%d:%d: %s%s: %s\n", display.Text(file), f.Line, f.Col, label, more, display.Text(f.String()))
}

// The JSON form of a game's report: a contract, keep the fields as they
// are (status was added after the others). A finding has the names and
// NULLs of the games table's findings (column, not col; move null for a
// finding with no move written, as for the game as a whole).
type jsonGame struct {
	File     string          `json:"file"`
	Game     int             `json:"game"`
	Line     int             `json:"line"`
	Plies    int             `json:"plies"`
	Status   validate.Status `json:"status"`
	Findings []jsonFinding   `json:"findings"`
}

type jsonFinding struct {
	Kind     validate.Kind     `json:"kind"`
	Severity validate.Severity `json:"severity"`
	Ply      int               `json:"ply"`
	Move     *string           `json:"move"`
	Line     int               `json:"line"`
	Column   int               `json:"column"`
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

// jsonReport is the JSON form of r, with only the findings filter keeps;
// ok is false when a filter keeps none.
func jsonReport(r *validate.Report, filter func(*validate.Finding) bool) (jsonGame, bool) {
	j := jsonGame{File: r.Game.File, Game: r.Game.Index, Line: int(r.Game.Pos.Line), Plies: len(r.Plies), Status: r.Status(), Findings: []jsonFinding{}}
	for i := range r.Findings {
		f := &r.Findings[i]
		if filter != nil && !filter(f) {
			continue
		}
		jf := jsonFinding{Kind: f.Kind, Severity: f.Severity, Ply: f.Ply, Line: f.Line, Column: f.Col, Message: f.Message}
		if f.Move != "" {
			jf.Move = &f.Move
		}
		if f.Repairable() || f.Kind == validate.Repaired {
			reps := make([]jsonRepair, 0, len(f.Repairs))
			for _, c := range f.Repairs {
				reps = append(reps, jsonRepair{c.Move, c.Edit, c.ReplaysToEnd, c.PliesAfter})
			}
			jf.Repairs = &reps
		}
		j.Findings = append(j.Findings, jf)
	}
	return j, filter == nil || len(j.Findings) > 0
}
