package draughts

import "math/bits"

// Bitboard is a set of squares of one board, in the ghost-square layout of
// its Geometry.
type Bitboard uint64

// Square is a dark square, identified by its bit in a Bitboard; what square
// of the board a bit is depends on the Geometry (Geometry.Squares lists
// them). NoSquare marks "none". A Square has no name of its own: a
// variant's notation names it (Variant.SquareName).
type Square uint8

// NoSquare is the zero value of an absent square.
const NoSquare Square = 255

// Color is a side: White or Black.
type Color uint8

// The two sides. White is at the bottom (row 0 and up) at the start; in
// English checkers the side on the top rows, which moves first, is Black.
const (
	White Color = 0
	Black Color = 1
)

// Opp is the other side.
func (c Color) Opp() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Bit returns the bitboard holding only s.
func (s Square) Bit() Bitboard { return 1 << s }

// PopCount is the number of squares in b.
func (b Bitboard) PopCount() int { return bits.OnesCount64(uint64(b)) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// First returns the lowest square of a non-empty b.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Squares lists the squares of b in bit order (the dense order on 8x8).
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.PopCount())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}
