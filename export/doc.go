// Package export writes replayed (and analysed) games as tables that data
// tools read directly: Apache Parquet files, or Arrow IPC files and
// streams, made with Apache Arrow for Go; one file a table, or a
// partitioned dataset of files a table.
//
// # Tables
//
// Three tables, with column names in snake_case, as in the Lichess
// database. Their schemas are GamesSchema, MovesSchema and
// PositionsSchema; each column is described there.
//
//   - games: one row per game record (GamesWriter): ids, the tags as
//     written (tags) and read into columns (white_elo, utc_date, utc_time,
//     time_control...), the result and white_score, the variant, status
//     and findings, the first moves (opening_moves), the movetext
//     (Movetext), the final position; last, opening_name, the game's one
//     opening name: that of package openings' table for the deepest named
//     position the game passes through (transpositions included), the
//     name select --opening and the report give it too.
//   - moves: one row per replayed ply (MovesWriter). The analysis columns
//     (depth, eval_before, eval_before_white, mate_before, best_move,
//     best_pv, eval_after, mate_after, loss, class, nodes, verdict_depth)
//     are always present and NULL where a ply was not analysed, so that
//     one schema serves damka export and damka analyze; where a score is a
//     forced win or loss, eval_before and eval_after are NULL and
//     mate_before and mate_after hold the plies to the end (see
//     analyze.Score).
//     table_before and table_after, the last columns, are the exact
//     results the endgame databases hold (analyze.PlyAnalysis.TableBefore).
//     verdict_depth came with verified verdicts (damka
//     analyze searches a bad move again deeper before it judges it): the
//     depth whose searches decided class; eval_before, eval_after,
//     best_move, best_pv and loss are those of that depth, depth is the
//     nominal depth of the analysis. The boolean repaired is set on the
//     plies a repair made or moved (validate.Ply.Repaired: damka export
//     --repair mends the moves that do not replay when it is certain what
//     was meant); move_written then holds what the record had there, ""
//     for a move left out of it. comment, nags and strength are the move's
//     annotations as written.
//   - positions: opening statistics, like an opening explorer: one row
//     per (variant, position, move) over the first plies of every game
//     (Openings). Positions are keyed by their Zobrist hash, so
//     transpositions count together; opening_name, the last column, names
//     the positions of package openings' table.
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
// game_key is the same for the same game in any record: the same rules,
// start position and moves, whatever the file, tags, notation or
// annotations. See GameKey for its definition.
//
// hash_before, hash_after and hash are the engine's Zobrist hashes
// (draughts.Position.Hash), whose keys are fixed and documented in the
// draughts package, so a hash means the same position in every file and
// version. They are stored as int64: the same 64 bits read as a signed
// integer, a type every tool has (uint64(h) gives the hash back).
//
// # Files
//
// Parquet files are written with zstd compression (WithCompression),
// dictionary encoding (except for columns whose values rarely repeat:
// FENs, hashes, ids), min/max statistics (except where they could never
// prune a row group: FENs, hashes, ids and square names of moves), and the
// Arrow schema stored in the metadata (ARROW:schema), so that Arrow
// readers get the exact types back (but a time32[s] column, which Parquet
// stores in milliseconds). Rows are added in order and flushed as one
// record batch, which is one Parquet row group, every DefaultRowGroupRows
// rows (WithRowGroupRows): memory stays bounded whatever the size of the
// input. A full batch is built (its Arrow columns in parallel) and encoded
// by pqarrow on another goroutine while the next one fills, and batches
// are written one at a time, in order, so that the bytes never depend on
// the scheduling or on the number of cores. Arrow IPC output (the file
// format, or the stream format for pipes) holds the same record batches,
// uncompressed unless WithCompression asks, so that every Arrow reader
// (Arrow JS has no codecs) opens it; its buffers are 8-byte aligned.
//
// Every file carries key/value metadata (in the Arrow schema, and so in
// the Parquet footer too): damka.version, damka.variant, damka.command,
// damka.depth ("0" when not analysed), damka.table and damka.schema (the
// version of these schemas, SchemaVersion); the positions table adds
// damka.plies, and the files of a partitioned dataset damka.partition.
// There are no timestamps: the same input and options give the same
// bytes.
//
// # Datasets
//
// PartitionedWriter writes the games or the moves table, and
// PartitionedOpenings the positions table of each partition, as a dataset
// in the Hive layout (DatasetOptions): a folder per partition,
// games/variant=russian/year=1947/part-00000.parquet, files of at most
// MaxRowsPerFile rows. The partition columns are in the path, not in the
// files; a NULL value is the folder DefaultPartition. They take games in
// any order of partitions and write each partition's in the order they
// come, through a CreateFunc, so that a pipeline that shards the games
// (FilePrefix names each shard's files) can write the same layout.
//
// # Adding rows
//
// Most of the work of a row is done before it is added, where games are
// replayed: PrepareGame computes a game's rows (ids, FENs, hashes, paths,
// dates, movetext...) and reads only the report, so that many goroutines
// can prepare games at once; GamesWriter.AddPrepared,
// MovesWriter.AddPrepared and PartitionedWriter.AddPrepared then add
// them, in order, at little cost. A batch of the moves table is the list
// of its prepared games, whose columns are built into Arrow buffers on the
// encoding goroutines, one column each; the Add methods prepare and add in
// one call.
package export
