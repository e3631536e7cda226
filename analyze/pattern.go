package analyze

import (
	_ "embed"
	"encoding/binary"

	"github.com/damka/damka/draughts"
)

// The pattern evaluation of Russian draughts: a weight for every way the
// men can stand in each 4x4 region of the board, learned from the results
// of self-play games (TestFitPatterns), as the strong programs of 10x10
// (Scan) learn theirs. The hand-shaped terms of eval.go score a man by
// its square and a few relations; the patterns score the formations they
// make together (a man backed or hanging, a "kol" held, a wing jammed),
// which no term of eval.go names.
//
// The regions: the nine 4x4 blocks of squares whose corners are at files
// and ranks 0, 2 and 4 (overlapping by half), each holding eight dark
// squares. A region's configuration is the state of its eight squares:
// empty, a White man, a Black man (kings count as empty: their value and
// their road are eval.go's). Its index is the base-3 number of the states
// (White 1, Black 2), the region's first square the lowest digit, so a
// region has 3^8 = 6561 configurations.
//
// Phase: each configuration has two weights, blended by the number of
// pieces on the board as eval.go's terms with two values are: the first
// holds with all 24 pieces, the second with none.
//
// Symmetry: Black's formations are White's on the board turned round
// (flip), so the evaluation from White's view is the sum over regions of
// w[r][config of the board] less the sum of w[r][config of the board
// turned round with the colours swapped]. Both sums are folded at init
// into one table (patTable) read once per region.
const (
	patRegions = 9
	patSquares = 8
	patConfigs = 6561 // 3^patSquares
)

// patRegion is one region: its squares in order (rank, then file) and
// where they are in the dense numbering of the squares (dense): rows of 4
// bits, from rank 1, so that a region's squares are two bits of each of
// four rows of 4 bits, from bit shift on.
type patRegion struct {
	squares [patSquares]draughts.Square
	shift   uint8
}

var (
	patRegionsOf [patRegions]patRegion
	// patDense[k][v] is the dense set of the squares of byte value v at
	// byte k of a Bitboard (the board's Index order: a1 = 0, c1, e1, g1,
	// b2, ..., h8 = 31).
	patDense [5][256]uint32
	// patTern[v] is the base-3 number whose digits are the bits of v.
	patTern [256]uint16
	// patTable[2*(r*patConfigs+c)] and the entry after it are the folded
	// middlegame and endgame weights of configuration c of region r, in
	// centi-men (nil: no patterns in use).
	patTable []int16
)

//go:embed patterns_russian.bin
var patternsRussian []byte

func init() {
	buildPatRegions()
}

// useRussianPatterns puts the Russian patterns in use (patTable), unless
// the levers leave them out.
func useRussianPatterns() {
	if !levers.pattern || levers.handEval {
		return
	}
	w, err := decodePatterns(patternsRussian)
	if err != nil {
		panic("analyze: patterns_russian.bin: " + err.Error())
	}
	patTable = foldPatterns(w)
}

// buildPatRegions lays out the regions and the gather's tables from the
// board's squares and their dense indices (the bit layout stays the
// engine's).
func buildPatRegions() {
	for _, s := range board.Squares() {
		if s >= 40 {
			panic("analyze: the 8x8 board's squares are expected in 40 bits")
		}
		for v := range 256 {
			if v>>(uint(s)%8)&1 != 0 {
				patDense[s/8][v] |= 1 << board.Index(s)
			}
		}
	}
	for v := range 256 {
		pow := uint16(1)
		for j := range 8 {
			if v>>j&1 != 0 {
				patTern[v] += pow
			}
			pow *= 3
		}
	}
	for r := range patRegionsOf {
		reg := &patRegionsOf[r]
		c0, r0 := 2*(r%3), 2*(r/3)
		reg.shift = uint8(4*r0 + c0/2)
		n := 0
		for row := r0; row < r0+4; row++ {
			for col := c0; col < c0+4; col++ {
				if (row+col)%2 == 0 { // dark: a1 is dark
					reg.squares[n] = board.SquareAt(col, row)
					n++
				}
			}
		}
	}
}

// dense is the set b in the dense numbering of the squares.
func dense(b draughts.Bitboard) uint32 {
	return patDense[0][uint8(b)] | patDense[1][uint8(b>>8)] | patDense[2][uint8(b>>16)] |
		patDense[3][uint8(b>>24)] | patDense[4][uint8(b>>32)]
}

// regionBits gathers the eight squares of the region whose first square
// is at dense bit shift: two bits of each of four rows of four.
func regionBits(d uint32, shift uint8) uint32 {
	x := d >> shift & 0x3333
	x = (x | x>>2) & 0x0f0f
	return (x | x>>4) & 0xff
}

// patIndex is the configuration of region r with White's men w and
// Black's men b, given densely.
func patIndex(r int, w, b uint32) int {
	sh := patRegionsOf[r].shift
	return int(patTern[regionBits(w, sh)]) + 2*int(patTern[regionBits(b, sh)])
}

