package draughts

// Corner is a corner of the board as a player sees it from his side of
// the table. The values are those of the digit of the PDN GameType tag's
// notation field.
type Corner uint8

// The corners.
const (
	BottomLeft Corner = iota
	BottomRight
	TopLeft
	TopRight
)

var cornerNames = [4]string{"bottom left", "bottom right", "top left", "top right"}

func (c Corner) String() string { return cornerNames[c&3] }

// Frame is where a notation starts: the corner that holds a1 (algebraic
// names) or square 1 (numbers) as the player Viewer sees the board from
// his side, on a board set up Inverted or not (a light square in the
// bottom-left corner, as Italian and Spanish boards are). Numbers run
// along the rows: square 2 is beside square 1, and the rows are counted
// away from the corner's. The PDN 3.0 GameType tag gives a frame as its
// start colour, its notation digit and its invert flag ("21,B,8,8,N1,0":
// Black's bottom right, not inverted).
//
// Several frames name the squares alike: Black's bottom right is White's
// top left, and on an inverted board White's bottom right is the corner
// that White's bottom left is on the engine's board. Same tells them,
// SeenBy turns one into another.
type Frame struct {
	Viewer   Color
	Corner   Corner
	Inverted bool
}

// engineCorner is f's corner seen by White on the engine's board (a1 dark
// in White's bottom left). Turning the board round swaps opposite
// corners (bottom left and top right: an exclusive or with 3); mirroring
// it swaps left and right (with 1).
func (f Frame) engineCorner() Corner {
	c := f.Corner & 3
	if f.Viewer == Black {
		c ^= 3
	}
	if f.Inverted {
		c ^= 1
	}
	return c
}

// transform is the frame's transform of the engine's board: algebraic
// names count from the bottom-left corner, numbers from the top left.
func (f Frame) transform(numeric bool) transform {
	t := transform(f.engineCorner())
	if numeric {
		t ^= rowsFlipped
	}
	return t
}

// frameOf is the frame of transform t, seen by viewer on a board
// inverted or not.
func frameOf(t transform, numeric bool, viewer Color, inverted bool) Frame {
	if numeric {
		t ^= rowsFlipped
	}
	return Frame{Viewer: White, Corner: Corner(t)}.SeenBy(viewer, inverted)
}

// Same reports whether f and o name every square alike.
func (f Frame) Same(o Frame) bool { return f.engineCorner() == o.engineCorner() }

// SeenBy is f as viewer sees it on a board inverted or not: the frame
// that names every square as f does.
func (f Frame) SeenBy(viewer Color, inverted bool) Frame {
	c := f.engineCorner()
	if viewer == Black {
		c ^= 3
	}
	if inverted {
		c ^= 1
	}
	return Frame{Viewer: viewer, Corner: c, Inverted: inverted}
}

// String says where the frame starts: "White's top left".
func (f Frame) String() string {
	s := "White's "
	if f.Viewer == Black {
		s = "Black's "
	}
	s += f.Corner.String()
	if f.Inverted {
		s += " (board inverted)"
	}
	return s
}

// Naming is how a game names the squares of its variant's board: its
// algebraic names, its numbers and which of the two it writes. Each
// variant has a standard one (Variant.Naming), which Position.FEN and
// Move.String write; a record may number the squares from another corner
// (its PDN GameType tag says so), and Variant.NamingFrom gives that
// naming, whose methods read and write the record's moves and FENs.
//
// A Naming is a small comparable value; its zero value names the 8x8
// board algebraically, as NoVariant does. A Naming of a variant serves
// the positions and moves of every variant on the same board.
type Naming struct {
	v Variant
	n *names
}

// Naming is the standard naming of v: the one its literature uses.
func (v Variant) Naming() Naming { return Naming{v: v, n: v.names()} }

// NamingFrom is the naming of v that writes numbers (numeric) or
// algebraic names, those counted from frame f; names of the other kind
// are v's own.
func (v Variant) NamingFrom(numeric bool, f Frame) Naming {
	n := v.names()
	sp := n.spec
	sp.numeric = numeric
	if numeric {
		sp.num = f.transform(true)
	} else {
		sp.alg = f.transform(false)
	}
	if sp != n.spec {
		n = internNames(n.geo, sp)
	}
	return Naming{v: v, n: n}
}

// Inverted reports whether v's board is set up with a light square in
// each player's bottom-left corner (Italian, Spanish). The engine plays
// on the board with a1 dark; only the names see it mirrored. It is the
// board whose algebraic a1 is light, which a frame that reverses either
// the files or the rows (not both) makes.
func (v Variant) Inverted() bool {
	t := v.names().spec.alg
	return t == mirrored || t == rowsFlipped
}

