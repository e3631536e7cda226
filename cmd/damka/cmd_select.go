package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/export"
	"github.com/damka/damka/filter"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

// SelectOptions are the flags of damka select.
type SelectOptions struct {
	Output    string
	JSON      bool
	IDs       string
	Canonical bool
	Jobs      int
	Quiet     bool

	filter.Spec // the criteria
}

// AddFlags adds the select flags to fs.
func (o *SelectOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "archive to write the selected games to (- for standard output)")
	fs.BoolVar(&o.JSON, "json", false, "print one JSON object per selected game on stdout")
	fs.StringVar(&o.IDs, "ids", "", "file to write the game_id of each selected game to, one per line (- for standard output)")
	fs.BoolVar(&o.Canonical, "canonical", false, "write the games in canonical PDN (as damka clean does) instead of as they were read")
	fs.IntVarP(&o.Jobs, "jobs", "j", 0, "games tested at once (default: all cores); the output is in input order whatever it is")
	fs.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")

	fs.StringArrayVar(&o.Tags, "tag", nil, `tag test NAME OP VALUE, OP one of = != < <= > >= (numbers as numbers) ~ (substring, any case); repeatable: all must hold`)
	fs.StringArrayVar(&o.Players, "player", nil, "a player of either side, names compared across spellings (repeatable: all must play)")
	fs.StringArrayVar(&o.White, "white", nil, "the player of White (names compared across spellings)")
	fs.StringArrayVar(&o.Black, "black", nil, "the player of Black (names compared across spellings)")
	fs.StringVar(&o.From, "from", "", "the game's date is on or after this one (1950, 1950.05, 1950.05.12)")
	fs.StringVar(&o.To, "to", "", "the game's date is on or before this one (1959: up to its last day)")
	fs.IntVar(&o.MinPlies, "min-plies", -1, "at least this many plies (half-moves) in the main line")
	fs.IntVar(&o.MaxPlies, "max-plies", -1, "at most this many plies in the main line")
	fs.StringSliceVar(&o.Results, "result", nil, "the declared result is one of these (2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, *)")
	fs.StringSliceVar(&o.Variants, "variant", nil, "the game's variant is one of these (russian, giveaway, a GameType number, international, english...)")
	fs.StringArrayVar(&o.FENs, "fen", nil, "the game passes through this position, in any move order (repeatable: all of them)")
	fs.StringArrayVar(&o.Materials, "material", nil, `a position of the game has this material: "W:3K1M B:2K" (K kings, M men, + at least; repeatable)`)
	fs.IntVar(&o.AfterPly, "after-ply", 0, "--fen and --material count only positions from this ply on")
	fs.StringSliceVar(&o.Has, "has", nil, "replay found a finding of this kind (repeatable: each of them)")
	fs.StringSliceVar(&o.Statuses, "status", nil, "the game's status is one of these: clean, warnings, errors, unreadable, unchecked")
	fs.StringArrayVar(&o.Openings, "opening", nil, "the game's named opening (any move order; Cyrillic or Latin, any case, ё or е) is this one (repeatable: any of them)")
}

// criteria parses the criteria flags, each error naming the command.
func (o *SelectOptions) criteria() (*filter.Criteria, error) {
	c, err := o.Spec.Criteria()
	var fe filter.FlagErrors
	if !errors.As(err, &fe) {
		return c, err
	}
	errs := make([]error, len(fe))
	for i, e := range fe {
		errs[i] = fmt.Errorf("select: %w", e)
	}
	return c, errors.Join(errs...)
}

