package analyze

import (
	"math/bits"

	"github.com/damka/damka/draughts"
)

// wideEval is the geometry evaluation (geometryEval) of a board past a
// Bitboard's 64 bits: Canadian draughts' 12x12, whose rows 11 and 12 are
// bits 64 to 76 (docs/canadian.md). It has geometryEval's terms and
// weights (material, advancement, centre, edges, back row while the
// board is full, mobility, the drawish lone king), read from the
// position's pieces on two words, the Bitboards and the squares past bit
// 63 (Position.HighPieces), piece by piece through the board's
// neighbours (Geometry.Neighbor) instead of by shifts of one word. Its
// tables are by square, 128 entries; Black's man's is White's on the
// board turned round, so that it is symmetric by construction. It is
// built for any board, and on the boards of one word it gives
// geometryEval's score to the centi-man (TestWideEvalMatchesGeometry);
// those keep geometryEval, which is faster.
type wideEval struct {
	g      *draughts.Geometry
	king   int
	flying bool
	full   int // pieces on the board at the start
	tall   bool
	// man and manBlack are the piece-square tables of a White man and of
	// a Black man (White's on the square turned round).
	man, manBlack [128]int16
	// back and top are rows 1 and H, road the long diagonal from a1, as
	// two words (bit s&63 of word s>>6).
	back, top, road [2]uint64
}

func newWideEval(v draughts.Variant) *wideEval {
	g := v.Geometry()
	e := &wideEval{g: g, king: shortKingValue, flying: v.FlyingKings(), full: 2 * g.StartMen(), tall: g.Height() >= 10}
	if e.flying {
		e.king = flyingKingValue
	}
	w, h := g.Width(), g.Height()
	for _, s := range g.Squares() {
		r, c := g.Row(s), g.Col(s)
		e.man[s] = geometryManValue(g, r, c)
		e.manBlack[s] = geometryManValue(g, h-1-r, w-1-c)
		bit := uint64(1) << (s & 63)
		if r == 0 {
			e.back[s>>6] |= bit
		}
		if r == h-1 {
			e.top[s>>6] |= bit
		}
		if r == c {
			e.road[s>>6] |= bit
		}
	}
	return e
}

// eval is geometryEval.eval on two words.
func (e *wideEval) eval(p *draughts.Position) int {
	wHi, bHi, kHi := p.HighPieces()
	w0, b0, k0 := uint64(p.Pieces[draughts.White]), uint64(p.Pieces[draughts.Black]), uint64(p.Kings)
	occ := [2]uint64{w0 | b0, wHi | bHi}
	s := e.men(w0&^k0, 0, &occ, &e.man, draughts.UpLeft, draughts.UpRight) +
		e.men(wHi&^kHi, 64, &occ, &e.man, draughts.UpLeft, draughts.UpRight) -
		e.men(b0&^k0, 0, &occ, &e.manBlack, draughts.DownLeft, draughts.DownRight) -
		e.men(bHi&^kHi, 64, &occ, &e.manBlack, draughts.DownLeft, draughts.DownRight)
	s += e.kings(w0&k0, 0, &occ) + e.kings(wHi&kHi, 64, &occ) - e.kings(b0&k0, 0, &occ) - e.kings(bHi&kHi, 64, &occ)
	if bits.OnesCount64(occ[0])+bits.OnesCount64(occ[1]) > e.full*3/4 {
		s += gBackRank * (bits.OnesCount64(w0&^k0&e.back[0]) + bits.OnesCount64(wHi&^kHi&e.back[1]) -
			bits.OnesCount64(b0&^k0&e.top[0]) - bits.OnesCount64(bHi&^kHi&e.top[1]))
	}
	wn, bn := bits.OnesCount64(w0)+bits.OnesCount64(wHi), bits.OnesCount64(b0)+bits.OnesCount64(bHi)
	wk, bk := [2]uint64{w0 & k0, wHi & kHi}, [2]uint64{b0 & k0, bHi & kHi}
	if s > 0 && bn == 1 && bk != [2]uint64{} && e.drawish(wn, bk) || s < 0 && wn == 1 && wk != [2]uint64{} && e.drawish(bn, wk) {
		s /= drawishDiv
	}
	return s
}

// empty reports whether t is a square of the board with no piece on it.
func empty(occ *[2]uint64, t draughts.Square) bool {
	return t != draughts.NoSquare && occ[t>>6&1]&(1<<(t&63)) == 0
}

// men sums the terms of the men of b, the squares base+i of its bits i,
// moving in directions a and c: their value, table's, and their quiet
// moves.
func (e *wideEval) men(b uint64, base draughts.Square, occ *[2]uint64, table *[128]int16, a, c draughts.Direction) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		s := base + draughts.Square(bits.TrailingZeros64(b))
		n += ManValue + int(table[s&127])
		if empty(occ, e.g.Neighbor(s, a)) {
			n += gMobility
		}
		if empty(occ, e.g.Neighbor(s, c)) {
			n += gMobility
		}
	}
	return n
}

// kings sums the terms of the kings of b (squares as men's): their value
// and their quiet moves, the empty squares before the first piece in
// each direction, or next to them when kings do not fly.
func (e *wideEval) kings(b uint64, base draughts.Square, occ *[2]uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		s := base + draughts.Square(bits.TrailingZeros64(b))
		n += e.king
		for _, d := range draughts.Directions {
			for t := e.g.Neighbor(s, d); empty(occ, t); t = e.g.Neighbor(t, d) {
				n += gKingMob
				if !e.flying {
					break
				}
			}
		}
	}
	return n
}

// drawish is geometryEval.drawish for n pieces against the lone king of
// loneKing (two words).
func (e *wideEval) drawish(n int, loneKing [2]uint64) bool {
	if !e.flying {
		return false
	}
	if e.tall {
		return n <= 3
	}
	return n <= 2 || n == 3 && loneKing[0]&e.road[0]|loneKing[1]&e.road[1] != 0
}
