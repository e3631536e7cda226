package draughts

import (
	"errors"
	"fmt"
	"math/bits"
)

// Position is a board with the side to move and its Zobrist hash, and the
// variant it belongs to, which names its squares (FEN). It is a plain
// value, 40 bytes: copy it to keep it (copy-make).
//
// In a variant that limits a king's quiet moves (Rules.KingMoveLimit:
// Frisian, Frysk!) it also keeps, for each side, the king that made that
// side's last quiet moves and how many it made running (KingRun): the
// part of the game's history that the rule needs, which Make keeps up.
// Two positions that differ in it are different positions (==, Hash). A
// position set up from a FEN or from pieces starts with no moves counted:
// a FEN carries no history.
type Position struct {
	Pieces [2]Bitboard // men and kings of White and Black
	Kings  Bitboard    // kings of both sides
	Side   Color       // side to move
	v      Variant
	// run is, by side, the king that made the side's last quiet moves
	// (its square now) and their count: n 0 when the side's last move was
	// no quiet king move. Only the variants with a KingMoveLimit set it;
	// it sits in what was padding before hash, so that the Position
	// stays 40 bytes.
	//
	// On a board of more than 64 bits (12x12: docs/canadian.md), where
	// no variant limits kings, run and hi hold instead the high words
	// of Pieces and Kings (their squares of bit 64 and up: highWords).
	// hi is zero on the other boards.
	run  [2]kingRun
	hi   uint16
	hash uint64
}

// highBits is how many bits of each high word a Position holds: bits 64
// to 76, the high word of the 12x12 board (77 bits, Geometry); 3 x 13
// bits fill run (32 bits) and hi (16).
const highBits = 13

// highWords is the high words of White's, Black's and the kings' sets:
// the squares of bit 64 and up, bit s-64 of each word. It reads run and
// hi, so it is for a board of more than 64 bits, or for a position
// whose run is empty (every variant without a KingMoveLimit), where the
// high words are empty.
func (p *Position) highWords() (white, black, kings uint64) {
	t := uint64(p.run[0].sq) | uint64(p.run[0].n)<<8 | uint64(p.run[1].sq)<<16 |
		uint64(p.run[1].n)<<24 | uint64(p.hi)<<32
	const m = 1<<highBits - 1
	return t & m, t >> highBits & m, t >> (2 * highBits) & m
}

// setHighWords sets the high words that highWords reads, for a board of
// more than 64 bits; a bit above the high word's 13 (a square past bit
// 76, which no board has) is dropped.
func (p *Position) setHighWords(white, black, kings uint64) {
	const m = 1<<highBits - 1
	t := white&m | (black&m)<<highBits | (kings&m)<<(2*highBits)
	p.run[0] = kingRun{sq: Square(t), n: uint8(t >> 8)}
	p.run[1] = kingRun{sq: Square(t >> 16), n: uint8(t >> 24)}
	p.hi = uint16(t >> 32)
}

// sets is p's pieces on sets of len(W) words: White's, Black's and the
// kings. Word 0 is the Bitboards, and on two words the high word is
// highWords, which the compiler drops from the one-word code (the wide
// code of wide.go and movegen.init read the position through it).
func sets[W words](p *Position) (white, black, kings set[W]) {
	white.w[0], black.w[0], kings.w[0] = uint64(p.Pieces[White]), uint64(p.Pieces[Black]), uint64(p.Kings)
	if n := len(white.w) - 1; n > 0 {
		white.w[n], black.w[n], kings.w[n] = p.highWords()
	}
	return white, black, kings
}

// kingRun is a king's quiet moves running: the square it stands on and
// how many it made, n capped at the limit plus one (a move past the limit
// that validation replays).
type kingRun struct {
	sq Square
	n  uint8
}

