// Package pipeline is damka's game-level pipeline as a library: a game as
// read (pdn.Game) goes in; its replay and findings (validate.Report), its
// analysis (analyze.GameAnalysis: one analyze.PlyAnalysis a ply) and its rows for the games and
// moves tables (export.Prepared) come out. Run runs it over the inputs
// of a command on one machine, in input order, as every damka command
// does (a command is its flags, one Run and its summary); the Beam
// pipeline (module beam/) runs the same code on a cluster.
//
// A whole run, from archives to a sink (here the tables; see the
// package example for the files):
//
//	in := pipeline.OpenInputs([]string{"games/"}, pipeline.InputOptions{})
//	counts, err := pipeline.Run(ctx, in, pipeline.Options{Rows: true, Reuse: true}, tables.Add)
//
// Under Run, or for games a program holds itself, a run has one Pipeline, its options and what its workers share, and
// one Processor a worker, which keeps its own state (the searchers of the
// analysis) from game to game:
//
//	pl := pipeline.New(pipeline.Options{Analysis: &analyze.Options{Depth: 6}, Rows: true})
//	pr := pl.NewProcessor() // one a goroutine
//	var res pipeline.Result
//	pr.Process(&res, pipeline.Input{Game: g, SourceFile: "games/ussr.pdn"})
//	// res.Report.Findings, res.Analysis, res.Prepared
//
// A game's result is a function of the game, its source name and the
// Options alone: never of the other games, of which Processor ran it or
// of the order games come in. So any number of workers, on any number of
// machines, give the same rows, and rows can be written in any order of
// shards (Tables over export.PartitionedWriter).
//
// The writer side: Tables writes the games and moves tables to files or
// datasets, Positions gathers and writes the positions table, Counts sums
// up the findings as damka check reports them.
package pipeline

