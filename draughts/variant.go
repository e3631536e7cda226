package draughts

import (
	"fmt"
	"sort"
	"strings"
)

// CapturePromotion says what happens when a man reaches the last rank in the
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
	// only if the move ends on the last rank (Brazilian, International, Pool).
	PassThrough
)

// Rules is the table of traits that tells one draughts variant from
// another; the move generator reads nothing else. The zero value is plain
// English checkers as far as moves go (men capture forward only, kings move
// one square, crowning ends a capture, free choice of capture).
type Rules struct {
	// MenCaptureBack lets men capture backwards as well as forwards (R-CAP-2).
	MenCaptureBack bool
	// FlyingKings lets kings move and capture along whole diagonals and land
	// on any empty square behind a captured piece (R-KNG-1, R-CAP-3).
	FlyingKings bool
	// CapturePromotion is what a man does on the last rank mid-capture.
	CapturePromotion CapturePromotion
	// MajorityCapture obliges the capture that takes the most pieces
	// (Brazilian, International). Russian has free choice (R-CAP-5).
	MajorityCapture bool
	// LoserWins reverses the outcome: a side without a legal move wins
	// (giveaway, R-GIV-1) instead of losing (R-END-1).
	LoserWins bool
}

// Variant is a named set of rules on a board.
type Variant struct {
	Name     string // short name used on the command line: "russian"
	Title    string // human name
	GameType int    // PDN GameType number, 0 if PDN has none
	// FirstMove is the side that moves first from the start position.
	FirstMove Color
	Rules
}

// Russian draughts (shashki), the rules of ../shared/RULES.md R-MAN, R-KNG,
// R-CAP, R-END.
var Russian = &Variant{
	Name:     "russian",
	Title:    "Russian draughts",
	GameType: 25,
	Rules: Rules{
		MenCaptureBack:   true,               // R-CAP-2
		FlyingKings:      true,               // R-KNG-1, R-CAP-3
		CapturePromotion: PromoteAndContinue, // R-CAP-7
	},
}

// Giveaway (poddavki): Russian moves and captures, reversed goal (R-GIV-1).
// PDN has no GameType for it; damka writes 25 (the board and moves of
// Russian draughts) and takes the variant from the command line.
var Giveaway = &Variant{
	Name:     "giveaway",
	Title:    "Giveaway (poddavki)",
	GameType: 25,
	Rules: Rules{
		MenCaptureBack:   true,
		FlyingKings:      true,
		CapturePromotion: PromoteAndContinue,
		LoserWins:        true, // R-GIV-1
	},
}

var variants = map[string]*Variant{
	"russian":  Russian,
	"giveaway": Giveaway,
}

var variantAliases = map[string]string{
	"shashki":      "russian",
	"ru":           "russian",
	"poddavki":     "giveaway",
	"antidraughts": "giveaway",
	"losing":       "giveaway",
}

// VariantByName finds a variant by its name or a common alias, ignoring case.
func VariantByName(name string) (*Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := variantAliases[n]; ok {
		n = a
	}
	if v, ok := variants[n]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(VariantNames(), ", "))
}

// VariantNames lists the playable variants, sorted.
func VariantNames() []string {
	names := make([]string, 0, len(variants))
	for n := range variants {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// VariantByGameType returns the playable variant for a PDN GameType number,
// or nil when damka cannot play it. 25 is Russian draughts.
func VariantByGameType(n int) *Variant {
	if n == Russian.GameType {
		return Russian
	}
	return nil
}

// GameTypeName names a PDN GameType number, for messages about variants
// damka does not play.
func GameTypeName(n int) string {
	if s, ok := gameTypeNames[n]; ok {
		return s
	}
	return fmt.Sprintf("GameType %d", n)
}

// From the PDN 3.0 standard's table, plus numbers lidraughts uses.
var gameTypeNames = map[int]string{
	0:  "chess",
	1:  "Chinese chess",
	20: "International draughts",
	21: "English checkers",
	22: "Italian draughts",
	23: "American pool checkers",
	24: "Spanish draughts",
	25: "Russian draughts",
	26: "Brazilian draughts",
	27: "Canadian draughts",
	28: "Portuguese draughts",
	29: "Czech draughts",
	30: "Turkish draughts",
	31: "Thai draughts",
	40: "Frisian draughts",
	41: "Spantsiretti",
	96: "Breakthrough draughts (lidraughts)",
	97: "Frysk! (lidraughts)",
	98: "Antidraughts (lidraughts)",
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
func (v *Variant) NoMoveOutcome(toMove Color) Outcome {
	loser := toMove
	if v.LoserWins {
		loser = toMove.Opp()
	}
	if loser == White {
		return BlackWins
	}
	return WhiteWins
}

// Outcome decides p by the rules of play: Ongoing while the side to move
// has a legal move. Draws by rule need the game's history; see Tracker.
func (v *Variant) Outcome(p *Position) Outcome {
	if v.HasMoves(p) {
		return Ongoing
	}
	return v.NoMoveOutcome(p.Side)
}
