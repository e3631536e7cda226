package export

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"math"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/filter"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// GameID returns the stable identifier of a game record: the first 8
// bytes of the SHA-256 of its file's base name, its 1-based index in the
// file and its text, as 16 lower-case hex digits (see the package
// documentation). The same record at the same place gets the same id on
// every run and machine, whatever its line ends or the encoding it was
// decoded from.
func GameID(g *pdn.Game) string {
	base, text := sourceBase(g.File), normalizeText(g.Raw)
	// One buffer and one sum: writing a string to a hash.Hash copies it.
	buf := make([]byte, 0, len(base)+len(text)+24)
	buf = append(buf, base...)
	buf = append(buf, 0)
	buf = strconv.AppendInt(buf, int64(g.Index), 10)
	buf = append(buf, 0)
	buf = append(buf, text...)
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:8])
}

// sourceBase is the last element of an input name, with either slash as
// separator.
func sourceBase(name string) string {
	if name == "" {
		return ""
	}
	return path.Base(strings.ReplaceAll(filepath.ToSlash(name), `\`, "/"))
}

// normalizeText turns CRLF and CR line ends into LF and trims white space
// at both ends.
func normalizeText(s string) string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return strings.TrimSpace(s)
}

// ParseDate reads a PDN date as archives write it, as select --from/--to
// and dupes read it (filter.ParseDate: one reader of dates, so that a
// game's year is the same everywhere): "1947.05.12", "1947-05-12",
// "12.05.1947", "12/05/1947", "1950", "1950.05", "1947.??.??", a range
// "2004.10.27 - 2004.11.01". It returns the year when the date lies within
// one year (0 when unknown, or for a range across a new year: select
// --from Y --to Y takes the game exactly when the year is Y), and the full
// date, with ok, when the date is one day.
func ParseDate(s string) (year int, date time.Time, ok bool) {
	d, known := filter.ParseDate(s)
	if !known {
		return 0, time.Time{}, false
	}
	if d.First/10000 == d.Last/10000 {
		year = d.First / 10000
	}
	if d.First != d.Last {
		return year, time.Time{}, false
	}
	return year, time.Date(d.First/10000, time.Month(d.First/100%100), d.First%100, 0, 0, 0, 0, time.UTC), true
}

// GamesWriter writes the games table, one row per report.
type GamesWriter struct {
	t            *table
	openingPlies int
	tags, finds  *array.ListBuilder
	tag, find    *array.StructBuilder
}

// NewGamesWriter starts a games table on w. Close finishes it; w is not
// closed.
func NewGamesWriter(w io.Writer, f Format, meta Meta, opts ...Option) (*GamesWriter, error) {
	c := newConfig(opts)
	t, err := newTable(w, f, "games", GamesSchema(meta), c)
	if err != nil {
		return nil, err
	}
	t.useBuilders(c.mem)
	gw := &GamesWriter{t: t, openingPlies: c.openingPlies}
	gw.tags = t.cols[colTags].(*array.ListBuilder)
	gw.tag = gw.tags.ValueBuilder().(*array.StructBuilder)
	gw.finds = t.cols[colFindings].(*array.ListBuilder)
	gw.find = gw.finds.ValueBuilder().(*array.StructBuilder)
	return gw, nil
}

// Column indexes of the games table used by name.
var (
	colTags     = fieldIndex(gamesFields, "tags")
	colFindings = fieldIndex(gamesFields, "findings")
)

func fieldIndex(fs []arrow.Field, name string) int {
	for i, f := range fs {
		if f.Name == name {
			return i
		}
	}
	panic("export: no column " + name)
}

// Add appends the row of one game. The analysis a is not used by the
// games table yet; pass the same as to MovesWriter.Add.
func (gw *GamesWriter) Add(r *validate.Report, a *analyze.GameAnalysis) error {
	if err := gw.check(); err != nil {
		return err
	}
	return gw.add(r, prepareGameRow(r, gw.openingPlies, ""))
}

func (gw *GamesWriter) check() error {
	if gw.t.closed {
		return errClosed
	}
	return gw.t.err
}

// AddPrepared appends the row of a prepared game. Its opening is
// recomputed when it was prepared with other plies than the writer's
// (WithOpeningPlies).
func (gw *GamesWriter) AddPrepared(p *Prepared) error {
	if err := gw.check(); err != nil {
		return err
	}
	row := p.game
	if row.openingPlies != gw.openingPlies {
		row.openingMoves, row.openingPlies = Opening(p.r, gw.openingPlies), gw.openingPlies
	}
	return gw.add(p.r, row)
}

// add appends the row of r, whose costly values are in row.
func (gw *GamesWriter) add(r *validate.Report, row gameRow) error {
	g := r.Game
	c := gw.t.cols
	i := 0
	next := func() array.Builder { b := c[i]; i++; return b }
	appendStr(next(), row.id)
	appendStr(next(), row.key)
	appendStr(next(), row.source)
	appendI32(next(), g.Index)
	appendI32(next(), int(g.Pos.Line))
	appendOptStr(next(), row.event)
	appendOptStr(next(), row.site)
	appendOptStr(next(), row.date)
	appendOptDate(next(), row.date32, row.hasDate)
	if row.year > 0 {
		appendI32(next(), row.year)
	} else {
		next().AppendNull()
	}
	appendOptDate(next(), row.utcDate, row.hasUTCDate)
	if b := next(); row.hasUTCTime {
		b.(*array.Time32Builder).Append(row.utcTime)
	} else {
		b.AppendNull()
	}
	appendOptStr(next(), row.round)
	appendOptStr(next(), row.white)
	appendOptStr(next(), row.black)
	for _, v := range []optInt16{row.whiteElo, row.blackElo, row.whiteDiff, row.blackDiff} {
		if b := next(); v.ok {
			b.(*array.Int16Builder).Append(v.v)
		} else {
			b.AppendNull()
		}
	}
	appendOptStr(next(), row.whiteTitle)
	appendOptStr(next(), row.blackTitle)
	appendStr(next(), r.Result)
	appendOptStr(next(), row.written)
	if b := next(); !math.IsNaN(row.whiteScore) {
		b.(*array.Float64Builder).Append(row.whiteScore)
	} else {
		b.AppendNull()
	}
	appendOptStr(next(), row.outcome)
	appendOptStr(next(), row.termination)
	appendOptStr(next(), row.timeControl)
	appendOptStr(next(), row.variant)
	appendI32(next(), r.GameType.Number)
	appendBool(next(), r.GameType.Inferred)
	appendOptStr(next(), row.setup)
	if row.standard >= 0 {
		appendBool(next(), row.standard == 1)
	} else {
		next().AppendNull()
	}
	next() // tags
	gw.tags.Append(true)
	for _, tg := range g.Tags {
		gw.tag.Append(true)
		appendStr(gw.tag.FieldBuilder(0), tg.Name)
		appendStr(gw.tag.FieldBuilder(1), tg.Value)
	}
	appendI32(next(), r.PliesWritten())
	appendI32(next(), len(r.Plies))
	appendBool(next(), r.Stopped)
	appendStr(next(), row.status)
	appendI32(next(), row.errors)
	next() // findings
	gw.finds.Append(true)
	for k := range r.Findings {
		f := &r.Findings[k]
		gw.find.Append(true)
		appendStr(gw.find.FieldBuilder(0), string(f.Kind))
		appendStr(gw.find.FieldBuilder(1), string(f.Severity))
		appendI32(gw.find.FieldBuilder(2), f.Ply)
		appendOptStr(gw.find.FieldBuilder(3), f.Move)
		appendI32(gw.find.FieldBuilder(4), f.Line)
		appendI32(gw.find.FieldBuilder(5), f.Col)
		appendStr(gw.find.FieldBuilder(6), f.Message)
	}
	appendOptStr(next(), row.openingMoves)
	appendStr(next(), row.movetext)
	if r.Started {
		appendStr(next(), row.final)
	} else {
		next().AppendNull()
	}
	appendStr(next(), g.Encoding)
	appendOptStr(next(), row.openingName)
	return gw.t.row()
}

// Rows is the number of rows added so far.
func (gw *GamesWriter) Rows() int64 { return gw.t.rows + int64(gw.t.n) }

// Stats returns the writer's counters.
func (gw *GamesWriter) Stats() WriterStats { return gw.t.stats() }

// Close writes the last rows and the file's footer. It does not close the
// underlying writer.
func (gw *GamesWriter) Close() error { return gw.t.close() }
