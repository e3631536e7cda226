package draughts

import (
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// The Frisian rule on a king's quiet moves, in the words of lidraughts'
// rules (py-draughts' Frisian board quotes them; the Friese Dambond's,
// friesdammen.nl, which dctl's frisian.hpp cites as max_same_king_move =
// 3, say the same): "If a player has one or more kings on the board but
// also has one or more men left, it is not allowed to play more than
// three non-capturing moves in a row with the same king. If no capture is
// available for a king after its third non-capturing move, one is forced
// to play with a different king or a man. After that one can play any
// move with that king again, but of course again only three times in a
// row if it doesn't capture. This rule does not apply for a player that
// has no more men left (only kings on the board)."
//
// So the count is per king, of the side's moves in a row: a move of
// another king (or a man, or a capture) ends the run of the king before,
// and a move of another king starts its own. That is dctl's reading too
// (mrp_kings.hpp: one king a side, its square and count, started again
// when another king moves, reset by a man's move or a capture).

// playFrom sets up fen in v and plays moves (as Move.String writes them),
// each of which must be legal, checking the incremental hash after each.
func playFrom(t *testing.T, v Variant, fen, moves string) Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range strings.Fields(moves) {
		m := find(t, v, &p, text)
		p.Make(&m)
		if p.Hash() != p.RecomputeHash() {
			t.Fatalf("after %s: hash %#x, from scratch %#x", text, p.Hash(), p.RecomputeHash())
		}
	}
	return p
}

func moveStrings(ms []Move) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// The king's three quiet moves: 46-41, 41-46, 46-41 (a1-b2 and back),
// Black's king going to and fro between 3 and 9 (f10, g9), out of the
// king's lines.
const threeKingMoves = "46-41 3-9 41-46 9-3 46-41 3-9"

