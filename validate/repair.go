package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// Edit says how a repair changes the record.
type Edit string

// The edits. The first seven replace the written move by a legal move,
// near it as typed or not; the other three change which moves were
// written.
const (
	EditSquare      Edit = "square"           // a square mistyped: a letter or a digit one key off, or another square
	EditSwapSquares Edit = "swap_squares"     // two squares written the other way round ("d4-c3" for c3-d4)
	EditCyrillic    Edit = "cyrillic"         // a Cyrillic letter for a Latin one ("с3-d4")
	EditCase        Edit = "letter_case"      // capital letters ("C3-D4")
	EditCapturePath Edit = "capture_path"     // a capture's landing squares wrong, left out or too many; or which capture an ambiguous one was
	EditDashCapture Edit = "dash_for_capture" // a capture written as a move onto the piece it takes ("c3-d4" for c3:e5)
	EditReplace     Edit = "replace"          // another legal move altogether, not near the written one
	EditInsert      Edit = "insert"           // a move left out before the written one
	EditSwapMoves   Edit = "swap_moves"       // two moves of one side written the other way round
	EditDelete      Edit = "delete"           // a move written that was not played (written twice)
)

// Limits of repairs.
const (
	// MaxRepairs is the number of repairs Options.Repair applies to one
	// game, one after the other; a game that needs more keeps its error.
	MaxRepairs = 3
	// MaxSuggestions is the number of repairs a finding lists.
	MaxSuggestions = 5
	// DefaultRepairBudget is the default Options.RepairBudget.
	DefaultRepairBudget = 20_000
)

// Look-ahead of repairs.
const (
	lookWindow    = 12 // plies every candidate is first tried over; those still going are then tried to the end
	costNotToEnd  = 50 // a repair after which the rest of the game does not replay
	costFailsSoon = 60 // ... and more, costFailsSoon/(k+1), when it fails k plies later
	costWrongEnd  = 20 // the rest replays, but the final position contradicts the declared result
	minChainPlies = 4  // a repair that does not replay to the end is applied only if this many plies then replay
	maxBack       = 4  // replacements are tried for the moves up to this many plies before the one that fails
	costBack      = 5  // a replacement of a move before the one that fails, per ply back
)

// Repair is a way to mend a written move that does not replay: an edit,
// its cost, and how much of the rest of the game then replays.
type Repair struct {
	Edit Edit
	// Move is the move the edit writes: for a replacement the legal move
	// meant, for an insertion the move left out, both with every landing
	// square, in the notation the record wrote the move in (numeric
	// squares for numeric ones); for a swap the move brought forward, for
	// a deletion the move deleted, as written.
	Move string
	// Cost is the edit's distance from what was written, in tenths of a
	// typing slip; Score adds what the look-ahead found (see the package
	// doc): repairs rank by Score, lowest first.
	Cost, Score int
	// ReplaysToEnd is set when the rest of the game replays after the
	// edit; PliesAfter counts the written plies after the edit that
	// replay (all of them when ReplaysToEnd is set).
	ReplaysToEnd bool
	PliesAfter   int
	// Ply is the first ply the edit changes, Written the move as written
	// there ("" for an insertion), Side the side whose move it is.
	Ply     int
	Written string
	Side    draughts.Color

	kind     repairKind
	next     string        // insertion: the written move it goes before
	back     int           // replacement of a move before the one that failed: how many plies before
	label    string        // ... and its label ("17." or "17...")
	index    int           // deletion: the index of the move deleted in the game's moves
	at, with int           // index of the edit in the moves replayed; swap: the other move's
	mv       draughts.Move // replacement, insertion
	short    bool          // write the move abbreviated
	cut      bool          // the look-ahead ran out of budget
	wrongEnd bool          // ends in a position that contradicts the declared result
	failed   bool          // not a repair after all (the moves it needs do not replay)
}

type repairKind uint8

const (
	replaceMove repairKind = iota
	insertMove
	swapMoves
	deleteMove
)

