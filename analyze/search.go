package analyze

import (
	"slices"
	"time"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
)

// Defaults and limits of Options.
const (
	DefaultDepth  = 8
	DefaultTTSize = 16 // MiB
	DefaultVerify = 8  // plies, at most: see VerifyFor
	MaxDepth      = 40
)

// Options set up a Searcher. The zero value means the defaults.
type Options struct {
	Depth  int // nominal depth of the main search in plies (default 8, at most MaxDepth)
	TTSize int // transposition table size in MiB (default 16)
	// Verify is how many plies deeper than Depth verification may search
	// a verdict of inaccuracy or worse (default VerifyFor(Depth);
	// negative: no verification).
	Verify int
	// Tablebase, when set, is probed at every node whose position it
	// holds, which then scores as the database says (see "Endgame
	// databases" in the package documentation); nil: no database.
	Tablebase egtb.Tablebase
	// Nodes and Time limit Search (zero: no limit; analysis and
	// verification ignore them): once the search has visited Nodes
	// positions, or Time has passed since it began, no new iteration
	// starts and the running one is abandoned, and Search returns the
	// result of the last iteration it completed (the first always
	// completes). Depth still bounds the iterations. A search limited by
	// Nodes alone is still a function of (variant, position, Options); one
	// limited by Time is not.
	Nodes uint64
	Time  time.Duration
}

// VerifyFor is the default of Options.Verify for a depth: DefaultVerify
// plies, and no more than the depth itself, so that verification at most
// doubles the depth of a shallow analysis (whose many candidates would
// otherwise cost far more than the analysis).
func VerifyFor(depth int) int {
	return min(DefaultVerify, max(depth, 1))
}

// WithDefaults is o with its zero fields filled in and its depth clamped:
// the options a Searcher searches with (its Depth is the depth analyses
// are made at, Evals' depth).
func (o Options) WithDefaults() Options {
	if o.Depth <= 0 {
		o.Depth = DefaultDepth
	}
	o.Depth = min(o.Depth, MaxDepth)
	if o.TTSize <= 0 {
		o.TTSize = DefaultTTSize
	}
	switch {
	case o.Verify == 0:
		o.Verify = VerifyFor(o.Depth)
	case o.Verify < 0:
		o.Verify = -1
	}
	return o
}

// Result is the outcome of a search.
type Result struct {
	Score Score           // side to move's view
	Best  draughts.Move   // zero Move if the side to move has no legal move
	PV    []draughts.Move // principal variation, starting with Best
	Depth int             // depth of the last completed iteration
	// Nodes is the number of positions visited, quiescence included (by
	// a limited search: all of them, the abandoned iteration's too).
	Nodes uint64
}

// moveOrd is a move of a node's list with its ordering key.
type moveOrd struct {
	key int32
	idx uint16 // index in the node's UniqueMoves list
}

// cached is a finished search kept to answer the same question again.
type cached struct {
	ok    bool
	pos   draughts.Position
	depth int
	res   Result
}

const cacheSize = 32

// Searcher searches positions of one variant. It owns its transposition
// table, killer moves and history table, and resets all of them (the table
// by a new generation) before every root search, so that a result depends
// only on the variant, the position and the Options: never on what the
// Searcher did before, nor on which goroutine runs it. A Searcher is not
// safe for concurrent use; give each worker goroutine its own.
type Searcher struct {
	v     draughts.Variant
	opts  Options
	lv    leverSet
	eval  evaluator // the variant's evaluation (evaluatorFor), White's view
	tt    *table
	nodes uint64

	moves   [MaxPly][]draughts.Move
	ord     [MaxPly][]moveOrd
	pv      [MaxPly][MaxPly]draughts.Move
	pvLen   [MaxPly]int
	killers [MaxPly][2]draughts.Move
	// history is by side, the move's start and end squares: a square's
	// bit modulo 64, so that on 12x12 (Canadian, 77 bits) the squares of
	// bit 64 and up share the entries of bits 0 to 12, an ordering hint
	// only (a larger table cost BenchmarkSearch 0.7%: docs/canadian.md).
	history [2][64][64]int32
	// path[ply] is the hash of the position at ply of the current line and
	// irrev[ply] the ply of its last irreversible move (a man moved or a
	// capture), for repetitions.
	path  [MaxPly + 1]uint64
	irrev [MaxPly + 1]int
	// pos[ply] holds the position searched at ply: a child position kept
	// in the Searcher, since a local one would be moved to the heap by
	// the recursion (one allocation per node).
	pos [MaxPly + 1]draughts.Position

	cache  [cacheSize]cached
	nextC  int
	shared *Cache // results shared with other Searchers (SetCache), or nil

	// The limits of a limited Search: once nodes reaches nextPoll, poll
	// looks at the limits (every pollEvery nodes, and at the node limit
	// exactly); nextPoll is beyond reach when no limit is armed, so that
	// an unlimited search only pays one comparison a node.
	nextPoll uint64
	limited  bool      // the search in progress is a limited Search
	start    time.Time // when it began
}

