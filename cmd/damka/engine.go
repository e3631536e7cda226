package main

import (
	"errors"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/hub"
	"github.com/damka/damka/report"
	"github.com/damka/damka/validate"
)

// engineRestarts is how many times a worker's engine is restarted for one
// position after it crashed, hung or broke the protocol; then the position
// gets an error and the run goes on.
const engineRestarts = 2

// maxEngineDepth bounds the depth to which a search without a score is
// asked again a ply deeper.
const maxEngineDepth = 30

// EngineOptions are the --engine flags of eval and analyze: an external
// engine, spoken to over the Hub protocol, searches in place of damka.
type EngineOptions struct {
	Command string
	Depth   int
	Time    float64
	Nodes   uint64
	Options []string
	Timeout float64
	K       float64
}

// addFlags adds the --engine flags to fs.
func (o *EngineOptions) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Command, "engine", "", "search with this engine over the Hub protocol instead of damka's search: its command line, split as a shell splits words ('/opt/scan/scan hub'); run in its own folder, one process per worker")
	fs.IntVar(&o.Depth, "engine-depth", 0, "the engine's depth limit for each search (default: --depth when neither --engine-time nor --engine-nodes is given)")
	fs.Float64Var(&o.Time, "engine-time", 0, "the engine's time limit for each search, in seconds")
	fs.Uint64Var(&o.Nodes, "engine-nodes", 0, "the engine's node limit for each search")
	fs.StringArrayVar(&o.Options, "engine-option", nil, "NAME=VALUE: a parameter of the engine, sent as Hub's \"set-param name=NAME value=VALUE\" (repeated)")
	fs.Float64Var(&o.K, "engine-k", 0, "the slope of the engine's winning-chances curve, per centi-man of its scores (default: damka's, "+strconv.FormatFloat(analyze.WinningChancesK, 'g', -1, 64)+"): its scores are read as damka's scores s*K/"+strconv.FormatFloat(analyze.WinningChancesK, 'g', -1, 64)+", so that chances and classes follow its curve (make calibrate-engine fits K)")
	fs.Float64Var(&o.Timeout, "engine-timeout", 0, "seconds the engine may take to answer one search before it is killed and restarted (default: 10 times --engine-time plus 10, or 600)")
}

// enabled reports whether an engine is asked for.
func (o *EngineOptions) enabled() bool { return o.Command != "" }

// engineSpec is an engine to start, checked.
type engineSpec struct {
	path    string
	args    []string
	dir     string
	limits  hub.Limits
	options [][2]string
	timeout time.Duration
	k       float64 // the engine's slope (0: damka's)
}

// spec checks the flags (cmd names the command in errors) and resolves the
// engine's program; depth is the command's --depth, the engine's when
// no limit is given.
func (o *EngineOptions) spec(cmd string, depth int) (*engineSpec, error) {
	words, err := hub.SplitCommand(o.Command)
	if err != nil {
		return nil, fmt.Errorf("%s: --engine: %v", cmd, err)
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("%s: --engine: an empty command line", cmd)
	}
	if o.Depth < 0 || o.Time < 0 || o.Timeout < 0 || o.K < 0 || o.K > 1 || math.IsNaN(o.K) {
		return nil, fmt.Errorf("%s: --engine-depth, --engine-time and --engine-timeout are 0 or more, --engine-k from 0 to 1", cmd)
	}
	path, err := exec.LookPath(words[0])
	if err != nil {
		return nil, fmt.Errorf("%s: --engine: %v", cmd, err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, fmt.Errorf("%s: --engine: %v", cmd, err)
	}
	s := &engineSpec{path: path, args: words[1:], dir: filepath.Dir(path),
		limits: hub.Limits{Depth: o.Depth, Nodes: o.Nodes, Time: time.Duration(o.Time * float64(time.Second))}, k: o.K}
	if s.limits == (hub.Limits{}) {
		s.limits.Depth = depth
	}
	for _, kv := range o.Options {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("%s: --engine-option %q: want NAME=VALUE", cmd, kv)
		}
		s.options = append(s.options, [2]string{k, v})
	}
	switch {
	case o.Timeout > 0:
		s.timeout = time.Duration(o.Timeout * float64(time.Second))
	case s.limits.Time > 0:
		s.timeout = 10*s.limits.Time + 10*time.Second
	default:
		s.timeout = 600 * time.Second
	}
	return s, nil
}

