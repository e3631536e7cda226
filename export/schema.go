package export

import (
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
)

// SchemaVersion is the version of the table schemas, written as
// damka.schema. It changes when a column changes meaning or type or is
// removed; adding a column does not change it. Version 3 (issue 47)
// removed the games table's opening column: a game's one name is
// opening_name.
const SchemaVersion = "3"

// Metadata keys written in every file.
const (
	KeyVersion = "damka.version" // damka's version
	KeyVariant = "damka.variant" // the rules: a --variant name, or "auto" (each game's GameType tag)
	KeyCommand = "damka.command" // the subcommand and the options that affect the output
	KeyDepth   = "damka.depth"   // search depth of the analysis, "0" when not analysed
	KeyTable   = "damka.table"   // games, moves or positions
	KeySchema  = "damka.schema"  // SchemaVersion
	KeyPlies   = "damka.plies"   // positions only: the plies counted per game
	// KeyEngine is in the files of an analysis by an external engine
	// only (damka analyze --engine): its name, command line and settings,
	// separated by "; ".
	KeyEngine = "damka.engine"
	// KeyPartition is in the files of a partitioned dataset only: the
	// partition's folder, "variant=russian/year=1947", whose columns the
	// file leaves out.
	KeyPartition = "damka.partition"
)

// Meta is the key/value metadata of a file.
type Meta struct {
	Version string // damka.version
	Variant string // damka.variant
	// Command is damka.command: the subcommand and the arguments that
	// affect the output (inputs and options), never -j, -q or -o, so that
	// runs that differ only in those give identical bytes.
	Command string
	Depth   int // damka.depth; 0 when not analysed
	// Engine is damka.engine, written when not empty.
	Engine string
}

func (m Meta) metadata(table string, extra ...string) arrow.Metadata {
	keys := []string{KeyVersion, KeyVariant, KeyCommand, KeyDepth, KeyTable, KeySchema}
	vals := []string{m.Version, m.Variant, m.Command, strconv.Itoa(m.Depth), table, SchemaVersion}
	if m.Engine != "" {
		keys = append(keys, KeyEngine)
		vals = append(vals, m.Engine)
	}
	for i := 0; i+1 < len(extra); i += 2 {
		keys = append(keys, extra[i])
		vals = append(vals, extra[i+1])
	}
	return arrow.NewMetadata(keys, vals)
}

// Column types.
var (
	str  = arrow.BinaryTypes.String
	i32  = arrow.PrimitiveTypes.Int32
	i64  = arrow.PrimitiveTypes.Int64
	f64  = arrow.PrimitiveTypes.Float64
	i16  = arrow.PrimitiveTypes.Int16
	t32s = arrow.FixedWidthTypes.Time32s
	bln  = arrow.FixedWidthTypes.Boolean
	dt32 = arrow.FixedWidthTypes.Date32
)

func req(name string, t arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: t}
}

func opt(name string, t arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: t, Nullable: true}
}

// listOf is a list of non-null elements. The element is named "element",
// as Parquet names it, so that every format shows the same schema.
func listOf(t arrow.DataType) *arrow.ListType {
	return arrow.ListOfField(arrow.Field{Name: "element", Type: t})
}

// tagType is the type of an element of games.tags.
var tagType = arrow.StructOf(req("name", str), req("value", str))

// findingType is the type of an element of games.findings.
var findingType = arrow.StructOf(
	req("kind", str),     // validate.Kind: illegal_move, missed_capture, ...
	req("severity", str), // error or warning
	req("ply", i32),      // 1-based ply, 0 for the game as a whole
	opt("move", str),     // the move as written, NULL for the game as a whole
	req("line", i32),     // source line of the move (or of the game)
	req("column", i32),   // source column
	req("message", str),
)

