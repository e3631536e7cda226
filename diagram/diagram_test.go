package diagram

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// node is an element of a parsed SVG.
type node struct {
	name     string
	attr     map[string]string
	children []*node
	text     string
}

// parseSVG parses b with encoding/xml, failing the test on any error, and
// returns the root <svg> element.
func parseSVG(t *testing.T, b []byte) *node {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	var stack []*node
	var root *node
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v\n%s", err, b)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else if root == nil {
				root = n
				if tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root element in namespace %q, want SVG's", tok.Name.Space)
				}
			} else {
				t.Fatal("two root elements")
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(tok)
			}
		}
	}
	if root == nil || root.name != "svg" {
		t.Fatalf("no <svg> root element:\n%s", b)
	}
	return root
}

// all returns the elements under n (n included) for which keep is true,
// in document order.
func (n *node) all(keep func(*node) bool) []*node {
	var out []*node
	var walk func(*node)
	walk = func(m *node) {
		if keep(m) {
			out = append(out, m)
		}
		for _, c := range m.children {
			walk(c)
		}
	}
	walk(n)
	return out
}

func hasClass(n *node, class string) bool {
	for _, c := range strings.Fields(n.attr["class"]) {
		if c == class {
			return true
		}
	}
	return false
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("bad number %q", s)
	}
	return f
}

// drawn is what a test reads back from a diagram.
type drawn struct {
	root    *node
	squares map[string][4]float64 // name -> x, y, w, h of its rect
	pieces  map[string]string     // name -> "white man", "black king", ...
	centres map[string][2]float64 // piece centre by square
}

func readBack(t *testing.T, b []byte) drawn {
	t.Helper()
	root := parseSVG(t, b)
	d := drawn{root: root, squares: map[string][4]float64{}, pieces: map[string]string{}, centres: map[string][2]float64{}}
	for _, r := range root.all(func(n *node) bool { return n.name == "rect" && hasClass(n, "square") }) {
		name := r.attr["data-square"]
		if _, dup := d.squares[name]; dup {
			t.Fatalf("square %s drawn twice", name)
		}
		d.squares[name] = [4]float64{num(t, r.attr["x"]), num(t, r.attr["y"]), num(t, r.attr["width"]), num(t, r.attr["height"])}
	}
	for _, g := range root.all(func(n *node) bool { return n.name == "g" && hasClass(n, "piece") }) {
		name := g.attr["data-square"]
		side, kind := "white", "man"
		if hasClass(g, "black") {
			side = "black"
		}
		if hasClass(g, "king") {
			kind = "king"
		}
		if _, dup := d.pieces[name]; dup {
			t.Fatalf("two pieces on %s", name)
		}
		d.pieces[name] = side + " " + kind
		c := g.children[0]
		if c.name != "circle" {
			t.Fatalf("piece on %s starts with <%s>", name, c.name)
		}
		d.centres[name] = [2]float64{num(t, c.attr["cx"]), num(t, c.attr["cy"])}
		crowns := g.all(func(n *node) bool { return hasClass(n, "crown") })
		if (kind == "king") != (len(crowns) == 1) {
			t.Errorf("%s %s on %s has %d crowns", side, kind, name, len(crowns))
		}
	}
	return d
}

// centreOf is the centre of the square named name.
func (d drawn) centreOf(t *testing.T, name string) [2]float64 {
	t.Helper()
	r, ok := d.squares[name]
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return [2]float64{r[0] + r[2]/2, r[1] + r[3]/2}
}

