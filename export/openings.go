package export

import (
	"cmp"
	"fmt"
	"io"
	"slices"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/openings"
	"github.com/damka/damka/validate"
)

// DefaultOpeningsPlies is the number of plies of each game the positions
// table counts by default.
const DefaultOpeningsPlies = 24

// Openings gathers the positions table: for every position reached in the
// first plies of the games and every move played from it, how many games
// played it and how they ended. Positions are keyed by variant and
// Zobrist hash, so that transpositions count together: the hash of the
// position as its FEN gives it (draughts.Position.PiecesHash), without
// Frisian's count of a king's quiet moves, which the FEN column does not
// show either, and which its binary form (MarshalBinary) reads back from
// the FEN.
//
// A game counts once per (position, move), with its declared result
// (Report.Result). Counting stops at the end of its replay and before a
// ply that was not a legal move (a missed capture): the positions after
// it are off the rules. Games with an unknown result count in games but
// in none of white_wins, draws and black_wins.
//
// Memory grows with the number of distinct (position, move) pairs, not
// with the number of games.
type Openings struct {
	maxPly int
	games  int
	stats  map[openingKey]*openingStats
}

type openingKey struct {
	variant draughts.Variant
	hash    uint64
	move    string
}

type openingStats struct {
	pos                 draughts.Position
	minPly              int
	games               int64
	white, draws, black int64
	evalSum             float64
	evals               int64
	firstGame           string
	firstOrder          int64 // of the first game (AddPreparedAt)
	lastGame            int   // games counter of the last game counted, to count a game once
}

// NewOpenings starts gathering over the first maxPly plies of each game
// (DefaultOpeningsPlies when maxPly < 1).
func NewOpenings(maxPly int) *Openings {
	if maxPly < 1 {
		maxPly = DefaultOpeningsPlies
	}
	return &Openings{maxPly: maxPly, stats: map[openingKey]*openingStats{}}
}

// MaxPly is the number of plies counted per game.
func (o *Openings) MaxPly() int { return o.maxPly }

// Len is the number of rows gathered so far.
func (o *Openings) Len() int { return len(o.stats) }

// Add counts the first plies of a game. Its analysis a, if any, gives
// avg_eval (the score after the move, from the mover's view, where it is
// not decisive).
func (o *Openings) Add(r *validate.Report, a *analyze.GameAnalysis) { o.add(r, a, "", -1) }

// AddPrepared counts the first plies of a prepared game, with the
// analysis it was prepared with: Add, without computing game_id again.
func (o *Openings) AddPrepared(p *Prepared) { o.add(p.r, p.a, p.game.id, -1) }

// AddPreparedAt is AddPrepared for a game whose place in the input is
// order (at least 0; any key that sorts the games in input order), for
// tables gathered in parts and merged (Merge): a row's first_game_id is
// the game of least order. Add and AddPrepared place a game after every
// game added before it; do not mix them with AddPreparedAt in one table.
func (o *Openings) AddPreparedAt(p *Prepared, order int64) {
	o.add(p.r, p.a, p.game.id, max(order, 0))
}

// add is Add, with the game's id when it is known, at order (-1: after
// the games added so far).
func (o *Openings) add(r *validate.Report, a *analyze.GameAnalysis, id string, order int64) {
	if r.Variant == draughts.NoVariant || len(r.Plies) == 0 {
		return
	}
	o.games++
	if order < 0 {
		order = int64(o.games)
	}
	for i := range r.Plies {
		pl := &r.Plies[i]
		if pl.Ply > o.maxPly || pl.Illegal {
			break
		}
		if id == "" {
			id = GameID(r.Game)
		}
		k := openingKey{r.Variant, pl.Before.PiecesHash(), pl.Move.String()}
		st := o.stats[k]
		if st == nil {
			st = &openingStats{pos: pl.Before, minPly: pl.Ply, firstGame: id, firstOrder: order}
			o.stats[k] = st
		} else if st.lastGame == o.games {
			continue // the game came back to the position and played the move again
		} else if order < st.firstOrder {
			st.pos, st.firstGame, st.firstOrder = pl.Before, id, order
		}
		st.lastGame = o.games
		st.minPly = min(st.minPly, pl.Ply)
		st.games++
		switch r.Result {
		case "2-0":
			st.white++
		case "1-1":
			st.draws++
		case "0-2":
			st.black++
		}
		if pa := a.Ply(i); pa != nil && !pa.After.IsDecisive() {
			st.evalSum += float64(pa.After)
			st.evals++
		}
	}
}