// rank sets c's Score from its cost and what the look-ahead found.
func (c *Repair) rank() {
	c.Score = c.Cost
	switch {
	case c.cut || !c.ReplaysToEnd:
		c.Score += costNotToEnd + costFailsSoon/(c.PliesAfter+1)
	case c.wrongEnd:
		c.Score += costWrongEnd
	}
}

// certain reports whether the best of reps is sure enough to apply: it
// ranks alone at the top, and the rest of the game replays after it; or,
// when chain is set, at least minChainPlies plies replay before the next
// error, which must then be repaired in turn.
func certain(reps []Repair, chain bool) bool {
	if len(reps) == 0 {
		return false
	}
	b := &reps[0]
	if b.cut || len(reps) > 1 && reps[1].Score <= b.Score {
		return false
	}
	if b.PliesAfter == 0 {
		// Nothing after it confirms it: only one slip in a move, a move
		// left out that alone makes the written one legal, or a move
		// written twice, well ahead of the next repair.
		one := b.kind == replaceMove && b.Cost <= costDiagonal || b.kind == insertMove || b.kind == deleteMove && b.Cost == costDeleteDup
		if !one || len(reps) > 1 && reps[1].Score-b.Score < costOneOff {
			return false
		}
	}
	if b.ReplaysToEnd {
		return !b.wrongEnd
	}
	return chain && b.PliesAfter >= minChainPlies
}

// reach is what a look-ahead found.
type reach struct {
	n           int // plies replayed
	end         bool
	placeholder bool // the end was a placeholder
	cut         bool // stopped by the limit or the budget
	final       draughts.Position
}

func (a reach) better(b reach) bool {
	if a.end != b.end {
		return a.end
	}
	return a.n > b.n
}

// look replays ms[i:] from p, for at most limit plies, and reports how
// far it got; a move with several results tries each, and the one that
// goes furthest counts. It spends rp.repairBudget.
func (rp *replay) look(p draughts.Position, ms []pdn.Move, i, limit int) reach {
	// The buffers are shared with the calls for the branches, which come
	// after this call is done with them.
	n, buf := &rp.lookNote, rp.lookBuf[:0]
	defer func() { rp.lookBuf = buf[:0] }()
	start := i
	for ; i < len(ms); i++ {
		w := &ms[i]
		if w.Unknown {
			return reach{n: i - start, end: true, placeholder: true}
		}
		if i-start >= limit {
			return reach{n: i - start, cut: true}
		}
		if rp.repairBudget--; rp.repairBudget < 0 {
			return reach{n: i - start, cut: true}
		}
		if n.ParseIn(rp.naming, w.Squares()) != nil {
			return reach{n: i - start}
		}
		buf = rp.v.Moves(&p, buf[:0])
		first, several := -1, false
		for k := range buf {
			if !n.Matches(&buf[k]) {
				continue
			}
			if first < 0 {
				first = k
			} else if !buf[first].SameResult(&buf[k]) {
				several = true
				break
			}
		}
		switch {
		case first < 0:
			return reach{n: i - start}
		case !several:
			p.Make(&buf[first])
			continue
		}
		done := i + 1 - start
		best := reach{n: done}
		groups := draughts.GroupByResult(n.Filter(buf))
		rp.lookBuf = buf[:0]
		for _, g := range groups {
			sub := rp.look(p.Play(&g[0]), ms, i+1, limit-done)
			sub.n += done
			if sub.better(best) {
				best = sub
			}
			if best.end {
				break
			}
		}
		return best
	}
	return reach{n: i - start, end: true, final: p}
}

