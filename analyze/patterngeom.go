package analyze

import (
	_ "embed"
	"encoding/binary"

	"github.com/damka/damka/draughts"
)

// Patterns over any board of even width (used for International): the
// board is tiled by 4x4 windows whose corners are at every second file
// and rank (overlapping by half: on 10x10, corners at 0, 2, 4 and 6, so
// 16 windows), each holding eight dark squares. A window's configuration
// is the state of its eight squares, empty (kings count as empty: their
// value and roads are the rest of the evaluation's), a White man or a
// Black man: its index is the base-3 number of the states (White 1, Black
// 2), the window's first square (lowest rank, then file) the lowest
// digit, 3^8 = 6561 configurations. Each configuration has a middlegame
// and an endgame weight, blended by the pieces on the board. Black's
// formations are White's on the board turned round with the colours
// swapped: the score from White's view is the sum over windows of
// w[window][configuration] less the same sum on the board turned round
// with the colours swapped, both folded at load into one table read
// once a window (foldWindows, as for Russian's nine).
//
// The squares are gathered through the geometry's dense indices
// (draughts.Geometry.Index: rank by rank, Width/2 squares a rank, from
// White's back rank), so that the engine's bit layout stays its own: a
// window is two adjacent dense bits of each of four ranks.
type patternGeom struct {
	g       *draughts.Geometry
	rowW    uint    // dark squares a rank
	windows []uint8 // the dense index of each window's first square
	dense   [8][256]uint64
	mask    uint64  // the window's bits from its first square
	full    int     // pieces at the start: the phase's scale
	table   []int16 // folded: 2*(window*patConfigs+config) and the entry after it
}

// newPatternGeom lays out the windows of geometry g.
func newPatternGeom(g *draughts.Geometry) *patternGeom {
	if g.Width()%2 != 0 || g.Width() > 16 || g.Height() < 4 {
		panic("analyze: patterns need an even board width")
	}
	pg := &patternGeom{g: g, rowW: uint(g.Width() / 2), full: 2 * g.StartMen()}
	for _, s := range g.Squares() {
		i := g.Index(s)
		if i != g.Row(s)*int(pg.rowW)+g.Col(s)/2 {
			panic("analyze: the dense indices are expected rank by rank")
		}
		for v := range 256 {
			if v>>(uint(s)%8)&1 != 0 {
				pg.dense[s/8][v] |= 1 << i
			}
		}
	}
	for r := range 4 {
		pg.mask |= 3 << (uint(r) * pg.rowW)
	}
	for r0 := 0; r0+4 <= g.Height(); r0 += 2 {
		for c0 := 0; c0+4 <= g.Width(); c0 += 2 {
			pg.windows = append(pg.windows, uint8(r0*int(pg.rowW)+c0/2))
		}
	}
	return pg
}

// squares are the squares of window w, in the order of their digits.
func (pg *patternGeom) squares(w int) [patSquares]draughts.Square {
	var out [patSquares]draughts.Square
	first := int(pg.windows[w])
	r0, c0 := first/int(pg.rowW), 2*(first%int(pg.rowW))
	n := 0
	for row := r0; row < r0+4; row++ {
		for col := c0; col < c0+4; col++ {
			if s := pg.g.SquareAt(col, row); s != draughts.NoSquare && pg.g.Has(s) {
				out[n] = s
				n++
			}
		}
	}
	if n != patSquares {
		panic("analyze: a pattern window without eight squares")
	}
	return out
}

// denseOf is the set b in the dense numbering.
func (pg *patternGeom) denseOf(b draughts.Bitboard) uint64 {
	d := &pg.dense
	return d[0][uint8(b)] | d[1][uint8(b>>8)] | d[2][uint8(b>>16)] | d[3][uint8(b>>24)] |
		d[4][uint8(b>>32)] | d[5][uint8(b>>40)] | d[6][uint8(b>>48)] | d[7][uint8(b>>56)]
}

// bits gathers the eight squares of the window whose first square is at
// dense bit first: two bits of each of four ranks of rowW.
func (pg *patternGeom) bits(d uint64, first uint8) uint32 {
	x := d >> first & pg.mask
	y := x | x>>(pg.rowW-2)
	return uint32(y&0xf | y>>(2*pg.rowW-4)&0xf0)
}

