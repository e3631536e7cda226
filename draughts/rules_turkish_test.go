package draughts

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The rules of Turkish draughts (dama), as the Turkish row of the variant
// table cites them (Wikipedia's "Turkish draughts", Mindsports' "Dama",
// iggamecenter's and draughts.github.io's rules, damaturk.com after
// A. E. Örnek). They are not in docs/rules.md, the Russian rules:
// each case names the rule in words, and the Russian rule it differs from
// where there is one.
func TestRulesTurkish(t *testing.T) {
	tests := []struct {
		rule string
		fen  string
		want string
	}{
		{"16 men each on the second and third rows; only the front row can move, forward", Turkish.StartFEN(),
			"a3-a4 b3-b4 c3-c4 d3-d4 e3-e4 f3-f4 g3-g4 h3-h4"},
		{"a man moves one square forward or sideways, never back nor diagonally", "W:Wd4:Bh8", "d4-c4 d4-d5 d4-e4"},
		{"Black's men go down the board", "B:Wa1:Bd5", "d5-c5 d5-d4 d5-e5"},
		{"a man reaching the last row is crowned", "W:Wc7:Bh1", "c7-b7 c7-c8(K) c7-d7"},
		{"a king moves along files and rows at any distance (not R-KNG-1's diagonals)", "W:WKb2:Bh8",
			"b2-a2 b2-b1 b2-b3 b2-b4 b2-b5 b2-b6 b2-b7 b2-b8 b2-c2 b2-d2 b2-e2 b2-f2 b2-g2 b2-h2"},
		{"a man captures forward and sideways by jumping, never backwards (not R-CAP-2)", "W:Wd4:Bd3,c4,e4,d5", "d4:b4 d4:d6 d4:f4"},
		{"a king captures at any distance and lands on any empty square behind", "W:WKa1:Ba4", "a1:a5 a1:a6 a1:a7 a1:a8"},
		{"the capture of the most pieces is compulsory (not R-CAP-5's free choice)", "W:Wa3,h3:Ba4,h4,h6", "h3:h5:h7"},
		{"men and kings count alike in the majority", "W:Wa3,h3:BKa4,h4,h6", "h3:h5:h7"},
		{"no turn of 180 degrees within a capture (d4:d7:d1 is forbidden)", "W:WKd4:Bd6,d2", "d4:d1 d4:d7 d4:d8"},
		{"a man crowned in a capture goes on as a king (as R-CAP-7), along the last row", "W:Wc6:Bc7,f8", "c6:c8:g8(K) c6:c8:h8(K)"},
		{"Black is crowned on row 1", "B:Wf1,c2:Bc3", "c3:c1:g1(K) c3:c1:h1(K)"},
		{"each piece leaves the board as it is taken: the king crosses b1 again (not R-CAP-6)", "W:WKa1:BKb1,c3,b4,a2,Kd1",
			"a1:c1:c4:a4:a1:e1 a1:c1:c4:a4:a1:f1 a1:c1:c4:a4:a1:g1 a1:c1:c4:a4:a1:h1"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			if got := strings.Join(legal(t, Turkish, tt.fen), " "); got != tt.want {
				t.Errorf("%s\n got  %q\n want %q", tt.fen, got, tt.want)
			}
		})
	}
	// The pieces of the last case, in the order they were taken: the
	// fifth jump, a1:e1, crosses b1, taken first.
	p, _ := Turkish.ParseFEN("W:WKa1:BKb1,c3,b4,a2,Kd1")
	m := Turkish.Moves(&p, nil)[0]
	var taken []string
	for _, s := range m.CapturedInOrder() {
		taken = append(taken, Turkish.SquareName(s))
	}
	if got := strings.Join(taken, " "); got != "b1 c3 b4 a2 d1" {
		t.Errorf("%s: taken in order %s", m.String(), got)
	}
	q := p.Play(&m)
	if q.Pieces[Black] != 0 || !q.Kings.Has(m.To) {
		t.Errorf("after %s: %s", m.String(), q.FEN())
	}
	// A king that ends its capture on the square of a king it took first
	// stays a king there, and the hash is the position's.
	p, _ = Turkish.ParseFEN("W:WKa4:BKc4,Ke6,d7,c6")
	ms, err := Turkish.Match(&p, "a4:e4:e7:c7:c4")
	if err != nil || len(ms) != 1 {
		t.Fatalf("a4:e4:e7:c7:c4: %v %v", ms, err)
	}
	q = p.Play(&ms[0][0])
	if q.FEN() != "B:WKc4:B" || q.Hash() != q.RecomputeHash() {
		t.Errorf("after a4:e4:e7:c7:c4: %s, hash %x, recomputed %x", q.FEN(), q.Hash(), q.RecomputeHash())
	}
}