// pollEvery is how many nodes a limited search visits between two looks
// at the clock: about a millisecond.
const pollEvery = 2048

// noPoll is nextPoll when no limit is armed.
const noPoll = ^uint64(0)

// errStopped is the panic by which poll abandons an iteration; search1
// recovers it.
type errStopped struct{}

// NewSearcher returns a Searcher for variant v.
func NewSearcher(v draughts.Variant, opts Options) *Searcher {
	opts = opts.WithDefaults()
	s := &Searcher{v: v, opts: opts, lv: levers, eval: evaluatorFor(v), tt: newTable(opts.TTSize, levers.ttBucket), nextPoll: noPoll}
	for i := range s.moves {
		s.moves[i] = make([]draughts.Move, 0, 48)
		s.ord[i] = make([]moveOrd, 0, 48)
	}
	return s
}

// Options returns the options in force, defaults filled in.
func (s *Searcher) Options() Options { return s.opts }

// Variant returns the variant the Searcher plays.
func (s *Searcher) Variant() draughts.Variant { return s.v }

// reset starts a root search: a new table generation, no killers, no
// history, no nodes.
func (s *Searcher) reset() {
	s.tt.newSearch()
	s.killers = [MaxPly][2]draughts.Move{}
	s.history = [2][64][64]int32{}
	s.nodes = 0
	s.nextPoll = noPoll
}

// Search searches p to the depth of the Options by iterative deepening and
// returns the score, the best move and the principal variation. The result
// is a function of (variant, p, Options) only. It stops early when it has
// proved a win or loss within the depth searched, and, with a node or time
// limit, when the limit is reached (see Options.Nodes).
func (s *Searcher) Search(p *draughts.Position) Result {
	if s.opts.Nodes == 0 && s.opts.Time == 0 {
		return s.searchAt(p, s.opts.Depth)
	}
	// Not cached: a result under a time limit is not a function of the
	// question, and one under a node limit is not the answer to the
	// question of its depth.
	s.limited, s.start = true, time.Now()
	defer func() { s.limited = false }()
	r, _ := s.search1(p, s.opts.Depth)
	return r
}

// reached reports whether a limit of a limited search is reached.
func (s *Searcher) reached() bool {
	return s.opts.Nodes > 0 && s.nodes >= s.opts.Nodes ||
		s.opts.Time > 0 && time.Since(s.start) >= s.opts.Time
}

// poll is called when the node count reaches nextPoll: it abandons the
// iteration when a limit is reached, and sets the next look.
// The node that would be one more than the node limit is not searched,
// so that a search to a depth whose iterations take exactly the limit
// completes.
func (s *Searcher) poll() {
	if s.opts.Nodes > 0 && s.nodes > s.opts.Nodes || s.opts.Time > 0 && time.Since(s.start) >= s.opts.Time {
		s.nextPoll = noPoll
		if s.opts.Nodes > 0 {
			s.nodes = min(s.nodes, s.opts.Nodes)
		}
		panic(errStopped{})
	}
	s.nextPoll = s.nodes + pollEvery
	if s.opts.Nodes > 0 {
		s.nextPoll = min(s.nextPoll, s.opts.Nodes+1)
	}
}

