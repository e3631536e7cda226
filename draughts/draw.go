package draughts

import "fmt"

// DrawRule names a rule of R-DRW that makes a game drawn.
type DrawRule uint8

const (
	NoDraw DrawRule = iota
	// Repetition: the same position with the same side to move for the
	// third time (R-DRW-1).
	Repetition
	// KingMoves: 15 moves by each side made only with kings, with no man
	// moved and no capture (R-DRW-2).
	KingMoves
	// ThreeKings: three or more kings against a lone king, not taken by the
	// stronger side's 15th move since that balance arose (R-DRW-3).
	ThreeKings
	// Balance: both sides have kings and the balance of forces has not
	// changed (no capture, no promotion) for 5 moves with 2-3 pieces on the
	// board, 30 moves with 4-5, 60 moves with 6-7 (R-DRW-4).
	Balance
	// Endgame: International draughts' endings that are drawn when the
	// stronger side has not won within 16 moves (three kings, two kings and
	// a man, or a king and two men against a lone king) or 5 moves (two
	// kings, or a king and a man, against a lone king): FMJD rules 6.3,
	// 6.4.
	Endgame
)

// drawRules are the draw rules a variant has written down; the zero value
// has none (damka reports no draw rather than a wrong one).
type drawRules struct {
	repetitions int // the occurrence of a position that draws (3), 0 for none
	kingPlies   int // plies of king moves without capture or man move that draw, 0 for none
	russian     bool
	fmjdEnding  bool
	// cite names the rules in the variant's laws, by DrawRule.
	cite [Endgame + 1]string
}

// The draw rules of the variants, from their laws (the article numbers
// are those dctl's traits cite).
var (
	russianDraws = drawRules{repetitions: 3, kingPlies: 30, russian: true,
		cite: [Endgame + 1]string{Repetition: "R-DRW-1", KingMoves: "R-DRW-2", ThreeKings: "R-DRW-3", Balance: "R-DRW-4"}}
	// FMJD rules 6.1 (threefold repetition), 6.2 (25 moves by each side
	// with kings only, no capture, no man moved), 6.3-6.4 (the endings).
	fmjdDraws = drawRules{repetitions: 3, kingPlies: 50, fmjdEnding: true,
		cite: [Endgame + 1]string{Repetition: "FMJD 6.1", KingMoves: "FMJD 6.2", Endgame: "FMJD 6.3-6.4"}}
	// English draughts laws 1.32.1 (threefold repetition) and 1.32.2 (40
	// moves each without a capture or a man moved).
	englishDraws = drawRules{repetitions: 3, kingPlies: 80,
		cite: [Endgame + 1]string{Repetition: "laws 1.32.1", KingMoves: "laws 1.32.2"}}
	// FID regolamento tecnico 9.3(b1) (the fourth repetition) and 10.4 (40
	// moves each without a capture or a man moved).
	italianDraws = drawRules{repetitions: 4, kingPlies: 80,
		cite: [Endgame + 1]string{Repetition: "FID 9.3(b1)", KingMoves: "FID 10.4"}}
	// APCA rule 26: threefold repetition. (Its move limit is not applied:
	// damka does not know whether it counts moves or plies.)
	poolDraws = drawRules{repetitions: 3, cite: [Endgame + 1]string{Repetition: "APCA 26"}}
	// The Brazilian rules follow FMJD's on repetition (6.1); their other
	// draw rules are not applied.
	brazilianDraws = drawRules{repetitions: 3, cite: [Endgame + 1]string{Repetition: "FMJD 6.1"}}
	// Breakthrough ends at the first king, so of the FMJD draw rules only
	// repetition (6.1) can apply.
	repetitionDraws = drawRules{repetitions: 3, cite: [Endgame + 1]string{Repetition: "FMJD 6.1"}}
	// Canadian draughts: threefold repetition (windames.free.fr's
	// Canadian rules; the International rules' 6.1). Its three kings
	// against one is not applied (see Canadian).
	canadianDraws = drawRules{repetitions: 3, cite: [Endgame + 1]string{Repetition: "Canadian rules, as FMJD 6.1"}}
)

// draws is the draw rules of v; none for NoVariant.
func (v Variant) draws() *drawRules {
	if d := v.spec().draws; d != nil {
		return d
	}
	return &drawRules{}
}

// DrawCitation names draw rule r in the laws of v ("R-DRW-1", "FMJD 6.2").
func (v Variant) DrawCitation(r DrawRule) string {
	if int(r) < len(v.draws().cite) {
		return v.draws().cite[r]
	}
	return ""
}

// DrawText says what draw rule r is in v: "threefold repetition", "25
// moves with kings only".
func (v Variant) DrawText(r DrawRule) string {
	d := v.draws()
	switch r {
	case Repetition:
		if d.repetitions == 4 {
			return "fourfold repetition"
		}
	case KingMoves:
		if !d.russian {
			return fmt.Sprintf("%d moves each without a capture or a man moved", d.kingPlies/2)
		}
	case Endgame:
		return "an ending not won within the moves the rules allow"
	}
	return r.String()
}