// gamesFields are the columns of the games table, in order.
var gamesFields = []arrow.Field{
	req("game_id", str),     // see GameID: the record at its place
	req("game_key", str),    // see GameKey: the same rules, start and moves give the same key in any file
	req("source_file", str), // the input as named on the command line (a path given absolute: from its last element on)
	req("game_index", i32),  // 1-based index of the game in its file
	req("source_line", i32), // line of its first tag (or token)
	opt("event", str),       // tags as written (trimmed), NULL when absent or empty
	opt("site", str),
	opt("date", str),         // as written: "1947.05.12", "1.1.1987", "1950.", ...
	opt("date_parsed", dt32), // NULL unless day, month and year are all known
	opt("year", i32),         // the year of date (else of UTCDate), when it has one
	opt("utc_date", dt32),    // UTCDate, else Date, when day, month and year are all known
	opt("utc_time", t32s),    // UTCTime, else Time: "HH:MM:SS" or "HH:MM"; NULL when absent or not a time
	opt("round", str),
	opt("white", str),
	opt("black", str),
	opt("white_elo", i16),         // WhiteElo, else WhiteRating; NULL when absent or not a number in int16
	opt("black_elo", i16),         // BlackElo, else BlackRating
	opt("white_rating_diff", i16), // WhiteRatingDiff ("+12", "-7")
	opt("black_rating_diff", i16), // BlackRatingDiff
	opt("white_title", str),       // WhiteTitle; NULL when absent, empty or "?"
	opt("black_title", str),       // BlackTitle
	req("result", str),            // normalised: 2-0, 1-1, 0-2 or *
	opt("result_written", str),    // the Result tag as written, else the terminator
	opt("white_score", f64),       // White's score by result: 1, 0.5 or 0; NULL for *
	opt("outcome", str),           // the result the rules give the final position (side to move has no move), else NULL
	opt("termination", str),       // Termination tag
	opt("time_control", str),      // TimeControl tag
	opt("variant", str),           // the rules the game was replayed by ("russian"), NULL when damka cannot play it
	req("game_type", i32),         // PDN GameType number, as written or inferred
	req("variant_inferred", bln),  // no usable GameType tag: the variant was guessed
	opt("setup_fen", str),         // canonical FEN of the start position given by the record (FEN tag or setup); as written when invalid; NULL when none
	opt("standard_start", bln),    // replay started from the variant's start position; NULL when it could not start
	req("tags", listOf(tagType)),  // every tag in source order, duplicates kept
	req("plies_written", i32),     // moves of the main line as written
	req("plies_replayed", i32),    // plies replayed (rows of moves)
	req("stopped", bln),           // replay stopped before the last written move
	req("status", str),            // clean, warnings, errors, unreadable or unchecked (a variant damka does not play)
	req("errors", i32),            // findings of severity error
	req("findings", listOf(findingType)),
	opt("opening_moves", str), // the first plies (WithOpeningPlies), numbered, full paths: "1. c3-d4 f6-g5 2. ..."
	req("movetext", str),      // the main line as PDN movetext, numbered, no tags (Movetext)
	opt("final_fen", str),     // canonical FEN after the last replayed ply, NULL when replay could not start
	req("encoding", str),      // utf-8, utf-16le, utf-16be, windows-1251, cp866 or koi8-r: how the record was decoded
	opt("opening_name", str),  // the name of the deepest named position of package openings the game passes through; NULL when none
}

