package analyze

import (
	"math"

	"github.com/damka/damka/draughts"
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
// and a forced loss -1.
func WinningChances(s Score) float64 {
	switch {
	case s.IsWin():
		return 1
	case s.IsLoss():
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
	case s.IsWin():
		return LossCap
	case s.IsLoss():
		return -LossCap
	}
	return min(max(int(s), -LossCap+1), LossCap-1)
}

// MissedWin reports whether the move let a forced win go: the best line
// won the game (Before is a win and After is not) or won material
// (BestGain at least MissedGain, and PlayedGain less than half of it),
// while the played move does not lose: After is no forced loss and its
// line loses less than a man (PlayedGain > -ManValue).
func (f *Facts) MissedWin() bool {
	if f.IsBest || f.Forced || f.After.IsLoss() || f.PlayedGain <= -ManValue {
		return false
	}
	if f.Before.IsWin() {
		return !f.After.IsWin()
	}
	return !f.Before.IsDecisive() && f.BestGain >= MissedGain && f.PlayedGain < f.BestGain/2
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
	Depth int
}

// Material is the material balance of p for the side to move: men
// ManValue, kings KingValue.
func Material(p *draughts.Position) Score {
	us, them := p.Side, p.Side.Opp()
	m := (p.Men(us).PopCount()-p.Men(them).PopCount())*ManValue +
		(p.KingsOf(us).PopCount()-p.KingsOf(them).PopCount())*KingValue
	return Score(m)
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

// addPly counts one more ply to the end of a decisive score.
func addPly(s Score) Score {
	switch {
	case s.IsWin():
		return s - 1
	case s.IsLoss():
		return s + 1
	}
	return s
}

// AnalyzePly searches the position before the played move (to the
// Options' depth) and the position after it (one ply less, so both look as
// far ahead), and classifies the move. played must be a legal move of
// before. When the played move is the best, every other move is searched
// with a null window at the same depth to tell whether they all lose
// (only_move); that search starts afresh, like every root search, so the
// analysis is a function of (variant, before, played, Options).
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

// analyzePly is AnalyzePly; with ahead, the position after the move is
// searched to the full depth, for the next ply (Nodes counts only what
// the analysis of this ply uses).
func (s *Searcher) analyzePly(before *draughts.Position, played *draughts.Move, ahead bool) PlyAnalysis {
	rb := s.Search(before)
	a := PlyAnalysis{Before: rb.Score, BeforeWhite: rb.Score, Best: rb.Best, BestPV: rb.PV, Nodes: rb.Nodes, Depth: rb.Depth}
	if before.Side == draughts.Black {
		a.BeforeWhite = -rb.Score
	}
	f := Facts{Before: rb.Score}
	balance := Material(before)
	moves := s.v.UniqueMoves(before, nil)
	f.Forced = len(moves) == 1
	f.IsBest = played.SameResult(&rb.Best)
	after := before.Play(played)
	if s.v.HasMoves(&after) {
		if ahead && s.opts.Depth >= 2 {
			s.searchAt(&after, s.opts.Depth) // caches Depth-1 as well
		}
		ra := s.searchAt(&after, s.opts.Depth-1)
		a.Nodes += ra.Nodes
		f.After = addPly(-ra.Score)
		f.PlayedGain = -lineBalance(&after, ra.PV) - balance
	} else {
		f.After = -terminal(s.v, 1)
		f.PlayedGain = -Material(&after) - balance
	}
	f.BestGain = lineBalance(before, rb.PV) - balance
	if s.v.LoserWins() {
		// In giveaway material is no gain: only a forced win is missed.
		f.BestGain, f.PlayedGain = 0, 0
	}
	if f.IsBest && !f.Forced && !f.Before.IsLoss() {
		t := scoreForChances(WinningChances(f.Before) - BlunderDrop + 1e-9)
		lose, n := s.othersBelow(before, moves, played, t)
		f.OthersLose = lose
		a.Nodes += n
	}
	a.After = f.After
	a.Loss = f.Loss()
	a.Class = Classify(f)
	return a
}

// othersBelow reports whether every move of moves other than played
// scores below t from the mover's view, searched to the Options' depth
// (each reply to depth-1) with a null window, in a fresh root search. It
// also returns the nodes searched.
func (s *Searcher) othersBelow(p *draughts.Position, moves []draughts.Move, played *draughts.Move, t Score) (bool, uint64) {
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
		if sc := -s.search(q, s.opts.Depth-1, 1, -t, -t+1); sc >= t {
			below = false
			break
		}
	}
	return below, s.nodes
}