// Rule returns the rule's number in the Russian digest, such as
// "R-DRW-1"; see Variant.DrawCitation for the other variants.
func (r DrawRule) Rule() string {
	switch r {
	case Repetition:
		return "R-DRW-1"
	case KingMoves:
		return "R-DRW-2"
	case ThreeKings:
		return "R-DRW-3"
	case Balance:
		return "R-DRW-4"
	}
	return ""
}

func (r DrawRule) String() string {
	switch r {
	case Repetition:
		return "threefold repetition"
	case KingMoves:
		return "15 moves with kings only"
	case ThreeKings:
		return "three kings against a lone king for 15 moves"
	case Balance:
		return "unchanged balance of forces with kings on both sides"
	}
	return "no draw"
}

// Tracker follows a game move by move and tells when a draw by rule is
// reached. Rules that need the history (repetition, move counters) cannot
// be read off one position. The zero Tracker is not usable; see NewTracker.
type Tracker struct {
	rules *drawRules
	seen  positions // positions since the last irreversible move

	kingPlies int // consecutive plies of king moves without capture

	strongMoves int      // moves of the stronger side since ThreeKings balance arose; -1 outside it
	material    [4]uint8 // men and kings of each side when it arose

	balancePlies int // plies without capture or promotion while both sides have kings

	endPlies    int      // plies since the FMJD ending arose; -1 outside one
	endMaterial [4]uint8 // its balance of forces
}

// NewTracker starts following a game from p, by the draw rules of p's
// variant (Russian for the zero Position).
func NewTracker(p *Position) *Tracker {
	v := p.v
	if !v.Valid() {
		v = Russian
	}
	t := &Tracker{rules: v.draws(), strongMoves: -1, endPlies: -1}
	t.seen.add(p.Hash())
	t.strongMoves, t.material = threeKings(p, -1, [4]uint8{})
	t.endPlies, t.endMaterial = fmjdEnding(p, -1, [4]uint8{})
	return t
}

// Reset starts t following a new game from p, as NewTracker does, with
// the memory of the game before reused: replaying many games one after
// another allocates nothing once the tracker has grown. The zero Tracker
// may be Reset.
func (t *Tracker) Reset(p *Position) {
	v := p.v
	if !v.Valid() {
		v = Russian
	}
	seen := t.seen
	seen.reset()
	*t = Tracker{rules: v.draws(), seen: seen}
	t.seen.add(p.Hash())
	t.strongMoves, t.material = threeKings(p, -1, [4]uint8{})
	t.endPlies, t.endMaterial = fmjdEnding(p, -1, [4]uint8{})
}

// fmjdEnding returns the ply counter of the FMJD endings for p, restarted
// when the balance of forces is new, and the limit in plies (0 outside
// such an ending).
func fmjdEnding(p *Position, count int, prev [4]uint8) (int, [4]uint8) {
	m := materialOf(p)
	if fmjdLimit(m) == 0 {
		return -1, m
	}
	if count < 0 || m != prev {
		return 0, m
	}
	return count, m
}

// fmjdLimit is the number of plies FMJD rules 6.3-6.4 give the stronger
// side against a lone king, 0 when they do not apply.
func fmjdLimit(m [4]uint8) int {
	lone := func(men, kings uint8) bool { return men == 0 && kings == 1 }
	var men, kings uint8
	switch {
	case lone(m[2], m[3]):
		men, kings = m[0], m[1]
	case lone(m[0], m[1]):
		men, kings = m[2], m[3]
	default:
		return 0
	}
	switch {
	case kings >= 1 && men+kings == 3:
		return 2 * 16 // three kings, two kings and a man, a king and two men
	case kings >= 1 && men+kings == 2:
		return 2 * 5 // two kings, a king and a man
	}
	return 0
}

// materialOf is p's balance of forces, men and kings of White and Black,
// below bit 64 (material0, inlined: Material is not): the draw rules that
// read it (R-DRW-3, FMJD 6.3-6.4) are no rules of a variant on a board
// past 64 bits (Canadian; init checks it).
func materialOf(p *Position) [4]uint8 {
	wm, wk := p.material0(White)
	bm, bk := p.material0(Black)
	return [4]uint8{uint8(wm), uint8(wk), uint8(bm), uint8(bk)}
}

// threeKings returns the move counter of R-DRW-3 for p, restarted when the
// balance of forces is new.
func threeKings(p *Position, count int, prev [4]uint8) (int, [4]uint8) {
	if p.Kings.PopCount() < 4 {
		// Not the balance (three kings and a lone king), as most of a
		// game: the material returned is only read while in it.
		return -1, [4]uint8{}
	}
	m := materialOf(p)
	lone := func(men, kings uint8) bool { return men == 0 && kings == 1 }
	if !(lone(m[0], m[1]) && m[3] >= 3) && !(lone(m[2], m[3]) && m[1] >= 3) {
		return -1, m
	}
	if count < 0 || m != prev {
		return 0, m
	}
	return count, m
}

