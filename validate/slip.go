package validate

import (
	"strconv"
	"unicode"

	"github.com/damka/damka/draughts"
)

// This file is the edit model of repairs: how far a legal move is from a
// written one, counted in typing slips. It reads the written move as the
// keys that were typed (squares of a letter and digits, whatever they
// are), not as notation, and compares it with the names of the legal
// move's squares in the same notation: algebraic squares letter by
// letter and rank by rank, numeric squares digit by digit. It knows the
// squares only by their names, so it holds for any board the engine
// names.

// Edit costs, in tenths of a typing slip (see the package doc).
const (
	costCyrillicLook = 2  // а, с, е (Cyrillic) for a, c, e: they look the same
	costCyrillicKey  = 5  // the Latin key's letter on a Russian keyboard (в for d), or the Cyrillic file letter (в for c)
	costCase         = 1  // a capital letter
	costOneOff       = 10 // a file letter or a rank one off, a digit one key off, a digit left out, doubled or two digits swapped
	costDiagonal     = 15 // file and rank both one off: the next square on a diagonal
	costDigit        = 15 // a digit that is not next to the one meant
	costOtherSquare  = 30 // another square altogether
	costSwapSquares  = 10 // two squares written the other way round
	costCaptured     = 10 // the captured piece's square written for the landing square
	costPathSquare   = 10 // a landing square left out, or one written too many
	costCaptureMark  = 5  // a capture mark on a quiet move
	costInsert       = 20 // a move left out
	costSwapMoves    = 15 // two moves of one side written the other way round
	costDeleteDup    = 15 // a move written twice
	costDelete       = 30 // a move written that was not played
	maxReplaceCost   = 40 // legal moves further from the written one are another move altogether
	costOtherMove    = 45 // another move altogether: the player's move, not the scribe's, is wrong
	maxWrittenSquare = 16 // a written move of more squares is not compared
)

// writtenSquare is one square as typed: an optional letter and digits.
type writtenSquare struct {
	letter rune   // the letter, lower-cased; 0 for none
	upper  bool   // typed as a capital
	digits string // without leading zeros; "" for none
}

// writtenMove is a move as typed.
type writtenMove struct {
	squares []writtenSquare
	capture bool // written with ':' or 'x'
	quiet   bool // written with '-'
}

// readWritten reads text as typed: runs of a letter (Latin or Cyrillic)
// and digits are squares, "-" and ":" or "x" separators, anything else
// is skipped.
func readWritten(text string) writtenMove {
	var w writtenMove
	var cur writtenSquare
	open := false
	flush := func() {
		if open {
			if len(cur.digits) > 1 {
				k := 0
				for k < len(cur.digits)-1 && cur.digits[k] == '0' {
					k++
				}
				cur.digits = cur.digits[k:]
			}
			w.squares = append(w.squares, cur)
		}
		cur, open = writtenSquare{}, false
	}
	for _, c := range text {
		switch {
		case c == 'x' || c == 'X' || c == ':' || c == '×':
			flush()
			w.capture = true
		case c == '-' || c == '–' || c == '—':
			flush()
			w.quiet = true
		case c >= '0' && c <= '9':
			if !open {
				open = true
			}
			cur.digits += string(c)
		case c < 0x80 && unicode.IsLetter(c) || unicode.Is(unicode.Cyrillic, c):
			flush()
			open = true
			cur.letter = unicode.ToLower(c)
			cur.upper = c != cur.letter
		default:
			flush()
		}
	}
	flush()
	return w
}

// letterOption is a Latin file letter a typed letter may stand for, and
// what it costs to read it so.
type letterOption struct {
	latin rune
	cost  int
	op    slipOp
}

// cyrillicLook, cyrillicKey and cyrillicAlphabet map Cyrillic letters to
// the Latin file letters they may stand for: look-alikes (capital В and
// Н look like B and H); the letter on a Russian keyboard's key of the
// Latin letter (ЙЦУКЕН: a is ф, d is в); and the order of the alphabet
// (а б в г д е ж з и к), which older Russian books use for files.
var (
	cyrillicLook     = map[rune]rune{'а': 'a', 'с': 'c', 'е': 'e'}
	cyrillicLookCap  = map[rune]rune{'в': 'b', 'н': 'h'}
	cyrillicKey      = map[rune]rune{'ф': 'a', 'и': 'b', 'с': 'c', 'в': 'd', 'у': 'e', 'а': 'f', 'п': 'g', 'р': 'h', 'ш': 'i', 'о': 'j'}
	cyrillicAlphabet = map[rune]rune{'а': 'a', 'б': 'b', 'в': 'c', 'г': 'd', 'д': 'e', 'е': 'f', 'ж': 'g', 'з': 'h', 'и': 'i', 'к': 'j'}
)

