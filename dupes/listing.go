package dupes

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"

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
		for m := range l.Finder.OtherGames(g) {
			if !m.Sound {
				unsound++
			}
		}
	}
	return dropped, unsound
}

// flushAt is the size at which the listing's buffer is written.
const flushAt = 32 << 10

// WriteText writes the groups one game a line: the game kept, then the
// others indented. quote shows a file name (a terminal's escaping, say).
// The lines are made one at a time, in a buffer of 32 KB: a group of
// millions of games takes no memory to list.
func (l *Listing) WriteText(w io.Writer, quote func(string) string) error {
	kind := l.Finder.kind.String()
	names := make([]string, len(l.files)) // quoted, as they come
	shown := make([]bool, len(l.files))
	buf := make([]byte, 0, flushAt+512)
	describe := func(b []byte, m Member) []byte {
		if !shown[m.File] {
			names[m.File], shown[m.File] = quote(l.files[m.File]), true
		}
		b = append(b, names[m.File]...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(m.Line), 10)
		b = append(b, " (game "...)
		b = strconv.AppendInt(b, int64(m.Game), 10)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(m.Plies), 10)
		b = append(b, " plies, "...)
		b = strconv.AppendInt(b, int64(m.Tags), 10)
		b = append(b, " tags"...)
		if !m.Sound {
			b = append(b, ", with errors"...)
		}
		return append(b, ")\n"...)
	}
	for _, g := range l.groups {
		buf = append(buf, kind...)
		buf = describe(append(buf, ": keep "...), g.Kept)
		for m := range l.Finder.OtherGames(g) {
			buf = describe(append(buf, "  drop "...), m)
			if len(buf) >= flushAt {
				if _, err := w.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
	}
	_, err := w.Write(buf)
	return err
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

// WriteJSON writes the groups, one JSON object (JSONGroup) a line, as a
// json.Encoder with SetEscapeHTML(false) encodes them. The objects are
// written a game at a time, in a buffer of 32 KB (each write ends after
// a whole game), never a group at once: a group of millions of games takes
// no memory to list.
func (l *Listing) WriteJSON(w io.Writer) error {
	var str bytes.Buffer
	enc := json.NewEncoder(&str)
	enc.SetEscapeHTML(false)
	quote := func(s string) []byte { // s as a JSON string
		str.Reset()
		enc.Encode(s) // a string always encodes
		return bytes.Clone(bytes.TrimSuffix(str.Bytes(), []byte("\n")))
	}
	names := make([][]byte, len(l.files)) // JSON strings, as they come
	member := func(b []byte, m Member) []byte {
		if names[m.File] == nil {
			names[m.File] = quote(l.files[m.File])
		}
		b = append(b, `{"file":`...)
		b = append(b, names[m.File]...)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(m.Line), 10)
		b = append(b, `,"game":`...)
		b = strconv.AppendInt(b, int64(m.Game), 10)
		b = append(b, `,"plies":`...)
		b = strconv.AppendInt(b, int64(m.Plies), 10)
		b = append(b, `,"tags":`...)
		b = strconv.AppendInt(b, int64(m.Tags), 10)
		b = append(b, `,"errors":`...)
		b = strconv.AppendBool(b, !m.Sound)
		return append(b, '}')
	}
	kind := quote(l.Finder.kind.String())
	buf := make([]byte, 0, flushAt+512)
	for _, g := range l.groups {
		buf = append(buf, `{"kind":`...)
		buf = append(buf, kind...)
		buf = member(append(buf, `,"kept":`...), g.Kept)
		buf = append(buf, `,"dropped":[`...)
		first := true
		for m := range l.Finder.OtherGames(g) {
			if !first {
				buf = append(buf, ',')
			}
			first = false
			buf = member(buf, m)
			if len(buf) >= flushAt {
				if _, err := w.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
		buf = append(buf, "]}\n"...)
	}
	_, err := w.Write(buf)
	return err
}
