package validate

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// Options tune a replay.
type Options struct {
	// Variant forces the rules; NoVariant takes them from the GameType tag.
	Variant draughts.Variant
	// LookaheadBudget bounds the positions tried when the rest of a game
	// must tell an ambiguous move apart (0 means DefaultLookahead).
	LookaheadBudget int
	// Repair applies the repairs that are certain (see the package doc):
	// a game mended so replays whole and has Repaired findings instead of
	// its errors; a game that cannot be mended so is reported as without
	// Repair.
	Repair bool
	// RepairBudget bounds the positions tried by the look-ahead of the
	// repairs of one move (0 means DefaultRepairBudget).
	RepairBudget int
}

// DefaultLookahead is the default LookaheadBudget: enough for any real
// game, small enough that a hostile record cannot make replay slow.
const DefaultLookahead = 100_000

// Report is the outcome of replaying one game.
type Report struct {
	Game     *pdn.Game
	GameType pdn.GameType
	Variant  draughts.Variant // NoVariant when damka cannot play the game's variant

	Start    draughts.Position // where replay started (zero when it could not start)
	Started  bool              // the start position is known
	Plies    []Ply
	Findings Findings

	// Stopped is set when replay ended before the last written move.
	Stopped bool
	// Final is the position after the last replayed ply.
	Final draughts.Position
	// Outcome is the result the rules give the final position: decided
	// when the side to move has no legal move (R-END-1, R-GIV-1), else
	// Ongoing. Meaningful only when replay reached the end.
	Outcome draughts.Outcome
	// Draw is the first draw by rule reached, at ply DrawPly.
	Draw    draughts.DrawRule
	DrawPly int
	// Result is the declared result, normalised: "2-0", "1-1", "0-2" or
	// "*" (unknown or absent).
	Result string
	// Repairs are the repairs applied (Options.Repair), in order.
	Repairs []Repair

	read reading // Naming, FirstMove
	mem  *memory // what GameInto reuses; nil for a report of Game
}

// memory is what a report keeps from one game to the next for GameInto:
// the backing arrays of its plies and findings, and its replay, with its
// buffers and draw tracker.
type memory struct {
	plies    []Ply
	findings Findings
	tracker  *draughts.Tracker
	rp       replay
	// The last start position read from a FEN, with the FEN and how it
	// was read: archives give many games the same one.
	fen       string
	fenNaming draughts.Naming
	fenV      draughts.Variant
	fenPos    draughts.Position
	// The last variant_inferred message, and what it says.
	inferred     string
	inferredV    draughts.Variant
	inferredFrom string
}

// Status sums up the report.
func (r *Report) Status() Status {
	if r.Game.Err != nil {
		return Unreadable
	}
	if r.Variant == draughts.NoVariant {
		return Unchecked
	}
	switch {
	case r.Findings.Errors() > 0:
		return Errors
	case len(r.Findings) > 0:
		return Warnings
	}
	return Clean
}

// PliesWritten counts the moves of the main line as written, unknown-move
// placeholders included.
func (r *Report) PliesWritten() int { return len(r.Game.Moves) }

// Game replays g and returns its report. It never panics on any input.
func Game(g *pdn.Game, opts Options) *Report { return play(nil, g, opts, false) }

// GameInto is Game, writing the report into r, a report an earlier
// GameInto returned (nil for a new one), with its memory reused: the
// arrays of its plies and findings and the buffers of its replay, so
// that replaying game after game into the same report allocates nothing
// a ply and little a game (TestReplayIntoAllocations). The caller must
// be done with r, its Plies and its Findings; the strings they hold are
// never reused and may be kept. It returns the report: r, or another
// one when a second reading of the game fits it better.
func GameInto(r *Report, g *pdn.Game, opts Options) *Report {
	if r == nil {
		r = new(Report)
	}
	m := r.mem
	if m == nil {
		m = new(memory)
	}
	*r = Report{Game: g, Findings: m.findings[:0], mem: m}
	r = play(r, g, opts, false)
	if r.mem != nil {
		r.mem.findings = r.Findings
		if len(r.Findings) == 0 {
			r.Findings = nil // as Game has it
		}
	}
	return r
}

