package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/report"
	"github.com/damka/damka/validate"
)

// CheckOptions are the flags of damka check.
type CheckOptions struct {
	gameFlags
	JSON       bool
	ErrorsOnly bool
	Kinds      []string
	Report     string

	shape *shapes // the flags that shape the report, for damka.command
}

// AddFlags adds the check flags to fs.
func (o *CheckOptions) AddFlags(fs *pflag.FlagSet) {
	o.gameFlags.addFlags(fs, "games validated at once (default: all cores)")
	fs.BoolVar(&o.JSON, "json", false, "print one JSON object per game on stdout; the summary goes to stderr")
	fs.BoolVar(&o.ErrorsOnly, "errors-only", false, "print only the findings that are errors (the summary counts everything)")
	fs.StringSliceVar(&o.Kinds, "kinds", nil, "print only the findings of these kinds, comma-separated (the summary counts everything)")
	fs.StringVar(&o.Report, "report", "", "also write an HTML page with every error on the board where it happened")
	o.shape = newShapes(fs)
	o.shape.mark("variant", shape{})
}

// filter returns which findings are printed, or an error for an unknown
// kind.
func (o *CheckOptions) filter() (func(*validate.Finding) bool, error) {
	var kinds []validate.Kind
	for _, s := range o.Kinds {
		k, err := validate.ParseKind(s)
		if err != nil {
			return nil, fmt.Errorf("check: --kinds: %w", err)
		}
		kinds = append(kinds, k)
	}
	return validate.Choose(o.ErrorsOnly, kinds), nil
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
apart ("16 not checked: Spantsiretti is not played by damka").

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
			return o, err
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
       file system), standard output included: the outputs are left as
       they were
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
	if opts.Report == "-" {
		return errors.New("check: --report must name a file, not standard output")
	}
	// The report goes through the run's outputs: checked and created
	// before the first game, put in place at the end.
	var targets []output.Target
	if opts.Report != "" {
		targets = append(targets, output.Target{Flag: "--report", Path: opts.Report})
	}
	set, err := output.Open("check", io.Out, io.Err, args, targets...)
	if err != nil {
		return err
	}
	var page *report.Check
	if opts.Report != "" {
		page = report.NewCheck(0)
	}
	out := set.Stdout(io.Out).ShareWith(io)
	t := newTally()
	// The findings quote archive text: shown with its control characters
	// escaped, in JSON as in lines (issue 27).
	var line []byte // a game's JSON line (escaped for display), its memory reused
	rep := report.NewLines(display.NewWriter(out), filter)
	// Nothing of a game is kept past the sink (Options.Reuse): the lines
	// keep the label of a game, the page its cards, the tally its counts.
	r := runner{io: io, args: args, quiet: opts.Quiet, tally: t}
	_, err = r.write(ctx, pipeline.Options{Validate: vopts, Jobs: opts.Jobs, Reuse: true}, set, func(res *pipeline.Result) error {
		if page != nil {
			page.Add(res.Input.Game.File, res.Report)
		}
		if opts.JSON {
			var ok bool
			if line, ok = report.AppendCheckJSON(line[:0], res.Report, filter); !ok {
				return nil
			}
			if _, err := out.Write(line); err != nil {
				return err
			}
		} else {
			rep.Game(res.Report)
		}
		return out.Sync()
	}, func(c pipeline.Counts) error {
		rep.Flush()
		if page != nil {
			if err := page.Write(set.Buffer(opts.Report).Buf, report.Meta{Version: version, Command: pipeline.CommandLine("check", opts.shape.flags(), args), InputErrors: c.InputErrors}); err != nil {
				return err
			}
		}
		// The summary on stdout is written before the report is put in
		// place: when it cannot be, the report is left as it was (exit 3).
		if !opts.JSON {
			t.print(display.NewWriter(out))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if opts.JSON {
		t.print(io.Err)
	}
	return t.exit()
}

// describeInputError is pipeline.DescribeInputError, shown on a terminal.
func describeInputError(err error) string {
	return display.Text(pipeline.DescribeInputError(err))
}
