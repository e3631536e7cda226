package analyze

import (
	"sync"

	"github.com/damka/damka/draughts"
)

// The evaluation of a variant is chosen by the variant (evaluatorFor), not
// by its traits: Russian draughts and giveaway keep the tuned evaluations
// of eval.go; the other variants get one built from their board's geometry
// (the rows, files and diagonals of draughts.Geometry) and their king's
// worth. A new variant therefore never silently borrows the Russian
// evaluation. Frisian, Frysk! and Breakthrough have no evaluation fitted
// by self-play yet: they get the geometry one, as International does
// (Breakthrough's first king ends the game, which the search sees as a
// position without moves, not through the evaluation). Canadian, whose
// 12x12 board is past a Bitboard's 64 bits, gets the same evaluation on
// two words (wideEval).

// evaluator is a static evaluation from White's view, in centi-men.
type evaluator func(p *draughts.Position) int

// evaluators holds one evaluator per variant, built at init (indexed by
// the variant: no map lookup in the search).
var evaluators [256]evaluator

func init() {
	evaluators[draughts.Russian] = evalRussian
	evaluators[draughts.Giveaway] = evalGiveaway
	for _, v := range draughts.Variants() {
		switch {
		case evaluators[v] != nil:
		case v.Geometry().Wide():
			// Canadian's 12x12 board is past a Bitboard's 64 bits, which
			// geometryEval reads: the same evaluation on two words.
			evaluators[v] = newWideEval(v).eval
		case v.LoserWins():
			evaluators[v] = newLosingEval(v).eval
		default:
			evaluators[v] = newGeometryEval(v).eval
		}
	}
}

// patternsOnce puts the pattern tables in use on the first evaluation
// asked for: their folding takes tens of milliseconds, which a command
// that evaluates nothing (check, export) does not pay.
var patternsOnce sync.Once

// loadPatterns puts the patterns of the evaluations that have them in use.
func loadPatterns() {
	useRussianPatterns()
	usePatterns()
}

// evaluatorFor is the evaluation of v.
func evaluatorFor(v draughts.Variant) evaluator {
	patternsOnce.Do(loadPatterns)
	if e := evaluators[v]; e != nil {
		return e
	}
	return evalRussian
}

// King values in centi-men: a flying king is worth about three men (the
// literature of International and Russian draughts agrees), a king that
// moves one square about one and a half (the usual weight of checkers
// programs).
const (
	flyingKingValue = 300
	shortKingValue  = 150
)

// Weights of the geometry evaluation, in centi-men.
const (
	gAdvance  = 3  // a man's advancement, per row, more near the crown (see newGeometryEval)
	gCentre   = 8  // a man on the four central files of the middle rows
	gEdge     = -4 // a man on an edge file
	gBackRank = 10 // a man on its own back row while the board is still full
	gMobility = 2  // a quiet move of a man
	gKingMob  = 1  // a quiet move of a king
)

// geometryEval is the evaluation of a variant from its board: material
// with the variant's king value, advancement, centre, edges, back row while
// the board is full, mobility, and the endings that material cannot win
// (a lone king against too few pieces when kings fly).
type geometryEval struct {
	v        draughts.Variant
	g        *draughts.Geometry
	king     int
	flying   bool
	man      [64]int16 // piece-square table of a White man
	back     draughts.Bitboard
	mainRoad draughts.Bitboard // the long diagonal from a1
	full     int               // pieces on the board at the start
}

func newGeometryEval(v draughts.Variant) *geometryEval {
	g := v.Geometry()
	e := &geometryEval{v: v, g: g, king: shortKingValue, flying: v.FlyingKings(), back: g.RowMask(0), full: 2 * g.StartMen()}
	if e.flying {
		e.king = flyingKingValue
	}
	for _, s := range g.Squares() {
		r, c := g.Row(s), g.Col(s)
		e.man[s] = geometryManValue(g, r, c)
		if r == c {
			e.mainRoad |= s.Bit()
		}
	}
	return e
}

// geometryManValue is the piece-square value of a White man on row r and
// file c of g, past its ManValue: advancement, centre and edges.
func geometryManValue(g *draughts.Geometry, r, c int) int16 {
	h, w := g.Height(), g.Width()
	// Advancement grows with the row, faster near the crown.
	val := gAdvance*r + gAdvance*r*r/(h-1)
	if r >= h/2-2 && r <= h/2+1 && c >= w/2-2 && c <= w/2+1 {
		val += gCentre
	}
	if c == 0 || c == w-1 {
		val += gEdge
	}
	if r == h-1 {
		val = 0 // a man there is crowned
	}
	return int16(val)
}

