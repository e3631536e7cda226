package validate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// replay is the state of one game's replay.
type replay struct {
	r         *Report
	v         draughts.Variant
	naming    draughts.Naming // how the record names squares (Report.Naming)
	first     draughts.Color  // the side that moves first (Report.FirstMove)
	style     draughts.Style  // how the record names squares, for messages
	budget    int
	moves     []pdn.Move
	p         draughts.Position
	tracker   *draughts.Tracker
	buf       []draughts.Move
	quiet     []draughts.Move
	note      draughts.Notation
	firstMove int // move number of the first ply

	// gameFindings counts the findings made before replay.
	gameFindings int
	// Repairs. origin maps the moves replayed to the game's moves once
	// a repair has edited them (-1 for a move inserted), nil before;
	// fixed marks the moves a repair made or moved.
	repairing, force              bool
	applied                       int
	origin                        []int
	fixed                         []bool
	repairBudget, repairBudgetMax int
	abbrev                        int8              // abbreviates' answer: 0 not known yet, 1 true, 2 false
	lookNote                      draughts.Notation // look's buffers
	lookBuf                       []draughts.Move
}

func newReplay(r *Report, opts Options) *replay {
	b := opts.LookaheadBudget
	if b <= 0 {
		b = DefaultLookahead
	}
	rb := opts.RepairBudget
	if rb <= 0 {
		rb = DefaultRepairBudget
	}
	rd := r.reading()
	var rp *replay
	if m := r.mem; m != nil {
		// The replay of the game before, with its buffers.
		rp = &m.rp
		buf, quiet, squares := rp.buf[:0], rp.quiet[:0], rp.note.Squares[:0]
		*rp = replay{buf: buf, quiet: quiet}
		rp.note.Squares = squares
	} else {
		rp = new(replay)
	}
	rp.r, rp.v, rp.naming, rp.first, rp.budget, rp.moves = r, r.Variant, rd.naming, rd.first, b, r.Game.Moves
	rp.repairBudgetMax, rp.gameFindings, rp.style = rb, len(r.Findings), r.recordStyle()
	return rp
}

// square names s as the record does.
func (rp *replay) square(s draughts.Square) string {
	return rp.naming.SquareNameIn(s, rp.style.Numeric)
}

// mendable reports whether a repairing replay may make the game whole:
// the game was read whole, its errors are all of kinds repairs mend, and
// the best repair of the first is certain.
func (rp *replay) mendable() bool {
	r := rp.r
	if r.Game.Err != nil {
		return false
	}
	for i := range r.Findings {
		if f := &r.Findings[i]; f.Severity == Error && !f.Repairable() {
			return false
		}
	}
	f := r.Findings.FirstError()
	return f != nil && certain(f.Repairs, true)
}

