package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/fenlines"
	"github.com/damka/damka/internal/memavail"
	"github.com/damka/damka/internal/ordered"
	"github.com/damka/damka/output"
)

// EvalOptions are the flags of damka eval.
type EvalOptions struct {
	Variant string
	Depth   int
	TTSize  int
	Jobs    int
	Egtb    tablebaseFlag
}

// AddFlags adds the eval flags to fs.
func (o *EvalOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Variant, "variant", "russian", "rules: "+joinNames())
	fs.IntVarP(&o.Depth, "depth", "d", analyze.DefaultDepth, fmt.Sprintf("plies of full-width search (1 to %d)", analyze.MaxDepth))
	fs.IntVar(&o.TTSize, "tt", analyze.DefaultTTSize, "transposition table size in MiB, per worker")
	fs.IntVarP(&o.Jobs, "jobs", "j", 1, "positions searched at once (0: all cores); the output is the same whatever it is")
	o.Egtb.addFlags(fs)
}

func newEvalCommand(io *streams) *cobra.Command {
	var opts EvalOptions
	cmd := &cobra.Command{
		Use:   "eval [--depth D] [FEN ...]",
		Short: "Search positions: evaluation, best move and principal variation",
		Long: `Search each position given as an argument, or each line of standard input
(a line may go on after a tab, so a file of "FEN<TAB>anything" lines can be
fed as it is), to a fixed depth, and print one line per position, in input
order, with eight tab-separated fields:

  FEN  WHITE  TOMOVE  BEST  PV  DEPTH  NODES  MS

  FEN     the position, canonical form
  WHITE   the evaluation from White's view, in men: "+1.25", "-0.40",
          "0.00"; "#N" when White wins by force in N plies (a side with no
          legal move loses), "-#N" when White loses in N plies; "#W"
          and "-#W" a win or loss the endgame databases prove (distance
          unknown), and "0.00" a draw they prove
  TOMOVE  the same from the side to move's view
  BEST    the best move, every landing square ("c3-d4", "c3:e5:g3"); "-"
          when the side to move has no legal move
  PV      the principal variation, moves separated by spaces, starting with
          BEST; "-" when empty
  DEPTH   the depth searched (less than --depth when a forced win or loss
          was proved sooner)
  NODES   positions visited
  MS      milliseconds spent (the only field that varies between runs)

Depth is in plies of full-width search; forced moves, captures and
capture threats at the horizon are searched further (see "go doc
github.com/damka/damka/analyze"). Every field but MS depends only on the
position, --variant, --depth and --tt and the endgame databases present,
never on --jobs.

Endgame databases (damka egtb build) are used when the folder --egtb
names, by default damka/egtb in the user cache folder, holds them (of
the position's variant: damka egtb build --variant): every position of the search they hold is looked up,
not searched further. Without them, a note on stderr says so once if a
position of 4 pieces or fewer was searched; --no-egtb uses none.

A bad FEN gives no output line but an error on stderr naming its line (or
argument) number, and the exit status is 1 once the rest is done.`,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Depth < 1 || opts.Depth > analyze.MaxDepth {
				return fmt.Errorf("eval: --depth must be 1 to %d", analyze.MaxDepth)
			}
			if opts.TTSize < 1 {
				return fmt.Errorf("eval: --tt must be 1 or more")
			}
			return memavail.CheckTables("eval", opts.TTSize, workers(opts.Jobs))
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runEval(cmd.Context(), io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// evalOut is the line of a position, or why there is none.
type evalOut struct {
	where string
	line  string
	err   error
	// within: the position is one the databases would hold, were there
	// any.
	within bool
}

func runEval(ctx context.Context, io *streams, opts EvalOptions, args []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	v, err := draughts.VariantByName(opts.Variant)
	if err != nil {
		return err
	}
	tbs, err := openTablebases(io, "eval", opts.Egtb)
	if err != nil {
		return err
	}
	aopts := analyze.Options{Depth: opts.Depth, TTSize: opts.TTSize, Tablebase: tbs.Tablebase()}

	sc := fenlines.New(args, io.In)
	pool := analyze.NewPool(v, aopts)
	work := func(it fenlines.Item) evalOut {
		p, err := v.ParseFEN(it.FEN)
		if err == nil {
			err = p.Check(v)
		}
		if err != nil {
			return evalOut{where: it.Where, err: err}
		}
		start := time.Now()
		r := pool.Search(&p)
		return evalOut{where: it.Where, line: r.Line(&p, time.Since(start).Milliseconds()), within: tbs.Missed(&p)}
	}

	out := output.Stdout(io.Out)
	bad := 0
	noted := false
	err = ordered.Map(ctx, opts.Jobs, sc.Next, work, func(o evalOut) error {
		if o.err != nil {
			if err := out.Flush(); err != nil {
				return err
			}
			fmt.Fprintf(io.Err, "damka eval: %s: %s\n", display.Text(o.where), display.Text(o.err.Error()))
			bad++
			return nil
		}
		out.WriteString(o.line)
		noted = noted || o.within
		_, err := out.WriteString("\n")
		return err
	})
	if err != nil {
		out.Close() // the lines before; a write error is Main's too
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if noted {
		tbs.note(io, "eval")
	}
	if bad > 0 {
		return &exitError{code: exitFindings, err: fmt.Errorf("eval: %d bad position(s)", bad)}
	}
	return nil
}