// iterate is rootSearch armed with the limits of a limited search: ok is
// false when the iteration was abandoned.
func (s *Searcher) iterate(d int, prev Score) (sc Score, ok bool) {
	defer func() {
		s.nextPoll = noPoll
		if r := recover(); r != nil {
			if _, stop := r.(errStopped); !stop {
				panic(r)
			}
			ok = false
		}
	}()
	s.nextPoll = s.nodes
	s.poll()
	return s.rootSearch(d, prev), true
}

// searchAt is Search to depth plies (0: captures only), answered from a
// small cache of the last searches when the same question comes again. A
// search is a function of its question, so the cache cannot change an
// answer. A search to depth d also answers the question of depth d-1: its
// iterations 1..d-1 are exactly that search, from the same fresh state, so
// the result of iteration d-1 is cached too (see AnalyzeGame).
func (s *Searcher) searchAt(p *draughts.Position, depth int) Result {
	for i := range s.cache {
		if c := &s.cache[i]; c.ok && c.depth == depth && c.pos == *p {
			r := c.res
			r.PV = slices.Clone(r.PV)
			return r
		}
	}
	var reserved *cacheEntry
	if s.shared != nil && depth >= 1 {
		r, e, ok := s.shared.get(cacheKey{s.v, *p, depth})
		if ok {
			s.remember(p, depth, r)
			return r
		}
		reserved = e
	}
	r, prev := s.search1(p, depth)
	if depth >= 2 {
		s.remember(p, depth-1, prev)
	}
	s.remember(p, depth, r)
	if reserved != nil {
		s.shared.put(reserved, r)
		if depth >= 2 {
			s.shared.putOther(cacheKey{s.v, *p, depth - 1}, prev)
		}
	}
	return r
}

// remember puts a result in the cache, in place of the oldest.
func (s *Searcher) remember(p *draughts.Position, depth int, r Result) {
	r.PV = slices.Clone(r.PV)
	s.cache[s.nextC] = cached{ok: true, pos: *p, depth: depth, res: r}
	s.nextC = (s.nextC + 1) % cacheSize
}

// search1 is a root search by iterative deepening to depth, from a fresh
// state. prev is the result the same search to depth-1 gives, for depth 2
// and more.
func (s *Searcher) search1(p *draughts.Position, depth int) (r, prev Result) {
	s.reset()
	if !s.v.HasMoves(p) {
		r = Result{Score: terminal(s.v, 0)}
		return r, r
	}
	s.pos[0] = *p
	s.path[0] = p.Hash()
	s.irrev[0] = 0
	if depth <= 0 {
		sc := s.quiesce(&s.pos[0], 0, -infinity, infinity)
		r = Result{Score: sc, PV: slices.Clone(s.pv[0][:s.pvLen[0]])}
	}
	for d := 1; d <= depth; d++ {
		var sc Score
		if s.limited && d > 1 {
			if s.reached() {
				break
			}
			var ok bool
			if sc, ok = s.iterate(d, r.Score); !ok {
				break
			}
		} else {
			sc = s.rootSearch(d, r.Score)
		}
		r = Result{Score: sc, PV: slices.Clone(s.pv[0][:s.pvLen[0]]), Depth: d, Nodes: s.nodes}
		if len(r.PV) > 0 {
			r.Best = r.PV[0]
		}
		done := sc.IsDecisive() && sc.Plies() <= d
		if d == depth-1 || done && d < depth-1 {
			prev = r
		}
		if done {
			break
		}
	}
	if depth <= 0 {
		if len(r.PV) > 0 {
			r.Best = r.PV[0]
		}
		r.Nodes = s.nodes
	}
	if s.limited {
		r.Nodes = s.nodes
	}
	return r, prev
}

// rootSearch is iteration d of the root search: a full window, or from
// iteration aspFrom on an aspiration window around the score of the
// iteration before, widened on a fail until the score falls inside.
func (s *Searcher) rootSearch(d int, prev Score) Score {
	w := Score(s.lv.aspWindow)
	if w <= 0 || d < s.lv.aspFrom || prev.IsDecisive() {
		return s.search(&s.pos[0], d, 0, -infinity, infinity)
	}
	lo, hi := prev-w, prev+w
	for {
		sc := s.search(&s.pos[0], d, 0, lo, hi)
		switch {
		case sc <= lo && lo > -infinity:
			w *= 4
			lo = max(prev-w, -infinity)
			if w > 400 {
				lo = -infinity
			}
		case sc >= hi && hi < infinity:
			w *= 4
			hi = min(prev+w, infinity)
			if w > 400 {
				hi = infinity
			}
		default:
			return sc
		}
	}
}

