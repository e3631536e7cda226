package draughts

import (
	"fmt"
	"math/bits"
	"sync"
)

// Direction is a diagonal step on the board, seen from White (who starts at
// the bottom, on row 0).
type Direction uint8

// The four diagonal directions. Up is towards White's promotion row. The
// order matters to the generator: the first two are the positive shifts
// (towards higher bits), the last two the negative ones.
const (
	UpLeft Direction = iota
	UpRight
	DownLeft
	DownRight
)

// The four orthogonal steps, for the variants that capture along files
// and rows (Frisian). A step along a file goes to the next dark square of
// that file, two rows on; a step along a row to the next dark square of
// that row, two files on. They follow the diagonal ones in the same
// order: the first two towards higher bits, the last two towards lower
// ones, so that Opposite and the generator's blocker search hold for all
// eight. Which of the two row steps goes right depends on the board's bit
// order (right to left on 10x10), so they are named by bit order and stay
// inside the package, as the layout does.
const (
	fileUp   Direction = 4 + iota // towards White's promotion row
	rowNext                       // along the row, to the next higher bit
	rowPrev                       // along the row, to the next lower bit
	fileDown                      // towards White's back row
)

// numDirs is the number of directions of the tables: four diagonal and
// four orthogonal.
const numDirs = 8

// Directions lists the four diagonal directions in order.
var Directions = [4]Direction{UpLeft, UpRight, DownLeft, DownRight}

// Opposite is the reverse direction.
func (d Direction) Opposite() Direction { return d ^ 3 }

// Up reports whether diagonal direction d goes towards White's promotion
// row.
func (d Direction) Up() bool { return d < DownLeft }

// positive reports whether a step in d goes to a higher bit: the first
// two of each group of four.
func (d Direction) positive() bool { return d&3 < 2 }

