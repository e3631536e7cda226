// Package filter selects games by what pgn-extract users select chess
// games by: tags, players, dates, length, result, variant, the positions
// and material a game reaches, its named opening, and what replay found
// in it.
//
// Criteria are parsed from their command-line form (ParseTag,
// ParseMaterial, ParseDate...) into a Criteria; a game is selected when
// it meets every criterion set. Criteria that need the game replayed
// (positions, material, opening, findings, status) are kept apart from
// those the record alone decides (NeedsReplay, MatchGame, MatchReport), so that a
// selection on tags costs no replay.
package filter

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/names"
	"github.com/damka/damka/openings"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Criteria are the tests a game must pass, all of them. The zero value
// selects every game.
type Criteria struct {
	Tags []TagTest
	// Players must each be one of the two players; White and Black the
	// player of that side (names compared with package names).
	Players, White, Black []names.Name
	// From and To bound the game's date (see Date.Within); zero is no
	// bound.
	From, To Date
	// MinPlies and MaxPlies bound the moves of the main line as written
	// (placeholders included); a negative value is no bound.
	MinPlies, MaxPlies int
	// Results: the declared result, normalised ("2-0", "1-1", "0-2",
	// "*"), is one of them.
	Results []string
	// Variants: the game's variant is one of them.
	Variants []VariantTest
	// Positions must each be reached by replay (any move order), and
	// Materials each be the material of a position reached; both only
	// from ply AfterPly on (0: the start position counts).
	Positions []PositionTest
	Materials []Material
	AfterPly  int
	// Has: replay found at least one finding of each kind.
	Has []validate.Kind
	// Statuses: the game's status (see StatusOf) is one of them.
	Statuses []string
	// Openings: the name package openings gives the game (the deepest
	// named position it passes through, any move order) is one of them,
	// each written as the table writes it (ParseOpening).
	Openings []string
}

// New returns criteria that select every game.
func New() *Criteria { return &Criteria{MinPlies: -1, MaxPlies: -1} }

// Selector is the criteria as pipeline.Options.Select: tested on the
// workers, replaying a game only when a criterion needs it, or whenever
// it is selected when replayed is set (the output shows the replay).
func (c *Criteria) Selector(replayed bool) func(*pdn.Game, func() *validate.Report) bool {
	return func(g *pdn.Game, replay func() *validate.Report) bool {
		ok, r := c.Match(g, func(*pdn.Game) *validate.Report { return replay() })
		if ok && r == nil && replayed {
			replay()
		}
		return ok
	}
}

// NeedsReplay reports whether some criterion needs the game replayed.
func (c *Criteria) NeedsReplay() bool {
	return len(c.Positions) > 0 || len(c.Materials) > 0 || len(c.Has) > 0 || len(c.Statuses) > 0 || len(c.Openings) > 0
}

// MatchGame reports whether the record passes the criteria that need no
// replay.
func (c *Criteria) MatchGame(g *pdn.Game) bool {
	for i := range c.Tags {
		if !c.Tags[i].Match(g) {
			return false
		}
	}
	if len(c.Players)+len(c.White)+len(c.Black) > 0 {
		w, b := names.Parse(g.White()), names.Parse(g.Black())
		for _, p := range c.Players {
			if !p.Match(w) && !p.Match(b) {
				return false
			}
		}
		for _, p := range c.White {
			if !p.Match(w) {
				return false
			}
		}
		for _, p := range c.Black {
			if !p.Match(b) {
				return false
			}
		}
	}
	if !c.From.IsZero() || !c.To.IsZero() {
		d, ok := ParseDate(g.Date())
		if !ok || !d.Within(c.From, c.To) {
			return false
		}
	}
	n := len(g.Moves)
	if c.MinPlies >= 0 && n < c.MinPlies || c.MaxPlies >= 0 && n > c.MaxPlies {
		return false
	}
	if len(c.Results) > 0 && !slices.Contains(c.Results, DeclaredResult(g)) {
		return false
	}
	if len(c.Variants) > 0 {
		ok := false
		for _, v := range c.Variants {
			ok = ok || v.Match(g)
		}
		if !ok {
			return false
		}
	}
	return true
}