// checkPosition checks that d has one square per dark square of p's
// board and exactly p's pieces, each inside its square.
func checkPosition(t *testing.T, d drawn, p *draughts.Position) {
	t.Helper()
	v := p.Variant()
	g := v.Geometry()
	if len(d.squares) != g.NumSquares() {
		t.Errorf("%d squares drawn, the board has %d", len(d.squares), g.NumSquares())
	}
	want := map[string]string{}
	for _, s := range g.Squares() {
		name := v.SquareName(s)
		if _, ok := d.squares[name]; !ok {
			t.Errorf("square %s not drawn", name)
		}
		pc := p.At(s)
		if pc == draughts.NoPiece {
			continue
		}
		kind := "man"
		if pc.IsKing() {
			kind = "king"
		}
		want[name] = pc.Color().String() + " " + kind
	}
	if fmt.Sprint(d.pieces) != fmt.Sprint(want) {
		t.Errorf("pieces drawn %v, want %v", d.pieces, want)
	}
	for name, c := range d.centres {
		if c != d.centreOf(t, name) {
			t.Errorf("piece of %s drawn at %v, the square's centre is %v", name, c, d.centreOf(t, name))
		}
	}
}

// checkLayout checks the drawn squares form the board: squares of Unit
// size, on a grid, no two alike, diagonal neighbours touching at corners
// (draughts.Geometry.Neighbor), and the variant's a1 at the bottom left
// (light on a mirrored board, where the square named a1 is not dark).
func checkLayout(t *testing.T, d drawn, v draughts.Variant) {
	t.Helper()
	g := v.Geometry()
	seen := map[[2]float64]string{}
	for name, r := range d.squares {
		if r[2] != Unit || r[3] != Unit {
			t.Errorf("square %s is %vx%v", name, r[2], r[3])
		}
		if o, dup := seen[[2]float64{r[0], r[1]}]; dup {
			t.Errorf("squares %s and %s drawn at one place", name, o)
		}
		seen[[2]float64{r[0], r[1]}] = name
	}
	for _, s := range g.Squares() {
		c := d.centreOf(t, v.SquareName(s))
		for _, dir := range draughts.Directions {
			n := g.Neighbor(s, dir)
			if n == draughts.NoSquare {
				continue
			}
			cn := d.centreOf(t, v.SquareName(n))
			if dx, dy := cn[0]-c[0], cn[1]-c[1]; (dx != Unit && dx != -Unit) || (dy != Unit && dy != -Unit) {
				t.Errorf("%s and its neighbour %s are drawn %v,%v apart", v.SquareName(s), v.SquareName(n), dx, dy)
			}
			// White's forward direction goes up the drawing.
			if dir.Up() != (cn[1] < c[1]) {
				t.Errorf("%s -> %s (direction %d) is not drawn upwards", v.SquareName(s), v.SquareName(n), dir)
			}
		}
	}
}

func render(t *testing.T, v draughts.Variant, fen string, opts *Options) (draughts.Position, []byte) {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p, SVG(&p, opts)
}

func TestStartPositionEveryVariant(t *testing.T) {
	for _, v := range draughts.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			p := draughts.Start(v)
			b := SVG(&p, &Options{Standalone: true})
			if !bytes.HasPrefix(b, []byte("<?xml")) {
				t.Error("a standalone diagram has no XML declaration")
			}
			d := readBack(t, b)
			checkPosition(t, d, &p)
			checkLayout(t, d, v)
			title := d.root.all(func(n *node) bool { return n.name == "title" })
			descs := d.root.all(func(n *node) bool { return n.name == "desc" })
			if len(title) != 1 || len(descs) != 1 || d.root.children[0] != title[0] {
				t.Fatalf("want <title> first and one <desc>")
			}
			if !strings.Contains(descs[0].text, p.FEN()) {
				t.Errorf("<desc> %q lacks the FEN", descs[0].text)
			}
			if !bytes.Equal(b, SVG(&p, &Options{Standalone: true})) {
				t.Error("two renderings differ")
			}
		})
	}
}

