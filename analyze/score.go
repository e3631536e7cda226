package analyze

import (
	"math"
	"strconv"
)

// Score is an evaluation in centi-men (hundredths of a man) from the view of
// the side to move, or a decisive score: a win or loss by rule (a side with
// no legal move, R-END-1; reversed in giveaway, R-GIV-1) at a known distance
// in plies. A win in n plies is WinScore-n and a loss in n plies is
// -(WinScore-n), so that a nearer win is worth more and a later loss less
// bad.
type Score int32

// Decisive scores, and the scores of the endgame databases.
const (
	// WinScore is a win on the board itself; a win in n plies is WinScore-n.
	WinScore Score = 30000
	// MaxPly bounds the length of a searched line, extensions and captures
	// included. Every decisive score lies within MaxPly of ±WinScore.
	MaxPly = 128
	// winMin is the smallest win score.
	winMin = WinScore - MaxPly
	// infinity bounds every score.
	infinity Score = 32000
	// TableWinScore is a win the endgame databases prove (Options.Tablebase)
	// at a node: TableWinScore-n when it is reached n plies from the root,
	// so that a nearer one is worth more. Its distance to the end of the
	// game is unknown: it is no decisive score (IsWin), but above every
	// evaluation and below every decisive score.
	TableWinScore Score = 20000
	tableMin            = TableWinScore - MaxPly
)

// IsTableWin reports whether s is a win proven by the endgame databases
// for the side to move.
func (s Score) IsTableWin() bool { return s >= tableMin && s <= TableWinScore }

// IsTableLoss reports whether s is a loss proven by the endgame databases
// for the side to move.
func (s Score) IsTableLoss() bool { return s <= -tableMin && s >= -TableWinScore }

// WinIn is the score of a win in n plies for the side to move.
func WinIn(n int) Score { return WinScore - Score(n) }

// LossIn is the score of a loss in n plies for the side to move.
func LossIn(n int) Score { return -WinScore + Score(n) }

// IsWin reports whether s is a forced win by rule for the side to move.
func (s Score) IsWin() bool { return s >= winMin }

// IsLoss reports whether s is a forced loss by rule for the side to move.
func (s Score) IsLoss() bool { return s <= -winMin }

// IsDecisive reports whether s is a forced win or loss.
func (s Score) IsDecisive() bool { return s.IsWin() || s.IsLoss() }

// Plies is the distance in plies to the end of the game of a decisive
// score, and 0 for any other.
func (s Score) Plies() int {
	switch {
	case s.IsWin():
		return int(WinScore - s)
	case s.IsLoss():
		return int(WinScore + s)
	}
	return 0
}

// String writes s in men with two decimals and a sign ("+1.25", "-0.50",
// "0.00"), or a decisive score as "#N" (the side to move wins in N plies)
// or "-#N" (it loses in N plies), or a win or loss the endgame databases
// prove as "#W" or "-#W". ParseScore reads it back ("#W" as
// TableWinScore).
func (s Score) String() string {
	switch {
	case s.IsTableWin():
		return "#W"
	case s.IsTableLoss():
		return "-#W"
	case s.IsWin():
		return "#" + strconv.Itoa(s.Plies())
	case s.IsLoss():
		return "-#" + strconv.Itoa(s.Plies())
	case s == 0:
		return "0.00"
	}
	sign := "+"
	v := int(s)
	if v < 0 {
		sign, v = "-", -v
	}
	frac := strconv.Itoa(v % 100)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.Itoa(v/100) + "." + frac
}

// Neg is the same score from the other side's view.
func (s Score) Neg() Score { return -s }

// Back is s, a score for the side to move, as the score of the position
// one ply before it for the side that moved there: negated, and a
// decisive score one ply further from its end.
func (s Score) Back() Score {
	switch s = -s; {
	case s.IsWin():
		return s - 1
	case s.IsLoss():
		return s + 1
	}
	return s
}

// ParseScore reads the form String writes.
func ParseScore(text string) (Score, bool) {
	switch {
	case text == "#W":
		return TableWinScore, true
	case text == "-#W":
		return -TableWinScore, true
	case len(text) > 1 && text[0] == '#':
		n, err := strconv.Atoi(text[1:])
		if err != nil || n < 0 || n > MaxPly {
			return 0, false
		}
		return WinIn(n), true
	case len(text) > 2 && text[:2] == "-#":
		n, err := strconv.Atoi(text[2:])
		if err != nil || n < 0 || n > MaxPly {
			return 0, false
		}
		return LossIn(n), true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(f) || math.Abs(f) >= float64(winMin)/100 {
		return 0, false
	}
	return Score(math.Round(f * 100)), true
}
