package analyze

import (
	"bytes"
	_ "embed"
	"encoding/binary"

	"github.com/klauspost/compress/zstd"

	"github.com/damka/damka/draughts"
)

// Patterns over any board of even width (used for International): the
// board is tiled by windows of cols files and ranks ranks (cols even)
// whose corners are at every second file and rank (overlapping: on
// 10x10, windows of 4x4 have corners at files and ranks 0, 2, 4 and 6, 16
// windows of eight dark squares; windows of 4 files by 6 ranks at files
// 0, 2, 4 and 6 and ranks 0, 2 and 4, 12 windows of twelve). A window's
// configuration is the state of its squares, empty (kings count as
// empty: their value and roads are the rest of the evaluation's), a White
// man or a Black man: its index is the base-3 number of the states (White
// 1, Black 2), the window's first square (lowest rank, then file) the
// lowest digit, 3^8 = 6561 configurations a window of eight squares.
// Each configuration has a middlegame and an endgame weight, blended by
// the pieces on the board. Black's formations are White's on the board
// turned round with the colours swapped: the score from White's view is
// the sum over windows of w[window][configuration] less the same sum on
// the board turned round with the colours swapped, both folded at load
// into one table read once a window (foldWindows, as for Russian's nine).
//
// The squares are gathered through the geometry's dense indices
// (draughts.Geometry.Index: rank by rank, Width/2 squares a rank, from
// White's back rank), so that the engine's bit layout stays its own: a
// window is cols/2 adjacent dense bits of each of its ranks.
type patternGeom struct {
	g           *draughts.Geometry
	rowW        uint             // dark squares a rank
	cols, ranks int              // the window's shape: files and ranks
	per         uint             // a window's dark squares a rank (cols/2)
	size        int              // a window's squares
	configs     int              // 3^size
	windows     []uint8          // the dense index of each window's first square
	mask        uint64           // the window's bits from its first square
	pair        uint             // merges a rank into the one below: rowW-per
	shift       [3]uint          // moves the group of ranks 2k, 2k+1 into place
	group       [3]uint64        // the place of the group of ranks 2k, 2k+1
	tern        *[1 << 12]uint32 // the base-3 number whose digits are the bits of v
	dense       [8][256]uint64
	full        int     // pieces at the start: the phase's scale
	table       []int16 // folded: 2*(window*configs+config) and the entry after it
}

// intlShape is the shape of International's windows: files, ranks.
var intlShape = [2]int{4, 4}

// newPatternGeom lays out the windows of cols files and ranks ranks on
// geometry g.
func newPatternGeom(g *draughts.Geometry, cols, ranks int) *patternGeom {
	if g.Width()%2 != 0 || g.Width() > 16 || cols%2 != 0 || cols < 2 || cols > g.Width() || ranks < 1 || ranks > g.Height() ||
		cols*ranks/2 > 12 || cols > g.Width()/2 || ranks%2 != 0 || ranks > 6 || (g.Width()-cols)%2 != 0 || (g.Height()-ranks)%2 != 0 {
		panic("analyze: patterns need an even board width and windows of an even width (at most half the board's) and an even number of ranks (at most 6), at most 12 squares, that tile it by steps of 2")
	}
	pg := &patternGeom{g: g, rowW: uint(g.Width() / 2), cols: cols, ranks: ranks, per: uint(cols / 2), full: 2 * g.StartMen()}
	pg.size = cols * ranks / 2
	pg.configs = pow3(pg.size)
	pg.tern = new([1 << 12]uint32)
	for v := range pg.tern {
		pg.tern[v] = uint32(patTern[uint8(v)]) + 6561*uint32(patTern[uint8(v>>8)])
	}
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
	pg.pair = pg.rowW - pg.per
	for r := range uint(ranks) {
		pg.mask |= (1<<pg.per - 1) << (r * pg.rowW)
	}
	for k := range uint(ranks / 2) {
		pg.shift[k] = 2 * k * (pg.rowW - pg.per)
		pg.group[k] = (1<<(2*pg.per) - 1) << (2 * k * pg.per)
	}
	for r0 := 0; r0+ranks <= g.Height(); r0 += 2 {
		for c0 := 0; c0+cols <= g.Width(); c0 += 2 {
			pg.windows = append(pg.windows, uint8(r0*int(pg.rowW)+c0/2))
		}
	}
	return pg
}

// squares are the squares of window w, in the order of their digits.
func (pg *patternGeom) squares(w int) []draughts.Square {
	var out []draughts.Square
	first := int(pg.windows[w])
	r0, c0 := first/int(pg.rowW), 2*(first%int(pg.rowW))
	for row := r0; row < r0+pg.ranks; row++ {
		for col := c0; col < c0+pg.cols; col++ {
			if s := pg.g.SquareAt(col, row); s != draughts.NoSquare && pg.g.Has(s) {
				out = append(out, s)
			}
		}
	}
	if len(out) != pg.size {
		panic("analyze: a pattern window of the wrong size")
	}
	return out
}