func TestRussianPieces(t *testing.T) {
	// Men and kings of both sides, with the side to move Black.
	fen := "B:WKa1,c3,e5:Bd8,Kh2,b6"
	p, b := render(t, draughts.Russian, fen, nil)
	d := readBack(t, b)
	checkPosition(t, d, &p)
	checkLayout(t, d, draughts.Russian)
	want := map[string]string{"a1": "white king", "c3": "white man", "e5": "white man", "d8": "black man", "h2": "black king", "b6": "black man"}
	if fmt.Sprint(d.pieces) != fmt.Sprint(want) {
		t.Errorf("pieces %v, want %v", d.pieces, want)
	}
	// a1 at the bottom left, h8 at the top right.
	a1, h8 := d.centreOf(t, "a1"), d.centreOf(t, "h8")
	if !(a1[0] < h8[0] && a1[1] > h8[1]) {
		t.Errorf("a1 at %v, h8 at %v", a1, h8)
	}
	// Coordinates: files a..h left to right, rows 8..1 top to bottom.
	var files, rows []string
	for _, tx := range d.root.all(func(n *node) bool { return n.name == "text" }) {
		if tx.text[0] >= 'a' {
			files = append(files, tx.text)
		} else {
			rows = append(rows, tx.text)
		}
	}
	if strings.Join(files, "") != "abcdefgh" || strings.Join(rows, "") != "87654321" {
		t.Errorf("coordinates %v %v", files, rows)
	}
}

func TestFlip(t *testing.T) {
	p, b := render(t, draughts.Russian, "W:Wa1:Bh8", &Options{Flip: true})
	d := readBack(t, b)
	checkPosition(t, d, &p)
	a1, h8 := d.centreOf(t, "a1"), d.centreOf(t, "h8")
	if !(a1[0] > h8[0] && a1[1] < h8[1]) {
		t.Errorf("flipped: a1 at %v, h8 at %v", a1, h8)
	}
}

// points reads an SVG points list.
func points(t *testing.T, s string) [][2]float64 {
	t.Helper()
	var out [][2]float64
	for _, f := range strings.Fields(s) {
		x, y, ok := strings.Cut(f, ",")
		if !ok {
			t.Fatalf("bad point %q", f)
		}
		out = append(out, [2]float64{num(t, x), num(t, y)})
	}
	return out
}

