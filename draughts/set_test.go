package draughts

import (
	"math/bits"
	"testing"

	"pgregory.net/rapid"
)

// refSet is a set of squares below 128 as a plain list of booleans, the
// reference the word operations of set are checked against.
type refSet [128]bool

func refOf(w []uint64) (r refSet) {
	for i := range r {
		r[i] = i/64 < len(w) && w[i/64]>>(i%64)&1 != 0
	}
	return r
}

// drawSet draws a set of n words, sparse or dense, sometimes with one
// word empty, so that the first and last squares fall in either word.
func drawSet(t *rapid.T, n int, label string) []uint64 {
	w := make([]uint64, n)
	for i := range w {
		switch rapid.IntRange(0, 3).Draw(t, label+"kind") {
		case 0:
		case 1:
			w[i] = 1 << rapid.IntRange(0, 63).Draw(t, label+"bit")
		default:
			w[i] = rapid.Uint64().Draw(t, label+"word")
		}
	}
	return w
}

// wordsOf is the words of a as a slice.
func wordsOf[W words](a set[W]) []uint64 {
	out := make([]uint64, len(a.w))
	for i := range out {
		out[i] = a.w[i]
	}
	return out
}

// setFrom is the set of the words w.
func setFrom[W words](w []uint64) (a set[W]) {
	for i := range len(a.w) {
		a.w[i] = w[i]
	}
	return a
}

// checkSet checks the operations of set[W] on the sets drawn against
// refSet, for one instantiation.
func checkSet[W words](t *rapid.T) {
	var ws W
	n := len(ws)
	a, b := setFrom[W](drawSet(t, n, "a")), setFrom[W](drawSet(t, n, "b"))
	s := Square(rapid.IntRange(0, 64*n-1).Draw(t, "s"))
	ra, rb := refOf(wordsOf(a)), refOf(wordsOf(b))
	op := func(name string, got set[W], f func(x, y bool) bool) {
		r := refOf(wordsOf(got))
		for i := range 64 * n {
			if want := f(ra[i], rb[i]); r[i] != want {
				t.Fatalf("%d words: %s: square %d is %v, want %v (a %x, b %x)", n, name, i, r[i], want, a.w, b.w)
			}
		}
	}
	op("and", a.and(b), func(x, y bool) bool { return x && y })
	op("or", a.or(b), func(x, y bool) bool { return x || y })
	op("andNot", a.andNot(b), func(x, y bool) bool { return x && !y })
	k := uint(rapid.IntRange(1, 63).Draw(t, "k"))
	rl, rr := refOf(wordsOf(a.shl(k))), refOf(wordsOf(a.shr(k)))
	for i := range 64 * n {
		if want := i >= int(k) && ra[i-int(k)]; rl[i] != want {
			t.Fatalf("%d words: shl(%d): square %d is %v, want %v (a %x)", n, k, i, rl[i], want, a.w)
		}
		if want := i+int(k) < 64*n && ra[i+int(k)]; rr[i] != want {
			t.Fatalf("%d words: shr(%d): square %d is %v, want %v (a %x)", n, k, i, rr[i], want, a.w)
		}
	}
	if got, want := a.has(s), ra[s]; got != want {
		t.Fatalf("%d words: has(%d) = %v, want %v (a %x)", n, s, got, want, a.w)
	}
	one := bitOf[W](s)
	for i := range 64 * n {
		if got := one.has(Square(i)); got != (i == int(s)) {
			t.Fatalf("%d words: bitOf(%d) has %d: %v", n, s, i, got)
		}
	}
	rw := refOf(wordsOf(a.without(s)))
	for i := range 64 * n {
		if want := ra[i] && i != int(s); rw[i] != want {
			t.Fatalf("%d words: without(%d): square %d is %v, want %v (a %x)", n, s, i, rw[i], want, a.w)
		}
	}
	ones := 0
	for i := range n {
		ones += bits.OnesCount64(a.w[i])
	}
	if got := a.count(); got != ones {
		t.Fatalf("%d words: count() = %d, want %d (a %x)", n, got, ones, a.w)
	}
	if a.zero() != (ones == 0) {
		t.Fatalf("%d words: zero() = %v with %d squares (a %x)", n, a.zero(), ones, a.w)
	}
	if ones == 0 {
		return
	}
	lo, hi := -1, -1
	for i := range 64 * n {
		if ra[i] {
			if lo < 0 {
				lo = i
			}
			hi = i
		}
	}
	if got := a.first(); int(got) != lo {
		t.Fatalf("%d words: first() = %d, want %d (a %x)", n, got, lo, a.w)
	}
	if got := a.last(); int(got) != hi {
		t.Fatalf("%d words: last() = %d, want %d (a %x)", n, got, hi, a.w)
	}
	d := a.dropFirst()
	if d.has(Square(lo)) || d.without(Square(lo)) != a.without(Square(lo)) {
		t.Fatalf("%d words: dropFirst() = %x, want %x without %d", n, d.w, a.w, lo)
	}
}

