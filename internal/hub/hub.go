// Package hub holds what damka's two sides of the Hub protocol share: the
// protocol's position and move formats and its scores, the client that
// drives an engine process (research/verdicts, research/match)
// and the server that makes damka's search an engine (damka hub).
//
// The protocol is the line-based dialogue of Scan 2.0 ("scan hub", Hub
// version 1), on the engine's standard input and output:
//
//	hub            -> name NAME ... wait   (the engine names itself)
//	init           -> ready
//	new            a new game: searches after it know nothing of before
//	pos P          sets the position: the side to move (w or b), then one
//	               letter a square in PDN order (w, b men, W, B kings,
//	               e empty); 33 letters for 8x8, 51 for 10x10
//	move M         plays M ("32-28", "26x37x31": from, to, then the
//	               captured squares in any order); "error ..." if illegal
//	moves          (an extension) -> moves M1 M2 ...: the legal moves
//	               (damka hub answers it; stock Scan 2.0 ignores it, and
//	               the client then checks only the engine's best move)
//	depth D        the depth limit of the next searches
//	nodes N        (an extension) their node limit
//	movetime S     (an extension) their time limit, in seconds
//	level ...      Hub version 2's "level depth=D", "level nodes=N",
//	               "level move-time=S": sets the limits named, clears the
//	               others
//	analyse, go    search: -> info DEPTH PLYAVG SCORE NODES TIME SPEED PV,
//	               then move M
//	ping           -> pong
//	quit           the engine ends
//
// Scores are in centi-men for the side to move, a win above 1800 (2000
// less the plies to the end of the game; a win the endgame databases
// prove below 1900), a loss below -1800. Hub version 2 (Scan 3.x) writes
// them in men, on Scan 3's scale (Score2).
package hub

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// Scores of the protocol (Scan's): decisive scores lie beyond EvalInf, at
// most Inf.
const (
	Inf     = 2000
	EvalInf = 1800
	// tableWin is the score of a win the endgame databases prove, whose
	// distance is unknown: a decisive score below Scan's bitbase wins.
	tableWin = 1850
)