func (e *geometryEval) eval(p *draughts.Position) int {
	wm, wk := p.Men(draughts.White), p.KingsOf(draughts.White)
	bm, bk := p.Men(draughts.Black), p.KingsOf(draughts.Black)
	g := e.g
	occ := p.Occupied()
	s := e.side(wm, wk, occ) - e.side(g.Flip(bm), g.Flip(bk), g.Flip(occ))
	if occ.PopCount() > e.full*3/4 {
		s += gBackRank * ((wm & e.back).PopCount() - (g.Flip(bm) & e.back).PopCount())
	}
	wn, bn := p.Pieces[draughts.White].PopCount(), p.Pieces[draughts.Black].PopCount()
	if s > 0 && bn == 1 && bk != 0 && e.drawish(wn, bk) || s < 0 && wn == 1 && wk != 0 && e.drawish(bn, wk) {
		s /= drawishDiv
	}
	return s
}

// side sums the terms of one side in White's orientation.
func (e *geometryEval) side(men, kings, occ draughts.Bitboard) int {
	g := e.g
	s := men.PopCount()*ManValue + kings.PopCount()*e.king
	for b := men; b != 0; b &= b - 1 {
		s += int(e.man[b.First()])
	}
	empty := g.Board() &^ occ
	mob := (g.Shift(men, draughts.UpLeft) & empty).PopCount() + (g.Shift(men, draughts.UpRight) & empty).PopCount()
	s += gMobility * mob
	for b := kings; b != 0; b &= b - 1 {
		k := b.First()
		for _, d := range draughts.Directions {
			if !e.flying {
				if n := g.Neighbor(k, d); n != draughts.NoSquare && empty.Has(n) {
					s += gKingMob
				}
				continue
			}
			r := g.Ray(k, d)
			if blk := r & occ; blk != 0 {
				r &= g.Ray(k, d) &^ g.Ray(g.Nearest(blk, d), d) &^ g.Nearest(blk, d).Bit()
			}
			s += gKingMob * r.PopCount()
		}
	}
	return s
}

// drawish reports whether a lone flying king holds against n pieces: on
// 10x10 three pieces cannot win by material (FMJD 6.3 draws them after 16
// moves); on 8x8 two cannot, nor three while the lone king holds the long
// diagonal. Short kings get no such rule.
func (e *geometryEval) drawish(n int, loneKing draughts.Bitboard) bool {
	if !e.flying {
		return false
	}
	if e.g.Height() >= 10 {
		return n <= 3
	}
	return n <= 2 || n == 3 && loneKing&e.mainRoad != 0
}

// losingEval is the evaluation of a variant whose goal is reversed
// (Antidraughts), from its geometry: the giveaway evaluation's terms
// (mobility first, men on the edge and blocked men weak, a king an asset).
type losingEval struct {
	g *draughts.Geometry
}

func newLosingEval(v draughts.Variant) *losingEval { return &losingEval{g: v.Geometry()} }

func (e *losingEval) eval(p *draughts.Position) int {
	g := e.g
	wm, wk := p.Men(draughts.White), p.KingsOf(draughts.White)
	bm, bk := p.Men(draughts.Black), p.KingsOf(draughts.Black)
	occ := p.Occupied()
	return e.side(wm, wk, occ) - e.side(g.Flip(bm), g.Flip(bk), g.Flip(occ))
}

func (e *losingEval) side(men, kings, occ draughts.Bitboard) int {
	g := e.g
	empty := g.Board() &^ occ
	mob := (g.Shift(men, draughts.UpLeft) & empty).PopCount() + (g.Shift(men, draughts.UpRight) & empty).PopCount()
	blocked := men &^ (g.Shift(empty, draughts.DownRight) | g.Shift(empty, draughts.DownLeft))
	edges := g.FileMask(0) | g.FileMask(g.Width()-1)
	s := men.PopCount()*gaMan + kings.PopCount()*gaKing + mob*gaMobility
	return s + (men&edges).PopCount()*gaEdge + blocked.PopCount()*gaBlocked
}
