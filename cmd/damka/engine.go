package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/engine"
	"github.com/damka/damka/report"
	"github.com/damka/damka/validate"
)

// EngineOptions are the --engine flags of eval and analyze: an external
// engine, spoken to over the Hub protocol, searches in place of damka
// (package internal/engine).
type EngineOptions = engine.Config

// addEngineFlags adds the --engine flags to fs.
func addEngineFlags(fs *pflag.FlagSet, o *EngineOptions) {
	fs.StringVar(&o.Command, "engine", "", engine.HelpCommand)
	fs.IntVar(&o.Depth, "engine-depth", 0, engine.HelpDepth)
	fs.Float64Var(&o.Time, "engine-time", 0, engine.HelpTime)
	fs.Uint64Var(&o.Nodes, "engine-nodes", 0, engine.HelpNodes)
	fs.StringArrayVar(&o.Options, "engine-option", nil, engine.HelpOption)
	fs.Float64Var(&o.K, "engine-k", 0, engine.HelpK)
	fs.Float64Var(&o.Timeout, "engine-timeout", 0, engine.HelpTimeout)
}

// engineAnalyzers returns the pipeline's NewAnalyzer for the engines es:
// each worker's analyser of a variant has its own engine, and damka's own
// search (opts) for the positions the engine fails on, which onError is
// told of with the game and ply they come from ("file:line: game N (...):
// ply P (17. c3-d4)"). The games of a variant the engine does not play
// (Decide) are damka's own search's, counted for the summary (OwnGames).
func engineAnalyzers(es *engine.Set, opts analyze.Options, onError func(where string, err error)) func(v draughts.Variant) analyze.GameAnalyzer {
	depth := es.Spec().Limits().Depth
	if depth == 0 {
		depth = opts.Depth
	}
	return func(v draughts.Variant) analyze.GameAnalyzer {
		d := es.Decide(v)
		if !d.Plays {
			return engine.OwnAnalyzer(analyze.NewSearcher(v, opts), d)
		}
		a := &engineAnalyzer{}
		a.OracleAnalyzer = analyze.OracleAnalyzer{
			Oracle:    es.Worker(d.Params).Oracle(),
			Depth:     depth,
			Tablebase: opts.Tablebase,
			Fallback:  analyze.NewSearcher(v, opts),
			OnError:   func(ply int, err error) { onError(plyWhere(a.game, ply), err) },
		}
		return a
	}
}

// engineAnalyzer is a worker's OracleAnalyzer of one variant, told each
// game it analyses (pipeline.GameTeller) to name it in its errors.
type engineAnalyzer struct {
	analyze.OracleAnalyzer
	game *validate.Report
}

func (a *engineAnalyzer) TellGame(r *validate.Report) { a.game = r }

// plyWhere names ply i (0-based) of game r as damka check names a
// finding's place: "file:line: game N (White - Black, Event): ply P (17.
// c3-d4)", its archive text escaped for display.
func plyWhere(r *validate.Report, i int) string {
	if r == nil || r.Game == nil {
		return fmt.Sprintf("ply %d", i+1)
	}
	g := r.Game
	line := g.Pos.Line
	where := fmt.Sprintf("ply %d", i+1)
	if i >= 0 && i < len(r.Plies) {
		pl := &r.Plies[i]
		if pl.Pos.IsValid() {
			line = pl.Pos.Line
		}
		where = fmt.Sprintf("ply %d (%s %s)", pl.Ply, validate.Label(pl.MoveNumber, pl.Side, r.FirstMove()), display.Text(pl.Written))
	}
	return fmt.Sprintf("%s:%d: %s: %s", display.Text(g.File), line, report.GameLabel(g), where)
}