// Geometry is a board: its size, its dark squares, their rows and files,
// the diagonals between them, and the bit layout that the rules engine
// plays on. The layout is private: callers see squares, rows, files, rays
// and masks through the methods. A Geometry is built once and never
// changes; variants share them (Russian and International do not, Russian
// and English do).
//
// # Layout
//
// A Bitboard holds the dark squares of a board with W files and H rows
// (W even) in a "ghost square" layout: rows from White's side (row 0 first),
// K = W/2 bits a row, and one unused (ghost) bit between two rows where a
// diagonal step would otherwise not be the same shift from every square. A
// diagonal step is then a shift by K or K+1, the same from every square,
// and a step off the board lands on a ghost bit or outside the used bits,
// so that one mask removes it:
//
//   - 8x8: rows of 4 read left to right, a ghost after each even row
//     (bits 4, 13, 22, 31), 36 bits; up-left +4, up-right +5.
//   - 10x10: rows of 5 read right to left, a ghost after each odd row (row
//     pairs of 11 bits: 10, 21, 32, 43), 54 bits; up-left +6, up-right +5.
//
// # Later boards
//
// Orthogonal steps (Frisian) are directions 4..7 of the same neighbour and
// ray tables: one row pair up or down is a shift by 2K+1 from every
// square; a step along a row is a shift by 1, but the row's ends meet a
// ghost or the next row, so it is no whole-board shift and the generator
// reads it only from the tables (shiftBB is diagonal only).
// Turkish draughts plays on every square: its board (Board8x8Full) is
// rows of 8 bits, 64 in all, no ghosts; a step along a file is a shift by
// 8, one along a row a shift by 1 that the generator masks at the edge
// files, and its diagonal steps (which it never plays) wrap round, so
// Shift masks them (offStep) and shiftBB is never used there.
//   - 12x12 (Board12x12, Canadian): rows of 6 read right to left, a ghost
//     after each odd row (row pairs of 13 bits: 12, 25, 38, 51, 64), 77
//     bits; up-left +7, up-right +6. Past 64 bits a Bitboard holds only
//     word 0: the tables of squares (dense, col, row) reach bit 127, and
//     the board, its rows, files, promotion rows, rays and half turn are
//     read on two words (board2, promo2, rows2, files2, ray2, flip2),
//     which the generator reaches through spec.wide (docs/canadian.md).
//     Square stays a bit index below 256.
type Geometry struct {
	name          string
	width, height int
	perRow        int // K: dark squares a row (every square of a row on a full board)
	rtl           bool
	full          bool // every square is a square (Turkish): no ghosts, W bits a row
	nbits         int  // bits used, ghosts included

	board   Bitboard  // every dark square
	squares []Square  // dense order: row by row from White's side, left to right
	dense   [128]int8 // index in squares, -1 off the board
	col     [128]int8
	row     [128]int8
	at      [][]Square // at[row][col], NoSquare on light squares

	shift [4]uint8 // bits of a diagonal step in each direction (up: left shift, down: right shift)
	// neighbor and ray have a row for every value of a Square, so that the
	// generator indexes them with no bounds check, and a column for each of
	// the eight directions (the orthogonal ones two rows or files on).
	neighbor [256][numDirs]Square
	ray      [256][numDirs]Bitboard
	ray1     [256][numDirs]set[[1]uint64]
	rows     []Bitboard
	files    []Bitboard
	promo    [2]Bitboard // the row where each side's men are crowned
	men      int         // the most pieces a side can have: its men at the start
	// offStep is, on a full board, the squares whose diagonal step in
	// each direction leaves the board: there a shift wraps round to the
	// next row, so Shift removes them first. Zero on the other boards,
	// whose ghosts catch every step off the board.
	offStep [4]Bitboard
	// ray2 is ray on two words, for the capture search of a board of
	// more than 64 bits (spec.wide, generateWide); built for every board,
	// where the high words are empty, so that the two-word code is
	// checked against the one-word code (TestGenerateWideOneWord). Last,
	// and out of line, to leave the other fields where they are.
	ray2 *[256][numDirs]set[[2]uint64]
	// board2, promo2, rows2 and files2 are board, promo, rows and files
	// on two words: the same sets on a board of 64 bits or less, the
	// whole ones on 12x12, where the one-word ones hold only word 0.
	board2 set[[2]uint64]
	promo2 [2]set[[2]uint64]
	rows2  []set[[2]uint64]
	files2 []set[[2]uint64]
}

// The boards, built once. They are reached through Board8x8 and
// Board10x10 (and Variant.Geometry), not as variables, so that no caller
// can put another board in their place.
var (
	board8x8     = newGeometry("8x8", 8, 8, false, false)
	board10x10   = newGeometry("10x10", 10, 10, true, false)
	board8x8Full = newGeometry("8x8 full", 8, 8, false, true)
)

// Board8x8 is the 8x8 board with a1 dark (Russian, English, Brazilian,
// Pool, Czech; Italian and Spanish name its squares mirrored).
func Board8x8() *Geometry { return board8x8 }

// Board10x10 is the 10x10 board (International, Antidraughts).
func Board10x10() *Geometry { return board10x10 }

// board12x12 is built on first use, which is the traits table's
// (Canadian) at start-up: 0.19 M instructions of every run
// (docs/canadian.md, step 4).
var board12x12 = sync.OnceValue(func() *Geometry {
	return newGeometry("12x12", 12, 12, true, false)
})

// Board12x12 is the 12x12 board with a1 dark (Canadian draughts): 72
// squares in 77 bits, more than a Bitboard holds (see Geometry).
func Board12x12() *Geometry { return board12x12() }

// Board8x8Full is the 8x8 board where every one of the 64 squares is
// played (Turkish draughts): rows of 8 bits from White's side, read left
// to right, a1 = bit 0 and h8 = bit 63, no ghosts. A step along a file is
// a shift by 8 and one along a row a shift by 1, which crosses from the
// end of one row to the start of the next: the generator reads the steps
// along rows from the neighbour and ray tables or masks the edge files.
func Board8x8Full() *Geometry { return board8x8Full }