// MatchReport reports whether a replayed game passes the criteria that
// need replay. (Call MatchGame too: MatchReport does not repeat it.)
func (c *Criteria) MatchReport(r *validate.Report) bool {
	if len(c.Statuses) > 0 && !slices.Contains(c.Statuses, StatusOf(r)) {
		return false
	}
	if len(c.Openings) > 0 && !slices.Contains(c.Openings, openings.Name(r)) {
		return false
	}
	for _, k := range c.Has {
		found := false
		for i := range r.Findings {
			if r.Findings[i].Kind == k {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if len(c.Positions) == 0 && len(c.Materials) == 0 {
		return true
	}
	if !r.Started {
		return false
	}
	pos := make([]bool, len(c.Positions))
	mat := make([]bool, len(c.Materials))
	left := len(pos) + len(mat)
	visit := func(ply int, p *draughts.Position) bool {
		if ply < c.AfterPly {
			return false
		}
		for i := range c.Positions {
			if !pos[i] && c.Positions[i].Match(r.Variant, p) {
				pos[i] = true
				left--
			}
		}
		for i := range c.Materials {
			if !mat[i] && c.Materials[i].Match(p) {
				mat[i] = true
				left--
			}
		}
		return left == 0
	}
	for i := range r.Plies {
		if visit(i, &r.Plies[i].Before) {
			return true
		}
	}
	return visit(len(r.Plies), &r.Final)
}

// Match replays nothing itself: it calls MatchGame, then, when the game
// passed and some criterion needs replay, replay (which must return the
// game's report) and MatchReport. It returns the report when replay was
// called.
func (c *Criteria) Match(g *pdn.Game, replay func(*pdn.Game) *validate.Report) (bool, *validate.Report) {
	if !c.MatchGame(g) {
		return false, nil
	}
	if !c.NeedsReplay() {
		return true, nil
	}
	r := replay(g)
	return c.MatchReport(r), r
}

// DeclaredResult is the game's Result tag, else its terminator,
// normalised by validate.NormalizeResult.
func DeclaredResult(g *pdn.Game) string {
	if res := validate.NormalizeResult(g.Result()); res != "*" {
		return res
	}
	return validate.NormalizeResult(g.Terminator)
}

// Statuses are the values StatusOf returns.
var Statuses = []string{"clean", "warnings", "errors", "unreadable", "unchecked"}

// StatusOf is the status of a replayed game (validate.Report.Status):
// clean, warnings, errors, unreadable (the record could not be read
// whole: a syntax error) or unchecked (a variant damka does not play:
// not replayed).
func StatusOf(r *validate.Report) string { return string(r.Status()) }

// ParseStatus checks a --status value. "errors" stands for unreadable
// games too (they are games with an error); the result lists the
// statuses StatusOf gives.
func ParseStatus(s string) ([]string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "errors":
		return []string{"errors", "unreadable"}, nil
	case "clean", "warnings", "unreadable", "unchecked":
		return []string{s}, nil
	}
	return nil, fmt.Errorf("unknown status %q (clean, warnings, errors, unreadable or unchecked)", s)
}

// ParseOpening reads the name of an opening as players write it: in
// Cyrillic or Latin letters, in any case, with ё or е (openings.Key), and
// returns it as the table writes it; an error lists the table's names
// when it has no such name.
func ParseOpening(s string) (string, error) { return openings.Find(s) }

// ParseKind checks a --has value: a finding kind.
func ParseKind(s string) (validate.Kind, error) { return validate.ParseKind(s) }

// ParseResult checks a --result value: 2-0, 1-1, 0-2 (or 1-0, 1/2-1/2,
// 0-1), or * for games without a result.
func ParseResult(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "*" {
		return s, nil
	}
	if n := validate.NormalizeResult(s); n != "*" {
		return n, nil
	}
	return "", fmt.Errorf("unknown result %q (2-0, 1-1, 0-2 or *)", s)
}

// ParsePlayer reads a --player value.
func ParsePlayer(s string) (names.Name, error) {
	n := names.Parse(s)
	full := false
	for _, p := range n.Parts {
		full = full || !p.Initial
	}
	if !full {
		return n, fmt.Errorf("player %q: a name needs a surname, not only initials", s)
	}
	return n, nil
}

// TagTest compares a tag with a value: Name Op Value.
type TagTest struct {
	Name  string
	Op    string // = != < <= > >= ~
	Value string
	num   float64
	isNum bool
}

// tagOps are the operators, longest first.
var tagOps = []string{"!=", "<=", ">=", "=", "<", ">", "~"}

// ParseTag reads a tag test, "WhiteElo>=2300" or "Event~чемпионат": a
// tag name, an operator (= != < <= > >= ~) and a value, which may be
// quoted. = and != ignore case; < <= > >= compare numbers as numbers
// when the value and the tag are both numbers, else text byte by byte
// (so "Date>=1950.06" works on dates written year first); ~ is a
// substring, without regard to case.
func ParseTag(s string) (TagTest, error) {
	at, op := -1, ""
	for i := 0; i < len(s) && at < 0; i++ {
		for _, o := range tagOps {
			if strings.HasPrefix(s[i:], o) {
				at, op = i, o
				break
			}
		}
	}
	if at < 0 {
		return TagTest{}, fmt.Errorf("tag test %q: no operator (= != < <= > >= ~)", s)
	}
	t := TagTest{Name: strings.TrimSpace(s[:at]), Op: op, Value: strings.TrimSpace(s[at+len(op):])}
	if t.Name == "" || strings.ContainsAny(t.Name, " \t\"[]") {
		return TagTest{}, fmt.Errorf("tag test %q: %q is not a tag name", s, t.Name)
	}
	if len(t.Value) >= 2 && t.Value[0] == '"' && t.Value[len(t.Value)-1] == '"' {
		t.Value = t.Value[1 : len(t.Value)-1]
	}
	t.num, t.isNum = number(t.Value)
	return t, nil
}

func number(s string) (float64, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f, err == nil
}

// String writes the test as ParseTag reads it.
func (t TagTest) String() string { return t.Name + t.Op + t.Value }

// Match tests the game's tag. A game without the tag passes only !=.
// A tag falls back to its equivalents as the dataset's columns do
// (pdn.TagNames): the seven standard tags to their Italian, French and
// Dutch names, WhiteElo to WhiteRating; a tag written empty or unknown
// ("?", "-": pdn.UnknownValue) is absent, as the column is NULL, but to
// a test for an unknown value (White=?).
func (t *TagTest) Match(g *pdn.Game) bool {
	v, ok := g.TagValue(t.Name)
	if !ok || pdn.UnknownValue(v) && !pdn.UnknownValue(t.Value) {
		return t.Op == "!="
	}
	v = strings.TrimSpace(v)
	switch t.Op {
	case "~":
		return strings.Contains(strings.ToLower(v), strings.ToLower(t.Value))
	case "=", "!=":
		eq := strings.EqualFold(v, t.Value)
		if n, ok := number(v); ok && t.isNum {
			eq = n == t.num
		}
		return eq == (t.Op == "=")
	}
	c := strings.Compare(v, t.Value)
	if n, ok := number(v); ok && t.isNum {
		switch {
		case n < t.num:
			c = -1
		case n > t.num:
			c = 1
		default:
			c = 0
		}
	}
	switch t.Op {
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

// VariantTest matches a game's variant.
type VariantTest struct {
	Variant  draughts.Variant // a variant damka plays, or NoVariant
	GameType int              // else the PDN GameType number
}

// ParseVariant reads a --variant value: a variant damka plays (russian,
// giveaway and their aliases), a PDN GameType number (20), or the first
// word of a GameType's name (international, english, italian...).
func ParseVariant(s string) (VariantTest, error) {
	s = strings.TrimSpace(s)
	if v, err := draughts.VariantByName(s); err == nil {
		if n := validate.GameTypeOf(v); validate.VariantOf(n) != v {
			return VariantTest{}, fmt.Errorf("%s games have no GameType of their own (they are written %d, as %s): nothing tells them apart in a record",
				v.Name(), n, validate.VariantOf(n).Name())
		}
		return VariantTest{Variant: v}, nil
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return VariantTest{Variant: validate.VariantOf(n), GameType: n}, nil
	}
	for n := 0; n < 100; n++ {
		name := pdn.GameTypeName(n)
		if strings.HasPrefix(name, "GameType ") {
			continue
		}
		if first, _, _ := strings.Cut(name, " "); strings.EqualFold(first, s) {
			return VariantTest{Variant: validate.VariantOf(n), GameType: n}, nil
		}
	}
	return VariantTest{}, fmt.Errorf("unknown variant %q (%s, a PDN GameType number, or a GameType name such as international)", s, strings.Join(draughts.VariantNames(), ", "))
}

// Match reports whether the game is of the variant: the variant damka
// reads its GameType as (or guesses without one), else the number.
func (v VariantTest) Match(g *pdn.Game) bool {
	n := g.GameType().Number
	if v.Variant != draughts.NoVariant {
		return validate.VariantOf(n) == v.Variant
	}
	return n == v.GameType
}

// PositionTest is a position a game must pass through, parsed for every
// variant whose notation reads it.
type PositionTest struct {
	FEN string
	by  map[draughts.Variant]draughts.Position
}

// ErrFEN is returned (wrapped) for a FEN no variant reads.
var ErrFEN = errors.New("no variant reads this FEN")

// ParsePosition reads a --fen value.
func ParsePosition(fen string) (PositionTest, error) {
	t := PositionTest{FEN: strings.TrimSpace(fen), by: map[draughts.Variant]draughts.Position{}}
	var first error
	for _, v := range draughts.Variants() {
		p, err := v.ParseFEN(t.FEN)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		t.by[v] = p
	}
	if len(t.by) == 0 {
		return t, fmt.Errorf("%w: %q: %v", ErrFEN, fen, first)
	}
	return t, nil
}

// Match reports whether p, a position of variant v, is the position.
func (t *PositionTest) Match(v draughts.Variant, p *draughts.Position) bool {
	q, ok := t.by[v]
	return ok && q.SameBoard(p)
}

// Material is the men and kings of each side a position must have: Min
// and Max per side ([White, Black]) and kind; Max -1 is no limit.
type Material struct {
	Spec     string
	Men      [2][2]int // [side][min, max]
	Kings    [2][2]int
	sideSeen [2]bool
}

// ParseMaterial reads a --material value: "W:3K1M B:2K" is three kings
// and a man for White against two kings (and no man) for Black. Per
// side, counts of K (kings) and M (men); a kind not written is none; a
// side not written is anything; "+" after a count means at least
// ("W:2M+ B:1K": two men or more against a lone king).
func ParseMaterial(s string) (Material, error) {
	m := Material{Spec: strings.TrimSpace(s)}
	for i := range 2 {
		m.Men[i] = [2]int{0, -1}
		m.Kings[i] = [2]int{0, -1}
	}
	fields := strings.Fields(strings.ReplaceAll(m.Spec, ",", " "))
	if len(fields) == 0 {
		return m, fmt.Errorf("material %q: empty", s)
	}
	side := -1
	for _, f := range fields {
		if len(f) >= 2 && f[1] == ':' {
			switch f[0] {
			case 'W', 'w':
				side = 0
			case 'B', 'b':
				side = 1
			default:
				return m, fmt.Errorf("material %q: %q: a side is W or B", s, f)
			}
			if m.sideSeen[side] {
				return m, fmt.Errorf("material %q: side %c given twice", s, f[0])
			}
			m.sideSeen[side] = true
			m.Men[side] = [2]int{0, 0}
			m.Kings[side] = [2]int{0, 0}
			f = f[2:]
		}
		if side < 0 {
			return m, fmt.Errorf("material %q: give a side first (W: or B:)", s)
		}
		for f != "" {
			i := 0
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
			}
			if i == 0 || i >= len(f) {
				return m, fmt.Errorf("material %q: %q is not counts of K and M (like 3K1M)", s, f)
			}
			n, _ := strconv.Atoi(f[:i])
			var kind *[2]int
			switch f[i] {
			case 'K', 'k':
				kind = &m.Kings[side]
			case 'M', 'm':
				kind = &m.Men[side]
			default:
				return m, fmt.Errorf("material %q: %q: pieces are K (kings) and M (men)", s, f[i:i+1])
			}
			f = f[i+1:]
			*kind = [2]int{n, n}
			if strings.HasPrefix(f, "+") {
				kind[1] = -1
				f = f[1:]
			}
		}
	}
	return m, nil
}

// Match reports whether p has the material.
func (m *Material) Match(p *draughts.Position) bool {
	for side, c := range [2]draughts.Color{draughts.White, draughts.Black} {
		men, kings := p.Material(c)
		if !within(men, m.Men[side]) || !within(kings, m.Kings[side]) {
			return false
		}
	}
	return true
}

func within(n int, r [2]int) bool { return n >= r[0] && (r[1] < 0 || n <= r[1]) }