// index is window w's configuration with White's men w and Black's b,
// given densely.
func (pg *patternGeom) index(win int, w, b uint64) int {
	f := pg.windows[win]
	return int(patTern[pg.bits(w, f)]) + 2*int(patTern[pg.bits(b, f)])
}

// score is the patterns' part of the evaluation from White's view (its
// phase blended), with White's men wm and Black's bm and n pieces.
func (pg *patternGeom) score(wm, bm draughts.Bitboard, n int) int {
	w, b := pg.denseOf(wm), pg.denseOf(bm)
	t := pg.table
	var mg, eg int
	for win, f := range pg.windows {
		i := 2 * (win*patConfigs + int(patTern[pg.bits(w, f)]) + 2*int(patTern[pg.bits(b, f)]))
		mg += int(t[i])
		eg += int(t[i+1])
	}
	ph := min(n, pg.full)
	return (mg*ph + eg*(pg.full-ph)) / pg.full
}

// features are the unfolded weights a position's patterns read, as
// patFeatures for Russian: plus[w] on the board, minus[w] on the board
// turned round with the colours swapped (indices into a table of
// len(windows)*patConfigs weights of one phase).
func (pg *patternGeom) features(wm, bm draughts.Bitboard) (plus, minus []int32) {
	w, b := pg.denseOf(wm), pg.denseOf(bm)
	fw, fb := pg.denseOf(pg.g.Flip(bm)), pg.denseOf(pg.g.Flip(wm))
	plus, minus = make([]int32, len(pg.windows)), make([]int32, len(pg.windows))
	for win := range pg.windows {
		plus[win] = int32(win*patConfigs + pg.index(win, w, b))
		minus[win] = int32(win*patConfigs + pg.index(win, fw, fb))
	}
	return plus, minus
}

// fold puts unfolded weights w (the middlegame table of
// len(windows)*patConfigs weights, then the endgame one) in use: for each
// window and configuration, its weight less that of the configuration it
// is for Black (the same squares turned round, colours swapped).
func (pg *patternGeom) fold(w []int16) {
	sq := make([][patSquares]draughts.Square, len(pg.windows))
	for r := range sq {
		sq[r] = pg.squares(r)
	}
	pg.table = foldWindows(sq, pg.g.Flip, w)
}

// withPatterns is evaluation e with the patterns pg added (pg.table set).
func withPatterns(e evaluator, pg *patternGeom) evaluator {
	return func(p *draughts.Position) int {
		s := e(p)
		return s + pg.score(p.Men(draughts.White), p.Men(draughts.Black), p.Occupied().PopCount())
	}
}

// patternsInternational are International's pattern weights
// (TestFitPatternsGeom, make fit-patterns-intl): little-endian int16, the
// middlegame table then the endgame one, window by window, configuration
// by configuration; empty: none.
//
//go:embed patterns_international.bin
var patternsInternational []byte

// intlPatterns are International's patterns in use (nil: none), added to
// intlBase, the evaluation without them.
var (
	intlPatterns *patternGeom
	intlBase     evaluator
)

// usePatterns adds the patterns to the evaluations that have them (on
// the first evaluation, patternsOnce; Levers ipattern=0 leaves them out).
func usePatterns() {
	if len(patternsInternational) == 0 || !levers.intlPattern {
		return
	}
	pg := newPatternGeom(draughts.International.Geometry())
	w, err := pg.decode(patternsInternational)
	if err != nil {
		panic("analyze: patterns_international.bin: " + err.Error())
	}
	pg.fold(w)
	intlPatterns, intlBase = pg, evaluators[draughts.International]
	evaluators[draughts.International] = withPatterns(intlBase, pg)
}

// decode reads a weights file of pg's windows.
func (pg *patternGeom) decode(b []byte) ([]int16, error) {
	if len(b) != 4*len(pg.windows)*patConfigs {
		return nil, errPatternsSize
	}
	w := make([]int16, len(b)/2)
	for i := range w {
		w[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return w, nil
}