// newGeometry builds the tables of a W x H board and checks the layout's
// promises: every step of a direction is the same shift, and every step off
// the board lands on a bit that is not a square.
func newGeometry(name string, w, h int, rtl, full bool) *Geometry {
	g := &Geometry{name: name, width: w, height: h, perRow: w / 2, rtl: rtl, full: full}
	g.ray2 = new([256][numDirs]set[[2]uint64])
	if full {
		if rtl || w*h > 64 {
			panic(fmt.Sprintf("draughts: %s: a full board is read left to right in at most 64 bits", name))
		}
		g.perRow = w
	}
	k := g.perRow
	g.at = make([][]Square, h)
	for i := range g.dense {
		g.dense[i], g.col[i], g.row[i] = -1, -1, -1
	}
	base := 0
	for r := 0; r < h; r++ {
		g.at[r] = make([]Square, w)
		for c := range g.at[r] {
			g.at[r][c] = NoSquare
		}
		for c := 0; c < w; c++ {
			if (c+r)%2 != 0 && !full {
				continue
			}
			slot := c / 2
			switch {
			case full:
				slot = c
			case rtl:
				slot = (w - 1 - c) / 2
			}
			s := Square(base + slot)
			g.at[r][c] = s
			g.col[s], g.row[s] = int8(c), int8(r)
			g.board |= s.Bit()
		}
		// A ghost after the row whose first bit is on the edge file: the
		// step to the next row is then K+1 bits on one side and K on the
		// other, as from the rows without one.
		edge := 0
		if rtl {
			edge = w - 1
		}
		base += k
		if (edge+r)%2 == 0 && r < h-1 && !full {
			base++
		}
	}
	g.nbits = base
	if g.nbits > 128 {
		panic(fmt.Sprintf("draughts: %s needs %d bits", name, g.nbits))
	}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			if s := g.at[r][c]; s != NoSquare {
				g.dense[s] = int8(len(g.squares))
				g.squares = append(g.squares, s)
			}
		}
	}
	g.rows = make([]Bitboard, h)
	g.files = make([]Bitboard, w)
	for _, s := range g.squares {
		g.rows[g.row[s]] |= s.Bit()
		g.files[g.col[s]] |= s.Bit()
	}
	g.promo = [2]Bitboard{White: g.rows[h-1], Black: g.rows[0]}
	g.men = k * (h/2 - 1)
	// An orthogonal step goes to the next square of the file or row: two
	// rows or files on where only the dark squares are played, one on a
	// full board.
	o := 2
	if full {
		// Turkish: two rows of men each, 16 on 8x8.
		g.men, o = 2*w, 1
	}
	dc := [numDirs]int{UpLeft: -1, UpRight: 1, DownLeft: -1, DownRight: 1, fileUp: 0, fileDown: 0}
	dr := [numDirs]int{UpLeft: 1, UpRight: 1, DownLeft: -1, DownRight: -1, fileUp: o, fileDown: -o}
	// The row steps: rowNext is to the right where bits run left to right.
	dc[rowNext], dc[rowPrev] = o, -o
	if rtl {
		dc[rowNext], dc[rowPrev] = -o, o
	}
	var seen [4]bool
	var none [numDirs]Square
	for d := range none {
		none[d] = NoSquare
	}
	for s := range g.neighbor {
		g.neighbor[s] = none // a row at once: the start-up of every program
	}
	for _, s := range g.squares {
		for d := range numDirs {
			g.neighbor[s][d] = g.SquareAt(int(g.col[s])+dc[d], int(g.row[s])+dr[d])
		}
		for _, d := range [2]Direction{fileUp, rowNext} {
			if t := g.neighbor[s][d]; t != NoSquare && t <= s {
				panic(fmt.Sprintf("draughts: %s: orthogonal direction %d does not go up the bits", name, d))
			}
		}
		for d := range 4 {
			t := g.neighbor[s][d]
			if t == NoSquare {
				continue
			}
			off := int(t) - int(s)
			if d >= int(DownLeft) {
				off = -off
			}
			if off <= 0 || seen[d] && int(g.shift[d]) != off {
				panic(fmt.Sprintf("draughts: %s: direction %d is not one shift", name, d))
			}
			g.shift[d], seen[d] = uint8(off), true
		}
	}
	for _, s := range g.squares {
		for d := range 4 {
			if g.neighbor[s][d] != NoSquare {
				continue
			}
			if full {
				// No ghosts: the step wraps round or leaves the 64 bits.
				g.offStep[d] |= s.Bit()
				continue
			}
			if g.Wide() {
				continue // on two words: masks2
			}
			// Off the board: the shifted bit must not be a square.
			if g.shiftBB(s.Bit(), Direction(d)) != 0 {
				panic(fmt.Sprintf("draughts: %s: a step off the board from bit %d lands on a square", name, s))
			}
			if t := int(s) + g.signedShift(Direction(d)); t >= 0 && t < 64 && g.board.Has(Square(t)) {
				panic(fmt.Sprintf("draughts: %s: ghost layout broken at bit %d", name, s))
			}
		}
		for d := range numDirs {
			var r Bitboard
			for t := g.neighbor[s][d]; t != NoSquare; t = g.neighbor[t][d] {
				r |= t.Bit()
			}
			g.ray[s][d] = r
			g.ray1[s][d] = setOf[[1]uint64](r)
			g.ray2[s][d] = setOf[[2]uint64](r)
		}
	}
	g.masks2()
	if g.Wide() {
		return g
	}
	for _, s := range g.squares {
		want := g.at[h-1-int(g.row[s])][w-1-int(g.col[s])]
		if g.Flip(s.Bit()) != want.Bit() {
			panic(fmt.Sprintf("draughts: %s: the half turn is not a bit reversal", name))
		}
	}
	return g
}

