package analyze

import (
	"math"
	"slices"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
)

// Class is the verdict on a played move.
type Class string

// The classes, from the package documentation.
const (
	ClassBest       Class = "best"
	ClassGood       Class = "good"
	ClassInaccuracy Class = "inaccuracy"
	ClassMistake    Class = "mistake"
	ClassBlunder    Class = "blunder"
	ClassMissedWin  Class = "missed_win"
	ClassOnlyMove   Class = "only_move"
)

// WinningChancesK is the slope k of the winning-chances curve, per
// centi-man (see the package documentation for how it was chosen).
const WinningChancesK = 0.006

// Drops of winning chances (mover's view) that make a move an inaccuracy,
// a mistake or a blunder, as on Lichess and lidraughts.
const (
	InaccuracyDrop = 0.075
	MistakeDrop    = 0.15
	BlunderDrop    = 0.3
)

// MissedGain is the least material, in centi-men, that the best line must
// win for a move that does not win it to be a missed_win: one man (a
// crowning counts KingValue-ManValue).
const MissedGain = ManValue

// LossCap is the centi-men value a decisive score counts as in Loss: a win
// is +LossCap, a loss -LossCap.
const LossCap = 10000

// WinningChances maps a score to the side to move's winning chances in
// [-1, 1]: 2/(1+exp(-k*s))-1 with k = WinningChancesK; a forced win is 1
// and a forced loss -1, as is a win or loss the endgame databases prove.
func WinningChances(s Score) float64 {
	switch {
	case s.IsWin(), s.IsTableWin():
		return 1
	case s.IsLoss(), s.IsTableLoss():
		return -1
	}
	return 2/(1+math.Exp(-WinningChancesK*float64(s))) - 1
}

// scoreForChances is the least score whose winning chances are at least
// w, for w in (-1, 1): the inverse of WinningChances, rounded up.
func scoreForChances(w float64) Score {
	if w <= -1 {
		return -winMin + 1
	}
	if w >= 1 {
		return winMin
	}
	x := math.Log((1+w)/(1-w)) / WinningChancesK
	s := Score(math.Ceil(x - 1e-9))
	for WinningChances(s) < w {
		s++
	}
	for s > -winMin+1 && WinningChances(s-1) >= w {
		s--
	}
	return min(max(s, -winMin+1), winMin-1)
}

// Facts are the numbers a played move is judged by; Classify is a pure
// function of them.
type Facts struct {
	Before Score // search score before the move, mover's view
	After  Score // score after the played move, mover's view
	// BestGain is the material the best line wins, mover's view: the
	// balance (men ManValue, kings KingValue) at the end of its principal
	// variation minus the balance before the move. A crowning counts
	// KingValue-ManValue.
	BestGain Score
	// PlayedGain is the same for the played move followed by the
	// principal variation of the search after it.
	PlayedGain Score
	Forced     bool // the position had a single legal move (one resulting position)
	IsBest     bool // the played move leads to the same position as the best move
	// OthersLose: every other move loses (a forced loss, or a drop of
	// winning chances of BlunderDrop or more from Before), searched only
	// when IsBest.
	OthersLose bool
}

// Drop is the fall of winning chances, mover's view, never negative.
func (f *Facts) Drop() float64 {
	return max(0, WinningChances(f.Before)-WinningChances(f.After))
}

// Loss is the centi-men lost versus the best move: 0 for the best move,
// else Before-After with decisive scores counted as ±LossCap, never
// negative.
func (f *Facts) Loss() int {
	if f.IsBest || f.Forced {
		return 0
	}
	return max(0, capScore(f.Before)-capScore(f.After))
}

func capScore(s Score) int {
	switch {
	case s.IsWin(), s.IsTableWin():
		return LossCap
	case s.IsLoss(), s.IsTableLoss():
		return -LossCap
	}
	return min(max(int(s), -LossCap+1), LossCap-1)
}

// MissedWin reports whether the move let a forced win go: the best line
// won the game (Before is a win, by search or by the endgame databases,
// and After is neither) or won material
// (BestGain at least MissedGain, and PlayedGain less than half of it),
// while the played move does not lose: After is no forced loss and its
// line loses less than a man (PlayedGain > -ManValue).
func (f *Facts) MissedWin() bool {
	if f.IsBest || f.Forced || f.After.IsLoss() || f.After.IsTableLoss() || f.PlayedGain <= -ManValue {
		return false
	}
	if f.Before.IsWin() || f.Before.IsTableWin() {
		return !f.After.IsWin() && !f.After.IsTableWin()
	}
	return !f.Before.IsDecisive() && !f.Before.IsTableLoss() && f.BestGain >= MissedGain && f.PlayedGain < f.BestGain/2
}

