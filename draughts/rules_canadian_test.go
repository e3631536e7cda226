package draughts

import (
	"errors"
	"math/bits"
	"slices"
	"strconv"
	"testing"
)

// Canadian draughts where it differs from International (docs/canadian.md,
// "The rules and the target counts"): the 12x12 board, 30 men a side on
// the five nearest rows, the squares numbered 1-72 (1 = b12, 6 = l12, 67
// = a1, 72 = k1), the men crowned on row 12 (White) and row 1 (Black),
// and the pieces of rows 11 and 12, past bit 63, read and written like
// the others.

func TestCanadianBoardAndStart(t *testing.T) {
	v := Canadian
	g := v.Geometry()
	if g != Board12x12() || g.Width() != 12 || g.Height() != 12 || g.NumSquares() != 72 || g.StartMen() != 30 {
		t.Fatalf("board %s, %dx%d, %d squares, %d men", g, g.Width(), g.Height(), g.NumSquares(), g.StartMen())
	}
	if v.FirstMove() != White || v.Name() != "canadian" || v.Title() != "Canadian draughts" {
		t.Errorf("first %s, name %q, title %q", v.FirstMove(), v.Name(), v.Title())
	}
	if r := v.Rules(); r != International.Rules() {
		t.Errorf("rules %+v, want International's %+v", r, International.Rules())
	}
	if got, err := VariantByName("Canadian"); got != v || err != nil {
		t.Errorf("VariantByName: %s, %v", got, err)
	}
	// White on 43-72 (rows 1-5), Black on 1-30 (rows 8-12).
	const start = "W:W43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72:" +
		"B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30"
	p := Start(v)
	if got := v.StartFEN(); got != start {
		t.Errorf("StartFEN %s, want %s", got, start)
	}
	q, err := v.ParseFEN("W:W43-72:B1-30")
	if err != nil || q != p {
		t.Errorf("ParseFEN of the start by ranges: %v, %v; want Start", q.FEN(), err)
	}
	for _, c := range []Color{White, Black} {
		if men, kings := p.Material(c); men != 30 || kings != 0 {
			t.Errorf("%s: %d men, %d kings at the start", c, men, kings)
		}
	}
	for _, s := range g.Squares() {
		want := NoPiece
		switch r := g.Row(s); {
		case r < 5:
			want = WhiteMan
		case r >= 7:
			want = BlackMan
		}
		if got := p.At(s); got != want {
			t.Errorf("At(%s) = %d, want %d", v.SquareName(s), got, want)
		}
	}
	if err := p.Check(v); err != nil {
		t.Errorf("Check of the start: %v", err)
	}
}

// The numbers 1-72, row by row from Black's side, each row left to right
// as White sees it.
func TestCanadianNumbering(t *testing.T) {
	v := Canadian
	alg := func(n int) string { return v.SquareNameIn(v.SquareFromNumber(n), false) }
	for n, want := range map[int]string{1: "b12", 6: "l12", 7: "a11", 12: "k11", 30: "l8", 43: "a5", 62: "d2", 67: "a1", 72: "k1"} {
		if got := alg(n); got != want {
			t.Errorf("square %d is %s, want %s", n, got, want)
		}
	}
	g := v.Geometry()
	for n := 1; n <= 72; n++ {
		s := v.SquareFromNumber(n)
		// Rows counted from the top; the top row starts on file b.
		row, col := 11-(n-1)/6, 2*((n-1)%6)+1-(n-1)/6%2
		if !g.Has(s) || g.Row(s) != row || g.Col(s) != col || v.SquareNumber(s) != n || v.SquareName(s) != strconv.Itoa(n) {
			t.Errorf("square %d: %s (row %d col %d), want row %d col %d", n, v.SquareName(s), g.Row(s), g.Col(s), row, col)
		}
		if back, ok := v.ParseSquare(strconv.Itoa(n)); !ok || back != s {
			t.Errorf("ParseSquare(%d) = %d, %v", n, back, ok)
		}
		if back, ok := v.ParseSquare(alg(n)); !ok || back != s {
			t.Errorf("ParseSquare(%s) = %d, %v", alg(n), back, ok)
		}
	}
	for _, bad := range []int{0, 73, 99} {
		if s := v.SquareFromNumber(bad); s != NoSquare {
			t.Errorf("square %d is %d", bad, s)
		}
	}
	// Its frame, White's top left as International's: TestStandardFrames.
}

