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
	// KingFirst obliges a capture by a king over one by a man: in Czech
	// draughts whatever the number of pieces, in Italian among captures of
	// the most pieces.
	KingFirst bool
	// MostKings obliges, among the captures of the most pieces, one that
	// takes the most kings (Italian, Spanish).
	MostKings bool
	// KingOrder obliges, among captures equal by the rules above, the one
	// that meets a king earliest (Italian).
	KingOrder bool
	// MenSpareKings forbids men to capture kings (Italian).
	MenSpareKings bool
	// Orthogonal lets men and kings capture along files and rows as well
	// as diagonals: over the next dark square of a file (two rows on) or a
	// row (two files on), a king along the whole file or row (the Frisian
	// rules, friesdammen.nl, as dctl's frisian.hpp cites them). Quiet moves
	// stay diagonal.
	Orthogonal bool
	// KingsWeigh makes the majority rule count value, not pieces: a king
	// is worth less than two men and more than one (two kings outweigh
	// three men, a king and a man do not); as lidraughts and dctl weigh
	// them, 100 a man and 199 a king. Equal values take equal numbers of
	// men and kings. Needs MajorityCapture.
	KingsWeigh bool
	// LoserWins reverses the outcome: a side without a legal move wins
	// (giveaway, R-GIV-1) instead of losing (R-END-1).
	LoserWins bool
	// LandBehind makes a flying king land on the square right behind the
	// piece it captures, never further (Thai, dctl's is_land_behind_piece).
	LandBehind bool
	// RemoveAsTaken takes each captured piece off the board as it is
	// jumped, not at the end of the move, so that a king may cross its
	// square again (Thai, dctl's is_passing_capture; Turkish); without it
	// the pieces stay until the move ends (R-CAP-6). The generators of
	// LandBehind kings and of Straight pieces read it.
	RemoveAsTaken bool
	// Straight: men and kings move and capture along files and rows
	// only, never diagonally, on a board where every square is played
	// (Turkish draughts, dama): a man one square forward or sideways and
	// captures the same ways, a flying king along whole files and rows.
	// Needs a full board (Geometry.Full).
	Straight bool
	// NoTurnBack forbids a capture to go on straight back the way the
	// last jump came (a turn of 180 degrees), which pieces removed as
	// taken would otherwise allow (Turkish). Only the Straight generator
	// reads it.
	NoTurnBack bool
	// KingMoveLimit is the most quiet moves running that one king may
	// make while its side has men (Frisian: 3), 0 for no limit. The
	// position keeps the count from the game's moves (Position.KingRun:
	// Make updates it; a FEN, which has no history, starts it at 0), and
	// the generator leaves out the quiet moves of a king at the limit.
	KingMoveLimit uint8
	// FirstKingWins ends the game as soon as a man is crowned: the side
	// that crowned it wins, and the other has no move (Breakthrough).
	FirstKingWins bool
}

// Variant is a draughts variant: a board, the names of its squares, the
// side that moves first, and its rules. It is a small comparable value that
// callers cannot change (the traits sit in a table behind it); the zero
// value, NoVariant, is no variant, and a Variant can key a map.
type Variant uint8

// The variants damka plays. Each row of the table below cites the rules it
// follows; where a federation's rules and PDN or dctl disagree, the comment
// says which was taken.
const (
	NoVariant Variant = iota
	// Russian draughts (shashki), the rules of docs/rules.md R-MAN,
	// R-KNG, R-CAP, R-END.
	Russian
	// Giveaway (poddavki): Russian moves and captures, reversed goal
	// (R-GIV-1).
	Giveaway
	// International draughts on 10x10, FMJD rules.
	International
	// Brazilian draughts: the International rules on 8x8.
	Brazilian
	// Pool: American pool checkers.
	Pool
	// English draughts (checkers).
	English
	// Italian draughts.
	Italian
	// Spanish draughts.
	Spanish
	// Czech draughts.
	Czech
	// Antidraughts: International moves on 10x10, the goal reversed, as
	// lidraughts plays it.
	Antidraughts
	// Frisian draughts: 10x10, captures along files and rows as well,
	// kings weighed in the majority rule.
	Frisian
	// Frysk!: Frisian from five men each on the back rows (lidraughts).
	Frysk
	// Breakthrough: International draughts where the first king wins
	// (lidraughts).
	Breakthrough
	// Thai draughts (mak-hos), as dctl plays it.
	Thai
	// Turkish draughts (dama): every square of 8x8, men and kings along
	// files and rows.
	Turkish
	// Canadian draughts: the International rules on 12x12, 30 men each.
	Canadian
	numVariants
)