func newSelectCommand(io *streams) *cobra.Command {
	var opts SelectOptions
	var crit *filter.Criteria
	cmd := &cobra.Command{
		Use:   "select [FILE|DIR|-]... [criteria] -o OUT.pdn",
		Short: "Write the games that match every criterion, as they were read",
		Long: `Read every game of the inputs (as damka check does) and write those that
match every criterion given, in input order, as they were read (decoded
to UTF-8), or in canonical PDN with --canonical. --json prints one object
per selected game instead of or as well as the archive; --ids writes
their game_id (the id of the export datasets), one per line.

Criteria (each flag that can be repeated must hold every time; a
comma-separated list of results, variants or statuses is any of them):

  --tag 'WhiteElo>=2300'  --tag 'Event~чемпионат'
        = != < <= > >= ~ ; numbers compared as numbers, = and != ignore
        case, ~ is a substring in any case; a game without the tag
        passes only !=. As in the datasets, WhiteElo falls back to
        WhiteRating, White to Bianco, Blanc...; "?" or "" is no value.
  --player NAME, --white NAME, --black NAME
        names compared after normalisation: case, Cyrillic and Latin
        transliterations, initials and word order ("Цирик З.И." is
        "Tsirik Z." and "Z. Tsirik"; see go doc ./names).
  --from DATE --to DATE
        the game's date (possibly partial: "1955", "1955.??.??") lies
        wholly in the span; a game without a date does not match.
  --min-plies N --max-plies N --result R --variant V
  --fen FEN --material 'W:3K1M B:2K' --after-ply N
        the game passes through the position (any move order) or a
        position with that material, from ply N on; games are replayed.
  --has KIND --status clean|warnings|errors|unreadable|unchecked
        what replay found ("errors" includes unreadable games).
  --opening NAME
        the name of the deepest named position the game passes through
        (any move order; the table of go doc ./openings), written in
        Cyrillic or Latin letters, any case, ё or е: "Старая партия",
        "staraya partiya"; repeated, any of them. Games are replayed.

Games are replayed only when a criterion, --json or --canonical needs it.
The summary goes to stderr.

Exit status: 0 when done, whatever the games selected hold (select them
by --status), 2 when an input cannot be read at all (the others are still
read) or the command line is wrong, 130 when interrupted (no output file
is changed).`,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Output == "" && !opts.JSON && opts.IDs == "" {
				return errors.New("select: give -o/--output, --json or --ids")
			}
			stdout := 0
			for _, s := range []string{opts.Output, opts.IDs} {
				if s == "-" {
					stdout++
				}
			}
			if opts.JSON {
				stdout++
			}
			if stdout > 1 {
				return errors.New("select: only one of -o -, --ids - and --json can write to standard output")
			}
			var err error
			if crit, err = opts.criteria(); err != nil {
				return err
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSelect(cmd.Context(), io, opts, crit, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runSelect(ctx context.Context, io *streams, opts SelectOptions, crit *filter.Criteria, args []string) error {
	var want []output.Target
	if opts.Output != "" {
		want = append(want, output.Target{Flag: "-o", Path: opts.Output})
	}
	if opts.IDs != "" {
		want = append(want, output.Target{Flag: "--ids", Path: opts.IDs})
	}
	set, err := output.Open("select", io.Out, io.Err, args, want...)
	if err != nil {
		return err
	}
	var cp *output.Copier
	if opts.Output != "" {
		cp = output.NewCopier(set.Buffer(opts.Output).Buf, opts.Canonical)
	}
	var ids *output.Buffered
	if opts.IDs != "" {
		ids = set.Buffer(opts.IDs)
	}
	var stdout *output.Sink
	var enc *json.Encoder
	if opts.JSON {
		stdout = set.Stdout(io.Out).ShareWith(io)
		enc = json.NewEncoder(display.NewJSONWriter(stdout))
		enc.SetEscapeHTML(false)
	}
	chosen := 0
	t := newTally()
	r := runner{io: io, args: args, quiet: opts.Quiet, tally: t}
	var closers []output.Closer
	if cp != nil {
		closers = append(closers, output.Close(cp))
	}
	_, err = r.write(ctx, pipeline.Options{Jobs: opts.Jobs, Select: crit.Selector(opts.JSON || opts.Canonical)}, set, func(res *pipeline.Result) error {
		g := res.Input.Game
		chosen++
		if cp != nil {
			if err := cp.Add(g, res.Report); err != nil {
				return err
			}
		}
		var id string
		if ids != nil || opts.JSON {
			id = export.GameID(g)
		}
		if ids != nil {
			if _, err := fmt.Fprintln(ids.Buf, id); err != nil {
				return err
			}
		}
		if enc != nil {
			if err := enc.Encode(filter.SelectedOf(g, res.Report, id)); err != nil {
				return err
			}
			return stdout.Sync()
		}
		return nil
	}, closers...)
	if err != nil {
		return err
	}
	read, inputErrors := t.Games, t.InputErrors
	fmt.Fprintf(io.Err, "%d games read: %d selected\n", read, chosen)
	if inputErrors > 0 {
		fmt.Fprintf(io.Err, "%d input(s) could not be read\n", inputErrors)
		return &exitError{code: exitInput}
	}
	return nil
}
