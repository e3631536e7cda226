package draughts

import (
	"errors"
	"fmt"
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

// ParseFEN reads a position in PDN FEN form: the side to move, then one
// piece list for each side, separated by colons, such as
// "W:Wa1,c3,Kd4:Bb8,d6" (algebraic) or "B:W21,22,K30:B1-4" (numeric, with
// ranges; 1=b8 ... 32=g1). Spaces anywhere and a trailing "." are allowed,
// and either side's list may be missing or empty. It never panics; a bad
// FEN gives a *FENError naming the field.
func ParseFEN(fen string) (Position, error) {
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
	fields := strings.Split(s, ":")
	if len(fields) > 3 {
		return Position{}, fenErr(fen, 4, strings.Join(fields[3:], ":"), "more than three fields")
	}
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
		for _, item := range strings.Split(f[1:], ",") {
			if item == "" {
				continue // "W:W:B1" and "Wa1,,c3" are seen in the wild
			}
			king := false
			if item[0] == 'K' || item[0] == 'k' {
				king = true
				item = item[1:]
			}
			squares, err := parseFENSquares(item)
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
		}
	}
	return NewPosition(pieces[White], pieces[Black], kings, side)
}

// parseFENSquares reads one square or a numeric range "21-32".
func parseFENSquares(item string) (Bitboard, error) {
	if lo, hi, ok := strings.Cut(item, "-"); ok {
		a, okA := ParseSquare(lo)
		b, okB := ParseSquare(hi)
		if !okA || !okB || !isNumeric(lo) || !isNumeric(hi) {
			return 0, fmt.Errorf("bad range %q", item)
		}
		if a.Num() > b.Num() {
			return 0, fmt.Errorf("backward range %q", item)
		}
		var bb Bitboard
		for n := a.Num(); n <= b.Num(); n++ {
			bb |= SquareFromNum(n).Bit()
		}
		return bb, nil
	}
	s, ok := ParseSquare(item)
	if !ok {
		return 0, fmt.Errorf("bad square %q", item)
	}
	return s.Bit(), nil
}

func isNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// FEN returns p in canonical form: algebraic squares in dense order (a1, c1,
// ..., h8), kings marked K, White's list first, as in "W:Wa1,Kc3:Bb8".
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(96)
	if p.Side == White {
		sb.WriteString("W")
	} else {
		sb.WriteString("B")
	}
	for _, c := range []Color{White, Black} {
		sb.WriteString(":")
		if c == White {
			sb.WriteString("W")
		} else {
			sb.WriteString("B")
		}
		first := true
		for b := p.Pieces[c]; b != 0; b &= b - 1 {
			s := b.First()
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if p.Kings.Has(s) {
				sb.WriteByte('K')
			}
			sb.WriteString(s.String())
		}
	}
	return sb.String()
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }

// MarshalText implements encoding.TextMarshaler with the canonical FEN.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.FEN()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseFEN.
func (p *Position) UnmarshalText(b []byte) error {
	q, err := ParseFEN(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}