// Classify judges a played move. In order:
//   - only_move: the position had one legal move (forced), or the played
//     move is the best and every other move loses;
//   - best: the played move is the best move, or loses nothing (After is
//     at least Before);
//   - missed_win: see Facts.MissedWin; it takes precedence over the drop
//     classes, since it says more (a move that also gives material back
//     is judged by its drop);
//   - blunder, mistake, inaccuracy: the winning-chances drop is at least
//     BlunderDrop, MistakeDrop, InaccuracyDrop;
//   - good: anything else.
func Classify(f Facts) Class {
	switch {
	case f.Forced || f.IsBest && f.OthersLose:
		return ClassOnlyMove
	case f.IsBest || f.After >= f.Before:
		return ClassBest
	}
	d := f.Drop()
	switch {
	case d >= InaccuracyDrop && f.MissedWin():
		return ClassMissedWin
	case d >= BlunderDrop:
		return ClassBlunder
	case d >= MistakeDrop:
		return ClassMistake
	case d >= InaccuracyDrop:
		return ClassInaccuracy
	}
	return ClassGood
}

// PlyAnalysis is the analysis of one played move.
type PlyAnalysis struct {
	Before      Score // search score before the move, mover's view (= Search(before).Score)
	BeforeWhite Score // the same from White's view
	Best        draughts.Move
	BestPV      []draughts.Move
	// After is the score after the played move from the mover's view: the
	// negated search of the position after it to Depth-1 plies, so that
	// Before and After look equally far (Depth plies from the position
	// before the move), or the terminal score when the move ends the game.
	// Decisive scores count plies from the position before the move, like
	// Before.
	After Score
	Loss  int // centi-men lost versus the best move (Facts.Loss)
	Class Class
	Nodes uint64 // nodes of every search made for this ply
	Depth int    // depth of the search before the move at the Options' depth (less when a win was proved sooner)
	// VerdictDepth is the depth of the searches that decided the verdict
	// (before the move; the one after it is one less): the Options'
	// depth, or deeper when verification searched the move again. Before,
	// After, Best, BestPV and Loss are those of that depth.
	VerdictDepth int
	// TableBefore and TableAfter are the exact results of the positions
	// before and after the move, for the mover (egtb.Win, Draw or Loss),
	// where the endgame databases (Options.Tablebase) hold them; HasTable
	// says which are known. A move that turns TableBefore's win into a
	// draw or a loss threw the game away, whatever the scores say.
	TableBefore, TableAfter egtb.WDL
	HasTableBefore          bool
	HasTableAfter           bool
}

// Material is the material balance of p for the side to move: men
// ManValue, kings KingValue.
func Material(p *draughts.Position) Score {
	um, uk := p.Material(p.Side) // the pieces past bit 63 of 12x12 too
	tm, tk := p.Material(p.Side.Opp())
	return Score((um-tm)*ManValue + (uk-tk)*KingValue)
}

// lineBalance is the material balance at the end of line played from p,
// from the view of the side to move in p.
func lineBalance(p *draughts.Position, line []draughts.Move) Score {
	end := *p
	for i := range line {
		end.Make(&line[i])
	}
	if len(line)%2 == 1 {
		return -Material(&end)
	}
	return Material(&end)
}

// AnalyzePly searches the position before the played move (to the
// Options' depth) and the position after it (one ply less, so both look as
// far ahead), classifies the move, and verifies a verdict of inaccuracy or
// worse by deeper searches (see the package documentation). played must
// be a legal move of before. When the played move is the best, every other
// move is searched with a null window at the same depth to tell whether
// they all lose (only_move). Every search starts afresh, like every root
// search, so the analysis is a function of (variant, before, played,
// Options).
func (s *Searcher) AnalyzePly(before *draughts.Position, played *draughts.Move) PlyAnalysis {
	return s.analyzePly(before, played, false)
}

