package validate

import (
	"fmt"
	"strconv"
	"strings"

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
	{pdn.Frisian, draughts.Frisian},
	{pdn.Frysk, draughts.Frysk},
	{pdn.Breakthrough, draughts.Breakthrough},
	{pdn.Thai, draughts.Thai},
	{pdn.Turkish, draughts.Turkish},
	{pdn.Canadian, draughts.Canadian},
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

// checkGameType compares the board size of a GameType tag's long form
// with the board of v, and returns why they do not fit, or "". The other
// fields of the long form (start colour, notation, invert flag) say how
// the record is written, not what is played: see tagReading.
func checkGameType(gt pdn.GameType, v draughts.Variant) string {
	g := v.Geometry()
	if gt.Width != 0 && gt.Height != 0 && (gt.Width != g.Width() || gt.Height != g.Height()) {
		return fmt.Sprintf("the GameType tag gives a %dx%d board, and %s is played on %s", gt.Width, gt.Height, v.Title(), g)
	}
	return ""
}

// reading is how a record is read: the names of its squares and the side
// that moves first when no FEN says who moves.
type reading struct {
	naming draughts.Naming
	first  draughts.Color
}

// standardReading is the reading of v's literature, in the kind of names
// (numbers or algebraic) that the tag's notation letter asks for.
func standardReading(gt pdn.GameType, v draughts.Variant) reading {
	rd := reading{v.Naming(), v.FirstMove()}
	if numeric, ok := notationKind(gt, v); ok && numeric != rd.naming.Numeric() {
		rd.naming = v.NamingFrom(numeric, rd.naming.Frame(numeric))
	}
	return rd
}

// notationKind reads the letter of the tag's notation field: N numeric,
// A (alpha-numeric, as in chess) algebraic, S (a short form, which the
// standard does not describe further) v's own kind; ok is false without
// one.
func notationKind(gt pdn.GameType, v draughts.Variant) (numeric, ok bool) {
	if gt.Notation == "" {
		return false, false
	}
	switch gt.Notation[0] {
	case 'N', 'n':
		return true, true
	case 'A', 'a':
		return false, true
	case 'S', 's':
		return v.Naming().Numeric(), true
	}
	return false, false
}

// tagReading is the reading the long form of a GameType tag gives for
// v (PDN 3.0, wiegerw/pdn doc/gametype.rst): its start colour moves
// first; its notation letter chooses numbers or algebraic names, and
// its digit, the corner of square 1 (or a1) as the starting side sees
// the board (0 bottom left, 1 bottom right, 2 top left, 3 top right),
// on a board set up as its invert flag says (1: the bottom-left corner
// is light; absent: as v's board is). Fields that are missing or not of
// the standard's form are v's own.
func tagReading(gt pdn.GameType, v draughts.Variant) reading {
	rd := standardReading(gt, v)
	switch strings.ToUpper(gt.StartColor) {
	case "W":
		rd.first = draughts.White
	case "B":
		rd.first = draughts.Black
	}
	numeric, ok := notationKind(gt, v)
	if f, digit := tagFrame(gt, v, rd.first); ok && digit {
		rd.naming = v.NamingFrom(numeric, f)
	}
	return rd
}

// tagFrame is the frame of the tag's notation digit and invert flag (v's
// board when the flag is absent), seen by first; ok is false when the
// tag has no digit.
func tagFrame(gt pdn.GameType, v draughts.Variant, first draughts.Color) (draughts.Frame, bool) {
	if len(gt.Notation) != 2 || gt.Notation[1] < '0' || gt.Notation[1] > '3' {
		return draughts.Frame{}, false
	}
	inverted := v.Inverted()
	if gt.HasInvert {
		inverted = gt.Invert
	}
	return draughts.Frame{Viewer: first, Corner: draughts.Corner(gt.Notation[1] - '0'), Inverted: inverted}, true
}

// honoursTag reports whether the long form of GameType tag gt tells how
// a game of v is read: the tag was written, and its number is v's (a
// game forced into other rules by Options.Variant keeps those rules' own
// names, and only the notation letter of its tag).
func honoursTag(gt pdn.GameType, v draughts.Variant) bool {
	if gt.Inferred || !v.Valid() {
		return false
	}
	for _, t := range gameTypes {
		if t.number == gt.Number && t.variant == v {
			return true
		}
	}
	return false
}

// readingOf is the reading of a game of v with GameType gt.
func readingOf(gt pdn.GameType, v draughts.Variant) reading {
	if honoursTag(gt, v) {
		return tagReading(gt, v)
	}
	return standardReading(gt, v)
}

// Naming is how the record names the squares: as its GameType tag's long
// form says (its notation letter, corner digit, start colour and invert
// flag), else, or when the moves do not fit that, as the variant's
// literature does.
func (r *Report) Naming() draughts.Naming { return r.reading().naming }

// FirstMove is the side that moves first in the record: its GameType
// tag's start colour, else, or when the moves do not fit that, the
// variant's. It numbers the moves: "17." for its moves, "17..." for the
// other side's.
func (r *Report) FirstMove() draughts.Color { return r.reading().first }

// reading is r.read, or the variant's own reading for a Report built by
// hand.
func (r *Report) reading() reading {
	if r.read.naming.Variant() != r.Variant {
		return reading{r.Variant.Naming(), r.Variant.FirstMove()}
	}
	return r.read
}

// Style is how the moves of the report's game are written back: with
// the names of its Naming (numbers or algebraic names).
func (r *Report) Style() draughts.Style { return r.Naming().DefaultStyle() }

// GameTypeTag is the GameType tag a writer gives the game, and whether it
// differs from the tag the game has: a guessed variant is named; a game
// read otherwise than its tag's long form says (Report.Naming,
// Report.FirstMove) gets a long form that says how it was read; else the
// tag as it is.
func (r *Report) GameTypeTag() (string, bool) {
	switch {
	case !r.Variant.Valid():
		return r.GameType.Raw, false
	case r.GameType.Inferred:
		return strconv.Itoa(GameTypeOf(r.Variant)), true
	case !honoursTag(r.GameType, r.Variant) || r.reading() == tagReading(r.GameType, r.Variant):
		return r.GameType.Raw, false
	}
	return longForm(r.GameType.Number, r.Variant, r.reading()), true
}

// longForm writes the GameType tag of reading rd of v.
func longForm(number int, v draughts.Variant, rd reading) string {
	numeric := rd.naming.Numeric()
	f := rd.naming.Frame(numeric).SeenBy(rd.first, v.Inverted())
	letter, start := "A", "W"
	if numeric {
		letter = "N"
	}
	if rd.first == draughts.Black {
		start = "B"
	}
	g := v.Geometry()
	return pdn.LongForm(number, start, g.Width(), g.Height(), letter+strconv.Itoa(int(f.Corner)), v.Inverted())
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