func (nm Naming) names() *names {
	if nm.n != nil {
		return nm.n
	}
	return nm.v.names()
}

// Variant is the variant nm names the board of.
func (nm Naming) Variant() Variant { return nm.v }

// Numeric reports whether nm writes numbers rather than algebraic names.
func (nm Naming) Numeric() bool { return nm.names().numeric }

// DefaultStyle is how nm writes moves: numbers or algebraic names.
func (nm Naming) DefaultStyle() Style { return Style{Numeric: nm.names().numeric} }

// Frame is where nm counts its numbers (numeric) or its algebraic names
// from, seen by the side that moves first in its variant, on its
// variant's board (Variant.Inverted): for International numbers "White's
// top left", for English numbers "Black's bottom right".
func (nm Naming) Frame(numeric bool) Frame {
	n := nm.names()
	t := n.spec.alg
	if numeric {
		t = n.spec.num
	}
	return frameOf(t, numeric, nm.v.FirstMove(), nm.v.Inverted())
}

// Same reports whether nm and o name every square alike and write the
// same kind of names.
func (nm Naming) Same(o Naming) bool { return nm.names() == o.names() }

// Standard reports whether nm is its variant's standard naming.
func (nm Naming) Standard() bool { return nm.names() == nm.v.names() }

// SquareName is the name of s in nm's own kind: "c3", or "22".
func (nm Naming) SquareName(s Square) string {
	n := nm.names()
	return n.name(s, n.numeric)
}

// SquareNameIn is the name of s, algebraic ("c3") or numeric ("22").
func (nm Naming) SquareNameIn(s Square, numeric bool) string { return nm.names().name(s, numeric) }

// SquareNumber is the number of s, 0 when s is not a square.
func (nm Naming) SquareNumber(s Square) int {
	if s >= 128 {
		return 0
	}
	return int(nm.names().num[s])
}

// SquareFromNumber is the square numbered n, or NoSquare.
func (nm Naming) SquareFromNumber(n int) Square { return nm.names().fromNum(n) }

// ParseSquare reads an algebraic ("c3") or numeric ("22", "07") square.
func (nm Naming) ParseSquare(text string) (Square, bool) { return nm.names().parse(text) }

// ParseNotation reads a written move, as Variant.ParseNotation does, with
// nm's names.
func (nm Naming) ParseNotation(text string) (Notation, error) {
	var n Notation
	err := n.parse(nm, text)
	return n, err
}

// ParseFEN reads a position of nm's variant written with nm's names, as
// Variant.ParseFEN does.
func (nm Naming) ParseFEN(fen string) (Position, error) { return nm.names().parseFEN(nm.v, fen) }

// FEN writes p with nm's names, as Position.FEN does.
func (nm Naming) FEN(p *Position) string {
	return string(nm.names().appendFEN(make([]byte, 0, 8+4*p.Occupied().PopCount()), p))
}

// AppendFEN appends the FEN of p with nm's names to dst.
func (nm Naming) AppendFEN(dst []byte, p *Position) []byte { return nm.names().appendFEN(dst, p) }

// Format writes m in style st with nm's names, as Move.Format does.
func (nm Naming) Format(m *Move, st Style) string {
	return string(nm.names().appendMove(make([]byte, 0, 8+3*int(m.jumps)), m, st))
}

// AppendFormat appends m written in style st with nm's names to dst.
func (nm Naming) AppendFormat(dst []byte, m *Move, st Style) []byte {
	return nm.names().appendMove(dst, m, st)
}

// Short writes m as briefly as p allows, as Variant.Short does, with nm's
// names.
func (nm Naming) Short(p *Position, m *Move, st Style) string {
	return short(nm.v, nm.names(), p, m, st)
}

// AppendPath appends the move with the given path written in nm's kind,
// as Variant.AppendPath does.
func (nm Naming) AppendPath(dst []byte, path []Square, capture bool) []byte {
	return nm.names().appendPath(dst, path, capture)
}

// Match returns the legal moves of p that the written move can mean, as
// Variant.Match does, reading it with nm's names.
func (nm Naming) Match(p *Position, text string) ([][]Move, error) {
	n, err := nm.ParseNotation(text)
	if err != nil {
		return nil, err
	}
	return GroupByResult(n.Filter(nm.v.Moves(p, nil))), nil
}