// play is Game into r (nil for a new report); force applies the best
// repair of the first error, certain or not, and no other (for measuring
// the suggestions).
func play(r *Report, g *pdn.Game, opts Options, force bool) *Report {
	if r == nil {
		r = &Report{Game: g}
	}
	r.GameType = g.GameType()
	r.Result = declaredResult(g)
	if g.Err != nil {
		f := Finding{Kind: SyntaxError, Severity: Error, Line: int(g.Pos.Line), Col: int(g.Pos.Column), Message: g.Err.Error()}
		var se *pdn.SyntaxError
		if errors.As(g.Err, &se) {
			f.Line, f.Col = se.Line, se.Column
			f.Message = se.Err.Error()
			if se.Text != "" {
				f.Message += fmt.Sprintf(" %q", se.Text)
			}
		}
		r.Findings = append(r.Findings, f)
	}
	if g.BadByteCount > 0 {
		r.badBytes()
	}
	r.Variant = opts.Variant
	if r.Variant != draughts.NoVariant {
		r.read = readingOf(r.GameType, r.Variant)
		r.Result = firstMoverResult(g, r.FirstMove(), r.Result)
	} else {
		r.Variant = VariantOf(r.GameType.Number)
		r.read = readingOf(r.GameType, r.Variant)
		r.Result = firstMoverResult(g, r.FirstMove(), r.Result)
		if r.Variant != draughts.NoVariant && !r.GameType.Inferred {
			if why := checkGameType(r.GameType, r.Variant); why != "" {
				r.gameFinding(UnknownVariant, fmt.Sprintf("%s (%s): %s; the game is not checked",
					r.Variant.Title(), gameTypeText(r.GameType), why))
				r.Variant = draughts.NoVariant
				r.Findings.Sort()
				return r
			}
		}
		switch {
		case g.Err != nil:
			// A game that could not be read whole: what was read of it is
			// replayed when its variant is known, but a guess made from a
			// broken record is no finding of its own.
		case r.Variant == draughts.NoVariant:
			r.gameFinding(UnknownVariant, fmt.Sprintf("%s (%s) is not a variant damka plays; the game is not checked",
				pdn.GameTypeName(r.GameType.Number), gameTypeText(r.GameType)))
		case r.GameType.Inferred:
			r.gameFinding(VariantInferred, r.inferredMessage())
		}
	}
	if r.Variant != draughts.NoVariant {
		rp := newReplay(r, opts)
		rp.force = force
		rp.run()
		if !force {
			if alt, altRp := reread(r, rp.gameFindings, opts); alt != nil {
				r, rp = alt, altRp
			}
		}
		if opts.Variant == draughts.NoVariant && r.GameType.Inferred && r.GameType.Source == "squares" && !force {
			if fit := fitRules(r, rp.gameFindings, opts); fit != nil {
				return fit
			}
		}
		if opts.Repair && !force && rp.mendable() {
			r2 := *r
			r2.Findings = slices.Clone(r.Findings[:rp.gameFindings])
			r2.Plies, r2.Stopped, r2.Draw, r2.DrawPly = nil, false, draughts.NoDraw, 0
			r2.mem = nil // r's replay and memory stay r's
			rp2 := newReplay(&r2, opts)
			rp2.repairing = true
			rp2.run()
			if len(r2.Repairs) > 0 && r2.Findings.Errors() == 0 {
				m := r.mem
				*r = r2
				r.mem = m
			}
		}
	}
	r.Findings.Sort()
	return r
}

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

// inferredFrom names what an inferred GameType was guessed from.
// inferredMessage is the message of the game's variant_inferred finding.
// A report replayed into again (GameInto) keeps the last one: the games
// of an archive without GameType tags all have the same, and it is not
// built again for each.
func (r *Report) inferredMessage() string {
	from := inferredFrom(r.GameType)
	m := r.mem
	if m != nil && m.inferredV == r.Variant && m.inferredFrom == from && m.inferred != "" {
		return m.inferred
	}
	// Concatenated, not formatted: one allocation (TestReplayAllocationsPerGame).
	msg := "no GameType tag; read as " + r.Variant.Title() + " from its " + from
	if m != nil {
		m.inferredV, m.inferredFrom, m.inferred = r.Variant, from, msg
	}
	return msg
}

func inferredFrom(gt pdn.GameType) string {
	if gt.Source == "variant" {
		return "Variant tag"
	}
	// Squares; or, for a game with none, those of the games before it in
	// its file, or PDN's default (the words of damka's first versions).
	return "squares"
}