// masks2 sets the masks on two words (board2, promo2, rows2, files2) and,
// on a board of more than 64 bits, the rays on two words (ray2, which
// holds the one-word rays on the others) and checks the ghosts and the
// half turn on two words, as newGeometry does on one. On a board of 64
// bits or less the masks are the one-word ones: every program builds
// those boards at start-up, and pays for no more than that.
func (g *Geometry) masks2() {
	g.rows2 = make([]set[[2]uint64], g.height)
	g.files2 = make([]set[[2]uint64], g.width)
	if !g.Wide() {
		g.board2 = setOf[[2]uint64](g.board)
		for r := range g.rows {
			g.rows2[r] = setOf[[2]uint64](g.rows[r])
		}
		for c := range g.files {
			g.files2[c] = setOf[[2]uint64](g.files[c])
		}
		g.promo2 = [2]set[[2]uint64]{White: g.rows2[g.height-1], Black: g.rows2[0]}
		return
	}
	for _, s := range g.squares {
		b := bitOf[[2]uint64](s)
		g.board2 = g.board2.or(b)
		g.rows2[g.row[s]] = g.rows2[g.row[s]].or(b)
		g.files2[g.col[s]] = g.files2[g.col[s]].or(b)
	}
	g.promo2 = [2]set[[2]uint64]{White: g.rows2[g.height-1], Black: g.rows2[0]}
	for _, s := range g.squares {
		for d := range numDirs {
			var r set[[2]uint64]
			for t := g.neighbor[s][d]; t != NoSquare; t = g.neighbor[t][d] {
				r = r.or(bitOf[[2]uint64](t))
			}
			g.ray2[s][d] = r
		}
		for d := range 4 {
			if g.neighbor[s][d] != NoSquare {
				continue
			}
			// Off the board: the shifted bit must not be a square.
			if !g.shift2(bitOf[[2]uint64](s), Direction(d)).zero() {
				panic(fmt.Sprintf("draughts: %s: a step off the board from bit %d lands on a square", g.name, s))
			}
			if t := int(s) + g.signedShift(Direction(d)); t >= 0 && t < 128 && g.board2.has(Square(t)) {
				panic(fmt.Sprintf("draughts: %s: ghost layout broken at bit %d", g.name, s))
			}
		}
		want := g.at[g.height-1-int(g.row[s])][g.width-1-int(g.col[s])]
		if g.flip2(bitOf[[2]uint64](s)) != bitOf[[2]uint64](want) {
			panic(fmt.Sprintf("draughts: %s: the half turn is not a bit reversal", g.name))
		}
	}
}

