package draughts

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Notation is a move as written, read without looking at a position: the
// squares named, the separator, and for the Russian short form ("cd4",
// "c:e5") the file of the start square instead of the square.
type Notation struct {
	Squares  []Square // named squares in order; for the short form only the destination
	FromFile int      // short form: the engine's file of the start square (Geometry.Col); -1 otherwise
	Capture  bool     // written with ':' or 'x'
	Quiet    bool     // written with '-'
	fromCol  Bitboard // short form: the squares of FromFile
}

// ErrNotation is wrapped by every error of ParseNotation.
var ErrNotation = errors.New("unreadable move")

// ParseNotation reads a move written in v's notation, in any form damka
// knows: long algebraic "c3-d4", captures "c3:e5:g3" or "c3xe5xg3" (every
// landing square, or only the start and the end), the Russian short form
// "cd4", "c:e5", numeric "22-17", "22x13x6", padded "01-06", and squares
// with no separator "a3b4". Trailing move-strength marks ("!", "?", "+")
// are ignored.
func (v Variant) ParseNotation(text string) (Notation, error) {
	var n Notation
	err := n.Parse(v, text)
	return n, err
}

// Parse is ParseNotation into n, reusing the storage of n.Squares: the
// replay of a game parses every move with one Notation.
func (n *Notation) Parse(v Variant, text string) error { return n.parse(Naming{v: v}, text) }

// ParseIn is Parse with the names of nm: a record that numbers the squares
// its own way (Variant.NamingFrom).
func (n *Notation) ParseIn(nm Naming, text string) error { return n.parse(nm, text) }

// parse reads text with the names of nm; it looks them up itself, so that
// ParseIn is inlined in its callers (the replay of every move).
func (n *Notation) parse(nm Naming, text string) error {
	names := nm.names()
	// Field by field: no bulk write barrier while the collector runs (the
	// slice resliced in place stores no pointer).
	n.Squares = n.Squares[:0]
	n.FromFile, n.Capture, n.Quiet, n.fromCol = -1, false, false, 0
	if len(text) == 5 {
		// The usual "c3-d4" or "c3:e5" of two dark squares, looked up
		// (a text that ends in a digit has no marks to trim).
		f0, r0, f1, r1 := text[0]-'a', text[1]-'1', text[3]-'a', text[4]-'1'
		if f0 < 16 && r0 < 9 && f1 < 16 && r1 < 9 {
			from, to := names.short[f0][r0], names.short[f1][r1]
			if sep := text[2]; from != NoSquare && to != NoSquare && (sep == '-' || sep == ':' || sep == 'x' || sep == 'X') {
				n.Squares = append(n.Squares, from, to)
				n.Quiet, n.Capture = sep == '-', sep != '-'
				return nil
			}
		}
	}
	s := trimMarks(text)
	if s == "" {
		return fmt.Errorf("%w: empty", ErrNotation)
	}
	if len(s) == 5 && names.isFile(s[0]) && names.isRank(s[1]) && names.isFile(s[3]) && names.isRank(s[4]) {
		// The usual "c3-d4" or "c3:e5": as the loop below reads it.
		switch sep := s[2]; sep {
		case '-', ':', 'x', 'X':
			from, okFrom := names.parse(s[:2])
			to, okTo := names.parse(s[3:])
			if okFrom && okTo {
				n.Squares = append(n.Squares, from, to)
				n.Quiet, n.Capture = sep == '-', sep != '-'
				return nil
			}
		}
	}
	bad := func(why string) error {
		n.Squares, n.FromFile, n.Capture, n.Quiet, n.fromCol = n.Squares[:0], -1, false, false, 0
		return fmt.Errorf("%w %q: %s", ErrNotation, text, why)
	}
	// Russian short form: a file letter, an optional capture mark, then a square.
	if len(s) >= 3 && names.isFile(s[0]) && (names.isFile(s[1]) || s[1] == ':' || s[1] == 'x') && !names.isRank(s[1]) {
		rest := s[1:]
		if rest[0] == ':' || rest[0] == 'x' {
			n.Capture = true
			rest = rest[1:]
		}
		if len(rest) >= 2 && names.isFile(rest[0]) && names.isRank(rest[1]) && (len(rest) == 2 || len(rest) == 3 && names.geo.height > 9 && rest[2] >= '0' && rest[2] <= '9') {
			to, ok := names.parse(rest)
			if !ok {
				return bad("not a dark square: " + rest)
			}
			n.FromFile, _ = names.spec.alg.apply(names.geo, int(s[0]-'a'), 0)
			n.fromCol = names.geo.files[n.FromFile]
			n.Squares = append(n.Squares, to)
			return nil
		}
	}
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '-':
			n.Quiet = true
			i++
			continue
		case c == ':' || c == 'x' || c == 'X':
			n.Capture = true
			i++
			continue
		case c == ' ' || c == '\t':
			i++
			continue
		}
		var sq Square
		var ok bool
		switch {
		case names.isFile(c):
			if i+1 >= len(s) || !names.isRank(s[i+1]) {
				return bad("square without a rank")
			}
			j := i + 2
			if names.geo.height > 9 && j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++ // "a10"
			}
			sq, ok = names.parse(s[i:j])
			if !ok {
				return bad("not a dark square: " + s[i:j])
			}
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			sq, ok = names.parse(strings.TrimLeft(s[i:j], "0"))
			if !ok {
				return bad("no square " + s[i:j])
			}
			i = j
		default:
			return bad(fmt.Sprintf("unexpected %q", c))
		}
		n.Squares = append(n.Squares, sq)
	}
	if len(n.Squares) < 2 {
		return bad("a move needs two squares")
	}
	if c := s[len(s)-1]; c == '-' || c == ':' || c == 'x' || c == 'X' {
		return bad("ends with a separator")
	}
	if n.Capture && n.Quiet {
		// "c3-e5:g3": a capture with a stray dash.
		n.Quiet = false
	}
	return nil
}

