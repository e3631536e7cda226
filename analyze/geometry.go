package analyze

import (
	"math/bits"

	"github.com/damka/damka/draughts"
)

// Board geometry for the evaluation, computed at init from the engine's
// square functions (the bit layout is the engine's; see draughts' package
// documentation). Every evaluation term is computed for White on the board
// as it is, and for Black on the board turned round (flip), so that one set
// of tables serves both sides and the evaluation is symmetric by
// construction (TestEvaluateSymmetric).

// flip turns a bitboard round by 180 degrees: the square at file f and rank
// r goes to file 7-f and rank 7-r (a1 <-> h8, c1 <-> f8). In the engine's
// ghost-square layout that is bit i -> bit 35-i (rank r starts at bit
// rowBase[r], and rowBase[r]+rowBase[7-r]+3 == 35 for every r).
func flip(b draughts.Bitboard) draughts.Bitboard {
	return draughts.Bitboard(bits.Reverse64(uint64(b)) >> 28)
}

// Mirror returns p with the board turned round by 180 degrees and the
// colours swapped, Black to move where White was: the same position seen
// from the other side. Every evaluation of Mirror(p) equals that of p
// (side to move's view), and White's view is negated.
func Mirror(p *draughts.Position) draughts.Position {
	q, err := draughts.NewPosition(flip(p.Pieces[draughts.Black]), flip(p.Pieces[draughts.White]), flip(p.Kings), p.Side.Opp())
	if err != nil {
		panic("analyze: mirror of a valid position is invalid: " + err.Error())
	}
	return q
}

// Direction steps in the layout, as in the engine: up-left +4, up-right +5
// (towards rank 8), down-left -5, down-right -4.
var dirShift = [4]int{4, 5, -5, -4}

var (
	// sqRow and sqCol are the rank and file (0-based) of each bit, -1 on
	// ghost bits.
	sqRow, sqCol [36]int8
	// ray[s][d]: every square from s (exclusive) to the edge in direction d.
	ray [36][4]draughts.Bitboard
	// rowMask[r] is rank r+1.
	rowMask [8]draughts.Bitboard
	// edgeFiles is files a and h.
	edgeFiles draughts.Bitboard
	// mainRoad is the long diagonal a1-h8 (bolshak, the "main road").
	mainRoad draughts.Bitboard
	// cone[s] (for a White man on s): the squares ahead of it through which
	// it walks to promotion, every square (f', r') with r' > r and
	// |f'-f| <= r'-r. coneGuard[s] adds one file on each side and the two
	// squares beside-behind it: an enemy piece there can still reach the
	// path or take the man in time.
	cone, coneGuard [36]draughts.Bitboard
)

func init() {
	for i := range sqRow {
		sqRow[i], sqCol[i] = -1, -1
	}
	for _, s := range draughts.AllSquares {
		sqRow[s], sqCol[s] = int8(s.Row()), int8(s.Col())
		rowMask[s.Row()] |= s.Bit()
		if c := s.Col(); c == 0 || c == 7 {
			edgeFiles |= s.Bit()
		}
		if s.Row() == s.Col() {
			mainRoad |= s.Bit()
		}
	}
	for _, s := range draughts.AllSquares {
		f, r := s.Col(), s.Row()
		for d := 0; d < 4; d++ {
			df, dr := -1, 1
			switch d {
			case 1:
				df, dr = 1, 1
			case 2:
				df, dr = -1, -1
			case 3:
				df, dr = 1, -1
			}
			for k := 1; ; k++ {
				t := draughts.SquareAt(f+k*df, r+k*dr)
				if t == draughts.NoSquare {
					break
				}
				ray[s][d] |= t.Bit()
			}
		}
		for _, t := range draughts.AllSquares {
			tf, tr := t.Col(), t.Row()
			adf := tf - f
			if adf < 0 {
				adf = -adf
			}
			if tr > r && adf <= tr-r {
				cone[s] |= t.Bit()
			}
			if (tr > r && adf <= tr-r+1) || (tr == r-1 && adf == 1) {
				coneGuard[s] |= t.Bit()
			}
		}
	}
}

// firstBlocker is the nearest square of blk (all on one ray from a square)
// in direction d: the lowest bit going up, the highest going down.
func firstBlocker(blk draughts.Bitboard, d int) draughts.Square {
	if d < 2 {
		return draughts.Square(bits.TrailingZeros64(uint64(blk)))
	}
	return draughts.Square(63 - bits.LeadingZeros64(uint64(blk)))
}

// kingMoves counts the quiet moves of flying kings on an occupied board.
func kingMoves(kings, occ draughts.Bitboard) int {
	n := 0
	for ; kings != 0; kings &= kings - 1 {
		s := kings.First()
		for d := 0; d < 4; d++ {
			r := ray[s][d]
			if blk := r & occ; blk != 0 {
				b := firstBlocker(blk, d)
				if d < 2 {
					r &= b.Bit() - 1
				} else {
					r &^= b.Bit()<<1 - 1
				}
			}
			n += r.PopCount()
		}
	}
	return n
}
