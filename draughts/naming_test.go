package draughts

import (
	"strings"
	"testing"
)

// The standard naming of each variant is where the PDN 3.0 standard's
// GameType table (wiegerw/pdn doc/gametype.rst) puts square 1 or a1, as
// the side that moves first sees the board: 20 "20,W,10,10,N2,0", 21
// "21,B,8,8,N1,0", 22 "22,W,8,8,N2,1", 23 "23,B,8,8,N1,0", 24
// "24,W,8,8,N1,1", 25, 26 and 29 "A0,0"; and Canadian (27), numbered as
// International, "27,W,12,12,N2,0". Russian numbers (PDN's, 1 = b8)
// count from White's top left, as International's do.
func TestStandardFrames(t *testing.T) {
	for _, tt := range []struct {
		v       Variant
		numeric bool
		want    Frame
		one     string // the algebraic name of square 1 (numeric) or of a1 (its number)
	}{
		{International, true, Frame{White, TopLeft, false}, "b10"},
		{Canadian, true, Frame{White, TopLeft, false}, "b12"},
		{Antidraughts, true, Frame{White, TopLeft, false}, "b10"},
		{English, true, Frame{Black, BottomRight, false}, "g1"},
		{Pool, true, Frame{Black, BottomRight, false}, "g1"},
		{Italian, true, Frame{White, TopLeft, true}, "a8"},
		{Spanish, true, Frame{White, BottomRight, true}, "h1"},
		{Russian, false, Frame{White, BottomLeft, false}, "29"},
		{Brazilian, false, Frame{White, BottomLeft, false}, "29"},
		{Czech, false, Frame{White, BottomLeft, false}, "29"},
		{Russian, true, Frame{White, TopLeft, false}, "b8"},
	} {
		nm := tt.v.Naming()
		if got := nm.Frame(tt.numeric); got != tt.want {
			t.Errorf("%s: frame of the numbers %v: %+v, want %+v", tt.v, tt.numeric, got, tt.want)
		}
		var one string
		if tt.numeric {
			one = nm.SquareNameIn(nm.SquareFromNumber(1), false)
		} else {
			a1, _ := nm.ParseSquare("a1")
			one = nm.SquareNameIn(a1, true)
		}
		if one != tt.one {
			t.Errorf("%s: %q, want %q", tt.v, one, tt.one)
		}
		// The standard frame gives the standard naming back, whoever sees it.
		for _, c := range []Color{White, Black} {
			for _, inv := range []bool{false, true} {
				f := tt.want.SeenBy(c, inv)
				if !f.Same(tt.want) || f.Viewer != c || f.Inverted != inv {
					t.Errorf("%+v seen by %s (inverted %v): %+v", tt.want, c, inv, f)
				}
				if got := tt.v.NamingFrom(nm.Numeric(), f); nm.Numeric() == tt.numeric && !got.Standard() {
					t.Errorf("%s: NamingFrom(%+v) is not the standard naming", tt.v, f)
				}
			}
		}
	}
	for _, v := range Variants() {
		if got, want := v.Inverted(), v == Italian || v == Spanish; got != want {
			t.Errorf("%s: Inverted %v", v, got)
		}
	}
}

// Each corner digit of the tag numbers the squares from that corner, row
// by row (square 2 beside square 1): International numbered as the
// PlayOK file's tag "20,W,10,10,N1,0" says, from White's bottom right,
// is the standard numbering turned round (n <-> 51-n).
func TestNamingFromCorners(t *testing.T) {
	std := International.Naming()
	for _, tt := range []struct {
		corner    Corner
		one, five string // squares 1 and 5, in algebraic names
		six       string
	}{
		{TopLeft, "b10", "j10", "a9"},
		{TopRight, "j10", "b10", "i9"},
		{BottomLeft, "a1", "i1", "b2"},
		{BottomRight, "i1", "a1", "j2"},
	} {
		nm := International.NamingFrom(true, Frame{White, tt.corner, false})
		for n, want := range map[int]string{1: tt.one, 5: tt.five, 6: tt.six} {
			if got := std.SquareNameIn(nm.SquareFromNumber(n), false); got != want {
				t.Errorf("%s: square %d is %s, want %s", tt.corner, n, got, want)
			}
		}
		if nm.Standard() != (tt.corner == TopLeft) {
			t.Errorf("%s: Standard %v", tt.corner, nm.Standard())
		}
		if got := nm.Frame(true); !got.Same(Frame{White, tt.corner, false}) || got.Viewer != White {
			t.Errorf("%s: Frame %+v", tt.corner, got)
		}
	}
	turned := International.NamingFrom(true, Frame{White, BottomRight, false})
	for n := 1; n <= 50; n++ {
		if turned.SquareFromNumber(n) != std.SquareFromNumber(51-n) {
			t.Fatalf("square %d of the turned numbering is not %d", n, 51-n)
		}
	}
	// Black's bottom right is White's top left: the standard numbering.
	if !International.NamingFrom(true, Frame{Black, BottomRight, false}).Standard() {
		t.Error("Black's bottom right is not the standard numbering")
	}
	// Tables are shared: two namings built alike are the same naming.
	if a, b := International.NamingFrom(true, Frame{White, BottomLeft, false}), International.NamingFrom(true, Frame{Black, TopRight, false}); a != b || !a.Same(b) {
		t.Error("equal frames give different namings")
	}
}