// WithKingRun returns p with side c's run set: the king on s has made n
// quiet moves running (KingRun), n 0 for none; for a caller that keeps a
// position as its FEN, which has no such field, and the run beside it.
// ok is false, and p returned as it is, when p's variant has no
// KingMoveLimit, n is outside 0 to the limit plus one, or, for n > 0, s
// is no king of c or c has no men.
func (p Position) WithKingRun(c Color, s Square, n int) (q Position, ok bool) {
	limit := int(p.v.spec().KingMoveLimit)
	c &= 1
	switch {
	case limit == 0 || n < 0 || n > limit+1:
		return p, false
	case n > 0 && (s >= 64 || !p.KingsOf(c).Has(s) || p.Men(c) == 0):
		return p, false
	}
	if n == 0 {
		s = 0
	}
	p.run[c] = kingRun{sq: s, n: uint8(n)}
	p.hash = p.computeHash()
	return p, true
}

// KingRun is, for side c, the square of the king that made c's last quiet
// moves and how many it made running while c had men: n is 0 when c's
// last move was no quiet king move, in a variant without a
// KingMoveLimit, and in a position set up from a FEN, which carries no
// history. At the limit (Frisian: 3) that king has no quiet move.
func (p *Position) KingRun(c Color) (s Square, n int) {
	r := p.run[c&1]
	if r.n == 0 || !p.v.limitsKings() {
		return NoSquare, 0
	}
	return r.sq, int(r.n)
}

// StartFEN is the start position of Russian draughts and giveaway (R-BRD-2).
const StartFEN = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"

// Start returns the start position of v (R-BRD-2): the men of each side on
// the rows of its half of the board but the two middle rows.
func Start(v Variant) Position {
	g := v.Geometry()
	var p Position
	rows := g.height/2 - 1
	if n := v.spec().startRows; n > 0 {
		rows = n
	}
	if g.Wide() {
		// The rows on two words, Black's in the high word
		// (Canadian).
		var white, black set[[2]uint64]
		for r := v.spec().startGap; r < v.spec().startGap+rows; r++ {
			white = white.or(g.rows2[r])
			black = black.or(g.rows2[g.height-1-r])
		}
		p.Pieces = [2]Bitboard{white.lo(), black.lo()}
		p.setHighWords(white.w[1], black.w[1], 0)
	} else {
		for r := v.spec().startGap; r < v.spec().startGap+rows; r++ {
			p.Pieces[White] |= g.rows[r]
			p.Pieces[Black] |= g.rows[g.height-1-r]
		}
	}
	p.Side = v.FirstMove()
	p.v = v
	p.hash = p.computeHash()
	return p
}

// StartFEN is the FEN of v's start position.
func (v Variant) StartFEN() string {
	p := Start(v)
	return p.FEN()
}

// WithSide returns p with side c to move, its hash updated: every piece
// where it was, those past bit 63 of 12x12 too (NewPosition from p's
// Bitboards would drop them), and Frisian's king runs.
func (p Position) WithSide(c Color) Position {
	if c &= 1; c != p.Side {
		p.Side = c
		p.hash ^= zobristSide
	}
	return p
}

// SameBoard reports whether p and q have the same pieces on the same
// squares (those past bit 63 of 12x12 too) and the same side to move,
// whatever king runs they keep (KingRun: a FEN carries none).
func (p *Position) SameBoard(q *Position) bool {
	if p.Side != q.Side || p.Pieces != q.Pieces || p.Kings != q.Kings || p.v.wideBoard() != q.v.wideBoard() {
		return false
	}
	if !p.v.wideBoard() {
		return true
	}
	a, b, c := p.highWords()
	x, y, z := q.highWords()
	return a == x && b == y && c == z
}

// Variant is the variant p belongs to (NoVariant for the zero Position,
// which is on the 8x8 board).
func (p *Position) Variant() Variant { return p.v }

// NewPosition builds a position of v from piece sets; kings must be a
// subset of the pieces and the sides must not overlap. On 12x12
// (Canadian), whose squares past bit 63 a Bitboard does not hold, it
// sets the squares of word 0 only (ParseFEN and Start set them all).
func (v Variant) NewPosition(white, black, kings Bitboard, side Color) (Position, error) {
	if (white|black|kings)&^v.board() != 0 {
		return Position{}, errors.New("pieces off the dark squares")
	}
	if white&black != 0 {
		return Position{}, errors.New("a square holds a white and a black piece")
	}
	if kings&^(white|black) != 0 {
		return Position{}, errors.New("a king on an empty square")
	}
	p := Position{Pieces: [2]Bitboard{white, black}, Kings: kings, Side: side, v: v}
	p.hash = p.computeHash()
	return p, nil
}

