package damkabeam

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
	"github.com/damka/damka/internal/engine"
	"github.com/damka/damka/internal/hub"
	"github.com/damka/damka/internal/wire"
	"github.com/damka/damka/pipeline"
)

func init() {
	register.DoFn4x1[context.Context, int, rankedGame, func(int, []byte), error](&tasksFn{})
	register.DoFn5x1[context.Context, int, func(*[]byte) bool, func(int, []byte), func(analysisStats), error](&analyseFn{})
	register.Emitter1[analysisStats]()
}

// The analysis, position by position.
//
// The analysis of a ply is a function of the position before it, the
// move played and the options alone (analyze.Searcher.AnalyzePly;
// Searcher.AnalyzeGame, which damka analyze runs, gives the same
// analyses for every ply of a game). So every ply of the archive becomes
// a task keyed by its position (the variant and the canonical FEN, which
// reads back to the same position), the tasks are grouped by position,
// each distinct (position, move) is analysed once, and its analysis goes
// back to every ply that played it, keyed by the ply's game's shard. The
// positions are grouped in buckets (a hash of the position) so that a
// unit of work is large enough for a runner to spread: all the plies of
// a position are in its bucket, whatever the bucket count.
//
// A runner keeps every element of a collection between stages (Prism in
// memory), at a cost per element far above a ply's few bytes: 5 million
// plies as 5 million elements took most of a run's memory (issue 44,
// item 3). So the tasks travel in batches, one element per bucket and
// bundle (taskBatch), and the analyses in batches, one element per
// bucket and shard (evalBatch), each in a compact binary form.

// plyTask is a ply to analyse: its position, the move played (every
// landing square) and the ply it is (its game's rank, its index).
type plyTask struct {
	Key  string // positionKey
	Move string
	Rank int64
	Ply  int // index in the game's plies, from 0
}

// appendTask appends a task to a taskBatch.
func appendTask(b []byte, t *plyTask) []byte {
	b = wire.AppendString(b, t.Key)
	b = wire.AppendString(b, t.Move)
	b = binary.AppendUvarint(b, uint64(t.Rank))
	return binary.AppendUvarint(b, uint64(t.Ply))
}

// readTask reads the first task of a taskBatch, and returns the rest.
func readTask(b []byte, t *plyTask) ([]byte, error) {
	var rank, ply uint64
	r := wire.Reader{B: b}
	t.Key = r.String()
	t.Move = r.String()
	rank, ply = r.Uvarint(), r.Uvarint()
	if r.Bad() {
		return nil, fmt.Errorf("a batch of plies to analyse: %w", errCut)
	}
	t.Rank, t.Ply = int64(rank), int(ply)
	return r.B, nil
}

// evalRec is the analysis of a ply, in an evalBatch: the ply (its game's
// rank, its index) and its analysis (appendEval).
type evalRec struct {
	Rank int64
	Ply  int
	Eval []byte
}

func appendEvalRec(b []byte, e *evalRec) []byte {
	b = binary.AppendUvarint(b, uint64(e.Rank))
	b = binary.AppendUvarint(b, uint64(e.Ply))
	return wire.AppendString(b, string(e.Eval))
}

func readEvalRec(b []byte, e *evalRec) ([]byte, error) {
	r := wire.Reader{B: b}
	rank, ply := r.Uvarint(), r.Uvarint()
	eval := r.Bytes()
	if r.Bad() {
		return nil, fmt.Errorf("a batch of analyses: %w", errCut)
	}
	*e = evalRec{Rank: int64(rank), Ply: int(ply), Eval: eval}
	return r.B, nil
}

// maxBatch is the size at which a batch goes out before its bundle or
// bucket ends, so that a worker holds little more than its work.
const maxBatch = 256 << 10