// fitRules looks again at a game without a GameType tag that was replayed
// by the variant its squares suggest (Russian for 8x8 algebraic squares,
// English for numbers up to 32), when those rules find fault with its
// moves: it replays the game by the other variants written that way, and
// returns the report of the first by whose rules every move is legal, with
// a warning that says why; nil when the rules of r fit, or when no other
// variant does better. before is the number of r's findings that came
// before the replay.
func fitRules(r *Report, before int, opts Options) *Report {
	bad := firstRuleError(r.Findings)
	if bad == nil || len(fitCandidates[r.Variant]) == 0 {
		return nil
	}
	for _, v := range fitCandidates[r.Variant] {
		try := Report{Game: r.Game, GameType: r.GameType, Variant: v, read: readingOf(r.GameType, v)}
		try.Result = firstMoverResult(r.Game, try.FirstMove(), declaredResult(r.Game))
		for _, f := range r.Findings[:before] {
			if f.Kind != VariantInferred {
				try.Findings = append(try.Findings, f)
			}
		}
		newReplay(&try, opts).run()
		if firstRuleError(try.Findings) != nil || ruleErrors(try.Findings) >= ruleErrors(r.Findings) {
			continue
		}
		if r.Game.Err == nil {
			// A record not read whole gets no finding about its variant;
			// what was read of it is replayed by the rules it fits.
			try.gameFinding(VariantInferred, fmt.Sprintf("no GameType tag; its squares read as %s, but by those rules ply %d (%s) fails with %s (%s), and by the rules of %s every move is legal: read as %s",
				r.Variant.Title(), bad.Ply, bad.MoveLabel(), bad.Kind, bad.Message, v.Title(), v.Title()))
		}
		try.Findings.Sort()
		return &try
	}
	return nil
}

// reread looks again at a game whose GameType tag's long form gives a
// reading (numbering, start colour) other than its variant's standard
// one, when by that reading the moves break the rules: it replays the
// game by the standard numbering with the tag's start colour, by the
// tag's numbering with the standard start colour, and by the standard
// reading, and returns the report of the one that fits best, with a
// warning naming what the tag says and how the moves are read, and its
// replay; nil when none fits better than the tag. A reading fits better
// when its first broken rule comes later (or never) with no more broken
// rules. before is the number of r's findings that came before the
// replay.
func reread(r *Report, before int, opts Options) (*Report, *replay) {
	if r.Started && firstRuleError(r.Findings) == nil || !honoursTag(r.GameType, r.Variant) {
		return nil, nil
	}
	tag, std := r.read, standardReading(r.GameType, r.Variant)
	if tag == std {
		return nil, nil
	}
	best, bestRp := r, (*replay)(nil)
	tried := []reading{tag}
	for _, rd := range []reading{{std.naming, tag.first}, {tag.naming, std.first}, std} {
		if slices.Contains(tried, rd) {
			continue
		}
		tried = append(tried, rd)
		try := &Report{Game: r.Game, GameType: r.GameType, Variant: r.Variant, read: rd}
		try.Result = firstMoverResult(r.Game, rd.first, declaredResult(r.Game))
		try.Findings = slices.Clone(r.Findings[:before])
		try.gameFinding(GameTypeMismatch, readingText(r.GameType, r.Variant, tag, rd))
		rp := newReplay(try, opts)
		rp.run()
		if fitsBetter(try, best) {
			best, bestRp = try, rp
		}
	}
	if bestRp == nil {
		return nil, nil
	}
	return best, bestRp
}

// fitsBetter reports whether the moves replayed in report a fit the rules
// better than in report b: a's start position can be set up (its FEN
// read) and b's cannot, or both can and a's first broken rule comes
// later (or never), and a breaks no more rules than b.
func fitsBetter(a, b *Report) bool {
	if a.Started != b.Started || !a.Started {
		return a.Started
	}
	fa, fb := firstRuleError(a.Findings), firstRuleError(b.Findings)
	switch {
	case fa == nil:
		return fb != nil
	case fb == nil:
		return false
	}
	return fa.Ply > fb.Ply && ruleErrors(a.Findings) <= ruleErrors(b.Findings)
}

// readingText says how the tag would have the game read and how it is
// read: "GameType "20,W,10,10,N1,0" numbers the squares from White's
// bottom right (1 = i1), but the moves are numbered from White's top
// left (1 = b10), as in International draughts: read so". It names no
// ply, so that the games of a file that share the tag share the finding.
func readingText(gt pdn.GameType, v draughts.Variant, tag, got reading) string {
	var said, is []string
	if !tag.naming.Same(got.naming) {
		numeric := got.naming.Numeric()
		f := tag.naming.Frame(numeric).SeenBy(tag.first, v.Inverted())
		if tf, ok := tagFrame(gt, v, tag.first); ok {
			f = tf // as the tag writes it
		}
		said = append(said, namesText(v, tag.naming, f, numeric, "numbers the squares", "puts a1"))
		f = got.naming.Frame(numeric).SeenBy(got.first, v.Inverted())
		is = append(is, namesText(v, got.naming, f, numeric, "the moves are numbered", "the moves put a1"))
	}
	if tag.first != got.first {
		said = append(said, fmt.Sprintf("says %s moves first", tag.first))
		is = append(is, fmt.Sprintf("%s moves first", got.first))
	}
	return fmt.Sprintf("GameType %q %s, but %s, as in %s: read so",
		gt.Raw, strings.Join(said, " and "), strings.Join(is, " and "), v.Title())
}

