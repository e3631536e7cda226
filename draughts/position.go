package draughts

import (
	"errors"
	"fmt"
)

// Position is a board with the side to move and its Zobrist hash. It is a
// plain value: copy it to keep it (copy-make).
type Position struct {
	Pieces [2]Bitboard // men and kings of White and Black
	Kings  Bitboard    // kings of both sides
	Side   Color       // side to move
	hash   uint64
}

// StartFEN is the start position of Russian draughts and giveaway (R-BRD-2).
const StartFEN = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"

// Start returns the start position of v (R-BRD-2).
func Start(v *Variant) Position {
	var p Position
	p.Pieces[White] = Rank1 | 0xF<<5 | 0xF<<9
	p.Pieces[Black] = 0xF<<23 | 0xF<<27 | Rank8
	p.Side = v.FirstMove
	p.hash = p.computeHash()
	return p
}

// NewPosition builds a position from piece sets; kings must be a subset of
// the pieces and the sides must not overlap.
func NewPosition(white, black, kings Bitboard, side Color) (Position, error) {
	if (white|black|kings)&^Board != 0 {
		return Position{}, errors.New("pieces off the dark squares")
	}
	if white&black != 0 {
		return Position{}, errors.New("a square holds a white and a black piece")
	}
	if kings&^(white|black) != 0 {
		return Position{}, errors.New("a king on an empty square")
	}
	p := Position{Pieces: [2]Bitboard{white, black}, Kings: kings, Side: side}
	p.hash = p.computeHash()
	return p, nil
}

// Occupied is every square holding a piece.
func (p *Position) Occupied() Bitboard { return p.Pieces[White] | p.Pieces[Black] }

// Empty is every dark square without a piece.
func (p *Position) Empty() Bitboard { return Board &^ p.Occupied() }

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
	p.Pieces[us] = p.Pieces[us]&^from | to
	p.Kings &^= from
	if king {
		p.Kings |= to
	}
	p.Pieces[them] &^= m.Captured
	p.Kings &^= m.Captured
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
	ErrTooManyPieces = errors.New("more than 12 pieces of one side")
	ErrManOnLastRank = errors.New("man on its promotion rank")
)

// Check reports why p could not arise in a game of v: more than 12 pieces a
// side, or a man standing on the rank where it would have been crowned.
func (p *Position) Check(v *Variant) error {
	var errs []error
	for _, c := range []Color{White, Black} {
		if n := p.Pieces[c].PopCount(); n > 12 {
			errs = append(errs, fmt.Errorf("%w: %s has %d", ErrTooManyPieces, c, n))
		}
	}
	if m := p.Men(White) & Rank8; m != 0 {
		errs = append(errs, fmt.Errorf("%w: white man on %s", ErrManOnLastRank, m.First()))
	}
	if m := p.Men(Black) & Rank1; m != 0 {
		errs = append(errs, fmt.Errorf("%w: black man on %s", ErrManOnLastRank, m.First()))
	}
	return errors.Join(errs...)
}