// repeated reports whether the position at ply, of hash key, stood on the
// board earlier in the line with the same side to move since the last
// irreversible move: a repetition, scored as a draw (R-DRW-1 needs three,
// but a line that repeats once can repeat again).
func (s *Searcher) repeated(ply int, key uint64) bool {
	for i := ply - 4; i >= s.irrev[ply]; i -= 2 {
		if s.path[i] == key {
			return true
		}
	}
	return false
}

// child plays m from p, the position at ply, into the position of ply+1
// and sets up the line bookkeeping for repetitions.
func (s *Searcher) child(p *draughts.Position, m *draughts.Move, ply int) *draughts.Position {
	q := &s.pos[ply+1]
	*q = *p
	q.Make(m)
	s.path[ply+1] = q.Hash()
	// A capture or a man's move is irreversible, a king's move not; a
	// king's move from a square past bit 63 (Canadian's rows 11 and 12),
	// which a Bitboard does not hold, is read by At. (With m.From < 64
	// tested first, Has needs no guard of its shift: no more
	// instructions than Has alone on the other boards.)
	irrev := ply + 1
	if !m.IsCapture() {
		if m.From < 64 {
			if p.Kings.Has(m.From) {
				irrev = s.irrev[ply]
			}
		} else if p.At(m.From).IsKing() {
			irrev = s.irrev[ply]
		}
	}
	s.irrev[ply+1] = irrev
	return q
}

// search is the negamax alpha-beta search with principal variation search
// (fail-soft) of p at ply with depth plies to go.
func (s *Searcher) search(p *draughts.Position, depth, ply int, alpha, beta Score) Score {
	if depth <= 0 {
		return s.quiesce(p, ply, alpha, beta)
	}
	if s.nodes++; s.nodes >= s.nextPoll {
		s.poll()
	}
	s.pvLen[ply] = 0
	if ply >= MaxPly-1 {
		return s.evaluate(p)
	}
	key := p.Hash()
	if ply > 0 && s.repeated(ply, key) {
		return 0
	}
	if ply > 0 && s.opts.Tablebase != nil {
		if sc, ok := s.probe(p, ply); ok {
			return sc
		}
	}
	pvNode := beta-alpha > 1
	ttMove := uint8(noMove)
	// The table serves nodes with two plies or more to go: the frontier
	// nodes are most of the tree, and a probe of a large table costs a
	// cache miss that their small subtrees do not repay (-30% time, +10%
	// nodes on BenchmarkSearch).
	useTT := depth >= 2
	if !useTT {
	} else if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
		if !pvNode && int(e.depth) >= depth {
			sc := scoreFromTT(Score(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && sc >= beta,
				e.bound == boundUpper && sc <= alpha:
				return sc
			}
		}
	}
	if s.lv.probCut && !pvNode && ply > 0 && depth >= s.lv.pcDepth && !beta.IsDecisive() && !alpha.IsDecisive() {
		if sc, ok := s.probCut(p, depth, ply, alpha, beta); ok {
			return sc
		}
	}
	moves := s.v.UniqueMoves(p, s.moves[ply][:0])
	s.moves[ply] = moves
	if len(moves) == 0 {
		return terminal(s.v, ply)
	}
	if s.lv.iir > 0 && depth >= s.lv.iir && ttMove == noMove && len(moves) > 1 && ply > 0 {
		depth-- // no move from the table: an unknown node is searched a ply less
	}
	newDepth := depth - 1
	if len(moves) == 1 {
		newDepth = depth // a forced move does not count (see the package documentation)
	}
	capture := moves[0].IsCapture() // then every move is a capture (R-CAP-1)
	ord := s.order(p, ply, moves, ttMove)
	best, bestIdx := -infinity, uint16(noMove)
	origAlpha := alpha
	lmr := s.lv.lmr && depth >= s.lv.lmrDepth && !capture && (s.lv.lmrPV || !pvNode)
	for i := range ord {
		pick(ord, i)
		m := &moves[ord[i].idx]
		q := s.child(p, m, ply)
		var sc Score
		if i == 0 {
			sc = -s.search(q, newDepth, ply+1, -beta, -alpha)
		} else {
			r := 0
			if lmr && i >= s.lv.lmrMoves && !m.Promotes && ord[i].key < keyKiller2 && !s.v.MustCapture(q) {
				r = 1
				if i >= s.lv.lmrDeep && depth >= s.lv.lmrDepth+2 && !pvNode {
					r = 2
					if s.lv.lmr3 > 0 && i >= s.lv.lmr3 && depth >= s.lv.lmrDepth+5 {
						r = 3
					}
				}
				r = min(r, newDepth-1)
			}
			sc = -s.search(q, newDepth-r, ply+1, -alpha-1, -alpha)
			if r > 0 && sc > alpha {
				sc = -s.search(q, newDepth, ply+1, -alpha-1, -alpha)
			}
			if sc > alpha && sc < beta {
				sc = -s.search(q, newDepth, ply+1, -beta, -alpha)
			}
		}
		if sc <= best {
			continue
		}
		best, bestIdx = sc, ord[i].idx
		if sc <= alpha {
			continue
		}
		alpha = sc
		s.setPV(ply, m)
		if sc >= beta {
			if !m.IsCapture() {
				s.goodQuiet(p.Side, ply, depth, m)
				if s.lv.histMalus {
					h := &s.history[p.Side]
					for k := 0; k < i; k++ {
						o := &moves[ord[k].idx]
						h[o.From&63][o.To&63] -= int32(depth)
						if h[o.From&63][o.To&63] < -historyMax {
							h[o.From&63][o.To&63] = -historyMax
						}
					}
				}
			}
			break
		}
	}
	bound := uint8(boundExact)
	switch {
	case best >= beta:
		bound = boundLower
	case best <= origAlpha:
		bound, bestIdx = boundUpper, noMove
	}
	if useTT {
		s.tt.store(key, scoreToTT(best, ply), depth, bound, uint8(min(bestIdx, noMove)))
	}
	return best
}