// signedShift is the bit offset of a step in direction d.
func (g *Geometry) signedShift(d Direction) int {
	if d.positive() {
		return int(g.shift[d])
	}
	return -int(g.shift[d])
}

// shiftBB moves every square of b one step in direction d; squares that
// leave the board vanish.
func (g *Geometry) shiftBB(b Bitboard, d Direction) Bitboard {
	if d.Up() {
		return (b << (g.shift[d] & 63)) & g.board
	}
	return (b >> (g.shift[d] & 63)) & g.board
}

// shift2 is shiftBB on two words: every square of b one diagonal step in
// direction d, the squares that leave the board removed.
func (g *Geometry) shift2(b set[[2]uint64], d Direction) set[[2]uint64] {
	if d.Up() {
		return b.shl(uint(g.shift[d])).and(g.board2)
	}
	return b.shr(uint(g.shift[d])).and(g.board2)
}

// flip2 is Flip on two words: the nbits used bits reversed.
func (g *Geometry) flip2(b set[[2]uint64]) (r set[[2]uint64]) {
	lo, hi := bits.Reverse64(b.w[1]), bits.Reverse64(b.w[0])
	// lo:hi is b reversed over 128 bits; shift it down by 128 - nbits.
	k := uint(128 - g.nbits)
	if k >= 64 {
		r.w[0] = hi >> (k - 64)
		return r
	}
	r.w[0] = lo>>k | hi<<(64-k)
	r.w[1] = hi >> k
	return r
}

// Name is "8x8", "10x10", "8x8 full" or "12x12".
func (g *Geometry) Name() string { return g.name }

func (g *Geometry) String() string { return g.name }

// Width is the number of files, Height the number of rows.
func (g *Geometry) Width() int  { return g.width }
func (g *Geometry) Height() int { return g.height }

// NumSquares is the number of squares played: 32, 50, 64 or 72.
func (g *Geometry) NumSquares() int { return len(g.squares) }

// Squares lists the dark squares in dense order: row by row from White's
// side, left to right (a1, c1, e1, g1, b2, ... on 8x8). The caller must not
// change the slice.
func (g *Geometry) Squares() []Square { return g.squares }

// Board is the set of every dark square (on 12x12 those below bit 64:
// a Bitboard is one word; the whole set is board2).
func (g *Geometry) Board() Bitboard { return g.board }

// Full reports whether every square of the board is played (Turkish
// draughts), not only the dark ones.
func (g *Geometry) Full() bool { return g.full }

// Wide reports whether the board is past a Bitboard's 64 bits (12x12,
// Canadian): its squares of bit 64 and up are in no Bitboard (Board,
// Position.Pieces), and a position holds them apart
// (Position.HighPieces).
func (g *Geometry) Wide() bool { return g.nbits > 64 }

// Has reports whether s is a dark square of the board.
func (g *Geometry) Has(s Square) bool { return s < 128 && g.dense[s] >= 0 }

// Index is the dense index of s (0 for a1 ... NumSquares-1), the order of
// Squares, of the Zobrist keys and of datasets; -1 when s is not a square.
func (g *Geometry) Index(s Square) int {
	if s >= 128 {
		return -1
	}
	return int(g.dense[s])
}

// Col is the 0-based file of s (0 = file a), Row its 0-based row from
// White's side (0 = row 1); -1 when s is not a square.
func (g *Geometry) Col(s Square) int {
	if s >= 128 {
		return -1
	}
	return int(g.col[s])
}

func (g *Geometry) Row(s Square) int {
	if s >= 128 {
		return -1
	}
	return int(g.row[s])
}

// SquareAt is the square at file col and row, or NoSquare when that square
// is light or off the board.
func (g *Geometry) SquareAt(col, row int) Square {
	if col < 0 || col >= g.width || row < 0 || row >= g.height {
		return NoSquare
	}
	return g.at[row][col]
}

