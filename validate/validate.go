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