// newPositionWide is NewPosition on two words, for a board of more than
// 64 bits (Canadian): the pieces of word 0 as Bitboards, those past bit
// 63 (bit s-64) in hi, by White's, Black's and the kings'.
func (v Variant) newPositionWide(white, black, kings Bitboard, hi [3]uint64, side Color) (Position, error) {
	g := v.geometryOrDefault()
	w := set[[2]uint64]{[2]uint64{uint64(white), hi[0]}}
	b := set[[2]uint64]{[2]uint64{uint64(black), hi[1]}}
	k := set[[2]uint64]{[2]uint64{uint64(kings), hi[2]}}
	if !w.or(b).or(k).andNot(g.board2).zero() {
		return Position{}, errors.New("pieces off the dark squares")
	}
	if !w.and(b).zero() {
		return Position{}, errors.New("a square holds a white and a black piece")
	}
	if !k.andNot(w.or(b)).zero() {
		return Position{}, errors.New("a king on an empty square")
	}
	p := Position{Pieces: [2]Bitboard{white, black}, Kings: kings, Side: side, v: v}
	p.setHighWords(hi[0], hi[1], hi[2])
	p.hash = p.computeHash()
	return p, nil
}

// Occupied is every square holding a piece (on 12x12, of word 0: see
// Geometry; Material counts them all).
func (p *Position) Occupied() Bitboard { return p.Pieces[White] | p.Pieces[Black] }

// Empty is every dark square without a piece.
func (p *Position) Empty() Bitboard { return p.v.board() &^ p.Occupied() }

// board is every square of v's board (the 8x8 one for NoVariant).
func (v Variant) board() Bitboard {
	if g := v.spec().geo; g != nil {
		return g.board
	}
	return board8x8.board
}

// Men of side c (on 12x12, of word 0, as Occupied).
func (p *Position) Men(c Color) Bitboard { return p.Pieces[c] &^ p.Kings }

// KingsOf side c (on 12x12, of word 0, as Occupied).
func (p *Position) KingsOf(c Color) Bitboard { return p.Pieces[c] & p.Kings }

// Piece is what stands on a square.
type Piece uint8

// The pieces. The values index the Zobrist key table.
const (
	NoPiece Piece = iota
	WhiteMan
	WhiteKing
	BlackMan
	BlackKing
)

// Color of a piece other than NoPiece.
func (pc Piece) Color() Color {
	if pc >= BlackMan {
		return Black
	}
	return White
}

// IsKing reports whether pc is a king.
func (pc Piece) IsKing() bool { return pc == WhiteKing || pc == BlackKing }

// At returns the piece on s.
func (p *Position) At(s Square) Piece {
	if s >= 64 {
		return p.atHigh(s)
	}
	return p.at0(s)
}

// at0 is At for a square below bit 64: computeHash's, which walks the
// Bitboards (inlined there; At, with the call of atHigh, is not).
func (p *Position) at0(s Square) Piece {
	b := s.Bit()
	k := Piece(0)
	if p.Kings&b != 0 {
		k = 1
	}
	switch {
	case p.Pieces[White]&b != 0:
		return WhiteMan + k
	case p.Pieces[Black]&b != 0:
		return BlackMan + k
	}
	return NoPiece
}

// atHigh is At for a square past bit 63: a square of the high words on
// 12x12 (highWords), none on the other boards, whose tail holds no high
// words (Frisian's is king runs).
func (p *Position) atHigh(s Square) Piece {
	if !p.v.wideBoard() || s >= 64+highBits {
		return NoPiece
	}
	white, black, kings := p.highWords()
	b := uint64(1) << (s - 64)
	k := Piece(0)
	if kings&b != 0 {
		k = 1
	}
	switch {
	case white&b != 0:
		return WhiteMan + k
	case black&b != 0:
		return BlackMan + k
	}
	return NoPiece
}

// Hash is the Zobrist hash of the position and the side to move (see
// zobrist.go for the keys, which never change between versions).
func (p *Position) Hash() uint64 { return p.hash }