// Merge adds the counts of other, gathered over other games (in parts of
// one input, each added with AddPreparedAt), as if its games had been
// added to o: the rows are those of one table of all the games, whatever
// the parts and the order they are merged in. Both must count the same
// plies (MaxPly).
func (o *Openings) Merge(other *Openings) error {
	if other.maxPly != o.maxPly {
		return fmt.Errorf("export: positions tables of %d and %d plies cannot merge", o.maxPly, other.maxPly)
	}
	o.games += other.games
	for k, b := range other.stats {
		a := o.stats[k]
		if a == nil {
			c := *b
			c.lastGame = 0
			o.stats[k] = &c
			continue
		}
		a.minPly = min(a.minPly, b.minPly)
		a.games += b.games
		a.white += b.white
		a.draws += b.draws
		a.black += b.black
		a.evalSum += b.evalSum // sums of integers: exact in any order
		a.evals += b.evals
		if b.firstOrder < a.firstOrder {
			a.pos, a.firstGame, a.firstOrder = b.pos, b.firstGame, b.firstOrder
		}
	}
	return nil
}

// openingRow is one row of the positions table.
type openingRow struct {
	key openingKey
	*openingStats
}

// rows returns the rows in the order of the table: by variant, earliest
// ply, hash, most played first, move.
func (o *Openings) rows() []openingRow {
	rows := make([]openingRow, 0, len(o.stats))
	for k, st := range o.stats {
		rows = append(rows, openingRow{k, st})
	}
	slices.SortFunc(rows, func(a, b openingRow) int {
		return cmp.Or(
			cmp.Compare(a.key.variant.Name(), b.key.variant.Name()),
			cmp.Compare(a.minPly, b.minPly),
			cmp.Compare(a.key.hash, b.key.hash),
			cmp.Compare(b.games, a.games),
			cmp.Compare(a.key.move, b.key.move),
		)
	})
	return rows
}

// Write writes the positions table to w in format f. It does not close w.
func (o *Openings) Write(w io.Writer, f Format, meta Meta, opts ...Option) error {
	return o.write(o.rows(), w, f, meta, opts...)
}

// write writes rows of the positions table to w.
func (o *Openings) write(rows []openingRow, w io.Writer, f Format, meta Meta, opts ...Option) error {
	c := newConfig(opts)
	t, err := newTable(w, f, "positions", PositionsSchema(meta, o.maxPly), c)
	if err != nil {
		return err
	}
	t.useBuilders(c.mem)
	col := func(name string) array.Builder { return t.cols[fieldIndex(positionsFields, name)] }
	variant := col("variant").(*array.StringBuilder)
	hash := col("hash").(*array.Int64Builder)
	fen := col("fen").(*array.StringBuilder)
	side := col("side").(*array.StringBuilder)
	move := col("move").(*array.StringBuilder)
	minPly := col("min_ply").(*array.Int32Builder)
	games := col("games").(*array.Int64Builder)
	white := col("white_wins").(*array.Int64Builder)
	draws := col("draws").(*array.Int64Builder)
	black := col("black_wins").(*array.Int64Builder)
	score := col("score").(*array.Float64Builder)
	avg := col("avg_eval").(*array.Float64Builder)
	first := col("first_game_id").(*array.StringBuilder)
	name := col("opening_name").(*array.StringBuilder)
	for _, r := range rows {
		variant.Append(r.key.variant.Name())
		hash.Append(int64(r.key.hash))
		fen.Append(r.pos.FEN())
		side.Append(sideName(r.pos.Side))
		move.Append(r.key.move)
		minPly.Append(int32(r.minPly))
		games.Append(r.games)
		white.Append(r.white)
		draws.Append(r.draws)
		black.Append(r.black)
		if decided := r.white + r.draws + r.black; decided > 0 {
			wins := r.white
			if r.pos.Side == draughts.Black {
				wins = r.black
			}
			score.Append((float64(wins) + float64(r.draws)/2) / float64(decided))
		} else {
			score.AppendNull()
		}
		if r.evals > 0 {
			avg.Append(r.evalSum / float64(r.evals))
		} else {
			avg.AppendNull()
		}
		first.Append(r.firstGame)
		if e := openings.Lookup(r.key.variant, &r.pos); e != nil {
			name.Append(e.Name)
		} else {
			name.AppendNull()
		}
		if err := t.row(); err != nil {
			t.close()
			return err
		}
	}
	return t.close()
}