// drawLimit is the number of plies of R-DRW-4 for n pieces on the board,
// 0 when the rule does not apply.
func drawLimit(n int) int {
	switch {
	case n <= 1:
		return 0
	case n <= 3:
		return 2 * 5
	case n <= 5:
		return 2 * 30
	case n <= 7:
		return 2 * 60
	}
	return 0
}

// Push records move m, played in position before and leading to after, and
// returns the draw rule that after reaches, if any (the lowest-numbered one
// when several are reached at once).
func (t *Tracker) Push(before *Position, m *Move, after *Position) DrawRule {
	var seen uint8
	if m.IsCapture() || !before.Kings.Has(m.From) {
		// Irreversible: no earlier position can come back (men never move
		// backwards and captured pieces never return), so after is the
		// only one, seen once. Most plies: no search of the list.
		t.seen.restart(after.Hash())
		seen = 1
		t.kingPlies = 0
	} else {
		seen = t.seen.add(after.Hash())
		t.kingPlies++
	}
	r := t.rules
	if !r.russian {
		if r.fmjdEnding {
			count := t.endPlies
			if count >= 0 {
				count++
			}
			t.endPlies, t.endMaterial = fmjdEnding(after, count, t.endMaterial)
		}
		switch {
		case r.repetitions > 0 && seen >= uint8(r.repetitions):
			return Repetition
		case r.kingPlies > 0 && t.kingPlies >= r.kingPlies:
			return KingMoves
		case r.fmjdEnding && t.endPlies >= 0 && t.endPlies >= fmjdLimit(t.endMaterial):
			return Endgame
		}
		return NoDraw
	}

	if after.Kings == 0 {
		// No king, as in most of a game: not R-DRW-3's balance (threeKings
		// says so for fewer than four kings), nor R-DRW-4's (kings on both
		// sides), and no call. The stores only when there is a change.
		// The switch below is the end's without its king rules, written
		// again on purpose: falling through to the end instead costs
		// check 0.9 M instructions on 4,180 games (callgrind, the
		// tracker 15.4 against 14.5 M).
		if t.strongMoves >= 0 {
			t.strongMoves, t.material = -1, [4]uint8{}
		}
		if t.balancePlies != 0 {
			t.balancePlies = 0
		}
		switch {
		case seen >= 3:
			return Repetition
		case t.kingPlies >= 30:
			return KingMoves
		}
		return NoDraw
	}
	counting := t.strongMoves
	if counting >= 0 && before.Side == t.strongSide(before) {
		counting++
	}
	t.strongMoves, t.material = threeKings(after, counting, t.material)

	if after.KingsOf(White) != 0 && after.KingsOf(Black) != 0 {
		if m.IsCapture() || m.Promotes {
			t.balancePlies = 0
		} else {
			t.balancePlies++
		}
	} else {
		t.balancePlies = 0
	}

	switch {
	case seen >= 3:
		return Repetition
	case t.kingPlies >= 30:
		return KingMoves
	case t.strongMoves >= 15:
		return ThreeKings
	}
	// R-DRW-4's limits are 10 plies at least: the pieces counted only
	// from there.
	if t.balancePlies < 10 {
		return NoDraw
	}
	if lim := drawLimit(after.Occupied().PopCount()); lim > 0 && t.balancePlies >= lim {
		return Balance
	}
	return NoDraw
}

// strongSide is the side with three or more kings in a ThreeKings balance.
func (t *Tracker) strongSide(p *Position) Color {
	if p.KingsOf(White).PopCount() >= 3 && p.Pieces[Black].PopCount() == 1 {
		return White
	}
	return Black
}

// positions counts the positions of a game since its last irreversible
// move, by hash: in a short list while they are few, as in most of a game
// (men move nearly every ply, so the list is emptied nearly every ply,
// which a map would make costly), in a map beyond fewPositions (long
// endings of kings), so that no game takes quadratic time.
type positions struct {
	few  []uint64
	many map[uint64]uint8 // when not empty, all of them (few is empty)
}

const fewPositions = 32

func (ps *positions) reset() {
	ps.few = ps.few[:0]
	if len(ps.many) > 0 {
		clear(ps.many)
	}
}

// restart empties ps and counts h once: reset and add of a position
// that cannot have been seen.
func (ps *positions) restart(h uint64) {
	if len(ps.many) > 0 {
		clear(ps.many)
	}
	if cap(ps.few) == 0 {
		ps.few = make([]uint64, 1, fewPositions)
	} else {
		ps.few = ps.few[:1]
	}
	ps.few[0] = h
}

// add counts h once more and returns how often it has been seen.
func (ps *positions) add(h uint64) uint8 {
	if len(ps.many) == 0 {
		if len(ps.few) < fewPositions {
			ps.few = append(ps.few, h)
			var n uint8
			for _, x := range ps.few {
				if x == h {
					n++
				}
			}
			return n
		}
		if ps.many == nil {
			ps.many = make(map[uint64]uint8, 4*fewPositions)
		}
		for _, x := range ps.few {
			ps.many[x]++
		}
		ps.few = ps.few[:0]
	}
	ps.many[h]++
	return ps.many[h]
}
