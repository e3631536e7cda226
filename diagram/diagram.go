// Package diagram draws draughts positions as SVG board diagrams: the
// board of the position's variant (8x8 or 10x10, mirrored where the
// variant's board is), its squares labelled as the variant names them
// (coordinates round the board or numbers on the squares), men and kings,
// and arrows for moves (a capture's whole path, the pieces it takes
// crossed).
//
// A diagram is built only from what package draughts exposes: the
// Geometry's squares and the variant's names. Where a square is drawn comes
// from its algebraic name ("c3": file c, row 3, a1 at the bottom left), so
// a board whose names are mirrored (Italian, Spanish: a1 light) is drawn
// mirrored, and a new variant needs no code here. White's side is always
// at the bottom unless Options.Flip turns the board round.
//
// The output is deterministic (the same position and options give the same
// bytes), uses no ids (so many diagrams can sit in one HTML page), no
// fonts but the generic sans-serif family, and no scripts; text is escaped
// with encoding/xml. Every square, piece and arrow carries a class and a
// data-square or data-move attribute, so that tests and style sheets can
// find them.
package diagram

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
)

// Unit is the size of a square in the diagram's user units (pixels at the
// natural size).
const Unit = 40

// margin is the room for coordinates on the left and at the bottom.
const margin = 18

// Labels chooses how squares are labelled.
type Labels uint8

const (
	// LabelsAuto labels as the variant names its squares: coordinates for
	// algebraic variants, numbers for numeric ones.
	LabelsAuto Labels = iota
	// LabelsCoordinates writes the file letters under the board and the
	// row numbers on its left.
	LabelsCoordinates
	// LabelsNumbers writes each dark square's number in its corner.
	LabelsNumbers
	// LabelsNone writes no label.
	LabelsNone
)

// ParseLabels reads "auto", "coordinates", "numbers" or "none".
func ParseLabels(s string) (Labels, error) {
	switch strings.ToLower(s) {
	case "", "auto":
		return LabelsAuto, nil
	case "coordinates", "coords", "algebraic":
		return LabelsCoordinates, nil
	case "numbers", "numeric":
		return LabelsNumbers, nil
	case "none":
		return LabelsNone, nil
	}
	return LabelsAuto, fmt.Errorf("unknown labels %q (auto, coordinates, numbers or none)", s)
}

// Kind is what an arrow shows; it sets its colour and line.
type Kind uint8

const (
	// Move is a move given without more meaning (damka diagram --move).
	Move Kind = iota
	// Played is the move played in a game.
	Played
	// Best is the engine's best move.
	Best
	// Written is a move as a record wrote it, which may not be legal:
	// dashed.
	Written
	// Repair is a suggested repair of a written move: dashed.
	Repair
)

var kindNames = [...]string{Move: "move", Played: "played", Best: "best", Written: "written", Repair: "repair"}

// String is the kind's name, also its class in the SVG.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "move"
}

var kindColors = [...]string{Move: "#1d5fd1", Played: "#d9480f", Best: "#1e8a3c", Written: "#c92a2a", Repair: "#1d5fd1"}

func (k Kind) color() string {
	if int(k) < len(kindColors) {
		return kindColors[k]
	}
	return kindColors[Move]
}

func (k Kind) dashed() bool { return k == Written || k == Repair }

// Arrow is a move drawn on the board: a line through the centres of its
// squares with a head on the last one.
type Arrow struct {
	// Path is the start square and every landing square; an arrow of one
	// square marks that square only (a move written as its destination).
	Path []draughts.Square
	// Captured are the squares of the pieces the move takes, crossed out.
	Captured []draughts.Square
	Kind     Kind
	// Label is the move as text ("c3:e5:g3"), for the diagram's
	// description and the arrow's tooltip.
	Label string
}

// MoveArrow is the arrow of a legal move, labelled in its variant's
// notation.
func MoveArrow(m *draughts.Move, k Kind) Arrow {
	return Arrow{Path: m.Path(), Captured: m.CapturedInOrder(), Kind: k, Label: m.String()}
}

