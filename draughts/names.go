package draughts

import (
	"strconv"
	"sync"
)

// names is how a variant names the squares of its board: algebraic ("c3",
// file letter and row number) and numeric (PDN's numbering: the dark
// squares counted from 1, row by row from the top left, left to right).
// Each is read in a frame of its own, a transform of the engine's board
// (White at the bottom, a1 dark): on a mirrored board (Italian, Spanish:
// a1 is light) the files are read from the other side, so the engine plays
// on the usual layout and only the names differ.
type names struct {
	geo     *Geometry
	spec    namesSpec
	numeric bool       // the variant writes numbers by default
	num     [128]uint8 // by square: 128 for the 77 bits of 12x12
	byNum   []Square   // byNum[n] is square n (byNum[0] unused)
	alg     [128]string
	numStr  [128]string
	// fenOrder lists the squares in the order a FEN writes them: dense
	// order for algebraic names, ascending numbers for numeric ones.
	fenOrder []Square
	bitOrder bool // fenOrder is the bit order: a FEN can walk the bits of a board of one word
	fenTok   [2][64]fenToken
	// short is the square of each algebraic name of one letter and one
	// digit, by the letter's and the digit's distance from 'a' and '1'
	// (NoSquare for a name of no dark square), as parse reads it: the
	// table look-up of Notation's "c3-d4".
	short [16][9]Square
}

// transform is how a notation's frame sees the engine's board: its two
// bits reverse the files and the rows. The four transforms are their own
// inverses and commute, so that composing two is an exclusive or.
type transform uint8

const (
	identity    transform = 0
	mirrored    transform = 1 // files reversed: a1 is light (Italian, Spanish)
	rowsFlipped transform = 2 // rows reversed (a mirrored board seen from the other side)
	turned      transform = 3 // half a turn: seen from the other side
)

// apply maps the engine's file and row to the frame's, and back (every
// transform is its own inverse).
func (t transform) apply(g *Geometry, c, r int) (int, int) {
	if t&mirrored != 0 {
		c = g.width - 1 - c
	}
	if t&rowsFlipped != 0 {
		r = g.height - 1 - r
	}
	return c, r
}

// namesSpec chooses a notation: the default style and the frames of the
// algebraic names and of the numbers.
type namesSpec struct {
	numeric bool
	alg     transform
	num     transform
}

var (
	algebraicNames = namesSpec{}
	numericNames   = namesSpec{numeric: true}
)

// namesTables holds every table of names built, one per board and spec,
// so that two namings that name every square alike share one table
// (Naming.Same, Variant.SameNotation compare pointers).
var namesTables struct {
	sync.Mutex
	m map[namesKey]*names
}

type namesKey struct {
	geo  *Geometry
	spec namesSpec
}

// internNames returns the table of names of g by sp, built on first use.
func internNames(g *Geometry, sp namesSpec) *names {
	namesTables.Lock()
	defer namesTables.Unlock()
	k := namesKey{g, sp}
	if n := namesTables.m[k]; n != nil {
		return n
	}
	if namesTables.m == nil {
		namesTables.m = map[namesKey]*names{}
	}
	n := newNames(g, sp)
	namesTables.m[k] = n
	return n
}

func newNames(g *Geometry, sp namesSpec) *names {
	n := &names{geo: g, spec: sp, numeric: sp.numeric}
	n.byNum = make([]Square, 1, g.NumSquares()+1)
	n.byNum[0] = NoSquare
	for r := g.height - 1; r >= 0; r-- {
		for c := 0; c < g.width; c++ {
			ec, er := sp.num.apply(g, c, r)
			if s := g.SquareAt(ec, er); s != NoSquare {
				n.num[s] = uint8(len(n.byNum))
				n.byNum = append(n.byNum, s)
			}
		}
	}
	for _, s := range g.squares {
		c, r := sp.alg.apply(g, g.Col(s), g.Row(s))
		n.alg[s] = string(rune('a'+c)) + strconv.Itoa(r+1)
		n.numStr[s] = strconv.Itoa(int(n.num[s]))
	}
	if sp.numeric {
		n.fenOrder = n.byNum[1:]
	} else {
		for r := 0; r < g.height; r++ {
			for c := 0; c < g.width; c++ {
				ec, er := sp.alg.apply(g, c, r)
				if s := g.SquareAt(ec, er); s != NoSquare {
					n.fenOrder = append(n.fenOrder, s)
				}
			}
		}
	}
	n.bitOrder = !g.Wide()
	for i := 1; i < len(n.fenOrder); i++ {
		if n.fenOrder[i] < n.fenOrder[i-1] {
			n.bitOrder = false
		}
	}
	n.makeFENTokens()
	for f := range n.short {
		for r := range n.short[f] {
			n.short[f][r] = NoSquare
			if s, ok := n.parse(string([]byte{byte('a' + f), byte('1' + r)})); ok {
				n.short[f][r] = s
			}
		}
	}
	return n
}

