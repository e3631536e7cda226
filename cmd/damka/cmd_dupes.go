package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/dupes"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/validate"
)

// DupesOptions are the flags of damka dupes.
type DupesOptions struct {
	Kind string
	gameFlags
	JSON bool
}

// AddFlags adds the dupes flags to fs.
func (o *DupesOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Kind, "kind", "moves", "what makes games duplicates: exact (same tags and moves), moves (same start and moves), prefix (one game's moves begin another's), players (same moves, result and players, compatible dates)")
	o.gameFlags.addFlags(fs, "games replayed at once (default: all cores); the output is the same whatever it is")
	fs.BoolVar(&o.JSON, "json", false, "print one JSON object per group on stdout; the summary goes to stderr")
}

func newDupesCommand(io *streams) *cobra.Command {
	var opts DupesOptions
	var kind dupes.Kind
	cmd := &cobra.Command{
		Use:   "dupes [FILE|DIR|-]... [--kind exact|moves|prefix|players]",
		Short: "Find the duplicate games of archives",
		Long: `Read and replay every game of the inputs (as damka check does) and print
the groups of duplicate games, in the order of their first game: the game
kept, then the others, each as file:line (game N, plies, tags):

  moves: keep a.pdn:120 (game 5, 64 plies, 9 tags)
    drop b.pdn:33 (game 2, 64 plies, 7 tags)

then a summary. The kinds (--kind, default moves):

  exact    the same tags and the same moves
  moves    the same start position and the same moves, whatever the tags
  prefix   one game's moves are a prefix of another's from the same start
           (equal moves included); a game with no moves is no prefix
  players  the same moves and result, the same players once names are
           normalised ("Цирик З.И." is "Tsirik Z."), compatible dates

Moves are compared as replay resolved them (c3:e5 and c3xe5 are one
move); after an error, and in variants damka does not play, as written.
A game with no moves from the initial position (a header alone) is, for
every kind, a duplicate only of the same header.
The game kept is one that replays without an error, then the longest,
then the one with the most tags, then the first. damka clean
--drop-duplicates=KIND writes the archive without the others (it rejects
the games with errors, which the summary counts apart). Memory grows with the number of distinct games, not with their
text (go doc ./dupes).

With --json, one object per group on stdout: {"kind", "kept": {"file",
"line", "game", "plies", "tags", "errors"}, "dropped": [...]}; the summary goes to
stderr.

Duplicates or not, the exit status follows the rule of every command (a
game with an error, or of a variant damka does not play, makes it 1):

` + exitStatusHelp,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if kind, err = dupes.ParseKind(opts.Kind); err != nil {
				return fmt.Errorf("dupes: --kind: %w", err)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDupes(cmd.Context(), io, opts, kind, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// dupesRun is the outcome of finding the duplicates of the inputs.
type dupesRun struct {
	*dupes.Listing
	tally *tally // of the games replayed: their counts, the exit status
}

// findDupes reads, replays and keys every game of the inputs (the
// benchmark's run).
func findDupes(ctx context.Context, io *streams, args []string, kind dupes.Kind, vopts validate.Options, jobs int, quiet bool) (*dupesRun, error) {
	d := newDupesRun(kind)
	r := runner{io: io, args: args, quiet: quiet, tally: d.tally}
	err := r.run(ctx, pipeline.Options{Validate: vopts, Jobs: jobs}, d.add)
	if err != nil {
		return d, err
	}
	d.Finish()
	return d, nil
}

func newDupesRun(kind dupes.Kind) *dupesRun {
	return &dupesRun{Listing: dupes.NewListing(kind), tally: newTally()}
}

// add keys a game (dupes.KeyOf: a hash of what was replayed, little next
// to the replay on the workers).
func (d *dupesRun) add(res *pipeline.Result) error {
	d.Add(res.Input.Game, res.Report)
	return nil
}

// summary writes the line of the totals, and of the inputs not read.
func (d *dupesRun) summary(w io.Writer, kind dupes.Kind) {
	dropped, unsound := d.Totals()
	fmt.Fprintf(w, "%d games read: %d distinct, %d groups of duplicates (%s), %d games to drop",
		d.tally.Games, d.tally.Games-dropped, len(d.Groups()), kind, dropped)
	if unsound > 0 {
		// clean --drop-duplicates rejects these rather than drop them.
		fmt.Fprintf(w, " (%d with errors: damka clean rejects them, and drops %d)", unsound, dropped-unsound)
	}
	fmt.Fprintln(w)
	if d.tally.InputErrors > 0 {
		fmt.Fprintf(w, "%d input(s) could not be read\n", d.tally.InputErrors)
	}
}

func runDupes(ctx context.Context, io *streams, opts DupesOptions, kind dupes.Kind, args []string) error {
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	set, err := output.Open("dupes", io.Out, io.Err, args)
	if err != nil {
		return err
	}
	out := set.Stdout(io.Out)
	d := newDupesRun(kind)
	r := runner{io: io, args: args, quiet: opts.Quiet, tally: d.tally}
	// The groups are listed once every game is in, a game at a time (a
	// group of millions of copies takes no memory to list); a write error
	// is the sink's. The summary follows them on stdout, or with --json
	// goes to stderr.
	_, err = r.write(ctx, pipeline.Options{Validate: vopts, Jobs: opts.Jobs}, set, d.add, func(pipeline.Counts) error {
		d.Finish()
		if opts.JSON {
			d.WriteJSON(display.NewJSONWriter(out))
			return nil
		}
		d.WriteText(out, display.Text)
		d.summary(out, kind)
		return nil
	})
	if err != nil {
		return err
	}
	if opts.JSON {
		d.summary(io.Err, kind)
	}
	return d.tally.exit()
}