// probCut tries to decide a node off the principal variation by a
// shallower search: a null-window search pcR plies shallower that ends
// pcMargin or more above beta is taken as a fail high (and one that ends
// pcMargin or more below alpha as a fail low). Positions with a capture
// to make are left to the full search.
func (s *Searcher) probCut(p *draughts.Position, depth, ply int, alpha, beta Score) (Score, bool) {
	if s.v.MustCapture(p) {
		return 0, false
	}
	m := Score(s.lv.pcMargin)
	d := depth - s.lv.pcR
	if hi := beta + m; hi < winMin {
		if sc := s.search(p, d, ply, hi-1, hi); sc >= hi {
			return sc, true
		}
	}
	if lo := alpha - m; s.lv.pcLow && lo > -winMin {
		if sc := s.search(p, d, ply, lo, lo+1); sc <= lo {
			return sc, true
		}
	}
	return 0, false
}

// quiesce resolves the captures of p: a position where a capture is
// compulsory (R-CAP-1) is never scored statically; every capture is
// searched, with no "stand pat", since the side to move has no other
// choice. A position without a capture is scored by the evaluation, or as
// lost (won in giveaway) if the side to move has no move at all, even
// when the opponent threatens one: a look one ply further there lost
// games at a fixed time a move (docs/engine.md, Matches).
func (s *Searcher) quiesce(p *draughts.Position, ply int, alpha, beta Score) Score {
	if s.nodes++; s.nodes >= s.nextPoll {
		s.poll()
	}
	s.pvLen[ply] = 0
	if ply >= MaxPly-1 {
		return s.evaluate(p)
	}
	if ply > 0 && s.opts.Tablebase != nil {
		if sc, ok := s.probe(p, ply); ok {
			return sc
		}
	}
	if !s.v.MustCapture(p) {
		if !s.v.HasMoves(p) {
			return terminal(s.v, ply)
		}
		return s.evaluate(p)
	}
	moves := s.v.UniqueMoves(p, s.moves[ply][:0])
	s.moves[ply] = moves
	ord := s.order(p, ply, moves, noMove)
	best := -infinity
	for i := range ord {
		pick(ord, i)
		m := &moves[ord[i].idx]
		q := &s.pos[ply+1]
		*q = *p
		q.Make(m)
		sc := -s.quiesce(q, ply+1, -beta, -alpha)
		if sc <= best {
			continue
		}
		best = sc
		if sc <= alpha {
			continue
		}
		alpha = sc
		s.setPV(ply, m)
		if sc >= beta {
			break
		}
	}
	return best
}