// Make plays m, which must be a legal move of p, on p.
func (p *Position) Make(m *Move) {
	us, them := p.Side, p.Side^1
	// Read with the side, before the stores: read after them, at the
	// end, it cost BenchmarkMakeCopy twice as much (+9% against +4%).
	limits := p.v.limitsKings()
	if m.From >= 64 || m.To >= 64 || m.capturedHi != 0 {
		// A move of a board of more than 64 bits (12x12) that moves
		// or takes a piece of the high word (Position.highWords); a
		// move of word 0 alone is made below on that board too, its
		// high words and their keys unchanged. The compares stand for
		// the bounds checks of the keys' tables below, which they
		// remove; in place, not by a call (see the Turkish case).
		white, black, kings := p.highWords()
		hi := [2]uint64{white, black}
		// Bit s-64 for a square of the high word, 0 for one of word 0
		// (s-64 wraps to 192 and more, a shift out of the word).
		fromHi, toHi := uint64(1)<<(m.From-64), uint64(1)<<(m.To-64)
		from, to, took, tookHi := m.From.Bit(), m.To.Bit(), m.Captured, uint64(m.capturedHi)
		king := p.Kings&from != 0 || kings&fromHi != 0 || m.Promotes
		// The pieces taken first, as makeNoHash.
		p.Pieces[them] &^= took
		hi[them&1] &^= tookHi
		p.Kings &^= took | from
		kings &^= tookHi | fromHi
		p.Pieces[us] = p.Pieces[us]&^from | to
		hi[us&1] = hi[us&1]&^fromHi | toHi
		if king {
			p.Kings |= to
			kings |= toHi
		}
		p.setHighWords(hi[White], hi[Black], kings)
		p.Side = them
		// The hash computed again, as computeHash (no variant of a wide
		// board limits kings).
		h := hashHigh(hi[White], hi[Black], kings)
		for b := p.Pieces[White] | p.Pieces[Black]; b != 0; b &= b - 1 {
			s := b.First()
			pc := WhiteMan
			if p.Pieces[Black].Has(s) {
				pc = BlackMan
			}
			if p.Kings.Has(s) {
				pc++
			}
			h ^= zobrist[pc][s]
		}
		if them == Black {
			h ^= zobristSide
		}
		p.hash = h
		return
	}
	from, to := m.From.Bit(), m.To.Bit()
	wasKing := p.Kings&from != 0
	mover := WhiteMan + Piece(us)*2
	if wasKing {
		mover++
	}
	h := p.hash ^ zobrist[mover][m.From] ^ zobristSide
	// A capture may end on its own start square, so clear before setting.
	p.Pieces[us] = p.Pieces[us]&^from | to
	p.Kings &^= from
	if wasKing || m.Promotes {
		p.Kings |= to
		h ^= zobrist[WhiteKing+Piece(us)*2][m.To]
	} else {
		h ^= zobrist[mover][m.To]
	}
	if c := m.Captured; c != 0 {
		theirMan := WhiteMan + Piece(them)*2
		for b := c; b != 0; b &= b - 1 {
			s := b.First()
			if p.Kings&s.Bit() != 0 {
				h ^= zobrist[theirMan+1][s]
			} else {
				h ^= zobrist[theirMan][s]
			}
		}
		p.Pieces[them] &^= c
		p.Kings &^= c
		if c&to != 0 {
			// The capture ends on the square of a piece it took, which
			// only a variant that removes pieces as they are taken allows
			// (Turkish): the mover stands there, a king if it is one, and
			// the hash, which read the piece taken there from the kings
			// as they were once the mover landed, is computed again. In
			// place, not by a call, which would cost every Make a stack
			// check.
			if wasKing || m.Promotes {
				p.Kings |= to
			}
			h = 0
			for b := p.Pieces[White] | p.Pieces[Black]; b != 0; b &= b - 1 {
				s := b.First()
				pc := WhiteMan
				if p.Pieces[Black].Has(s) {
					pc = BlackMan
				}
				if p.Kings.Has(s) {
					pc++
				}
				h ^= zobrist[pc][s]
			}
			if them == Black {
				h ^= zobristSide
			}
		}
	}
	p.Side = them
	p.hash = h
	if limits {
		// Frisian's king-move limit (Rules.KingMoveLimit), in place for
		// the same reason (a leaf; the other variants pay the compare of
		// one byte of p): the mover's count, kept for a quiet move of
		// the king that made its last quiet moves while it has men,
		// started for another king's, cleared for any other move; and the
		// opponent's, cleared when the capture took that king or the last
		// of its men, so that equal positions hash the same. After the
		// side and the hash are stored: kept live across it, they were
		// spilled on every move. (Make keeps a leaf, with no stack check;
		// the capture path spills the variant to an 8-byte frame.)
		them := p.Side & 1
		us := them ^ 1
		r := &p.run[us]
		if r.n != 0 {
			p.hash ^= zobristRun[us][(r.n-1)&(maxKingRun-1)][r.sq&63]
		}
		switch {
		case !wasKing || m.jumps != 0 || p.Pieces[us]&^p.Kings == 0:
			r.sq, r.n = 0, 0
		case r.n != 0 && r.sq == m.From:
			if r.n <= p.v.spec().KingMoveLimit {
				r.n++
			}
			r.sq = m.To
		default:
			r.sq, r.n = m.To, 1
		}
		if r.n != 0 {
			p.hash ^= zobristRun[us][(r.n-1)&(maxKingRun-1)][r.sq&63]
		}
		if o := &p.run[them]; o.n != 0 && m.Captured != 0 && (m.Captured.Has(o.sq) || p.Pieces[them]&^p.Kings == 0) {
			p.hash ^= zobristRun[them][(o.n-1)&(maxKingRun-1)][o.sq&63]
			o.sq, o.n = 0, 0
		}
	}
}