// AnalyzeGame analyses every move of a game played from start: the same
// analyses as AnalyzePly on each ply, at about half the cost, since the
// position after a move is searched to the full depth once and answers
// both the After of that ply (its iteration Depth-1) and the Before of
// the next. moves must be legal in turn.
func (s *Searcher) AnalyzeGame(start *draughts.Position, moves []draughts.Move) []PlyAnalysis {
	out := make([]PlyAnalysis, len(moves))
	p := *start
	for i := range moves {
		out[i] = s.analyzePly(&p, &moves[i], i+1 < len(moves))
		p.Make(&moves[i])
	}
	return out
}

// judgement is a played move judged at one depth.
type judgement struct {
	f     Facts
	class Class
	rb    Result // the search before the move
	depth int    // of the search before the move (the one after is one less)
	nodes uint64
}

// judge searches the position before the move to depth and the one after
// it to depth-1, and classes the move (without the only_move search).
// With ahead, the position after the move is searched to the full depth,
// for the next ply (its nodes are not counted).
func (s *Searcher) judge(before *draughts.Position, played *draughts.Move, forced bool, after *draughts.Position, depth int, ahead bool) judgement {
	rb := s.searchAt(before, depth)
	j := judgement{rb: rb, depth: depth, nodes: rb.Nodes}
	f := Facts{Before: rb.Score, Forced: forced, IsBest: played.SameResult(&rb.Best)}
	balance := Material(before)
	if s.v.HasMoves(after) {
		if ahead && depth >= 2 {
			s.searchAt(after, depth) // caches depth-1 as well
		}
		ra := s.searchAt(after, depth-1)
		j.nodes += ra.Nodes
		f.After = ra.Score.Back()
		f.PlayedGain = -lineBalance(after, ra.PV) - balance
	} else {
		f.After = -terminal(s.v, 1)
		f.PlayedGain = -Material(after) - balance
	}
	f.BestGain = lineBalance(before, rb.PV) - balance
	if s.v.LoserWins() {
		// In giveaway material is no gain: only a forced win is missed.
		f.BestGain, f.PlayedGain = 0, 0
	}
	j.f = f
	j.class = Classify(f)
	return j
}

// severity orders verdicts from the mildest: best and only_move, good,
// inaccuracy, mistake, blunder; a missed win counts as the class of its
// drop of winning chances.
func severity(j *judgement) int {
	c := j.class
	if c == ClassMissedWin {
		d := j.f.Drop()
		switch {
		case d >= BlunderDrop:
			c = ClassBlunder
		case d >= MistakeDrop:
			c = ClassMistake
		default:
			c = ClassInaccuracy
		}
	}
	switch c {
	case ClassGood:
		return 1
	case ClassInaccuracy:
		return 2
	case ClassMistake:
		return 3
	case ClassBlunder:
		return 4
	}
	return 0
}

// candidate reports whether a judgement must be verified: an inaccuracy
// or worse, a good move that dropped at least screenDrop, or a best or
// good move whose positions are unstable (see unstable): verdicts that a
// deeper search may change.
func (s *Searcher) candidate(j *judgement, before, after *draughts.Position) bool {
	switch j.class {
	case ClassInaccuracy, ClassMistake, ClassBlunder, ClassMissedWin:
		return true
	case ClassGood:
		if j.f.Drop() >= s.lv.screenDrop {
			return true
		}
	case ClassBest:
	default:
		return false
	}
	return s.lv.unstable > 0 && !j.f.Forced && s.unstable(before, after, j.depth)
}

// unstable reports whether the search of the position before the move or
// of the one after it changes the winning chances by unstable or more
// between depth-1 and depth (both are searched anyway: the searches of
// the plies before and after this one).
func (s *Searcher) unstable(before, after *draughts.Position, depth int) bool {
	if depth < 2 {
		return false
	}
	delta := func(p *draughts.Position) float64 {
		if !s.v.HasMoves(p) {
			return 0
		}
		a, b := s.searchAt(p, depth).Score, s.searchAt(p, depth-1).Score
		return math.Abs(WinningChances(a) - WinningChances(b))
	}
	return delta(before) >= s.lv.unstable || delta(after) >= s.lv.unstable
}