// RowMask is row r (0 = White's back row); FileMask is file f (0 = a).
// On 12x12 they hold the squares below bit 64, as Board.
func (g *Geometry) RowMask(r int) Bitboard  { return g.rows[r] }
func (g *Geometry) FileMask(f int) Bitboard { return g.files[f] }

// PromotionRow is the row where the men of side c are crowned (on 12x12
// White's is above bit 64: empty as a Bitboard; see promo2).
func (g *Geometry) PromotionRow(c Color) Bitboard { return g.promo[c] }

// Neighbor is the square next to s in diagonal direction d, or NoSquare.
func (g *Geometry) Neighbor(s Square, d Direction) Square { return g.neighbor[s][d&3] }

// Ray is every square from s (exclusive) to the edge in diagonal
// direction d.
func (g *Geometry) Ray(s Square, d Direction) Bitboard { return g.ray[s][d&3] }

// Shift moves every square of b one step in direction d; squares that would
// leave the board vanish.
func (g *Geometry) Shift(b Bitboard, d Direction) Bitboard {
	return g.shiftBB(b&^g.offStep[d&3], d&3)
}

// Flip turns the squares of b round by half a turn: file f and row r go to
// file W-1-f and row H-1-r (a1 <-> h8 on 8x8). In the layout that is a bit
// reversal. On a board of 64 bits or less: 12x12 turns on two words
// (flip2).
func (g *Geometry) Flip(b Bitboard) Bitboard {
	return Bitboard(bits.Reverse64(uint64(b)) >> (64 - g.nbits))
}

// StartMen is the number of men each side has at the start (12, 20, or
// 16 on the full board), also the most pieces a side can have.
func (g *Geometry) StartMen() int { return g.men }

// Nearest returns the square of blk (all on one ray from a square) nearest
// to the ray's start in direction d.
func (g *Geometry) Nearest(blk Bitboard, d Direction) Square { return firstBlocker(blk, d) }

// firstBlocker returns the nearest square of blk (all on one ray) seen from
// the ray's start in direction d.
func firstBlocker(blk Bitboard, d Direction) Square {
	if d.positive() {
		return Square(bits.TrailingZeros64(uint64(blk)))
	}
	return Square(63 - bits.LeadingZeros64(uint64(blk)))
}

// openRay is the squares of a ray in direction d before the first of
// blk, the pieces on it (every square when blk is empty): before and
// firstBlocker in one, cheap enough for kingSteps to be inlined.
func openRay(blk Bitboard, d Direction) Bitboard {
	if d.positive() {
		return blk&-blk - 1 // below the lowest
	}
	return ^(1<<bits.Len64(uint64(blk)) - 1) // above the highest
}

// before returns the squares of ray r (in direction d) strictly before s.
func before(r Bitboard, s Square, d Direction) Bitboard {
	if d.positive() {
		return r & (s.Bit() - 1)
	}
	return r &^ (s.Bit()<<1 - 1)
}

// between is the squares strictly between a and b when they are on one
// diagonal, file or row (every other square of a file or row: its dark
// ones), else 0.
func (g *Geometry) between(a, b Square) Bitboard {
	for d := Direction(0); d < numDirs; d++ {
		if r := g.ray[a][d]; r.Has(b) {
			return r &^ g.ray[b][d] &^ b.Bit()
		}
	}
	return 0
}

// between2 is between on two words (ray2), for a board of more than 64
// bits.
func (g *Geometry) between2(a, b Square) set[[2]uint64] {
	for d := Direction(0); d < numDirs; d++ {
		if r := g.ray2[a][d]; r.has(b) {
			return r.andNot(g.ray2[b][d]).without(b)
		}
	}
	return set[[2]uint64]{}
}

// geometryOrDefault is the board of v, the 8x8 one for NoVariant.
func (v Variant) geometryOrDefault() *Geometry {
	if g := v.spec().geo; g != nil {
		return g
	}
	return board8x8
}