func (rp *replay) run() {
	r := rp.r
	if !rp.setup() {
		return
	}
	r.Start, r.Started = rp.p, true
	m := r.mem
	switch {
	case m == nil:
		r.Plies = make([]Ply, 0, len(rp.moves))
		rp.tracker = draughts.NewTracker(&rp.p)
	default:
		if cap(m.plies) < len(rp.moves) {
			// Rounded up to 64 plies, so that a report replayed into
			// again and again (a batch's, pipeline.Run) grows a few
			// times, not at every game longer than all before it.
			m.plies = make([]Ply, 0, (len(rp.moves)+63)&^63)
		}
		r.Plies = m.plies[:0]
		if m.tracker == nil {
			m.tracker = draughts.NewTracker(&rp.p)
		} else {
			m.tracker.Reset(&rp.p)
		}
		rp.tracker = m.tracker
		defer func() { m.plies = r.Plies }()
	}
	rp.firstMove = 1
	if len(rp.moves) > 0 && rp.moves[0].Number > 0 {
		rp.firstMove = int(rp.moves[0].Number)
	}
	startSide := rp.p.Side
	kingRuns := rp.v.KingMoveLimit() > 0 // checkKingRun has something to check
	for i := 0; i < len(rp.moves); i++ {
		ply := len(r.Plies) + 1
		side := rp.p.Side
		half := ply - 1
		if startSide != rp.first {
			half++
		}
		num := rp.firstMove + half/2
		w := &rp.moves[i]
		if w.Unknown {
			r.Findings = append(r.Findings, rp.finding(UnknownMoves, Warning, ply, num, side, w,
				"the record has placeholders from here on; replay stops"))
			r.Stopped = true
			break
		}
		// The ply is made in place, at the end of r.Plies: a Ply is large,
		// and copying it in and out of resolve was a tenth of replay.
		// Within the capacity its slot is not zeroed first (176 bytes a
		// ply): resolve writes every field of a ply it makes.
		if n := len(r.Plies); n < cap(r.Plies) {
			r.Plies = r.Plies[:n+1]
		} else {
			r.Plies = append(r.Plies, Ply{})
		}
		pl := &r.Plies[len(r.Plies)-1]
		ok := rp.resolve(pl, i, ply, num, side)
		if !ok || pl.Illegal {
			// Repairs look at the plies made before this one only.
			saved := *pl
			r.Plies = r.Plies[:len(r.Plies)-1]
			if from := rp.mend(i); from >= 0 {
				i = from - 1
				continue
			}
			if !ok {
				r.Stopped = true
				break
			}
			r.Plies = append(r.Plies, saved)
			pl = &r.Plies[len(r.Plies)-1]
		}
		if kingRuns {
			rp.checkKingRun()
		}
		// The move made in place: pl.Before holds the position before it
		// (resolve copies rp.p there), so no copy of the position after.
		rp.p.Make(&pl.Move)
		if d := rp.tracker.Push(&pl.Before, &pl.Move, &rp.p); d != draughts.NoDraw && r.Draw == draughts.NoDraw {
			r.Draw, r.DrawPly = d, ply
		}
		if pl.Parts > 1 {
			i += pl.Parts - 1
		}
	}
	r.Final = rp.p
	if !r.Stopped {
		r.Outcome = rp.v.Outcome(&rp.p)
		rp.checkResult()
	}
	rp.checkDraw()
}

// setup finds the start position: the FEN tag or setup token, else the
// variant's start.
func (rp *replay) setup() bool {
	r := rp.r
	fen := r.Game.FEN()
	if fen == "" {
		rp.p = draughts.Start(rp.v)
		if rp.p.Side != rp.first {
			// The GameType tag's start colour: white first in unified
			// pool checkers.
			rp.p = rp.p.WithSide(rp.first)
		}
		return true
	}
	m := r.mem
	if m != nil && m.fen == fen && m.fenNaming == rp.naming && m.fenV == rp.v {
		rp.p = m.fenPos
		return true
	}
	p, err := rp.naming.ParseFEN(fen)
	if err == nil {
		err = p.Check(rp.v)
	}
	if err == nil && noPieces(&p) {
		err = errors.New("the position has no pieces at all")
	}
	if err != nil {
		r.gameFinding(BadSetup, err.Error())
		return false
	}
	rp.p = p
	if m != nil {
		m.fen, m.fenNaming, m.fenV, m.fenPos = fen, rp.naming, rp.v, p
	}
	return true
}

func noPieces(p *draughts.Position) bool {
	wm, wk := p.Material(draughts.White)
	bm, bk := p.Material(draughts.Black)
	return wm+wk+bm+bk == 0
}

func (rp *replay) finding(k Kind, sev Severity, ply, num int, side draughts.Color, w *pdn.Move, msg string) Finding {
	second := int8(-1)
	if side != rp.first {
		second = 1
	}
	return Finding{Kind: k, Severity: sev, Ply: ply, MoveNumber: num, Side: side, Move: w.Text,
		Line: int(w.Pos.Line), Col: int(w.Pos.Column), Message: msg, second: second}
}

