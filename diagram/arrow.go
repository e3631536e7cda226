package diagram

import (
	"fmt"
	"math"
	"strings"

	"github.com/damka/damka/draughts"
)

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
