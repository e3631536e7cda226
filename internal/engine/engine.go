// Package engine runs external engines over the Hub protocol in damka's
// place (damka eval --engine, damka analyze --engine, damka-beam
// --engine): the engine's settings (Config, Spec), one process per
// worker restarted after a failure (Set, Worker), which variants it plays
// (Set.Decide) and its fingerprint; internal/hub is the protocol's
// client.
package engine

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

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/hub"
)

// engineRestarts is how many times a worker's engine is restarted for one
// position after it crashed, hung or broke the protocol; then the position
// gets an error and the run goes on.
const engineRestarts = 2

// maxEngineDepth bounds the depth to which a search without a score is
// asked again a ply deeper.
const maxEngineDepth = 30

// Config is what the --engine flags of damka eval, damka analyze and
// damka-beam ask for: an external engine, spoken to over the Hub
// protocol, that searches in place of damka.
type Config struct {
	Command string
	Depth   int
	Time    float64
	Nodes   uint64
	Options []string
	Timeout float64
	K       float64
}

// The help of the flags of Config, one text for every command that has
// them.
var (
	HelpCommand = "search with this engine over the Hub protocol instead of damka's search: its command line, split as a shell splits words ('/opt/scan/scan hub'); run in its own folder, one process per worker"
	HelpDepth   = "the engine's depth limit for each search (default: --depth when neither --engine-time nor --engine-nodes is given)"
	HelpTime    = "the engine's time limit for each search, in seconds"
	HelpNodes   = "the engine's node limit for each search"
	HelpOption  = "NAME=VALUE: a parameter of the engine, sent as Hub's \"set-param name=NAME value=VALUE\" before init (repeated)"
	HelpK       = "the slope of the engine's winning-chances curve, per centi-man of its scores (default: damka's, " + strconv.FormatFloat(analyze.WinningChancesK, 'g', -1, 64) + "): its scores are read as damka's scores s*K/" + strconv.FormatFloat(analyze.WinningChancesK, 'g', -1, 64) + ", so that chances and classes follow its curve (make calibrate-engine or damka analyze --engine-fit-k fit K)"
	HelpTimeout = "seconds the engine may take to answer one search before it is killed and restarted (default: 10 times --engine-time plus 10, or 600)"
)

// Enabled reports whether an engine is asked for.
func (o *Config) Enabled() bool { return o.Command != "" }

// Spec is an engine to start, checked.
type Spec struct {
	path    string
	args    []string
	dir     string
	limits  hub.Limits
	options [][2]string
	timeout time.Duration
	k       float64 // the engine's slope (0: damka's)
}