// suggest lists the repairs of written move i, which does not replay
// from rp.p, best first.
func (rp *replay) suggest(i int) []Repair {
	rp.repairBudget = rp.repairBudgetMax
	p := rp.p
	w := &rp.moves[i]
	ply := i + 1
	legal := rp.v.Moves(&p, nil)
	base := Repair{Ply: ply, Written: w.Text, Side: p.Side, at: i}

	// Replacements: legal moves near the written one; and near the moves
	// just before it, which may have been slips that happened to be
	// legal, shown only now.
	cands := rp.replacements(make([]Repair, 0, 24), base, legal, nil, 0)
	for back := 1; back <= maxBack && back <= i && back <= len(rp.r.Plies); back++ {
		pl := &rp.r.Plies[i-back]
		b := base
		b.Ply, b.Written, b.Side, b.at = pl.Ply, rp.moves[i-back].Text, pl.Side, i-back
		b.back, b.label = back, Label(pl.MoveNumber, pl.Side, rp.first)
		cands = rp.replacements(cands, b, rp.v.Moves(&pl.Before, nil), &pl.Move, costBack*back)
	}
	// Insertions: a move of the side to move left out, after which the
	// written move is legal.
	var n draughts.Notation
	if n.ParseIn(rp.naming, w.Squares()) == nil {
		var next []draughts.Move
		short := rp.abbreviates()
		for _, g := range draughts.GroupByResult(legal) {
			q := p.Play(&g[0])
			next = rp.v.Moves(&q, next[:0])
			if slices.IndexFunc(next, func(m draughts.Move) bool { return n.Matches(&m) }) < 0 {
				continue
			}
			c := base
			c.kind, c.Edit, c.Cost, c.mv, c.Written, c.next = insertMove, EditInsert, costInsert, g[0], "", w.Text
			c.short = short
			cands = append(cands, c)
		}
	}
	// Swaps of two moves of one side: the written move with the same
	// side's next one, or, when the error shows only after the first of
	// the two, the moves around it, or it with the same side's previous
	// move.
	for a := max(0, i-2); a <= i; a++ {
		b := a + 2
		if b >= len(rp.moves) || rp.moves[a].Unknown || rp.moves[a+1].Unknown || rp.moves[b].Unknown {
			continue
		}
		c := base
		c.kind, c.Edit, c.Cost, c.at, c.with = swapMoves, EditSwapMoves, costSwapMoves, a, b
		c.Ply, c.Written = a+1, rp.moves[a].Text
		if a != i {
			c.Side = p.Side.Opp()
			if a == i-2 {
				c.Side = p.Side
			}
		}
		cands = append(cands, c)
	}
	// Deletion: cheap when the move repeats one just before it.
	c := base
	c.kind, c.Edit, c.Cost = deleteMove, EditDelete, costDelete
	for k := max(0, i-2); k < i; k++ {
		if rp.moves[k].Squares() == w.Squares() {
			c.Cost = costDeleteDup
		}
	}
	cands = append(cands, c)

	// The look-ahead: every candidate over a few plies, then those
	// still going to the end, the cheapest first.
	for k := range cands {
		rp.tryRepair(&cands[k], lookWindow)
	}
	order := make([]int, 0, len(cands))
	for k := range cands {
		if cands[k].cut && !cands[k].failed {
			order = append(order, k)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cands[a].Cost - cands[b].Cost })
	for _, k := range order {
		rp.tryRepair(&cands[k], 1<<30)
	}
	out := cands[:0]
	for _, c := range cands {
		if !c.failed {
			c.rank()
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b Repair) int {
		if a.Score != b.Score {
			return a.Score - b.Score
		}
		return a.Cost - b.Cost
	})
	for k := range out {
		out[k].Move = rp.repairMove(&out[k])
	}
	return out
}

// replacements adds to cands the legal moves of legal near the move
// written at base.at, at their cost plus extra, the cheapest path of each
// result, leaving out played (the move replay took).
func (rp *replay) replacements(cands []Repair, base Repair, legal []draughts.Move, played *draughts.Move, extra int) []Repair {
	wm := readWritten(rp.moves[base.at].Text)
	opts := make([][]letterOption, len(wm.squares))
	for k := range wm.squares {
		opts[k] = letterOptions(&wm.squares[k], nil)
	}
	first := len(cands)
	for k := range legal {
		m := &legal[k]
		if played != nil && m.SameResult(played) {
			continue
		}
		cost, edit := moveCost(rp.naming, &wm, opts, m)
		if cost > maxReplaceCost {
			// Not near: another move altogether, worth trying where the
			// rest of the game can tell.
			cost, edit = costOtherMove, EditReplace
		}
		if cost += extra; cost > costOtherMove {
			continue
		}
		dup := false
		for x := first; x < len(cands); x++ {
			if cands[x].mv.SameResult(m) {
				if cost < cands[x].Cost {
					cands[x].Cost, cands[x].Edit, cands[x].mv = cost, edit, *m
				}
				dup = true
				break
			}
		}
		if !dup {
			c := base
			c.kind, c.Edit, c.Cost, c.mv = replaceMove, edit, cost, *m
			c.short = len(wm.squares) == 2 && m.NumCaptured() > 1
			cands = append(cands, c)
		}
	}
	return cands
}