// The table's length must hold the variants (specsLen).
var _ [specsLen - numVariants]struct{}

// spec is the table row behind a Variant.
type spec struct {
	id       Variant
	name     string // short name used on the command line: "russian"
	title    string // human name
	aliases  []string
	first    Color // the side that moves first from the start position
	geo      *Geometry
	names    *names
	draws    *drawRules
	ranked   bool // a precedence beyond the majority (keepPrecedent)
	kingOnly bool // KingFirst alone: a king that can capture must (Czech)
	// spareMask is every bit with MenSpareKings, else none: the kings a
	// man may not capture are the enemy's kings and spareMask.
	spareMask Bitboard
	manDirs   [2][numDirs]bool // by side: the directions its men capture in
	// dirs is the directions of captures as a mask, the diagonals and,
	// with Orthogonal, the orthogonals; ndirs the count of them, the
	// directions below it.
	dirs  uint8
	ndirs Direction
	// startRows is the rows of men each side starts on; 0 for all but the
	// two middle rows (R-BRD-2). startGap is the rows left empty behind
	// them (Turkish: the back row).
	startRows int
	startGap  int
	// eachCaptures: the capturers are found piece by piece through the
	// tables (Orthogonal, Straight), not by whole-board shifts.
	eachCaptures bool
	// wide: a board of more than 64 bits (12x12, docs/canadian.md step
	// 2), whose moves are found on two words (wide.go, capturersWide). A
	// wide spec sets eachCaptures, special and ownQuiet too (init), so
	// that the tests of them that the other boards pay already send it
	// there, and they pay no test of their own (Canadian).
	wide bool
	// special: FirstKingWins, Straight or wide, which generate sends to
	// generateSpecial (and it a wide spec to generateWide).
	special bool
	// ownQuiet: Straight or wide, whose quiet moves quietMoves and
	// hasQuiet send to code of their own (straightQuiet, or
	// diagonalQuietWide on two words), for the one test the diagonal
	// variants paid already (of Straight).
	ownQuiet bool
	bulk     [2]bulkSide // by side: what perft's counting of captures needs
	// crownedMajority: PromoteAndContinue under the majority rule, which
	// perft's lean counting of men's captures does not follow.
	crownedMajority bool
	// kingsMatter: the kings on the board change how captures are counted
	// (a precedence beyond the majority, kings that men spare).
	kingsMatter bool
	Rules
}

// The square names of the variants.
var (
	algebraic8x8 = internNames(board8x8, algebraicNames)
	numeric10x10 = internNames(board10x10, numericNames)
	// Turkish: every square named algebraically, a1 White's left-hand
	// corner (files a-h, rows 1-8, as Turkish books and kish write them).
	algebraicFull = internNames(board8x8Full, algebraicNames)
	// English and Pool: numbered 1-32 from the top left, Black (who moves
	// first) on 1-12; algebraic names, as playstrategy writes them, are
	// seen from the side that moves first (its single corner a1).
	numericChecker = internNames(board8x8, namesSpec{numeric: true, alg: turned})
	// Italian: a1 is light; 1 is the top-left corner a8, 32 = h1 (FID
	// numbering, the oracle's README).
	numericItalian = internNames(board8x8, namesSpec{numeric: true, alg: mirrored, num: mirrored})
	// Spanish: a1 is light; 1 is White's right-hand corner h1, counted
	// right to left row by row away from White, White on 1-12 (the
	// numbering of Spanish and Portuguese books, FPD rules 2.1).
	numericSpanish = internNames(board8x8, namesSpec{numeric: true, alg: mirrored, num: rowsFlipped})
)

// specsLen is the length of the table: a power of two at least
// numVariants, so that spec masks the variant with an AND (with 17
// variants, v%numVariants took a multiply and shifts at every call:
// 1 M instructions of check on 4,180 games). The rows past the variants
// are zero, as NoVariant's.
const specsLen = 32