// limitsKings reports whether v has a KingMoveLimit: Frisian and Frysk!,
// next to each other in the table, tested by one compare of v itself, not
// of its table row, which Make does not read (init checks it against the
// table).
func (v Variant) limitsKings() bool { return v-Frisian <= Frysk-Frisian }

// wideBoard reports whether v plays a board of more than 64 bits
// (Canadian, spec.wide), whose positions keep their squares past bit 63
// in their tail (highWords): one compare of v, as limitsKings (init
// checks it against the table).
func (v Variant) wideBoard() bool { return v == Canadian }

// makeNoHash is Make without the hash update, for perft's frontier where
// the children's hashes are never read; the hash of p is left stale.
func (p *Position) makeNoHash(m *Move) {
	us, them := p.Side, p.Side^1
	from, to := m.From.Bit(), m.To.Bit()
	king := p.Kings&from != 0 || m.Promotes
	// The pieces taken first: a Turkish capture may end on the square of
	// one (see endOnTaken).
	p.Pieces[them] &^= m.Captured
	p.Kings &^= m.Captured
	p.Pieces[us] = p.Pieces[us]&^from | to
	p.Kings &^= from
	if king {
		p.Kings |= to
	}
	p.Side = them
}

// Play returns the position after m, leaving p as it is.
func (p Position) Play(m *Move) Position {
	p.Make(m)
	return p
}

// Material counts men and kings of side c.
func (p *Position) Material(c Color) (men, kings int) {
	men, kings = p.material0(c)
	if p.v.wideBoard() {
		// The pieces of the high words (12x12).
		white, black, k := p.highWords()
		own := white
		if c&1 == Black {
			own = black
		}
		men += bits.OnesCount64(own &^ k)
		kings += bits.OnesCount64(own & k)
	}
	return men, kings
}

// HighPieces is the pieces on the squares of bit 64 and up, which the
// Bitboards Pieces and Kings do not hold: Canadian's rows 11 and 12 (the
// 12x12 board's bits 64 to 76). Bit s-64 of each word is square s:
// White's pieces, Black's, and the kings of both. All zero on the boards
// of 64 bits or less.
func (p *Position) HighPieces() (white, black, kings uint64) {
	if !p.v.wideBoard() {
		return 0, 0, 0
	}
	return p.highWords()
}

// KingsTaken is how many kings m, a move of p, takes: the captured
// squares of every board, those past bit 63 of 12x12 (rows 11 and 12)
// included, which Move.Captured, a Bitboard, does not hold.
func (p *Position) KingsTaken(m *Move) int {
	if m.capturedHi == 0 {
		return (m.Captured & p.Kings).PopCount()
	}
	return p.kingsTakenWide(m)
}