// analysisStats count the work of analysis: the plies analysed, the
// distinct positions and (position, move) pairs searched, and the nodes
// of those searches.
type analysisStats struct {
	Plies, Positions, Pairs int64
	Nodes                   uint64
	// With an engine (--engine): the pairs it analysed, those analysed by
	// damka's own search because the engine failed on them or its moves
	// disagreed with damka's, and those of variants it does not play
	// (OwnVariants: their names, comma-separated, in order).
	EnginePairs, EngineFailed, EngineMismatch, OwnPairs int64
	OwnVariants                                         string
}

// positionKey is the key of a position: its variant and canonical FEN,
// then, in Frisian, for each side whose king has made quiet moves
// running, "|" and the side, the king's square and their count
// ("|W41=3": draughts.Position.KingRun), which the FEN does not hold and
// the moves depend on.
func positionKey(p *draughts.Position) string {
	v := p.Variant()
	key := v.Name() + "|" + p.FEN()
	for _, c := range []draughts.Color{draughts.White, draughts.Black} {
		if s, n := p.KingRun(c); n > 0 {
			key += fmt.Sprintf("|%c%s=%d", "WB"[c], v.SquareName(s), n)
		}
	}
	return key
}

// parseKey reads a position back from its key.
func parseKey(key string) (draughts.Position, error) {
	fields := strings.Split(key, "|")
	if len(fields) < 2 {
		return draughts.Position{}, fmt.Errorf("bad position key %q", key)
	}
	v, err := draughts.VariantByName(fields[0])
	if err != nil {
		return draughts.Position{}, err
	}
	p, err := v.ParseFEN(fields[1])
	if err != nil {
		return p, err
	}
	for _, f := range fields[2:] {
		sq, count, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(count)
		if !ok || len(sq) < 2 || err != nil || sq[0] != 'W' && sq[0] != 'B' {
			return draughts.Position{}, fmt.Errorf("bad king run %q in position key %q", f, key)
		}
		c := draughts.White
		if sq[0] == 'B' {
			c = draughts.Black
		}
		s, ok := v.ParseSquare(sq[1:])
		if ok {
			p, ok = p.WithKingRun(c, s, n)
		}
		if !ok {
			return draughts.Position{}, fmt.Errorf("bad king run %q in position key %q", f, key)
		}
	}
	return p, nil
}

// bucketOf is the bucket of a position key.
func bucketOf(key string, buckets int) int {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64() % uint64(buckets))
}

// tasksFn replays a game and makes a task of each of its analysable
// plies (pipeline.AnalysablePlies: those before its first error), sent
// in batches by bucket: a batch goes out when it reaches maxBatch, and
// the rest at the end of the bundle.
type tasksFn struct {
	Cfg config

	proc    *pipeline.Processor
	batches map[int][]byte
}

func (fn *tasksFn) Setup() { fn.proc = fn.Cfg.pipeline().NewProcessor() }

func (fn *tasksFn) StartBundle(ctx context.Context, emit func(int, []byte)) {
	fn.batches = map[int][]byte{}
}

func (fn *tasksFn) ProcessElement(ctx context.Context, _ int, g rankedGame, emit func(int, []byte)) error {
	game, err := decodeGame(g.Data)
	if err != nil {
		return err
	}
	var res pipeline.Result
	fn.proc.Process(&res, pipeline.Input{Game: game})
	r := res.Report
	for i := range pipeline.AnalysablePlies(r) {
		pl := &r.Plies[i]
		key := positionKey(&pl.Before)
		if back, err := parseKey(key); err != nil || back != pl.Before {
			// The key must give the position back, hash and all: a
			// position that does not is a bug of the FEN writer, not
			// something to analyse as another position.
			return fmt.Errorf("%s game %d ply %d: the position %q does not read back from its FEN (%v)", game.File, game.Index, pl.Ply, key, err)
		}
		bucket := bucketOf(key, fn.Cfg.Buckets)
		b := appendTask(fn.batches[bucket], &plyTask{Key: key, Move: pl.Move.String(), Rank: g.Rank, Ply: i})
		if len(b) >= maxBatch {
			emit(bucket, b)
			b = nil
		}
		fn.batches[bucket] = b
	}
	return nil
}

