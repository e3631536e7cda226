package validate

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// Kind is the kind of a finding, from a fixed vocabulary that reports and
// datasets use as is.
type Kind string

// The kinds of findings.
const (
	SyntaxError       Kind = "syntax_error"       // the notation could not be read
	IllegalMove       Kind = "illegal_move"       // no legal move matches the written move
	MissedCapture     Kind = "missed_capture"     // a quiet move while a capture was compulsory (R-CAP-1)
	IncompleteCapture Kind = "incomplete_capture" // a capture written to stop where it must go on (R-CAP-4)
	AmbiguousMove     Kind = "ambiguous_move"     // an abbreviated capture that matches moves with different results
	WrongResult       Kind = "wrong_result"       // the declared result contradicts the final position or itself
	DrawByRule        Kind = "draw_by_rule"       // a draw by rule was reached, yet the game went on or was scored otherwise
	BadSetup          Kind = "bad_setup"          // the FEN/SetUp position is invalid
	UnknownMoves      Kind = "unknown_moves"      // "- -" placeholders: replay stops there
	VariantInferred   Kind = "variant_inferred"   // no GameType tag: the variant was guessed
	UnknownVariant    Kind = "unknown_variant"    // a variant damka cannot play: the game is not checked
	InvalidUTF8       Kind = "invalid_utf8"       // a UTF-8 game with bytes that are not UTF-8 (read as U+FFFD)
	Repaired          Kind = "repaired"           // a move that did not replay was mended (Options.Repair)
	CyrillicLetter    Kind = "cyrillic_letter"    // a Cyrillic letter that looks like a Latin one in a move (с3-d4): read as the Latin one
	GameTypeMismatch  Kind = "gametype_mismatch"  // the moves do not fit the numbering or start colour of the GameType tag, but the variant's: read so
)

// Kinds lists every kind, in the order reports sum them up.
var Kinds = []Kind{SyntaxError, IllegalMove, MissedCapture, IncompleteCapture, AmbiguousMove,
	WrongResult, DrawByRule, BadSetup, UnknownMoves, VariantInferred, UnknownVariant, InvalidUTF8, Repaired, CyrillicLetter, GameTypeMismatch}

// ParseKind parses a kind as a user writes it: any case, spaces around.
func ParseKind(s string) (Kind, error) {
	k := Kind(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Kinds, k) {
		return k, nil
	}
	all := make([]string, len(Kinds))
	for i, k := range Kinds {
		all[i] = string(k)
	}
	return "", fmt.Errorf("unknown kind %q (kinds: %s)", s, strings.Join(all, ", "))
}

// Choose returns the findings a listing shows: the errors alone when
// errorsOnly is set, those of the kinds given when any are; nil (every
// finding) when neither is.
func Choose(errorsOnly bool, kinds []Kind) func(*Finding) bool {
	if !errorsOnly && len(kinds) == 0 {
		return nil
	}
	return func(f *Finding) bool {
		return (!errorsOnly || f.Severity == Error) && (len(kinds) == 0 || slices.Contains(kinds, f.Kind))
	}
}

// Severity tells an error, which makes a game unsound, from a warning.
type Severity string

// The severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Finding is one defect of a game, located like a compiler diagnostic.
type Finding struct {
	Kind       Kind
	Severity   Severity
	Ply        int            // 1-based half-move of the main line; 0 for the game as a whole
	MoveNumber int            // move number of the ply (0 when Ply is 0)
	Side       draughts.Color // side that made the move
	Move       string         // the move as written ("" when Ply is 0)
	Line, Col  int            // source position of the move (or of the game)
	Message    string
	// Repairs are the ways to mend the move, best first (see Repair):
	// searched for the illegal move, incomplete capture or unresolved
	// ambiguity that stops replay, and for missed captures; for a
	// Repaired finding, the one applied.
	Repairs []Repair
	// second is set when Side is the side that moves second in the
	// variant (Black, but White in English and Pool): "17... move".
	second int8 // 0 unknown (then Black is second), 1 second, -1 first
}

// Repairable reports whether f is a kind of error that repairs are
// searched for.
func (f *Finding) Repairable() bool {
	return f.Severity == Error && (f.Kind == IllegalMove || f.Kind == IncompleteCapture || f.Kind == AmbiguousMove || f.Kind == MissedCapture)
}

// MoveLabel writes the ply as people do: "17. c3-d4" or "17... f6-g5".
func (f *Finding) MoveLabel() string {
	if f.Ply == 0 {
		return ""
	}
	switch {
	case f.second > 0:
		return fmt.Sprintf("%d... %s", f.MoveNumber, f.Move)
	case f.second < 0:
		return fmt.Sprintf("%d. %s", f.MoveNumber, f.Move)
	}
	return Label(f.MoveNumber, f.Side, draughts.White) + " " + f.Move
}

// Where is the finding's place in its game as people write it: "ply 33
// (17. c3-d4)", "ply 33" when no move is written there, "" for the game
// as a whole.
func (f *Finding) Where() string {
	switch {
	case f.Ply <= 0:
		return ""
	case f.Move == "":
		return fmt.Sprintf("ply %d", f.Ply)
	}
	return fmt.Sprintf("ply %d (%s)", f.Ply, f.MoveLabel())
}

