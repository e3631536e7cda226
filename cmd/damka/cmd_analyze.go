package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/export"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/engine"
	"github.com/damka/damka/internal/hub"
	"github.com/damka/damka/internal/iostreams"
	"github.com/damka/damka/internal/memavail"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/report"
	"github.com/damka/damka/validate"
)

// AnalyzeOptions are the flags of damka analyze.
type AnalyzeOptions struct {
	Output string
	Depth  int
	TTSize int
	Verify int
	Plies  int
	gameFlags
	Egtb   tablebaseFlag
	Engine EngineOptions
	layoutFlags

	Report      bool
	ReportTop   int
	ReportGames int
	// FitK fits the engine's winning-chances slope to the games' results
	// (--engine-fit-k).
	FitK bool

	shape *shapes // the flags that shape the output, for damka.command
}

// AddFlags adds the analyze flags to fs.
func (o *AnalyzeOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "directory to write the datasets and annotated.pdn to (required)")
	fs.IntVarP(&o.Depth, "depth", "d", analyze.DefaultDepth, "search depth in plies")
	fs.IntVar(&o.TTSize, "tt", analyze.DefaultTTSize, "transposition table per worker, MiB")
	fs.IntVar(&o.Verify, "verify", -1, "plies deeper than --depth that verification may search a bad move (default: --depth, at most 8; 0: no verification)")
	fs.IntVar(&o.Plies, "plies", export.DefaultOpeningsPlies, "plies of each game counted in positions.parquet")
	o.gameFlags.addFlags(fs, "games analysed at once (default: all cores); the results are the same whatever it is")
	fs.BoolVar(&o.Report, "report", false, "also write OUTDIR/report.html: the worst moves on boards, the games with evaluation graphs")
	fs.IntVar(&o.ReportTop, "report-top", report.DefaultTop, "worst moves in the report")
	fs.IntVar(&o.ReportGames, "report-games", report.DefaultAllGames, "a run of at most this many games shows them all in the report; a bigger one only the games of the worst moves")
	o.layoutFlags.addFlags(fs, "file format: parquet (the default) or arrow")
	o.Egtb.addFlags(fs)
	addEngineFlags(fs, &o.Engine)
	fs.BoolVar(&o.FitK, "engine-fit-k", false, "with --engine: fit the slope of the engine's winning-chances curve to the results of the games analysed (positions after the first 10 plies of the games with a result) and print the --engine-k it suggests")
	o.shape = newShapes(fs)
	for _, name := range []string{"depth", "verify", "plies"} {
		o.shape.mark(name, shape{always: true})
	}
	o.shape.markFormat(&o.layoutFlags, func() bool { return false })
	o.shape.mark("variant", shape{})
	engine := func() bool { return o.Engine.Enabled() }
	for _, name := range []string{"engine", "engine-depth", "engine-time", "engine-nodes", "engine-option", "engine-k"} {
		o.shape.mark(name, shape{when: engine})
	}
	o.shape.markLayout(&o.layoutFlags)
	// --egtb is named as the databases used (runAnalyze).
}

