package analyze

import "github.com/damka/damka/draughts"

// The International (10x10) evaluation: the terms of the geometry
// evaluation (evalvariant.go) made into weights that are fitted to the
// results of self-play games (make selfplay VARIANT=international, make
// fit VARIANT=international; TestFitEval), plus the structural terms the
// Russian evaluation has (blocked and backed men, the balance of the
// wings, runaway men). handIntlWeights are the geometry evaluation's own
// values, so that with them (Levers hand=1) this evaluation is the
// geometry one exactly (TestIntlHandIsGeometry): the self-play games are
// played with it, and the fit starts from it.

// intlSquares is the number of playable squares of the 10x10 board.
const intlSquares = 50

// intlFull is the number of pieces at the start; the phase blends the
// middlegame ("MG") and endgame ("EG") values by the pieces on the board.
const intlFull = 40

// intlWeights are the weights of the International evaluation, in
// centi-men, for White on the board as it is (Black's on the board turned
// round); squares are the geometry's dense indices
// (draughts.Geometry.Index), so that the tables follow the board.
type intlWeights struct {
	KingMG, KingEG int
	// ManMG, ManEG: a man on each square, on top of ManValue. A man never
	// stands on the last row (zero there).
	ManMG, ManEG [intlSquares]int
	// MobMG, MobEG: per quiet move of a man (a free square ahead).
	MobMG, MobEG int
	// KingMobMG, KingMobEG: per square a king can move to.
	KingMobMG, KingMobEG int
	// BackFull: a man on its own back row while more than three quarters
	// of the pieces are on the board (not blended: the geometry term).
	BackFull int
	// BlockedMG, BlockedEG: a man that cannot move forward.
	BlockedMG, BlockedEG int
	// BackedMG, BackedEG: a man with an own piece (or the edge) on both
	// squares behind it.
	BackedMG, BackedEG int
	// FlankMG, FlankEG: per man of difference between the wings (files
	// a-e against f-k).
	FlankMG, FlankEG int
	// Runaway[r]: a man on row r with a free walk to the crown that no
	// enemy piece can stop, against no enemy king.
	Runaway [10]int
}

// handIntlWeights are the values of the geometry evaluation of
// International draughts (newGeometryEval).
func handIntlWeights() intlWeights {
	e := newGeometryEval(draughts.International)
	g := e.g
	w := intlWeights{KingMG: e.king, KingEG: e.king, MobMG: gMobility, MobEG: gMobility,
		KingMobMG: gKingMob, KingMobEG: gKingMob, BackFull: gBackRank}
	for _, s := range g.Squares() {
		i := g.Index(s)
		w.ManMG[i], w.ManEG[i] = int(e.man[s]), int(e.man[s])
	}
	return w
}

// intlEval is the International evaluation with a set of weights, as
// tables by bit index.
type intlEval struct {
	g                    *draughts.Geometry
	manMG, manEG         [64]int16 // ManValue + ManMG/EG of the square
	runaway              [64]int16
	cone, coneGuard      [64]draughts.Bitboard
	back                 draughts.Bitboard
	left                 draughts.Bitboard
	noDownLeft           draughts.Bitboard
	noDownRight          draughts.Bitboard
	kingMG, kingEG       int
	mobMG, mobEG         int
	kingMobMG, kingMobEG int
	backFull             int
	blockedMG, blockedEG int
	backedMG, backedEG   int
	flankMG, flankEG     int
	structural           bool // any of blocked, backed, flank nonzero
	anyRunaway           bool
}

func newIntlEval(w intlWeights) *intlEval {
	g := draughts.International.Geometry()
	e := &intlEval{g: g, back: g.RowMask(0),
		kingMG: w.KingMG, kingEG: w.KingEG, mobMG: w.MobMG, mobEG: w.MobEG,
		kingMobMG: w.KingMobMG, kingMobEG: w.KingMobEG, backFull: w.BackFull,
		blockedMG: w.BlockedMG, blockedEG: w.BlockedEG, backedMG: w.BackedMG, backedEG: w.BackedEG,
		flankMG: w.FlankMG, flankEG: w.FlankEG}
	e.structural = w.BlockedMG|w.BlockedEG|w.BackedMG|w.BackedEG|w.FlankMG|w.FlankEG != 0
	for _, s := range g.Squares() {
		i, r, c := g.Index(s), g.Row(s), g.Col(s)
		e.manMG[s] = int16(ManValue + w.ManMG[i])
		e.manEG[s] = int16(ManValue + w.ManEG[i])
		e.runaway[s] = int16(w.Runaway[r])
		if w.Runaway[r] != 0 {
			e.anyRunaway = true
		}
		if c < g.Width()/2 {
			e.left |= s.Bit()
		}
		if g.Neighbor(s, draughts.DownLeft) == draughts.NoSquare {
			e.noDownLeft |= s.Bit()
		}
		if g.Neighbor(s, draughts.DownRight) == draughts.NoSquare {
			e.noDownRight |= s.Bit()
		}
		// The cone and its guard, as in geometry.go for 8x8.
		for _, t := range g.Squares() {
			tr, tc := g.Row(t), g.Col(t)
			adf := tc - c
			if adf < 0 {
				adf = -adf
			}
			if tr > r && adf <= tr-r {
				e.cone[s] |= t.Bit()
			}
			if (tr > r && adf <= tr-r+1) || (tr == r-1 && adf == 1) {
				e.coneGuard[s] |= t.Bit()
			}
		}
	}
	return e
}