// setPV makes m followed by the line of ply+1 the line of ply.
func (s *Searcher) setPV(ply int, m *draughts.Move) {
	s.pv[ply][0] = *m
	n := s.pvLen[ply+1]
	copy(s.pv[ply][1:n+1], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

// Ordering keys, highest first: the table's move, captures by the number
// of pieces taken (kings first), promotions, the two killer moves of the
// ply, then quiet moves by their history score.
const (
	keyHash    = 1 << 30
	keyCapture = 1 << 24
	keyPromote = 1 << 22
	keyKiller1 = 1 << 21
	keyKiller2 = 1 << 20
	historyMax = 1<<20 - 1
)

// order fills the ordering keys of the moves of ply.
func (s *Searcher) order(p *draughts.Position, ply int, moves []draughts.Move, ttMove uint8) []moveOrd {
	ord := s.ord[ply][:0]
	k := &s.killers[ply]
	h := &s.history[p.Side]
	for i := range moves {
		m := &moves[i]
		var key int32
		switch {
		case i == int(ttMove):
			key = keyHash
		case m.IsCapture():
			key = keyCapture + int32(m.NumCaptured())*1024 + int32(p.KingsTaken(m))*256
			if m.Promotes {
				key += 64
			}
		case m.Promotes:
			key = keyPromote
		case m.SameResult(&k[0]):
			key = keyKiller1
		case m.SameResult(&k[1]):
			key = keyKiller2
		default:
			key = h[m.From&63][m.To&63]
			if s.lv.safeFirst && s.hangs(p, m) {
				key -= historyMax + 1 // after every move that gives nothing away
			}
		}
		ord = append(ord, moveOrd{key: key, idx: uint16(i)})
	}
	s.ord[ply] = ord
	return ord
}

// pick moves the best remaining move of ord to position i (selection
// sort, done lazily since a cut-off often comes early). Ties keep the
// generation order, so the order is a function of the position alone.
func pick(ord []moveOrd, i int) {
	b := i
	for j := i + 1; j < len(ord); j++ {
		if ord[j].key > ord[b].key {
			b = j
		}
	}
	if b != i {
		x := ord[b]
		copy(ord[i+1:b+1], ord[i:b])
		ord[i] = x
	}
}

// hangs reports whether the quiet move m lets the opponent capture.
func (s *Searcher) hangs(p *draughts.Position, m *draughts.Move) bool {
	q := *p
	q.Make(m)
	return s.v.MustCapture(&q)
}

// goodQuiet records a quiet move that caused a cut-off: a killer of the
// ply and a history bonus of depth squared.
func (s *Searcher) goodQuiet(side draughts.Color, ply, depth int, m *draughts.Move) {
	k := &s.killers[ply]
	if !m.SameResult(&k[0]) {
		k[1] = k[0]
		k[0] = *m
	}
	h := &s.history[side]
	h[m.From&63][m.To&63] += int32(depth * depth)
	if h[m.From&63][m.To&63] > historyMax {
		for i := range h {
			for j := range h[i] {
				h[i][j] /= 2
			}
		}
	}
}

// probe is the score of p, at ply, from the endgame databases, when they
// hold it: a draw 0, a win TableWinScore-ply, a loss its negation, or,
// for a side with no legal move, the loss by rule (R-END-1) that the
// search would find. The root is never probed: it needs a move, and its
// score follows from its children's, which are.
func (s *Searcher) probe(p *draughts.Position, ply int) (Score, bool) {
	w, ok := s.opts.Tablebase.Probe(p)
	if !ok {
		return 0, false
	}
	switch w {
	case egtb.Win:
		return TableWinScore - Score(ply), true
	case egtb.Loss:
		if !s.v.HasMoves(p) {
			return terminal(s.v, ply), true
		}
		return -TableWinScore + Score(ply), true
	}
	return 0, true
}
