package filter

import (
	"errors"
	"fmt"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/names"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Spec is a selection as a command line writes it: each field the text of
// one flag of damka select, named after it. Criteria parses it, so that
// every program that takes criteria as text (a command, a service) reads
// them the same way.
type Spec struct {
	Tags, Players, White, Black []string
	From, To                    string
	// MinPlies and MaxPlies: negative is no bound.
	MinPlies, MaxPlies int
	Results, Variants  []string
	FENs, Materials    []string
	AfterPly           int
	Has, Statuses      []string
	Openings           []string
}

// FlagError is a criterion of a Spec that does not parse.
type FlagError struct {
	Flag string // the flag's name, without dashes: "tag", "from"
	Err  error
}

func (e *FlagError) Error() string { return "--" + e.Flag + ": " + e.Err.Error() }
func (e *FlagError) Unwrap() error { return e.Err }

// FlagErrors are every criterion of a Spec that does not parse, in the
// order of the fields: a user fixes them all in one go.
type FlagErrors []*FlagError

func (e FlagErrors) Error() string {
	s := make([]string, len(e))
	for i, f := range e {
		s[i] = f.Error()
	}
	return strings.Join(s, "\n")
}

// Criteria parses the spec. Its error, if any, is a FlagErrors.
func (s *Spec) Criteria() (*Criteria, error) {
	c := New()
	c.MinPlies, c.MaxPlies, c.AfterPly = s.MinPlies, s.MaxPlies, s.AfterPly
	var errs FlagErrors
	add := func(flag string, err error) {
		if err != nil {
			errs = append(errs, &FlagError{flag, err})
		}
	}
	for _, t := range s.Tags {
		v, err := ParseTag(t)
		add("tag", err)
		c.Tags = append(c.Tags, v)
	}
	for _, p := range []struct {
		flag string
		in   []string
		out  *[]names.Name
	}{{"player", s.Players, &c.Players}, {"white", s.White, &c.White}, {"black", s.Black, &c.Black}} {
		for _, t := range p.in {
			n, err := ParsePlayer(t)
			add(p.flag, err)
			*p.out = append(*p.out, n)
		}
	}
	for _, d := range []struct {
		flag, in string
		out      *Date
	}{{"from", s.From, &c.From}, {"to", s.To, &c.To}} {
		if d.in == "" {
			continue
		}
		v, ok := ParseDate(d.in)
		if !ok {
			add(d.flag, fmt.Errorf("%q is not a date (1950, 1950.05, 1950.05.12)", d.in))
		}
		*d.out = v
	}
	for _, t := range s.Results {
		r, err := ParseResult(t)
		add("result", err)
		c.Results = append(c.Results, r)
	}
	for _, t := range s.Variants {
		v, err := ParseVariant(t)
		add("variant", err)
		c.Variants = append(c.Variants, v)
	}
	for _, t := range s.FENs {
		p, err := ParsePosition(t)
		add("fen", err)
		c.Positions = append(c.Positions, p)
	}
	for _, t := range s.Materials {
		m, err := ParseMaterial(t)
		add("material", err)
		c.Materials = append(c.Materials, m)
	}
	for _, t := range s.Has {
		k, err := ParseKind(t)
		add("has", err)
		c.Has = append(c.Has, k)
	}
	for _, t := range s.Statuses {
		st, err := ParseStatus(t)
		add("status", err)
		c.Statuses = append(c.Statuses, st...)
	}
	for _, t := range s.Openings {
		name, err := ParseOpening(t)
		add("opening", err)
		c.Openings = append(c.Openings, name)
	}
	if s.MinPlies >= 0 && s.MaxPlies >= 0 && s.MinPlies > s.MaxPlies {
		add("min-plies", fmt.Errorf("%d is more than --max-plies %d", s.MinPlies, s.MaxPlies))
	}
	if s.AfterPly < 0 {
		add("after-ply", errors.New("a ply number is not negative"))
	}
	if s.AfterPly > 0 && len(c.Positions)+len(c.Materials) == 0 {
		add("after-ply", errors.New("goes with --fen or --material"))
	}
	if errs != nil {
		return c, errs
	}
	return c, nil
}

// Selected is the JSON form of a selected game (damka select --json): where
// it is, its id (export.GameID) and the tags a listing shows.
type Selected struct {
	File    string `json:"file"`
	Game    int    `json:"game"`
	Line    int    `json:"line"`
	ID      string `json:"id"`
	Event   string `json:"event"`
	Date    string `json:"date"`
	White   string `json:"white"`
	Black   string `json:"black"`
	Result  string `json:"result"`
	Plies   int    `json:"plies"`
	Variant string `json:"variant"`
	Status  string `json:"status"`
}

// SelectedOf is the JSON form of game g with its replay r and id.
func SelectedOf(g *pdn.Game, r *validate.Report, id string) Selected {
	j := Selected{File: g.File, Game: g.Index, Line: int(g.Pos.Line), ID: id, Event: g.Event(), Date: g.Date(),
		White: g.White(), Black: g.Black(), Result: DeclaredResult(g), Plies: len(g.Moves)}
	if r.Variant != draughts.NoVariant {
		j.Variant = r.Variant.Name()
	} else {
		j.Variant = pdn.GameTypeName(r.GameType.Number)
	}
	j.Status = StatusOf(r)
	return j
}
