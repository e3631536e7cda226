package diagram

import (
	"strconv"

	"github.com/damka/damka/draughts"
)

// point is a square's place on the drawing: column from the left, row
// from the top.
type point struct{ x, y int }

// frame is where each square of a board is drawn.
type frame struct {
	w, h  int
	at    []point // by Geometry.Index
	files []string
	ranks []string // by drawn row, from the top
	geo   *draughts.Geometry
}

// newFrame places the squares of v's board as its algebraic names read
// (file letter from the left, row number from the bottom), turned half
// round when that would put White's back row at the top, and again when
// flip is set. A half turn keeps a board what it is; only a mirror (the
// names of Italian and Spanish) changes it, and the names carry that.
func newFrame(v draughts.Variant, flip bool) *frame {
	return frameOf(v.Geometry(), func(s draughts.Square) string { return v.SquareNameIn(s, false) }, flip)
}

// frameOf is newFrame for a board g whose squares are named by name.
func frameOf(g *draughts.Geometry, name func(draughts.Square) string, flip bool) *frame {
	f := &frame{w: g.Width(), h: g.Height(), geo: g, at: make([]point, g.NumSquares())}
	sq := g.Squares()
	ok := true
	named := make([]point, len(sq))
	for i, s := range sq {
		file, rank, good := splitName(name(s))
		if !good || file >= f.w || rank >= f.h {
			ok = false
			break
		}
		named[i] = point{file, f.h - 1 - rank}
	}
	if !ok || !distinct(named) {
		// Names that are not a board's coordinates: draw the engine's
		// own files and rows.
		for i, s := range sq {
			named[i] = point{g.Col(s), f.h - 1 - g.Row(s)}
		}
	}
	// Squares()[0] is on White's back row.
	turn := named[0].y < f.h/2
	if flip {
		turn = !turn
	}
	for i, p := range named {
		if turn {
			p = point{f.w - 1 - p.x, f.h - 1 - p.y}
		}
		f.at[i] = p
	}
	// Labels of the drawn files and rows, from the names of the squares
	// in them.
	f.files = make([]string, f.w)
	f.ranks = make([]string, f.h)
	for i, s := range sq {
		n := name(s)
		p := f.at[i]
		if f.files[p.x] == "" && len(n) >= 2 {
			f.files[p.x] = n[:1]
		}
		if f.ranks[p.y] == "" && len(n) >= 2 {
			f.ranks[p.y] = n[1:]
		}
	}
	return f
}

// splitName reads "c3" as file 2 and row 2 (both from 0).
func splitName(name string) (file, rank int, ok bool) {
	if len(name) < 2 || name[0] < 'a' || name[0] > 'z' {
		return 0, 0, false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n < 1 {
		return 0, 0, false
	}
	return int(name[0] - 'a'), n - 1, true
}

func distinct(ps []point) bool {
	seen := make(map[point]bool, len(ps))
	for _, p := range ps {
		if seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

// place is the drawn place of s.
func (f *frame) place(s draughts.Square) (point, bool) {
	i := f.geo.Index(s)
	if i < 0 {
		return point{}, false
	}
	return f.at[i], true
}
