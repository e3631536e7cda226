package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/fenlines"
	"github.com/damka/damka/output"
)

// MovesOptions are the flags of damka moves.
type MovesOptions struct {
	Variant string
}

// AddFlags adds the moves flags to fs.
func (o *MovesOptions) AddFlags(fs *pflag.FlagSet) {
	addRulesFlag(fs, &o.Variant)
}

func newMovesCommand(io *streams) *cobra.Command {
	var opts MovesOptions
	cmd := &cobra.Command{
		Use:   "moves [FEN ...]",
		Short: "List the legal moves of positions",
		Long: `List the legal moves of each position given as an argument, or of each
line of standard input (a line may go on after a tab, so a file of
"FEN<TAB>anything" lines can be fed as it is).

Output: for each position, one line with every legal move, space
separated, sorted in byte order, each written with every landing square:
quiet "c3-d4", capture "c3:e5:g3"; an empty line when there is none. A bad
FEN gives no output line but an error on stderr naming its line (or
argument) number, and the exit status is 1 once the rest is done.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMoves(io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runMoves(io *streams, opts MovesOptions, args []string) error {
	v, err := draughts.VariantByName(opts.Variant)
	if err != nil {
		return err
	}
	set, err := output.Open("moves", io.Out, io.Err, nil)
	if err != nil {
		return err
	}
	out := set.Stdout(io.Out)
	bad := 0
	var buf []draughts.Move
	var names []string
	one := func(where, fen string) {
		p, err := v.ParseFEN(fen)
		if err == nil {
			err = p.Check(v)
		}
		if err != nil {
			if out.Say(io.Err, fmt.Sprintf("damka moves: %s: %s\n", display.Text(where), display.Text(err.Error()))) == nil {
				bad++
			}
			return
		}
		buf = v.Moves(&p, buf[:0])
		names = names[:0]
		for i := range buf {
			names = append(names, buf[i].String())
		}
		slices.Sort(names)
		out.WriteString(strings.Join(names, " "))
		out.WriteString("\n")
	}
	// A line a position, in order; a write that fails stops the run.
	err = output.Write(set, func() error {
		for sc := fenlines.New(args, io.In); ; {
			it, ok, err := sc.Next()
			if err != nil || !ok {
				return err
			}
			one(it.Where, it.FEN)
			if err := out.Err(); err != nil {
				return err
			}
		}
	})
	if err != nil {
		return err
	}
	if bad > 0 {
		return &exitError{code: exitFindings, err: fmt.Errorf("moves: %d bad position(s)", bad)}
	}
	return nil
}

func joinNames() string { return strings.Join(draughts.VariantNames(), ", ") }