// resolve matches written move i against the position and makes the ply
// in pl, whatever pl held before: it writes every field but Move, and
// Move too when it returns true (a ply it returns false for is not
// kept); false when replay must stop.
func (rp *replay) resolve(pl *Ply, i, ply, num int, side draughts.Color) bool {
	r, v, p := rp.r, rp.v, &rp.p
	w := &rp.moves[i]
	// Field by field, which is faster than a composite literal of so
	// large a struct.
	pl.Ply, pl.MoveNumber, pl.Side, pl.Index, pl.Written, pl.Pos, pl.Before = ply, num, side, i, w.Text, w.Pos, *p
	pl.CaptureCompulsory, pl.LegalMoves, pl.Parts = false, 0, 0
	pl.Abbreviated, pl.Resolved, pl.Illegal, pl.Repaired = false, false, false, false
	if rp.origin != nil {
		pl.Index, pl.Repaired = rp.origin[i], rp.fixed[i]
		switch {
		case pl.Index < 0:
			pl.Written = ""
		case pl.Repaired:
			pl.Written = r.Game.Moves[pl.Index].Text
		}
	}
	n := &rp.note
	text, lookalike := moveText(w)
	if lookalike {
		r.Findings = append(r.Findings, rp.finding(CyrillicLetter, Warning, ply, num, side, w,
			fmt.Sprintf("%s is written with Cyrillic letters that look like Latin ones; read as %s", w.Text, text)))
	}
	if err := n.ParseIn(rp.naming, text); err != nil {
		r.Findings = append(r.Findings, rp.finding(IllegalMove, Error, ply, num, side, w,
			fmt.Sprintf("%q is not a move damka can read", w.Text)))
		return false
	}
	if n.FromFile < 0 && len(n.Squares) == 2 && !n.Capture {
		// Most plies: a quiet move written from and to, in a position
		// with no capture. It is taken without listing the moves.
		if m, legal, ok := v.QuietMove(p, n.Squares[0], n.Squares[1]); ok {
			pl.Move, pl.LegalMoves = m, legal
			return true
		}
	}
	rp.buf = v.Moves(p, rp.buf[:0])
	pl.CaptureCompulsory = len(rp.buf) > 0 && rp.buf[0].IsCapture()
	pl.LegalMoves = countResults(rp.buf)
	// Most moves match one result: find it without building groups.
	first, several := -1, false
	for i := range rp.buf {
		if !n.Matches(&rp.buf[i]) {
			continue
		}
		if first < 0 {
			first = i
		} else if !rp.buf[first].SameResult(&rp.buf[i]) {
			several = true
			break
		}
	}
	if first < 0 && len(n.Squares) > 2 {
		// A path with a landing square left out: taken when it can mean
		// one result only.
		for i := range rp.buf {
			if !n.MatchesPartly(&rp.buf[i]) {
				continue
			}
			if first < 0 {
				first = i
			} else if !rp.buf[first].SameResult(&rp.buf[i]) {
				first = -1
				break
			}
		}
		if first >= 0 {
			pl.Move, pl.Abbreviated = rp.buf[first], true
			return true
		}
	}
	if first < 0 && n.Capture {
		if m, parts, ok := rp.joinJumps(i); ok {
			pl.Move, pl.Parts = m, parts
			after := "the move after it is"
			if parts > 2 {
				after = fmt.Sprintf("the %d moves after it are", parts-1)
			}
			r.Findings = append(r.Findings, rp.finding(IncompleteCapture, Warning, ply, num, side, w,
				fmt.Sprintf("%s and %s one capture written a jump a move; read as %s",
					w.Text, after, rp.naming.Format(&m, rp.style))))
			return true
		}
	}
	switch {
	case first < 0:
		return rp.diagnose(pl, n, w)
	case !several:
		// Written intermediate squares must all match (Notation.Matches),
		// so any matching path is the one written.
		pl.Move = rp.buf[first]
		pl.Abbreviated = len(n.Squares) == 2 && pl.Move.NumCaptured() > 1
		return true
	}
	groups := draughts.GroupByResult(n.Filter(rp.buf))
	// Several results: let the rest of the game tell them apart.
	var fits []draughts.Move
	for _, g := range groups {
		q := p.Play(&g[0])
		if rp.replays(q, i+1) {
			fits = append(fits, g[0])
		}
	}
	cands := make([]string, len(groups))
	for k, g := range groups {
		cands[k] = rp.naming.Format(&g[0], rp.style)
	}
	if len(fits) == 1 {
		pl.Move, pl.Resolved = fits[0], true
		r.Findings = append(r.Findings, rp.finding(AmbiguousMove, Warning, ply, num, side, w,
			fmt.Sprintf("%s can be %s; only %s lets the rest of the game replay, so it is taken",
				w.Text, orList(cands), rp.naming.Format(&fits[0], rp.style))))
		return true
	}
	why := "the rest of the game does not tell them apart"
	if len(fits) == 0 {
		why = "none of them lets the rest of the game replay"
	}
	r.Findings = append(r.Findings, rp.finding(AmbiguousMove, Error, ply, num, side, w,
		fmt.Sprintf("%s can be %s, and %s", w.Text, orList(cands), why)))
	return false
}