// verify searches a candidate again, deeper: one iterative deepening of
// the position before the move, from a fresh state, in which the played
// move is searched first with a full window (its exact score is After)
// and the other moves with a null window above it, searched again when
// one beats it (its score is Before). Every verifyStep plies beyond the
// Options' depth the move is judged again; the verification stops when
// the verdict is the one of the depth before, from verifyMin plies beyond
// the Options' depth on (verifyMinMild for a verdict milder than a
// mistake). At the deepest depth allowed (Depth+Verify) without agreement,
// the milder of the last two verdicts counts: a verdict that does not
// hold is downgraded.
func (s *Searcher) verify(before *draughts.Position, played *draughts.Move, forced bool, after *draughts.Position, j judgement) judgement {
	step := max(s.lv.verifyStep, 1)
	base := s.opts.Depth
	limit := min(base+s.opts.Verify, MaxDepth-1)
	first := base + max(s.lv.verifyMin, step)
	firstMild := base + max(s.lv.verifyMinMild, step)
	if s.lv.verifyPlain {
		return s.verifyPlain(before, played, forced, after, j, step, limit, first, firstMild)
	}
	s.reset()
	s.pos[0] = *before
	s.path[0] = before.Hash()
	s.irrev[0] = 0
	balance := Material(before)
	agree := max(s.lv.verifyAgree, 2)
	var seen []judgement // the judgements at the depths of verification, from the Options' depth on
	for d := 1; d <= limit; d++ {
		pr := s.playedRoot(d, played)
		if d < base || (d-base)%step != 0 {
			continue
		}
		f := Facts{Before: pr.best, After: pr.played, Forced: forced, IsBest: pr.bestMove.SameResult(played)}
		f.BestGain = lineBalance(before, pr.bestPV) - balance
		f.PlayedGain = lineBalance(before, pr.playedPV) - balance
		if s.v.LoserWins() {
			f.BestGain, f.PlayedGain = 0, 0
		}
		n := judgement{f: f, class: Classify(f), depth: d,
			rb: Result{Score: pr.best, Best: pr.bestMove, PV: pr.bestPV, Depth: d, Nodes: s.nodes}}
		n.nodes = j.nodes + s.nodes
		seen = append(seen, n)
		// A mild verdict holds when two successive depths give it; a
		// serious one (mistake or worse) when agree successive depths do,
		// from first on.
		k := len(seen)
		need, from := agree, first
		if severity(&n) < 3 {
			need, from = 2, firstMild
		}
		if k >= need && d >= from && d > base {
			same := true
			for _, o := range seen[k-need : k-1] {
				same = same && o.class == n.class
			}
			if same {
				return n
			}
		}
		if d+step > limit && d > base {
			// The deepest depth allowed: the mildest of the last verdicts.
			m := n
			for _, o := range seen[max(k-need, 0) : k-1] {
				if severity(&o) < severity(&m) {
					m = o
				}
			}
			m.nodes = n.nodes
			return m
		}
	}
	if len(seen) == 0 {
		return j
	}
	return seen[len(seen)-1]
}

// verifyPlain is verify by root searches of their own at each depth (the
// position before the move to d, the one after it to d-1), as Search
// makes them.
func (s *Searcher) verifyPlain(before *draughts.Position, played *draughts.Move, forced bool, after *draughts.Position, j judgement, step, limit, first, firstMild int) judgement {
	nodes := j.nodes
	last := j
	for d := j.depth + step; d <= limit; d += step {
		if s.lv.verifyJump && severity(&last) >= 3 && last.depth > j.depth {
			d = limit // a serious verdict is judged at the deepest depth at once
		}
		n := s.judge(before, played, forced, after, d, false)
		nodes += n.nodes
		n.nodes = nodes
		mildLimit := s.lv.verifyMaxMild > 0 && severity(&n) < 3 && severity(&last) < 3 && d >= s.opts.Depth+s.lv.verifyMaxMild
		switch {
		case n.class == last.class && (d >= first || severity(&n) < 3 && d >= firstMild):
			return n
		case d+step > limit || mildLimit:
			if severity(&n) > severity(&last) {
				last.nodes = n.nodes
				return last
			}
			return n
		}
		last = n
	}
	last.nodes = nodes
	return last
}

// playedResult is an iteration of the verification search.
type playedResult struct {
	played, best     Score // the played move's score and the best, mover's view
	bestMove         draughts.Move
	bestPV, playedPV []draughts.Move
}