// settings describes the engine's limits and options, for a header or
// metadata: "depth=12 nodes=0 time=0s option:hash=22".
func (s *engineSpec) settings() string {
	parts := []string{"depth=" + strconv.Itoa(s.limits.Depth), "nodes=" + strconv.FormatUint(s.limits.Nodes, 10), "time=" + s.limits.Time.String()}
	if s.k > 0 {
		parts = append(parts, "k="+strconv.FormatFloat(s.k, 'g', -1, 64))
	}
	for _, kv := range s.options {
		parts = append(parts, "option:"+kv[0]+"="+kv[1])
	}
	return strings.Join(parts, " ")
}

// kOrDefault is the engine's slope: --engine-k, else damka's.
func (s *engineSpec) kOrDefault() float64 {
	if s.k == 0 {
		return analyze.WinningChancesK
	}
	return s.k
}

// score is an engine's score read as damka's: s*k/WinningChancesK, so
// that damka's curve gives the chances the engine's curve gives (a
// decisive score as it is).
func (s *engineSpec) score(x analyze.Score) analyze.Score {
	if s.k == 0 || x.IsDecisive() || x.IsTableWin() || x.IsTableLoss() {
		return x
	}
	y := math.Round(float64(x) * s.k / analyze.WinningChancesK)
	lim := float64(analyze.TableWinScore - analyze.MaxPly - 1)
	return analyze.Score(max(-lim, min(lim, y)))
}

// start starts one engine process with its options, and params (the
// variant) after them, all set before "init".
func (s *engineSpec) start(params [][2]string) (*hub.Client, error) {
	return hub.StartWith(s.path, s.args, hub.StartOptions{Dir: s.dir, Timeout: s.timeout, Params: append(slices.Clone(s.options), params...)})
}

// engines are the engine processes of a run, one per worker, all closed
// at its end.
type engines struct {
	spec  *engineSpec
	mu    sync.Mutex
	all   []*engineWorker
	spare *hub.Client // the probed engine, for the first worker
	// closed: the run is over; no engine is started any more.
	closed bool
	// name is the first engine's name, as it gives it.
	name string
	// noScoreDepth is the deepest depth limit (alone) at which the engine
	// answered without a score: it is asked one ply deeper wherever that
	// depth or less is asked, and the first such answer is told once
	// (noScoreTold). The result does not depend on when it is learned:
	// a search without a score is asked again a ply deeper until it has
	// one, each from empty tables.
	noScoreDepth atomic.Int32
	noScoreTold  sync.Once
	warn         func(string)
	// variants, the engine's "variant" parameter as it declares it at
	// start (hub.Client.Variants), and defaultVariant its value.
	variants       []string
	defaultVariant string
	// plays holds what was found for each variant met (decide).
	plays map[draughts.Variant]*variantPlay
}

// variantPlay is whether the engine plays a variant, and the games of it
// left to damka's own search when it does not.
type variantPlay struct {
	plays  bool
	why    string      // why it does not
	params [][2]string // the parameters that make it play the variant
	games  atomic.Int64
	plies  atomic.Int64
}

// decide finds out, once for each variant, whether the engine plays v.
// An engine that declares a "variant" parameter (Hub 2, Scan 3.x) plays
// the values it lists (v's name in the protocol, hub.VariantName), each
// set at start; one that declares none (Scan 2.0, damka hub) is taken to
// play the game a position of its board is read as in the protocol
// (hub.VariantOf: International on 10x10, Russian on 8x8) when it takes
// that variant's start position, and no other.
func (es *engines) decide(v draughts.Variant) *variantPlay {
	es.mu.Lock()
	defer es.mu.Unlock()
	if d := es.plays[v]; d != nil {
		return d
	}
	if es.plays == nil {
		es.plays = map[draughts.Variant]*variantPlay{}
	}
	d := &variantPlay{}
	es.plays[v] = d
	if len(es.variants) > 0 {
		name := hub.VariantName(v)
		switch {
		case !slices.Contains(es.variants, name):
			d.why = fmt.Sprintf("its variants are %s", strings.Join(es.variants, ", "))
		case name != es.defaultVariant:
			d.plays, d.params = true, [][2]string{{"variant", name}}
		default:
			d.plays = true
		}
		return d
	}
	start := draughts.Start(v)
	if b, ok := hub.VariantOf(hub.Position(&start)); !ok || b != v {
		d.why = "it names no variants it plays, so it is taken to play International on 10x10 boards and Russian on 8x8 only"
		return d
	}
	// Does it take the board? Asked of the probed engine, else of one
	// started for the question.
	c := es.spare
	if c == nil && !es.closed {
		var err error
		if c, err = es.spec.start(nil); err != nil {
			d.why = err.Error()
			return d
		}
		defer c.Close()
	}
	if c == nil {
		d.why = "the run is stopped"
		return d
	}
	ok, what, err := c.Takes(&start)
	switch {
	case err != nil:
		d.why = err.Error()
		if c == es.spare {
			es.spare.Kill()
			es.spare = nil
		}
	case !ok:
		d.why = fmt.Sprintf("it answers its start position with %q", what)
	default:
		d.plays = true
	}
	return d
}