// The word operations of the move generator's sets, on one word and on
// two (the 12x12 board's).
func TestSetOperations(t *testing.T) {
	rapid.Check(t, checkSet[[1]uint64])
	rapid.Check(t, checkSet[[2]uint64])
}

// On one word a set is a Bitboard.
func TestSetOneWordIsBitboard(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := Bitboard(rapid.Uint64().Draw(t, "b"))
		if got := setOf[[1]uint64](b).lo(); got != b {
			t.Fatalf("setOf(%x).lo() = %x", b, got)
		}
	})
}

// shift128 shifts the 128-bit number hi:lo left by s bits (right if s is
// negative): the reference jumpTargetsWide is checked against.
func shift128(lo, hi uint64, s int) (uint64, uint64) {
	if s >= 0 {
		u := uint(s)
		return lo << u, hi<<u | lo>>(64-u)
	}
	u := uint(-s)
	return lo>>u | hi<<(64-u), hi >> u
}

// TestJumpTargetsWide checks the whole-board capture test on two words
// (jumpTargets' formula on a 128-bit board, jumpTargetsWide) against
// 128-bit shifts.
func TestJumpTargetsWide(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := uint(rapid.IntRange(4, 6).Draw(t, "k"))
		e := [2]uint64{rapid.Uint64().Draw(t, "e0"), rapid.Uint64().Draw(t, "e1")}
		o := [2]uint64{rapid.Uint64().Draw(t, "o0"), rapid.Uint64().Draw(t, "o1")}
		// up = (e>>k & o)>>k | (e>>(k+1) & o)>>(k+1), down the same left.
		var up, down [2]uint64
		for _, s := range []int{int(k), int(k) + 1} {
			l, h := shift128(e[0], e[1], -s)
			l, h = shift128(l&o[0], h&o[1], -s)
			up[0], up[1] = up[0]|l, up[1]|h
			l, h = shift128(e[0], e[1], s)
			l, h = shift128(l&o[0], h&o[1], s)
			down[0], down[1] = down[0]|l, down[1]|h
		}
		u, d := jumpTargetsWide(set[[2]uint64]{e}, set[[2]uint64]{o}, k)
		if u.w != up || d.w != down {
			t.Fatalf("k=%d e=%x o=%x: jumpTargetsWide %x %x, want %x %x", k, e, o, u.w, d.w, up, down)
		}
	})
}