// A naming reads and writes moves, FENs and squares in its own numbers;
// the engine's positions and moves are the same.
func TestNamingReadsAndWrites(t *testing.T) {
	nm := International.NamingFrom(true, Frame{White, BottomRight, false})
	start := Start(International)
	p, err := nm.ParseFEN("W:W1-20:B31-50")
	if err != nil {
		t.Fatal(err)
	}
	if p != start {
		t.Fatalf("W:W1-20:B31-50 in White's bottom-right numbers is %s, not the start", p.FEN())
	}
	if got := nm.FEN(&start); !strings.HasPrefix(got, "W:W1,2,3,") || !strings.HasSuffix(got, ",49,50") {
		t.Errorf("FEN %s", got)
	}
	if got := string(nm.AppendFEN([]byte("x"), &start)); got != "x"+nm.FEN(&start) {
		t.Errorf("AppendFEN %s", got)
	}
	groups, err := nm.Match(&start, "19-23") // 32-28 in the standard numbers
	if err != nil || len(groups) != 1 {
		t.Fatalf("19-23: %v %v", groups, err)
	}
	m := groups[0][0]
	if m.String() != "32-28" || nm.Format(&m, Numeric) != "19-23" || string(nm.AppendFormat(nil, &m, Numeric)) != "19-23" {
		t.Errorf("%s written %s", m.String(), nm.Format(&m, Numeric))
	}
	var n Notation
	if err := n.ParseIn(nm, "19-23"); err != nil || !n.Matches(&m) {
		t.Errorf("ParseIn: %v", err)
	}
	if _, err := nm.ParseNotation("19-23"); err != nil {
		t.Error(err)
	}
	if nm.SquareNumber(m.From) != 19 || nm.SquareName(m.To) != "23" || nm.SquareNameIn(m.To, false) != "e5" {
		t.Errorf("names of %s: %d %s %s", m.String(), nm.SquareNumber(m.From), nm.SquareName(m.To), nm.SquareNameIn(m.To, false))
	}
	if s, ok := nm.ParseSquare("19"); !ok || s != m.From {
		t.Error("ParseSquare")
	}
	if got := string(nm.AppendPath(nil, m.Path(), false)); got != "19-23" {
		t.Errorf("AppendPath %s", got)
	}
	// Short: a capture abbreviated when only one result has its ends.
	q, err := nm.ParseFEN("W:W30:B24")
	if err != nil {
		t.Fatal(err)
	}
	caps := International.Moves(&q, nil)
	if len(caps) != 1 || nm.Short(&q, &caps[0], Numeric) != "30x19" {
		t.Errorf("capture %v", caps)
	}
	// Algebraic names of Pool seen by White, as unified pool checkers
	// writes them: a1 is the engine's a1, not the standard's h8.
	alg := Pool.NamingFrom(false, Frame{White, BottomLeft, false})
	a1, _ := alg.ParseSquare("a1")
	if alg.Numeric() || alg.DefaultStyle() != Algebraic || Pool.SquareNameIn(a1, false) != "h8" || alg.SquareNameIn(a1, true) != Pool.SquareNameIn(a1, true) {
		t.Errorf("Pool from White: a1 is the standard %s", Pool.SquareNameIn(a1, false))
	}
	if alg.Variant() != Pool || alg.Same(Pool.Naming()) {
		t.Error("Pool from White is its standard naming")
	}
	// The zero Naming names the 8x8 board algebraically.
	var zero Naming
	if s, ok := zero.ParseSquare("c3"); !ok || zero.SquareName(s) != "c3" {
		t.Error("zero Naming")
	}
}

// A frame names the squares alike from any seat: SeenBy keeps the squares
// and changes only how the frame is told.
func TestFrameSeenBy(t *testing.T) {
	for c := Corner(0); c < 4; c++ {
		for _, v := range []Color{White, Black} {
			for _, inv := range []bool{false, true} {
				f := Frame{v, c, inv}
				for _, numeric := range []bool{false, true} {
					for _, v2 := range []Color{White, Black} {
						for _, inv2 := range []bool{false, true} {
							g := f.SeenBy(v2, inv2)
							if g.transform(numeric) != f.transform(numeric) {
								t.Errorf("%+v seen by %s, %v: %+v names other squares", f, v2, inv2, g)
							}
						}
					}
				}
			}
		}
	}
	if s := (Frame{Black, BottomRight, true}).String(); s != "Black's bottom right (board inverted)" {
		t.Error(s)
	}
}
