package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// The evaluation graph's drawing area, in user units.
const (
	graphW   = 640.0
	graphH   = 110.0
	graphPad = 6.0
)

// marked are the classes the graph marks, with their colours.
var marked = map[analyze.Class]string{
	analyze.ClassMistake:   "#e8590c",
	analyze.ClassBlunder:   "#c92a2a",
	analyze.ClassMissedWin: "#7048e8",
}

// evalGraph draws White's winning chances (analyze.WinningChances of the
// evaluation, -1 to 1) before the first ply and after each analysed ply of
// g, as an SVG: the curve, the area between it and the even line, and a
// mark on every mistake, blunder and missed win, linked to its move.
func evalGraph(g *record) string {
	r := g.report
	n := g.a.Len()
	var b strings.Builder
	esc := func(s string) {
		var buf bytes.Buffer
		xml.EscapeText(&buf, []byte(s))
		b.Write(buf.Bytes())
	}
	f := func(x float64) string {
		x = math.Round(x*100) / 100
		if x == 0 {
			x = 0
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	mid := graphH / 2
	x := func(i int) float64 {
		if n == 0 {
			return 0
		}
		return float64(i) * graphW / float64(n)
	}
	y := func(s analyze.Score) float64 { return mid - analyze.WinningChances(s)*(mid-graphPad) }

	// White's view before ply 1 and after each ply.
	pts := make([][2]float64, 0, n+1)
	first := g.a.Plies[0].Before
	if r.Plies[0].Side == draughts.Black {
		first = first.Neg()
	}
	pts = append(pts, [2]float64{x(0), y(first)})
	type mark struct {
		x, y        float64
		color, href string
		text        string
	}
	var marks []mark
	for i := range g.a.Plies {
		e := &g.a.Plies[i]
		pl := &r.Plies[i]
		white := e.After
		if pl.Side == draughts.Black {
			white = white.Neg()
		}
		pt := [2]float64{x(i + 1), y(white)}
		pts = append(pts, pt)
		c := e.Class
		if color, ok := marked[c]; ok {
			mv := pl.Canonical(r.Variant, false)
			marks = append(marks, mark{pt[0], pt[1], color, "#" + plyAnchor(g.n, i+1),
				fmt.Sprintf("%s%s %s, %s (White's view)", moveLabel(r.FirstMove(), pl.MoveNumber, pl.Side, mv), classMark(c), classLabel(c), white)})
		}
	}

	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="graph" role="img" viewBox="%s %s %s %s">`,
		f(-graphPad), "0", f(graphW+2*graphPad), f(graphH))
	b.WriteString("<title>")
	esc(fmt.Sprintf("Evaluation graph of game %d: White's winning chances after each ply, %d marked moves", g.n, len(marks)))
	b.WriteString("</title><desc>")
	var d []string
	for _, m := range marks {
		d = append(d, m.text)
	}
	if len(d) == 0 {
		d = append(d, "no mistake or blunder")
	}
	esc(strings.Join(d, "; "))
	b.WriteString("</desc>\n")
	fmt.Fprintf(&b, `<rect x="%s" y="0" width="%s" height="%s" fill="#3a3a3a"/>`, f(-graphPad), f(graphW+2*graphPad), f(mid))
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="#3a3a3a"/>`, f(-graphPad), f(mid), f(graphW+2*graphPad), f(mid))
	// White's share: the area from the curve down to the bottom, light.
	b.WriteString(`<polygon class="area" fill="#f4efe6" points="`)
	fmt.Fprintf(&b, "%s,%s", f(pts[0][0]), f(graphH))
	for _, p := range pts {
		fmt.Fprintf(&b, " %s,%s", f(p[0]), f(p[1]))
	}
	fmt.Fprintf(&b, ` %s,%s"/>`, f(pts[len(pts)-1][0]), f(graphH))
	fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#a9774e" stroke-width="1" stroke-dasharray="4 3"/>`,
		f(-graphPad), f(mid), f(graphW+graphPad), f(mid))
	b.WriteString(`<polyline class="curve" fill="none" stroke="#a9774e" stroke-width="1.5" points="`)
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s,%s", f(p[0]), f(p[1]))
	}
	b.WriteString(`"/>` + "\n")
	for _, m := range marks {
		b.WriteString(`<a href="`)
		esc(m.href)
		fmt.Fprintf(&b, `"><circle class="mark" cx="%s" cy="%s" r="4.5" fill="%s" stroke="#fff" stroke-width="1.2"><title>`, f(m.x), f(m.y), m.color)
		esc(m.text)
		b.WriteString("</title></circle></a>\n")
	}
	b.WriteString("</svg>")
	return b.String()
}
