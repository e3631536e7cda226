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
	"github.com/damka/damka/internal/engine"
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
	Engine  EngineOptions
}

// AddFlags adds the eval flags to fs.
func (o *EvalOptions) AddFlags(fs *pflag.FlagSet) {
	addRulesFlag(fs, &o.Variant)
	fs.IntVarP(&o.Depth, "depth", "d", analyze.DefaultDepth, fmt.Sprintf("plies of full-width search (1 to %d)", analyze.MaxDepth))
	fs.IntVar(&o.TTSize, "tt", analyze.DefaultTTSize, "transposition table size in MiB, per worker")
	fs.IntVarP(&o.Jobs, "jobs", "j", 1, "positions searched at once (0: all cores); the output is the same whatever it is")
	o.Egtb.addFlags(fs)
	addEngineFlags(fs, &o.Engine)
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

Endgame databases (damka egtb) are used, those of the position's
variant: every position of the search they hold is looked up, not
searched further. By default they are those of damka/egtb in the user
cache folder, where every class of 4 pieces or fewer a variant lacks is
built the first time a search needs it (once; stderr says so). --egtb
names another folder, read as it is; --no-egtb uses none; with neither,
DAMKA_EGTB in the environment stands for them (a folder, or off).

A bad FEN gives no output line but an error on stderr naming its line (or
argument) number, and the exit status is 1 once the rest is done.

With --engine CMD, an external engine speaking the Hub protocol (Scan's
"scan hub", or "damka hub") searches instead: CMD is its command line,
split as a shell splits words, run in the folder of its program, one
process per worker (-j). Each search is "new" (empty tables), the
position, the limits (--engine-depth, default --depth when neither
--engine-time nor --engine-nodes is given; --engine-time seconds;
--engine-nodes) and "analyse"; --engine-option NAME=VALUE (repeated) is
sent at start, before "init", as "set-param name=NAME value=VALUE" (Scan
2.0 ignores it and reads scan.ini). A --variant the engine does not play
(see damka analyze --help) is searched by damka, and stderr says so. The engine's score, best move, line, depth and nodes
fill the same fields; its best move must be one of damka's legal moves,
and its line is kept up to its first move that is not. The engine's name
goes to stderr. An engine that crashes, breaks the protocol, or takes
longer than --engine-timeout seconds for a search is killed and
restarted, at most twice for a position; then that position gets an
error on stderr (exit status 1) and the run goes on. Positions with no
legal move are damka's (lost, depth 0).`,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Depth < 1 || opts.Depth > analyze.MaxDepth {
				return fmt.Errorf("eval: --depth must be 1 to %d", analyze.MaxDepth)
			}
			if opts.TTSize < 1 {
				return fmt.Errorf("eval: --tt must be 1 or more")
			}
			if opts.Engine.Enabled() {
				return nil // damka searches nothing: no tables
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
	// engine: err is the engine's failure.
	engine bool
}

func runEval(ctx context.Context, io *streams, opts EvalOptions, args []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	v, err := draughts.VariantByName(opts.Variant)
	if err != nil {
		return err
	}
	tbs, err := openTablebases(ctx, io, "eval", opts.Egtb)
	if err != nil {
		return err
	}
	aopts := analyze.Options{Depth: opts.Depth, TTSize: opts.TTSize, Tablebase: tbs.Tablebase()}

	sc := fenlines.New(args, io.In)
	var es *engine.Set
	var params [][2]string // the engine's variant
	if opts.Engine.Enabled() {
		spec, err := opts.Engine.Spec(opts.Depth)
		if err != nil {
			return fmt.Errorf("eval: %v", err)
		}
		es = engine.New(spec, func(s string) { fmt.Fprintf(io.Err, "damka eval: %s\n", display.Text(s)) })
		if err := es.Probe(); err != nil {
			es.Close()
			return fmt.Errorf("eval: %v", err)
		}
		defer es.Close()
		fmt.Fprintf(io.Err, "damka eval: engine: %s (%s; %s)\n", display.Text(es.Name()), display.Text(opts.Engine.Command), spec.Settings())
		if d := es.Decide(v); !d.Plays {
			fmt.Fprintf(io.Err, "damka eval: the engine does not play %s (%s): damka's own search\n", v.Name(), display.Text(d.Why))
			es.Close()
			es = nil
		} else {
			params = d.Params
			// Positions with no legal move are damka's: no tables to
			// speak of.
			aopts.TTSize = 1
		}
	}
	pool := analyze.NewPool(v, aopts)
	newWorker := func() func(fenlines.Item) evalOut {
		var ew *engine.Worker
		if es != nil {
			ew = es.Worker(params)
		}
		return func(it fenlines.Item) evalOut {
			p, err := v.ParseFEN(it.FEN)
			if err == nil {
				err = p.Check(v)
			}
			if err != nil {
				return evalOut{where: it.Where, err: err}
			}
			start := time.Now()
			if ew != nil && v.HasMoves(&p) {
				r, err := ew.Search(&p)
				if err != nil {
					return evalOut{where: it.Where, err: err, engine: true}
				}
				return evalOut{where: it.Where, line: r.Line(&p, time.Since(start).Milliseconds())}
			}
			r := pool.Search(&p)
			return evalOut{where: it.Where, line: r.Line(&p, time.Since(start).Milliseconds())}
		}
	}

	set, err := output.Open("eval", io.Out, io.Err, nil)
	if err != nil {
		return err
	}
	out := set.Stdout(io.Out)
	bad, failed := 0, 0
	err = output.Write(set, func() error {
		return ordered.MapWorkers(ctx, ordered.Options[fenlines.Item]{Workers: opts.Jobs}, sc.Next, newWorker, func(o evalOut) error {
			if o.err != nil {
				if err := out.Say(io.Err, fmt.Sprintf("damka eval: %s: %s\n", display.Text(o.where), display.Text(o.err.Error()))); err != nil {
					return err
				}
				if o.engine {
					failed++
				} else {
					bad++
				}
				return nil
			}
			out.WriteString(o.line)
			_, err := out.WriteString("\n")
			return err
		})
	})
	if err != nil {
		return err
	}
	switch {
	case bad > 0 && failed > 0:
		return &exitError{code: exitFindings, err: fmt.Errorf("eval: %d bad position(s), %d the engine could not search", bad, failed)}
	case bad > 0:
		return &exitError{code: exitFindings, err: fmt.Errorf("eval: %d bad position(s)", bad)}
	case failed > 0:
		return &exitError{code: exitFindings, err: fmt.Errorf("eval: %d position(s) the engine could not search", failed)}
	}
	return nil
}