func near(a, b [2]float64, tol float64) bool {
	return abs(a[0]-b[0]) <= tol && abs(a[1]-b[1]) <= tol
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// checkArrow checks that the arrow a of d goes through the centres of the
// squares of path, in order, its head on the last, and crosses captured.
func checkArrow(t *testing.T, d drawn, a *node, path, captured []string) {
	t.Helper()
	if got := a.attr["data-path"]; got != strings.Join(path, " ") {
		t.Errorf("arrow path %q, want %q", got, strings.Join(path, " "))
	}
	lines := a.all(func(n *node) bool { return n.name == "polyline" })
	heads := a.all(func(n *node) bool { return hasClass(n, "head") })
	if len(lines) != 1 || len(heads) != 1 {
		t.Fatalf("arrow has %d lines and %d heads", len(lines), len(heads))
	}
	pts := points(t, lines[0].attr["points"])
	if len(pts) != len(path) {
		t.Fatalf("arrow has %d points for a path of %d squares", len(pts), len(path))
	}
	for i, name := range path[:len(path)-1] {
		if !near(pts[i], d.centreOf(t, name), 0.01) {
			t.Errorf("arrow point %d at %v, %s's centre is %v", i, pts[i], name, d.centreOf(t, name))
		}
	}
	// The head's tip is on the last square, near its centre.
	tip := points(t, heads[0].attr["points"])[0]
	if !near(tip, d.centreOf(t, path[len(path)-1]), Unit/4) {
		t.Errorf("arrow tip at %v, %s's centre is %v", tip, path[len(path)-1], d.centreOf(t, path[len(path)-1]))
	}
	var crossed []string
	for _, c := range a.all(func(n *node) bool { return hasClass(n, "captured") }) {
		crossed = append(crossed, c.attr["data-square"])
	}
	if strings.Join(crossed, " ") != strings.Join(captured, " ") {
		t.Errorf("crossed %v, want %v", crossed, captured)
	}
}

func TestArrows(t *testing.T) {
	// A king's capture of three pieces and a quiet move: the whole path.
	v := draughts.Russian
	p, err := v.ParseFEN("W:WKe1,a3:Bd2,f2,f4,d4,b4")
	if err != nil {
		t.Fatal(err)
	}
	var capture *draughts.Move
	ms := v.Moves(&p, nil)
	for i := range ms {
		if ms[i].String() == "e1:g3:e5:c3:a5" {
			capture = &ms[i]
		}
	}
	if capture == nil {
		t.Fatalf("no e1:g3:e5:c3:a5 among %v", ms)
	}
	arrows := []Arrow{MoveArrow(capture, Played), {Path: []draughts.Square{mustSquare(t, v, "a3"), mustSquare(t, v, "b4")}, Kind: Written, Label: "a3-b4"}}
	b := SVG(&p, &Options{Arrows: arrows})
	d := readBack(t, b)
	checkPosition(t, d, &p)
	as := d.root.all(func(n *node) bool { return n.name == "g" && hasClass(n, "arrow") })
	if len(as) != 2 {
		t.Fatalf("%d arrows, want 2", len(as))
	}
	if !hasClass(as[0], "played") || as[0].attr["data-move"] != "e1:g3:e5:c3:a5" {
		t.Errorf("first arrow %v", as[0].attr)
	}
	checkArrow(t, d, as[0], []string{"e1", "g3", "e5", "c3", "a5"}, []string{"f2", "f4", "d4", "b4"})
	if !hasClass(as[1], "written") {
		t.Errorf("second arrow %v", as[1].attr)
	}
	checkArrow(t, d, as[1], []string{"a3", "b4"}, nil)
	if !strings.Contains(as[1].all(func(n *node) bool { return n.name == "polyline" })[0].attr["stroke-dasharray"], " ") {
		t.Error("a written move is not dashed")
	}
	title := d.root.children[0].text
	if !strings.Contains(title, "e1:g3:e5:c3:a5") || !strings.Contains(title, "a3-b4") {
		t.Errorf("title %q lacks the moves", title)
	}
}

func mustSquare(t *testing.T, v draughts.Variant, name string) draughts.Square {
	t.Helper()
	s, ok := v.ParseSquare(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return s
}

func TestEscaping(t *testing.T) {
	p := draughts.Start(draughts.Russian)
	b := SVG(&p, &Options{Title: `<script>alert("x")</script> & co`, Desc: "a]]>b", Arrows: []Arrow{{Path: []draughts.Square{mustSquare(t, draughts.Russian, "c3")}, Label: `"><x`}}})
	d := readBack(t, b)
	if got := d.root.children[0].text; got != `<script>alert("x")</script> & co` {
		t.Errorf("title read back as %q", got)
	}
	if bytes.Contains(b, []byte("<script")) || bytes.Contains(b, []byte(`"><x`)) {
		t.Errorf("text not escaped:\n%s", b)
	}
}

// TestMirroredNames draws a board whose names are a mirror image of the
// engine's files (as Italian and Spanish name theirs) and one whose names
// are turned half round (seen from the other side): the mirrored board is
// drawn mirrored, the turned one as the plain board.
func TestMirroredNames(t *testing.T) {
	g := draughts.Board8x8()
	plain := frameOf(g, func(s draughts.Square) string { return draughts.Russian.SquareNameIn(s, false) }, false)
	alg := func(c, r int) string { return string(rune('a'+c)) + strconv.Itoa(r+1) }
	mirrored := frameOf(g, func(s draughts.Square) string { return alg(g.Width()-1-g.Col(s), g.Row(s)) }, false)
	turned := frameOf(g, func(s draughts.Square) string { return alg(g.Width()-1-g.Col(s), g.Height()-1-g.Row(s)) }, false)
	for i, s := range g.Squares() {
		want := point{g.Col(s), g.Height() - 1 - g.Row(s)}
		if plain.at[i] != want || turned.at[i] != want {
			t.Errorf("square %d: plain %v, turned %v, want %v", i, plain.at[i], turned.at[i], want)
		}
		if m := (point{g.Width() - 1 - want.x, want.y}); mirrored.at[i] != m {
			t.Errorf("square %d: mirrored %v, want %v", i, mirrored.at[i], m)
		}
	}
	if strings.Join(mirrored.files, "") != "abcdefgh" || strings.Join(turned.files, "") != "hgfedcba" {
		t.Errorf("files: mirrored %v, turned %v", mirrored.files, turned.files)
	}
	// On the mirrored board the bottom-left corner is light.
	if mirrored.at[0] != (point{7, 7}) {
		t.Errorf("the engine's first square drawn at %v on the mirrored board", mirrored.at[0])
	}
}

func TestNumbers(t *testing.T) {
	p := draughts.Start(draughts.Russian)
	b := SVG(&p, &Options{Labels: LabelsNumbers})
	d := readBack(t, b)
	texts := d.root.all(func(n *node) bool { return n.name == "text" })
	if len(texts) != 32 {
		t.Fatalf("%d numbers, want 32", len(texts))
	}
	// Each number in the top-left corner of its square.
	v := draughts.Russian
	for _, tx := range texts {
		n, _ := strconv.Atoi(tx.text)
		s := v.SquareFromNumber(n)
		r := d.squares[v.SquareName(s)]
		x, y := num(t, tx.attr["x"]), num(t, tx.attr["y"])
		if x < r[0] || x > r[0]+Unit/2 || y < r[1] || y > r[1]+Unit/2 {
			t.Errorf("number %d at %v,%v outside the corner of %s %v", n, x, y, v.SquareName(s), r)
		}
	}
	if len(readBack(t, SVG(&p, &Options{Labels: LabelsNone})).root.all(func(n *node) bool { return n.name == "text" })) != 0 {
		t.Error("labels none draws text")
	}
}

// TestEveryVariant draws, for every variant damka plays, a middlegame
// position with men and kings of both sides and arrows for some of its
// legal moves, and a capture: the SVG parses, has one square per dark
// square laid out as the board, the pieces where the position has them,
// and each arrow along its move's path. The board is drawn as the
// variant's names say: its square a1 at the bottom left, or, where a1 is
// light (a mirrored board), no square there; numbers, when the variant
// numbers its squares, in the corner of the square they name.
func TestEveryVariant(t *testing.T) {
	for _, v := range draughts.Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			g := v.Geometry()
			// A few plies from the start, then every other piece crowned.
			p := draughts.Start(v)
			for range 6 {
				ms := v.Moves(&p, nil)
				if len(ms) == 0 {
					break
				}
				p.Make(&ms[len(ms)/2])
			}
			var kings draughts.Bitboard
			for i, s := range p.Occupied().Squares() {
				if i%3 == 0 {
					kings |= s.Bit()
				}
			}
			q, err := v.NewPosition(p.Pieces[draughts.White], p.Pieces[draughts.Black], kings, p.Side)
			if err != nil {
				t.Fatal(err)
			}
			ms := v.Moves(&q, nil)
			var arrows []Arrow
			for i := 0; i < len(ms) && i < 3; i++ {
				arrows = append(arrows, MoveArrow(&ms[i], Kind(i%3)))
			}
			b := SVG(&q, &Options{Arrows: arrows})
			d := readBack(t, b)
			checkPosition(t, d, &q)
			checkLayout(t, d, v)
			as := d.root.all(func(n *node) bool { return n.name == "g" && hasClass(n, "arrow") })
			if len(as) != len(arrows) {
				t.Fatalf("%d arrows drawn, %d given", len(as), len(arrows))
			}
			for i, a := range as {
				var path, captured []string
				for _, s := range arrows[i].Path {
					path = append(path, v.SquareName(s))
				}
				for _, s := range arrows[i].Captured {
					captured = append(captured, v.SquareName(s))
				}
				checkArrow(t, d, a, path, captured)
			}
			// The FEN read back draws the same bytes.
			r, err := v.ParseFEN(q.FEN())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(SVG(&r, &Options{Arrows: arrows}), b) {
				t.Error("the position read back from its FEN is drawn differently")
			}

			// The board as its names say: a1 in a corner of its long
			// diagonal, at the bottom left or, for names read from the
			// other side (English, Pool: seen from Black, who moves first),
			// at the top right; where a1 is light (a mirrored board) no
			// square in either corner.
			minX, maxX, minY, maxY := 1e9, -1e9, 1e9, -1e9
			for _, r := range d.squares {
				minX, maxX, minY, maxY = min(minX, r[0]), max(maxX, r[0]), min(minY, r[1]), max(maxY, r[1])
			}
			corner := func(r [4]float64) bool { return r[0] == minX && r[1] == maxY || r[0] == maxX && r[1] == minY }
			a1, dark := v.ParseSquare("a1")
			if dark && !corner(d.squares[v.SquareName(a1)]) {
				t.Errorf("a1 drawn at %v, not at the bottom left or the top right", d.squares[v.SquareName(a1)])
			}
			for name, r := range d.squares {
				if !dark && corner(r) {
					t.Errorf("a1 is light, yet %s is drawn in its corner", name)
				}
			}

			// A capture by a man and one by a king: up and right from a
			// square that has two squares beyond it; straight up where
			// the pieces go along files and rows (Turkish).
			up := func(s draughts.Square) draughts.Square {
				if s == draughts.NoSquare {
					return s
				}
				if v.Rules().Straight {
					return g.SquareAt(g.Col(s), g.Row(s)+1)
				}
				return g.Neighbor(s, draughts.UpRight)
			}
			for _, king := range []bool{false, true} {
				if king && v.Rules().FirstKingWins {
					// Breakthrough: a king on the board has ended the game.
					continue
				}
				var from, over, to draughts.Square = draughts.NoSquare, draughts.NoSquare, draughts.NoSquare
				for _, s := range g.Squares() {
					o := up(s)
					if o == draughts.NoSquare || up(o) == draughts.NoSquare || g.Row(s) == 0 {
						continue
					}
					from, over, to = s, o, up(o)
					break
				}
				var k draughts.Bitboard
				if king {
					k = from.Bit()
				}
				cp, err := v.NewPosition(from.Bit(), over.Bit(), k, draughts.White)
				if err != nil {
					t.Fatal(err)
				}
				var capture *draughts.Move
				cms := v.Moves(&cp, nil)
				for i := range cms {
					if cms[i].To == to && cms[i].IsCapture() {
						capture = &cms[i]
					}
				}
				if capture == nil {
					t.Fatalf("no capture %s over %s to %s among %v", v.SquareName(from), v.SquareName(over), v.SquareName(to), cms)
				}
				cd := readBack(t, SVG(&cp, &Options{Arrows: []Arrow{MoveArrow(capture, Played)}}))
				checkPosition(t, cd, &cp)
				ca := cd.root.all(func(n *node) bool { return n.name == "g" && hasClass(n, "arrow") })
				checkArrow(t, cd, ca[0], []string{v.SquareName(from), v.SquareName(to)}, []string{v.SquareName(over)})
			}

			// Numbers, as the variant numbers its squares.
			nd := readBack(t, SVG(&q, &Options{Labels: LabelsNumbers}))
			texts := nd.root.all(func(n *node) bool { return n.name == "text" })
			if len(texts) != g.NumSquares() {
				t.Fatalf("%d numbers for %d squares", len(texts), g.NumSquares())
			}
			for _, tx := range texts {
				n, _ := strconv.Atoi(tx.text)
				s := v.SquareFromNumber(n)
				r, ok := nd.squares[v.SquareName(s)]
				x, y := num(t, tx.attr["x"]), num(t, tx.attr["y"])
				if !ok || x < r[0] || x > r[0]+Unit/2 || y < r[1] || y > r[1]+Unit/2 {
					t.Errorf("number %d at %v,%v, not in the corner of its square %s", n, x, y, v.SquareName(s))
				}
			}
			if v.DefaultStyle().Numeric {
				if auto := readBack(t, SVG(&q, nil)); len(auto.root.all(func(n *node) bool { return n.name == "text" })) != g.NumSquares() {
					t.Error("a numeric variant's diagram is not numbered by default")
				}
			}
		})
	}
}

