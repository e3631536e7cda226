package draughts

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// FENError describes a FEN that could not be read: which colon-separated
// field was wrong (1 = side to move, 2 and 3 = piece lists), its text and why.
type FENError struct {
	FEN   string
	Field int
	Text  string
	Err   error
}

func (e *FENError) Error() string {
	if e.Field == 0 {
		return fmt.Sprintf("bad FEN %q: %v", e.FEN, e.Err)
	}
	return fmt.Sprintf("bad FEN %q: field %d %q: %v", e.FEN, e.Field, e.Text, e.Err)
}

func (e *FENError) Unwrap() error { return e.Err }

// ErrFEN is the sentinel every FENError wraps.
var ErrFEN = errors.New("malformed FEN")

func fenErr(fen string, field int, text, format string, args ...any) error {
	return &FENError{FEN: fen, Field: field, Text: text, Err: fmt.Errorf("%w: "+format, append([]any{ErrFEN}, args...)...)}
}

// ParseFEN reads a position of v in PDN FEN form: the side to move, then
// one piece list for each side, separated by colons, such as
// "W:Wa1,c3,Kd4:Bb8,d6" (algebraic) or "B:W21,22,K30:B1-4" (numeric, with
// ranges; 1=b8 ... 32=g1 in Russian, "W:W31-50:B1-20" in International).
// Spaces anywhere and a trailing "." are allowed, and either side's list may
// be missing or empty. It never panics; a bad FEN gives a *FENError naming
// the field. A FEN carries no history: in Frisian the king's quiet moves
// running (Position.KingRun) start at 0, so that no king is barred.
func (v Variant) ParseFEN(fen string) (Position, error) { return v.names().parseFEN(v, fen) }

// parseFEN is ParseFEN with the names of n.
func (n *names) parseFEN(v Variant, fen string) (Position, error) {
	s := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\r', '\n', '"':
			return -1
		}
		return r
	}, fen)
	s = strings.TrimSuffix(s, ".")
	if s == "" {
		return Position{}, fenErr(fen, 0, "", "empty")
	}
	// Split by hand, not strings.Split: replay reads a FEN a game and
	// allocates nothing else per game (validate.TestReplayIntoAllocations).
	var fieldArr [3]string
	nf := 0
	for rest := s; ; {
		f, after, more := strings.Cut(rest, ":")
		if nf == len(fieldArr) {
			return Position{}, fenErr(fen, 4, rest, "more than three fields")
		}
		fieldArr[nf], nf = f, nf+1
		if !more {
			break
		}
		rest = after
	}
	fields := fieldArr[:nf]
	var side Color
	switch strings.ToUpper(fields[0]) {
	case "W":
		side = White
	case "B":
		side = Black
	default:
		return Position{}, fenErr(fen, 1, fields[0], "side to move must be W or B")
	}
	var pieces [2]Bitboard
	var kings Bitboard
	// hi is the squares past bit 63 (bit s-64: the high words of 12x12,
	// Position.highWords), White's, Black's and the kings'.
	var hi [3]uint64
	var seen [2]bool
	for i, f := range fields[1:] {
		field := i + 2
		if f == "" {
			continue
		}
		var c Color
		switch f[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		default:
			return Position{}, fenErr(fen, field, f, "piece list must start with W or B")
		}
		if seen[c] {
			return Position{}, fenErr(fen, field, f, "second piece list for %s", c)
		}
		seen[c] = true
		for rest, more := f[1:], true; more; {
			var item string
			item, rest, more = strings.Cut(rest, ",")
			if item == "" {
				continue // "W:W:B1" and "Wa1,,c3" are seen in the wild
			}
			king := false
			if item[0] == 'K' || item[0] == 'k' {
				king = true
				item = item[1:]
			}
			squares, high, err := n.parseFENSquares(item)
			if err != nil {
				return Position{}, fenErr(fen, field, f, "%v", err)
			}
			if pieces[White]&squares != 0 || pieces[Black]&squares != 0 {
				return Position{}, fenErr(fen, field, f, "square %q given twice", item)
			}
			pieces[c] |= squares
			if king {
				kings |= squares
			}
			if high != 0 {
				// Squares of the high word (12x12).
				if (hi[White]|hi[Black])&high != 0 {
					return Position{}, fenErr(fen, field, f, "square %q given twice", item)
				}
				hi[c] |= high
				if king {
					hi[2] |= high
				}
			}
		}
	}
	if n.geo.Wide() {
		return v.newPositionWide(pieces[White], pieces[Black], kings, hi, side)
	}
	return v.NewPosition(pieces[White], pieces[Black], kings, side)
}

// parseFENSquares reads one square or a numeric range "21-32": the
// squares below bit 64, and those past bit 63 (bit s-64 of high: on
// 12x12 only).
func (n *names) parseFENSquares(item string) (bb Bitboard, high uint64, err error) {
	if lo, hi, ok := strings.Cut(item, "-"); ok {
		a, okA := n.parse(lo)
		b, okB := n.parse(hi)
		if !okA || !okB || !isNumeric(lo) || !isNumeric(hi) {
			return 0, 0, fmt.Errorf("bad range %q", item)
		}
		if n.num[a&127] > n.num[b&127] {
			return 0, 0, fmt.Errorf("backward range %q", item)
		}
		for k := int(n.num[a&127]); k <= int(n.num[b&127]); k++ {
			if s := n.byNum[k]; s < 64 {
				bb |= s.Bit()
			} else {
				high |= 1 << (s - 64)
			}
		}
		return bb, high, nil
	}
	s, ok := n.parse(item)
	if !ok {
		return 0, 0, fmt.Errorf("bad square %q", item)
	}
	if s >= 64 {
		return 0, 1 << (s - 64), nil
	}
	return s.Bit(), 0, nil
}

func isNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// FEN returns p in canonical form, in the notation of its variant: White's
// list first, kings marked K, squares in dense order for algebraic names
// (a1, c1, ..., h8: "W:Wa1,Kc3:Bb8") and in ascending order for numeric
// ones ("W:W31,K32:B1"). It does not write Frisian's count of a king's
// quiet moves (Position.KingRun), which FEN has no field for.
func (p *Position) FEN() string {
	n := p.v.names()
	return string(n.appendFEN(make([]byte, 0, 8+4*p.Occupied().PopCount()), p))
}

// AppendFEN appends the FEN of p (Position.FEN) to dst.
func (p *Position) AppendFEN(dst []byte) []byte { return p.v.names().appendFEN(dst, p) }

func (n *names) appendFEN(dst []byte, p *Position) []byte {
	if n.geo.Wide() {
		return n.appendFENWide(dst, p)
	}
	if n.bitOrder {
		if out, ok := n.appendFENFast(dst, p); ok {
			return out
		}
	}
	if p.Side == White {
		dst = append(dst, 'W')
	} else {
		dst = append(dst, 'B')
	}
	name := &n.alg
	if n.numeric {
		name = &n.numStr
	}
	for c, tag := range [2]byte{White: 'W', Black: 'B'} {
		dst = append(dst, ':', tag)
		first := true
		for _, s := range n.fenOrder {
			if !p.Pieces[c].Has(s) {
				continue
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			if p.Kings.Has(s) {
				dst = append(dst, 'K')
			}
			dst = append(dst, name[s]...)
		}
	}
	return dst
}

// appendFENWide is appendFEN on a board of more than 64 bits (12x12),
// whose pieces past bit 63 At reads from the position's high words: a
// function of its own, as At is not inlined (written with At for every
// board, the FENs of export's International moves cost twice the
// instructions).
func (n *names) appendFENWide(dst []byte, p *Position) []byte {
	if p.Side == White {
		dst = append(dst, 'W')
	} else {
		dst = append(dst, 'B')
	}
	name := &n.alg
	if n.numeric {
		name = &n.numStr
	}
	for c, tag := range [2]byte{White: 'W', Black: 'B'} {
		dst = append(dst, ':', tag)
		first := true
		for _, s := range n.fenOrder {
			pc := p.At(s)
			if pc == NoPiece || pc.Color() != Color(c) {
				continue
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			if pc.IsKing() {
				dst = append(dst, 'K')
			}
			dst = append(dst, name[s&127]...)
		}
	}
	return dst
}

// appendFENFast is appendFEN for names whose FEN order is the bit order
// and whose pieces are written in at most 4 bytes with their comma
// (",c3", ",Kc3"): one store a piece, no allocation. ok is false when a
// name is longer.
func (n *names) appendFENFast(dst []byte, p *Position) ([]byte, bool) {
	start := len(dst)
	pieces := p.Pieces[White].PopCount() + p.Pieces[Black].PopCount()
	dst = slices.Grow(dst, 8+4*pieces)
	b := dst[start : start+8+4*pieces]
	b[0] = 'B'
	if p.Side == White {
		b[0] = 'W'
	}
	i := 1
	for c, tag := range [2]byte{White: 'W', Black: 'B'} {
		b[i], b[i+1] = ':', tag
		i += 2
		for bb, first := p.Pieces[c], true; bb != 0; bb &= bb - 1 {
			s := bb.First()
			k := 0
			if p.Kings.Has(s) {
				k = 1
			}
			t := n.fenTok[k][s&63]
			if t.n == 0 {
				return dst[:start], false
			}
			if first {
				// No comma before the first piece: write the token over
				// the tag, then put the tag back.
				binary.LittleEndian.PutUint32(b[i-1:], t.word)
				b[i-1] = tag
				i += int(t.n) - 1
				first = false
				continue
			}
			binary.LittleEndian.PutUint32(b[i:], t.word)
			i += int(t.n)
		}
	}
	return dst[:start+i], true
}

// fenToken is how a FEN writes a piece on a square, comma first, in at
// most 4 bytes, little-endian; n is 0 when it takes more.
type fenToken struct {
	word uint32
	n    uint8
}

// makeFENTokens fills n.fenTok.
func (n *names) makeFENTokens() {
	if !n.bitOrder {
		return // appendFEN does not read them
	}
	name := &n.alg
	if n.numeric {
		name = &n.numStr
	}
	for _, s := range n.geo.squares {
		for k, prefix := range [2]string{",", ",K"} {
			t := prefix + name[s]
			if len(t) > 4 {
				continue
			}
			var b [4]byte
			copy(b[:], t)
			n.fenTok[k][s] = fenToken{binary.LittleEndian.Uint32(b[:]), uint8(len(t))}
		}
	}
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }

// MarshalText implements encoding.TextMarshaler with the canonical FEN.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.FEN()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseFEN, in the
// variant of p (Russian for the zero Position).
func (p *Position) UnmarshalText(b []byte) error {
	v := p.v
	if !v.Valid() {
		v = Russian
	}
	q, err := v.ParseFEN(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}