func newAnalyzeCommand(io *streams) *cobra.Command {
	var opts AnalyzeOptions
	cmd := &cobra.Command{
		Use:   "analyze [FILE|DIR|-]... -o OUTDIR [--depth D]",
		Short: "Search every position of every game: blunders, mistakes, missed wins",
		Long: `The main job. Read and replay every game like damka check (with no input,
the sample archive built into damka), search every position of every game
to a fixed depth, judge every move, and write to OUTDIR:

  games.parquet      one row per game, as damka export
  moves.parquet      one row per ply with the analysis columns: depth,
                     eval_before (mover's view), eval_before_white,
                     best_move, best_pv, eval_after, loss, class, nodes
  positions.parquet  opening statistics over the first --plies plies, with
                     the average evaluation
  annotated.pdn      the games with ?! ? ?? marks and comments giving the
                     evaluation (White's view, after the move) and the
                     best move where another was played
  report.html        with --report: one page to open in a browser, offline:
                     the summary, the --report-top worst moves each on a
                     board with the move played and the best move drawn,
                     and the games they come from with an evaluation graph
                     and the move list

Evaluations are in hundredths of a man; a forced win in n plies is
30000-n (in moves.parquet, eval_before and eval_after are then NULL and
mate_before and mate_after give the plies, signed). The classes: best,
good, inaccuracy, mistake, blunder, missed_win, only_move (see the analyze
package documentation for the rules). Of a game with errors, the plies
before the first error are analysed. The results are the same whatever -j
is. --partition-by and --max-rows-per-file write the three tables as
datasets, as damka export does (OUTDIR/positions/... a positions table per
partition).

Endgame databases are used as damka eval uses them (built in the user
cache folder on first need; --egtb, --no-egtb, DAMKA_EGTB): a position
they hold scores 0 for a draw and 20000 less the plies to it for a win
(those of the game's variant).

With --engine CMD, an external engine speaking the Hub protocol (Scan's
"scan hub", or "damka hub") searches instead of damka, with the flags
damka eval has (--engine-depth, default --depth; --engine-time,
--engine-nodes, --engine-option, --engine-timeout): for each ply the
position before the move to that depth, the one after it one ply less,
and, when the played move is the engine's best, the position after each
other move one ply less (only_move); the move is classed by the same
rules, without verification (--verify is not used). The moves are
checked both ways: the engine's best move must be one of damka's legal
moves, and an engine that lists its legal moves ("moves"; damka hub does,
Scan does not) must list damka's. A position where they disagree, or
that the engine fails on (after two restarts), is analysed by damka's own
search, with a line on stderr naming the game and ply, and the summary
counts each kind. The games of a variant the engine does not play (one
that declares a "variant" parameter, Hub 2, plays those it lists; one
that declares none, Scan 2.0, International on 10x10 and Russian on 8x8
when it takes their positions) are analysed by damka's own search, and the
summary says so. The engine's name,
command and settings go into the files' metadata (damka.engine) and its
flags into damka.command.

At the end a summary: games, positions, blunders and the ten worst moves.
The four files are written under temporary names and put in place
together at the end: a run that fails or is interrupted leaves OUTDIR as
it was.

` + exitStatusHelp,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			return opts.check()
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAnalyze(cmd.Context(), io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func (o *AnalyzeOptions) check() error {
	if o.Verify == -1 && o.Depth >= 1 { // the default
		o.Verify = min(analyze.VerifyFor(o.Depth), analyze.MaxDepth-o.Depth)
	}
	switch {
	case o.Output == "" || o.Output == "-":
		return errors.New("analyze: -o/--output must name a directory")
	case o.Depth < 1 || o.Depth > analyze.MaxDepth:
		return fmt.Errorf("analyze: --depth must be 1 to %d", analyze.MaxDepth)
	case o.TTSize < 1:
		return errors.New("analyze: --tt must be at least 1 MiB")
	case o.Verify < 0 || o.Depth+o.Verify > analyze.MaxDepth:
		return fmt.Errorf("analyze: --verify must be 0 to %d minus --depth", analyze.MaxDepth)
	case o.Plies < 1:
		return errors.New("analyze: --plies must be at least 1")
	case o.ReportTop < 1:
		return errors.New("analyze: --report-top must be at least 1")
	case o.ReportGames < 0:
		return errors.New("analyze: --report-games must be 0 or more")
	case o.FitK && !o.Engine.Enabled():
		return errors.New("analyze: --engine-fit-k fits an engine's curve: give --engine")
	}
	if err := memavail.CheckTables("analyze", o.TTSize, workers(o.Jobs)); err != nil {
		return err
	}
	return o.layoutFlags.check("analyze", false)
}

// countPositions replays the inputs once, quickly, to count the positions
// the analysis will search, for the progress bar's time left. It returns
// -1 when an input is standard input (it cannot be read twice).
func countPositions(ctx context.Context, st *streams, args []string, jobs int, vopts validate.Options) int64 {
	if len(args) == 0 && !st.InIsTerm {
		return -1
	}
	for _, a := range args {
		if a == "-" {
			return -1
		}
	}
	var n int64
	quiet := &streams{In: st.In, Out: io.Discard, Err: io.Discard}
	r := runner{io: quiet, args: args, quiet: true, tally: newTally()}
	err := r.run(ctx, pipeline.Options{Validate: vopts, Jobs: jobs}, func(res *pipeline.Result) error {
		n += int64(pipeline.AnalysablePlies(res.Report))
		return nil
	})
	if err != nil {
		return -1
	}
	return n
}

// annotator is the Annotator tag of analyze's annotated games: damka at
// depth, or with engine (its name and settings) when an engine searched.
func annotator(depth int, engine string) string {
	if engine != "" {
		return fmt.Sprintf("damka %s with %s", version, engine)
	}
	return fmt.Sprintf("damka %s, depth %d", version, depth)
}

func runAnalyze(ctx context.Context, io *streams, opts AnalyzeOptions, args []string) error {
	if err := opts.check(); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	jobs := workers(opts.Jobs)
	tbs, err := openTablebases(ctx, io, "analyze", opts.Egtb)
	if err != nil {
		return err
	}
	flags := opts.shape.flags()
	if tbs.Set != nil { // the results depend on them
		flags = append(flags, "--egtb", tbs.Dir)
	}
	meta := exportMeta(opts.Variant, pipeline.CommandLine("analyze", flags, args), opts.Depth)
	var es *engine.Set
	reportEngine, searcher := "", "" // searcher: the engine and its settings
	if opts.Engine.Enabled() {
		spec, err := opts.Engine.Spec(opts.Depth)
		if err != nil {
			return fmt.Errorf("analyze: %v", err)
		}
		es = engine.New(spec, func(s string) { fmt.Fprintf(io.Err, "damka analyze: %s\n", display.Text(s)) })
		if err := es.Probe(); err != nil {
			es.Close()
			return fmt.Errorf("analyze: %v", err)
		}
		defer es.Close()
		meta.Engine = es.Name() + "; " + opts.Engine.Command + "; " + spec.Settings()
		meta.EngineName, meta.EngineVersion, meta.EngineSettings = es.Name(), es.Version(), spec.Settings()
		searcher = es.Name() + " (" + spec.Settings() + ")"
		// The fingerprint, on the start position of the variant asked for,
		// else of Hub's game (International), else of Russian.
		vs := []draughts.Variant{draughts.International, draughts.Russian}
		if v, err := draughts.VariantByName(opts.Variant); err == nil && opts.Variant != "" {
			vs = append([]draughts.Variant{v}, vs...)
		}
		fp, err := es.Fingerprint(vs...)
		if err != nil {
			fmt.Fprintf(io.Err, "damka analyze: the engine gives no fingerprint: %s\n", display.Text(err.Error()))
		}
		meta.EngineFingerprint = fp
		reportEngine = es.Name()
		if v := meta.EngineVersion; v != "" && !strings.HasSuffix(es.Name(), " "+v) {
			reportEngine += " (version " + v + ")"
		}
		reportEngine += "; " + spec.Settings()
		if fp != "" {
			reportEngine += "; fingerprint " + fp
		}
		fmt.Fprintf(io.Err, "damka analyze: engine: %s (%s; %s; fingerprint %s)\n", display.Text(es.Name()), display.Text(opts.Engine.Command), spec.Settings(), fp)
	}
	layout := opts.layout()
	aout := output.AnalysisOptions{Plies: opts.Plies, Annotator: annotator(opts.Depth, searcher), Report: opts.Report, ReportTop: opts.ReportTop, ReportGames: opts.ReportGames}
	set, err := output.Open("analyze", io.Out, io.Err, args, layout.AnalysisTarget(opts.Output, aout))
	if err != nil {
		return err
	}
	files, err := layout.OpenAnalysis(opts.Output, aout, meta, set)
	if err != nil {
		return err
	}

	total := int64(-1)
	if !opts.Quiet && io.CanProgress() { // the count is for the bar's time left
		total = countPositions(ctx, io, args, jobs, vopts)
	}
	bar := iostreams.NewCountProgress(io, opts.Quiet, total, "positions")
	defer bar.Done(io)
	popts := pipeline.Options{Validate: vopts, Analysis: &analyze.Options{Depth: opts.Depth, TTSize: opts.TTSize, Verify: verifyOption(opts.Verify), Tablebase: tbs.Tablebase()}, Rows: true, Jobs: jobs}
	var engineFailed, engineMismatch atomic.Int64
	var errMu sync.Mutex
	if es != nil {
		popts.NewAnalyzer = engineAnalyzers(es, *popts.Analysis, func(where string, err error) {
			var ans *hub.AnswerError
			if errors.As(err, &ans) && ans.Mismatch {
				engineMismatch.Add(1)
			} else {
				engineFailed.Add(1)
			}
			errMu.Lock()
			defer errMu.Unlock()
			fmt.Fprintf(io.Err, "damka analyze: %s: %s; analysed by damka's own search\n", where, display.Text(err.Error()))
		})
	}
	t := newTally()
	summary := report.NewAnalysisSummary(opts.Depth)
	summary.Engine = searcher
	var fitK curveFit
	rn := runner{io: io, args: args, quiet: true, tally: t, bar: bar}
	written, err := rn.write(ctx, popts, set, func(res *pipeline.Result) error {
		r := res.Report
		bar.Add(res.Positions)
		summary.Add(r, res.Analysis, res.Positions, res.Nodes)
		if opts.FitK {
			fitK.add(r, res.Analysis, es)
		}
		return files.Add(res)
	}, func(c pipeline.Counts) error {
		bar.Finish()
		return files.Close(report.Meta{Version: version, Command: meta.Command, Depth: opts.Depth, InputErrors: c.InputErrors, Engine: reportEngine})
	})
	if err != nil {
		return err
	}
	t.Write(io.Err)
	summary.Write(io.Err, time.Since(t.start))
	if es != nil {
		for _, l := range es.OwnGames() {
			fmt.Fprintf(io.Err, "damka analyze: %s\n", display.Text(l))
		}
	}
	if opts.FitK {
		fmt.Fprintf(io.Err, "damka analyze: %s\n", fitK.suggest(es.Spec()))
	}
	if n := engineMismatch.Load(); n > 0 {
		fmt.Fprintf(io.Err, "damka analyze: the engine's moves disagreed with damka's on %d position(s), analysed by damka's own search\n", n)
	}
	if n := engineFailed.Load(); n > 0 {
		fmt.Fprintf(io.Err, "damka analyze: the engine failed on %d position(s), analysed by damka's own search\n", n)
	}
	if !written {
		return t.exit()
	}
	for _, l := range files.Summary() {
		fmt.Fprintln(io.Err, l)
	}
	return t.exit()
}

// verifyOption is analyze.Options.Verify for --verify: 0 there means the
// default, so --verify 0 (no verification) is -1.
func verifyOption(v int) int {
	if v == 0 {
		return -1
	}
	return v
}

// curveFit gathers, for --engine-fit-k, the engine's scores of the
// positions after the first fitFromPly plies of the games with a result,
// and those results.
type curveFit struct {
	fit   analyze.CurveFit
	games int
}

// fitFromPly is the first ply (from 0) fitted: the verdicts harness's.
const fitFromPly = 10

// add adds the positions of a game the engine analysed: not those of a
// variant it does not play, nor a decisive score.
func (c *curveFit) add(r *validate.Report, ga *analyze.GameAnalysis, es *engine.Set) {
	res, ok := validate.WhiteScore(r.Result)
	if !ok {
		return
	}
	if ga.Len() <= fitFromPly || !es.Decide(r.Variant).Plays {
		return
	}
	n := c.fit.Len()
	for i := fitFromPly; i < ga.Len() && i < len(r.Plies); i++ {
		sc := ga.Ply(i).Before
		if sc.IsDecisive() || sc.IsTableWin() || sc.IsTableLoss() {
			continue
		}
		// The score as the engine gave it: read as damka's at s*K/0.006.
		x := float64(sc) * analyze.WinningChancesK / es.Spec().KOrDefault()
		if r.Plies[i].Side == draughts.Black {
			x = -x
		}
		c.fit.Add(x, res)
	}
	if c.fit.Len() > n {
		c.games++
	}
}

// suggest fits the curve to the engine's own scores and says the
// --engine-k it suggests.
func (c *curveFit) suggest(spec *engine.Spec) string {
	if c.fit.Len() == 0 {
		return fmt.Sprintf("--engine-fit-k: no position to fit (the positions after the first %d plies of games with a result, 2-0, 1-1 or 0-2, the engine analysed)", fitFromPly)
	}
	k, e := c.fit.Fit()
	edge := ""
	if lo, hi := analyze.CurveFitRange(); k <= lo || k >= hi {
		edge = fmt.Sprintf("; at the edge of the range searched, %g to %g: too few games to go by", lo, hi)
	}
	return fmt.Sprintf("the engine's winning-chances curve fitted to %d position(s) of %d game(s) with a result: --engine-k %.5f suggested (mean squared error %.4f; %.4f at this run's k, %g%s)",
		c.fit.Len(), c.games, k, e, c.fit.Error(spec.KOrDefault()), spec.KOrDefault(), edge)
}