// kingsTakenWide is KingsTaken on two words, out of line (KingsTaken is
// inlined, its one-word count the same instructions as before it).
//
//go:noinline
func (p *Position) kingsTakenWide(m *Move) int {
	_, _, kings := p.highWords()
	return (m.Captured & p.Kings).PopCount() + bits.OnesCount64(uint64(m.capturedHi)&kings)
}

// material0 is Material below bit 64, inlined where the draw rules read
// it (materialOf).
func (p *Position) material0(c Color) (men, kings int) {
	return p.Men(c).PopCount(), p.KingsOf(c).PopCount()
}

// Errors from Position.Check: a position that cannot arise in play.
var (
	ErrTooManyPieces = errors.New("more pieces of one side than the start has")
	ErrManOnLastRank = errors.New("man on its promotion rank")
)

// Check reports why p could not arise in a game of v: more pieces a side
// than the start position has (12 on 8x8), or a man standing on the row
// where it would have been crowned.
func (p *Position) Check(v Variant) error {
	g := v.Geometry()
	if g.Wide() {
		return checkOn[[2]uint64](p, v, g)
	}
	return checkOn[[1]uint64](p, v, g)
}

// checkOn is Check with the position's sets read on the words of W (on
// two words those of 12x12, with its high words).
func checkOn[W words](p *Position, v Variant, g *Geometry) error {
	white, black, kings := sets[W](p)
	var errs []error
	for c, pieces := range [2]set[W]{White: white, Black: black} {
		if n := pieces.count(); n > g.men {
			errs = append(errs, &tooManyPieces{g.men, Color(c), n})
		}
	}
	if m := white.andNot(kings).and(narrow[W](g.promo2[White])); !m.zero() {
		errs = append(errs, fmt.Errorf("%w: white man on %s", ErrManOnLastRank, v.SquareName(m.first())))
	}
	if m := black.andNot(kings).and(narrow[W](g.promo2[Black])); !m.zero() {
		errs = append(errs, fmt.Errorf("%w: black man on %s", ErrManOnLastRank, v.SquareName(m.first())))
	}
	return errors.Join(errs...)
}

// tooManyPieces is ErrTooManyPieces with the count.
type tooManyPieces struct {
	max int
	c   Color
	n   int
}

func (e *tooManyPieces) Error() string {
	return fmt.Sprintf("more than %d pieces of one side: %s has %d", e.max, e.c, e.n)
}

func (e *tooManyPieces) Is(target error) bool { return target == ErrTooManyPieces }

// geometry is the board of p (8x8 for the zero Position).
func (p *Position) geometry() *Geometry {
	if g := p.v.spec().geo; g != nil {
		return g
	}
	return board8x8
}

// Mirror returns p turned round by half a turn (Geometry.Flip) with the
// colours swapped and the other side to move: the same position seen from
// the other side. A symmetric evaluation gives Mirror(p) the same score
// for the side to move.
func (p *Position) Mirror() Position {
	return p.mirrorOn(p.geometry())
}

// mirrorOn is Mirror on the board g (p's board): on a board of more than
// 64 bits, on two words (flip2, the high words included).
func (p *Position) mirrorOn(g *Geometry) Position {
	if g.Wide() {
		white, black, kings := sets[[2]uint64](p)
		w, b, k := g.flip2(black), g.flip2(white), g.flip2(kings)
		q := Position{Pieces: [2]Bitboard{w.lo(), b.lo()}, Kings: k.lo(), Side: p.Side.Opp(), v: p.v}
		q.setHighWords(w.w[1], b.w[1], k.w[1])
		q.hash = q.computeHash()
		return q
	}
	q := Position{
		Pieces: [2]Bitboard{White: g.Flip(p.Pieces[Black]), Black: g.Flip(p.Pieces[White])},
		Kings:  g.Flip(p.Kings),
		Side:   p.Side.Opp(),
		v:      p.v,
	}
	for c, r := range p.run {
		if r.n != 0 && p.v.limitsKings() {
			q.run[c^1] = kingRun{sq: g.Flip(r.sq.Bit()).First(), n: r.n}
		}
	}
	q.hash = q.computeHash()
	return q
}
