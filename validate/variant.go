package validate

import (
	"fmt"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// gameTypes is the one table between PDN's GameType numbers (package pdn)
// and the variants of the rules engine (package draughts), which knows no
// file format. A number read from a file gives the first variant listed
// with it; a variant is written with the first number listed with it.
var gameTypes = []struct {
	number  int
	variant draughts.Variant
}{
	{pdn.International, draughts.International},
	{pdn.English, draughts.English},
	{pdn.Italian, draughts.Italian},
	{pdn.AmericanPool, draughts.Pool},
	{pdn.Spanish, draughts.Spanish},
	{pdn.Russian, draughts.Russian},
	{pdn.Brazilian, draughts.Brazilian},
	// Portuguese draughts (damas clássicas) has the Spanish rules; dctl's
	// Spanish traits cite the Portuguese federation's rules.
	{pdn.Portuguese, draughts.Spanish},
	{pdn.Czech, draughts.Czech},
	{pdn.Antidraughts, draughts.Antidraughts},
	// PDN has no number for giveaway: damka writes 25 (the board and moves
	// of Russian draughts) and takes the variant from the command line.
	{pdn.Russian, draughts.Giveaway},
}

// VariantOf is the variant damka plays for a PDN GameType number, or
// draughts.NoVariant when it plays none.
func VariantOf(number int) draughts.Variant {
	for _, t := range gameTypes {
		if t.number == number {
			return t.variant
		}
	}
	return draughts.NoVariant
}

// GameTypeOf is the PDN GameType number written for v, 0 for none.
func GameTypeOf(v draughts.Variant) int {
	for _, t := range gameTypes {
		if t.variant == v {
			return t.number
		}
	}
	return 0
}

// invertedBoard reports whether v's board has a light square in White's
// bottom-left corner (the GameType tag's invert flag).
func invertedBoard(v draughts.Variant) bool {
	return v == draughts.Italian || v == draughts.Spanish
}

// checkGameType compares the long form of a GameType tag (board size,
// invert flag) with the board of v, and returns why they do not fit, or "".
func checkGameType(gt pdn.GameType, v draughts.Variant) string {
	g := v.Geometry()
	if gt.Width != 0 && gt.Height != 0 && (gt.Width != g.Width() || gt.Height != g.Height()) {
		return fmt.Sprintf("the GameType tag gives a %dx%d board, and %s is played on %s", gt.Width, gt.Height, v.Title(), g)
	}
	if gt.Notation != "" && gt.Invert != invertedBoard(v) {
		how := "a dark"
		if gt.Invert {
			how = "a light"
		}
		return fmt.Sprintf("the GameType tag gives %s bottom-left corner, which the board of %s does not have", how, v.Title())
	}
	return ""
}

// Style is how the moves of the report's game are written back: the
// variant's canonical notation, or the one its GameType tag names (A for
// algebraic, N for numeric).
func (r *Report) Style() draughts.Style {
	st := r.Variant.DefaultStyle()
	if n := r.GameType.Notation; n != "" {
		switch n[0] {
		case 'A', 'a':
			st.Numeric = false
		case 'N', 'n':
			st.Numeric = true
		}
	}
	return st
}

// recordStyle is how the record writes its squares, for messages: the
// GameType tag's letter, else its first move ("c3-d4" or "22-18"), else
// the variant's notation.
func (r *Report) recordStyle() draughts.Style {
	st := r.Style()
	if r.GameType.Notation != "" || r.Game == nil {
		return st
	}
	for i := range r.Game.Moves {
		if m := r.Game.Moves[i].Squares(); m != "" && !r.Game.Moves[i].Unknown {
			st.Numeric = m[0] >= '0' && m[0] <= '9'
			break
		}
	}
	return st
}

// fitCandidates are the variants tried, in order, for a game without a
// GameType tag whose squares read as the key variant but whose moves that
// variant's rules fault: the other variants written that way (8x8
// algebraic; numbers up to 32, which are also the first squares of 1-50).
var fitCandidates = map[draughts.Variant][]draughts.Variant{
	draughts.Russian: {draughts.Czech, draughts.Brazilian},
	draughts.English: {draughts.International, draughts.Italian, draughts.Pool},
}

// ruleErrors counts the findings that say the moves break the rules.
func ruleErrors(fs Findings) int {
	n := 0
	for i := range fs {
		switch fs[i].Kind {
		case IllegalMove, MissedCapture, IncompleteCapture, AmbiguousMove, WrongResult:
			if fs[i].Severity == Error {
				n++
			}
		}
	}
	return n
}

// firstRuleError is the first finding that says the moves break the rules.
func firstRuleError(fs Findings) *Finding {
	for i := range fs {
		switch fs[i].Kind {
		case IllegalMove, MissedCapture, IncompleteCapture, AmbiguousMove:
			if fs[i].Severity == Error {
				return &fs[i]
			}
		}
	}
	return nil
}