// The notation Turkish players write: algebraic squares a1-h8 (every
// square), "d3-d4", captures with "x" or ":".
func TestNotationTurkish(t *testing.T) {
	p, err := Turkish.ParseFEN("W:Wd4,a2:Bd5,e6")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FEN(); got != "W:Wa2,d4:Bd5,e6" {
		t.Errorf("FEN %s", got)
	}
	for _, text := range []string{"d4xd6xf6", "d4:d6:f6", "d4-d6-f6", "d4xf6"} {
		ms, err := Turkish.Match(&p, text)
		if err != nil || len(ms) != 1 || ms[0][0].String() != "d4:d6:f6" {
			t.Errorf("%s: %v %v", text, ms, err)
		}
	}
	q, _ := Turkish.ParseFEN("W:Wa2:Bh8")
	for text, want := range map[string]string{"a2-a3": "a2-a3", "a2-b2": "a2-b2"} {
		if ms, err := Turkish.Match(&q, text); err != nil || len(ms) != 1 || ms[0][0].String() != want {
			t.Errorf("%s: %v %v", text, ms, err)
		}
	}
	if ms, err := Turkish.Match(&q, "a2-b3"); err == nil && len(ms) > 0 {
		t.Error("a2-b3, a diagonal step, matched")
	}
	if s, ok := Turkish.ParseSquare("b1"); !ok || Turkish.SquareName(s) != "b1" || Turkish.Geometry().Index(s) != 1 {
		t.Errorf("b1: %v %v", s, ok)
	}
	if n := Turkish.Geometry().NumSquares(); n != 64 {
		t.Errorf("%d squares", n)
	}
}

// Published perft counts of Turkish draughts from the start: kish's
// README (the Rust crate kish, "A high-performance Turkish Draughts
// (Dama) engine", its Perft table: depth 5 85,090, 6 931,312, 7
// 10,782,382), which counts every landing-square path: at depth 7 a
// king first has two paths to one result, and the counts of sequences
// and of results are 10,782,308 (the brute force below gives the same
// three numbers at depth 7; it is run to depth 6 here, for time). Depths
// 1-4 are the brute force's. No other published counts were found (dctl
// has no Turkish traits).
func TestPerftTurkishPublished(t *testing.T) {
	p := Start(Turkish)
	paths := []uint64{1, 8, 64, 708, 7538, 85090, 931312, 10782382}
	results := []uint64{1, 8, 64, 708, 7538, 85090, 931312, 10782308}
	depth := 6
	if !testing.Short() {
		depth = 7
	}
	for d := 1; d <= depth; d++ {
		if got := Turkish.Perft(&p, d, CountLandings); got != paths[d] {
			t.Errorf("perft(%d) paths = %d, want %d", d, got, paths[d])
		}
		for _, c := range []Counting{CountSequences, CountResults} {
			if got := Turkish.Perft(&p, d, c); got != results[d] {
				t.Errorf("perft(%d) %s = %d, want %d", d, c, got, results[d])
			}
		}
	}
}

// An independent generator of Turkish moves on a plain 8x8 array, written
// from the rules (not from the engine: no bitboards, no tables), to check
// the engine against on random positions and by perft.
type tkBoard [8][8]int8 // [row][col]: 0 empty, ±1 a man, ±2 a king; + White

type tkMove struct {
	path     []int  // row*8+col of the start and every landing square
	captured uint64 // bit row*8+col of every piece taken
	promotes bool
	after    tkBoard
}

func (m tkMove) key() string {
	return fmt.Sprint(m.path, m.captured, m.promotes)
}

var tkDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} // up, down, right, left

func tkOn(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }

// tkMoves lists every legal move of side (+1 White, -1 Black) on b.
func tkMoves(b tkBoard, side int8) []tkMove {
	var caps []tkMove
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if b[r][c]*side <= 0 {
				continue
			}
			king := b[r][c]*side == 2
			nb := b
			nb[r][c] = 0
			tkJumps(nb, side, r, c, king, king, -1, []int{r*8 + c}, 0, &caps)
		}
	}
	if len(caps) > 0 {
		most := 0
		for _, m := range caps {
			most = max(most, len(m.path)-1)
		}
		var out []tkMove
		for _, m := range caps {
			if len(m.path)-1 == most {
				out = append(out, m)
			}
		}
		return out
	}
	var out []tkMove
	last := 7
	if side < 0 {
		last = 0
	}
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if b[r][c]*side <= 0 {
				continue
			}
			king := b[r][c]*side == 2
			for _, d := range tkDirs {
				if !king && d[0] == -int(side) {
					continue // a man never moves back
				}
				for k := 1; k < 8; k++ {
					tr, tc := r+k*d[0], c+k*d[1]
					if !tkOn(tr, tc) || b[tr][tc] != 0 {
						break
					}
					nb := b
					nb[r][c] = 0
					crown := !king && tr == last
					nb[tr][tc] = b[r][c]
					if crown {
						nb[tr][tc] = 2 * side
					}
					out = append(out, tkMove{path: []int{r*8 + c, tr*8 + tc}, promotes: crown, after: nb})
					if !king {
						break
					}
				}
			}
		}
	}
	return out
}