// Options tune a diagram. The zero value draws the board with the
// variant's labels, a title and a description made from the position, and
// no arrow.
type Options struct {
	// Title is the diagram's accessible name (its <title>); empty: the
	// variant and the side to move, and the arrows' moves.
	Title string
	// Desc is added to the description (<desc>), which always gives the
	// FEN, the pieces of each side and the arrows.
	Desc   string
	Labels Labels
	// Flip draws the board from Black's side.
	Flip   bool
	Arrows []Arrow
	// Standalone starts the output with an XML declaration, for a file of
	// its own; leave it unset to put the diagram inside an HTML page.
	Standalone bool
}

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

// Colours: a warm wooden board that prints legibly in grey.
const (
	lightColor = "#f0dcb4"
	darkColor  = "#a9774e"
	frameColor = "#5c3d24"
	labelColor = "#5c3d24"
	numColor   = "#f6e7cc"
)

// SVG returns the diagram of p.
func SVG(p *draughts.Position, opts *Options) []byte {
	var b bytes.Buffer
	Write(&b, p, opts)
	return b.Bytes()
}

// Write writes the diagram of p to w.
func Write(w io.Writer, p *draughts.Position, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	v := p.Variant()
	if !v.Valid() {
		v = draughts.Russian
	}
	f := newFrame(v, opts.Flip)
	labels := opts.Labels
	if labels == LabelsAuto {
		labels = LabelsCoordinates
		if v.DefaultStyle().Numeric {
			labels = LabelsNumbers
		}
	}
	left, bottom := 0, 0
	if labels == LabelsCoordinates {
		left, bottom = margin, margin
	}
	width, height := left+f.w*Unit+2, f.h*Unit+bottom+2
	ox, oy := float64(left)+1, 1.0 // the board's top-left corner, inside a 1-unit frame

	e := &writer{}
	if opts.Standalone {
		e.s(xml.Header)
	}
	e.s(`<svg xmlns="http://www.w3.org/2000/svg" class="board" role="img" viewBox="0 0 `)
	e.i(width)
	e.s(" ")
	e.i(height)
	e.s(`" width="`)
	e.i(width)
	e.s(`" height="`)
	e.i(height)
	e.s(`" data-variant="`)
	e.text(v.Name())
	e.s(`" data-fen="`)
	e.text(p.FEN())
	e.s(`">` + "\n")
	e.s("<title>")
	e.text(title(p, v, opts))
	e.s("</title>\n<desc>")
	e.text(desc(p, v, opts))
	e.s("</desc>\n")

	// The board: light squares as one background, the dark ones on it.
	e.s(`<rect x="`)
	e.f(ox - 1)
	e.s(`" y="`)
	e.f(oy - 1)
	e.s(`" width="`)
	e.i(f.w*Unit + 2)
	e.s(`" height="`)
	e.i(f.h*Unit + 2)
	e.s(`" fill="` + frameColor + `"/>` + "\n")
	e.s(`<rect x="`)
	e.f(ox)
	e.s(`" y="`)
	e.f(oy)
	e.s(`" width="`)
	e.i(f.w * Unit)
	e.s(`" height="`)
	e.i(f.h * Unit)
	e.s(`" fill="` + lightColor + `"/>` + "\n")
	sq := f.geo.Squares()
	e.s(`<g class="squares" fill="` + darkColor + `">` + "\n")
	for i, s := range sq {
		pt := f.at[i]
		e.s(`<rect class="square" data-square="`)
		e.text(v.SquareName(s))
		e.s(`" x="`)
		e.f(ox + float64(pt.x*Unit))
		e.s(`" y="`)
		e.f(oy + float64(pt.y*Unit))
		e.s(`" width="40" height="40"/>` + "\n")
	}
	e.s("</g>\n")

	switch labels {
	case LabelsCoordinates:
		e.s(`<g class="coordinates" font-family="sans-serif" font-size="12" fill="` + labelColor + `" text-anchor="middle">` + "\n")
		for x, name := range f.files {
			e.s(`<text x="`)
			e.f(ox + float64(x*Unit) + Unit/2)
			e.s(`" y="`)
			e.f(oy + float64(f.h*Unit) + 13)
			e.s(`">`)
			e.text(name)
			e.s("</text>\n")
		}
		for y, name := range f.ranks {
			e.s(`<text x="`)
			e.f(float64(left) / 2)
			e.s(`" y="`)
			e.f(oy + float64(y*Unit) + Unit/2 + 4)
			e.s(`">`)
			e.text(name)
			e.s("</text>\n")
		}
		e.s("</g>\n")
	case LabelsNumbers:
		e.s(`<g class="numbers" font-family="sans-serif" font-size="10" fill="` + numColor + `">` + "\n")
		for i, s := range sq {
			pt := f.at[i]
			e.s(`<text x="`)
			e.f(ox + float64(pt.x*Unit) + 2)
			e.s(`" y="`)
			e.f(oy + float64(pt.y*Unit) + 10)
			e.s(`">`)
			e.i(v.SquareNumber(s))
			e.s("</text>\n")
		}
		e.s("</g>\n")
	}

	e.s(`<g class="pieces">` + "\n")
	for i, s := range sq {
		pc := p.At(s)
		if pc == draughts.NoPiece {
			continue
		}
		pt := f.at[i]
		e.piece(pc, v.SquareName(s), ox+float64(pt.x*Unit)+Unit/2, oy+float64(pt.y*Unit)+Unit/2)
	}
	e.s("</g>\n")

	if len(opts.Arrows) > 0 {
		e.s(`<g class="arrows">` + "\n")
		for _, a := range opts.Arrows {
			e.arrow(f, v, a, ox, oy)
		}
		e.s("</g>\n")
	}
	e.s("</svg>\n")
	_, err := w.Write(e.b)
	return err
}

