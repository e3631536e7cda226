package draughts

import "math/bits"

// words is the words of a board's bit set: one for the boards of 64 bits
// or less (8x8, 10x10), two for 12x12 (docs/canadian.md). The length of
// the array is a constant of each instantiation, so the compiler drops
// the second word's code from the one-word one.
type words interface{ [1]uint64 | [2]uint64 }

// set is a set of squares of a board of len(W) words: the square s is
// bit s&63 of word s>>6. The move generator is written once on it
// (movegen) and runs on one word as it ran on Bitboard: the operations
// are loop-free (a loop stays in the code even over one word), and the
// ones the generator's hot paths use inline into them. Go's inliner
// charges the two-word code to the one-word instantiation's budget too,
// before it drops it, so a composition of several operations does not
// inline: write it out on the words where it is used, as take does.
type set[W words] struct{ w W }

// Each operation is written without a branch on the number of words
// where it can: the last word is w[len-1], which is w[0] again on one
// word, and the compiler merges the two statements into one.

// and, or, andNot and zero are the set operations of Bitboard's &, |,
// &^ and == 0.
func (a set[W]) and(b set[W]) (r set[W]) {
	n := len(a.w) - 1
	r.w[0] = a.w[0] & b.w[0]
	r.w[n] = a.w[n] & b.w[n]
	return r
}

func (a set[W]) or(b set[W]) (r set[W]) {
	n := len(a.w) - 1
	r.w[0] = a.w[0] | b.w[0]
	r.w[n] = a.w[n] | b.w[n]
	return r
}

func (a set[W]) andNot(b set[W]) (r set[W]) {
	n := len(a.w) - 1
	r.w[0] = a.w[0] &^ b.w[0]
	r.w[n] = a.w[n] &^ b.w[n]
	return r
}

func (a set[W]) zero() bool {
	return a.w[0]|a.w[len(a.w)-1] == 0
}

// word is the word of s and its bit there. On one word it is word 0 and
// s&63: a square of 64 or more (NoSquare) must be tested by the caller,
// as the generator does; the shift then needs no guard for counts of 64
// and more, which Bitboard.Has pays for.
func word[W words](s Square) (i int, sh Square) {
	var w W
	return int(s>>6) & (len(w) - 1), s & 63
}

// has reports whether s is in a (s below NoSquare: see word).
func (a set[W]) has(s Square) bool {
	i, sh := word[W](s)
	return a.w[i]&(1<<sh) != 0
}

// bitOf is the set of the one square s.
func bitOf[W words](s Square) (r set[W]) {
	i, sh := word[W](s)
	r.w[i] = 1 << sh
	return r
}

// first is the lowest square of a non-empty a.
func (a set[W]) first() Square {
	t := bits.TrailingZeros64(a.w[0])
	if len(a.w) == 2 && t == 64 {
		t += bits.TrailingZeros64(a.w[len(a.w)-1])
	}
	return Square(t)
}

// last is the highest square of a non-empty a.
func (a set[W]) last() Square {
	n := len(a.w) - 1
	if n > 0 && a.w[n] != 0 {
		return Square(64*n + 63 - bits.LeadingZeros64(a.w[n]))
	}
	return Square(63 - bits.LeadingZeros64(a.w[0]))
}

// dropFirst is a non-empty a without its lowest square.
func (a set[W]) dropFirst() set[W] {
	n := len(a.w) - 1
	if n == 0 || a.w[0] != 0 {
		a.w[0] &= a.w[0] - 1
		return a
	}
	a.w[n] &= a.w[n] - 1
	return a
}

// setOf is the set of the squares of b.
func setOf[W words](b Bitboard) (r set[W]) {
	r.w[0] = uint64(b)
	return r
}

// narrow is a on the words of W: a itself on two words, its word 0 on
// one, where a board of 64 bits or less leaves the high word empty (the
// geometry's two-word masks: board2, promo2).
func narrow[W words](a set[[2]uint64]) (r set[W]) {
	n := len(r.w) - 1
	r.w[0] = a.w[0]
	r.w[n] = a.w[n]
	return r
}

// lo is the squares of a's first word.
func (a set[W]) lo() Bitboard { return Bitboard(a.w[0]) }

// without is a without s.
func (a set[W]) without(s Square) set[W] {
	i, sh := word[W](s)
	a.w[i] &^= 1 << sh
	return a
}

// shl is a shifted up by k bits (0 < k < 64), the bits of word 0 that
// leave it carried into the next: a diagonal step up the board, as
// Bitboard's << is on one word. Only the 12x12 board's code uses it
// (generateWide), whose speed the one-word boards do not pay.
func (a set[W]) shl(k uint) (r set[W]) {
	n := len(a.w) - 1
	r.w[n] = a.w[n] << k
	if n > 0 {
		r.w[n] |= a.w[0] >> (64 - k)
		r.w[0] = a.w[0] << k
	}
	return r
}

// shr is a shifted down by k bits (0 < k < 64), the low bits of the high
// word carried into word 0: a diagonal step down, as Bitboard's >>.
func (a set[W]) shr(k uint) (r set[W]) {
	n := len(a.w) - 1
	r.w[0] = a.w[0] >> k
	if n > 0 {
		r.w[0] |= a.w[n] << (64 - k)
		r.w[n] = a.w[n] >> k
	}
	return r
}

// count is the number of squares of a.
func (a set[W]) count() int {
	n := len(a.w) - 1
	c := bits.OnesCount64(a.w[0])
	if n > 0 {
		c += bits.OnesCount64(a.w[n])
	}
	return c
}
