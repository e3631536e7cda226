package analyze

import "github.com/damka/damka/draughts"

// wideEval is the geometry evaluation (geometryEval) of a board past a
// Bitboard's 64 bits: Canadian draughts' 12x12, whose rows 11 and 12 are
// bits 64 to 76 (docs/canadian.md). It has geometryEval's terms and
// weights (material, advancement, centre, edges, back row while the
// board is full, mobility, the drawish lone king), read square by square
// from the position's pieces laid out by dense index (Geometry.Index)
// instead of on Bitboards and tables of 64 squares. Black's terms are
// White's on the board turned round (turn), so that it is symmetric by
// construction. It is built for any board, and on the boards of one word
// it gives geometryEval's score to the centi-man
// (TestWideEvalMatchesGeometry); the boards that fit a word keep
// geometryEval, which is faster.
type wideEval struct {
	g      *draughts.Geometry
	king   int
	flying bool
	full   int // pieces on the board at the start
	top    int // the last row (Height-1)
	// by dense index: the square, its row, White's man table (geometryEval.man),
	// the index of the square turned round, the neighbour in each direction
	// (-1 off the board), and whether it is on the long diagonal from a1.
	sq   []draughts.Square
	row  []int8
	man  []int16
	turn []int16
	nb   [][4]int16
	road []bool
	// idx is the dense index of each square (-1 off the board), high the
	// squares of bit 64 and up, which a Bitboard does not hold.
	idx  [128]int16
	high []draughts.Square
}

// maxWideSquares bounds the squares of a board (72 on 12x12), the size of
// the piece array that eval lays out.
const maxWideSquares = 128

func newWideEval(v draughts.Variant) *wideEval {
	g := v.Geometry()
	e := &wideEval{g: g, king: shortKingValue, flying: v.FlyingKings(), full: 2 * g.StartMen(), top: g.Height() - 1}
	if e.flying {
		e.king = flyingKingValue
	}
	n := g.NumSquares()
	if n > maxWideSquares {
		panic("analyze: a board of more than 128 squares")
	}
	e.sq = g.Squares()
	e.row, e.man, e.turn, e.nb, e.road = make([]int8, n), make([]int16, n), make([]int16, n), make([][4]int16, n), make([]bool, n)
	for i := range e.idx {
		e.idx[i] = -1
	}
	for i, s := range e.sq {
		e.idx[s] = int16(i)
		if s >= 64 {
			e.high = append(e.high, s)
		}
	}
	w, h := g.Width(), g.Height()
	for i, s := range e.sq {
		r, c := g.Row(s), g.Col(s)
		e.row[i] = int8(r)
		e.man[i] = geometryManValue(g, r, c)
		e.turn[i] = int16(g.Index(g.SquareAt(w-1-c, h-1-r)))
		e.road[i] = r == c
		for d, dir := range draughts.Directions {
			e.nb[i][d] = -1
			if t := g.Neighbor(s, dir); t != draughts.NoSquare {
				e.nb[i][d] = e.idx[t]
			}
		}
	}
	return e
}

// eval is geometryEval.eval on the pieces by index.
func (e *wideEval) eval(p *draughts.Position) int {
	var cell [maxWideSquares]draughts.Piece
	for c := draughts.White; c <= draughts.Black; c++ {
		man := draughts.WhiteMan
		if c == draughts.Black {
			man = draughts.BlackMan
		}
		for b := p.Pieces[c]; b != 0; b &= b - 1 {
			s := b.First()
			pc := man
			if p.Kings.Has(s) {
				pc++ // the king of the same colour
			}
			cell[e.idx[s]] = pc
		}
	}
	for _, s := range e.high {
		cell[e.idx[s]] = p.At(s)
	}
	cells := cell[:len(e.sq)]
	var occ, wn, bn, wBack, bBack int
	var wLone, bLone int = -1, -1 // the square index of a side's king
	s := 0
	for i, pc := range cells {
		switch pc {
		case draughts.NoPiece:
			continue
		case draughts.WhiteMan:
			s += ManValue + int(e.man[i]) + gMobility*e.manMoves(cells, i, draughts.UpLeft, draughts.UpRight)
			if e.row[i] == 0 {
				wBack++
			}
			wn++
		case draughts.BlackMan:
			s -= ManValue + int(e.man[e.turn[i]]) + gMobility*e.manMoves(cells, i, draughts.DownLeft, draughts.DownRight)
			if int(e.row[i]) == e.top {
				bBack++
			}
			bn++
		case draughts.WhiteKing:
			s += e.king + gKingMob*e.kingMoves(cells, i)
			wLone = i
			wn++
		case draughts.BlackKing:
			s -= e.king + gKingMob*e.kingMoves(cells, i)
			bLone = i
			bn++
		}
		occ++
	}
	if occ > e.full*3/4 {
		s += gBackRank * (wBack - bBack)
	}
	if s > 0 && bn == 1 && bLone >= 0 && e.drawish(wn, bLone) || s < 0 && wn == 1 && wLone >= 0 && e.drawish(bn, wLone) {
		s /= drawishDiv
	}
	return s
}

// manMoves counts the empty squares next to the man on i in directions a
// and b.
func (e *wideEval) manMoves(cells []draughts.Piece, i int, a, b draughts.Direction) int {
	n := 0
	if t := e.nb[i][a]; t >= 0 && cells[t] == draughts.NoPiece {
		n++
	}
	if t := e.nb[i][b]; t >= 0 && cells[t] == draughts.NoPiece {
		n++
	}
	return n
}

// kingMoves counts the quiet moves of the king on i: the empty squares
// before the first piece in each direction, or next to it when kings do
// not fly.
func (e *wideEval) kingMoves(cells []draughts.Piece, i int) int {
	n := 0
	for d := range draughts.Directions {
		for t := e.nb[i][d]; t >= 0 && cells[t] == draughts.NoPiece; t = e.nb[t][d] {
			n++
			if !e.flying {
				break
			}
		}
	}
	return n
}

// drawish is geometryEval.drawish for n pieces against a lone king on the
// square of index king (the long diagonal is the same turned round).
func (e *wideEval) drawish(n, king int) bool {
	if !e.flying {
		return false
	}
	if e.top+1 >= 10 {
		return n <= 3
	}
	return n <= 2 || n == 3 && e.road[king]
}