// namesText says where naming nm counts the squares from, frame f:
// "numbers the squares from White's top left (1 = b10)", "puts a1 in
// Black's bottom left"; square 1 is named algebraically as White sees
// v's board (a1 in his bottom left), the names of chess diagrams.
func namesText(v draughts.Variant, nm draughts.Naming, f draughts.Frame, numeric bool, number, alpha string) string {
	where := strings.TrimSuffix(f.String(), " (board inverted)")
	if f.Inverted != v.Inverted() {
		if f.Inverted {
			where += " of a board with a light bottom-left corner"
		} else {
			where += " of a board with a dark bottom-left corner"
		}
	}
	if !numeric {
		return fmt.Sprintf("%s in %s", alpha, where)
	}
	white := v.NamingFrom(false, draughts.Frame{Viewer: draughts.White, Corner: draughts.BottomLeft, Inverted: v.Inverted()})
	one := white.SquareNameIn(nm.SquareFromNumber(1), false)
	return fmt.Sprintf("%s from %s (1 = %s)", number, where, one)
}

// gameTypeText says where the variant of a game came from: its tag, or
// a guess.
func gameTypeText(gt pdn.GameType) string {
	if gt.Inferred {
		return "no GameType tag: inferred from the game"
	}
	return fmt.Sprintf("GameType %q", gt.Raw)
}

// badBytes reports the bytes of a UTF-8 game that were not UTF-8.
func (r *Report) badBytes() {
	g := r.Game
	var at []string
	for _, p := range g.BadBytes {
		at = append(at, p.String())
	}
	if g.BadByteCount > len(g.BadBytes) {
		at = append(at, fmt.Sprintf("%d more", g.BadByteCount-len(g.BadBytes)))
	}
	what := "a byte that is not"
	if g.BadByteCount > 1 {
		what = fmt.Sprintf("%d bytes that are not", g.BadByteCount)
	}
	f := Finding{Kind: InvalidUTF8, Severity: Warning, Line: int(g.BadBytes[0].Line), Col: int(g.BadBytes[0].Column),
		Message: fmt.Sprintf("the game is UTF-8 text with %s UTF-8 (at %s); read as U+FFFD", what, strings.Join(at, ", "))}
	r.Findings = append(r.Findings, f)
}

func (r *Report) gameFinding(k Kind, msg string) {
	sev := Warning
	if k == BadSetup {
		sev = Error
	}
	r.Findings = append(r.Findings, Finding{Kind: k, Severity: sev, Line: int(r.Game.Pos.Line), Col: int(r.Game.Pos.Column), Message: msg})
}

// declaredResult normalises the Result tag, else the terminator.
func declaredResult(g *pdn.Game) string {
	if res := NormalizeResult(g.Result()); res != "*" {
		return res
	}
	return NormalizeResult(g.Terminator)
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
		r.Plies = append(r.Plies, Ply{})
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
		rp.checkKingRun()
		after := rp.p.Play(&pl.Move)
		if d := rp.tracker.Push(&rp.p, &pl.Move, &after); d != draughts.NoDraw && r.Draw == draughts.NoDraw {
			r.Draw, r.DrawPly = d, ply
		}
		rp.p = after
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
			rp.p, _ = rp.v.NewPosition(rp.p.Pieces[draughts.White], rp.p.Pieces[draughts.Black], rp.p.Kings, rp.first)
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
// in pl, which is zero; false when replay must stop.
func (rp *replay) resolve(pl *Ply, i, ply, num int, side draughts.Color) bool {
	r, v, p := rp.r, rp.v, &rp.p
	w := &rp.moves[i]
	// pl is zero: field by field, which is faster than a composite
	// literal of so large a struct.
	pl.Ply, pl.MoveNumber, pl.Side, pl.Index, pl.Written, pl.Pos, pl.Before = ply, num, side, i, w.Text, w.Pos, *p
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