// Matches reports whether the written move can mean m: the same start and
// end, and in between either no square (the abbreviated capture "c3:g3")
// or every landing square (R-NOT-1). The separator is not held against a
// move: archives write captures with '-'.
func (n *Notation) Matches(m *Move) bool {
	last := n.Squares[len(n.Squares)-1]
	if m.To != last {
		return false
	}
	if n.FromFile >= 0 {
		return n.fromCol.Has(m.From) && (!n.Capture || m.IsCapture())
	}
	if m.From != n.Squares[0] {
		return false
	}
	mid := n.Squares[1 : len(n.Squares)-1]
	if len(mid) == 0 {
		return true
	}
	return m.IsCapture() && len(mid) == int(m.jumps)-1 && slices.Equal(mid, m.land[:m.jumps-1])
}

// MatchesPartly reports whether the written move names some of m's
// landing squares, in order, between m's start and end: "15x33x31" for
// 15x33x22x31, a path with a square left out that archives have. Matches
// is the strict reading; this one serves when nothing matches it.
func (n *Notation) MatchesPartly(m *Move) bool {
	if n.FromFile >= 0 || !m.IsCapture() || len(n.Squares) < 3 {
		return false
	}
	if m.From != n.Squares[0] || m.To != n.Squares[len(n.Squares)-1] {
		return false
	}
	mid, land := n.Squares[1:len(n.Squares)-1], m.land[:m.jumps-1]
	for _, s := range land {
		if len(mid) > 0 && mid[0] == s {
			mid = mid[1:]
		}
	}
	return len(mid) == 0
}

// Match returns the legal moves of p that the written move can mean,
// grouped by the position they lead to: no group when none matches, one
// group when the record is clear (even if several capture paths lead
// there), several when it is ambiguous.
func (v Variant) Match(p *Position, text string) ([][]Move, error) {
	n, err := v.ParseNotation(text)
	if err != nil {
		return nil, err
	}
	return GroupByResult(n.Filter(v.Moves(p, nil))), nil
}

