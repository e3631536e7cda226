// Package output is the home of what a damka run writes.
//
// It holds, for now, standard output as a checked sink (Sink): what a
// command prints goes through a buffer, the first write that fails is
// kept, every later write fails with it and writes nothing, and Flush and
// Close return it as an *fs.PathError whose Op is "write" and whose Path
// names the stream ("write standard output: no space left on device"),
// the error the command line maps to exit status 3. A sink can share the
// terminal with a progress bar drawn on stderr (Bar): it writes whole
// lines, and clears the bar first.
//
// The rest of what a run writes moves here next (issue 45): the
// all-or-none set of output files, the table writers, the PDN writers,
// and a Run that drives pipeline.Run into the sinks, closes them in
// order and commits, with one error value for every write, close or
// commit that fails.
package output