// intlTerms are the counts of one side's terms, in White's orientation:
// what the evaluation multiplies by the weights (and the fit differentiates).
type intlTerms struct {
	kings, mob, kingMob, back, blocked, backed, flank int
}

// counts returns the terms of one side (men, kings in White's
// orientation; occ every piece) but the men's squares and runaways, which
// side walks itself; the structural ones only when all is set (the
// evaluation skips them while their weights are zero, the fit needs them).
func (e *intlEval) counts(men, kings, occ draughts.Bitboard, all bool) intlTerms {
	g := e.g
	empty := g.Board() &^ occ
	t := intlTerms{kings: kings.PopCount()}
	t.mob = (g.Shift(men, draughts.UpLeft) & empty).PopCount() + (g.Shift(men, draughts.UpRight) & empty).PopCount()
	for b := kings; b != 0; b &= b - 1 {
		k := b.First()
		for _, d := range draughts.Directions {
			r := g.Ray(k, d)
			if blk := r & occ; blk != 0 {
				n := g.Nearest(blk, d)
				r &^= g.Ray(n, d) | n.Bit()
			}
			t.kingMob += r.PopCount()
		}
	}
	t.back = (men & e.back).PopCount()
	if all {
		own := men | kings
		t.blocked = (men &^ (g.Shift(empty, draughts.DownRight) | g.Shift(empty, draughts.DownLeft))).PopCount()
		t.backed = (men & (g.Shift(own, draughts.UpRight) | e.noDownLeft) & (g.Shift(own, draughts.UpLeft) | e.noDownRight)).PopCount()
		t.flank = (men&e.left).PopCount()*2 - men.PopCount()
		if t.flank < 0 {
			t.flank = -t.flank
		}
	}
	return t
}

// runs reports whether the man on s (White's orientation) walks to the
// crown unstopped.
func (e *intlEval) runs(s draughts.Square, oppKings, opp, occ draughts.Bitboard) bool {
	return oppKings == 0 && e.cone[s]&occ == 0 && e.coneGuard[s]&opp == 0
}

// side returns the middlegame and endgame sums and the back-row count of
// one side in White's orientation.
func (e *intlEval) side(men, kings, oppMen, oppKings draughts.Bitboard) (mg, eg, back int) {
	occ := men | kings | oppMen | oppKings
	opp := oppMen | oppKings
	for b := men; b != 0; b &= b - 1 {
		s := b.First()
		mg += int(e.manMG[s])
		eg += int(e.manEG[s])
		if e.anyRunaway && e.runs(s, oppKings, opp, occ) {
			r := int(e.runaway[s])
			mg += r
			eg += r
		}
	}
	t := e.counts(men, kings, occ, e.structural)
	mg += t.kings*e.kingMG + t.mob*e.mobMG + t.kingMob*e.kingMobMG + t.blocked*e.blockedMG + t.backed*e.backedMG + t.flank*e.flankMG
	eg += t.kings*e.kingEG + t.mob*e.mobEG + t.kingMob*e.kingMobEG + t.blocked*e.blockedEG + t.backed*e.backedEG + t.flank*e.flankEG
	return mg, eg, t.back
}

// eval is the evaluation from White's view.
func (e *intlEval) eval(p *draughts.Position) int {
	g := e.g
	wm, wk := p.Men(draughts.White), p.KingsOf(draughts.White)
	bm, bk := p.Men(draughts.Black), p.KingsOf(draughts.Black)
	wmg, weg, wb := e.side(wm, wk, bm, bk)
	bmg, beg, bb := e.side(g.Flip(bm), g.Flip(bk), g.Flip(wm), g.Flip(wk))
	n := p.Occupied().PopCount()
	ph := min(n, intlFull)
	s := ((wmg-bmg)*ph + (weg-beg)*(intlFull-ph)) / intlFull
	if n > intlFull*3/4 {
		s += e.backFull * (wb - bb)
	}
	wn, bn := p.Pieces[draughts.White].PopCount(), p.Pieces[draughts.Black].PopCount()
	// On 10x10 three pieces cannot beat a lone king by material (see
	// geometryEval.drawish).
	if s > 0 && bn == 1 && bk != 0 && wn <= 3 || s < 0 && wn == 1 && wk != 0 && bn <= 3 {
		s /= drawishDiv
	}
	return s
}

// intlInUse is the International evaluation in use: the fitted weights
// (weights_international.go), or the hand-set ones with Levers hand=1.
var intlInUse *intlEval

func init() {
	w := internationalWeights
	if levers.handEval {
		w = handIntlWeights()
	}
	intlInUse = newIntlEval(w)
	if !levers.intlFit {
		return // the geometry evaluation (evalvariant.go) stays in use
	}
	evaluators[draughts.International] = func(p *draughts.Position) int { return intlInUse.eval(p) }
}
