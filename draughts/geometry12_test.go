package draughts

import "testing"

// The 12x12 board against a derivation of its own from (col, row): the
// layout of Geometry's documentation (rows of 6 bits read right to left,
// a ghost after each odd row), the numbering of Canadian draughts (1-72
// row by row from Black's side, each row left to right as White sees
// it: 1 is b12, 6 is l12, 67 is a1, 72 is k1), the steps, rays, rows,
// files, promotion rows and the half turn.

// bit12 is the bit of the dark square at (c, r) of the 12x12 layout.
func bit12(c, r int) Square { return Square(13*(r/2) + 6*(r%2) + (11-c)/2) }

// at12 is the square at (c, r), NoSquare off the board or on a light one.
func at12(c, r int) Square {
	if c < 0 || c >= 12 || r < 0 || r >= 12 || (c+r)%2 != 0 {
		return NoSquare
	}
	return bit12(c, r)
}

// canadianNumber12 is the square of number n (1-72) of Canadian draughts.
func canadianNumber12(n int) (c, r int) {
	r = 11 - (n-1)/6
	return 2*((n-1)%6) + r%2, r
}

func TestGeometry12x12Squares(t *testing.T) {
	g := Board12x12()
	if Board12x12() != g {
		t.Fatal("Board12x12 builds a second board")
	}
	if g.NumSquares() != 72 || g.nbits != 77 || g.StartMen() != 30 || g.Width() != 12 || g.Height() != 12 || g.Name() != "12x12" {
		t.Fatalf("12x12: %d squares, %d bits, %d men, %dx%d %q", g.NumSquares(), g.nbits, g.StartMen(), g.Width(), g.Height(), g.Name())
	}
	if got := [4]uint8{g.shift[UpLeft], g.shift[UpRight], g.shift[DownLeft], g.shift[DownRight]}; got != [4]uint8{7, 6, 6, 7} {
		t.Errorf("shifts %v, want [7 6 6 7]", got)
	}
	for n, want := range map[int][2]int{1: {1, 11}, 6: {11, 11}, 7: {0, 10}, 67: {0, 0}, 72: {10, 0}} {
		if c, r := canadianNumber12(n); c != want[0] || r != want[1] {
			t.Errorf("number %d at (%d,%d), want %v", n, c, r, want)
		}
	}
	var isSquare [256]bool
	for n := 1; n <= 72; n++ {
		c, r := canadianNumber12(n)
		s := bit12(c, r)
		if isSquare[s] {
			t.Fatalf("number %d: bit %d twice", n, s)
		}
		isSquare[s] = true
		if g.SquareAt(c, r) != s || !g.Has(s) || g.Col(s) != c || g.Row(s) != r {
			t.Errorf("number %d (%c%d): SquareAt %d, want bit %d; Has %v, Col %d, Row %d",
				n, 'a'+c, r+1, g.SquareAt(c, r), s, g.Has(s), g.Col(s), g.Row(s))
		}
		if i := r*6 + c/2; g.Index(s) != i || g.Squares()[i] != s {
			t.Errorf("number %d: Index %d, want %d", n, g.Index(s), i)
		}
	}
	for s := range 256 {
		if isSquare[s] {
			continue
		}
		sq := Square(s)
		if g.Has(sq) || g.Index(sq) != -1 || g.Col(sq) != -1 || g.Row(sq) != -1 || g.board2.has(sq) && s < 128 {
			t.Errorf("bit %d is no square: Has %v, Index %d, Col %d, Row %d", s, g.Has(sq), g.Index(sq), g.Col(sq), g.Row(sq))
		}
	}
	for _, ghost := range []Square{12, 25, 38, 51, 64} {
		if isSquare[ghost] {
			t.Errorf("bit %d is a square, want a ghost", ghost)
		}
	}
	for c := range 12 {
		for r := range 12 {
			if g.SquareAt(c, r) != at12(c, r) {
				t.Errorf("SquareAt(%d,%d) = %d, want %d", c, r, g.SquareAt(c, r), at12(c, r))
			}
		}
	}
}

// set12 is the two-word set of the dark squares of (c, r) that keep.
func set12(keep func(c, r int) bool) (b set[[2]uint64]) {
	for c := range 12 {
		for r := range 12 {
			if s := at12(c, r); s != NoSquare && keep(c, r) {
				b = b.or(bitOf[[2]uint64](s))
			}
		}
	}
	return b
}

