package draughts

import (
	"errors"
	"fmt"
)

// Position is a board with the side to move and its Zobrist hash, and the
// variant it belongs to, which names its squares (FEN). It is a plain
// value, 40 bytes: copy it to keep it (copy-make).
type Position struct {
	Pieces [2]Bitboard // men and kings of White and Black
	Kings  Bitboard    // kings of both sides
	Side   Color       // side to move
	v      Variant
	hash   uint64
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
	for r := v.spec().startGap; r < v.spec().startGap+rows; r++ {
		p.Pieces[White] |= g.rows[r]
		p.Pieces[Black] |= g.rows[g.height-1-r]
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

// Variant is the variant p belongs to (NoVariant for the zero Position,
// which is on the 8x8 board).
func (p *Position) Variant() Variant { return p.v }

// NewPosition builds a position of v from piece sets; kings must be a
// subset of the pieces and the sides must not overlap.
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

// Occupied is every square holding a piece.
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

// Men of side c.
func (p *Position) Men(c Color) Bitboard { return p.Pieces[c] &^ p.Kings }

// KingsOf side c.
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

// Hash is the Zobrist hash of the position and the side to move (see
// zobrist.go for the keys, which never change between versions).
func (p *Position) Hash() uint64 { return p.hash }

// Make plays m, which must be a legal move of p, on p.
func (p *Position) Make(m *Move) {
	us, them := p.Side, p.Side^1
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
}

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
	var errs []error
	for _, c := range []Color{White, Black} {
		if n := p.Pieces[c].PopCount(); n > g.men {
			errs = append(errs, &tooManyPieces{g.men, c, n})
		}
	}
	if m := p.Men(White) & g.promo[White]; m != 0 {
		errs = append(errs, fmt.Errorf("%w: white man on %s", ErrManOnLastRank, v.SquareName(m.First())))
	}
	if m := p.Men(Black) & g.promo[Black]; m != 0 {
		errs = append(errs, fmt.Errorf("%w: black man on %s", ErrManOnLastRank, v.SquareName(m.First())))
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
	g := p.geometry()
	q := Position{
		Pieces: [2]Bitboard{White: g.Flip(p.Pieces[Black]), Black: g.Flip(p.Pieces[White])},
		Kings:  g.Flip(p.Kings),
		Side:   p.Side.Opp(),
		v:      p.v,
	}
	q.hash = q.computeHash()
	return q
}
