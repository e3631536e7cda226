package draughts

import (
	"fmt"
	"sort"
	"strings"
)

// CapturePromotion says what happens when a man reaches the last row in the
// middle of a capture.
type CapturePromotion uint8

const (
	// PromoteAndStop: the man is crowned and the move ends there (English,
	// Italian). It is the zero value: plain checkers.
	PromoteAndStop CapturePromotion = iota
	// PromoteAndContinue: the man becomes a king at once and, if it can,
	// goes on capturing as a king in the same move (Russian, R-CAP-7).
	PromoteAndContinue
	// PassThrough: the man stays a man while it captures on, and is crowned
	// only if the move ends on the last row (Brazilian, International, Pool).
	PassThrough
)

// Rules is the table of traits that tells one draughts variant from
// another; the move generator reads nothing else. The zero value is plain
// English checkers as far as moves go (men capture forward only, kings move
// one square, crowning ends a capture, free choice of capture). A Variant
// hands out a copy (Variant.Rules): the traits of a variant cannot be
// changed.
type Rules struct {
	// MenCaptureBack lets men capture backwards as well as forwards (R-CAP-2).
	MenCaptureBack bool
	// FlyingKings lets kings move and capture along whole diagonals and land
	// on any empty square behind a captured piece (R-KNG-1, R-CAP-3).
	FlyingKings bool
	// CapturePromotion is what a man does on the last row mid-capture.
	CapturePromotion CapturePromotion
	// MajorityCapture obliges the capture that takes the most pieces
	// (Brazilian, International). Russian has free choice (R-CAP-5).
	MajorityCapture bool
	// LoserWins reverses the outcome: a side without a legal move wins
	// (giveaway, R-GIV-1) instead of losing (R-END-1).
	LoserWins bool
}

// Variant is a draughts variant: a board, the names of its squares, the
// side that moves first, and its rules. It is a small comparable value that
// callers cannot change (the traits sit in a table behind it); the zero
// value, NoVariant, is no variant, and a Variant can key a map.
type Variant uint8

// The variants damka plays.
const (
	NoVariant Variant = iota
	// Russian draughts (shashki), the rules of ../shared/RULES.md R-MAN,
	// R-KNG, R-CAP, R-END.
	Russian
	// Giveaway (poddavki): Russian moves and captures, reversed goal
	// (R-GIV-1).
	Giveaway
	numVariants
)

// spec is the table row behind a Variant.
type spec struct {
	id      Variant
	name    string // short name used on the command line: "russian"
	title   string // human name
	aliases []string
	first   Color // the side that moves first from the start position
	geo     *Geometry
	names   *names
	Rules
}

var specs = [numVariants]spec{
	Russian: {
		name:    "russian",
		title:   "Russian draughts",
		aliases: []string{"shashki", "ru"},
		geo:     Board8x8,
		names:   algebraic8x8,
		Rules: Rules{
			MenCaptureBack:   true,               // R-CAP-2
			FlyingKings:      true,               // R-KNG-1, R-CAP-3
			CapturePromotion: PromoteAndContinue, // R-CAP-7
		},
	},
	Giveaway: {
		name:    "giveaway",
		title:   "Giveaway (poddavki)",
		aliases: []string{"poddavki", "losing"},
		geo:     Board8x8,
		names:   algebraic8x8,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PromoteAndContinue,
			LoserWins:        true, // R-GIV-1
		},
	},
}

func init() {
	for i := range specs {
		specs[i].id = Variant(i)
	}
}

// spec returns the table row of v; the zero row for NoVariant.
func (v Variant) spec() *spec { return &specs[v%numVariants] }

// Valid reports whether v is a variant (not NoVariant).
func (v Variant) Valid() bool { return v > NoVariant && v < numVariants }

// Name is the short name used on the command line ("russian"), "" for
// NoVariant.
func (v Variant) Name() string { return v.spec().name }

// String is the Name, or "none".
func (v Variant) String() string {
	if !v.Valid() {
		return "none"
	}
	return v.spec().name
}

// Title is the human name ("Russian draughts").
func (v Variant) Title() string { return v.spec().title }

// Aliases are the other names VariantByName knows v by.
func (v Variant) Aliases() []string { return append([]string(nil), v.spec().aliases...) }

// FirstMove is the side that moves first from the start position.
func (v Variant) FirstMove() Color { return v.spec().first }

// Geometry is the board v is played on.
func (v Variant) Geometry() *Geometry { return v.spec().geo }

// Rules is a copy of the traits of v.
func (v Variant) Rules() Rules { return v.spec().Rules }

// LoserWins reports whether the goal is reversed: a side without a legal
// move wins (R-GIV-1).
func (v Variant) LoserWins() bool { return v.spec().LoserWins }

// FlyingKings reports whether kings move and capture along whole diagonals.
func (v Variant) FlyingKings() bool { return v.spec().FlyingKings }

// Variants lists the playable variants in table order.
func Variants() []Variant {
	out := make([]Variant, 0, numVariants-1)
	for v := NoVariant + 1; v < numVariants; v++ {
		out = append(out, v)
	}
	return out
}

// VariantByName finds a variant by its name or an alias, ignoring case.
func VariantByName(name string) (Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, v := range Variants() {
		s := v.spec()
		if s.name == n {
			return v, nil
		}
		for _, a := range s.aliases {
			if a == n {
				return v, nil
			}
		}
	}
	return NoVariant, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(VariantNames(), ", "))
}

// VariantNames lists the names of the playable variants, sorted.
func VariantNames() []string {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.Name())
	}
	sort.Strings(names)
	return names
}

// Outcome of a game by the rules.
type Outcome uint8

const (
	// Ongoing means the side to move has a legal move.
	Ongoing Outcome = iota
	WhiteWins
	BlackWins
	Draw
)

func (o Outcome) String() string {
	switch o {
	case WhiteWins:
		return "2-0"
	case BlackWins:
		return "0-2"
	case Draw:
		return "1-1"
	}
	return "*"
}

// Winner returns the winning side of a decided outcome.
func (o Outcome) Winner() (Color, bool) {
	switch o {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// NoMoveOutcome is the result when side toMove has no legal move: it loses
// (R-END-1) or, in giveaway, wins (R-GIV-1).
func (v Variant) NoMoveOutcome(toMove Color) Outcome {
	loser := toMove
	if v.spec().LoserWins {
		loser = toMove.Opp()
	}
	if loser == White {
		return BlackWins
	}
	return WhiteWins
}

// Outcome decides p by the rules of play: Ongoing while the side to move
// has a legal move. Draws by rule need the game's history; see Tracker.
func (v Variant) Outcome(p *Position) Outcome {
	if v.HasMoves(p) {
		return Ongoing
	}
	return v.NoMoveOutcome(p.Side)
}