func (fn *tasksFn) FinishBundle(ctx context.Context, emit func(int, []byte)) {
	buckets := make([]int, 0, len(fn.batches))
	for k, b := range fn.batches {
		if len(b) > 0 {
			buckets = append(buckets, k)
		}
	}
	slices.Sort(buckets)
	for _, k := range buckets {
		emit(k, fn.batches[k])
	}
	fn.batches = nil
}

// analyseFn analyses the distinct (position, move) pairs of a bucket and
// gives each ply its analysis, keyed by the shard of its game.
type analyseFn struct {
	Cfg config

	searchers    map[draughts.Variant]*analyze.Searcher
	engines      *engine.Set                                  // --engine: this worker's, started on first use
	oracles      map[draughts.Variant]*analyze.OracleAnalyzer // the engine's analysers, of the variants it plays
	moves        []draughts.Move
	positions    beam.Counter
	pairs, plies beam.Counter
	nodes        beam.Counter
}

func (fn *analyseFn) Setup() {
	fn.searchers = map[draughts.Variant]*analyze.Searcher{}
	fn.positions = beam.NewCounter("damka", "distinct_positions")
	fn.pairs = beam.NewCounter("damka", "distinct_position_moves")
	fn.plies = beam.NewCounter("damka", "plies_analysed")
	fn.nodes = beam.NewCounter("damka", "nodes_searched")
}

// Teardown ends the worker's engines.
func (fn *analyseFn) Teardown() {
	if fn.engines != nil {
		fn.engines.Close()
		fn.engines = nil
	}
}

// oracle is the engine's analyser of variant v (sr the fallback), nil
// when the run has no engine or the engine does not play v.
func (fn *analyseFn) oracle(v draughts.Variant, sr *analyze.Searcher, aopts analyze.Options) (*analyze.OracleAnalyzer, error) {
	if !fn.Cfg.Engine.Enabled() {
		return nil, nil
	}
	if oa, ok := fn.oracles[v]; ok {
		return oa, nil
	}
	if fn.engines == nil {
		spec, err := fn.Cfg.engineSpec()
		if err != nil {
			return nil, fmt.Errorf("--engine on this worker: %w", err)
		}
		es := engine.New(spec, func(s string) { log.Warnf(context.Background(), "damka-beam: %s", s) })
		if err := es.Probe(); err != nil {
			es.Close()
			return nil, fmt.Errorf("--engine on this worker: %w", err)
		}
		fn.engines, fn.oracles = es, map[draughts.Variant]*analyze.OracleAnalyzer{}
	}
	var oa *analyze.OracleAnalyzer
	if d := fn.engines.Decide(v); d.Plays {
		depth := fn.engines.Spec().Limits().Depth
		if depth == 0 {
			depth = fn.Cfg.Depth
		}
		oa = &analyze.OracleAnalyzer{Oracle: fn.engines.Worker(d.Params).Oracle(), Depth: depth, Tablebase: aopts.Tablebase, Fallback: sr}
	}
	fn.oracles[v] = oa
	return oa, nil
}