func TestKingMoveLimit(t *testing.T) {
	t.Run("a fourth quiet move of one king is not generated while its side has men", func(t *testing.T) {
		p := playFrom(t, Frisian, "W:WK46,45:BK3", threeKingMoves)
		if s, n := p.KingRun(White); s != mustSquare(t, "41") || n != 3 {
			t.Fatalf("KingRun(White) = %s, %d; want 41, 3", Frisian.SquareName(s), n)
		}
		if got := moveStrings(Frisian.Moves(&p, nil)); got != "45-40" {
			t.Errorf("Moves: %s, want 45-40 alone", got)
		}
		if got := moveStrings(Frisian.UniqueMoves(&p, nil)); got != "45-40" {
			t.Errorf("UniqueMoves: %s, want 45-40 alone", got)
		}
		if got := moveStrings(Frisian.QuietMoves(&p, nil)); got != "45-40" {
			t.Errorf("QuietMoves: %s, want 45-40 alone", got)
		}
		barred := Frisian.BarredMoves(&p, nil)
		if len(barred) == 0 || !strings.Contains(moveStrings(barred), "41-46") {
			t.Errorf("BarredMoves: %s, want the king's moves from 41", moveStrings(barred))
		}
		for _, m := range barred {
			if m.From != mustSquare(t, "41") || m.IsCapture() {
				t.Errorf("BarredMoves: %s is not a quiet move of the king on 41", m.String())
			}
		}
		if _, _, ok := Frisian.QuietMove(&p, mustSquare(t, "41"), mustSquare(t, "46")); ok {
			t.Error("QuietMove 41-46: legal, want not")
		}
		if m, legal, ok := Frisian.QuietMove(&p, mustSquare(t, "45"), mustSquare(t, "40")); !ok || legal != 1 || m.String() != "45-40" {
			t.Errorf("QuietMove 45-40: %s, %d legal, %v; want 45-40, 1, true", m.String(), legal, ok)
		}
		if n := Frisian.Perft(&p, 1, CountSequences); n != 1 {
			t.Errorf("perft 1: %d, want 1", n)
		}
		// A man's move lifts the limit: the king may move again.
		q := playFrom(t, Frisian, "W:WK46,45:BK3", threeKingMoves+" 45-40 9-3")
		if _, n := q.KingRun(White); n != 0 {
			t.Errorf("after a man's move, KingRun(White) counts %d", n)
		}
		if got := moveStrings(Frisian.Moves(&q, nil)); !strings.Contains(got, "41-46") {
			t.Errorf("after a man's move: %s, want the king's moves again", got)
		}
		// Frysk! plays the same rules.
		r := playFrom(t, Frysk, "W:WK46,45:BK3", threeKingMoves)
		if got := moveStrings(Frysk.Moves(&r, nil)); got != "45-40" {
			t.Errorf("Frysk!: %s, want 45-40 alone", got)
		}
	})
	t.Run("a side whose barred king is its only mobile piece has no move", func(t *testing.T) {
		// The man on 6 (a9) is blocked by the black man on 1.
		p := playFrom(t, Frisian, "W:WK46,6:B1,K3", threeKingMoves)
		if Frisian.HasMoves(&p) || len(Frisian.Moves(&p, nil)) != 0 {
			t.Errorf("%s: moves %s, want none", p.FEN(), moveStrings(Frisian.Moves(&p, nil)))
		}
		if o := Frisian.Outcome(&p); o != BlackWins {
			t.Errorf("outcome %s, want 0-2", o)
		}
	})
	t.Run("no limit for a side without men", func(t *testing.T) {
		p := playFrom(t, Frisian, "W:WK46:BK3", threeKingMoves+" 41-46")
		if _, n := p.KingRun(White); n != 0 {
			t.Errorf("KingRun(White) counts %d for a side without men", n)
		}
	})
	t.Run("a capture ends the run", func(t *testing.T) {
		// Two quiet moves, then the king takes the man Black moves to 28
		// (e5), then three quiet moves again.
		p := playFrom(t, Frisian, "W:WK46,45:B22,K1", "46-41 1-6 41-46 22-28")
		if _, n := p.KingRun(White); n != 2 {
			t.Fatalf("KingRun(White) = %d before the capture, want 2", n)
		}
		p = playFrom(t, Frisian, "W:WK46,45:B22,K1", "46-41 1-6 41-46 22-28 46x23")
		if _, n := p.KingRun(White); n != 0 {
			t.Errorf("KingRun(White) = %d after the capture, want 0", n)
		}
		p = playFrom(t, Frisian, "W:WK46,45:B22,K1", "46-41 1-6 41-46 22-28 46x23 6-1 23-41 1-6 41-46 6-1 46-41 1-6")
		if s, n := p.KingRun(White); s != mustSquare(t, "41") || n != 3 {
			t.Errorf("KingRun(White) = %s, %d; want 41, 3", Frisian.SquareName(s), n)
		}
		if got := moveStrings(Frisian.Moves(&p, nil)); got != "45-40" {
			t.Errorf("Moves: %s, want 45-40 alone", got)
		}
	})
	t.Run("a king at the limit still captures", func(t *testing.T) {
		p := playFrom(t, Frisian, "W:WK46,45:B22,K1", "46-41 1-6 41-46 6-1 46-41 22-28")
		if _, n := p.KingRun(White); n != 3 {
			t.Fatalf("KingRun(White) = %d, want 3", n)
		}
		if got := moveStrings(Frisian.Moves(&p, nil)); got != "41x10 41x14 41x19 41x23 41x5" {
			t.Errorf("Moves: %s, want the king's captures", got)
		}
		q := playFrom(t, Frisian, "W:WK46,45:B22,K1", "46-41 1-6 41-46 6-1 46-41 22-28 41x23")
		if _, n := q.KingRun(White); n != 0 {
			t.Errorf("after the capture, KingRun(White) = %d", n)
		}
	})
	t.Run("another king's move starts its own run", func(t *testing.T) {
		p := playFrom(t, Frisian, "W:WK46,K49,45:BK3", threeKingMoves+" 49-43")
		if s, n := p.KingRun(White); s != mustSquare(t, "43") || n != 1 {
			t.Errorf("after 49-43: KingRun(White) = %s, %d; want 43, 1", Frisian.SquareName(s), n)
		}
		// The king on 41 may move again, three times, and the one on 43
		// is then free.
		p = playFrom(t, Frisian, "W:WK46,K49,45:BK3", threeKingMoves+" 49-43 9-3 41-46 3-9 46-41 9-3 41-46 3-9")
		if s, n := p.KingRun(White); s != mustSquare(t, "46") || n != 3 {
			t.Errorf("KingRun(White) = %s, %d; want 46, 3", Frisian.SquareName(s), n)
		}
		got := moveStrings(Frisian.Moves(&p, nil))
		if strings.Contains(got, "46-") || !strings.Contains(got, "43-") || !strings.Contains(got, "45-40") {
			t.Errorf("Moves: %s, want the king on 43's and 45-40, none from 46", got)
		}
	})
	t.Run("the count is part of the position and its hash", func(t *testing.T) {
		// The same pieces and side from a FEN (no history) and after the
		// king's moves: the FENs agree, the positions and hashes do not.
		p := playFrom(t, Frisian, "W:WK46,45:BK3", threeKingMoves)
		q, err := Frisian.ParseFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if _, n := q.KingRun(White); n != 0 {
			t.Errorf("from a FEN: KingRun counts %d, want 0", n)
		}
		if p == q || p.Hash() == q.Hash() {
			t.Errorf("%s: equal with and without the count (hash %#x, %#x)", p.FEN(), p.Hash(), q.Hash())
		}
		if !strings.Contains(moveStrings(Frisian.Moves(&q, nil)), "41-46") {
			t.Error("from the FEN the king moves")
		}
		// Each count is another hash: one, two and three moves of the
		// king, with the king and Black's king on the same squares.
		one := playFrom(t, Frisian, "W:WK46,45:BK3", "46-41 3-9")
		three := playFrom(t, Frisian, "W:WK46,45:BK3", threeKingMoves)
		if one.FEN() != three.FEN() || one == three || one.Hash() == three.Hash() {
			t.Errorf("after one and three moves: %s, %s, hashes %#x, %#x", one.FEN(), three.FEN(), one.Hash(), three.Hash())
		}
		// Reached by two paths with the same count: equal.
		a := playFrom(t, Frisian, "W:WK46,K49,45:BK3", "49-43 3-9 46-41 9-3")
		b := playFrom(t, Frisian, "W:WK46,K43,45:BK9", "46-41 9-3")
		if a != b || a.Hash() != b.Hash() {
			t.Errorf("%s and %s: unequal (hash %#x, %#x)", a.FEN(), b.FEN(), a.Hash(), b.Hash())
		}
		// PiecesHash leaves the count out: the hash of the FEN's position.
		if p.PiecesHash() != q.Hash() || q.PiecesHash() != q.Hash() {
			t.Errorf("PiecesHash %#x, the FEN's hash %#x", p.PiecesHash(), q.Hash())
		}
		// WithKingRun sets the count back on the FEN's position.
		if r, ok := q.WithKingRun(White, mustSquare(t, "41"), 3); !ok || r != p || r.Hash() != p.Hash() {
			t.Errorf("WithKingRun: %v, not the position played", ok)
		}
		for _, bad := range []struct {
			c Color
			s string
			n int
		}{{White, "45", 1}, {White, "41", 5}, {Black, "9", 1}, {White, "41", -1}} {
			if _, ok := q.WithKingRun(bad.c, mustSquare(t, bad.s), bad.n); ok {
				t.Errorf("WithKingRun(%s, %s, %d): ok", bad.c, bad.s, bad.n)
			}
		}
		if r, ok := p.WithKingRun(White, NoSquare, 0); !ok || r != q {
			t.Errorf("WithKingRun(White, -, 0): %v, not the FEN's position", ok)
		}
		// Mirror swaps the sides' runs, and twice is the identity.
		m := p.Mirror()
		if s, n := m.KingRun(Black); n != 3 || s != Board10x10().Flip(mustSquare(t, "41").Bit()).First() {
			t.Errorf("Mirror: KingRun(Black) = %s, %d", Frisian.SquareName(s), n)
		}
		if m.Hash() != m.RecomputeHash() || m.Mirror() != p {
			t.Error("Mirror: hash or round trip wrong")
		}
	})
	t.Run("the other variants keep no count", func(t *testing.T) {
		p := playFrom(t, International, "W:WK46,45:BK3", threeKingMoves+" 41-46")
		if _, n := p.KingRun(White); n != 0 {
			t.Errorf("International: KingRun counts %d", n)
		}
		if len(International.BarredMoves(&p, nil)) != 0 {
			t.Error("International: barred moves")
		}
		if _, ok := p.WithKingRun(White, mustSquare(t, "46"), 1); ok || p.PiecesHash() != p.Hash() {
			t.Error("International: WithKingRun accepted, or PiecesHash is not Hash")
		}
	})
}

