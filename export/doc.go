// Package export writes replayed (and analysed) games as tables that data
// tools read directly: Apache Parquet files, or Arrow IPC files and
// streams, made with Apache Arrow for Go.
//
// # Tables
//
// Three tables, with column names in snake_case. Their schemas are
// GamesSchema, MovesSchema and PositionsSchema; each column is described
// there.
//
//   - games: one row per game record (GamesWriter).
//   - moves: one row per replayed ply (MovesWriter). The analysis columns
//     (depth, eval_before, eval_before_white, best_move, best_pv,
//     eval_after, loss, class, nodes) are always present and NULL where a
//     ply was not analysed, so that one schema serves damka export and
//     damka analyze. The boolean repaired is set on the plies a repair
//     made or moved (validate.Ply.Repaired: damka export --repair mends
//     the moves that do not replay when it is certain what was meant);
//     move_written then holds what the record had there, "" for a move
//     left out of it.
//   - positions: opening statistics, like an opening explorer: one row
//     per (variant, position, move) over the first plies of every game
//     (Openings). Positions are keyed by their Zobrist hash, so
//     transpositions count together.
//
// # Identifiers and hashes
//
// game_id is the same for the same record at the same place, on every run
// and machine: the first 8 bytes of the SHA-256 of
//
//	base name of the source file + "\x00" + game index (decimal, 1-based) + "\x00" + text
//
// written as 16 lower-case hex digits, where the base name is the last
// element of the input name as given ("-" for standard input), and text
// is the game's raw source text decoded to UTF-8 (pdn.Game.Raw) with line
// ends normalised to "\n" and leading and trailing white space removed.
// See GameID.
//
// hash_before, hash_after and hash are the engine's Zobrist hashes
// (draughts.Position.Hash), whose keys are fixed and documented in the
// draughts package, so a hash means the same position in every file and
// version.
//
// # Files
//
// Parquet files are written with zstd compression, dictionary encoding
// (except for columns whose values rarely repeat: FENs, hashes, game_id
// in games), min/max statistics (except where they could never prune a
// row group: FENs, hashes, ids and square names of moves), and the Arrow
// schema stored in the metadata (ARROW:schema), so that Arrow readers get
// the exact types back. Rows are added in order and flushed as one record
// batch, which is one Parquet row group, every DefaultRowGroupRows rows
// (WithRowGroupRows): memory stays bounded whatever the size of the
// input. A full batch is built (its Arrow columns in parallel) and
// encoded by pqarrow on another goroutine while the next one fills, and
// batches are written one at a time,
// in order, so that the bytes never depend on the scheduling or on the
// number of cores. Arrow IPC output (the file format, or the stream
// format for pipes) holds the same record batches, zstd-compressed.
//
// Every file carries key/value metadata (in the Arrow schema, and so in
// the Parquet footer too): damka.version, damka.variant, damka.command,
// damka.depth ("0" when not analysed), damka.table and damka.schema (the
// version of these schemas, SchemaVersion); the positions table adds
// damka.plies. There are no timestamps: the same input and options give
// the same bytes.
//
// # Adding rows
//
// Most of the work of a row is done before it is added, where games are
// replayed: PrepareGame computes a game's rows (ids, FENs, hashes, paths,
// dates...) and reads only the report, so that many goroutines can
// prepare games at once; GamesWriter.AddPrepared and
// MovesWriter.AddPrepared then add them, in order, at little cost. A
// batch of the moves table is the list of its prepared games, whose
// columns are built into Arrow buffers on the encoding goroutines, one
// column each; the Add methods prepare and add in one call.
package export