// title is the diagram's accessible name.
func title(p *draughts.Position, v draughts.Variant, opts *Options) string {
	if opts.Title != "" {
		return opts.Title
	}
	t := fmt.Sprintf("%s, %s to move", v.Title(), sideName(p.Side))
	var moves []string
	for _, a := range opts.Arrows {
		if a.Label != "" {
			moves = append(moves, a.Label)
		}
	}
	if len(moves) > 0 {
		t += ": " + strings.Join(moves, ", ")
	}
	return t
}

// desc tells the position in words: the FEN, each side's men and kings,
// and the arrows.
func desc(p *draughts.Position, v draughts.Variant, opts *Options) string {
	var b strings.Builder
	if opts.Desc != "" {
		b.WriteString(opts.Desc)
		b.WriteString(". ")
	}
	b.WriteString("FEN ")
	b.WriteString(p.FEN())
	b.WriteString(".")
	for _, c := range []draughts.Color{draughts.White, draughts.Black} {
		for _, king := range []bool{false, true} {
			set := p.Men(c)
			what := "men"
			if king {
				set, what = p.KingsOf(c), "kings"
			}
			if set == 0 {
				continue
			}
			var names []string
			for _, s := range v.Geometry().Squares() {
				if set.Has(s) {
					names = append(names, v.SquareName(s))
				}
			}
			fmt.Fprintf(&b, " %s %s: %s.", capital(sideName(c)), what, strings.Join(names, ", "))
		}
	}
	for _, a := range opts.Arrows {
		if a.Label == "" {
			continue
		}
		fmt.Fprintf(&b, " Arrow (%s): %s.", a.Kind, a.Label)
	}
	return b.String()
}

func sideName(c draughts.Color) string { return c.String() }

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// writer builds the SVG text.
type writer struct{ b []byte }

func (e *writer) s(s string) { e.b = append(e.b, s...) }
func (e *writer) i(n int)    { e.b = strconv.AppendInt(e.b, int64(n), 10) }

// f writes a coordinate with at most two decimals, no trailing zeros.
func (e *writer) f(x float64) {
	x = math.Round(x*100) / 100
	if x == 0 {
		x = 0 // no "-0"
	}
	e.b = strconv.AppendFloat(e.b, x, 'f', -1, 64)
}