// before is the position before move i of those replayed.
func (rp *replay) before(i int) draughts.Position {
	if i < len(rp.r.Plies) {
		return rp.r.Plies[i].Before
	}
	return rp.p
}

// tryRepair runs the look-ahead of c over at most limit plies after it.
func (rp *replay) tryRepair(c *Repair, limit int) {
	r := rp.r
	var res reach
	var done int // written plies the edit itself replays
	switch c.kind {
	case replaceMove:
		before := rp.before(c.at)
		res, done = rp.look(before.Play(&c.mv), rp.moves, c.at+1, limit+c.back), c.back
	case insertMove:
		res, done = rp.look(rp.p.Play(&c.mv), rp.moves, c.at, limit+1), 1
	case swapMoves:
		// The moves swapped, then as many of the rest as the limit
		// reaches: the end of a copy cut short is not the end.
		before := rp.before(c.at)
		rest := rp.moves[c.with+1:]
		short := limit < len(rest)
		if short {
			rest = rest[:limit]
		}
		ms := append(make([]pdn.Move, 0, 3+len(rest)), rp.moves[c.with], rp.moves[c.at+1], rp.moves[c.at])
		ms = append(ms, rest...)
		res, done = rp.look(before, ms, 0, limit+3), 3
		if short && res.end && !res.placeholder {
			res.end, res.cut = false, true
		}
	case deleteMove:
		res = rp.look(rp.p, rp.moves, c.at+1, limit)
	}
	if res.n < done {
		c.failed = true
		return
	}
	c.PliesAfter, c.ReplaysToEnd, c.cut = res.n-done, res.end, res.cut
	c.wrongEnd = false
	if res.end && !res.placeholder && r.Result != "*" {
		if o := rp.v.Outcome(&res.final); o != draughts.Ongoing && o.String() != r.Result {
			c.wrongEnd = true
		}
	}
}

// abbreviates reports whether the record writes captures of several
// pieces with only their start and end: whether it never writes a move
// with more than two squares. The answer is kept until a repair edits
// the moves: each error of a game asks, and reading every move for each
// made the repair search quadratic in the game's length (issue 29).
func (rp *replay) abbreviates() bool {
	if rp.abbrev == 0 {
		rp.abbrev = 1
		for k := range rp.moves {
			if len(readWritten(rp.moves[k].Text).squares) > 2 {
				rp.abbrev = 2
				break
			}
		}
	}
	return rp.abbrev == 1
}

// repairMove is the Move of a repair, in the notation the record wrote
// the move in.
func (rp *replay) repairMove(c *Repair) string {
	switch c.kind {
	case replaceMove, insertMove:
		st := draughts.Algebraic
		text := rp.moves[c.at].Text
		if c.kind == insertMove {
			text = c.next
		}
		if w := readWritten(text); len(w.squares) > 0 && w.squares[0].letter == 0 {
			st = draughts.Numeric
		}
		return rp.naming.Format(&c.mv, st)
	case swapMoves:
		return rp.moves[c.with].Text
	}
	return rp.moves[c.at].Text
}