// TestCapturersWideOneWord checks capturersWide on two words against
// capturers on positions of one word (high words empty) of random games
// of every variant found by whole-board shifts.
func TestCapturersWideOneWord(t *testing.T) {
	for _, v := range Variants() {
		s := v.spec()
		if s.eachCaptures || s.special {
			continue
		}
		rapid.Check(t, func(t *rapid.T) {
			p := Start(v)
			plies := rapid.IntRange(0, 120).Draw(t, "plies")
			for i := 0; i < plies; i++ {
				if got, want := capturersWideOn(s, &p), setOf[[2]uint64](s.capturers(&p)); got != want {
					t.Fatalf("%s %s: capturersWide %x, capturers %x", v, p.FEN(), got.w, want.w)
				}
				ms := v.Moves(&p, nil)
				if len(ms) == 0 {
					return
				}
				p.Make(&ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
			}
		})
	}
}

// generateWide, on two words with the high words empty and on one, lists
// the moves generate lists, in its order, on the positions of random
// games of every variant it would serve (the diagonal ones), both with
// every path and with one per sequence; so do diagonalQuietWide and
// hasQuietWide (quietMoves and hasQuiet of a wide board) as
// diagonalQuiet and hasQuiet, captures or not, and quietMoveWide as
// quietMove; countMovesWide counts as countMoves, and perftWide from
// the game's last position as Perft. Until step 2 of
// docs/canadian.md no variant is wide, and this is its check.
func TestGenerateWideOneWord(t *testing.T) {
	for _, v := range Variants() {
		s := v.spec()
		if s.eachCaptures || s.special {
			continue
		}
		rapid.Check(t, func(t *rapid.T) {
			p := Start(v)
			plies := rapid.IntRange(0, 120).Draw(t, "plies")
			for i := 0; i < plies; i++ {
				sameMoves(t, v, &p, "diagonalQuietWide on two words", diagonalQuietWide(s, &p, nil, s.geo.ray2), s.diagonalQuiet(&p, nil))
				if got, want := hasQuietWide[[2]uint64](s, &p), s.hasQuiet(&p); got != want {
					t.Fatalf("%s %s: hasQuietWide on two words %v, want %v", v, p.FEN(), got, want)
				}
				if got, want := hasQuietWide[[1]uint64](s, &p), s.hasQuiet(&p); got != want {
					t.Fatalf("%s %s: hasQuietWide on one word %v, want %v", v, p.FEN(), got, want)
				}
				// quietMove of every quiet move and of one pair of squares
				// drawn, legal or not.
				pairs := [][2]Square{{Square(rapid.IntRange(0, 63).Draw(t, "from")), Square(rapid.IntRange(0, 63).Draw(t, "to"))}}
				for _, m := range s.diagonalQuiet(&p, nil) {
					pairs = append(pairs, [2]Square{m.From, m.To})
				}
				for _, ft := range pairs {
					gm, gn, gok := quietMoveWideOn(s, &p, ft[0], ft[1])
					wm, wn, wok := s.quietMove(&p, ft[0], ft[1])
					if gm != wm || gn != wn || gok != wok {
						t.Fatalf("%s %s: quietMoveWide %d-%d: %v %d %v, quietMove %v %d %v", v, p.FEN(), ft[0], ft[1], gm, gn, gok, wm, wn, wok)
					}
				}
				for _, c := range []Counting{CountLandings, CountSequences, CountResults} {
					if got, want := countMovesWideOn(s, &p, c), s.countMoves(&p, c, nil); got != want {
						t.Fatalf("%s %s: countMovesWide (%s) %d, countMoves %d", v, p.FEN(), c, got, want)
					}
				}
				for _, sequences := range []bool{false, true} {
					want := s.generate(&p, nil, sequences)
					sameMoves(t, v, &p, "generateWide on two words", generateWideOn(s, &p, sequences, s.geo.ray2), want)
					sameMoves(t, v, &p, "generateWide on one word", generateWideOn(s, &p, sequences, &s.geo.ray1), want)
				}
				ms := v.Moves(&p, nil)
				if len(ms) == 0 {
					break
				}
				p.Make(&ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
			}
			c := Counting(rapid.IntRange(0, 2).Draw(t, "counting"))
			depth := rapid.IntRange(1, 3).Draw(t, "depth")
			if got, want := perftWideOn(s, &p, depth, c), s.Perft(&p, depth, c); got != want {
				t.Fatalf("%s %s: perftWide %d (%s) %d, Perft %d", v, p.FEN(), depth, c, got, want)
			}
		})
	}
}

// The wide code on the row width of s's board, which the tests run on
// the boards of one word (its high words empty).
func capturersWideOn(s *spec, p *Position) set[[2]uint64] {
	if s.geo.perRow == 4 {
		return capturersWide[[4]byte](s, p, s.geo.ray2)
	}
	return capturersWide[[5]byte](s, p, s.geo.ray2)
}

func generateWideOn[W words](s *spec, p *Position, sequences bool, ray *[256][numDirs]set[W]) []Move {
	if s.geo.perRow == 4 {
		return generateWide[[4]byte](s, p, nil, sequences, ray)
	}
	return generateWide[[5]byte](s, p, nil, sequences, ray)
}

func countMovesWideOn(s *spec, p *Position, c Counting) int {
	if s.geo.perRow == 4 {
		return countMovesWide[[4]byte](s, p, c, nil, s.geo.ray2)
	}
	return countMovesWide[[5]byte](s, p, c, nil, s.geo.ray2)
}

func quietMoveWideOn(s *spec, p *Position, from, to Square) (Move, int, bool) {
	if s.geo.perRow == 4 {
		return quietMoveWide[[4]byte](s, p, from, to, s.geo.ray2)
	}
	return quietMoveWide[[5]byte](s, p, from, to, s.geo.ray2)
}

func perftWideOn(s *spec, p *Position, depth int, c Counting) uint64 {
	if s.geo.perRow == 4 {
		return perftWide[[4]byte](s, p, depth, c, s.geo.ray2)
	}
	return perftWide[[5]byte](s, p, depth, c, s.geo.ray2)
}

// sameMoves fails t unless got lists the moves of want in the same order.
func sameMoves(t *rapid.T, v Variant, p *Position, what string, got, want []Move) {
	if len(got) != len(want) {
		t.Fatalf("%s %s: %s: %d moves %v, want %d %v", v, p.FEN(), what, len(got), got, len(want), want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s %s: %s: move %d is %v, want %v", v, p.FEN(), what, i, got[i], want[i])
		}
	}
}