var specs = [specsLen]spec{
	Russian: {
		draws:   &russianDraws,
		name:    "russian",
		title:   "Russian draughts",
		aliases: []string{"shashki", "ru"},
		geo:     board8x8,
		names:   algebraic8x8,
		Rules: Rules{
			MenCaptureBack:   true,               // R-CAP-2
			FlyingKings:      true,               // R-KNG-1, R-CAP-3
			CapturePromotion: PromoteAndContinue, // R-CAP-7
		},
	},
	Giveaway: {
		draws:   &russianDraws,
		name:    "giveaway",
		title:   "Giveaway (poddavki)",
		aliases: []string{"poddavki", "losing"},
		geo:     board8x8,
		names:   algebraic8x8,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PromoteAndContinue,
			LoserWins:        true, // R-GIV-1
		},
	},
	// FMJD, Official rules of international draughts (2022), articles 3-4:
	// men move forward and capture forwards and backwards (4.1), kings fly
	// (3.9, 4.3), a man passing the last row in a capture stays a man
	// (4.15), the capture of the most pieces is compulsory, kings counting
	// as men (4.13). White moves first (3.1).
	International: {
		draws:   &fmjdDraws,
		name:    "international",
		title:   "International draughts",
		aliases: []string{"fmjd", "standard", "polish"},
		geo:     board10x10,
		names:   numeric10x10,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PassThrough,
			MajorityCapture:  true,
		},
	},
	// Confederação Brasileira de Damas: the FMJD rules on the 8x8 board,
	// named algebraically like Russian (lidraughts).
	Brazilian: {
		draws:   &brazilianDraws,
		name:    "brazilian",
		title:   "Brazilian draughts",
		aliases: []string{"brazil"},
		geo:     board8x8,
		names:   algebraic8x8,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PassThrough,
			MajorityCapture:  true,
		},
	},
	// American Pool Checkers Association, tournament rules of play: men
	// capture backwards (14), kings fly (15), a man reaching the king row
	// in a capture that goes on backwards goes on as a man (16, 22, 23),
	// free choice among captures (20). Black moves first (5).
	Pool: {
		draws:   &poolDraws,
		name:    "pool",
		title:   "American pool checkers",
		aliases: []string{"american-pool", "pool-checkers"},
		first:   Black,
		geo:     board8x8,
		names:   numericChecker,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PassThrough,
		},
	},
	// English Draughts Association / American Checker Federation, standard
	// laws: men move and capture forward only (1.18), kings one square
	// (1.17), a man crowned in a capture ends the move (1.19), free choice
	// of capture (1.20). Black moves first, from squares 1-12 (1.11).
	English: {
		draws:   &englishDraws,
		name:    "english",
		title:   "English draughts (checkers)",
		aliases: []string{"american", "checkers", "draughts"},
		first:   Black,
		geo:     board8x8,
		names:   numericChecker,
	},
	// Federazione Italiana Dama, Regolamento tecnico, capo I: a1 is light
	// (2.3), men move and capture forward only (5.3a) and never capture
	// kings (5.3b), kings move one square (4.7), crowning ends the move;
	// the capture must take the most pieces (6.6), then be made with a
	// king (6.7), then take the most kings (6.8), then meet a king first
	// (6.9). White moves first.
	Italian: {
		draws: &italianDraws,
		name:  "italian",
		title: "Italian draughts",
		geo:   board8x8,
		names: numericItalian,
		Rules: Rules{
			MajorityCapture: true,
			KingFirst:       true,
			MostKings:       true,
			KingOrder:       true,
			MenSpareKings:   true,
		},
	},
	// Federação Portuguesa de Damas / Federación Española de Damas, damas
	// clásicas: a1 is light (2.1.5), men forward only, kings fly, the
	// capture of the most pieces, then of the most kings. White first.
	Spanish: {
		name:    "spanish",
		title:   "Spanish draughts",
		aliases: []string{"portuguese"},
		geo:     board8x8,
		names:   numericSpanish,
		Rules: Rules{
			FlyingKings:     true,
			MajorityCapture: true,
			MostKings:       true,
		},
	},
	// Česká federace dámy, pravidla české dámy: men move and capture
	// forward only (4.1), kings fly (3.9), a king must capture when it can
	// (4.14), else free choice. White first; algebraic notation (2.6).
	Czech: {
		name:  "czech",
		title: "Czech draughts",
		geo:   board8x8,
		names: algebraic8x8,
		Rules: Rules{
			FlyingKings: true,
			KingFirst:   true,
		},
	},
	// Frisian draughts, the rules of the Friese Dambond (friesdammen.nl, as
	// dctl's frisian.hpp cites them; lidraughts plays the same): the
	// International board and men (forward moves, captures both ways, a
	// man passing the last row mid-capture stays a man), flying kings
	// that move diagonally; men and kings also capture along files and
	// rows (Orthogonal); the capture of the most value is compulsory, a
	// king worth more than one man and less than two (KingsWeigh), and of
	// captures of one value the one made with a king (KingFirst). A king
	// makes at most three quiet moves running while its side has men
	// (KingMoveLimit): the position counts them from the game's moves
	// (Position.KingRun; from a FEN, 0) and the generator enforces it.
	// White moves first; squares numbered 1-50 as in International
	// draughts.
	Frisian: {
		name:    "frisian",
		title:   "Frisian draughts",
		aliases: []string{"fries", "fries-dammen"},
		geo:     board10x10,
		names:   numeric10x10,
		Rules:   frisianRules,
	},
	// lidraughts' Frysk!: the Frisian rules from five men each on the back
	// rows (W46-50, B1-5).
	Frysk: {
		name:      "frysk",
		title:     "Frysk! (lidraughts)",
		aliases:   []string{"frysk!"},
		geo:       board10x10,
		names:     numeric10x10,
		startRows: 1,
		Rules:     frisianRules,
	},
	// lidraughts' Breakthrough: the International rules, and the first
	// side to crown a king wins at once.
	Breakthrough: {
		draws:   &repetitionDraws,
		name:    "breakthrough",
		title:   "Breakthrough (lidraughts)",
		aliases: []string{"breakthrough-international"},
		geo:     board10x10,
		names:   numeric10x10,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PassThrough,
			MajorityCapture:  true,
			FirstKingWins:    true,
		},
	},
	// Thai draughts (mak-hos), dctl's thai.hpp: 8x8, eight men each on
	// the two back rows (initial_position_gap 4), men move and capture
	// forward only, kings fly but land right behind the piece they take
	// (is_land_behind_piece), captured pieces leave the board as they are
	// taken (is_passing_capture), free choice of capture, crowning ends
	// the move. White first; algebraic names, as dctl writes 8x8 boards.
	Thai: {
		name:      "thai",
		title:     "Thai draughts (mak-hos)",
		aliases:   []string{"makhos", "mak-hos"},
		geo:       board8x8,
		names:     algebraic8x8,
		startRows: 2,
		Rules: Rules{
			FlyingKings:   true,
			LandBehind:    true,
			RemoveAsTaken: true,
		},
	},
	// Turkish draughts (dama). The rules as the sources agree on them:
	// Wikipedia's "Turkish draughts", Mindsports' "Dama", iggamecenter's
	// and draughts.github.io's rules, damaturk.com (after A. E. Örnek,
	// "Dama, oyunlar ve açmazlar", 1974) for the majority rule: every
	// square of 8x8 is played, 16 men each on the second and third rows
	// (the back row empty), White first. A man moves one square forward
	// or sideways, never back, and captures the same three ways by
	// jumping the next square; a king moves and captures along files and
	// rows at any distance and lands on any empty square behind the piece
	// (Straight, FlyingKings). Capture is compulsory and must take the
	// most pieces, men and kings alike (MajorityCapture); each piece
	// leaves the board as it is jumped (RemoveAsTaken), and a capture may
	// not turn back by 180 degrees (NoTurnBack). A man that reaches the
	// last row in a capture is crowned at once and goes on capturing as a
	// king (PromoteAndContinue: draughts.github.io's rule 6, the
	// Mindsports and Italian descriptions, kish's RULES.md 7.2); older
	// Wikipedia text and kish's README crown it at the end of the move,
	// which on the last row, where a man can only go sideways, takes
	// fewer pieces: the sources differ, and the majority was followed.
	Turkish: {
		name:      "turkish",
		title:     "Turkish draughts (dama)",
		aliases:   []string{"dama", "turk"},
		geo:       board8x8Full,
		names:     algebraicFull,
		startRows: 2,
		startGap:  1,
		Rules: Rules{
			Straight:         true,
			FlyingKings:      true,
			MajorityCapture:  true,
			RemoveAsTaken:    true,
			NoTurnBack:       true,
			CapturePromotion: PromoteAndContinue,
		},
	},
	// Canadian draughts: the International rules (FMJD, as International
	// above: men capture backwards, flying kings, a man crowned only when
	// a capture ends on the last row, the capture of the most pieces
	// compulsory) on a 12x12 board with a1 dark, 30 men a side on the
	// five nearest rows, White first (Wikipedia, "Canadian checkers";
	// windames.free.fr/canadian.html; ludii.games, "Canadian Draughts").
	// Squares numbered 1-72 as in International: row by row from Black's
	// side, left to right as White sees them (1 = b12, 6 = l12, 67 = a1,
	// 72 = k1). The board is more than 64 bits (Geometry): its moves are
	// found on two words (spec.wide, wide.go) and its position's squares
	// past bit 63 kept in the position's tail (Position.highWords). Of
	// the draw rules only threefold repetition, which the sources agree
	// on, is applied (windames also draws three kings against one after
	// 16 moves each; no ruling on two kings or a man was found).
	Canadian: {
		draws:   &canadianDraws,
		name:    "canadian",
		title:   "Canadian draughts",
		aliases: []string{"canadian-checkers"},
		geo:     Board12x12(),
		names:   internNames(Board12x12(), numericNames),
		wide:    true,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PassThrough,
			MajorityCapture:  true,
		},
	},
	// lidraughts' antidraughts: the International board, moves and
	// captures (majority rule included); a side that cannot move wins.
	Antidraughts: {
		name:    "antidraughts",
		title:   "Antidraughts (lidraughts)",
		aliases: []string{"anti", "losing-international"},
		geo:     board10x10,
		names:   numeric10x10,
		Rules: Rules{
			MenCaptureBack:   true,
			FlyingKings:      true,
			CapturePromotion: PassThrough,
			MajorityCapture:  true,
			LoserWins:        true,
		},
	},
}

