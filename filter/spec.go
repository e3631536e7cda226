package filter

import (
	"errors"
	"fmt"
	"strings"

	"github.com/damka/damka/draughts"
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
	parseAll(add, "tag", s.Tags, ParseTag, &c.Tags)
	parseAll(add, "player", s.Players, ParsePlayer, &c.Players)
	parseAll(add, "white", s.White, ParsePlayer, &c.White)
	parseAll(add, "black", s.Black, ParsePlayer, &c.Black)
	for _, d := range []struct {
		flag, in string
		out      *Date
	}{{"from", s.From, &c.From}, {"to", s.To, &c.To}} {
		if d.in == "" {
			continue
		}
		v, ok := ParseBound(d.in)
		if !ok {
			add(d.flag, fmt.Errorf("%q is not a date (1950, 1950.05, 1950.05.12)", d.in))
		}
		*d.out = v
	}
	parseAll(add, "result", s.Results, ParseResult, &c.Results)
	parseAll(add, "variant", s.Variants, ParseVariant, &c.Variants)
	parseAll(add, "fen", s.FENs, ParsePosition, &c.Positions)
	parseAll(add, "material", s.Materials, ParseMaterial, &c.Materials)
	parseAll(add, "has", s.Has, ParseKind, &c.Has)
	var statuses [][]string
	parseAll(add, "status", s.Statuses, ParseStatus, &statuses)
	for _, st := range statuses {
		c.Statuses = append(c.Statuses, st...)
	}
	parseAll(add, "opening", s.Openings, ParseOpening, &c.Openings)
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

// parseAll parses each value of a flag, appending it to out and telling
// add what does not parse.
func parseAll[T any](add func(flag string, err error), flag string, in []string, parse func(string) (T, error), out *[]T) {
	for _, t := range in {
		v, err := parse(t)
		add(flag, err)
		*out = append(*out, v)
	}
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