// Filter returns the moves of ms that n matches.
func (n *Notation) Filter(ms []Move) []Move {
	var out []Move
	for i := range ms {
		if n.Matches(&ms[i]) {
			out = append(out, ms[i])
		}
	}
	return out
}

// GroupByResult splits ms into groups of moves that lead to the same
// position, keeping the order of first appearance.
func GroupByResult(ms []Move) [][]Move {
	var groups [][]Move
next:
	for _, m := range ms {
		for i := range groups {
			if groups[i][0].SameResult(&m) {
				groups[i] = append(groups[i], m)
				continue next
			}
		}
		groups = append(groups, []Move{m})
	}
	return groups
}

// Style chooses how a move is written.
type Style struct {
	Numeric     bool // squares as numbers (1..32, 1..50) instead of "c3"
	Abbreviated bool // captures as start and end only ("c3:g3")
}

// Notation styles.
var (
	Algebraic   = Style{}
	Numeric     = Style{Numeric: true}
	Abbreviated = Style{Abbreviated: true}
)

// String writes m in the notation of its variant with every landing
// square: "c3-d4", "c3:e5:g3" in Russian, "32-28", "19x28x37" in
// International.
func (m Move) String() string { return m.Format(m.v.DefaultStyle()) }

// Format writes m in style st, with the square names of its variant.
// Captures use ':' in algebraic notation and 'x' in numeric notation, as
// the literature of each does.
func (m *Move) Format(st Style) string {
	return string(m.AppendFormat(make([]byte, 0, 8+3*int(m.jumps)), st))
}

// AppendFormat appends m written in style st (Format) to dst.
func (m *Move) AppendFormat(dst []byte, st Style) []byte { return m.v.names().appendMove(dst, m, st) }

// appendMove appends m written in style st with the names of n.
func (n *names) appendMove(dst []byte, m *Move, st Style) []byte {
	name := &n.alg
	sep := byte(':')
	if st.Numeric {
		name, sep = &n.numStr, 'x'
	}
	dst = append(dst, name[m.From&127]...)
	if m.jumps == 0 {
		dst = append(dst, '-')
		return append(dst, name[m.To&127]...)
	}
	if st.Abbreviated {
		dst = append(dst, sep)
		return append(dst, name[m.To&127]...)
	}
	for _, l := range m.land[:m.jumps] {
		dst = append(dst, sep)
		dst = append(dst, name[l&127]...)
	}
	return dst
}

// Variant is the variant whose generator made m (NoVariant for a Move
// built by hand).
func (m *Move) Variant() Variant { return m.v }

// Short writes m as briefly as p allows and still means only m's result:
// the abbreviated capture "c3:g3" when no other legal move of p with a
// different result has the same start and end, else every landing square.
func (v Variant) Short(p *Position, m *Move, st Style) string { return short(v, v.names(), p, m, st) }

func short(v Variant, n *names, p *Position, m *Move, st Style) string {
	format := func(st Style) string { return string(n.appendMove(make([]byte, 0, 8+3*int(m.jumps)), m, st)) }
	if !m.IsCapture() {
		return format(st)
	}
	for _, o := range v.Moves(p, nil) {
		if o.From == m.From && o.To == m.To && !o.SameResult(m) {
			st.Abbreviated = false
			return format(st)
		}
	}
	st.Abbreviated = true
	return format(st)
}

// trimMarks is strings.TrimRight(text, "!?+#*"), without building the
// set of the cutset each call: a move is read every ply.
func trimMarks(text string) string {
	i := len(text)
	for i > 0 && markByte[text[i-1]] {
		i--
	}
	return text[:i]
}

// markByte tells the bytes of the move-strength marks trimMarks takes off.
var markByte = [256]bool{'!': true, '?': true, '+': true, '#': true, '*': true}
