package draughts

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := Russian.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// squareNames writes squares as fmt prints a slice of strings.
func squareNames(v Variant, ss []Square) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = v.SquareName(s)
	}
	return fmt.Sprint(names)
}

func find(t *testing.T, v Variant, p *Position, text string) Move {
	t.Helper()
	for _, m := range v.Moves(p, nil) {
		if m.String() == text {
			return m
		}
	}
	t.Fatalf("%s: no legal move %s", p.FEN(), text)
	return Move{}
}

// R-MAN-2: a man crowned by a quiet move captures as a king from its next
// move on, not in the move that crowned it.
func TestPromotionByQuietMoveCapturesNextMove(t *testing.T) {
	p := mustFEN(t, "W:Wc7:Bf6,h2")
	m := find(t, Russian, &p, "c7-d8")
	if !m.Promotes {
		t.Fatal("c7-d8 does not crown")
	}
	p.Make(&m)
	if p.At(Board8x8().SquareAt(3, 7)) != WhiteKing {
		t.Fatalf("d8 holds %v, want a white king", p.At(Board8x8().SquareAt(3, 7)))
	}
	black := find(t, Russian, &p, "h2-g1")
	p.Make(&black)
	if got := strings.Join(legal(t, Russian, p.FEN()), " "); got != "d8:g5 d8:h4" {
		t.Errorf("king's first move: %q, want the distance capture d8:g5 d8:h4", got)
	}
}

// Two capture paths over the same pieces to the same square are two moves
// with one result (the seed 004 position).
func TestSameResult(t *testing.T) {
	p := mustFEN(t, "W:WKe1:Bd2,f2,f4,d4,b4")
	a := find(t, Russian, &p, "e1:c3:e5:g3:e1")
	b := find(t, Russian, &p, "e1:g3:e5:c3:e1")
	if a.Equal(&b) || !a.SameResult(&b) || a.SameSequence(&b) {
		t.Errorf("Equal %v SameResult %v SameSequence %v, want false true false", a.Equal(&b), a.SameResult(&b), a.SameSequence(&b))
	}
	if pa, pb := p.Play(&a), p.Play(&b); pa != pb {
		t.Errorf("results differ: %s, %s", pa.FEN(), pb.FEN())
	}
	if got := Russian.Perft(&p, 1, CountResults); got != 4 {
		t.Errorf("dedup perft(1) = %d, want 4", got)
	}
	if got := squareNames(Russian, a.CapturedInOrder()); got != "[d2 d4 f4 f2]" {
		t.Errorf("captured in order %s", got)
	}
	if got := squareNames(Russian, a.Path()); got != "[e1 c3 e5 g3 e1]" {
		t.Errorf("path %s", got)
	}
}

// A king that goes on straight over the next piece of a diagonal gives a
// path per square it may pause on; they are one capture sequence.
func TestSameSequence(t *testing.T) {
	p := mustFEN(t, "W:WKa1:Bd4,g7")
	a := find(t, Russian, &p, "a1:e5:h8")
	b := find(t, Russian, &p, "a1:f6:h8")
	if !a.SameSequence(&b) || !a.SameResult(&b) {
		t.Error("a1:e5:h8 and a1:f6:h8 are not the same sequence")
	}
	for c, want := range map[Counting]uint64{CountLandings: 2, CountSequences: 1, CountResults: 1} {
		if got := Russian.Perft(&p, 1, c); got != want {
			t.Errorf("perft(1) counting %s = %d, want %d", c, got, want)
		}
	}
}

func TestGiveawayOutcome(t *testing.T) {
	p := mustFEN(t, "W:Wa1:Bb2,c3") // White is blocked
	if got := Russian.Outcome(&p); got != BlackWins {
		t.Errorf("Russian: %v, want 0-2 (R-END-1)", got)
	}
	if got := Giveaway.Outcome(&p); got != WhiteWins {
		t.Errorf("giveaway: %v, want 2-0 (R-GIV-1)", got)
	}
	q := mustFEN(t, "B:Wa1:B") // Black has no pieces
	if got := Giveaway.Outcome(&q); got != BlackWins {
		t.Errorf("giveaway, no pieces: %v, want 0-2", got)
	}
	s := Start(Russian)
	if got := Russian.Outcome(&s); got != Ongoing {
		t.Errorf("start: %v", got)
	}
}