func mustSquare(t *testing.T, name string) Square {
	t.Helper()
	s, ok := Frisian.ParseSquare(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return s
}

// The count sits in what was the padding of Position: still 40 bytes,
// as the package documentation says (copy-make).
func TestPositionSize(t *testing.T) {
	if n := unsafe.Sizeof(Position{}); n != 40 {
		t.Errorf("Position is %d bytes, want 40", n)
	}
}

// TestKingRunAgainstHistory plays random games of Frisian from random
// positions with kings and men, the kings' quiet moves drawn more often,
// and checks each position against the count made from the game's moves
// alone, as package validate used to make it: the side's own plies from
// the last back, each a quiet move of a king while the side had men, each
// ending where the next began. At three or more, that king's quiet moves
// are left out of Moves (and are BarredMoves); the position without its
// counts (as from its FEN) has exactly Moves and BarredMoves. The hash is
// checked against one from scratch after every move.
func TestKingRunAgainstHistory(t *testing.T) {
	v := Frisian
	seed := uint64(26)
	type ply struct {
		before Position
		m      Move
	}
	barredSeen, noMen := 0, 0
	for _, start := range randomPositions(v, 1000, 7) {
		p := start
		var game []ply
		for n := 0; n < 120; n++ {
			// The count from the history.
			run, from := 0, NoSquare
			for i := len(game) - 2; i >= 0; i -= 2 {
				g := &game[i]
				quietKing := !g.m.IsCapture() && g.before.Kings.Has(g.m.From) && g.before.Men(g.before.Side) != 0
				if !quietKing || run > 0 && g.m.To != from {
					break
				}
				run, from = run+1, g.m.From
			}
			// The king stands where the last of its moves ended, unless
			// the opponent took it since; the count is kept to 4.
			want, at := min(run, 4), NoSquare
			if run > 0 {
				at = game[len(game)-2].m.To
			}
			if run == 0 || p.Men(p.Side) == 0 || !p.KingsOf(p.Side).Has(at) {
				want, at = 0, NoSquare
			}
			var barred Bitboard
			if want >= 3 {
				barred = at.Bit()
				barredSeen++
			}
			if s, k := p.KingRun(p.Side); k != want || s != at {
				t.Fatalf("%s: KingRun(%s) = %s, %d; the history counts %d", p.FEN(), p.Side, v.SquareName(s), k, run)
			}
			ms := v.Moves(&p, nil)
			bs := v.BarredMoves(&p, nil)
			for _, m := range ms {
				if !m.IsCapture() && barred.Has(m.From) {
					t.Fatalf("%s: %s generated, the king's quiet move number %d", p.FEN(), m.String(), run+1)
				}
			}
			if barred != 0 && len(bs) != v.spec().kingQuietCount(&p, barred.First()) || barred == 0 && len(bs) != 0 {
				t.Fatalf("%s: barred %v, BarredMoves %s", p.FEN(), barred != 0, moveStrings(bs))
			}
			q := p
			q.run = [2]kingRun{}
			if got, want := moveStrings(append(ms, bs...)), moveStrings(v.Moves(&q, nil)); len(ms) > 0 && ms[0].IsCapture() {
				if moveStrings(ms) != want {
					t.Fatalf("%s: captures %s, without the count %s", p.FEN(), moveStrings(ms), want)
				}
			} else if got != want {
				t.Fatalf("%s: Moves and BarredMoves %s, without the count %s", p.FEN(), got, want)
			}
			if v.HasMoves(&p) != (len(ms) > 0) {
				t.Fatalf("%s: HasMoves %v, %d moves", p.FEN(), v.HasMoves(&p), len(ms))
			}
			if len(ms) == 0 {
				break
			}
			if p.Men(p.Side) == 0 {
				noMen++
			}
			// A king's quiet move seven times in eight.
			var kingQuiet []Move
			for _, m := range ms {
				if !m.IsCapture() && p.Kings.Has(m.From) {
					kingQuiet = append(kingQuiet, m)
				}
			}
			pick := ms
			if len(kingQuiet) > 0 && splitmix64(&seed)%8 != 0 {
				pick = kingQuiet
			}
			m := pick[splitmix64(&seed)%uint64(len(pick))]
			game = append(game, ply{p, m})
			p.Make(&m)
			if p.Hash() != p.RecomputeHash() {
				t.Fatalf("after %s: hash %#x, from scratch %#x", m.String(), p.Hash(), p.RecomputeHash())
			}
		}
	}
	if barredSeen < 100 || noMen == 0 {
		t.Errorf("%d positions with a barred king, %d of a side without men: too few to tell", barredSeen, noMen)
	}
	t.Logf("%d positions with a barred king", barredSeen)
}