// canadianMoves lists the moves of p as v writes them, sorted.
func canadianMoves(v Variant, p *Position) []string {
	var out []string
	for _, m := range v.Moves(p, nil) {
		s := m.String()
		if m.Promotes {
			s += "*"
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// A man is crowned on the far row: White's on row 12 (1-6, in the
// position's high word), Black's on row 1 (67-72); passing the far row
// in a capture that goes on, it stays a man (PassThrough).
func TestCanadianPromotion(t *testing.T) {
	v := Canadian
	for _, tt := range []struct {
		fen  string
		want []string
	}{
		// White's man on e11 steps to d12 or f12.
		{"W:W9:B70", []string{"9-2*", "9-3*"}},
		// Black's man on d2 steps to c1 or e1.
		{"B:W9:B62", []string{"62-68*", "62-69*"}},
		// A capture that ends on row 12 crowns.
		{"W:W13:B8,70", []string{"13x2*"}},
		// One that passes it (b10 over c11 to d12, over e11 to f10) does
		// not; the capture of the most pieces is compulsory.
		{"W:W13:B8,9,70", []string{"13x2x15"}},
		// Black's man on c3 over d2 to e1, on row 1: crowned.
		{"B:W62,9:B56", []string{"56x69*"}},
	} {
		p, err := v.ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		if got := canadianMoves(v, &p); !slices.Equal(got, tt.want) {
			t.Errorf("%s: moves %v, want %v", tt.fen, got, tt.want)
		}
		for _, m := range v.Moves(&p, nil) {
			q := p.Play(&m)
			if king := q.At(m.To).IsKing(); king != m.Promotes {
				t.Errorf("%s: %s makes a king %v", tt.fen, m.String(), king)
			}
			if q.Hash() != q.RecomputeHash() {
				t.Errorf("%s: %s: hash %#x, computed %#x", tt.fen, m.String(), q.Hash(), q.RecomputeHash())
			}
		}
	}
}

// FENs with pieces and kings of every part of the board: read back as
// written, in canonical order, and Check, which counts the pieces of the
// high word and sees a man on its promotion row there.
func TestCanadianFENAndCheck(t *testing.T) {
	v := Canadian
	p, err := v.ParseFEN("B:W43,K1,9:BK72,30,64")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.FEN(), "B:WK1,9,43:B30,64,K72"; got != want {
		t.Errorf("FEN %s, want %s", got, want)
	}
	for n, want := range map[int]Piece{1: WhiteKing, 9: WhiteMan, 43: WhiteMan, 30: BlackMan, 64: BlackMan, 72: BlackKing, 2: NoPiece} {
		if got := p.At(v.SquareFromNumber(n)); got != want {
			t.Errorf("At(%d) = %d, want %d", n, got, want)
		}
	}
	if men, kings := p.Material(White); men != 2 || kings != 1 {
		t.Errorf("White: %d men, %d kings", men, kings)
	}
	if err := p.Check(v); err != nil {
		t.Errorf("Check: %v", err)
	}
	if _, err := v.ParseFEN("W:W9:B9"); err == nil {
		t.Error("a square of the high word given to both sides was read")
	}
	q, err := v.ParseFEN("W:W3:B64")
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Check(v); !errors.Is(err, ErrManOnLastRank) || err.Error() != "man on its promotion rank: white man on 3" {
		t.Errorf("Check of a white man on 3 (f12): %v", err)
	}
	r, err := v.ParseFEN("W:W1-31:B72")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Check(v); !errors.Is(err, ErrTooManyPieces) {
		t.Errorf("Check of 31 white pieces: %v", err)
	}
	// Bits past 63 are no squares of the other boards: At reads the
	// tail of a Frisian position (a king's run) as no piece.
	f, err := Frisian.ParseFEN("W:WK46,31:B1")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Frisian.Moves(&f, nil) {
		if m.From == Frisian.SquareFromNumber(46) && !m.IsCapture() {
			f.Make(&m)
			break
		}
	}
	if _, n := f.KingRun(White); n != 1 {
		t.Fatalf("king run %d, want 1", n)
	}
	for s := Square(64); s < 128; s++ {
		if pc := f.At(s); pc != NoPiece {
			t.Errorf("Frisian At(%d) = %d", s, pc)
		}
	}
}

// WithSide and SameBoard keep and compare the pieces past bit 63, which
// the Bitboards of NewPosition and ==, on Pieces and Kings, do not see.
func TestCanadianWithSideSameBoard(t *testing.T) {
	p := Start(Canadian)
	q := p.WithSide(Black)
	if q.Side != Black || q.Hash() != q.RecomputeHash() || q.Hash() == p.Hash() {
		t.Fatalf("WithSide(Black): side %s, hash %#x, computed %#x", q.Side, q.Hash(), q.RecomputeHash())
	}
	if men, _ := q.Material(Black); men != 30 || q.WithSide(White) != p {
		t.Errorf("WithSide: %d black men; back to White equal %v", men, q.WithSide(White) == p)
	}
	if !q.SameBoard(&q) || p.SameBoard(&q) {
		t.Error("SameBoard of the side to move")
	}
	r, err := Canadian.ParseFEN("W:W43-72:B2-30")
	if err != nil {
		t.Fatal(err)
	}
	// Square 1 (b12) is in the high word: word 0 is the same.
	if r.Pieces != p.Pieces || r.Kings != p.Kings || r.SameBoard(&p) || !r.SameBoard(&r) {
		t.Errorf("SameBoard without square 1: %v (word 0 equal %v)", r.SameBoard(&p), r.Pieces == p.Pieces)
	}
	f, err := Frisian.ParseFEN("W:WK46,31:B1")
	if err != nil {
		t.Fatal(err)
	}
	g := f
	for _, m := range Frisian.Moves(&g, nil) {
		if m.From == Frisian.SquareFromNumber(46) && m.To == Frisian.SquareFromNumber(41) {
			g.Make(&m)
			g.Make(&Frisian.Moves(&g, nil)[0])
			break
		}
	}
	h, err := Frisian.ParseFEN(g.FEN())
	if err != nil {
		t.Fatal(err)
	}
	if _, n := g.KingRun(White); n != 1 || !g.SameBoard(&h) || g == h {
		t.Errorf("Frisian: run %d; SameBoard of the position and its FEN %v", n, g.SameBoard(&h))
	}
}

// KingsTaken counts the kings a capture takes on both words: Black's king
// on c11 (bit 64 and up) and man on j10, White's kings on e9 and k9.
func TestCanadianKingsTaken(t *testing.T) {
	p, err := Canadian.ParseFEN("W:WK21,K24:BK8,17")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range Canadian.Moves(&p, nil) {
		want := 0
		if m.From == p.geometry().SquareAt(4, 8) { // e9 takes c11
			want = 1
		}
		if got := p.KingsTaken(&m); got != want {
			t.Errorf("%s: %s takes %d kings, want %d", p.FEN(), m, got, want)
		}
		n += want
	}
	if n == 0 {
		t.Fatalf("%s: no capture of the king on c11", p.FEN())
	}
	// On one word, as Move.Captured & Kings.
	q, err := International.ParseFEN("W:W28:BK23,K3")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range International.Moves(&q, nil) {
		if got, want := q.KingsTaken(&m), (m.Captured & q.Kings).PopCount(); got != want || want == 0 {
			t.Errorf("%s: %s takes %d kings, want %d (not 0)", q.FEN(), m, got, want)
		}
	}
}

// HighPieces gives the pieces past bit 63, bit s-64 for square s: on
// 12x12 rows 11 and 12, on the other boards nothing (Frisian's king
// runs, kept where Canadian keeps them, are not pieces).
func TestHighPieces(t *testing.T) {
	p, err := Canadian.ParseFEN("W:WK1,8,72:BK12,6,40")
	if err != nil {
		t.Fatal(err)
	}
	var white, black, kings uint64
	for s := Square(64); s < 128; s++ {
		b := uint64(1) << (s - 64)
		switch pc := p.At(s); {
		case pc == NoPiece:
			continue
		case pc.Color() == White:
			white |= b
		default:
			black |= b
		}
		if p.At(s).IsKing() {
			kings |= b
		}
	}
	if w, b, k := p.HighPieces(); w != white || b != black || k != kings || w == 0 || b == 0 || k == 0 || bits.OnesCount64(w|b) != 4 {
		t.Errorf("%s: HighPieces %#x %#x %#x, want %#x %#x %#x (four pieces, two kings)", p.FEN(), w, b, k, white, black, kings)
	}
	q, err := Frisian.ParseFEN("W:WK46,K47,1:BK5,45")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Frisian.Moves(&q, nil) {
		r := q
		r.Make(&m)
		if _, n := r.KingRun(White); n > 0 {
			if w, b, k := r.HighPieces(); w|b|k != 0 {
				t.Errorf("%s: HighPieces %#x %#x %#x on 10x10", r.FEN(), w, b, k)
			}
			return
		}
	}
	t.Fatalf("%s: no king run", q.FEN())
}
