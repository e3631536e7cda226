package analyze

import "github.com/damka/damka/draughts"

// Board geometry for the evaluation, computed at init from the engine's
// square functions (the bit layout is the engine's; see draughts' package
// documentation). Every evaluation term is computed for White on the board
// as it is, and for Black on the board turned round (flip), so that one set
// of tables serves both sides and the evaluation is symmetric by
// construction (TestEvaluateSymmetric).

// board is the 8x8 board of Russian draughts and giveaway, the variants
// the evaluation knows.
var board = draughts.Board8x8()

// flip turns a bitboard round by half a turn (draughts.Geometry.Flip): the
// square at file f and rank r goes to file 7-f and rank 7-r (a1 <-> h8).
func flip(b draughts.Bitboard) draughts.Bitboard { return board.Flip(b) }

// Mirror returns p with the board turned round by 180 degrees and the
// colours swapped, Black to move where White was: the same position seen
// from the other side (draughts.Position.Mirror). Every evaluation of
// Mirror(p) equals that of p (side to move's view), and White's view is
// negated.
func Mirror(p *draughts.Position) draughts.Position { return p.Mirror() }

var (
	// sqRow and sqCol are the rank and file (0-based) of each bit, -1 on
	// ghost bits.
	sqRow, sqCol [64]int8
	// ray[s][d]: every square from s (exclusive) to the edge in direction d.
	ray [64][4]draughts.Bitboard
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
	cone, coneGuard [64]draughts.Bitboard
)

func init() {
	for i := range sqRow {
		sqRow[i], sqCol[i] = -1, -1
	}
	for _, s := range board.Squares() {
		sqRow[s], sqCol[s] = int8(board.Row(s)), int8(board.Col(s))
		rowMask[board.Row(s)] |= s.Bit()
		if c := board.Col(s); c == 0 || c == 7 {
			edgeFiles |= s.Bit()
		}
		if board.Row(s) == board.Col(s) {
			mainRoad |= s.Bit()
		}
	}
	for _, s := range board.Squares() {
		f, r := board.Col(s), board.Row(s)
		for _, d := range draughts.Directions {
			ray[s][d] = board.Ray(s, d)
		}
		for _, t := range board.Squares() {
			tf, tr := board.Col(t), board.Row(t)
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

// kingMoves counts the quiet moves of flying kings on an occupied board.
func kingMoves(kings, occ draughts.Bitboard) int {
	n := 0
	for ; kings != 0; kings &= kings - 1 {
		s := kings.First()
		for _, d := range draughts.Directions {
			r := ray[s][d]
			if blk := r & occ; blk != 0 {
				b := board.Nearest(blk, d)
				if d.Up() {
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
