package draughts

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// The two-word code (wide.go) on the 12x12 board of Canadian draughts,
// with pieces in the position's high words (Position.highWords).

// position12 is the Canadian position of the given sets of the 12x12
// board.
func position12(white, black, kings set[[2]uint64], side Color) Position {
	p := Position{Pieces: [2]Bitboard{white.lo(), black.lo()}, Kings: kings.lo(), Side: side, v: Canadian}
	p.setHighWords(white.w[1], black.w[1], kings.w[1])
	p.hash = p.computeHash()
	return p
}

// draw12 draws a random position of the 12x12 board: men off their
// promotion rows, kings anywhere, either side to move.
func draw12(t *rapid.T, g *Geometry) Position {
	var white, black, kings set[[2]uint64]
	for _, s := range g.squares {
		r := g.Row(s)
		switch rapid.IntRange(0, 9).Draw(t, fmt.Sprint("sq", s)) {
		case 0, 1:
			if r != 11 {
				white = white.or(bitOf[[2]uint64](s))
			}
		case 2:
			white = white.or(bitOf[[2]uint64](s))
			kings = kings.or(bitOf[[2]uint64](s))
		case 3, 4:
			if r != 0 {
				black = black.or(bitOf[[2]uint64](s))
			}
		case 5:
			black = black.or(bitOf[[2]uint64](s))
			kings = kings.or(bitOf[[2]uint64](s))
		}
	}
	return position12(white, black, kings, Color(rapid.IntRange(0, 1).Draw(t, "side")))
}

// Make on random 12x12 positions, every move of each: the pieces of
// makeWide (the moves made on the words) and the hash computed from
// them (computeHash, with the keys of the high word, zobristHi). Each
// move is also made on the position turned round (flip2, Mirror),
// whose pieces of the high word come to word 0: the same pieces, and
// the same pieces taken jump by jump (takenAt), turned round.
func TestMakeWide12x12(t *testing.T) {
	sp := Canadian.spec()
	g := sp.geo
	flip := func(s Square) Square { return g.flip2(bitOf[[2]uint64](s)).first() }
	rapid.Check(t, func(t *rapid.T) {
		p := draw12(t, g)
		for _, m := range generateWide[[6]byte](sp, &p, nil, false, sp.geo.ray2) {
			q, r := p, p
			q.Make(&m)
			makeWide[[2]uint64](&r, &m)
			if h := q.computeHash(); q.hash != h {
				t.Fatalf("move %d-%d: hash %#x, computed %#x", m.From, m.To, q.hash, h)
			}
			r.hash = q.hash
			if q != r {
				t.Fatalf("move %d-%d: Make %+v, makeWide %+v", m.From, m.To, q, r)
			}
			white, black, kings := sets[[2]uint64](&p)
			pf := position12(g.flip2(black), g.flip2(white), g.flip2(kings), p.Side^1)
			var mf Move
			for _, n := range generateWide[[6]byte](sp, &pf, nil, false, sp.geo.ray2) {
				if n.From != flip(m.From) || n.To != flip(m.To) || n.jumps != m.jumps {
					continue
				}
				took := set[[2]uint64]{[2]uint64{uint64(n.Captured), uint64(n.capturedHi)}}
				same := g.flip2(took) == (set[[2]uint64]{[2]uint64{uint64(m.Captured), uint64(m.capturedHi)}})
				for i := 0; i < int(m.jumps); i++ {
					same = same && n.land[i] == flip(m.land[i])
				}
				if same {
					mf = n
					break
				}
			}
			if mf.From == mf.To && mf.jumps == 0 {
				t.Fatalf("move %d-%d: no such move turned round", m.From, m.To)
			}
			// The pieces taken, jump by jump (takenAt, on two words),
			// are those turned round, and every one of them.
			var inOrder set[[2]uint64]
			for i := 0; i < int(m.jumps); i++ {
				s, sf := m.takenAt(i), mf.takenAt(i)
				if flip(s) != sf || inOrder.has(s) {
					t.Fatalf("move %d-%d: jump %d took %d, turned round %d (taken before: %x)", m.From, m.To, i, s, sf, inOrder.w)
				}
				inOrder = inOrder.or(bitOf[[2]uint64](s))
			}
			if took := (set[[2]uint64]{[2]uint64{uint64(m.Captured), uint64(m.capturedHi)}}); inOrder != took {
				t.Fatalf("move %d-%d: taken in order %x, captured %x", m.From, m.To, inOrder.w, took.w)
			}
			if mp := p.Mirror(); mp != pf {
				t.Fatalf("Mirror %+v, want %+v", mp, pf)
			}
			pf.Make(&mf)
			w, b, k := sets[[2]uint64](&q)
			if want := position12(g.flip2(b), g.flip2(w), g.flip2(k), q.Side^1); pf != want {
				t.Fatalf("move %d-%d turned round: %+v, want %+v", m.From, m.To, pf, want)
			}
		}
		// The pieces of the high word are in the hash: each of them
		// taken away changes it.
		white, black, kings := sets[[2]uint64](&p)
		for b := white.or(black); !b.zero(); b = b.dropFirst() {
			if s := b.first(); s >= 64 {
				q := position12(white.without(s), black.without(s), kings.without(s), p.Side)
				if q.hash == p.hash {
					t.Fatalf("square %d: the same hash without its piece", s)
				}
			}
		}
	})
}