// denseOf is the set b in the dense numbering.
func (pg *patternGeom) denseOf(b draughts.Bitboard) uint64 {
	d := &pg.dense
	return d[0][uint8(b)] | d[1][uint8(b>>8)] | d[2][uint8(b>>16)] | d[3][uint8(b>>24)] |
		d[4][uint8(b>>32)] | d[5][uint8(b>>40)] | d[6][uint8(b>>48)] | d[7][uint8(b>>56)]
}

// bits gathers the squares of the window whose first square is at dense
// bit first: per bits of each of its ranks of rowW. Adjacent ranks are
// merged first (2*per bits every second rank), then the groups moved
// into place: at most three (unused groups' masks are 0). score does the
// same with pg's fields held in registers (TestPatternGeom checks that
// the two agree).
func (pg *patternGeom) bits(d uint64, first uint8) uint32 {
	x := d >> (first & 63) & pg.mask
	y := x | x>>(pg.pair&63)
	return uint32(y&pg.group[0]|y>>(pg.shift[1]&63)&pg.group[1]|y>>(pg.shift[2]&63)&pg.group[2]) & (1<<12 - 1)
}

// index is window w's configuration with White's men w and Black's b,
// given densely.
func (pg *patternGeom) index(win int, w, b uint64) int {
	f := pg.windows[win]
	return int(pg.tern[pg.bits(w, f)] + 2*pg.tern[pg.bits(b, f)])
}

// score is the patterns' part of the evaluation from White's view (its
// phase blended), with White's men wm and Black's bm and n pieces.
func (pg *patternGeom) score(wm, bm draughts.Bitboard, n int) int {
	w, b := pg.denseOf(wm), pg.denseOf(bm)
	// The gather of bits, with pg's fields held in locals: as fast as the
	// 4x4 windows' gather of constant shifts was.
	t, tern, configs := pg.table, pg.tern, pg.configs
	mask, pair := pg.mask, pg.pair
	s1, s2, g0, g1, g2 := pg.shift[1], pg.shift[2], pg.group[0], pg.group[1], pg.group[2]
	var mg, eg int
	for win, f := range pg.windows {
		// Shifts masked to 63: no test for a shift of 64 or more.
		x, z := w>>(f&63)&mask, b>>(f&63)&mask
		x |= x >> (pair & 63)
		z |= z >> (pair & 63)
		cx, cz := x&g0|x>>(s1&63)&g1, z&g0|z>>(s1&63)&g1
		if g2 != 0 { // a third group: windows of six ranks
			cx |= x >> (s2 & 63) & g2
			cz |= z >> (s2 & 63) & g2
		}
		cx, cz = cx&(1<<12-1), cz&(1<<12-1)
		i := 2 * (win*configs + int(tern[cx]+2*tern[cz]))
		mg += int(t[i])
		eg += int(t[i+1])
	}
	ph := min(n, pg.full)
	return (mg*ph + eg*(pg.full-ph)) / pg.full
}

// features are the unfolded weights a position's patterns read, as
// patFeatures for Russian: plus[w] on the board, minus[w] on the board
// turned round with the colours swapped (indices into a table of
// len(windows)*configs weights of one phase).
func (pg *patternGeom) features(wm, bm draughts.Bitboard) (plus, minus []int32) {
	w, b := pg.denseOf(wm), pg.denseOf(bm)
	fw, fb := pg.denseOf(pg.g.Flip(bm)), pg.denseOf(pg.g.Flip(wm))
	plus, minus = make([]int32, len(pg.windows)), make([]int32, len(pg.windows))
	for win := range pg.windows {
		plus[win] = int32(win*pg.configs + pg.index(win, w, b))
		minus[win] = int32(win*pg.configs + pg.index(win, fw, fb))
	}
	return plus, minus
}

// fold puts unfolded weights w (the middlegame table of
// len(windows)*configs weights, then the endgame one) in use: for each
// window and configuration, its weight less that of the configuration it
// is for Black (the same squares turned round, colours swapped).
func (pg *patternGeom) fold(w []int16) {
	sq := make([][]draughts.Square, len(pg.windows))
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
	pg := newPatternGeom(draughts.International.Geometry(), intlShape[0], intlShape[1])
	w, err := pg.decode(patternsInternational)
	if err != nil {
		panic("analyze: patterns_international.bin: " + err.Error())
	}
	pg.fold(w)
	intlPatterns, intlBase = pg, evaluators[draughts.International]
	evaluators[draughts.International] = withPatterns(intlBase, pg)
}

// decode reads a weights file of pg's windows: little-endian int16, the
// middlegame table then the endgame one, window by window, configuration
// by configuration; the whole compressed by zstd if it starts with its
// magic number (the weights of big windows, mostly zero).
func (pg *patternGeom) decode(b []byte) ([]int16, error) {
	if bytes.HasPrefix(b, zstdMagic) {
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<30))
		if err != nil {
			return nil, err
		}
		defer d.Close()
		if b, err = d.DecodeAll(b, nil); err != nil {
			return nil, err
		}
	}
	if len(b) != 4*len(pg.windows)*pg.configs {
		return nil, errPatternsSize
	}
	w := make([]int16, len(b)/2)
	for i := range w {
		w[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return w, nil
}

// zstdMagic starts a zstd frame.
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