// ownGames lines up, for the summary, the variants the engine does not
// play whose games went to damka's own search, in order of name.
func (es *engines) ownGames() []string {
	es.mu.Lock()
	defer es.mu.Unlock()
	var out []string
	for v, d := range es.plays {
		if n := d.games.Load(); !d.plays && n > 0 {
			out = append(out, fmt.Sprintf("the engine does not play %s (%s): its %d game(s), %d position(s), analysed by damka's own search", v.Name(), d.why, n, d.plies.Load()))
		}
	}
	slices.Sort(out)
	return out
}

// ownAnalyzer is damka's own search for the games of a variant the
// engine does not play, counting them.
type ownAnalyzer struct {
	*analyze.Searcher
	d *variantPlay
}

func (a *ownAnalyzer) AnalyzeGame(start *draughts.Position, moves []draughts.Move) []analyze.PlyAnalysis {
	a.d.games.Add(1)
	a.d.plies.Add(int64(len(moves)))
	return a.Searcher.AnalyzeGame(start, moves)
}

// noScore records an answer without a score at depth limit d.
func (es *engines) noScore(d int) {
	for {
		old := es.noScoreDepth.Load()
		if int32(d) <= old || es.noScoreDepth.CompareAndSwap(old, int32(d)) {
			break
		}
	}
	if es.warn != nil {
		es.noScoreTold.Do(func() {
			es.warn(fmt.Sprintf("engine %s gives no score at depth %d (Scan 2.0 writes its score from depth 12 on): where a shallower search is asked, it searches to the first depth that gives one", es.name, d))
		})
	}
}

// engineWorker is the engine of one worker, started when first needed and
// restarted after a failure.
type engineWorker struct {
	es     *engines
	c      *hub.Client
	params [][2]string // set at start (the variant)
}

// probe starts one engine, to fail early on one that cannot start and to
// learn its name.
func (es *engines) probe() error {
	c, err := es.spec.start(nil)
	if err != nil {
		return err
	}
	es.name = c.Name
	if es.name == "" {
		es.name = filepath.Base(es.spec.path)
	}
	es.spare = c
	es.variants, es.defaultVariant = c.Variants, c.DefaultVariant
	return nil
}

// version is the engine's version: Hub 2's "id ... version=V", else the
// last word of its name when that starts with a digit ("Scan 2.0": 2.0),
// else "".
func engineVersion(c *hub.Client) string {
	if c.Version != "" {
		return c.Version
	}
	f := strings.Fields(c.Name)
	if len(f) > 1 {
		if last := f[len(f)-1]; last[0] >= '0' && last[0] <= '9' {
			return last
		}
	}
	return ""
}

// fingerprint fingerprints the probed engine (hub.Client.Fingerprint) on
// the start position of the first of vs it plays; the errors of the
// others are joined when it plays none.
func (es *engines) fingerprint(vs ...draughts.Variant) (string, error) {
	var errs []string
	for _, v := range vs {
		fp, err := es.spare.Fingerprint(es.spec.path, v)
		if err == nil {
			return fp, nil
		}
		errs = append(errs, err.Error())
		var ans *hub.AnswerError
		if !errors.As(err, &ans) {
			// The engine failed (it is killed): the first worker starts
			// another.
			es.spare.Kill()
			es.spare = nil
			break
		}
	}
	return "", errors.New(strings.Join(errs, "; "))
}

// worker returns a new worker's engine, started with params (the
// variant; the probed engine first, for a worker that needs none).
func (es *engines) worker(params [][2]string) *engineWorker {
	es.mu.Lock()
	defer es.mu.Unlock()
	w := &engineWorker{es: es, params: params}
	if len(params) == 0 {
		w.c, es.spare = es.spare, nil
	}
	es.all = append(es.all, w)
	return w
}