// apply makes the edit of c to the moves replayed and returns the index
// of the first move it changes.
func (rp *replay) apply(c *Repair) int {
	n := len(rp.moves)
	rp.abbrev = 0
	if rp.origin == nil {
		rp.moves = slices.Clone(rp.moves)
		rp.origin = make([]int, n)
		for k := range rp.origin {
			rp.origin[k] = k
		}
		rp.fixed = make([]bool, n)
	}
	switch c.kind {
	case replaceMove:
		before := rp.before(c.at)
		rp.moves[c.at].Text = rp.moveText(&before, &c.mv, c.short)
		rp.fixed[c.at] = true
	case insertMove:
		m := pdn.Move{Text: rp.moveText(&rp.p, &c.mv, c.short), Pos: rp.moves[c.at].Pos}
		rp.moves = slices.Insert(rp.moves, c.at, m)
		rp.origin = slices.Insert(rp.origin, c.at, -1)
		rp.fixed = slices.Insert(rp.fixed, c.at, true)
	case swapMoves:
		a, b := c.at, c.with
		rp.moves[a], rp.moves[b] = rp.moves[b], rp.moves[a]
		rp.origin[a], rp.origin[b] = rp.origin[b], rp.origin[a]
		rp.fixed[a], rp.fixed[b] = true, true
	case deleteMove:
		c.index = rp.origin[c.at]
		rp.moves = slices.Delete(rp.moves, c.at, c.at+1)
		rp.origin = slices.Delete(rp.origin, c.at, c.at+1)
		rp.fixed = slices.Delete(rp.fixed, c.at, c.at+1)
	}
	return c.at
}

// moveText writes m for replay to match: abbreviated when short is set
// and that is unambiguous, else with every landing square.
func (rp *replay) moveText(p *draughts.Position, m *draughts.Move, short bool) string {
	if short {
		return rp.naming.Short(p, m, rp.naming.DefaultStyle())
	}
	return rp.naming.Format(m, rp.naming.DefaultStyle())
}

// what names the edit, for messages.
func (c *Repair) what() string {
	switch c.Edit {
	case EditSquare:
		return "a square mistyped"
	case EditSwapSquares:
		return "its squares the other way round"
	case EditCyrillic:
		return "a Cyrillic letter for a Latin one"
	case EditCase:
		return "capital letters"
	case EditCapturePath:
		return "the capture's landing squares"
	case EditDashCapture:
		return "a capture written onto the piece it takes"
	case EditReplace:
		return "another move"
	case EditInsert:
		return "a move left out"
	case EditSwapMoves:
		return fmt.Sprintf("two moves of %s the other way round", c.Side)
	case EditDelete:
		if c.Cost == costDeleteDup {
			return "a move written twice"
		}
		return "a move written that was not played"
	}
	return string(c.Edit)
}

// phrase is the repair as "did you mean" puts it.
func (c *Repair) phrase() string {
	switch c.kind {
	case insertMove:
		return fmt.Sprintf("%s, left out before %s", c.Move, c.next)
	case swapMoves:
		return fmt.Sprintf("%s before %s, the moves the other way round", c.Move, c.Written)
	case deleteMove:
		return fmt.Sprintf("%s deleted, %s", c.Move, c.what())
	}
	if c.back > 0 {
		return fmt.Sprintf("%s instead of %s at %s", c.Move, c.Written, c.label)
	}
	return c.Move
}

// outcome says what the look-ahead found, in parentheses.
func (c *Repair) outcome() string {
	switch {
	case c.cut:
		return fmt.Sprintf("(at least %d more plies replay; the look-ahead stopped there)", c.PliesAfter)
	case c.ReplaysToEnd && c.PliesAfter == 0:
		return "(it is the last move: nothing after it to confirm it)"
	case c.ReplaysToEnd && c.wrongEnd:
		return "(the rest of the game then replays, but the final position contradicts the result)"
	case c.ReplaysToEnd:
		return "(the rest of the game then replays)"
	case c.PliesAfter == 0:
		return "(but the move after it does not replay either)"
	case c.PliesAfter == 1:
		return "(then 1 more ply replays)"
	}
	return fmt.Sprintf("(then %d more plies replay)", c.PliesAfter)
}

