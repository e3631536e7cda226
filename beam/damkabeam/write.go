package damkabeam

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/export"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

func init() {
	register.DoFn5x1[context.Context, int, func(*rankedGame) bool, func([]byte), func(string, []byte), error](&writeFn{})
	register.DoFn6x1[context.Context, int, func(*rankedGame) bool, func(*[]byte) bool, func([]byte), func(string, []byte), error](&writeAnalysedFn{})
	register.Iter1[rankedGame]()
	register.Emitter1[[]byte]()
	register.Emitter2[string, []byte]()
	register.DoFn3x1[context.Context, string, func(*[]byte) bool, error](&positionsFn{})
	register.Iter1[[]byte]()
}

// The writers. A shard is a run of consecutive games (rankFn); its
// writer sorts them by rank, replays each (a fraction of the cost of its
// analysis), puts its analysis back on its plies, prepares its rows
// (pipeline) and writes them with the export package's partitioned
// writers, its files named after the shard
// (games/variant=russian/year=1947/part-00003-00000.parquet: shard 3,
// its first file of that partition). Its games' positions table, and
// its counts for the summary, go on to be merged.

// writeFn writes a shard of games without analysis.
type writeFn struct {
	Cfg config
}

func (fn *writeFn) ProcessElement(ctx context.Context, shard int, games func(*rankedGame) bool, counts func([]byte), positions func(string, []byte)) error {
	return writeShard(ctx, fn.Cfg, shard, collectGames(games), nil, counts, positions)
}

// writeAnalysedFn writes a shard of games with the analysis of their
// plies.
type writeAnalysedFn struct {
	Cfg config
}

func (fn *writeAnalysedFn) ProcessElement(ctx context.Context, shard int, games func(*rankedGame) bool, batches func(*[]byte) bool, counts func([]byte), positions func(string, []byte)) error {
	byGame := map[int64][][]byte{}
	var batch []byte
	var e evalRec
	for batches(&batch) {
		for b := batch; len(b) > 0; {
			var err error
			if b, err = readEvalRec(b, &e); err != nil {
				return err
			}
			if err := putEval(byGame, &e); err != nil {
				return err
			}
		}
	}
	return writeShard(ctx, fn.Cfg, shard, collectGames(games), byGame, counts, positions)
}

// putEval puts an analysis on its ply, as it came (decoded when its game
// is written: a shard's analyses decoded at once took more memory than
// its rows).
func putEval(byGame map[int64][][]byte, e *evalRec) error {
	s := byGame[e.Rank]
	for len(s) <= e.Ply {
		s = append(s, nil)
	}
	if s[e.Ply] != nil {
		return fmt.Errorf("game %d, ply %d analysed twice", e.Rank, e.Ply+1)
	}
	s[e.Ply] = e.Eval
	byGame[e.Rank] = s
	return nil
}

func collectGames(games func(*rankedGame) bool) []rankedGame {
	var out []rankedGame
	var g rankedGame
	for games(&g) {
		out = append(out, g)
		g = rankedGame{}
	}
	slices.SortFunc(out, func(a, b rankedGame) int { return cmp.Compare(a.Rank, b.Rank) })
	return out
}