// movesFields are the columns of the moves table, in order.
var movesFields = []arrow.Field{
	req("game_id", str),
	req("ply", i32),              // 1-based half-move of the main line
	req("move_number", i32),      // move number as the record numbers it
	req("side", str),             // white or black: the side that moved
	req("move_written", str),     // as written: "c3:g3", "22-18", ...
	req("move", str),             // canonical, every landing square: "c3:e5:g3"
	req("from", str),             // "c3"
	req("to", str),               // "g3"
	req("path", listOf(str)),     // start and every landing square
	req("captured", listOf(str)), // captured squares in capture order
	req("is_capture", bln),
	req("capture_was_compulsory", bln), // a capture was available (R-CAP-1); with is_capture false: a missed capture
	req("promotes", bln),
	req("repaired", bln),     // a repair (damka export --repair) made or moved the ply: move_written is what the record had ("" for a move left out)
	req("legal_moves", i32),  // legal moves of the position, capture paths with the same result counted once
	req("fen_before", str),   // canonical FEN of the position before the move
	req("fen_after", str),    // and after it
	req("hash_before", i64),  // Zobrist hash of the position before the move, its 64 bits as a signed integer
	req("hash_after", i64),   // and after it
	opt("comment", str),      // the comments written after the move, joined by a space; NULL when none
	req("nags", listOf(i32)), // its $n annotations as written, in order (empty when none)
	opt("strength", str),     // its move strength as written: "!", "?!", ...; NULL when none
	// Analysis: NULL when not analysed.
	opt("depth", i32),             // search depth
	opt("eval_before", i32),       // best-play evaluation before the move, centi-men, mover's view; NULL when decisive (mate_before)
	opt("eval_before_white", i32), // the same from White's view
	opt("mate_before", i32),       // a forced end before the move: plies to it, > 0 when the mover wins, < 0 when it loses; NULL otherwise
	opt("best_move", str),         // the engine's move, full path
	opt("best_pv", listOf(str)),   // its principal variation
	opt("eval_after", i32),        // evaluation after the move played, centi-men, mover's view; NULL when decisive (mate_after)
	opt("mate_after", i32),        // a forced end after the move played: plies to it from the position before the move (the move included), signed for the mover
	opt("loss", i32),              // what the move cost the mover, centi-men (>= 0; a forced win or loss counts as 10000)
	opt("class", str),             // the analysis' verdict: best, good, inaccuracy, mistake, blunder ...
	opt("nodes", i64),             // nodes searched
	opt("verdict_depth", i32),     // depth of the searches that decided class: depth, or deeper when the verdict was verified
	opt("table_before", str),      // the exact result before the move, mover's view, from the endgame databases: win, draw or loss; NULL where they hold no result
	opt("table_after", str),       // and after it, mover's view
}

// positionsFields are the columns of the positions table, in order.
var positionsFields = []arrow.Field{
	req("variant", str),
	req("hash", i64),          // Zobrist hash of the position, as hash_before
	req("fen", str),           // its canonical FEN
	req("side", str),          // side to move
	req("move", str),          // the move played from it, full path
	req("min_ply", i32),       // the earliest ply at which it was played
	req("games", i64),         // games in which the move was played from the position
	req("white_wins", i64),    // of those, games White won (result 2-0)
	req("draws", i64),         // drawn (1-1)
	req("black_wins", i64),    // won by Black (0-2)
	opt("score", f64),         // the mover's score over the games with a result: (wins + draws/2) / (white_wins+draws+black_wins); NULL when none
	opt("avg_eval", f64),      // mean eval_after (mover's view) over the analysed games where it is not decisive, NULL when none
	req("first_game_id", str), // the first game, in input order, that played it
	opt("opening_name", str),  // the position's name in package openings' table, NULL when it has none
}

