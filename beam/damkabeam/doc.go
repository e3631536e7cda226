// Package damkabeam is damka's pipeline on Apache Beam: Build adds to a
// Beam pipeline the reading of draughts archives (files, folders, globs,
// on any of Beam's filesystems), the replay and validation of every
// game, with Options.Depth the analysis of every distinct position of
// the whole archive once, and the writing of the games, moves and
// positions datasets and of a summary under Options.Out. The rows are
// those damka export, damka openings and damka analyze --depth write for
// the same input, whatever the runner, its workers and its bundles:
//
//   - the inputs are listed when the pipeline is built, in damka's order;
//     a file is read whole by one worker (pipeline.File), so that the
//     reader's state and the game's index in its file are damka's;
//   - every game gets its rank, its place among all the games, from the
//     count of games of each input (a side input), and goes to the shard
//     of its rank: a run of consecutive games (rank.go);
//   - with analysis, every analysable ply becomes a task keyed by its
//     position (variant and FEN), grouped by position in buckets; each
//     distinct (position, move) is analysed once (analyze.Searcher's
//     AnalyzePly, a function of the position, the move and the options)
//     and its analysis goes to every ply that played it (analysis.go);
//   - a shard's writer replays its games in rank order, puts the
//     analyses on their plies and writes the rows through package
//     pipeline and the export package's partitioned writers, its files
//     named after the shard; the positions tables of the shards are
//     merged a partition at a time (write.go);
//   - the counts of the shards and the messages about the inputs make
//     the summary, damka check's (summary.go).
//
// The DoFns' configuration travels to the workers as the JSON of their
// exported fields (config). beam/cmd/damka-beam is the command.
package damkabeam