// close ends every engine, once the workers are done.
func (es *engines) close() {
	es.mu.Lock()
	defer es.mu.Unlock()
	es.closed = true
	if es.spare != nil {
		es.spare.Close()
		es.spare = nil
	}
	for _, w := range es.all {
		if w.c != nil {
			w.c.Close()
			w.c = nil
		}
	}
}

// engine returns the worker's engine, started if need be. Its field is
// set under the lock, which close takes.
func (w *engineWorker) engine() (*hub.Client, error) {
	w.es.mu.Lock()
	c, closed := w.c, w.es.closed
	w.es.mu.Unlock()
	switch {
	case closed:
		return nil, errors.New("the run is stopped")
	case c != nil:
		return c, nil
	}
	c, err := w.es.spec.start(w.params)
	if err != nil {
		return nil, err
	}
	w.es.mu.Lock()
	defer w.es.mu.Unlock()
	if w.es.closed {
		c.Close()
		return nil, errors.New("the run is stopped")
	}
	w.c = c
	return c, nil
}

// drop ends the worker's engine, which failed: it is in an unknown state.
func (w *engineWorker) drop(c *hub.Client) {
	c.Kill()
	w.es.mu.Lock()
	if w.c == c {
		w.c = nil
	}
	w.es.mu.Unlock()
}

// search searches p with the worker's engine, restarting it at most
// engineRestarts times when it fails.
func (w *engineWorker) search(p *draughts.Position) (analyze.Result, error) {
	return w.searchWithin(p, w.es.spec.limits)
}

// searchWithin is search within the limits l.
func (w *engineWorker) searchWithin(p *draughts.Position, l hub.Limits) (analyze.Result, error) {
	depthOnly := l.Nodes == 0 && l.Time == 0 && l.Depth > 0
	if d := int(w.es.noScoreDepth.Load()); depthOnly && l.Depth <= d {
		l.Depth = d + 1
	}
	var errs []error
	for attempt := 0; attempt <= engineRestarts; attempt++ {
		c, err := w.engine()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		a, err := c.Analyse(p, l)
		if err == nil {
			return analyze.Result{Score: w.es.spec.score(a.Score), Best: a.Best, PV: a.PV, Depth: a.Depth, Nodes: a.Nodes}, nil
		}
		var ans *hub.AnswerError
		if errors.As(err, &ans) {
			// The engine ended its search as the protocol says: asking
			// again gives the same answer, but one without a score is
			// asked again one ply deeper (Scan 2.0 scores from depth 12).
			if ans.NoScore && depthOnly && l.Depth < maxEngineDepth {
				w.es.noScore(l.Depth)
				l.Depth++
				attempt--
				continue
			}
			return analyze.Result{}, err
		}
		errs = append(errs, err)
		w.drop(c)
	}
	if len(errs) == 1 {
		return analyze.Result{}, errs[0]
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return analyze.Result{}, fmt.Errorf("%d attempts: %s", len(errs), strings.Join(msgs, "; "))
}

// analyzer returns the pipeline's NewAnalyzer for the engines: each
// worker's analyser of a variant has its own engine, and damka's own
// search (opts) for the positions the engine fails on, which onError is
// told of with the game and ply they come from ("file:line: game N (...):
// ply P (17. c3-d4)"). The games of a variant the engine does not play
// (decide) are damka's own search's, counted for the summary (ownGames).
func (es *engines) analyzer(opts analyze.Options, onError func(where string, err error)) func(v draughts.Variant) analyze.GameAnalyzer {
	depth := es.spec.limits.Depth
	if depth == 0 {
		depth = opts.Depth
	}
	return func(v draughts.Variant) analyze.GameAnalyzer {
		d := es.decide(v)
		if !d.plays {
			return &ownAnalyzer{Searcher: analyze.NewSearcher(v, opts), d: d}
		}
		a := &engineAnalyzer{}
		a.OracleAnalyzer = analyze.OracleAnalyzer{
			Oracle:    engineOracle{es.worker(d.params)},
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

// engineOracle is a worker's engine as analyze's Oracle: its searches to
// a depth replace the depth limit, when there is one.
type engineOracle struct{ w *engineWorker }

func (o engineOracle) Search(p *draughts.Position, depth int) (analyze.Result, error) {
	l := o.w.es.spec.limits
	if l.Depth > 0 {
		l.Depth = depth
	}
	return o.w.searchWithin(p, l)
}
