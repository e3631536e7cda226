package draughts

import "math/bits"

// Zobrist keys. A hash written to a dataset must mean the same position in
// every later version of damka, so the keys are not random at run time:
// they are the outputs of SplitMix64 (Steele, Lea and Flood 2014; the
// generator of java.util.SplittableRandom) from the seed ZobristSeed, drawn
// in this order:
//
//  1. for each piece kind in the order white man, white king, black man,
//     black king; for each square in dense order a1, c1, e1, g1, b2, d2, ...,
//     h8 (AllSquares): one key;
//  2. then one key for "black to move";
//  3. then, for the larger boards, whose layouts use bits that are not
//     8x8 squares: for each piece kind in the same order, for each bit
//     from 0 to 63 that is not a square of the 8x8 board, one key. A bit
//     has one key per piece kind whatever board it belongs to: positions
//     of different boards are never compared;
//  4. then, for the king-move limit (Rules.KingMoveLimit, Frisian): for
//     each side, White first; for each count of a king's quiet moves
//     running from 1 to maxKingRun; for each bit from 0 to 63: one key;
//  5. then, for the boards of more than 64 bits (12x12, docs/canadian.md):
//     for each piece kind in the same order, for each bit from 64 to
//     64+highBits-1 (the high word, Position.highWords): one key. Drawn
//     last, they leave every key before them, and so every hash of the
//     boards of 64 bits, as they were.
//
// The hash of a position is the XOR of the keys of its pieces, XORed with
// the side key when Black is to move, and with the key of each side's
// king run (Position.KingRun: its side, count and square) when its count
// is not 0, which it is in every variant but Frisian and Frysk! and in a
// position from a FEN, so that their hashes are what they were before the
// run was kept. The empty board with White to move
// hashes to 0. TestZobristKeysFixed pins the first keys and the hash of the
// start position; never change them.
const ZobristSeed uint64 = 0x64616D6B61 // "damka" in ASCII

var (
	zobrist     [5][64]uint64 // [Piece][Square]; row NoPiece stays zero
	zobristSide uint64
	// zobristRun[side][n-1][square]: a king of side that made n quiet
	// moves running and stands on square (Position.KingRun).
	zobristRun [2][maxKingRun][64]uint64
	// zobristHi[piece][s-64]: the keys of the bits of the high word
	// (64 and up) of a board of more than 64 bits.
	zobristHi [5][highBits]uint64
)

// maxKingRun is the most a king's run of quiet moves is counted to: the
// limit (3) and one move past it, which validation replays and reports.
// init checks every variant's KingMoveLimit against it.
const maxKingRun = 4

func splitmix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func init() {
	state := ZobristSeed
	for pc := WhiteMan; pc <= BlackKing; pc++ {
		for _, s := range board8x8.squares {
			zobrist[pc][s] = splitmix64(&state)
		}
	}
	zobristSide = splitmix64(&state)
	for pc := WhiteMan; pc <= BlackKing; pc++ {
		for s := Square(0); s < 64; s++ {
			if !board8x8.board.Has(s) {
				zobrist[pc][s] = splitmix64(&state)
			}
		}
	}
	for c := range zobristRun {
		for n := range zobristRun[c] {
			for s := range zobristRun[c][n] {
				zobristRun[c][n][s] = splitmix64(&state)
			}
		}
	}
	for pc := WhiteMan; pc <= BlackKing; pc++ {
		for s := range zobristHi[pc] {
			zobristHi[pc][s] = splitmix64(&state)
		}
	}
}

// computeHash computes the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for b := p.Occupied(); b != 0; b &= b - 1 {
		s := b.First()
		h ^= zobrist[p.at0(s)][s]
	}
	if p.Side == Black {
		h ^= zobristSide
	}
	if p.v.limitsKings() {
		// Only these variants have runs; on 12x12 run holds the high
		// words (Position.highWords).
		for c, r := range p.run {
			if r.n != 0 {
				h ^= zobristRun[c][r.n-1][r.sq]
			}
		}
	} else {
		// The high words, empty on the boards of 64 bits or less.
		white, black, kings := p.highWords()
		h ^= hashHigh(white, black, kings)
	}
	return h
}

// hashHigh is the XOR of the keys of the pieces of the high words
// (zobristHi): White's, Black's and the kings' sets of bits 64 and up,
// bit s-64 of each word.
func hashHigh(white, black, kings uint64) uint64 {
	var h uint64
	for b := white | black; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b) % highBits
		pc := WhiteMan
		if black&(1<<s) != 0 {
			pc = BlackMan
		}
		if kings&(1<<s) != 0 {
			pc++
		}
		h ^= zobristHi[pc][s]
	}
	return h
}

// PiecesHash is the hash of p's pieces and side to move alone: Hash
// without the keys of the king runs (KingRun), which is the hash of the
// position p's FEN sets up. In every variant but Frisian and Frysk!, and
// wherever no king's quiet moves are counted, it is Hash. It keys tables
// of positions as their FENs name them (package export), whose hashes
// are those of every version before the runs were kept.
func (p *Position) PiecesHash() uint64 {
	h := p.hash
	if p.v.limitsKings() {
		for c, r := range p.run {
			if r.n != 0 {
				h ^= zobristRun[c][r.n-1][r.sq]
			}
		}
	}
	return h
}

// RecomputeHash returns the hash of p computed from its pieces (and its
// king runs, KingRun), for tests
// and for checking positions built by hand.
func (p *Position) RecomputeHash() uint64 { return p.computeHash() }