// frisianRules are the traits of Frisian and Frysk! (see Frisian).
var frisianRules = Rules{
	MenCaptureBack:   true,
	FlyingKings:      true,
	CapturePromotion: PassThrough,
	MajorityCapture:  true,
	KingsWeigh:       true,
	KingFirst:        true,
	Orthogonal:       true,
	KingMoveLimit:    3,
}

func init() {
	for i := range specs {
		s := &specs[i]
		s.id = Variant(i)
		if s.MenSpareKings {
			s.spareMask = ^Bitboard(0)
		}
		s.dirs, s.ndirs = diagonalDirs, 4
		switch {
		case s.Straight:
			s.dirs, s.ndirs = orthogonalDirs, numDirs
		case s.Orthogonal:
			s.dirs, s.ndirs = allDirs, numDirs
		}
		s.eachCaptures = s.Orthogonal || s.Straight || s.wide
		s.special = s.FirstKingWins || s.Straight || s.wide
		s.ownQuiet = s.Straight || s.wide
		if s.Straight && (s.geo == nil || !s.geo.full) {
			panic("draughts: " + s.name + ": Straight needs a full board")
		}
		for _, c := range []Color{White, Black} {
			for d := Direction(0); d < 4; d++ {
				s.manDirs[c][d] = (s.MenCaptureBack || forward(c, d)) && !s.Straight
			}
			for d := Direction(4); d < s.ndirs; d++ {
				// Frisian men capture along files and rows both ways;
				// Turkish men forward and sideways, never back.
				s.manDirs[c][d] = s.MenCaptureBack || s.Straight && d != backward(c)
			}
			if s.geo != nil {
				s.bulk[c] = newBulkSide(&s.Rules, s.geo, c)
			}
		}
		s.crownedMajority = s.CapturePromotion == PromoteAndContinue && s.MajorityCapture
		s.kingOnly = s.KingFirst && !s.MajorityCapture && !s.MostKings && !s.KingOrder
		s.ranked = !s.kingOnly && (s.KingFirst || s.MostKings || s.KingOrder)
		s.kingsMatter = s.ranked || s.MenSpareKings
		if (s.KingMoveLimit != 0) != s.id.limitsKings() || s.KingMoveLimit >= maxKingRun {
			panic("draughts: " + s.name + ": KingMoveLimit and Variant.limitsKings disagree")
		}
		if s.geo != nil && s.wide != s.geo.Wide() || s.wide != s.id.wideBoard() {
			panic("draughts: " + s.name + ": wide, the board and Variant.wideBoard disagree")
		}
		if s.wide && s.draws != nil && (s.draws.russian || s.draws.fmjdEnding) {
			panic("draughts: " + s.name + ": the draw rules read the material below bit 64 (materialOf)")
		}
		if s.wide && (s.KingMoveLimit != 0 || s.Orthogonal || s.Straight || s.FirstKingWins || s.ranked || s.MenSpareKings) {
			panic("draughts: " + s.name + ": a wide board plays the diagonal rules only (wide.go)")
		}
	}
}

// spec returns the table row of v; the zero row for NoVariant.
func (v Variant) spec() *spec { return &specs[v%specsLen] }

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

// KingMoveLimit is the most quiet moves running one king may make while
// its side has men, 0 for none (Rules.KingMoveLimit; Position.KingRun
// counts them).
func (v Variant) KingMoveLimit() int { return int(v.spec().KingMoveLimit) }

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
	if v.spec().over(p) {
		// Breakthrough: the side that crowned the king has won.
		if p.KingsOf(White) != 0 {
			return WhiteWins
		}
		return BlackWins
	}
	if v.HasMoves(p) {
		return Ongoing
	}
	return v.NoMoveOutcome(p.Side)
}