import (
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/export"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Options say what is done with every game.
type Options struct {
	// Validate are the options of replay: the rules forced (Variant),
	// repairs (Repair), budgets.
	Validate validate.Options
	// Analysis, when not nil, searches every analysable position of
	// every game (AnalysablePlies) with these options: the moves table's
	// analysis columns.
	Analysis *analyze.Options
	// NewAnalyzer, when set with Analysis, makes a worker's analyser of
	// the games of a variant in place of damka's search (an external
	// engine's, damka analyze --engine); it is called on the worker's
	// goroutine, once for each variant the worker meets. Its analyses must
	// be functions of the game's moves and the options too.
	// An analyser that is a GameTeller is told each game before it
	// analyses it.
	NewAnalyzer func(v draughts.Variant) analyze.GameAnalyzer
	// Rows prepares the rows of the games and moves tables
	// (export.PrepareGame) on the worker, after replay and analysis.
	Rows bool
	// Select, when set, decides on the worker whether a game is wanted,
	// before anything else is done with it: replay replays the game (once,
	// however often it is called) for a decision that needs it, and what
	// is decided without it is not replayed (Result.Report nil) unless the
	// run analyses or prepares rows. A game not selected is Skipped: Run
	// counts it in Counts.Games and does not hand it to the sink.
	Select func(g *pdn.Game, replay func() *validate.Report) bool

	// The rest are options of Run alone.

	// Jobs is the number of workers: all cores when less than 1. The
	// results, and their order, are the same whatever it is.
	Jobs int
	// Reuse lets the run read the games, and process them, into the
	// memory of games the sink is done with (as encoding/csv's
	// Reader.ReuseRecord): set it when the sink keeps nothing of a game or
	// its result (its *pdn.Game, Tags, Moves, report, plies, findings)
	// once it has returned; strings may be kept. A run that reads much
	// allocates far less so.
	Reuse bool
	// Notify, when set, is told of each input that could not be read and
	// of each note about the inputs, in order among the games, on the
	// sink's goroutine.
	Notify func(Notice)
	// Progress, when set, is called after each game is counted, with the
	// games read so far, on the sink's goroutine (Inputs.Read is the
	// bytes).
	Progress func(games int)
	// Times, when set, gets where the run spent its time.
	Times *RunTimes
}

// Pipeline is the part of a run its workers share: the options, and
// what is common to every worker. It is safe for concurrent use.
type Pipeline struct {
	opts Options
	// cache holds the root searches of the run's analysis, shared by its
	// processors, so that a position met in many games (the openings
	// above all) is searched once per depth. A search is a function of
	// (variant, position, options), so the cache changes only the time.
	cache *analyze.Cache
}

// New starts a run with the given options.
func New(opts Options) *Pipeline {
	if opts.Analysis != nil {
		a := *opts.Analysis
		opts.Analysis = &a
		return &Pipeline{opts: opts, cache: analyze.NewCache(a, 0)}
	}
	return &Pipeline{opts: opts}
}

// Options returns the options of the run.
func (p *Pipeline) Options() Options { return p.opts }

// Depth is the depth of the analysis, 0 when the run does not analyse:
// the moves table's depth and the files' damka.depth.
func (p *Pipeline) Depth() int {
	if p.opts.Analysis == nil {
		return 0
	}
	return p.opts.Analysis.WithDefaults().Depth
}

// Processor processes games one at a time for one worker, keeping its
// state from game to game (a searcher per variant, with its
// transposition table). It is not safe for concurrent use: give each
// worker goroutine its own.
type Processor struct {
	pl        *Pipeline
	searchers map[draughts.Variant]analyze.GameAnalyzer
	moves     []draughts.Move
}

// NewProcessor returns a processor for one worker of the run.
func (p *Pipeline) NewProcessor() *Processor {
	return &Processor{pl: p, searchers: map[draughts.Variant]analyze.GameAnalyzer{}}
}

// Input is a game to process.
type Input struct {
	Game *pdn.Game
	// SourceFile is the games table's source_file: the name of the input
	// as the dataset should show it (damka names an input as given on the
	// command line, a path given absolute from its last element on); ""
	// gives the name the game was read under, Game.File.
	SourceFile string
	// Source is how the game's input was opened (nil when the game does
	// not come from Run).
	Source *Source
}

// GameTeller is an analyser of Options.NewAnalyzer that is told which
// game it analyses next (its replay, whose Plies name the moves), so that
// its messages can name the game and the ply.
type GameTeller interface {
	TellGame(r *validate.Report)
}

// Result is what processing made of a game.
type Result struct {
	Input  Input
	Report *validate.Report
	// Analysis is the analysis of the game at the run's depth, one
	// analyze.PlyAnalysis a ply of Report.Plies up to AnalysablePlies;
	// nil when the run does not analyse or the game has no analysable
	// ply.
	Analysis *analyze.GameAnalysis
	// Prepared holds the rows of the games and moves tables, with
	// Analysis; nil unless Options.Rows.
	Prepared *export.Prepared
	// Positions is the number of positions searched (Analysis.Len()),
	// Nodes the nodes of the searches.
	Positions int
	Nodes     uint64
	// Times is where the work went.
	Times Times
	// Skipped is set when Options.Select did not take the game: nothing
	// else was done with it.
	Skipped bool
}

// Times is where the processing of a game spent its time.
type Times struct {
	Replay, Analysis, Prepare time.Duration
}

// Add adds the times of o.
func (t *Times) Add(o Times) {
	t.Replay += o.Replay
	t.Analysis += o.Analysis
	t.Prepare += o.Prepare
}

// Process replays and validates the game of in, analyses it when the run
// analyses, and prepares its rows when the run asks for them, into res.
// res is overwritten whole and may be one an earlier call filled: the
// caller must be done with what it held, whose memory is reused (its
// report's plies and findings: validate.GameInto), so that processing
// game after game into the same Result allocates little. A Result whose
// report must outlive the next call is a new one each time.
func (pr *Processor) Process(res *Result, in Input) {
	prev := res.Report
	*res = Result{Input: in}
	t0 := time.Now()
	if sel := pr.pl.opts.Select; sel != nil {
		replay := func() *validate.Report {
			if res.Report == nil {
				res.Report = validate.GameInto(prev, in.Game, pr.pl.opts.Validate)
			}
			return res.Report
		}
		if !sel(in.Game, replay) {
			res.Skipped = true
			res.Times.Replay = time.Since(t0)
			return
		}
		if pr.pl.opts.Analysis == nil && !pr.pl.opts.Rows {
			res.Times.Replay = time.Since(t0)
			return
		}
		replay()
	} else {
		res.Report = validate.GameInto(prev, in.Game, pr.pl.opts.Validate)
	}
	t1 := time.Now()
	res.Times.Replay = t1.Sub(t0)
	if a := pr.pl.opts.Analysis; a != nil {
		res.Analysis, res.Positions, res.Nodes = pr.analyse(res.Report, *a)
		t2 := time.Now()
		res.Times.Analysis = t2.Sub(t1)
		t1 = t2
	}
	if pr.pl.opts.Rows {
		res.Prepared = Prepare(res)
		res.Times.Prepare = time.Since(t1)
	}
}

// Prepare prepares the rows of a processed game for the tables, with its
// analysis: what Process does with Options.Rows.
func Prepare(res *Result) *export.Prepared {
	return export.PrepareGame(res.Report, res.Analysis, export.WithSourceFile(res.Input.SourceFile))
}

// analyse searches the analysable plies of r with the searcher of its
// variant.
func (pr *Processor) analyse(r *validate.Report, opts analyze.Options) (*analyze.GameAnalysis, int, uint64) {
	n := AnalysablePlies(r)
	if n == 0 {
		return nil, 0, 0
	}
	sr := pr.searchers[r.Variant]
	if sr == nil {
		if pr.pl.opts.NewAnalyzer != nil {
			sr = pr.pl.opts.NewAnalyzer(r.Variant)
		} else {
			s := analyze.NewSearcher(r.Variant, opts)
			s.SetCache(pr.pl.cache)
			sr = s
		}
		pr.searchers[r.Variant] = sr
	}
	pr.moves = pr.moves[:0]
	for i := range n {
		pr.moves = append(pr.moves, r.Plies[i].Move)
	}
	if gt, ok := sr.(GameTeller); ok {
		gt.TellGame(r)
	}
	pas := sr.AnalyzeGame(&r.Start, pr.moves)
	var nodes uint64
	for i := range pas {
		nodes += pas[i].Nodes
	}
	return &analyze.GameAnalysis{Depth: opts.WithDefaults().Depth, Plies: pas}, n, nodes
}