func TestPositionHighWords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		const m = 1<<highBits - 1
		w := [3]uint64{rapid.Uint64Max(m).Draw(t, "white"), rapid.Uint64Max(m).Draw(t, "black"), rapid.Uint64Max(m).Draw(t, "kings")}
		lo := [3]Bitboard{Bitboard(rapid.Uint64().Draw(t, "white0")), Bitboard(rapid.Uint64().Draw(t, "black0")), Bitboard(rapid.Uint64().Draw(t, "kings0"))}
		p := Position{Pieces: [2]Bitboard{lo[0], lo[1]}, Kings: lo[2]}
		p.setHighWords(w[0], w[1], w[2])
		if a, b, c := p.highWords(); [3]uint64{a, b, c} != w {
			t.Fatalf("highWords %x %x %x, want %x", a, b, c, w)
		}
		white, black, kings := sets[[2]uint64](&p)
		if white.w != [2]uint64{uint64(lo[0]), w[0]} || black.w != [2]uint64{uint64(lo[1]), w[1]} || kings.w != [2]uint64{uint64(lo[2]), w[2]} {
			t.Fatalf("sets on two words %x %x %x, want %x and %x", white.w, black.w, kings.w, lo, w)
		}
		white1, black1, kings1 := sets[[1]uint64](&p)
		if white1.lo() != lo[0] || black1.lo() != lo[1] || kings1.lo() != lo[2] {
			t.Fatalf("sets on one word %x %x %x, want %x", white1.w, black1.w, kings1.w, lo)
		}
		// The high words are part of the position.
		q := p
		q.setHighWords(w[0]^1, w[1], w[2])
		if q == p {
			t.Fatal("positions with different high words are equal")
		}
	})
}

// A man of the high word (Black's on row 11) that must capture a man of
// word 0, beside a king of word 0 that cannot: every way into the move
// generation sees the capture.
func TestWideCaptureFromHighWord12x12(t *testing.T) {
	sp := Canadian.spec()
	from, over, to, king := at12(2, 10), at12(3, 9), at12(4, 8), at12(0, 0)
	if from < 64 || over >= 64 || to >= 64 {
		t.Fatalf("squares %d %d %d: want the first of the high word", from, over, to)
	}
	kings := bitOf[[2]uint64](king)
	p := position12(bitOf[[2]uint64](over), bitOf[[2]uint64](from).or(kings), kings, Black)
	if !sp.canCapture(&p) || !sp.HasMoves(&p) {
		t.Errorf("canCapture %v, HasMoves %v: want true", sp.canCapture(&p), sp.HasMoves(&p))
	}
	ms := generateWide[[6]byte](sp, &p, nil, false, sp.geo.ray2)
	if len(ms) != 1 || ms[0].From != from || ms[0].To != to || ms[0].jumps != 1 || ms[0].Captured != over.Bit() {
		t.Errorf("moves %+v, want the capture %d-%d over %d", ms, from, to, over)
	}
	if _, _, ok := sp.quietMove(&p, king, at12(1, 1)); ok {
		t.Error("quietMove accepts the king's quiet move where a capture is compulsory")
	}
	for _, c := range []Counting{CountLandings, CountSequences, CountResults} {
		if n := countMovesWide[[6]byte](sp, &p, c, nil, sp.geo.ray2); n != 1 {
			t.Errorf("countMovesWide (%s) %d, want 1", c, n)
		}
	}
}