// patternScore is the patterns' part of the evaluation from White's view
// with the folded table pat, its middlegame and endgame sums: White's men
// wm, Black's bm.
func patternScore(pat []int16, wm, bm draughts.Bitboard) (mg, eg int) {
	w, b := dense(wm), dense(bm)
	pat = pat[:2*patRegions*patConfigs]
	for r := range patRegionsOf {
		i := 2 * (r*patConfigs + patIndex(r, w, b))
		mg += int(pat[i])
		eg += int(pat[i+1])
	}
	return mg, eg
}

// patFeatures are the unfolded weights a position's patterns read: from
// White's view, plus[r] of each region of the board and minus[r] of each
// region of the board turned round with the colours swapped (indices into
// a table of patRegions*patConfigs weights of one phase).
func patFeatures(wm, bm draughts.Bitboard) (plus, minus [patRegions]int32) {
	w, b := dense(wm), dense(bm)
	fw, fb := dense(flip(bm)), dense(flip(wm))
	for r := range patRegionsOf {
		plus[r] = int32(r*patConfigs + patIndex(r, w, b))
		minus[r] = int32(r*patConfigs + patIndex(r, fw, fb))
	}
	return plus, minus
}

// foldPatterns folds unfolded weights w (the middlegame table of
// patRegions*patConfigs weights, then the endgame one) into the table
// patternScore reads: for each region and configuration, its weight less
// that of the configuration it is for Black (the same squares turned
// round, colours swapped), so that each sum of patternScore is that of
// w[plus] less that of w[minus] of patFeatures, in its phase's table.
func foldPatterns(w []int16) []int16 {
	sq := make([][]draughts.Square, patRegions)
	for r := range patRegionsOf {
		sq[r] = patRegionsOf[r].squares[:]
	}
	return foldWindows(sq, flip, w)
}

// foldWindows folds unfolded weights w of the windows whose squares are
// windows (all of one size; the middlegame table of
// len(windows)*3^size weights, then the endgame one; a configuration's
// digits in the order of its squares) into a table of pairs,
// 2*(window*3^size+config) and the entry after it: each configuration's
// weight less that of the configuration it is for Black, the same
// squares turned round by flip with the colours swapped. The windows
// must be a set that flip maps onto itself. Only the weights that are
// not zero are visited (a fit leaves most of a big window's
// configurations unseen): each is added where it stands and taken from
// the configuration it is for Black. The weights must be within
// [-32767, 32767], as a fit rounds them; a folded weight is clamped to
// int16.
func foldWindows(windows [][]draughts.Square, flip func(draughts.Bitboard) draughts.Bitboard, w []int16) []int16 {
	nw := len(windows)
	size := len(windows[0])
	configs := pow3(size)
	// The window a window turns into and where each of its squares goes.
	to := make([]int, nw)
	perm := make([][]int, nw)
	for r := range windows {
		if len(windows[r]) != size {
			panic("analyze: pattern windows of different sizes")
		}
		perm[r] = make([]int, size)
		found := false
		for r2 := range windows {
			ok := true
			for j, s := range windows[r] {
				f := flip(s.Bit()).First()
				in := false
				for j2, s2 := range windows[r2] {
					if s2 == f {
						perm[r][j], in = j2, true
					}
				}
				ok = ok && in
			}
			if ok {
				to[r], found = r2, true
				break
			}
		}
		if !found {
			panic("analyze: pattern windows that the board turned round does not map onto themselves")
		}
	}
	pows := make([]int, size)
	for j := range pows {
		pows[j] = pow3(j)
	}
	n := nw * configs
	out := make([]int16, 2*n)
	for ph := range 2 {
		for r := range windows {
			for c := range configs {
				x := int(w[ph*n+r*configs+c])
				if x == 0 {
					continue
				}
				// Configuration c of window r, turned round with the
				// colours swapped, is configuration c2 of window to[r].
				c2, y := 0, c
				for j := range size {
					d := y % 3
					y /= 3
					if d != 0 {
						d = 3 - d
					}
					c2 += d * pows[perm[r][j]]
				}
				i, i2 := 2*(r*configs+c)+ph, 2*(to[r]*configs+c2)+ph
				out[i] = int16(max(-32768, min(32767, int(out[i])+x)))
				out[i2] = int16(max(-32768, min(32767, int(out[i2])-x)))
			}
		}
	}
	return out
}

func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// decodePatterns reads the weights file: little-endian int16, the
// middlegame table then the endgame one, each region by region,
// configuration by configuration.
func decodePatterns(b []byte) ([]int16, error) {
	if len(b) != 4*patRegions*patConfigs {
		return nil, errPatternsSize
	}
	w := make([]int16, 2*patRegions*patConfigs)
	for i := range w {
		w[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return w, nil
}

// encodePatterns is decodePatterns' inverse.
func encodePatterns(w []int16) []byte {
	b := make([]byte, 2*len(w))
	for i, x := range w {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(x))
	}
	return b
}

type patternsError string

func (e patternsError) Error() string { return string(e) }

const errPatternsSize = patternsError("wrong size")