// GamesSchema returns the schema of the games table, with m as metadata.
// Its columns, in order (the files of a partitioned dataset leave out
// those of the partition):
//
//   - game_id (string): see GameID: the record at its place
//   - game_key (string): see GameKey: the same rules, start and moves give
//     the same key in any file
//   - source_file (string): the input as named on the command line (a path
//     given absolute: from its last element on)
//   - game_index (int32): 1-based index of the game in its file
//   - source_line (int32): line of its first tag (or token)
//   - event (string, nullable): the Event tag as written (trimmed), NULL
//     when absent or empty; site, round, white and black likewise
//   - site (string, nullable): as event
//   - date (string, nullable): as written: "1947.05.12", "1.1.1987",
//     "1950.", ...
//   - date_parsed (date32, nullable): NULL unless day, month and year are
//     all known
//   - year (int32, nullable): the year of date (else of UTCDate), when it
//     lies within one year (ParseDate: as select --from/--to reads it)
//   - utc_date (date32, nullable): UTCDate, else Date, when day, month and
//     year are all known
//   - utc_time (time32[s], nullable): UTCTime, else Time: "HH:MM:SS" or
//     "HH:MM"; NULL when absent or not a time
//   - round (string, nullable): as event
//   - white (string, nullable): as event
//   - black (string, nullable): as event
//   - white_elo (int16, nullable): WhiteElo, else WhiteRating; NULL when
//     absent or not a number in int16
//   - black_elo (int16, nullable): BlackElo, else BlackRating
//   - white_rating_diff (int16, nullable): WhiteRatingDiff ("+12", "-7")
//   - black_rating_diff (int16, nullable): BlackRatingDiff
//   - white_title (string, nullable): WhiteTitle; NULL when absent, empty or
//     "?"
//   - black_title (string, nullable): BlackTitle
//   - result (string): normalised: 2-0, 1-1, 0-2 or *
//   - result_written (string, nullable): the Result tag as written, else the
//     terminator
//   - white_score (float64, nullable): White's score by result: 1, 0.5 or 0;
//     NULL for *
//   - outcome (string, nullable): the result the rules give the final
//     position (side to move has no move), else NULL
//   - termination (string, nullable): Termination tag
//   - time_control (string, nullable): TimeControl tag
//   - variant (string, nullable): the rules the game was replayed by
//     ("russian"), NULL when damka cannot play it
//   - game_type (int32): PDN GameType number, as written or inferred
//   - variant_inferred (bool): no usable GameType tag: the variant was
//     guessed
//   - setup_fen (string, nullable): canonical FEN of the start position
//     given by the record (FEN tag or setup); as written when invalid; NULL
//     when none
//   - standard_start (bool, nullable): replay started from the variant's
//     start position; NULL when it could not start
//   - tags (list<struct<name, value string>>): every tag in source order,
//     duplicates kept
//   - plies_written (int32): moves of the main line as written
//   - plies_replayed (int32): plies replayed (rows of moves)
//   - stopped (bool): replay stopped before the last written move
//   - status (string): clean, warnings, errors, unreadable or unchecked (a
//     variant damka does not play)
//   - errors (int32): findings of severity error
//   - findings (list<struct<kind, severity string, ply int32, move string
//     (NULL when no move was written), line, column int32, message
//     string>>): the findings of validate, in order
//   - opening_moves (string, nullable): the first plies (WithOpeningPlies),
//     numbered, full paths: "1. c3-d4 f6-g5 2. ..."
//   - movetext (string): the main line as PDN movetext, numbered, no tags
//     (Movetext)
//   - final_fen (string, nullable): canonical FEN after the last replayed
//     ply, NULL when replay could not start
//   - encoding (string): utf-8, utf-16le, utf-16be, windows-1251, cp866 or
//     koi8-r: how the record was decoded
//   - opening_name (string, nullable): the game's one opening name: the
//     name of the deepest named position of package openings' table the
//     game passes through, transpositions included (openings.Name, which
//     select --opening and the report's Openings section use too); NULL
//     when none. It never comes from the Opening tag (in tags).
func GamesSchema(m Meta) *arrow.Schema {
	md := m.metadata("games")
	return arrow.NewSchema(gamesFields, &md)
}