// writeShard writes the rows of a shard's games, in input order. evals,
// when the run analyses, hold the analysis of every analysable ply of
// every game, by rank.
func writeShard(ctx context.Context, cfg config, shard int, games []rankedGame, evals map[int64][][]byte,
	emitCounts func([]byte), emitPositions func(string, []byte)) error {
	proc := cfg.pipeline().NewProcessor()
	tables, err := output.NewDatasets(cfg.format(), cfg.meta(), cfg.dataset(export.ShardPrefix(shard)), cfg.create(ctx), cfg.writerOptions()...)
	if err != nil {
		return err
	}
	// A table not wanted is not written (its writer, which has written
	// nothing yet, is dropped).
	if !cfg.writes("games") {
		tables.Games = nil
	}
	if !cfg.writes("moves") {
		tables.Moves = nil
	}
	positions := export.NewPartitionedOpenings(cfg.Plies, cfg.PartitionBy)
	var counts pipeline.Counts
	for i, g := range games {
		if i > 0 && g.Rank == games[i-1].Rank {
			return fmt.Errorf("two games of rank %d", g.Rank)
		}
		game, err := decodeGame(g.Data)
		if err != nil {
			return err
		}
		res := new(pipeline.Result)
		proc.Process(res, pipeline.Input{Game: game, SourceFile: g.DataName})
		if evals != nil {
			n := pipeline.AnalysablePlies(res.Report)
			e := evals[g.Rank]
			if len(e) != n || slices.ContainsFunc(e, func(b []byte) bool { return b == nil }) {
				return fmt.Errorf("%s game %d: %d plies to analyse, %d analyses came back", game.File, game.Index, n, len(e))
			}
			if n > 0 {
				a := &analyze.GameAnalysis{Depth: cfg.Depth, Plies: make([]analyze.PlyAnalysis, n)}
				for i, b := range e {
					if a.Plies[i], err = decodeEval(b, &res.Report.Plies[i].Before); err != nil {
						return fmt.Errorf("%s game %d ply %d: %w", game.File, game.Index, i+1, err)
					}
				}
				res.Analysis = a
			}
			delete(evals, g.Rank)
		}
		if err := tables.Add(res); err != nil {
			return fmt.Errorf("%s game %d: writing its rows: %w", game.File, game.Index, err)
		}
		positions.AddPreparedAt(res.Prepared, g.Rank)
		counts.Add(res.Report, g.Rank)
	}
	if err := tables.Close(); err != nil {
		return err
	}
	data, err := json.Marshal(&counts)
	if err != nil {
		return err
	}
	emitCounts(data)
	if !cfg.writes("positions") {
		return nil
	}
	for _, dir := range positions.Dirs() {
		b, err := positions.Only(dir).MarshalBinary()
		if err != nil {
			return err
		}
		emitPositions(dir, b)
	}
	return nil
}

// positionsFn merges the positions tables of a partition, from every
// shard, and writes it (a table of the games of the partition, as damka
// analyze and damka openings write it).
type positionsFn struct {
	Cfg config
}

func (fn *positionsFn) ProcessElement(ctx context.Context, dir string, parts func(*[]byte) bool) error {
	all := export.NewPartitionedOpenings(fn.Cfg.Plies, fn.Cfg.PartitionBy)
	var b []byte
	for parts(&b) {
		var p export.PartitionedOpenings
		if err := p.UnmarshalBinary(b); err != nil {
			return err
		}
		if err := all.Merge(&p); err != nil {
			return err
		}
	}
	d := fn.Cfg.dataset("")
	_, err := all.Write(fn.Cfg.create(ctx), fn.Cfg.format(), fn.Cfg.meta(), d, fn.Cfg.writerOptions()...)
	return err
}

// create makes the files of the datasets under Out, through Beam's
// filesystems.
func (c *config) create(ctx context.Context) export.CreateFunc {
	return func(rel string) (io.Writer, error) {
		return createFile(ctx, c.outPath(rel))
	}
}

// createFile opens a file for writing; its Finish closes it (the export
// package calls it when the file is complete).
func createFile(ctx context.Context, path string) (*outFile, error) {
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	w, err := fsys.OpenWrite(ctx, path)
	if err != nil {
		fsys.Close()
		return nil, err
	}
	return &outFile{Writer: bufio.NewWriterSize(w, 1<<20), w: w, fs: fsys}, nil
}

type outFile struct {
	*bufio.Writer
	w  io.WriteCloser
	fs filesystem.Interface
}

// Finish writes what is buffered and closes the file.
func (f *outFile) Finish() error {
	err := f.Flush()
	if cerr := f.w.Close(); err == nil {
		err = cerr
	}
	f.fs.Close()
	return err
}

// writeTables writes the shards, and the positions tables.
func writeTables(s beam.Scope, cfg config, ranked, evals beam.PCollection, analysed bool) (counts beam.PCollection) {
	s = s.Scope("write")
	var positions beam.PCollection
	if analysed {
		both := beam.CoGroupByKey(s, ranked, evals)
		counts, positions = beam.ParDo2(s, &writeAnalysedFn{Cfg: cfg}, both)
	} else {
		counts, positions = beam.ParDo2(s, &writeFn{Cfg: cfg}, beam.GroupByKey(s, ranked))
	}
	beam.ParDo0(s, &positionsFn{Cfg: cfg}, beam.GroupByKey(s, positions))
	return counts
}