// tkJumps extends a capture by the piece of side that stands (off the
// board b, its start emptied) on r, c, adding every finished capture to
// out. lastDir is the direction of the last jump (-1 before the first).
func tkJumps(b tkBoard, side int8, r, c int, king, wasKing bool, lastDir int, path []int, captured uint64, out *[]tkMove) {
	last := 7
	if side < 0 {
		last = 0
	}
	found := false
	for di, d := range tkDirs {
		if lastDir >= 0 && d[0] == -tkDirs[lastDir][0] && d[1] == -tkDirs[lastDir][1] {
			continue // no turn of 180 degrees
		}
		if !king && d[0] == -int(side) {
			continue // men capture forward and sideways only
		}
		// The piece jumped: next to a man, the first piece along the
		// line for a king.
		k := 1
		for king && tkOn(r+k*d[0], c+k*d[1]) && b[r+k*d[0]][c+k*d[1]] == 0 {
			k++
		}
		er, ec := r+k*d[0], c+k*d[1]
		if !tkOn(er, ec) || b[er][ec]*side >= 0 {
			continue
		}
		for j := 1; ; j++ {
			lr, lc := er+j*d[0], ec+j*d[1]
			if !tkOn(lr, lc) || b[lr][lc] != 0 || !king && j > 1 {
				break
			}
			found = true
			nb := b
			nb[er][ec] = 0 // removed at once
			np := append(slices.Clone(path), lr*8+lc)
			crown := king || lr == last
			tkJumps(nb, side, lr, lc, crown, wasKing, di, np, captured|1<<(er*8+ec), out)
		}
	}
	if !found && len(path) > 1 {
		nb := b
		nb[r][c] = side
		if king {
			nb[r][c] = 2 * side
		}
		*out = append(*out, tkMove{path: path, captured: captured, promotes: king && !wasKing, after: nb})
	}
}

// tkFrom is the array of p, read through the engine's public squares.
func tkFrom(p *Position) tkBoard {
	var b tkBoard
	g := Turkish.Geometry()
	for _, s := range g.Squares() {
		var v int8
		switch {
		case p.Pieces[White].Has(s):
			v = 1
		case p.Pieces[Black].Has(s):
			v = -1
		}
		if p.Kings.Has(s) {
			v *= 2
		}
		b[g.Row(s)][g.Col(s)] = v
	}
	return b
}

func tkSide(c Color) int8 {
	if c == White {
		return 1
	}
	return -1
}

// engineKeys writes the moves of the engine as the brute force does.
func engineKeys(p *Position) []string {
	g := Turkish.Geometry()
	var out []string
	for _, m := range Turkish.Moves(p, nil) {
		var path []int
		for _, s := range m.Path() {
			path = append(path, g.Row(s)*8+g.Col(s))
		}
		var cap uint64
		for _, s := range m.CapturedInOrder() {
			cap |= 1 << (g.Row(s)*8 + g.Col(s))
		}
		out = append(out, tkMove{path: path, captured: cap, promotes: m.Promotes}.key())
	}
	sort.Strings(out)
	return out
}

// The engine lists the same moves as the brute force, path by path, on
// random positions and positions of random games, and every move leads
// to the same position.
func TestTurkishAgainstBruteForce(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	ps := append(randomPositions(Turkish, n, 2626), gamePositions(Turkish, n/2, 26)...)
	caps, kings, long := 0, 0, 0
	for i := range ps {
		p := &ps[i]
		b := tkFrom(p)
		bm := tkMoves(b, tkSide(p.Side))
		var want []string
		for _, m := range bm {
			want = append(want, m.key())
		}
		sort.Strings(want)
		got := engineKeys(p)
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\n engine %v\n brute  %v", p.FEN(), got, want)
		}
		// Same results: play each engine move and compare the arrays.
		results := map[string]bool{}
		for _, m := range bm {
			results[fmt.Sprint(m.after)] = true
		}
		for _, m := range Turkish.Moves(p, nil) {
			q := p.Play(&m)
			if q.Hash() != q.RecomputeHash() {
				t.Fatalf("%s: %s: the hash after it is not the position's", p.FEN(), m.String())
			}
			if !results[fmt.Sprint(tkFrom(&q))] {
				t.Fatalf("%s: %s leads to %s, no result of the brute force", p.FEN(), m.String(), q.FEN())
			}
			if m.IsCapture() {
				caps++
				if p.Kings.Has(m.From) {
					kings++
				}
				if m.NumCaptured() >= 4 {
					long++
				}
			}
		}
		if len(bm) == 0 != !Turkish.HasMoves(p) {
			t.Fatalf("%s: HasMoves %v, brute force %d moves", p.FEN(), Turkish.HasMoves(p), len(bm))
		}
	}
	// The positions exercise what they should.
	if caps < n/10 || kings < n/100 || long < n/1000 {
		t.Errorf("%d captures, %d by kings, %d of 4 pieces or more: too few", caps, kings, long)
	}
}