// Position writes p in the protocol's position format.
func Position(p *draughts.Position) string {
	v := p.Variant()
	n := len(v.Geometry().Squares())
	b := make([]byte, 0, n+1)
	b = append(b, "wb"[p.Side])
	for i := 1; i <= n; i++ {
		s := v.SquareFromNumber(i)
		c := byte('e')
		switch {
		case p.Pieces[draughts.White].Has(s):
			c = 'w'
		case p.Pieces[draughts.Black].Has(s):
			c = 'b'
		}
		if c != 'e' && p.Kings.Has(s) {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// ParsePosition reads a position of variant v in the protocol's format
// (the side to move in either case, as Hub version 2 writes it in capitals).
func ParsePosition(v draughts.Variant, s string) (draughts.Position, error) {
	n := len(v.Geometry().Squares())
	if len(s) != n+1 {
		return draughts.Position{}, fmt.Errorf("position %q: %d letters, want %d for %s", s, len(s), n+1, v.Name())
	}
	var side draughts.Color
	switch s[0] {
	case 'w', 'W':
		side = draughts.White
	case 'b', 'B':
		side = draughts.Black
	default:
		return draughts.Position{}, fmt.Errorf("position %q: side to move %q", s, s[0])
	}
	var men [2]draughts.Bitboard
	var kings draughts.Bitboard
	for i, c := range []byte(s[1:]) {
		sq := v.SquareFromNumber(i + 1)
		switch c {
		case 'w':
			men[draughts.White] |= 1 << sq
		case 'b':
			men[draughts.Black] |= 1 << sq
		case 'W':
			men[draughts.White] |= 1 << sq
			kings |= 1 << sq
		case 'B':
			men[draughts.Black] |= 1 << sq
			kings |= 1 << sq
		case 'e':
		default:
			return draughts.Position{}, fmt.Errorf("position %q: letter %q", s, c)
		}
	}
	p, err := v.NewPosition(men[draughts.White], men[draughts.Black], kings, side)
	if err != nil {
		return p, fmt.Errorf("position %q: %v", s, err)
	}
	return p, nil
}

// VariantOf is the variant a position of n letters is read in when none is
// named: Russian for 33 (8x8), International for 51 (10x10).
func VariantOf(s string) (draughts.Variant, bool) {
	switch len(s) {
	case 33:
		return draughts.Russian, true
	case 51:
		return draughts.International, true
	}
	return draughts.NoVariant, false
}

// hubVariants are the protocol's names of damka's variants where they
// differ from damka's (Hub version 2 and Scan 3.x: "normal", "bt",
// "losing"; "losing" is the 10x10 game, not damka's 8x8 giveaway).
var hubVariants = map[draughts.Variant]string{
	draughts.International: "normal",
	draughts.Breakthrough:  "bt",
	draughts.Antidraughts:  "losing",
}

// VariantName is the protocol's name of v, the value of the engine's
// "variant" parameter that plays it: "normal" for International, "bt"
// for Breakthrough, "losing" for Antidraughts, else damka's name
// ("frisian").
func VariantName(v draughts.Variant) string {
	if n, ok := hubVariants[v]; ok {
		return n
	}
	return v.Name()
}

// Move writes m in the protocol's move format: start, end, then the
// captured squares in increasing order (the protocol's order is free; the
// set names the move).
func Move(m *draughts.Move) string {
	v := m.Variant()
	var b strings.Builder
	b.WriteString(strconv.Itoa(v.SquareNumber(m.From)))
	if !m.IsCapture() {
		b.WriteString("-")
		b.WriteString(strconv.Itoa(v.SquareNumber(m.To)))
		return b.String()
	}
	b.WriteString("x")
	b.WriteString(strconv.Itoa(v.SquareNumber(m.To)))
	var caps []int
	for _, s := range m.Captured.Squares() {
		caps = append(caps, v.SquareNumber(s))
	}
	slices.Sort(caps)
	for _, c := range caps {
		b.WriteString("x")
		b.WriteString(strconv.Itoa(c))
	}
	return b.String()
}

// NormMove rewrites a move of the protocol with its captures in increasing
// order, so that it compares with Move's.
func NormMove(s string) (string, error) {
	sep := "-"
	if strings.Contains(s, "x") {
		sep = "x"
	}
	f := strings.Split(s, sep)
	var n []int
	for _, x := range f {
		i, err := strconv.Atoi(x)
		if err != nil {
			return "", fmt.Errorf("bad move %q", s)
		}
		n = append(n, i)
	}
	if len(n) < 2 || (sep == "-" && len(n) != 2) {
		return "", fmt.Errorf("bad move %q", s)
	}
	slices.Sort(n[2:])
	parts := make([]string, len(n))
	for i, x := range n {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep), nil
}

// FindMove is the legal move of p that s names: the first of p's moves
// with that start, end and captures (moves by other paths have the same
// result).
func FindMove(p *draughts.Position, s string) (draughts.Move, error) {
	n, err := NormMove(s)
	if err != nil {
		return draughts.Move{}, err
	}
	for _, m := range p.Variant().Moves(p, nil) {
		if Move(&m) == n {
			return m, nil
		}
	}
	return draughts.Move{}, fmt.Errorf("illegal move %s", s)
}

// Score converts a score of the protocol (side to move) to damka's.
func Score(sc int) analyze.Score {
	switch {
	case sc > EvalInf:
		return analyze.WinIn(max(Inf-sc, 1))
	case sc < -EvalInf:
		return analyze.LossIn(max(Inf+sc, 1))
	}
	return analyze.Score(sc)
}

// Scores of Hub version 2, as Scan 3.x writes them ("score=0.25", in
// men): its own scale in centi-men, a win beyond hub2EvalInf, one of its
// databases between hub2EvalInf and hub2BBInf (hub2BBInf less the plies
// to it), one by search above hub2BBInf (hub2Inf less the plies to the
// end).
const (
	hub2Inf     = 10000
	hub2BBInf   = 9000
	hub2EvalInf = 8000
)

// Score2 converts a score of Hub version 2 (in men, Scan 3.x's scale) to
// damka's: an evaluation to centi-men, a win by search to WinIn, a win
// the engine's databases prove to a win of damka's databases
// (TableWinScore less the plies to it); losses alike.
func Score2(men float64) analyze.Score {
	c := int(math.Round(men * 100))
	sign := 1
	if c < 0 {
		c, sign = -c, -1
	}
	var s analyze.Score
	switch {
	case c > hub2BBInf:
		s = analyze.WinIn(max(min(hub2Inf-c, analyze.MaxPly), 1))
	case c > hub2EvalInf:
		s = analyze.TableWinScore - analyze.Score(min(hub2BBInf-c, analyze.MaxPly))
	default:
		s = analyze.Score(c)
	}
	return analyze.Score(sign) * s
}

// FromScore converts damka's score to the protocol's: a decisive score to
// Inf less its plies (at least EvalInf+1 away from zero), a win or loss of
// the endgame databases to ±1850, any other clamped to ±EvalInf.
func FromScore(s analyze.Score) int {
	switch {
	case s.IsWin():
		return max(Inf-s.Plies(), EvalInf+1)
	case s.IsLoss():
		return -max(Inf-s.Plies(), EvalInf+1)
	case s.IsTableWin():
		return tableWin
	case s.IsTableLoss():
		return -tableWin
	}
	return min(max(int(s), -EvalInf), EvalInf)
}
