package validate

import (
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// gameTypes is the one table between PDN's GameType numbers (package pdn)
// and the variants of the rules engine (package draughts), which knows no
// file format. A number read from a file gives the first variant listed
// with it; a variant is written with its number.
var gameTypes = []struct {
	number  int
	variant draughts.Variant
}{
	{pdn.Russian, draughts.Russian},
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
