package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/dupes"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

// CleanOptions are the flags of damka clean.
type CleanOptions struct {
	Output  string
	Rejects string
	gameFlags
	FullPaths      bool
	DropDuplicates string
	FixResults     bool
	Repair         bool
}

// AddFlags adds the clean flags to fs.
func (o *CleanOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "cleaned archive to write (required; - for standard output)")
	fs.StringVar(&o.Rejects, "rejects", "", "archive for the games with errors, each preceded by its findings")
	o.gameFlags.addFlags(fs, "games validated at once (default: all cores)")
	fs.BoolVar(&o.FullPaths, "full-paths", false, "write every capture with all its landing squares")
	fs.StringVar(&o.DropDuplicates, "drop-duplicates", "", `drop duplicates, keeping the longest (then most tags, then first): exact (same tags and moves; "all" too), moves (same start and moves), prefix (moves that begin another game's), players (same moves, result and players); see damka dupes`)
	fs.Lookup("drop-duplicates").NoOptDefVal = "exact"
	fs.BoolVar(&o.FixResults, "fix-results", false, "set the result from the final position where the rules decide it")
	fs.BoolVar(&o.Repair, "repair", false, "mend a move that does not replay when one repair is certain (see damka check), noting it in a comment")
}

func newCleanCommand(io *streams) *cobra.Command {
	var opts CleanOptions
	cmd := &cobra.Command{
		Use:   "clean [FILE|DIR|-]... -o clean.pdn [--rejects rejects.pdn]",
		Short: "Write the games that replay without an error as canonical PDN",
		Long: `Read and replay every game like damka check, and write each game that
replays without an error in canonical PDN: the seven standard tags first,
GameType written, moves renumbered, captures abbreviated where the record
abbreviated them and that is unambiguous, else with every landing square
(always with --full-paths; an ambiguity the rest of the game resolved is
written in full). Comments, NAGs and variations are kept.

Games with errors, and games of a variant damka does not play (not
checked), go, unchanged, to the --rejects file, each preceded by "%"
comment lines listing its findings (and the repairs suggested); a game
over the reader's 4 MiB cap is copied from its file, or the rejects say
which bytes of which input it was. Every game read is counted: read =
written + rejected + duplicates dropped.

With --repair, a game that stops at an illegal move, an incomplete
capture or an unresolved ambiguity, or has a missed capture, is mended
when the best repair of it ranks alone at the top and the rest of the game
then replays (up to 3 repairs a game, one after the other), and written
with a comment at each move changed ("damka: repaired, written c3-d5 (a
square mistyped)"). Anything less certain goes to the rejects; a game is
never written with an error.

Output files are written whole or not at all (temporary files put in
place together at the end); -o and --rejects must name different files.

` + exitStatusHelp,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Output == "" {
				return errors.New("clean: -o/--output is required")
			}
			if opts.DropDuplicates != "" {
				if _, err := dupes.ParseKind(opts.DropDuplicates); err != nil {
					return fmt.Errorf("clean: --drop-duplicates: %w", err)
				}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runClean(cmd.Context(), io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runClean(ctx context.Context, io *streams, opts CleanOptions, args []string) (err error) {
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	vopts.Repair = opts.Repair
	want := []output.Target{{Flag: "-o", Path: opts.Output}}
	if opts.Rejects != "" {
		want = append(want, output.Target{Flag: "--rejects", Path: opts.Rejects})
	}
	kind, _ := dupes.ParseKind(opts.DropDuplicates)
	cl, err := output.NewCleaner(output.CleanOptions{FixResults: opts.FixResults, FullPaths: opts.FullPaths}, opts.DropDuplicates != "", kind)
	if err != nil {
		return err
	}
	defer cl.Release()
	set, err := output.Open("clean", io.Out, io.Err, args, want...)
	if err != nil {
		return err
	}
	cl.Out = set.Buffer(opts.Output).Buf
	if opts.Rejects != "" {
		cl.Rejects = set.Buffer(opts.Rejects).Buf
	}
	t := newTally()
	// Each game is written (or spooled, or keyed for the finder) before
	// the sink returns: nothing of it is kept.
	rn := runner{io: io, args: args, quiet: opts.Quiet, tally: t}
	written, err := rn.write(ctx, pipeline.Options{Validate: vopts, Jobs: opts.Jobs, Reuse: true}, set, cl.Add, output.Close(cl))
	if err != nil {
		return err
	}
	sum := cl
	fmt.Fprintln(io.Err, sum.Summary(t.Games, opts.Repair))
	t.WriteUnchecked(io.Err)
	// Where the rejected games went: a game rejected without --rejects is
	// in no output (issue 29, item 3).
	switch games := output.Plural(sum.Rejected, "game"); {
	case sum.Rejected == 0 || !written:
	case opts.Rejects == "":
		fmt.Fprintf(io.Err, "the %s rejected %s not kept: --rejects FILE writes them, with their findings\n", games, isAre(sum.Rejected))
	case opts.Rejects == "-":
		fmt.Fprintf(io.Err, "the %s rejected %s on standard output, with their findings\n", games, isAre(sum.Rejected))
	default:
		fmt.Fprintf(io.Err, "the %s rejected %s in %s, with their findings\n", games, isAre(sum.Rejected), display.Text(opts.Rejects))
	}
	switch {
	case t.InputErrors > 0:
		return &exitError{code: exitInput}
	case sum.Rejected > 0:
		return &exitError{code: exitFindings}
	}
	return nil
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