func TestZobristKeysFixed(t *testing.T) {
	// These values are a contract with every dataset written so far.
	s := Start(Russian)
	if got, want := s.Hash(), uint64(0xe583cbd1faea5f39); got != want {
		t.Errorf("start hash %#x, want %#x", got, want)
	}
	if got, want := zobrist[WhiteMan][Board8x8().Squares()[0]], uint64(0xa2a813d05bcea270); got != want {
		t.Errorf("first key %#x, want %#x", got, want)
	}
	// The 10x10 start, and the last key drawn before the keys of the
	// high words (zobristHi), which are drawn after it and change none.
	if i := Start(International); i.Hash() != 0x347796bab089a90a {
		t.Errorf("International start hash %#x, want 0x347796bab089a90a", i.Hash())
	}
	if got, want := zobristRun[Black][maxKingRun-1][63], uint64(0xa1a042571116c630); got != want {
		t.Errorf("last king-run key %#x, want %#x", got, want)
	}
	var empty Position
	if empty.RecomputeHash() != 0 {
		t.Error("empty board with White to move must hash to 0")
	}
}

func TestSquares(t *testing.T) {
	for n := 1; n <= 32; n++ {
		s := Russian.SquareFromNumber(n)
		if Russian.SquareNumber(s) != n {
			t.Errorf("square %d round trip: %d", n, Russian.SquareNumber(s))
		}
		if q, ok := Russian.ParseSquare(Russian.SquareName(s)); !ok || q != s {
			t.Errorf("algebraic %s round trip", Russian.SquareName(s))
		}
	}
	for num, alg := range map[int]string{1: "b8", 4: "h8", 5: "a7", 29: "a1", 32: "g1", 22: "c3"} {
		if got := Russian.SquareName(Russian.SquareFromNumber(num)); got != alg {
			t.Errorf("square %d = %s, want %s", num, got, alg)
		}
	}
	for _, bad := range []string{"a2", "i1", "33", "0", "", "b", "c9", "1234"} {
		if _, ok := Russian.ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}

func TestParseFEN(t *testing.T) {
	tests := []struct{ in, want string }{
		{StartFEN, StartFEN},
		{"W:W21-32:B1-12", StartFEN},
		{"W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.", StartFEN},
		{" B : W a1 , K c3 : B K h8 . ", "B:Wa1,Kc3:BKh8"},
		{"W:Bb8,d8:Wc3", "W:Wc3:Bb8,d8"},
		{"B:W:Bb8", "B:W:Bb8"},
		{"W:WK30,1:B5", "W:WKc1,b8:Ba7"},
		{`"W:W22:B11"`, "W:Wc3:Bf6"},
	}
	for _, tt := range tests {
		p, err := Russian.ParseFEN(tt.in)
		if err != nil {
			t.Errorf("Russian.ParseFEN(%q): %v", tt.in, err)
			continue
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("Russian.ParseFEN(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if p.Hash() != p.RecomputeHash() {
			t.Errorf("%q: hash not computed", tt.in)
		}
	}
	bad := []struct {
		in    string
		field int
	}{
		{"", 0},
		{"X:Wa1:Bb8", 1},
		{"W:Wa2:Bb8", 2},
		{"W:Wa1:Bz9", 3},
		{"W:Wa1:Ba1", 3},
		{"W:Wa1:Wc3", 3},
		{"W:W32-21:B1", 2},
		{"W:Wa1-c3:B1", 2},
		{"W:Qa1:B1", 2},
		{"W:Wa1:B1:W3", 4},
		{"W:W99", 2},
	}
	for _, tt := range bad {
		_, err := Russian.ParseFEN(tt.in)
		var fe *FENError
		if !errors.As(err, &fe) || !errors.Is(err, ErrFEN) {
			t.Errorf("Russian.ParseFEN(%q) = %v, want a FENError", tt.in, err)
			continue
		}
		if fe.Field != tt.field {
			t.Errorf("Russian.ParseFEN(%q): field %d, want %d (%v)", tt.in, fe.Field, tt.field, err)
		}
	}
}

func TestCheck(t *testing.T) {
	for fen, want := range map[string]error{
		StartFEN:      nil,
		"W:Wb8:Ba1":   ErrManOnLastRank,
		"W:WKb8:BKa1": nil,
		"W:W1-13:B32": ErrTooManyPieces,
		"B:Wc3:Bc1":   ErrManOnLastRank,
	} {
		p := mustFEN(t, fen)
		err := p.Check(Russian)
		if !errors.Is(err, want) || (want == nil) != (err == nil) {
			t.Errorf("%s: Check = %v, want %v", fen, err, want)
		}
	}
}

func TestNotation(t *testing.T) {
	p := mustFEN(t, "W:WKe1:Bd2,f2,f4,d4,b4")
	tests := []struct {
		text   string
		groups int
		first  string
	}{
		{"e1:c3:a5", 1, "e1:c3:a5"},
		{"e1xc3xa5", 1, "e1:c3:a5"},
		{"e1:a5", 2, "e1:c3:a5"},       // e1:c3:a5 and e1:g3:e5:c3:a5 differ
		{"e1:e1", 1, "e1:c3:e5:g3:e1"}, // two paths, one result
		{"e1:g3:e1", 0, ""},            // neither every landing square nor only the ends
		{"e1:c3:e5:g3:e1", 1, "e1:c3:e5:g3:e1"},
		{"e1:a3", 1, "e1:g3:d6:a3"},
		{"31:21", 1, "e1:g3:d6:a3"},
		{"e:a3", 1, "e1:g3:d6:a3"},
		{"e1-a3", 1, "e1:g3:d6:a3"}, // a capture written with a dash
		{"e1:c3", 0, ""},            // stops where the capture goes on
		{"e1-f2", 0, ""},
	}
	for _, tt := range tests {
		groups, err := Russian.Match(&p, tt.text)
		if err != nil {
			t.Errorf("%s: %v", tt.text, err)
			continue
		}
		if len(groups) != tt.groups {
			t.Errorf("%s: %d groups, want %d: %v", tt.text, len(groups), tt.groups, groups)
			continue
		}
		if tt.groups > 0 && groups[0][0].String() != tt.first {
			t.Errorf("%s: first match %s, want %s", tt.text, groups[0][0].String(), tt.first)
		}
	}
	s := Start(Russian)
	for text, want := range map[string]string{
		"c3-d4": "c3-d4", "cd4": "c3-d4", "22-18": "c3-d4", "22-17": "c3-b4",
		"ab4": "a3-b4", "gh4": "g3-h4", "c3d4": "c3-d4", "c3-d4!?": "c3-d4",
	} {
		groups, err := Russian.Match(&s, text)
		if err != nil || len(groups) != 1 || groups[0][0].String() != want {
			t.Errorf("Match(start, %q) = %v, %v; want %s", text, groups, err, want)
		}
	}
	if g, _ := Russian.Match(&s, "c"+"d4"); len(g) != 1 {
		t.Error("short form")
	}
	for _, bad := range []string{"", "c3", "z3-d4", "c3-d9", "c3-d4-", "c3?d4", "c3--", "b3-c4"} {
		if _, err := Russian.ParseNotation(bad); !errors.Is(err, ErrNotation) {
			t.Errorf("Russian.ParseNotation(%q) = %v, want ErrNotation", bad, err)
		}
	}
	// Leading zeros and inner spaces come from real archives.
	if n, err := Russian.ParseNotation("01-06"); err != nil || Russian.SquareNumber(n.Squares[0]) != 1 || Russian.SquareNumber(n.Squares[1]) != 6 {
		t.Errorf("01-06: %v %v", n, err)
	}
}

func TestFormat(t *testing.T) {
	p := mustFEN(t, "W:WKe1:Bd2,f2,f4,d4,b4")
	m := find(t, Russian, &p, "e1:g3:e5:c3:a5")
	for st, want := range map[Style]string{
		Algebraic:                          "e1:g3:e5:c3:a5",
		Abbreviated:                        "e1:a5",
		Numeric:                            "31x24x15x22x13",
		{Numeric: true, Abbreviated: true}: "31x13",
	} {
		if got := m.Format(st); got != want {
			t.Errorf("Format(%+v) = %s, want %s", st, got, want)
		}
	}
	if got := Russian.Short(&p, &m, Algebraic); got != "e1:g3:e5:c3:a5" {
		t.Errorf("Short = %s: e1:a5 is ambiguous here", got)
	}
	o := find(t, Russian, &p, "e1:g3:d6:a3")
	if got := Russian.Short(&p, &o, Algebraic); got != "e1:a3" {
		t.Errorf("Short = %s, want e1:a3", got)
	}
	q := find(t, Russian, &p, "e1:c3:e5:g3:e1")
	if got := Russian.Short(&p, &q, Algebraic); got != "e1:e1" {
		t.Errorf("Short = %s, want e1:e1 (both paths give one result)", got)
	}
}

// randomGame plays random legal moves from the start, checking invariants
// at every ply.
func TestPropertyRandomPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]Variant{Russian, Giveaway}).Draw(t, "variant")
		p := Start(v)
		tr := NewTracker(&p)
		// A model of R-DRW-1 and R-DRW-2 for the tracker: positions (by
		// FEN, not hash) since the last man move or capture, and plies of
		// king moves without capture.
		seen, kingPlies := map[string]int{p.FEN(): 1}, 0
		plies := rapid.IntRange(0, 200).Draw(t, "plies")
		for i := 0; i < plies; i++ {
			ms := v.Moves(&p, nil)
			if len(ms) == 0 {
				if v.HasMoves(&p) || v.Outcome(&p) == Ongoing {
					t.Fatalf("%s: no moves but HasMoves", p.FEN())
				}
				return
			}
			if !v.HasMoves(&p) {
				t.Fatalf("%s: moves but !HasMoves", p.FEN())
			}
			if got := v.spec().countMoves(&p, CountLandings, nil); got != len(ms) {
				t.Fatalf("%s: count %d, list %d", p.FEN(), got, len(ms))
			}
			// The sequence-mode generator lists exactly one path per sequence.
			seq := v.spec().generate(&p, nil, true)
			if want := CountSequences.Distinct(slices.Clone(ms)); len(seq) != len(want) {
				t.Fatalf("%s: %d sequences, want %d", p.FEN(), len(seq), len(want))
			}
			if u, want := v.UniqueMoves(&p, nil), CountResults.Distinct(slices.Clone(ms)); len(u) != len(want) {
				t.Fatalf("%s: %d unique moves, want %d", p.FEN(), len(u), len(want))
			}
			if got := v.spec().countMoves(&p, CountSequences, nil); got != len(seq) {
				t.Fatalf("%s: counted %d sequences, listed %d", p.FEN(), got, len(seq))
			}
			m := ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]
			before := p
			u := p.Play(&m)
			if p != before {
				t.Fatal("Play changed its receiver")
			}
			if u.Hash() != u.RecomputeHash() {
				t.Fatalf("%s after %s: incremental hash %#x, from scratch %#x", p.FEN(), m, u.Hash(), u.RecomputeHash())
			}
			if q, err := v.ParseFEN(u.FEN()); err != nil || q != u {
				t.Fatalf("FEN round trip of %s: %v", u.FEN(), err)
			}
			if err := u.Check(v); err != nil {
				t.Fatalf("%s: play reached an impossible position: %v", u.FEN(), err)
			}
			if groups, err := v.Match(&p, m.String()); err != nil || len(groups) != 1 {
				t.Fatalf("%s: Match(%s) = %v, %v", p.FEN(), m, groups, err)
			}
			if p.Kings.Has(m.From) && !m.IsCapture() {
				kingPlies++
			} else {
				clear(seen)
				kingPlies = 0
			}
			seen[u.FEN()]++
			switch r := tr.Push(&p, &m, &u); {
			case (r == Repetition) != (seen[u.FEN()] >= 3):
				t.Fatalf("%s after %s: tracker %v, position seen %d times", p.FEN(), m, r, seen[u.FEN()])
			case r == KingMoves && kingPlies < 30, r == NoDraw && kingPlies >= 30:
				t.Fatalf("%s after %s: tracker %v after %d king plies", p.FEN(), m, r, kingPlies)
			}
			p = u
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "W:W21-32:B1-12", "B:WKa1:B", "W:Wa1,:B.", "?:W31-50:B1-20"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Russian.ParseFEN(s)
		if err != nil {
			return
		}
		q, err := Russian.ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("round trip of %q: %q, %v", s, p.FEN(), err)
		}
		Russian.Moves(&p, nil) // must not panic, whatever the position
	})
}

func FuzzParseNotation(f *testing.F) {
	for _, s := range []string{"c3-d4", "cd4", "c:e5", "22x13x6", "01-06", "a3b4", "e1:g3:e5:c3:a5"} {
		f.Add(s)
	}
	p := Start(Russian)
	f.Fuzz(func(t *testing.T, s string) {
		Russian.Match(&p, s)
	})
}