// The moves of random 12x12 positions against those of the position
// turned round (colours swapped, Geometry.flip2), where the pieces of
// the high word (rows 11 and 12, bits 65 to 76) come to word 0 (rows 1
// and 2) and back: the same moves square for square (their paths and
// the pieces they take, Move.Captured with its high part), the same
// captures, counts and quiet moves.
func TestWideHighWords12x12(t *testing.T) {
	sp := Canadian.spec()
	g := sp.geo
	flip := func(s Square) Square { return g.flip2(bitOf[[2]uint64](s)).first() }
	rapid.Check(t, func(t *rapid.T) {
		p := draw12(t, g)
		white, black, kings := sets[[2]uint64](&p)
		q := position12(g.flip2(black), g.flip2(white), g.flip2(kings), p.Side^1)
		key := func(m *Move, f func(Square) Square) string {
			var took []Square
			for c := (set[[2]uint64]{[2]uint64{uint64(m.Captured), uint64(m.capturedHi)}}); !c.zero(); c = c.dropFirst() {
				took = append(took, f(c.first()))
			}
			slices.Sort(took)
			s := fmt.Sprintf("%d-%d/%d/%v/%v:", f(m.From), f(m.To), m.jumps, m.Promotes, took)
			for _, l := range m.land[:m.jumps] {
				s += fmt.Sprint(f(l), ",")
			}
			return s
		}
		keys := func(ms []Move, f func(Square) Square) []string {
			var out []string
			for i := range ms {
				out = append(out, key(&ms[i], f))
			}
			slices.Sort(out)
			return out
		}
		same := func(s Square) Square { return s }
		pm := generateWide[[6]byte](sp, &p, nil, false, sp.geo.ray2)
		qm := generateWide[[6]byte](sp, &q, nil, false, sp.geo.ray2)
		if a, b := keys(pm, flip), keys(qm, same); !slices.Equal(a, b) {
			t.Fatalf("moves of p turned round %v, of q %v", a, b)
		}
		pc, qc := !capturersWide[[6]byte](sp, &p, sp.geo.ray2).zero(), !capturersWide[[6]byte](sp, &q, sp.geo.ray2).zero()
		if pc != qc || sp.canCapture(&p) != pc || sp.canCapture(&q) != qc || pc != (len(pm) > 0 && pm[0].jumps > 0) {
			t.Fatalf("captures: capturersWide %v %v, canCapture %v %v, moves %d", pc, qc, sp.canCapture(&p), sp.canCapture(&q), len(pm))
		}
		if a, b := hasQuietWide[[2]uint64](sp, &p), hasQuietWide[[2]uint64](sp, &q); a != b || a != (len(diagonalQuietWide(sp, &p, nil, sp.geo.ray2)) > 0) {
			t.Fatalf("hasQuietWide %v %v", a, b)
		}
		if sp.HasMoves(&p) != (len(pm) > 0) || sp.HasMoves(&q) != (len(qm) > 0) {
			t.Fatalf("HasMoves %v %v, moves %d %d", sp.HasMoves(&p), sp.HasMoves(&q), len(pm), len(qm))
		}
		for _, c := range []Counting{CountLandings, CountSequences, CountResults} {
			a := countMovesWide[[6]byte](sp, &p, c, nil, sp.geo.ray2)
			b := countMovesWide[[6]byte](sp, &q, c, nil, sp.geo.ray2)
			if a != b || c == CountLandings && a != len(pm) {
				t.Fatalf("countMovesWide (%s) %d and %d turned round, %d moves", c, a, b, len(pm))
			}
		}
		for _, m := range diagonalQuietWide(sp, &p, nil, sp.geo.ray2) {
			got, n, ok := quietMoveWide[[6]byte](sp, &p, m.From, m.To, sp.geo.ray2)
			if ok == pc || ok && (got != m || n != len(pm)) {
				t.Fatalf("quietMoveWide %d-%d: %v %d %v, want %v of %d (captures %v)", m.From, m.To, got, n, ok, m, len(pm), pc)
			}
		}
	})
}

// Perft of Canadian draughts from its start (Start), one move per
// resulting position (CountResults, dctl's drop_duplicates_gen, damka
// perft's --dedup), against rhalbersma/dctl's counts
// (test/src/algo/traversal/initial/board_large.cpp, quoting damforum.nl;
// docs/canadian.md): depth 8 by default, 10 with -long (some minutes).
func TestPerftCanadianStart(t *testing.T) {
	want := []uint64{11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056, 237209258, 1761652936}
	depth := 8
	if *long {
		depth = 10
	}
	p := Start(Canadian)
	if white, black, _ := sets[[2]uint64](&p); white.count() != 30 || black.count() != 30 || black.w[1] == 0 {
		t.Fatalf("start: %d and %d men (%x %x)", white.count(), black.count(), white.w, black.w)
	}
	for d := 1; d <= depth; d++ {
		if got := Canadian.Perft(&p, d, CountResults); got != want[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
}