// joinJumps reads written move i and the captures after it as one
// capture written a jump a move, as playstrategy exports multiple captures
// ("e5xc3 c3xa1" for e5:c3:a1): each part starts where the one before
// ended. It returns the legal move the parts make, when they make exactly
// one result, and how many written moves it takes.
func (rp *replay) joinJumps(i int) (draughts.Move, int, bool) {
	var all []draughts.Square
	var n draughts.Notation
	for j := i; j < len(rp.moves) && j-i < 20; j++ {
		w := &rp.moves[j]
		if w.Unknown || n.ParseIn(rp.naming, w.Squares()) != nil || !n.Capture || n.FromFile >= 0 {
			break
		}
		if j == i {
			all = append(all, n.Squares...)
			continue
		}
		if n.Squares[0] != all[len(all)-1] {
			break
		}
		all = append(all, n.Squares[1:]...)
		whole := draughts.Notation{Squares: all, FromFile: -1, Capture: true}
		if groups := draughts.GroupByResult(whole.Filter(rp.buf)); len(groups) == 1 {
			return groups[0][0], j - i + 1, true
		}
	}
	return draughts.Move{}, 0, false
}

func countResults(ms []draughts.Move) int {
	if len(ms) == 0 || !ms[0].IsCapture() {
		return len(ms)
	}
	n := 0
	for i := range ms {
		dup := false
		for j := 0; j < i; j++ {
			if ms[j].SameResult(&ms[i]) {
				dup = true
				break
			}
		}
		if !dup {
			n++
		}
	}
	return n
}

// diagnose explains a written move that matches no legal move.
func (rp *replay) diagnose(pl *Ply, n *draughts.Notation, w *pdn.Move) bool {
	r, v, p := rp.r, rp.v, &rp.p
	ply, num, side := pl.Ply, pl.MoveNumber, pl.Side
	if pl.CaptureCompulsory {
		// A quiet move past the king-move limit is a missed capture too
		// (and checkKingRun reports the limit).
		rp.quiet = v.BarredMoves(p, v.QuietMoves(p, rp.quiet[:0]))
		if qs := n.Filter(rp.quiet); len(qs) > 0 {
			pl.Move, pl.Illegal = qs[0], true
			r.Findings = append(r.Findings, rp.finding(MissedCapture, Error, ply, num, side, w,
				fmt.Sprintf("%s was played but a capture was compulsory: %s", w.Text, rp.captureList())))
			return true
		}
		if m, ok := rp.stoppedShort(n); ok {
			r.Findings = append(r.Findings, rp.finding(IncompleteCapture, Error, ply, num, side, w,
				fmt.Sprintf("%s stops on %s but the capture must go on: %s",
					w.Text, rp.square(n.Squares[len(n.Squares)-1]), rp.naming.Format(&m, rp.style))))
			return false
		}
	} else {
		// A quiet move of a king past the limit of its quiet moves
		// running (Frisian): the generator leaves it out, checkKingRun
		// reports it, and replay goes on with it, as with a missed
		// capture.
		rp.quiet = v.BarredMoves(p, rp.quiet[:0])
		if qs := n.Filter(rp.quiet); len(qs) > 0 {
			pl.Move = qs[0]
			return true
		}
	}
	r.Findings = append(r.Findings, rp.finding(IllegalMove, Error, ply, num, side, w,
		rp.illegalReason(n, w)))
	return false
}

