package draughts

import "strconv"

// names is how a variant names the squares of its board: algebraic ("c3",
// file letter and row number from White's side) and numeric (PDN's
// numbering: the dark squares counted from 1, row by row from the top left
// as White sees the board, left to right). On a mirrored board (Italian,
// Spanish: a1 is light) the files are read from the other side, so the
// engine plays on the usual layout and only the names differ.
type names struct {
	geo      *Geometry
	mirrored bool // files named right to left: a1 is light
	numeric  bool // the variant writes numbers by default
	num      [64]uint8
	byNum    []Square // byNum[n] is square n (byNum[0] unused)
	alg      [64]string
	numStr   [64]string
	// fenOrder lists the squares in the order a FEN writes them: dense
	// order for algebraic names, ascending numbers for numeric ones.
	fenOrder []Square
	bitOrder bool // fenOrder is the bit order: a FEN can walk the bits
	fenTok   [2][64]fenToken
}

// algebraic8x8 names the squares of Russian draughts.
var algebraic8x8 = newNames(Board8x8, false, false)

func newNames(g *Geometry, mirrored, numeric bool) *names {
	n := &names{geo: g, mirrored: mirrored, numeric: numeric}
	n.byNum = make([]Square, 1, g.NumSquares()+1)
	n.byNum[0] = NoSquare
	for r := g.height - 1; r >= 0; r-- {
		for dc := 0; dc < g.width; dc++ {
			if s := g.SquareAt(n.col(dc), r); s != NoSquare {
				n.num[s] = uint8(len(n.byNum))
				n.byNum = append(n.byNum, s)
			}
		}
	}
	for _, s := range g.squares {
		dc := n.col(g.Col(s))
		n.alg[s] = string(rune('a'+dc)) + strconv.Itoa(g.Row(s)+1)
		n.numStr[s] = strconv.Itoa(int(n.num[s]))
	}
	if numeric {
		n.fenOrder = n.byNum[1:]
	} else {
		n.fenOrder = g.squares
		if mirrored {
			n.fenOrder = nil
			for r := 0; r < g.height; r++ {
				for dc := 0; dc < g.width; dc++ {
					if s := g.SquareAt(n.col(dc), r); s != NoSquare {
						n.fenOrder = append(n.fenOrder, s)
					}
				}
			}
		}
	}
	n.bitOrder = true
	for i := 1; i < len(n.fenOrder); i++ {
		if n.fenOrder[i] < n.fenOrder[i-1] {
			n.bitOrder = false
		}
	}
	n.makeFENTokens()
	return n
}

// col converts between a displayed file and the engine's file (the same
// conversion both ways).
func (n *names) col(c int) int {
	if n.mirrored {
		return n.geo.width - 1 - c
	}
	return c
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
		s := n.geo.SquareAt(n.col(f), r-1)
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
	if s >= 64 {
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
	n := v.names()
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
		dst = append(dst, name[s&63]...)
	}
	return dst
}