// BenchmarkSVG draws a middlegame position with two arrows, as a report
// does for each worst move.
func BenchmarkSVG(b *testing.B) {
	v := draughts.Russian
	p, err := v.ParseFEN("W:WKe1,a3,c3,e3,g3,b2,h2:Bd2,f2,f4,d4,b4,Kh8,a7,c7")
	if err != nil {
		b.Fatal(err)
	}
	ms := v.Moves(&p, nil)
	opts := &Options{Arrows: []Arrow{MoveArrow(&ms[0], Played), MoveArrow(&ms[len(ms)-1], Best)}}
	b.ReportAllocs()
	for b.Loop() {
		SVG(&p, opts)
	}
}

func TestTextControlCharacters(t *testing.T) {
	p := draughts.Start(draughts.Russian)
	b := SVG(&p, &Options{Title: "a\x01b\xffc\td"})
	d := readBack(t, b) // fails on a character XML refuses
	if got := d.root.children[0].text; !strings.HasPrefix(got, "a") || !strings.HasSuffix(got, "c\td") {
		t.Errorf("title read back as %q", got)
	}
}

// TestVariantCorners pins where the corner squares of each variant's
// board are drawn, as its literature shows the board (White at the
// bottom): the square named in each drawn cell (column, row from the
// top), "" for a light one.
func TestVariantCorners(t *testing.T) {
	algebraic := map[[2]int]string{{0, 7}: "a1", {7, 7}: "", {6, 7}: "g1", {7, 0}: "h8", {0, 0}: ""}
	numeric10 := map[[2]int]string{{1, 0}: "1", {9, 0}: "5", {0, 9}: "46", {8, 9}: "50", {0, 0}: "", {9, 9}: ""}
	checkers := map[[2]int]string{{1, 0}: "1", {7, 0}: "4", {0, 7}: "29", {6, 7}: "32", {0, 0}: ""}
	want := map[string]map[[2]int]string{
		"russian": algebraic, "giveaway": algebraic, "brazilian": algebraic, "czech": algebraic,
		"international": numeric10, "antidraughts": numeric10,
		"frisian": numeric10, "frysk": numeric10, "breakthrough": numeric10, "thai": algebraic,
		"english": checkers, "pool": checkers,
		// 12x12, numbered as International: 1 = b12, 6 = l12, 67 = a1, 72 = k1.
		"canadian": {{1, 0}: "1", {11, 0}: "6", {0, 11}: "67", {10, 11}: "72", {0, 0}: "", {11, 11}: ""},
		// Every square played.
		"turkish": {{0, 7}: "a1", {7, 7}: "h1", {1, 7}: "b1", {7, 0}: "h8", {0, 0}: "a8"},
		// Mirrored boards: a1 is light.
		"italian": {{0, 0}: "1", {7, 7}: "32", {0, 7}: "", {7, 0}: ""},
		"spanish": {{7, 7}: "1", {0, 0}: "32", {0, 7}: "", {7, 0}: ""},
	}
	for _, v := range draughts.Variants() {
		cells, ok := want[v.Name()]
		if !ok {
			t.Errorf("no corners known for %s: add them", v.Name())
			continue
		}
		p := draughts.Start(v)
		d := readBack(t, SVG(&p, &Options{Labels: LabelsNone}))
		at := map[[2]int]string{}
		for name, r := range d.squares {
			at[[2]int{int(r[0]) / Unit, int(r[1]) / Unit}] = name
		}
		for cell, name := range cells {
			if at[cell] != name {
				t.Errorf("%s: drawn at column %d, row %d: %q, want %q", v.Name(), cell[0], cell[1], at[cell], name)
			}
		}
	}
}

// The description of a Canadian position names every piece, those of
// rows 11 and 12 (past bit 63 of the 12x12 board) too.
func TestDescCanadian(t *testing.T) {
	p := draughts.Start(draughts.Canadian)
	d := desc(&p, draughts.Canadian, &Options{})
	// In the board's order, row by row from White's side.
	var black []string
	for _, s := range draughts.Canadian.Geometry().Squares() {
		if n := draughts.Canadian.SquareNumber(s); n <= 30 {
			black = append(black, fmt.Sprint(n))
		}
	}
	if want := " Black men: " + strings.Join(black, ", ") + "."; len(black) != 30 || !strings.Contains(d, want) {
		t.Errorf("description %q, want %q", d, want)
	}
}