// playedRoot is iteration d of a verification search of the position at
// ply 0 (see verify): the played move first with a full window, then the
// others by the usual order with a null window at the best score so far,
// searched again with a full window above it when they beat it.
func (s *Searcher) playedRoot(d int, played *draughts.Move) playedResult {
	p := &s.pos[0]
	s.nodes++
	s.pvLen[0] = 0
	key := p.Hash()
	ttMove := uint8(noMove)
	if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
	}
	moves := s.v.UniqueMoves(p, s.moves[0][:0])
	s.moves[0] = moves
	pi := -1
	for i := range moves {
		if moves[i].SameResult(played) {
			pi = i
			break
		}
	}
	if pi < 0 {
		panic("analyze: the played move is not a move of the position")
	}
	newDepth := d - 1
	if len(moves) == 1 {
		newDepth = d
	}
	var r playedResult
	q := s.child(p, &moves[pi], 0)
	r.played = -s.search(q, newDepth, 1, -infinity, infinity)
	s.setPV(0, &moves[pi])
	r.playedPV = slices.Clone(s.pv[0][:s.pvLen[0]])
	r.best, r.bestMove, r.bestPV = r.played, moves[pi], r.playedPV
	bestIdx := pi
	ord := s.order(p, 0, moves, ttMove)
	for i := range ord {
		pick(ord, i)
		idx := int(ord[i].idx)
		if idx == pi {
			continue
		}
		m := &moves[idx]
		q := s.child(p, m, 0)
		alpha := r.best
		sc := -s.search(q, newDepth, 1, -alpha-1, -alpha)
		if sc > alpha {
			sc = -s.search(q, newDepth, 1, -infinity, -alpha)
		}
		if sc > r.best {
			s.setPV(0, m)
			r.best, r.bestMove, r.bestPV = sc, *m, slices.Clone(s.pv[0][:s.pvLen[0]])
			bestIdx = idx
		}
	}
	s.tt.store(key, scoreToTT(r.best, 0), d, boundExact, uint8(bestIdx))
	return r
}

// analyzePly is AnalyzePly; with ahead, the position after the move is
// searched to the full depth, for the next ply (Nodes counts only what
// the analysis of this ply uses).
func (s *Searcher) analyzePly(before *draughts.Position, played *draughts.Move, ahead bool) PlyAnalysis {
	moves := s.v.UniqueMoves(before, nil)
	forced := len(moves) == 1
	after := before.Play(played)
	j := s.judge(before, played, forced, &after, s.opts.Depth, ahead)
	depth := j.rb.Depth
	if s.opts.Verify > 0 && s.candidate(&j, before, &after) {
		j = s.verify(before, played, forced, &after, j)
	}
	f := j.f
	rb := j.rb
	a := PlyAnalysis{Before: rb.Score, BeforeWhite: rb.Score, Best: rb.Best, BestPV: rb.PV, Nodes: j.nodes, Depth: depth, VerdictDepth: j.depth}
	if before.Side == draughts.Black {
		a.BeforeWhite = -rb.Score
	}
	if f.IsBest && !f.Forced && !f.Before.IsLoss() && !f.Before.IsTableLoss() {
		t := scoreForChances(WinningChances(f.Before) - BlunderDrop + 1e-9)
		lose, n := s.othersBelow(before, moves, played, t, j.depth)
		f.OthersLose = lose
		a.Nodes += n
	}
	a.After = f.After
	a.Loss = f.Loss()
	a.Class = Classify(f)
	if tb := s.opts.Tablebase; tb != nil {
		a.TableBefore, a.HasTableBefore = tb.Probe(before)
		if w, ok := tb.Probe(&after); ok {
			a.TableAfter, a.HasTableAfter = -w, true // the opponent moves there
		}
	}
	return a
}

// othersBelow reports whether every move of moves other than played
// scores below t from the mover's view, searched to depth (each reply to
// depth-1) with a null window, in a fresh root search. It also returns
// the nodes searched.
func (s *Searcher) othersBelow(p *draughts.Position, moves []draughts.Move, played *draughts.Move, t Score, depth int) (bool, uint64) {
	s.reset()
	s.pos[0] = *p
	s.path[0] = p.Hash()
	s.irrev[0] = 0
	below := true
	for i := range moves {
		m := &moves[i]
		if m.SameResult(played) {
			continue
		}
		q := s.child(&s.pos[0], m, 0)
		if sc := -s.search(q, depth-1, 1, -t, -t+1); sc >= t {
			below = false
			break
		}
	}
	return below, s.nodes
}