// stoppedShort finds a legal capture from the written start whose landing
// squares begin with the written ones but go on (R-CAP-4).
func (rp *replay) stoppedShort(n *draughts.Notation) (draughts.Move, bool) {
	if n.FromFile >= 0 {
		return draughts.Move{}, false
	}
	written := n.Squares
	for _, m := range rp.buf {
		path := m.Path()
		if m.From != written[0] || len(path) <= len(written) {
			continue
		}
		last := written[len(written)-1]
		if len(written) == 2 {
			// Abbreviated: the end must be one of the landing squares.
			for _, l := range path[1 : len(path)-1] {
				if l == last {
					return m, true
				}
			}
			continue
		}
		prefix := true
		for k := range written {
			if path[k] != written[k] {
				prefix = false
				break
			}
		}
		if prefix {
			return m, true
		}
	}
	return draughts.Move{}, false
}

// illegalReason says why nothing matches, as precisely as the position allows.
func (rp *replay) illegalReason(n *draughts.Notation, w *pdn.Move) string {
	p := &rp.p
	if n.FromFile < 0 {
		from := n.Squares[0]
		switch pc := p.At(from); {
		case pc == draughts.NoPiece:
			return fmt.Sprintf("%s: there is no piece on %s", w.Text, rp.square(from))
		case pc.Color() != p.Side:
			return fmt.Sprintf("%s: the piece on %s is %s's, and %s is to move", w.Text, rp.square(from), pc.Color(), p.Side)
		}
	}
	if len(rp.buf) == 0 {
		return fmt.Sprintf("%s: %s has no legal move (the game was over)", w.Text, p.Side)
	}
	if rp.buf[0].IsCapture() {
		return fmt.Sprintf("%s is not legal here; a capture is compulsory: %s", w.Text, rp.captureList())
	}
	return fmt.Sprintf("%s is not a legal move of %s here", w.Text, p.Side)
}

// captureList names the compulsory captures, one per result, shortest form.
func (rp *replay) captureList() string {
	var names []string
	seen := map[string]bool{}
	for i := range rp.buf {
		s := rp.naming.Short(&rp.p, &rp.buf[i], rp.style)
		if !seen[s] {
			seen[s] = true
			names = append(names, s)
		}
	}
	if len(names) > 6 {
		names = append(names[:6], fmt.Sprintf("%d more", len(names)-6))
	}
	return orList(names)
}

func orList(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// replays reports whether the moves from index i on replay legally from p:
// every move matches a legal move (a placeholder ends the check with
// success); several results are each tried, within the budget.
func (rp *replay) replays(p draughts.Position, i int) bool {
	var buf []draughts.Move
	for ; i < len(rp.moves); i++ {
		w := &rp.moves[i]
		if w.Unknown {
			return true
		}
		if rp.budget--; rp.budget < 0 {
			return false
		}
		var n draughts.Notation
		if text, _ := moveText(w); n.ParseIn(rp.naming, text) != nil {
			return false
		}
		buf = rp.v.Moves(&p, buf[:0])
		groups := draughts.GroupByResult(n.Filter(buf))
		if len(groups) == 0 {
			// A king's quiet move past the limit replays, as in run.
			buf = rp.v.BarredMoves(&p, buf[:0])
			groups = draughts.GroupByResult(n.Filter(buf))
		}
		switch len(groups) {
		case 0:
			return false
		case 1:
			p.Make(&groups[0][0])
		default:
			for _, g := range groups {
				if rp.replays(p.Play(&g[0]), i+1) {
					return true
				}
			}
			return false
		}
	}
	return true
}
