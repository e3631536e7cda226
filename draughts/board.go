package draughts

import (
	"math/bits"
	"strconv"
)

// Bitboard is a set of squares in the ghost-square layout described in the
// package documentation.
type Bitboard uint64

// Square is a dark square, identified by its bit in a Bitboard. Only the 32
// values in AllSquares are squares; NoSquare marks "none".
type Square uint8

// NoSquare is the zero value of an absent square.
const NoSquare Square = 255

// Color is a side: White or Black.
type Color uint8

// The two sides. White is at the bottom (ranks 1 and 2) at the start.
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

// rowBase is the bit of the first dark square of each row (rank 1..8).
var rowBase = [8]uint8{0, 5, 9, 14, 18, 23, 27, 32}

// Board holds every valid square; ghost bits and bits above 35 are clear.
const Board Bitboard = 0xF<<0 | 0xF<<5 | 0xF<<9 | 0xF<<14 | 0xF<<18 | 0xF<<23 | 0xF<<27 | 0xF<<32

// Rank masks used for promotion.
const (
	Rank1 Bitboard = 0xF << 0
	Rank8 Bitboard = 0xF << 32
)

// Direction steps. Index into the direction tables: 0 up-left, 1 up-right
// (towards rank 8), 2 down-left, 3 down-right (towards rank 1).
const (
	upLeft = iota
	upRight
	downLeft
	downRight
)

var dirShift = [4]int{4, 5, -5, -4}

// dirOpposite maps a direction to its reverse.
var dirOpposite = [4]int{downRight, downLeft, upRight, upLeft}

// Tables built at init.
var (
	// AllSquares lists the 32 squares in dense order: a1, c1, e1, g1, b2, ... h8
	// (rank by rank from White's side, left to right).
	AllSquares [32]Square
	// denseIndex maps a square to its index in AllSquares (0..31).
	denseIndex [64]int8
	// neighbor[s][d] is the adjacent square in direction d, or NoSquare.
	neighbor [36][4]Square
	// ray[s][d] is every square from s (exclusive) to the edge in direction d.
	ray [36][4]Bitboard
)

func init() {
	for i := range denseIndex {
		denseIndex[i] = -1
	}
	n := 0
	for r := 0; r < 8; r++ {
		for k := 0; k < 4; k++ {
			s := Square(rowBase[r] + uint8(k))
			AllSquares[n] = s
			denseIndex[s] = int8(n)
			n++
		}
	}
	for _, s := range AllSquares {
		for d := 0; d < 4; d++ {
			neighbor[s][d] = step(s, d)
			var r Bitboard
			for t := step(s, d); t != NoSquare; t = step(t, d) {
				r |= t.Bit()
			}
			ray[s][d] = r
		}
	}
}

// step returns the square next to s in direction d, computed from the
// layout (used only to build the tables).
func step(s Square, d int) Square {
	t := int(s) + dirShift[d]
	if t < 0 || t >= 64 || Board&(1<<uint(t)) == 0 {
		return NoSquare
	}
	return Square(t)
}

// Bit returns the bitboard holding only s.
func (s Square) Bit() Bitboard { return 1 << s }

// Valid reports whether s is one of the 32 dark squares.
func (s Square) Valid() bool { return s < 64 && Board&(1<<s) != 0 }

// Row is the 0-based rank (0 = rank 1).
func (s Square) Row() int {
	i := denseIndex[s]
	return int(i) / 4
}

// Col is the 0-based file (0 = file a).
func (s Square) Col() int {
	i := int(denseIndex[s])
	r := i / 4
	return 2*(i%4) + r%2
}

// Index is the dense index 0..31 of s (a1=0, c1=1, ... h8=31), the order
// used by AllSquares, by the Zobrist keys and by datasets.
func (s Square) Index() int { return int(denseIndex[s]) }

// SquareAt returns the square at 0-based file col and rank row, or NoSquare
// if that square is light or off the board.
func SquareAt(col, row int) Square {
	if col < 0 || col > 7 || row < 0 || row > 7 || (col+row)%2 != 0 {
		return NoSquare
	}
	return Square(rowBase[row] + uint8(col/2))
}

// Num is the square's number in the numeric notation of Russian draughts
// and PDN 8x8 FEN (1=b8, 4=h8, 5=a7, ..., 29=a1, 32=g1).
func (s Square) Num() int {
	i := int(denseIndex[s])
	return (7-i/4)*4 + i%4 + 1
}

// SquareFromNum returns the square with number n (1..32), or NoSquare.
func SquareFromNum(n int) Square {
	if n < 1 || n > 32 {
		return NoSquare
	}
	n--
	return AllSquares[(7-n/4)*4+n%4]
}

// String returns the algebraic name, such as "c3".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.Col()), byte('1' + s.Row())})
}

// NumString returns the numeric name, such as "22".
func (s Square) NumString() string { return strconv.Itoa(s.Num()) }

// ParseSquare reads an algebraic ("c3") or numeric ("22", "07") square.
func ParseSquare(text string) (Square, bool) {
	if len(text) == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8' {
		s := SquareAt(int(text[0]-'a'), int(text[1]-'1'))
		return s, s != NoSquare
	}
	if len(text) == 0 || len(text) > 3 {
		return NoSquare, false
	}
	n := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return NoSquare, false
		}
		n = n*10 + int(c-'0')
	}
	s := SquareFromNum(n)
	return s, s != NoSquare
}

// PopCount is the number of squares in b.
func (b Bitboard) PopCount() int { return bits.OnesCount64(uint64(b)) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// First returns the lowest square of a non-empty b.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Squares lists the squares of b in dense order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.PopCount())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}

// shift moves every square of b one step in direction d; squares that leave
// the board vanish.
func shift(b Bitboard, d int) Bitboard {
	if d < downLeft {
		return (b << uint(dirShift[d])) & Board
	}
	return (b >> uint(-dirShift[d])) & Board
}