func (fn *analyseFn) ProcessElement(ctx context.Context, _ int, batches func(*[]byte) bool, emit func(int, []byte), stats func(analysisStats)) error {
	type ref struct {
		rank int64
		ply  int
	}
	byPos := map[string]map[string][]ref{}
	var batch []byte
	var t plyTask
	var st analysisStats
	for batches(&batch) {
		for b := batch; len(b) > 0; {
			var err error
			if b, err = readTask(b, &t); err != nil {
				return err
			}
			m := byPos[t.Key]
			if m == nil {
				m = map[string][]ref{}
				byPos[t.Key] = m
			}
			m[t.Move] = append(m[t.Move], ref{t.Rank, t.Ply})
			st.Plies++
		}
	}
	keys := make([]string, 0, len(byPos))
	for k := range byPos {
		keys = append(keys, k)
	}
	slices.Sort(keys)        // the order does not change a result, only makes runs alike
	out := map[int][]byte{}  // by shard
	own := map[string]bool{} // variants the engine does not play
	for _, key := range keys {
		pos, err := parseKey(key)
		if err != nil {
			return err
		}
		v := pos.Variant()
		aopts, err := fn.Cfg.analysis()
		if err != nil {
			return err
		}
		sr := fn.searchers[v]
		if sr == nil {
			sr = analyze.NewSearcher(v, aopts)
			fn.searchers[v] = sr
		}
		oa, err := fn.oracle(v, sr, aopts)
		if err != nil {
			return err
		}
		fn.moves = v.Moves(&pos, fn.moves[:0])
		played := make([]string, 0, len(byPos[key]))
		for mv := range byPos[key] {
			played = append(played, mv)
		}
		slices.Sort(played)
		st.Positions++
		for _, mv := range played {
			i := slices.IndexFunc(fn.moves, func(m draughts.Move) bool { return m.String() == mv })
			if i < 0 {
				return fmt.Errorf("position %q: %s is not a legal move", key, mv)
			}
			var pa analyze.PlyAnalysis
			switch {
			case oa != nil:
				if pa, err = oa.AnalyzePly(&pos, &fn.moves[i]); err == nil {
					st.EnginePairs++
					break
				}
				// As damka analyze: that position is damka's own search's.
				var ans *hub.AnswerError
				if errors.As(err, &ans) && ans.Mismatch {
					st.EngineMismatch++
				} else {
					st.EngineFailed++
				}
				log.Warnf(ctx, "damka-beam: %s %s: %v; analysed by damka's own search", key, mv, err)
				pa = sr.AnalyzePly(&pos, &fn.moves[i])
			case fn.Cfg.Engine.Enabled():
				st.OwnPairs++
				own[v.Name()] = true
				pa = sr.AnalyzePly(&pos, &fn.moves[i])
			default:
				pa = sr.AnalyzePly(&pos, &fn.moves[i])
			}
			data := appendEval(nil, &pa)
			st.Pairs++
			st.Nodes += pa.Nodes
			for _, r := range byPos[key][mv] {
				shard := fn.Cfg.shardOf(r.rank)
				out[shard] = appendEvalRec(out[shard], &evalRec{Rank: r.rank, Ply: r.ply, Eval: data})
			}
		}
	}
	// The analyses go out when the whole bucket is done, not one by one:
	// a runner that splits a bundle when it sees no progress (Prism: no
	// element read or written between two progress reports) then splits
	// the buckets of a bundle, and runs them in parallel.
	shards := make([]int, 0, len(out))
	for shard := range out {
		shards = append(shards, shard)
	}
	slices.Sort(shards)
	for _, shard := range shards {
		emit(shard, out[shard])
	}
	st.OwnVariants = joinNames(own)
	fn.positions.Inc(ctx, st.Positions)
	fn.pairs.Inc(ctx, st.Pairs)
	fn.plies.Inc(ctx, st.Plies)
	fn.nodes.Inc(ctx, int64(st.Nodes))
	stats(st)
	return nil
}

// analyse analyses the plies of the ranked games: the analysis of every
// ply, keyed by the shard of its game, and the work it took.
func analyse(s beam.Scope, cfg config, ranked beam.PCollection) (evals, stats beam.PCollection) {
	s = s.Scope("analyse")
	tasks := beam.ParDo(s, &tasksFn{Cfg: cfg}, ranked)
	byBucket := beam.GroupByKey(s, tasks)
	return beam.ParDo2(s, &analyseFn{Cfg: cfg}, byBucket)
}