// Spec checks the settings and resolves the engine's program (its errors
// name the flags); depth is the command's --depth, the engine's when no
// limit is given.
func (o *Config) Spec(depth int) (*Spec, error) {
	words, err := hub.SplitCommand(o.Command)
	if err != nil {
		return nil, fmt.Errorf("--engine: %v", err)
	}
	if len(words) == 0 {
		return nil, errors.New("--engine: an empty command line")
	}
	if o.Depth < 0 || o.Time < 0 || o.Timeout < 0 || o.K < 0 || o.K > 1 || math.IsNaN(o.K) {
		return nil, errors.New("--engine-depth, --engine-time and --engine-timeout are 0 or more, --engine-k from 0 to 1")
	}
	path, err := exec.LookPath(words[0])
	if err != nil {
		return nil, fmt.Errorf("--engine: %v", err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, fmt.Errorf("--engine: %v", err)
	}
	s := &Spec{path: path, args: words[1:], dir: filepath.Dir(path),
		limits: hub.Limits{Depth: o.Depth, Nodes: o.Nodes, Time: time.Duration(o.Time * float64(time.Second))}, k: o.K}
	if s.limits == (hub.Limits{}) {
		s.limits.Depth = depth
	}
	for _, kv := range o.Options {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("--engine-option %q: want NAME=VALUE", kv)
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

// Settings describes the engine's limits and options, for a header or
// metadata: "depth=12 nodes=0 time=0s option:hash=22".
func (s *Spec) Settings() string {
	parts := []string{"depth=" + strconv.Itoa(s.limits.Depth), "nodes=" + strconv.FormatUint(s.limits.Nodes, 10), "time=" + s.limits.Time.String()}
	if s.k > 0 {
		parts = append(parts, "k="+strconv.FormatFloat(s.k, 'g', -1, 64))
	}
	for _, kv := range s.options {
		parts = append(parts, "option:"+kv[0]+"="+kv[1])
	}
	return strings.Join(parts, " ")
}

// KOrDefault is the engine's slope: --engine-k, else damka's.
func (s *Spec) KOrDefault() float64 {
	if s.k == 0 {
		return analyze.WinningChancesK
	}
	return s.k
}

// Score is an engine's score read as damka's: s*k/WinningChancesK, so
// that damka's curve gives the chances the engine's curve gives (a
// decisive score as it is).
func (s *Spec) Score(x analyze.Score) analyze.Score {
	if s.k == 0 || x.IsDecisive() || x.IsTableWin() || x.IsTableLoss() {
		return x
	}
	y := math.Round(float64(x) * s.k / analyze.WinningChancesK)
	lim := float64(analyze.TableWinScore - analyze.MaxPly - 1)
	return analyze.Score(max(-lim, min(lim, y)))
}

// Start starts one engine process with its options, and params (the
// variant) after them, all set before "init".
func (s *Spec) Start(params [][2]string) (*hub.Client, error) {
	return hub.StartWith(s.path, s.args, hub.StartOptions{Dir: s.dir, Timeout: s.timeout, Params: append(slices.Clone(s.options), params...)})
}

// Set is the engine processes of a run, one per worker and variant, all
// closed at its end (Close). New makes one; Probe starts the first.
type Set struct {
	spec  *Spec
	mu    sync.Mutex
	all   []*Worker
	spare *hub.Client // the probed engine, for the first worker
	// closed: the run is over; no engine is started any more.
	closed bool
	// name is the first engine's name, as it gives it; version its
	// version (engineVersion).
	name, version string
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
	plays map[draughts.Variant]*Play
}

// Play is whether the engine plays a variant, and the games of it
// left to damka's own search when it does not.
type Play struct {
	Plays  bool
	Why    string      // why it does not
	Params [][2]string // the parameters that make it play the variant
	games  atomic.Int64
	plies  atomic.Int64
}

// Decide finds out, once for each variant, whether the engine plays v.
// An engine that declares a "variant" parameter (Hub 2, Scan 3.x) plays
// the values it lists (v's name in the protocol, hub.VariantName), each
// set at start; one that declares none (Scan 2.0, damka hub) is taken to
// play the game a position of its board is read as in the protocol
// (hub.VariantOf: International on 10x10, Russian on 8x8) when it takes
// that variant's start position, and no other.
func (es *Set) Decide(v draughts.Variant) *Play {
	es.mu.Lock()
	defer es.mu.Unlock()
	if d := es.plays[v]; d != nil {
		return d
	}
	if es.plays == nil {
		es.plays = map[draughts.Variant]*Play{}
	}
	d := &Play{}
	es.plays[v] = d
	if len(es.variants) > 0 {
		name := hub.VariantName(v)
		switch {
		case !slices.Contains(es.variants, name):
			d.Why = fmt.Sprintf("its variants are %s", strings.Join(es.variants, ", "))
		case name != es.defaultVariant:
			d.Plays, d.Params = true, [][2]string{{"variant", name}}
		default:
			d.Plays = true
		}
		return d
	}
	start := draughts.Start(v)
	if b, ok := hub.VariantOf(hub.Position(&start)); !ok || b != v {
		d.Why = "it names no variants it plays, so it is taken to play International on 10x10 boards and Russian on 8x8 only"
		return d
	}
	// Does it take the board? Asked of the probed engine, else of one
	// started for the question.
	c := es.spare
	if c == nil && !es.closed {
		var err error
		if c, err = es.spec.Start(nil); err != nil {
			d.Why = err.Error()
			return d
		}
		defer c.Close()
	}
	if c == nil {
		d.Why = "the run is stopped"
		return d
	}
	ok, what, err := c.Takes(&start)
	switch {
	case err != nil:
		d.Why = err.Error()
		if c == es.spare {
			es.spare.Kill()
			es.spare = nil
		}
	case !ok:
		d.Why = fmt.Sprintf("it answers its start position with %q", what)
	default:
		d.Plays = true
	}
	return d
}

// OwnGames lines up, for the summary, the variants the engine does not
// play whose games went to damka's own search, in order of name.
func (es *Set) OwnGames() []string {
	es.mu.Lock()
	defer es.mu.Unlock()
	var out []string
	for v, d := range es.plays {
		if n := d.games.Load(); !d.Plays && n > 0 {
			out = append(out, fmt.Sprintf("the engine does not play %s (%s): its %d game(s), %d position(s), analysed by damka's own search", v.Name(), d.Why, n, d.plies.Load()))
		}
	}
	slices.Sort(out)
	return out
}

// Count counts games and plies of a variant the engine does not play,
// analysed by damka's own search, for OwnGames.
func (d *Play) Count(games, plies int) {
	d.games.Add(int64(games))
	d.plies.Add(int64(plies))
}

// OwnAnalyzer is damka's own search s for the games of a variant the
// engine does not play (d), counting them.
func OwnAnalyzer(s *analyze.Searcher, d *Play) analyze.GameAnalyzer {
	return &ownAnalyzer{Searcher: s, d: d}
}

// ownAnalyzer is damka's own search for the games of a variant the
// engine does not play, counting them.
type ownAnalyzer struct {
	*analyze.Searcher
	d *Play
}

func (a *ownAnalyzer) AnalyzeGame(start *draughts.Position, moves []draughts.Move) []analyze.PlyAnalysis {
	a.d.games.Add(1)
	a.d.plies.Add(int64(len(moves)))
	return a.Searcher.AnalyzeGame(start, moves)
}

// noScore records an answer without a score at depth limit d.
func (es *Set) noScore(d int) {
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

// Worker is the engine of one worker, started when first needed and
// restarted after a failure.
type Worker struct {
	es     *Set
	c      *hub.Client
	params [][2]string // set at start (the variant)
}

// New is the engines of a run with spec; warn, when not nil, is told
// what the run should know once (an engine that gives no score at a
// depth).
func New(spec *Spec, warn func(string)) *Set { return &Set{spec: spec, warn: warn} }

// Spec is the engine's spec.
func (es *Set) Spec() *Spec { return es.spec }

// Name is the engine's name as it gives it (its program's file name when
// it gives none), once probed.
func (es *Set) Name() string { return es.name }

// Version is the engine's version: Hub 2's "id ... version=V", else the
// last word of its name when that starts with a digit ("Scan 2.0": 2.0),
// else "", once probed.
func (es *Set) Version() string { return es.version }

// Limits are the limits of each search.
func (s *Spec) Limits() hub.Limits { return s.limits }

// Probe starts one engine, to fail early on one that cannot start and to
// learn its name, version and variants; it is the first worker's.
func (es *Set) Probe() error {
	c, err := es.spec.Start(nil)
	if err != nil {
		return err
	}
	es.name = c.Name
	if es.name == "" {
		es.name = filepath.Base(es.spec.path)
	}
	es.version = engineVersion(c)
	es.spare = c
	es.variants, es.defaultVariant = c.Variants, c.DefaultVariant
	return nil
}

// engineVersion is the engine's version: Hub 2's "id ... version=V", else the
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

// Fingerprint fingerprints the probed engine (hub.Client.Fingerprint) on
// the start position of the first of vs it plays; the errors of the
// others are joined when it plays none.
func (es *Set) Fingerprint(vs ...draughts.Variant) (string, error) {
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

// Worker returns a new worker's engine, started with params (the
// variant; the probed engine first, for a worker that needs none).
func (es *Set) Worker(params [][2]string) *Worker {
	es.mu.Lock()
	defer es.mu.Unlock()
	w := &Worker{es: es, params: params}
	if len(params) == 0 {
		w.c, es.spare = es.spare, nil
	}
	es.all = append(es.all, w)
	return w
}

// Close ends every engine, once the workers are done.
func (es *Set) Close() {
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
func (w *Worker) engine() (*hub.Client, error) {
	w.es.mu.Lock()
	c, closed := w.c, w.es.closed
	w.es.mu.Unlock()
	switch {
	case closed:
		return nil, errors.New("the run is stopped")
	case c != nil:
		return c, nil
	}
	c, err := w.es.spec.Start(w.params)
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
func (w *Worker) drop(c *hub.Client) {
	c.Kill()
	w.es.mu.Lock()
	if w.c == c {
		w.c = nil
	}
	w.es.mu.Unlock()
}

// Search searches p with the worker's engine, restarting it at most
// engineRestarts times when it fails.
func (w *Worker) Search(p *draughts.Position) (analyze.Result, error) {
	return w.SearchWithin(p, w.es.spec.limits)
}

// SearchWithin is Search within the limits l.
func (w *Worker) SearchWithin(p *draughts.Position, l hub.Limits) (analyze.Result, error) {
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
			return analyze.Result{Score: w.es.spec.Score(a.Score), Best: a.Best, PV: a.PV, Depth: a.Depth, Nodes: a.Nodes}, nil
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

// oracle is a worker's engine as analyze's Oracle: its searches to
// a depth replace the depth limit, when there is one.
type oracle struct{ w *Worker }

// Oracle is the worker's engine as analyze's Oracle (for
// analyze.OracleAnalyzer).
func (w *Worker) Oracle() analyze.Oracle { return oracle{w} }

func (o oracle) Search(p *draughts.Position, depth int) (analyze.Result, error) {
	l := o.w.es.spec.limits
	if l.Depth > 0 {
		l.Depth = depth
	}
	return o.w.SearchWithin(p, l)
}
