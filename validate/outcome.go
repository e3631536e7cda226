package validate

import (
	"fmt"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// firstMoverResult turns a result written with the side that moves first
// on the left, as playstrategy writes its [P1]/[P2] games, into White's
// score first, when Black moves first (English, Pool).
func firstMoverResult(g *pdn.Game, first draughts.Color, res string) string {
	if _, ok := g.Tag("P1"); !ok || first != draughts.Black {
		return res
	}
	switch res {
	case "2-0":
		return "0-2"
	case "0-2":
		return "2-0"
	}
	return res
}

// declaredResult normalises the Result tag, else the terminator.
func declaredResult(g *pdn.Game) string {
	if res := NormalizeResult(g.Result()); res != "*" {
		return res
	}
	return NormalizeResult(g.Terminator)
}

// WhiteScore is White's score of a normalised result (Report.Result):
// 1 for "2-0", 0.5 for "1-1", 0 for "0-2"; ok is false for any other
// ("*", unknown).
func WhiteScore(result string) (score float64, ok bool) {
	switch result {
	case "2-0":
		return 1, true
	case "1-1":
		return 0.5, true
	case "0-2":
		return 0, true
	}
	return 0, false
}

// NormalizeResult maps the ways records write a result to "2-0", "1-1",
// "0-2", or "*" when it says nothing (or nothing damka understands).
func NormalizeResult(s string) string {
	switch strings.TrimSpace(s) {
	case "2-0", "1-0", "2:0", "1:0":
		return "2-0"
	case "0-2", "0-1", "0:2", "0:1":
		return "0-2"
	case "1-1", "1/2-1/2", "½-½", "1:1", "0.5-0.5":
		return "1-1"
	}
	return "*"
}

// checkResult compares the declared result with the final position and
// the Result tag with the terminator (R-RES-1).
func (rp *replay) checkResult() {
	r := rp.r
	g := r.Game
	// The result belongs to the turn after the last move, the one that
	// cannot be played when the game is decided by R-END-1.
	last := len(r.Plies)
	end := last + 1
	side := rp.p.Side
	num := rp.firstMove
	if last > 0 {
		pl := &r.Plies[last-1]
		num = pl.MoveNumber
		if pl.Side != rp.first {
			num++
		}
	}
	pos := g.Pos
	if last > 0 {
		pos = r.Plies[last-1].Pos
	}
	add := func(sev Severity, msg string) {
		r.Findings = append(r.Findings, Finding{Kind: WrongResult, Severity: sev, Ply: end, MoveNumber: num, Side: side,
			Line: int(pos.Line), Col: int(pos.Column), Message: msg})
	}
	tag, term := NormalizeResult(g.Result()), NormalizeResult(g.Terminator)
	if g.Result() != "" && g.Terminator != "" && tag != term {
		sev := Error
		if tag == "*" || term == "*" {
			sev = Warning
		}
		add(sev, fmt.Sprintf("the Result tag says %s but the game ends with %s", g.Result(), g.Terminator))
	}
	if r.Outcome == draughts.Ongoing || r.Result == "*" {
		return
	}
	if want := r.Outcome.String(); r.Result != want {
		who := rp.p.Side
		verb := "loses (R-END-1)"
		if rp.v.LoserWins() {
			verb = "wins (R-GIV-1)"
		}
		add(Error, fmt.Sprintf("%s has no legal move at the end and %s, so the result is %s, not %s",
			who, verb, want, r.Result))
	}
}

// checkDraw reports a draw by rule that the game played through or
// scored otherwise.
func (rp *replay) checkDraw() {
	r := rp.r
	if r.Draw == draughts.NoDraw {
		return
	}
	wentOn := r.DrawPly < len(r.Plies)
	scored := r.Result != "*" && r.Result != "1-1"
	if !wentOn && !scored {
		return
	}
	pl := &r.Plies[r.DrawPly-1]
	w := &pdn.Move{Text: pl.Written, Pos: pl.Pos}
	if w.Text == "" {
		w.Text = pl.Move.String()
	}
	var how []string
	if wentOn {
		how = append(how, fmt.Sprintf("the game went on for %d more plies", len(r.Plies)-r.DrawPly))
	}
	if scored {
		how = append(how, "it was scored "+r.Result)
	}
	r.Findings = append(r.Findings, rp.finding(DrawByRule, Warning, pl.Ply, pl.MoveNumber, pl.Side, w,
		fmt.Sprintf("%s (%s) after this move, yet %s", rp.v.DrawText(r.Draw), rp.v.DrawCitation(r.Draw), strings.Join(how, " and "))))
}