func TestGeometry12x12Masks(t *testing.T) {
	g := Board12x12()
	all := set12(func(int, int) bool { return true })
	if g.board2 != all || all.count() != 72 || g.Board() != Bitboard(all.w[0]) {
		t.Errorf("board2 %x, want %x", g.board2.w, all.w)
	}
	for i := range 12 {
		row := set12(func(_, r int) bool { return r == i })
		file := set12(func(c, _ int) bool { return c == i })
		if g.rows2[i] != row || g.RowMask(i) != Bitboard(row.w[0]) || row.count() != 6 {
			t.Errorf("row %d: %x, want %x", i, g.rows2[i].w, row.w)
		}
		if g.files2[i] != file || g.FileMask(i) != Bitboard(file.w[0]) || file.count() != 6 {
			t.Errorf("file %d: %x, want %x", i, g.files2[i].w, file.w)
		}
	}
	if g.promo2[White] != set12(func(_, r int) bool { return r == 11 }) || g.promo2[Black] != set12(func(_, r int) bool { return r == 0 }) {
		t.Errorf("promotion rows %x %x", g.promo2[White].w, g.promo2[Black].w)
	}
	if g.promo2[White].w[0] != 0 || g.PromotionRow(White) != 0 || g.PromotionRow(Black) != Bitboard(g.promo2[Black].w[0]) {
		t.Errorf("White's promotion row must be all in the high word")
	}
	if g.flip2(all) != all {
		t.Errorf("flip of the board %x", g.flip2(all).w)
	}
	// The eight steps as Geometry's directions name them; rowNext goes to
	// the higher bit, leftwards on a board read right to left.
	steps := [numDirs][2]int{UpLeft: {-1, 1}, UpRight: {1, 1}, DownLeft: {-1, -1}, DownRight: {1, -1},
		fileUp: {0, 2}, rowNext: {-2, 0}, rowPrev: {2, 0}, fileDown: {0, -2}}
	var some set[[2]uint64]
	for c := range 12 {
		for r := range 12 {
			s := at12(c, r)
			if s == NoSquare {
				continue
			}
			if (c*5+r*7)%3 == 0 {
				some = some.or(bitOf[[2]uint64](s))
			}
			if got, want := g.flip2(bitOf[[2]uint64](s)), bitOf[[2]uint64](at12(11-c, 11-r)); got != want {
				t.Errorf("flip of %c%d: %x, want %x", 'a'+c, r+1, got.w, want.w)
			}
			for d, st := range steps {
				n := at12(c+st[0], r+st[1])
				if g.neighbor[s][d] != n {
					t.Errorf("%c%d: neighbour in %d is %d, want %d", 'a'+c, r+1, d, g.neighbor[s][d], n)
				}
				var ray set[[2]uint64]
				for k := 1; ; k++ {
					t := at12(c+k*st[0], r+k*st[1])
					if t == NoSquare {
						break
					}
					ray = ray.or(bitOf[[2]uint64](t))
				}
				if g.ray2[s][d] != ray || g.ray[s][d] != Bitboard(ray.w[0]) || g.ray1[s][d] != setOf[[1]uint64](Bitboard(ray.w[0])) {
					t.Errorf("%c%d: ray in %d is %x, want %x", 'a'+c, r+1, d, g.ray2[s][d].w, ray.w)
				}
				if d < 4 {
					var want set[[2]uint64]
					if n != NoSquare {
						want = bitOf[[2]uint64](n)
					}
					if got := g.shift2(bitOf[[2]uint64](s), Direction(d)); got != want {
						t.Errorf("%c%d: step in %d is %x, want %x", 'a'+c, r+1, d, got.w, want.w)
					}
				}
			}
		}
	}
	if some.w[1] == 0 || g.flip2(g.flip2(some)) != some {
		t.Errorf("flip twice of %x", some.w)
	}
}

// The two-word masks of the boards of one word are their one-word masks,
// and the one-word tables are what they were before 12x12 had two words:
// checked against the ray walk of the neighbour table.
func TestGeometryTwoWordMasksOneWordBoards(t *testing.T) {
	for _, g := range []*Geometry{Board8x8(), Board10x10(), Board8x8Full()} {
		if g.board2 != setOf[[2]uint64](g.board) {
			t.Errorf("%s: board2", g)
		}
		for c := range [2]Color{White, Black} {
			if g.promo2[c] != setOf[[2]uint64](g.promo[c]) {
				t.Errorf("%s: promo2", g)
			}
		}
		for i := range g.rows {
			if g.rows2[i] != setOf[[2]uint64](g.rows[i]) {
				t.Errorf("%s: rows2[%d]", g, i)
			}
		}
		for i := range g.files {
			if g.files2[i] != setOf[[2]uint64](g.files[i]) {
				t.Errorf("%s: files2[%d]", g, i)
			}
		}
		for _, s := range g.squares {
			if got, want := g.flip2(bitOf[[2]uint64](s)), setOf[[2]uint64](g.Flip(s.Bit())); got != want {
				t.Errorf("%s: flip2 of %d", g, s)
			}
			for d := range numDirs {
				var r Bitboard
				for t := g.neighbor[s][d]; t != NoSquare; t = g.neighbor[t][d] {
					r |= t.Bit()
				}
				if g.ray[s][d] != r || g.ray2[s][d] != setOf[[2]uint64](r) || g.ray1[s][d] != setOf[[1]uint64](r) {
					t.Errorf("%s: ray of %d in %d", g, s, d)
				}
			}
		}
		for s := 64; s < 256; s++ {
			if g.Has(Square(s)) || g.Index(Square(s)) != -1 || g.Col(Square(s)) != -1 || g.Row(Square(s)) != -1 {
				t.Errorf("%s: bit %d", g, s)
			}
		}
	}
}

// The capture search of a 12x12 board takes the promotion row from the
// two-word mask: White's is all in the high word.
func TestMovegenInitPromotionRow12x12(t *testing.T) {
	sp := *International.spec()
	sp.geo = Board12x12()
	for _, c := range [2]Color{White, Black} {
		var g movegen[[2]uint64]
		g.init(&sp, &Position{Side: c}, nil, sp.geo.ray2)
		if g.promoRank != sp.geo.promo2[c] {
			t.Errorf("side %d: promotion row %x, want %x", c, g.promoRank.w, sp.geo.promo2[c].w)
		}
	}
}