// MovesSchema returns the schema of the moves table, with m as metadata.
// Its columns, in order; the analysis ones, from depth on, are NULL where
// a ply was not analysed:
//
//   - game_id (string): the moves' game (games.game_id)
//   - ply (int32): 1-based half-move of the main line
//   - move_number (int32): move number as the record numbers it
//   - side (string): white or black: the side that moved
//   - move_written (string): as written: "c3:g3", "22-18", ...
//   - move (string): canonical, every landing square: "c3:e5:g3"
//   - from (string): "c3"
//   - to (string): "g3"
//   - path (list<string>): start and every landing square
//   - captured (list<string>): captured squares in capture order
//   - is_capture (bool): the move captures
//   - capture_was_compulsory (bool): a capture was available (R-CAP-1); with
//     is_capture false: a missed capture
//   - promotes (bool): the move makes a king
//   - repaired (bool): a repair (damka export --repair) made or moved the
//     ply: move_written is what the record had ("" for a move left out)
//   - legal_moves (int32): legal moves of the position, capture paths with
//     the same result counted once
//   - fen_before (string): canonical FEN of the position before the move
//   - fen_after (string): and after it
//   - hash_before (int64): Zobrist hash of the position before the move, its
//     64 bits as a signed integer
//   - hash_after (int64): and after it
//   - comment (string, nullable): the comments written after the move,
//     joined by a space; NULL when none
//   - nags (list<int32>): its $n annotations as written, in order (empty
//     when none)
//   - strength (string, nullable): its move strength as written: "!", "?!",
//     ...; NULL when none
//   - depth (int32, nullable): search depth
//   - eval_before (int32, nullable): best-play evaluation before the move,
//     centi-men, mover's view; NULL when decisive (mate_before)
//   - eval_before_white (int32, nullable): the same from White's view
//   - mate_before (int32, nullable): a forced end before the move: plies to
//     it, > 0 when the mover wins, < 0 when it loses; NULL otherwise
//   - best_move (string, nullable): the engine's move, full path
//   - best_pv (list<string>, nullable): its principal variation
//   - eval_after (int32, nullable): evaluation after the move played, centi-
//     men, mover's view; NULL when decisive (mate_after)
//   - mate_after (int32, nullable): a forced end after the move played:
//     plies to it from the position before the move (the move included),
//     signed for the mover
//   - loss (int32, nullable): what the move cost the mover, centi-men (>= 0;
//     a forced win or loss counts as 10000)
//   - class (string, nullable): the analysis' verdict: best, good,
//     inaccuracy, mistake, blunder ...
//   - nodes (int64, nullable): nodes searched
//   - verdict_depth (int32, nullable): the depth of the searches that
//     decided class: depth, or deeper when verification searched the
//     move again (eval_before, eval_after, best_move, best_pv and loss are
//     those of that depth)
//   - table_before (string, nullable): the exact result of the position
//     before the move, for the mover, where the endgame databases hold it
//     (damka analyze --egtb, or the databases in the user cache): win,
//     draw or loss; NULL where they do not, or without databases
//   - table_after (string, nullable): the same after the move, for the
//     mover: a table_before win with a table_after draw or loss is a win
//     thrown away, whatever the search's scores
func MovesSchema(m Meta) *arrow.Schema {
	md := m.metadata("moves")
	return arrow.NewSchema(movesFields, &md)
}

// PositionsSchema returns the schema of the positions table over the
// first plies plies, with m as metadata. Its columns, in order:
//
//   - variant (string): the rules (as games.variant)
//   - hash (int64): Zobrist hash of the position, as hash_before
//   - fen (string): its canonical FEN
//   - side (string): side to move
//   - move (string): the move played from it, full path
//   - min_ply (int32): the earliest ply at which it was played
//   - games (int64): games in which the move was played from the position
//   - white_wins (int64): of those, games White won (result 2-0)
//   - draws (int64): drawn (1-1)
//   - black_wins (int64): won by Black (0-2)
//   - score (float64, nullable): the mover's score over the games with a
//     result: (wins + draws/2) / (white_wins+draws+black_wins); NULL when
//     none
//   - avg_eval (float64, nullable): mean eval_after (mover's view) over the
//     analysed games where it is not decisive, NULL when none
//   - first_game_id (string): the first game, in input order, that played it
//   - opening_name (string, nullable): the position's name in package
//     openings' table (openings.Lookup), NULL when it has none
func PositionsSchema(m Meta, plies int) *arrow.Schema {
	md := m.metadata("positions", KeyPlies, strconv.Itoa(plies))
	return arrow.NewSchema(positionsFields, &md)
}

// noStatistics lists the columns whose min/max statistics would never
// let a reader skip a row group (every row group holds both sides, random
// hashes and ids, FENs from everywhere): computing them costs the writer
// about 5% of its time for nothing. The other columns have statistics.
var noStatistics = map[string][]string{
	"moves": {"game_id", "side", "move_written", "move", "from", "to", "path.list.element", "captured.list.element",
		"fen_before", "fen_after", "hash_before", "hash_after", "comment", "best_move", "best_pv.list.element"},
}

// noDictionary lists the columns whose values rarely repeat: dictionary
// encoding would only cost time before it falls back to plain.
var noDictionary = map[string][]string{
	"games":     {"game_id", "game_key", "final_fen", "source_line", "movetext"},
	"moves":     {"fen_before", "fen_after", "hash_before", "hash_after", "nodes"},
	"positions": {"hash", "fen", "first_game_id"},
}
