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
	"strings"

	"github.com/damka/damka/draughts"
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
	// The squares of each piece, by At, which reads the squares past bit
	// 63 of 12x12 too.
	var of [draughts.BlackKing + 1][]string
	for _, s := range v.Geometry().Squares() {
		if pc := p.At(s); pc != draughts.NoPiece {
			of[pc] = append(of[pc], v.SquareName(s))
		}
	}
	for _, c := range []draughts.Color{draughts.White, draughts.Black} {
		for _, king := range []bool{false, true} {
			what, pc := "men", draughts.WhiteMan+2*draughts.Piece(c)
			if king {
				what, pc = "kings", pc+1
			}
			names := of[pc]
			if len(names) == 0 {
				continue
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