// appendEval appends the analysis of a ply in its binary form: every
// field of analyze.PlyAnalysis in order (TestEvalBinary fails when one is
// added and not here), its moves in the engine's notation (every landing
// square), which decodeEval reads back against the position before the
// ply.
func appendEval(b []byte, pa *analyze.PlyAnalysis) []byte {
	for _, s := range []analyze.Score{pa.Before, pa.BeforeWhite, pa.After} {
		b = binary.AppendVarint(b, int64(s))
	}
	best := ""
	if pa.HasBest() {
		best = pa.Best.String()
	}
	b = wire.AppendString(b, best)
	b = binary.AppendUvarint(b, uint64(len(pa.BestPV)))
	for i := range pa.BestPV {
		b = wire.AppendString(b, pa.BestPV[i].String())
	}
	b = binary.AppendVarint(b, int64(pa.Loss))
	b = wire.AppendString(b, string(pa.Class))
	b = binary.AppendUvarint(b, pa.Nodes)
	b = binary.AppendUvarint(b, uint64(pa.Depth))
	b = binary.AppendUvarint(b, uint64(pa.VerdictDepth))
	for _, t := range []struct {
		has bool
		wdl egtb.WDL
	}{{pa.HasTableBefore, pa.TableBefore}, {pa.HasTableAfter, pa.TableAfter}} {
		if !t.has {
			b = append(b, 0)
			continue
		}
		b = append(b, 1)
		b = binary.AppendVarint(b, int64(t.wdl))
	}
	return b
}

// decodeEval reads an analysis appendEval wrote of the ply played from
// before.
func decodeEval(data []byte, before *draughts.Position) (analyze.PlyAnalysis, error) {
	var pa analyze.PlyAnalysis
	r := wire.Reader{B: data}
	for _, s := range []*analyze.Score{&pa.Before, &pa.BeforeWhite, &pa.After} {
		*s = analyze.Score(r.Varint())
	}
	best := r.String()
	var pv []string
	if n := r.Uvarint(); n > 0 && n <= uint64(len(r.B)) {
		pv = make([]string, n)
		for i := range pv {
			pv[i] = r.String()
		}
	} else if n > 0 {
		r.Fail()
	}
	pa.Loss = int(r.Varint())
	pa.Class = analyze.Class(r.String())
	pa.Nodes = r.Uvarint()
	pa.Depth = int(r.Uvarint())
	pa.VerdictDepth = int(r.Uvarint())
	for _, t := range []struct {
		has *bool
		wdl *egtb.WDL
	}{{&pa.HasTableBefore, &pa.TableBefore}, {&pa.HasTableAfter, &pa.TableAfter}} {
		switch r.Byte() {
		case 0:
		case 1:
			*t.has, *t.wdl = true, egtb.WDL(r.Varint())
		default:
			r.Fail()
		}
	}
	if len(r.B) > 0 {
		r.Fail()
	}
	if r.Bad() {
		return pa, fmt.Errorf("an analysis: %w", errCut)
	}
	if best != "" {
		m, ok := moveOf(before, best)
		if !ok {
			return pa, fmt.Errorf("an analysis: its best move %s is no move of the position %s", best, before.FEN())
		}
		pa.Best = m
	}
	if len(pv) > 0 {
		pa.BestPV = make([]draughts.Move, len(pv))
		p := *before
		for i, text := range pv {
			m, ok := moveOf(&p, text)
			if !ok {
				return pa, fmt.Errorf("an analysis: move %d of its best line, %s, is no move of the position %s", i+1, text, p.FEN())
			}
			pa.BestPV[i] = m
			p.Make(&m)
		}
	}
	return pa, nil
}

// moveOf is the legal move of p written text in the engine's notation
// (every landing square, draughts.Move.String).
func moveOf(p *draughts.Position, text string) (draughts.Move, bool) {
	for _, m := range p.Variant().Moves(p, nil) {
		if m.String() == text {
			return m, true
		}
	}
	return draughts.Move{}, false
}

var errCut = errors.New("cut or damaged data")

// joinNames is the names of a set, in order, comma-separated.
func joinNames(set map[string]bool) string {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ",")
}

// mergeNames is the union of two joinNames lists.
func mergeNames(a, b string) string {
	set := map[string]bool{}
	for _, l := range []string{a, b} {
		for _, n := range strings.Split(l, ",") {
			if n != "" {
				set[n] = true
			}
		}
	}
	return joinNames(set)
}
