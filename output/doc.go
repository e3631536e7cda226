// Package output is the home of what a damka run writes.
//
// The files of a run (Open, Set): every output a command was asked for
// (a Target: a file, a folder of files or datasets, or standard output)
// is checked and created under a temporary name before the first game is
// read, and they are put in place together at the end (atomicfile.Set):
// a run that fails or is interrupted leaves every output as it was, and
// no folder it made. Two outputs that name one file, an output that is
// an input, a folder where a file is wanted are refused before anything
// is read.
//
// The tables (Layout, Tables, Positions): the games and moves tables as
// files, a stream on standard output or partitioned datasets, and the
// positions table as one file (PositionsFile) or a dataset
// (PositionsDataset); the analysis of damka analyze (Analysis: the
// tables, annotated.pdn and report.html).
//
// The PDN damka writes of the games it read and replayed: clean's
// canonical games (Clean) and its rejects, each with its findings
// (WriteReject), the whole of clean's writing as a sink of a run
// (Cleaner, with the Spool of --drop-duplicates), select's games as read
// or canonical (Copier, Canonical), and analyze's annotated games
// (Annotate). A game is written with pdn.Writer; the rejects as they
// were read.
//
// A run into the outputs (Run): pipeline.Run, each game's result handed
// to the writers, then their closers in order (a table's footer, the
// spooled games, a report), the buffers of the files flushed, standard
// output's sinks closed, and the files put in place together. Every
// write, close or commit that fails is an *Error (Failed), which the
// command line maps to exit status 3, and leaves the files as they were.
// Write is the same for a command that reads no games.
//
// Standard output as a checked sink (Sink): what a command prints goes
// through a buffer, the first write that fails is kept, every later
// write fails with it and writes nothing, and Flush and Close return it
// as an *fs.PathError whose Op is "write" and whose Path names the stream
// ("write standard output: no space left on device"), the error the
// command line maps to exit status 3. A sink can share the terminal with
// a progress bar drawn on stderr (Bar): it writes whole lines, and clears
// the bar first.
package output
