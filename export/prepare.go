package export

import (
	"github.com/apache/arrow-go/v18/arrow"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/openings"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Prepared is a replayed game made ready for the writers: its games row
// and its moves rows, computed once (game_id, FENs, hashes, paths,
// captured squares, dates, opening...). PrepareGame makes it; it reads
// only its arguments, so it runs on the goroutines that replay the games,
// and GamesWriter.AddPrepared and MovesWriter.AddPrepared then append it
// in input order at little cost: that part is serial.
//
// A Prepared refers to the report and the analysis it was made from,
// which must not change until the writers are closed. It can be added to
// a games writer, a moves writer and an Openings, once each.
type Prepared struct {
	r     *validate.Report
	a     *analyze.GameAnalysis
	game  gameRow
	moves *preparedMoves
}

// preparedMoves are the moves rows of a game. They are apart from the
// rest so that a batch waiting to be written holds only them, not the
// report. They are stored column by column, so that building a column of
// a batch is mostly copying runs of values.
type preparedMoves struct {
	id string
	v  draughts.Variant // names the squares
	// evals are the analysis of the first plies flattened to the
	// analysis columns, none beyond.
	evals []plyRow
	// analysed is set when evals has a row.
	analysed bool
	n        int // plies
	// i32 holds n values each of ply, move_number, legal_moves, the end
	// of the ply's FEN in fen and the end of its squares in squares
	// (i32Ply...).
	i32 []int32
	// small holds n values each of side, from, to, flags (flagCapture...)
	// and the number of squares of the path (smallSide...).
	small []uint8
	// hashes holds the hash of the position before every ply, then that
	// of the final position: hash_before is hashes[:n], hash_after
	// hashes[1:]. The hash of the position as its FEN gives it
	// (draughts.Position.PiecesHash), which joins positions.hash.
	hashes  []uint64
	written []string
	// fen holds the FENs of the positions before the plies, one after the
	// other, then the FEN of the final position; squares the path then
	// the captured squares of every ply.
	fen     []byte
	squares []draughts.Square
	// notes are the annotations written after each ply's move, nil when
	// none has any.
	notes []*pdn.Notes
}

// Flags of a ply in preparedMoves.small.
const (
	flagCapture = 1 << iota
	flagCompulsory
	flagPromotes
	flagRepaired
)

// The runs of preparedMoves.i32 and preparedMoves.small.
const (
	i32Ply = iota
	i32MoveNumber
	i32Legal
	i32FENEnd
	i32SquaresEnd
	i32Runs
)

const (
	smallSide = iota
	smallFrom
	smallTo
	smallFlags
	smallPathLen
	smallRuns
)

// ints returns run r of m.i32.
func (m *preparedMoves) ints(r int) []int32 { return m.i32[r*m.n : (r+1)*m.n] }

// bytes returns run r of m.small.
func (m *preparedMoves) bytes(r int) []uint8 { return m.small[r*m.n : (r+1)*m.n] }

// gameRow holds the values of a games row that take work to compute.
type gameRow struct {
	id, key, source                          string
	event, site, date, round, white, black   string
	written, outcome, variant, setup, status string
	final                                    string // final_fen, "" for NULL
	whiteTitle, blackTitle                   string
	timeControl, termination                 string
	openingMoves, movetext                   string
	openingName                              string // opening_name, "" for NULL
	openingPlies                             int
	date32, utcDate                          arrow.Date32
	hasDate, hasUTCDate                      bool
	utcTime                                  arrow.Time32
	hasUTCTime                               bool
	whiteElo, blackElo, whiteDiff, blackDiff optInt16
	whiteScore                               float64 // NaN for NULL
	year                                     int
	standard                                 int8 // standard_start: 1, 0, or -1 for NULL
	errors                                   int
}

// PrepareGame computes the rows of a replayed game for the games and
// moves tables, with the analysis of a where there is one (flattened to
// the analysis columns here). It only reads its arguments, so that many
// goroutines can prepare games at once. The games row's opening has
// DefaultOpeningPlies plies, or the plies of WithOpeningPlies among opts;
// other options are ignored.
func PrepareGame(r *validate.Report, a *analyze.GameAnalysis, opts ...Option) *Prepared {
	c := newConfig(opts)
	p := &Prepared{r: r, a: a, game: prepareGameRow(r, c.openingPlies, c.sourceFile)}
	p.moves = prepareMoves(r, a, p.game.id)
	return p
}

// Plies is the number of rows the game adds to the moves table.
func (p *Prepared) Plies() int { return p.moves.n }

// ID is the game's game_id (see GameID).
func (p *Prepared) ID() string { return p.game.id }

func prepareGameRow(r *validate.Report, openingPlies int, source string) gameRow {
	g := r.Game
	if source == "" {
		source = g.File
	}
	row := gameRow{
		id: GameID(g), source: source,
		event: g.Event(), site: g.Site(), date: g.Date(), round: g.Round(),
		white: g.White(), black: g.Black(),
		status:       string(r.Status()),
		errors:       r.Findings.Errors(),
		openingName:  openings.Name(r),
		openingMoves: Opening(r, openingPlies),
		openingPlies: openingPlies,
		standard:     -1,
		whiteElo:     ratingTag(g, whiteEloTags),
		blackElo:     ratingTag(g, blackEloTags),
		whiteDiff:    ratingTag(g, whiteDiffTags),
		blackDiff:    ratingTag(g, blackDiffTags),
		whiteTitle:   textTag(g, whiteTitle),
		blackTitle:   textTag(g, blackTitle),
		timeControl:  textTag(g, timeControl),
		termination:  textTag(g, termination),
		whiteScore:   whiteScore(r.Result),
	}
	row.movetext, row.key = gameTexts(r)
	year, d, ok := ParseDate(row.date)
	row.year = year
	if ok {
		row.date32, row.hasDate = arrow.Date32FromTime(d), true
	}
	var utcYear int
	utcYear, row.utcDate, row.hasUTCDate = dateTag(g, utcDateTags)
	if row.year == 0 {
		row.year = utcYear // see gameYear
	}
	row.utcTime, row.hasUTCTime = timeTag(g, utcTimeTags)
	row.written = g.Result()
	if row.written == "" {
		row.written = g.Terminator
	}
	if r.Started && !r.Stopped && r.Outcome != draughts.Ongoing {
		row.outcome = r.Outcome.String()
	}
	if r.Variant != draughts.NoVariant {
		row.variant = r.Variant.Name()
	}
	row.setup = g.FEN()
	if row.setup != "" && r.Started {
		row.setup = r.Start.FEN()
	}
	if r.Started {
		row.standard = 0
		if r.Start == draughts.Start(r.Variant) {
			row.standard = 1
		}
		row.final = r.Final.FEN()
	}
	return row
}

// gameYear is the games table's year of g: the year of Date, else of
// UTCDate; 0 when neither has one.
func gameYear(g *pdn.Game) int {
	if y, _, _ := ParseDate(g.Date()); y > 0 {
		return y
	}
	y, _, _ := dateTag(g, utcDateTags)
	return y
}

// prepareMoves prepares the moves rows of r.
func prepareMoves(r *validate.Report, a *analyze.GameAnalysis, id string) *preparedMoves {
	n := len(r.Plies)
	m := &preparedMoves{id: id, v: r.Variant, evals: flatten(a), n: n}
	m.analysed = len(m.evals) > 0
	if n == 0 {
		return m
	}
	m.i32 = make([]int32, i32Runs*n)
	m.small = make([]uint8, smallRuns*n)
	m.hashes = make([]uint64, n+1)
	m.written = make([]string, n)
	m.fen = make([]byte, 0, 56*n)
	m.squares = make([]draughts.Square, 0, 2*n+n/2)
	ply, moveNumber, legal := m.ints(i32Ply), m.ints(i32MoveNumber), m.ints(i32Legal)
	fenEnd, sqEnd := m.ints(i32FENEnd), m.ints(i32SquaresEnd)
	side, from, to, flags, pathLen := m.bytes(smallSide), m.bytes(smallFrom), m.bytes(smallTo), m.bytes(smallFlags), m.bytes(smallPathLen)
	for i := range r.Plies {
		pl := &r.Plies[i]
		mv := &pl.Move
		m.written[i] = pl.Written
		ply[i], moveNumber[i], legal[i] = int32(pl.Ply), int32(pl.MoveNumber), int32(pl.LegalMoves)
		side[i], from[i], to[i] = uint8(pl.Side), uint8(mv.From), uint8(mv.To)
		var f uint8
		if pl.CaptureCompulsory {
			f |= flagCompulsory
		}
		if mv.Promotes {
			f |= flagPromotes
		}
		if pl.Repaired {
			f |= flagRepaired
		}
		if mv.IsCapture() {
			f |= flagCapture
			path := mv.Path()
			pathLen[i] = uint8(len(path))
			m.squares = append(m.squares, path...)
			m.squares = append(m.squares, mv.CapturedInOrder()...)
		} else {
			// The path without its allocation.
			pathLen[i] = 2
			m.squares = append(m.squares, mv.From, mv.To)
		}
		flags[i] = f
		sqEnd[i] = int32(len(m.squares))
		m.fen = pl.Before.AppendFEN(m.fen)
		fenEnd[i] = int32(len(m.fen))
		m.hashes[i] = pl.Before.PiecesHash()
		if pl.Index >= 0 && pl.Index < len(r.Game.Moves) {
			if nt := r.Game.Moves[pl.Index].Notes; nt != nil && (len(nt.Comments) > 0 || len(nt.NAGs) > 0 || nt.Strength != "") {
				if m.notes == nil {
					m.notes = make([]*pdn.Notes, n)
				}
				m.notes[i] = nt
			}
		}
	}
	m.fen = r.Final.AppendFEN(m.fen)
	m.hashes[n] = r.Final.PiecesHash()
	return m
}

// fenEnd returns the end in m.fen of FEN k: that of the position before
// ply k, or for k = m.n the final position.
func (m *preparedMoves) fenEnd(k int) int32 {
	if k == m.n {
		return int32(len(m.fen))
	}
	return m.i32[i32FENEnd*m.n+k]
}

// plyNotes returns the annotations of ply i, nil when it has none.
func (m *preparedMoves) plyNotes(i int) *pdn.Notes {
	if m.notes == nil {
		return nil
	}
	return m.notes[i]
}

// plySquares returns the path and the captured squares of ply i.
func (m *preparedMoves) plySquares(i int) (path, captured []draughts.Square) {
	start := int32(0)
	if i > 0 {
		start = m.i32[i32SquaresEnd*m.n+i-1]
	}
	end := m.i32[i32SquaresEnd*m.n+i]
	mid := start + int32(m.small[smallPathLen*m.n+i])
	return m.squares[start:mid], m.squares[mid:end]
}
