package draughts

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
)

// Rule returns the rule's number in the digest, such as "R-DRW-1".
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
	seen map[uint64]uint8 // positions since the last irreversible move

	kingPlies int // consecutive plies of king moves without capture

	strongMoves int      // moves of the stronger side since ThreeKings balance arose; -1 outside it
	material    [4]uint8 // men and kings of each side when it arose

	balancePlies int // plies without capture or promotion while both sides have kings
}

// NewTracker starts following a game from p.
func NewTracker(p *Position) *Tracker {
	t := &Tracker{seen: map[uint64]uint8{p.Hash(): 1}, strongMoves: -1}
	t.strongMoves, t.material = threeKings(p, -1, [4]uint8{})
	return t
}

func materialOf(p *Position) [4]uint8 {
	wm, wk := p.Material(White)
	bm, bk := p.Material(Black)
	return [4]uint8{uint8(wm), uint8(wk), uint8(bm), uint8(bk)}
}

// threeKings returns the move counter of R-DRW-3 for p, restarted when the
// balance of forces is new.
func threeKings(p *Position, count int, prev [4]uint8) (int, [4]uint8) {
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
	moverWasKing := before.Kings.Has(m.From)
	irreversible := m.IsCapture() || !moverWasKing
	if irreversible {
		// No earlier position can come back: men never move backwards and
		// captured pieces never return.
		clear(t.seen)
	}
	t.seen[after.Hash()]++

	if moverWasKing && !m.IsCapture() {
		t.kingPlies++
	} else {
		t.kingPlies = 0
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
	case t.seen[after.Hash()] >= 3:
		return Repetition
	case t.kingPlies >= 30:
		return KingMoves
	case t.strongMoves >= 15:
		return ThreeKings
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