// letterOptions lists the Latin letters w's letter may stand for, each at
// its cheapest.
func letterOptions(w *writtenSquare, buf []letterOption) []letterOption {
	out := buf[:0]
	c := w.letter
	capital := 0
	if w.upper {
		capital = costCase
	}
	if c < 0x80 {
		op := opSame
		if w.upper {
			op = opCase
		}
		return append(out, letterOption{c, capital, op})
	}
	add := func(l rune, cost int) {
		for i := range out {
			if out[i].latin == l {
				out[i].cost = min(out[i].cost, cost)
				return
			}
		}
		out = append(out, letterOption{l, cost, opCyrillic})
	}
	if l, ok := cyrillicLook[c]; ok {
		add(l, costCyrillicLook+capital)
	}
	if l, ok := cyrillicLookCap[c]; ok && w.upper {
		add(l, costCyrillicLook)
	}
	if l, ok := cyrillicKey[c]; ok {
		add(l, costCyrillicKey+capital)
	}
	if l, ok := cyrillicAlphabet[c]; ok {
		add(l, costCyrillicKey+capital)
	}
	return out
}

// slipOp is the kind of one step of an edit, for naming the edit.
type slipOp uint8

const (
	opSame     slipOp = iota
	opCase            // a capital letter
	opCyrillic        // a Cyrillic letter
	opSquare          // a square one key off
	opOther           // another square
	opPath            // a capture's landing square wrong
	opCaptured        // the captured square for the landing square
	opMissing         // a square left out
	opExtra           // a square too many
	opSwap            // two squares swapped
)

// squareCost is the cost of reading written square w as square s, by
// s's name in the notation w is written in (nm's numbers or algebraic
// names).
func squareCost(v draughts.Naming, w *writtenSquare, s draughts.Square, opts []letterOption) (int, slipOp) {
	if w.letter == 0 {
		d := digitDistance(w.digits, v.SquareNameIn(s, true))
		switch {
		case d == 0:
			return 0, opSame
		case d >= costOtherSquare:
			return costOtherSquare, opOther
		}
		return d, opSquare
	}
	name := v.SquareNameIn(s, false)
	if len(name) < 2 {
		return costOtherSquare, opOther
	}
	file, rank := rune(name[0]), name[1:]
	best, bop := costOtherSquare+1, opOther
	for _, o := range opts {
		fd := abs(int(o.latin - file))
		var c int
		var op slipOp
		if w.digits == "" { // the file of the short form ("cd4")
			switch fd {
			case 0:
				c, op = 0, opSame
			case 1:
				c, op = costOneOff, opSquare
			default:
				c, op = costOtherSquare, opOther
			}
		} else {
			rd := rankOff(w.digits, rank)
			switch {
			case fd == 0 && rd == 0:
				c, op = 0, opSame
			case fd+rd == 1:
				c, op = costOneOff, opSquare
			case fd == 1 && rd == 1:
				c, op = costDiagonal, opOther
			default:
				c, op = costOtherSquare, opOther
			}
		}
		if op == opSame {
			op = o.op
		}
		if c += o.cost; c < best {
			best, bop = c, op
		}
	}
	return best, bop
}

// rankOff compares a written rank with a square's: 0 the same, 1 one
// off (next to it, or one digit left out, doubled or swapped), 2 else.
func rankOff(w, r string) int {
	if w == r {
		return 0
	}
	a, err1 := strconv.Atoi(w)
	b, err2 := strconv.Atoi(r)
	if err1 == nil && err2 == nil && abs(a-b) == 1 {
		return 1
	}
	if digitDistance(w, r) <= costOneOff {
		return 1
	}
	return 2
}