// text writes s escaped for XML text and attribute values
// (xml.EscapeText; most names need none).
func (e *writer) text(s string) {
	if plainText(s) {
		e.b = append(e.b, s...)
		return
	}
	// A control character is shown escaped (\x1b), as damka's messages
	// show it, rather than dropped for U+FFFD by the XML escaping: titles
	// and descriptions quote archive text (issue 27).
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(display.Text(s)))
	e.b = append(e.b, b.Bytes()...)
}

// plainText reports whether s is valid UTF-8 with no byte that XML
// escapes or refuses (markup, quotes, control characters).
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20, c == '<', c == '>', c == '&', c == '\'', c == '"', c == 0x7f:
			return false
		}
	}
	return utf8.ValidString(s)
}

// piece draws a man (a disc with a ring) or a king (a man with a crown)
// centred on (cx, cy).
func (e *writer) piece(pc draughts.Piece, square string, cx, cy float64) {
	fill, stroke, ring := "#fbf8f2", "#3b3b3b", "#9a9a9a"
	side := "white"
	if pc.Color() == draughts.Black {
		fill, stroke, ring, side = "#262626", "#000000", "#6a6a6a", "black"
	}
	kind := "man"
	if pc.IsKing() {
		kind = "king"
	}
	e.s(`<g class="piece ` + side + " " + kind + `" data-square="`)
	e.text(square)
	e.s(`">`)
	e.s(`<circle cx="`)
	e.f(cx)
	e.s(`" cy="`)
	e.f(cy)
	e.s(`" r="15.5" fill="` + fill + `" stroke="` + stroke + `" stroke-width="1.5"/>`)
	e.s(`<circle cx="`)
	e.f(cx)
	e.s(`" cy="`)
	e.f(cy)
	e.s(`" r="10.5" fill="none" stroke="` + ring + `" stroke-width="1.2"/>`)
	if pc.IsKing() {
		// A crown: a band with three points, gold on either colour.
		crown := [][2]float64{{-8, 5}, {-8, -4}, {-4, 0}, {0, -7}, {4, 0}, {8, -4}, {8, 5}}
		e.s(`<polygon class="crown" points="`)
		for i, c := range crown {
			if i > 0 {
				e.s(" ")
			}
			e.f(cx + c[0])
			e.s(",")
			e.f(cy + c[1])
		}
		e.s(`" fill="#e0a800" stroke="#7a5600" stroke-width="1" stroke-linejoin="round"/>`)
	}
	e.s("</g>\n")
}

