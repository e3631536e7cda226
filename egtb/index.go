package egtb

import (
	"slices"

	"github.com/damka/damka/draughts"
)

// The index of a position in its class's table: the position is first
// normalised so that the side to move is White (turned round with the
// colours swapped when Black is to move), then each of its four piece
// groups (White's men, White's kings, Black's men, Black's kings) is a
// set of squares, ranked among the sets of its size in the colex order
// of combinations over the squares the group may stand on (men never on
// their crowning row), and the four ranks are digits of one mixed-radix
// number. Groups may overlap in that numbering: such indices are no
// position and are marked invalid in the table. The waste is small for
// few pieces and keeps the index a few table look-ups.

// binom[n][k] is n choose k, for n up to 50 (the 10x10 board).
var binom [51][9]uint64

func init() {
	for n := range binom {
		binom[n][0] = 1
		for k := 1; k < len(binom[n]); k++ {
			if n > 0 {
				binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
			}
		}
	}
}

// MaxPieces is the most pieces a class may have here: the index's
// binomials go to 8 of a kind.
const MaxPieces = 8

// layout is what indexing needs of a board: for each group, the squares
// it may stand on in order, and the place of a square in that order.
type layout struct {
	g       *draughts.Geometry
	squares [4][]draughts.Square // the squares of each group, in board order
	place   [4][64]int8          // place of a square in squares[group], -1 if none
}

// groups: white men, white kings, black men, black kings.
const (
	wMen = iota
	wKings
	bMen
	bKings
)

func newLayout(g *draughts.Geometry) *layout {
	l := &layout{g: g}
	for grp := range l.place {
		for i := range l.place[grp] {
			l.place[grp][i] = -1
		}
	}
	// In bit order: index ranks a group's squares as it reads them, from
	// the lowest bit up, which colex ranking needs to be their order in
	// the list. (The 8x8 boards list their squares so already; 10x10
	// lists them in the notation's order, which is not.)
	for _, s := range slices.Sorted(slices.Values(g.Squares())) {
		for grp := range 4 {
			switch {
			case grp == wMen && g.PromotionRow(draughts.White).Has(s),
				grp == bMen && g.PromotionRow(draughts.Black).Has(s):
				continue
			}
			l.place[grp][s] = int8(len(l.squares[grp]))
			l.squares[grp] = append(l.squares[grp], s)
		}
	}
	return l
}

// counts is the size of each group of m, normalised (side to move White).
func counts(m Material) [4]int {
	return [4]int{int(m.Men[0]), int(m.Kings[0]), int(m.Men[1]), int(m.Kings[1])}
}

// size is the number of indices of class m.
func (l *layout) size(m Material) uint64 {
	n := uint64(1)
	for grp, k := range counts(m) {
		n *= binom[len(l.squares[grp])][k]
	}
	return n
}

// normalise returns the pieces of p with the side to move as White:
// White's men and kings, Black's men and kings.
func (l *layout) normalise(p *draughts.Position) [4]draughts.Bitboard {
	w, b, k := p.Pieces[draughts.White], p.Pieces[draughts.Black], p.Kings
	if p.Side == draughts.Black {
		w, b, k = l.g.Flip(b), l.g.Flip(w), l.g.Flip(k)
	}
	return [4]draughts.Bitboard{w &^ k, w & k, b &^ k, b & k}
}

// index is the index of the normalised groups gs in their class.
func (l *layout) index(gs *[4]draughts.Bitboard) uint64 {
	var idx uint64
	for grp := range 4 {
		sq := l.squares[grp]
		var rank uint64
		i := 1
		for b := gs[grp]; b != 0; b &= b - 1 {
			rank += binom[l.place[grp][b.First()]][i]
			i++
		}
		idx = idx*binom[len(sq)][i-1] + rank
	}
	return idx
}

// groups is the inverse of index for class m; ok is false when two
// groups share a square (an index that is no position).
func (l *layout) groups(m Material, idx uint64) (gs [4]draughts.Bitboard, ok bool) {
	cs := counts(m)
	var all draughts.Bitboard
	for grp := 3; grp >= 0; grp-- {
		n := len(l.squares[grp])
		radix := binom[n][cs[grp]]
		rank := idx % radix
		idx /= radix
		// Colex unranking: the largest place c with C(c, k) <= rank is
		// the highest square of the set, and so on down.
		// It is found by bisection (C(c, k) grows with c), which on
		// 10x10's 50 squares is a few steps instead of a walk down the
		// board; with k = 1 the place is the rank itself.
		hi := n - 1
		for k := cs[grp]; k >= 1; k-- {
			c := int(rank)
			if k > 1 {
				lo := k - 1 // C(k-1, k) = 0 <= rank
				for lo < hi {
					mid := (lo + hi + 1) / 2
					if binom[mid][k] <= rank {
						lo = mid
					} else {
						hi = mid - 1
					}
				}
				c = lo
			}
			rank -= binom[c][k]
			gs[grp] |= l.squares[grp][c].Bit()
			hi = c - 1
		}
		if all&gs[grp] != 0 {
			return gs, false
		}
		all |= gs[grp]
	}
	return gs, true
}