// digitDistance is the cost of typing digits w for digits r: a weighted
// Damerau-Levenshtein distance in which a digit next to the one meant on
// the keyboard's top row costs costOneOff, another digit costDigit, and a
// digit left out, doubled or two digits swapped costOneOff; at most
// costOtherSquare.
func digitDistance(w, r string) int {
	if w == r {
		return 0
	}
	if len(w) > 4 || len(r) > 4 {
		return costOtherSquare
	}
	var d [5][5]int
	for i := 0; i <= len(w); i++ {
		d[i][0] = i * costOneOff
	}
	for j := 0; j <= len(r); j++ {
		d[0][j] = j * costOneOff
	}
	for i := 1; i <= len(w); i++ {
		for j := 1; j <= len(r); j++ {
			sub := 0
			if w[i-1] != r[j-1] {
				sub = costDigit
				if x, y := int(w[i-1]-'0'), int(r[j-1]-'0'); abs(x-y) == 1 || x+y == 9 && x*y == 0 {
					sub = costOneOff
				}
			}
			v := min(d[i-1][j]+costOneOff, d[i][j-1]+costOneOff, d[i-1][j-1]+sub)
			if i > 1 && j > 1 && w[i-1] == r[j-2] && w[i-2] == r[j-1] {
				v = min(v, d[i-2][j-2]+costOneOff)
			}
			d[i][j] = v
		}
	}
	return min(d[len(w)][len(r)], costOtherSquare)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// alignCell is a cell of the alignment table: the cost so far and the
// costliest step on the way, which names the edit.
type alignCell struct {
	cost, top int
	op        slipOp
}

func (c alignCell) step(cost int, op slipOp) alignCell {
	out := alignCell{cost: c.cost + cost, top: c.top, op: c.op}
	if cost > c.top {
		out.top, out.op = cost, op
	}
	return out
}

func better(a, b alignCell) alignCell {
	if b.cost < a.cost {
		return b
	}
	return a
}

// pathCost aligns the written squares with squares sq of a legal move
// (its start and landing squares, all or only the first and the last)
// and returns the cost of the cheapest alignment and the kind of its
// costliest step. taken[k], when given, is the piece captured on the way
// to sq[k+1]: writing it for the landing square is one slip.
func pathCost(v draughts.Naming, w *writtenMove, opts [][]letterOption, sq, taken []draughts.Square, capture bool) (int, slipOp) {
	n, m := len(w.squares), len(sq)
	var stack [17 * 17]alignCell
	cells := stack[:0]
	if k := (n + 1) * (m + 1); k <= len(stack) {
		cells = stack[:k]
	} else {
		cells = make([]alignCell, k)
	}
	at := func(i, j int) *alignCell { return &cells[i*(m+1)+j] }
	sub := func(i, j int) (int, slipOp) {
		c, op := squareCost(v, &w.squares[i], sq[j], opts[i])
		if capture && j > 0 && op == opOther {
			op = opPath
		}
		if taken != nil && j > 0 && j-1 < len(taken) {
			if tc, _ := squareCost(v, &w.squares[i], taken[j-1], opts[i]); tc+costCaptured < c {
				c, op = tc+costCaptured, opCaptured
			}
		}
		return c, op
	}
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			if i == 0 && j == 0 {
				continue
			}
			c := alignCell{cost: 1 << 20}
			// Squares are left out or written too many only to make up
			// the difference in number: one left out and another too
			// many would be a square mistyped.
			if i > 0 && n > m {
				c = better(c, at(i-1, j).step(costPathSquare, opExtra))
			}
			if j > 0 && m > n {
				c = better(c, at(i, j-1).step(costPathSquare, opMissing))
			}
			if i > 0 && j > 0 {
				s, op := sub(i-1, j-1)
				c = better(c, at(i-1, j-1).step(s, op))
			}
			if i > 1 && j > 1 {
				a, _ := sub(i-2, j-1)
				b, _ := sub(i-1, j-2)
				c = better(c, at(i-2, j-2).step(costSwapSquares+a+b, opSwap))
			}
			*at(i, j) = c
		}
	}
	return at(n, m).cost, at(n, m).op
}

// moveCost is the cost of reading written move w as legal move m, whose
// squares nm names, and the edit that names it.
func moveCost(v draughts.Naming, w *writtenMove, opts [][]letterOption, m *draughts.Move) (int, Edit) {
	if len(w.squares) == 0 || len(w.squares) > maxWrittenSquare {
		return costOtherSquare * 3, EditSquare
	}
	path := m.Path()
	capture := m.IsCapture()
	var taken []draughts.Square
	if capture {
		taken = m.CapturedInOrder()
	}
	cost, op := pathCost(v, w, opts, path, taken, capture)
	if capture && len(path) > 2 {
		short := []draughts.Square{path[0], path[len(path)-1]}
		if c, o := pathCost(v, w, opts, short, taken[len(taken)-1:], capture); c < cost {
			cost, op = c, o
		}
	}
	if w.capture && !capture {
		cost += costCaptureMark
	}
	return cost, editOf(op, w, m)
}

// editOf names the edit whose costliest step is op.
func editOf(op slipOp, w *writtenMove, m *draughts.Move) Edit {
	switch op {
	case opCase:
		return EditCase
	case opCyrillic:
		return EditCyrillic
	case opSwap:
		return EditSwapSquares
	case opCaptured:
		if w.quiet && !w.capture && m.NumCaptured() == 1 {
			return EditDashCapture
		}
		return EditCapturePath
	case opSame, opPath, opMissing, opExtra:
		if m.IsCapture() {
			return EditCapturePath
		}
	}
	return EditSquare
}
