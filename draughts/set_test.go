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