func (n *names) name(s Square, numeric bool) string {
	if !n.geo.Has(s) {
		return "-"
	}
	if numeric {
		return n.numStr[s]
	}
	return n.alg[s]
}

// parse reads an algebraic ("c3") or numeric ("22", "07") square.
func (n *names) parse(text string) (Square, bool) {
	if len(text) >= 2 && text[0] >= 'a' && text[0] <= 'z' {
		f := int(text[0] - 'a')
		r, ok := smallNumber(text[1:])
		if !ok || f >= n.geo.width || r < 1 || r > n.geo.height {
			return NoSquare, false
		}
		c, row := n.spec.alg.apply(n.geo, f, r-1)
		s := n.geo.SquareAt(c, row)
		return s, s != NoSquare
	}
	v, ok := smallNumber(text)
	if !ok {
		return NoSquare, false
	}
	s := n.fromNum(v)
	return s, s != NoSquare
}

// smallNumber reads 1 to 3 decimal digits.
func smallNumber(text string) (int, bool) {
	if len(text) == 0 || len(text) > 3 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

func (n *names) fromNum(v int) Square {
	if v < 1 || v >= len(n.byNum) {
		return NoSquare
	}
	return n.byNum[v]
}

// isRank reports whether c is the first digit of a row number.
func (n *names) isRank(c byte) bool { return c >= '1' && int(c-'0') <= min(n.geo.height, 9) }

// isFile reports whether c is a file letter of the board.
func (n *names) isFile(c byte) bool { return c >= 'a' && int(c-'a') < n.geo.width }

// names returns the square names of v, the 8x8 algebraic ones for
// NoVariant.
func (v Variant) names() *names {
	if n := v.spec().names; n != nil {
		return n
	}
	return algebraic8x8
}

// SquareName is the name of s in v's own notation: "c3" in Russian.
func (v Variant) SquareName(s Square) string {
	n := v.names()
	return n.name(s, n.numeric)
}

// SquareNameIn is the name of s, algebraic ("c3") or numeric ("22").
func (v Variant) SquareNameIn(s Square, numeric bool) string { return v.names().name(s, numeric) }

// SquareNumber is the number of s in PDN's numbering of v's board (1..32 or
// 1..50; 1 = b8 and 32 = g1 in Russian), 0 when s is not a square.
func (v Variant) SquareNumber(s Square) int {
	if s >= 128 {
		return 0
	}
	return int(v.names().num[s])
}

// SquareFromNumber is the square numbered n, or NoSquare.
func (v Variant) SquareFromNumber(n int) Square { return v.names().fromNum(n) }

// ParseSquare reads an algebraic ("c3") or numeric ("22", "07") square of
// v's board.
func (v Variant) ParseSquare(text string) (Square, bool) { return v.names().parse(text) }

// DefaultStyle is how v writes moves: algebraic in Russian, numeric where
// the variant's literature numbers the squares.
func (v Variant) DefaultStyle() Style { return Style{Numeric: v.names().numeric} }

// SameNotation reports whether v and o name every square alike (Russian
// and giveaway do): what a table of names built for one serves the other.
func (v Variant) SameNotation(o Variant) bool { return v.names() == o.names() }

// AppendPath appends the move with the given path (its start, then every
// landing square) written as Move.String writes it: "c3-d4", "c3:e5:g3" in
// Russian.
func (v Variant) AppendPath(dst []byte, path []Square, capture bool) []byte {
	return v.names().appendPath(dst, path, capture)
}

func (n *names) appendPath(dst []byte, path []Square, capture bool) []byte {
	name, sep := &n.alg, byte(':')
	if n.numeric {
		name, sep = &n.numStr, 'x'
	}
	if !capture {
		sep = '-'
	}
	for i, s := range path {
		if i > 0 {
			dst = append(dst, sep)
		}
		dst = append(dst, name[s&127]...)
	}
	return dst
}