// String is the finding's text, as damka check prints it after its file,
// line, column and game: "ply 33 (17. c3-d4): illegal_move: message",
// then "; " and the suggestion when there is one. It quotes archive text
// as it is: a terminal's caller escapes it.
func (f *Finding) String() string {
	var sb strings.Builder
	if w := f.Where(); w != "" {
		sb.WriteString(w)
		sb.WriteString(": ")
	}
	sb.WriteString(string(f.Kind))
	sb.WriteString(": ")
	sb.WriteString(f.Message)
	if s := f.Suggestion(); s != "" {
		sb.WriteString("; ")
		sb.WriteString(s)
	}
	return sb.String()
}

// Label numbers a move as people do: "17." for a move of the side that
// moves first (Report.FirstMove: White in Russian, Black in English and
// Pool), "17..." for the other side's.
func Label(n int, side, first draughts.Color) string {
	if side != first {
		return strconv.Itoa(n) + "..."
	}
	return strconv.Itoa(n) + "."
}

// Findings is a list of findings, after go/scanner's ErrorList.
type Findings []Finding

// Sort orders the findings by ply, keeping the order of those of one ply.
func (fs Findings) Sort() {
	// slices, not sort.SliceStable: no allocation.
	slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(a.Ply, b.Ply) })
}

// Errors counts the findings of severity Error.
func (fs Findings) Errors() int {
	n := 0
	for i := range fs {
		if fs[i].Severity == Error {
			n++
		}
	}
	return n
}

// FirstError returns the first error finding, or nil.
func (fs Findings) FirstError() *Finding {
	for i := range fs {
		if fs[i].Severity == Error {
			return &fs[i]
		}
	}
	return nil
}

// Status sums up how sound a game is.
type Status string

// The statuses, as datasets write them.
const (
	Clean      Status = "clean"      // no finding
	Warnings   Status = "warnings"   // warnings only
	Errors     Status = "errors"     // at least one error
	Unreadable Status = "unreadable" // the record itself could not be read whole (syntax error)
	// Unchecked is a game of a variant damka cannot play: it was read but
	// not replayed, so nothing is known of its moves.
	Unchecked Status = "unchecked"
)

// Ply is one replayed half-move.
type Ply struct {
	Ply        int            // 1-based half-move number in the main line
	MoveNumber int            // move number as a record numbers it
	Side       draughts.Color // side that moved
	Index      int            // index of the move in pdn.Game.Moves
	Written    string         // the move as written
	Pos        pdn.Pos        // source position of the written move

	Move   draughts.Move     // the legal move it resolves to
	Before draughts.Position // the position before the move

	// CaptureCompulsory is set when a capture was available (R-CAP-1).
	CaptureCompulsory bool
	// LegalMoves counts the legal moves of Before that lead to different
	// positions (the choices the player had; capture paths with the same
	// result count once).
	LegalMoves int
	// Abbreviated is set when a capture of several pieces was written with
	// only its start and end ("c3:g3").
	Abbreviated bool
	// Resolved is set when the written move was ambiguous and the rest of
	// the game told which path it was.
	Resolved bool
	// Illegal is set for a missed capture: the move was played although a
	// capture was compulsory; replay went on with it.
	Illegal bool
	// Repaired is set when a repair (Options.Repair) made or moved the
	// ply: Written is then what the record had there ("" for a move left
	// out of it).
	Repaired bool
	// Parts is the number of written moves the ply takes: 1, or one per
	// jump when a record writes a capture a jump a move (playstrategy);
	// 0 means 1.
	Parts int
}

// After returns the position after the ply.
func (p *Ply) After() draughts.Position { return p.Before.Play(&p.Move) }

// Canonical writes the move in the variant's canonical notation: a quiet
// move "c3-d4"; a capture with every landing square when fullPaths is set
// or when the record was not abbreviated or was ambiguous, else
// abbreviated ("c3:g3") as the record had it.
func (p *Ply) Canonical(v draughts.Variant, fullPaths bool) string {
	return p.CanonicalIn(v, v.DefaultStyle(), fullPaths)
}

// CanonicalIn is Canonical in style st (Report.Style: the record's own
// notation).
func (p *Ply) CanonicalIn(v draughts.Variant, st draughts.Style, fullPaths bool) string {
	return p.CanonicalNamed(v.Naming(), st, fullPaths)
}

// CanonicalNamed is CanonicalIn with the names of nm (Report.Naming: the
// record's own numbering).
func (p *Ply) CanonicalNamed(nm draughts.Naming, st draughts.Style, fullPaths bool) string {
	if !p.Move.IsCapture() || fullPaths || !p.Abbreviated || p.Resolved {
		st.Abbreviated = false
		return nm.Format(&p.Move, st)
	}
	return nm.Short(&p.Before, &p.Move, st)
}

// Canonical writes ply pl of r as a cleaned archive does (Ply.Canonical),
// in the record's names (Report.Naming, Report.Style).
func (r *Report) Canonical(pl *Ply, fullPaths bool) string {
	return pl.CanonicalNamed(r.Naming(), r.Style(), fullPaths)
}

// KeepMoves returns the written moves ms of the report's game (a copy of
// Game.Moves, as a writer changes them) without those that continue a
// capture written a jump a move (Ply.Parts): the ply's first part carries
// the whole capture.
func (r *Report) KeepMoves(ms []pdn.Move) []pdn.Move {
	var drop map[int]bool
	for i := range r.Plies {
		pl := &r.Plies[i]
		for k := 1; k < pl.Parts; k++ {
			if drop == nil {
				drop = map[int]bool{}
			}
			drop[pl.Index+k] = true
		}
	}
	if drop == nil {
		return ms
	}
	out := make([]pdn.Move, 0, len(ms)-len(drop))
	for i := range ms {
		if !drop[i] {
			out = append(out, ms[i])
		}
	}
	return out
}
