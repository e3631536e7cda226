package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

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

// inferredFrom names what an inferred GameType was guessed from.
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