// arrow draws a: a polyline through the centres of its path, ending in a
// head, and a cross on each captured piece.
func (e *writer) arrow(f *frame, v draughts.Variant, a Arrow, ox, oy float64) {
	var pts [][2]float64
	for _, s := range a.Path {
		pt, ok := f.place(s)
		if !ok {
			continue
		}
		pts = append(pts, [2]float64{ox + float64(pt.x*Unit) + Unit/2, oy + float64(pt.y*Unit) + Unit/2})
	}
	if len(pts) == 0 {
		return
	}
	color := a.Kind.color()
	e.s(`<g class="arrow ` + a.Kind.String() + `" data-move="`)
	e.text(a.Label)
	e.s(`" data-path="`)
	for i, s := range a.Path {
		if i > 0 {
			e.s(" ")
		}
		e.text(v.SquareName(s))
	}
	e.s(`" fill="` + color + `" stroke="` + color + `" opacity="0.82">`)
	if a.Label != "" {
		e.s("<title>")
		e.text(a.Kind.String() + ": " + a.Label)
		e.s("</title>")
	}
	for _, s := range a.Captured {
		pt, ok := f.place(s)
		if !ok {
			continue
		}
		cx, cy := ox+float64(pt.x*Unit)+Unit/2, oy+float64(pt.y*Unit)+Unit/2
		e.s(`<path class="captured" data-square="`)
		e.text(v.SquareName(s))
		e.s(`" d="M`)
		e.f(cx - 7)
		e.s(" ")
		e.f(cy - 7)
		e.s("L")
		e.f(cx + 7)
		e.s(" ")
		e.f(cy + 7)
		e.s("M")
		e.f(cx + 7)
		e.s(" ")
		e.f(cy - 7)
		e.s("L")
		e.f(cx - 7)
		e.s(" ")
		e.f(cy + 7)
		e.s(`" fill="none" stroke-width="4" stroke-linecap="round"/>`)
	}
	if len(pts) == 1 {
		// Only a destination: a ring round it.
		e.s(`<circle cx="`)
		e.f(pts[0][0])
		e.s(`" cy="`)
		e.f(pts[0][1])
		e.s(`" r="17" fill="none" stroke-width="4"/>`)
		e.s("</g>\n")
		return
	}
	// The line stops short of the last centre, where the head begins.
	// The move played is drawn wider, so that a best move along the same
	// line, drawn over it, leaves it showing at the sides.
	head, half, width := 14.0, 8.5, 5.5
	if a.Kind == Played {
		head, half, width = 15, 10, 8.5
	}
	n := len(pts)
	last, prev := pts[n-1], pts[n-2]
	dx, dy := last[0]-prev[0], last[1]-prev[1]
	l := math.Hypot(dx, dy)
	if l == 0 {
		l = 1
	}
	ux, uy := dx/l, dy/l
	tip := [2]float64{last[0] - ux*4, last[1] - uy*4}
	base := [2]float64{tip[0] - ux*head, tip[1] - uy*head}
	e.s(`<polyline points="`)
	for i, p := range pts {
		if i == n-1 {
			p = base
		}
		if i > 0 {
			e.s(" ")
		}
		e.f(p[0])
		e.s(",")
		e.f(p[1])
	}
	e.s(`" fill="none" stroke-width="`)
	e.f(width)
	e.s(`" stroke-linecap="round" stroke-linejoin="round"`)
	if a.Kind.dashed() {
		e.s(` stroke-dasharray="9 6"`)
	}
	e.s("/>")
	e.s(`<polygon class="head" points="`)
	e.f(tip[0])
	e.s(",")
	e.f(tip[1])
	e.s(" ")
	e.f(base[0] - uy*half)
	e.s(",")
	e.f(base[1] + ux*half)
	e.s(" ")
	e.f(base[0] + uy*half)
	e.s(",")
	e.f(base[1] - ux*half)
	e.s(`" stroke="none"/>`)
	e.s("</g>\n")
}

// ArrowFor is the arrow of the legal move of p written as text, in any
// notation draughts.Variant.ParseNotation reads ("c3-d4", "c3:g3",
// "22x13"). An abbreviated capture that several capture paths with one
// result match is drawn along the first; a move that matches none, or
// moves with different results, is an error that says why.
func ArrowFor(p *draughts.Position, text string, k Kind) (Arrow, error) {
	v := p.Variant()
	groups, err := v.Match(p, text)
	if err != nil {
		return Arrow{}, err
	}
	switch len(groups) {
	case 0:
		return Arrow{}, fmt.Errorf("%s is not a legal move here", text)
	case 1:
		return MoveArrow(&groups[0][0], k), nil
	}
	var alts []string
	for _, g := range groups {
		alts = append(alts, g[0].String())
	}
	return Arrow{}, fmt.Errorf("%s is ambiguous: it can be %s", text, strings.Join(alts, " or "))
}

// WrittenArrow is the arrow of a move as written, legal or not: through
// the squares it names (only its destination for the short form "cd4"),
// labelled with the text. It fails only when the text names no square of
// v's board.
func WrittenArrow(v draughts.Variant, text string, k Kind) (Arrow, error) {
	n, err := v.ParseNotation(text)
	if err != nil {
		return Arrow{}, err
	}
	return Arrow{Path: append([]draughts.Square(nil), n.Squares...), Kind: k, Label: text}, nil
}