// Suggestion puts the best repairs of a finding in words: "did you mean
// c3-d4? (the rest of the game then replays)", with the others that rank
// as high; "" when there is none.
func (f *Finding) Suggestion() string {
	if len(f.Repairs) == 0 || f.Kind == Repaired {
		return ""
	}
	top := f.Repairs[:1]
	for k := 1; k < len(f.Repairs) && k < 3 && f.Repairs[k].Score == f.Repairs[0].Score; k++ {
		top = f.Repairs[:k+1]
	}
	same := true
	for k := range top {
		same = same && top[k].outcome() == top[0].outcome()
	}
	var parts []string
	for k := range top {
		if same {
			parts = append(parts, top[k].phrase())
		} else {
			parts = append(parts, top[k].phrase()+" "+top[k].outcome())
		}
	}
	s := "did you mean " + strings.Join(parts, " or ") + "?"
	if same {
		s += " " + top[0].outcome()
	}
	return s
}

// Note is the comment a cleaned archive writes at the move a repair
// changed.
func (c *Repair) Note() string {
	switch c.kind {
	case insertMove:
		return "damka: repaired, this move was left out of the record"
	case swapMoves:
		return fmt.Sprintf("damka: repaired, written after %s (%s)", c.Written, c.what())
	case deleteMove:
		return fmt.Sprintf("damka: repaired, %s written after this move deleted (%s)", c.Move, c.what())
	}
	return fmt.Sprintf("damka: repaired, written %s (%s)", c.Written, c.what())
}

// mend searches the repairs of written move i, at which replay has just
// stopped with the last finding, and lists them in the finding. When
// repairing, it applies the best when it is certain, rewinds replay to
// the first move the repair changed and returns its index; else -1.
func (rp *replay) mend(i int) int {
	r := rp.r
	f := &r.Findings[len(r.Findings)-1]
	if !f.Repairable() || f.Ply != i+1 {
		return -1
	}
	reps := rp.suggest(i)
	take := rp.repairing && rp.applied < MaxRepairs && certain(reps, rp.applied+1 < MaxRepairs)
	if rp.force {
		take = rp.applied == 0 && len(reps) > 0
	}
	if !take {
		f.Repairs = reps[:min(len(reps), MaxSuggestions)]
		return -1
	}
	c := reps[0]
	orig := *f
	r.Findings = r.Findings[:len(r.Findings)-1]
	from := rp.apply(&c)
	rp.applied++
	rp.rewind(from)
	r.Repairs = append(r.Repairs, c)
	orig.Kind, orig.Severity, orig.Repairs = Repaired, Warning, []Repair{c}
	orig.Message += "; " + c.applied()
	r.Findings = append(r.Findings, orig)
	return from
}

// rewind takes replay back to before ply k+1: the plies from there on,
// and their findings, are made again.
func (rp *replay) rewind(k int) {
	r := rp.r
	if k < len(r.Plies) {
		rp.p = r.Plies[k].Before
		r.Plies = r.Plies[:k]
	}
	rp.tracker = draughts.NewTracker(&r.Start)
	r.Draw, r.DrawPly = draughts.NoDraw, 0
	for j := range r.Plies {
		pl := &r.Plies[j]
		after := pl.After()
		if d := rp.tracker.Push(&pl.Before, &pl.Move, &after); d != draughts.NoDraw && r.Draw == draughts.NoDraw {
			r.Draw, r.DrawPly = d, pl.Ply
		}
	}
	keep := r.Findings[:0]
	for _, f := range r.Findings {
		if f.Ply <= k || f.Kind == Repaired {
			keep = append(keep, f)
		}
	}
	r.Findings = keep
}

// applied says what a repair did, for its Repaired finding.
func (c *Repair) applied() string {
	var s string
	switch c.kind {
	case insertMove:
		s = fmt.Sprintf("repaired by inserting %s before it (%s)", c.Move, c.what())
	case swapMoves:
		s = fmt.Sprintf("repaired by playing %s before %s (%s)", c.Move, c.Written, c.what())
	case deleteMove:
		s = fmt.Sprintf("repaired by deleting it (%s)", c.what())
	case replaceMove:
		if c.back > 0 {
			s = fmt.Sprintf("repaired by playing %s instead of %s at %s (%s)", c.Move, c.Written, c.label, c.what())
			break
		}
		fallthrough
	default:
		s = fmt.Sprintf("repaired as %s (%s)", c.Move, c.what())
	}
	o := c.outcome()
	return s + ": " + o[1:len(o)-1]
}
