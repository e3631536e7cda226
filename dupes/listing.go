package dupes

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Listing finds the duplicates of a run's games and lists every game of
// each group by file and line, as damka dupes prints them: a Finder that
// keeps Refs, and the names of the files they point into.
type Listing struct {
	Finder *Finder
	files  []string // by Ref.File
	index  map[string]int32
	groups []Group
}

// NewListing returns a Listing of the duplicates of kind k.
func NewListing(k Kind) *Listing {
	f := NewFinder(k)
	f.Refs = true
	return &Listing{Finder: f, index: map[string]int32{}}
}

// Add adds the next game, g, as replay r left it.
func (l *Listing) Add(g *pdn.Game, r *validate.Report) {
	k := KeyOf(r, l.Finder.kind)
	fi, ok := l.index[g.File]
	if !ok {
		fi = int32(len(l.files))
		l.index[g.File] = fi
		l.files = append(l.files, g.File)
	}
	l.Finder.Add(&k, Ref{File: fi, Line: g.Pos.Line, Game: int32(g.Index)})
}

// Finish ends the listing (Finder.Finish) and returns its groups, in the
// order of their first game.
func (l *Listing) Finish() []Group {
	l.groups = l.Finder.Finish()
	return l.groups
}

// Groups are the groups Finish returned.
func (l *Listing) Groups() []Group { return l.groups }

// File is the name of the file of a member.
func (l *Listing) File(m Member) string { return l.files[m.File] }

// Totals counts what the groups drop: the games to drop, and of them those
// with errors (which damka clean rejects rather than drops).
func (l *Listing) Totals() (dropped, unsound int) {
	for _, g := range l.groups {
		dropped += g.Size - 1
		for _, m := range l.Finder.Others(g) {
			if !m.Sound {
				unsound++
			}
		}
	}
	return dropped, unsound
}

// WriteText writes the groups one game a line: the game kept, then the
// others indented. quote shows a file name (a terminal's escaping, say).
func (l *Listing) WriteText(w io.Writer, quote func(string) string) {
	kind := l.Finder.kind
	describe := func(m Member) string {
		errs := ""
		if !m.Sound {
			errs = ", with errors"
		}
		return fmt.Sprintf("%s:%d (game %d, %d plies, %d tags%s)", quote(l.files[m.File]), m.Line, m.Game, m.Plies, m.Tags, errs)
	}
	for _, g := range l.groups {
		fmt.Fprintf(w, "%s: keep %s\n", kind, describe(g.Kept))
		for _, m := range l.Finder.Others(g) {
			fmt.Fprintf(w, "  drop %s\n", describe(m))
		}
	}
}

// JSONGroup is the JSON form of a group (damka dupes --json).
type JSONGroup struct {
	Kind    string       `json:"kind"`
	Kept    JSONMember   `json:"kept"`
	Dropped []JSONMember `json:"dropped"`
}

// JSONMember is the JSON form of a game of a group.
type JSONMember struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Game   int    `json:"game"`
	Plies  int    `json:"plies"`
	Tags   int    `json:"tags"`
	Errors bool   `json:"errors"` // it does not replay without an error
}

// WriteJSON encodes the groups, one object each.
func (l *Listing) WriteJSON(enc *json.Encoder) error {
	member := func(m Member) JSONMember {
		return JSONMember{File: l.files[m.File], Line: int(m.Line), Game: int(m.Game), Plies: m.Plies, Tags: m.Tags, Errors: !m.Sound}
	}
	for _, g := range l.groups {
		j := JSONGroup{Kind: l.Finder.kind.String(), Kept: member(g.Kept), Dropped: []JSONMember{}}
		for _, m := range l.Finder.Others(g) {
			j.Dropped = append(j.Dropped, member(m))
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return nil
}
