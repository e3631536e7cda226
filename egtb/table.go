package egtb

import (
	"github.com/damka/damka/draughts"
)

// WDL is the game-theoretic result of a position for the side to move,
// with best play by both sides and no move counters (see the package
// documentation).
type WDL int8

// The results.
const (
	Loss WDL = -1
	Draw WDL = 0
	Win  WDL = 1
)

func (w WDL) String() string {
	switch w {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Tablebase answers the result of the positions it holds; ok is false
// for any other position (another variant, more pieces, a class not
// built). It is what analyze probes; safe for concurrent use.
type Tablebase interface {
	Probe(p *draughts.Position) (WDL, bool)
}

// The two-bit codes of a table entry. An index that is no position (two
// pieces on one square) is invalid; its code is never read by a probe.
const (
	codeDraw    = 0
	codeWin     = 1
	codeLoss    = 2
	codeInvalid = 3
)

// table is the bit-packed results of one class, four entries a byte, the
// entry of index i in bits 2*(i%4) of byte i/4.
type table struct {
	m    Material
	n    uint64
	bits []byte
}

func newTable(m Material, n uint64) *table {
	return &table{m: m, n: n, bits: make([]byte, (n+3)/4)}
}

func (t *table) code(i uint64) uint8 { return t.bits[i>>2] >> (2 * (i & 3)) & 3 }

func (t *table) set(i uint64, c uint8) {
	sh := 2 * (i & 3)
	t.bits[i>>2] = t.bits[i>>2]&^(3<<sh) | c<<sh
}

func wdlOf(c uint8) WDL {
	switch c {
	case codeWin:
		return Win
	case codeLoss:
		return Loss
	}
	return Draw
}

// Counts are the wins, draws and losses of a class (for the side to
// move), over its positions (invalid indices left out).
type Counts struct {
	Win, Draw, Loss uint64
}

// Positions is the number of positions counted.
func (c Counts) Positions() uint64 { return c.Win + c.Draw + c.Loss }

func (t *table) counts() Counts {
	var c Counts
	for i := range t.n {
		switch t.code(i) {
		case codeWin:
			c.Win++
		case codeDraw:
			c.Draw++
		case codeLoss:
			c.Loss++
		}
	}
	return c
}
