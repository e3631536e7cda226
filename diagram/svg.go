package diagram

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
)

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