// tkPerft counts the leaves of the brute force's tree: every path, or
// every distinct result, of each position.
func tkPerft(b tkBoard, side int8, depth int, results bool) uint64 {
	if depth == 0 {
		return 1
	}
	ms := tkMoves(b, side)
	var n uint64
	seen := map[tkBoard]bool{}
	for _, m := range ms {
		if results {
			if seen[m.after] {
				continue
			}
			seen[m.after] = true
		}
		n += tkPerft(m.after, -side, depth-1, results)
	}
	return n
}

// Perft of the engine equal to the brute force's, in both conventions
// (every landing path, every distinct result), from the start and from
// positions with kings.
func TestPerftTurkishBruteForce(t *testing.T) {
	depth := 4
	if !testing.Short() {
		depth = 6
	}
	fens := []string{Turkish.StartFEN(), "W:WKd4,a3,b3,g2:Bd6,d2,c5,f5,Kh7,a6", "B:WKa1,c3,e3,f4,h2:BKh8,b6,c6,e6,f6,g5"}
	for i, fen := range fens {
		p, err := Turkish.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		d := depth
		if i > 0 {
			d-- // kings: many more moves
		}
		for _, c := range []Counting{CountLandings, CountResults} {
			want := tkPerft(tkFrom(&p), tkSide(p.Side), d, c == CountResults)
			if got := Turkish.Perft(&p, d, c); got != want {
				t.Errorf("%s perft(%d) %s = %d, brute force %d", fen, d, c, got, want)
			}
		}
	}
}

// The sample game of testdata/variants/turkish.pdn (a random game damka
// played itself: no Turkish archive is at hand) is legal move by move by
// the brute force's rules, not only by the engine's, and ends with the
// side to move without a move, as its result says.
func TestTurkishSampleBruteForce(t *testing.T) {
	text, err := os.ReadFile("../testdata/variants/turkish.pdn")
	if err != nil {
		t.Fatal(err)
	}
	p := Start(Turkish)
	plies := 0
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "[") {
			continue
		}
		for _, tok := range strings.Fields(line) {
			if strings.HasSuffix(tok, ".") || tok == "2-0" || tok == "0-2" {
				continue
			}
			groups, err := Turkish.Match(&p, tok)
			if err != nil || len(groups) != 1 {
				t.Fatalf("ply %d %s: %v %v", plies+1, tok, groups, err)
			}
			m := groups[0][0]
			var keys []string
			for _, b := range tkMoves(tkFrom(&p), tkSide(p.Side)) {
				keys = append(keys, b.key())
			}
			if k := engineKeys(&p); !slices.Equal(k, sortedCopy(keys)) {
				t.Fatalf("ply %d %s: engine %v, brute force %v", plies+1, tok, k, keys)
			}
			p.Make(&m)
			plies++
		}
	}
	if plies != 57 || len(tkMoves(tkFrom(&p), tkSide(p.Side))) != 0 || p.Side != Black {
		t.Errorf("%d plies, then %s", plies, p.FEN())
	}
}

func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	sort.Strings(out)
	return out
}

// The full board: 64 squares, every one named; a diagonal step by Shift
// (which wraps round on a board without ghosts, unless masked) is the
// neighbour of the tables or nothing; the half turn maps a1 to h8.
func TestBoard8x8Full(t *testing.T) {
	g := Board8x8Full()
	if g.NumSquares() != 64 || g.StartMen() != 16 || !g.Full() || Board8x8().Full() {
		t.Fatalf("%d squares, %d men", g.NumSquares(), g.StartMen())
	}
	for _, s := range g.Squares() {
		for _, d := range Directions {
			want := Bitboard(0)
			if n := g.Neighbor(s, d); n != NoSquare {
				want = n.Bit()
			}
			if got := g.Shift(s.Bit(), d); got != want {
				t.Errorf("%s: Shift %d = %v, neighbour %v", Turkish.SquareName(s), d, got.Squares(), want.Squares())
			}
		}
		f := g.Flip(s.Bit()).First()
		if g.Col(f) != 7-g.Col(s) || g.Row(f) != 7-g.Row(s) {
			t.Errorf("%s flips to %s", Turkish.SquareName(s), Turkish.SquareName(f))
		}
	}
}
