package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/export"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

// ExportOptions are the flags of damka export.
type ExportOptions struct {
	Output string
	Table  string
	gameFlags
	Repair bool
	layoutFlags
	shape *shapes // the flags that shape the output, for damka.command
}

// AddFlags adds the export flags to fs.
func (o *ExportOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "directory to write the tables to (required; - streams one table as Arrow IPC to standard output)")
	fs.StringVar(&o.Table, "table", "moves", "with -o -: the table to stream, games or moves")
	o.gameFlags.addFlags(fs, "games replayed at once (default: all cores); the output is the same whatever it is")
	fs.BoolVar(&o.Repair, "repair", false, "mend the moves that do not replay when one repair is certain, as damka clean --repair does (moves.repaired)")
	o.layoutFlags.addFlags(fs, "file format: parquet (the default) or arrow (Arrow IPC files)")
	o.shape = newShapes(fs)
	stdout := func() bool { return o.Output == "-" }
	o.shape.markFormat(&o.layoutFlags, stdout)
	o.shape.mark("table", shape{always: true, when: stdout})
	o.shape.mark("variant", shape{})
	o.shape.mark("repair", shape{})
	o.shape.markLayout(&o.layoutFlags)
}

// layoutFlags are the flags of the files' format and layout, shared by
// export, analyze and openings.
type layoutFlags struct {
	Format         string
	Compression    string
	PartitionBy    string
	MaxRowsPerFile int64
}

func (f *layoutFlags) addFlags(fs *pflag.FlagSet, formatHelp string) {
	fs.StringVar(&f.Format, "format", "", formatHelp)
	fs.StringVar(&f.Compression, "compression", "", "none, lz4 or zstd (default: zstd for Parquet; Arrow IPC uncompressed, which every Arrow reader opens)")
	fs.StringVar(&f.PartitionBy, "partition-by", "", "write each table as a dataset, a folder per partition: variant, year, or both in the order wanted (OUT/games/variant=russian/year=1947/part-00000.parquet)")
	fs.Int64Var(&f.MaxRowsPerFile, "max-rows-per-file", 0, fmt.Sprintf("rows of a dataset's file before a partition goes on in the next one (default: about 256 MB of Parquet: %d games, %d moves, %d positions)",
		export.DefaultMaxGamesPerFile, export.DefaultMaxMovesPerFile, export.DefaultMaxPositionsPerFile))
}

// check validates the flags of cmd, which writes to standard output
// (Arrow IPC) when stdout is set.
func (f *layoutFlags) check(cmd string, stdout bool) error {
	if _, err := parseFormat(f.Format); err != nil {
		return fmt.Errorf("%s: --format: %w", cmd, err)
	}
	if stdout && f.Format == "parquet" {
		return fmt.Errorf("%s: -o - streams Arrow IPC; --format parquet needs a file", cmd)
	}
	return f.layout().Check(cmd, stdout)
}

// layout is the layout of the tables of the flags.
func (f *layoutFlags) layout() output.Layout {
	format, _ := parseFormat(f.Format)
	return output.Layout{Format: format, Compression: f.Compression, PartitionBy: f.PartitionBy, MaxRowsPerFile: f.MaxRowsPerFile}
}

// check validates the flags.
func (o *ExportOptions) check(cmd string) error {
	if o.Output == "" {
		return fmt.Errorf("%s: -o/--output is required", cmd)
	}
	if o.Table != "games" && o.Table != "moves" {
		return fmt.Errorf("%s: --table is games or moves, not %q", cmd, o.Table)
	}
	return o.layoutFlags.check(cmd, o.Output == "-")
}

func newExportCommand(io *streams) *cobra.Command {
	var opts ExportOptions
	cmd := &cobra.Command{
		Use:   "export [FILE|DIR|-]... -o OUTDIR",
		Short: "Write the games and their moves as Parquet (or Arrow) tables",
		Long: `Read and replay every game like damka check (no search: fast), and write
two tables to OUTDIR (created if missing):

  games.parquet  one row per game: ids, tags, result, variant, status and
                 findings, opening, final position
  moves.parquet  one row per replayed ply: the move as written and in full,
                 squares, captures, FEN and Zobrist hash before, hash after,
                 and the analysis columns (NULL until damka analyze)

With --repair, a game whose moves do not all replay is mended when one
repair is certain, as damka clean --repair does, and its moves are all in
the moves table, the plies the repair made or moved marked repaired.

Parquet files are zstd-compressed, dictionary-encoded, in row groups of
128Ki rows, with the Arrow schema and damka.* metadata (version, variant,
command, depth) in the footer. --format arrow writes Arrow IPC files
(games.arrow, moves.arrow) instead, uncompressed so that every Arrow
reader opens them (--compression lz4|zstd asks for it). With -o - one
table (--table, moves by default) is streamed as Arrow IPC to standard
output, for tools that read a pipe.

--partition-by variant,year (either or both, in the order wanted) writes
each table as a dataset in the Hive layout that DuckDB, Polars, pyarrow
and Spark read: OUTDIR/games/variant=russian/year=1947/part-00000.parquet,
OUTDIR/moves/... the same (a game without a year, or of a variant damka
does not play, in year=__HIVE_DEFAULT_PARTITION__, read back as NULL), in
files of at most --max-rows-per-file rows (about 256 MB by default).

Files are written whole or not at all: under temporary names, put in
place together at the end; a run that fails or is interrupted leaves
OUTDIR as it was (and no OUTDIR it made). The output is byte-identical for the same inputs and options
whatever -j is. A summary goes to stderr, with the time spent reading,
replaying and writing.

Games with findings are in the data: see the status and findings
columns (status unchecked for a variant damka does not play).

` + exitStatusHelp,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			return opts.check("export")
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExport(cmd.Context(), io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// parseFormat reads --format: "" is Parquet.
func parseFormat(s string) (export.Format, error) {
	if s == "" {
		return export.Parquet, nil
	}
	return export.ParseFormat(s)
}

// exportMeta is the metadata of the files of a run.
func exportMeta(variant, command string, depth int) export.Meta {
	if variant == "" {
		variant = "auto"
	}
	return export.Meta{Version: version, Variant: variant, Command: command, Depth: depth}
}

func runExport(ctx context.Context, io *streams, opts ExportOptions, args []string) error {
	if err := opts.check("export"); err != nil {
		return err
	}
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	vopts.Repair = opts.Repair
	meta := exportMeta(opts.Variant, pipeline.CommandLine("export", opts.shape.flags(), args), 0)
	set, err := output.Open("export", io.Out, io.Err, args, opts.layout().TablesTarget(opts.Output, nil))
	if err != nil {
		return err
	}
	tables, err := opts.layout().OpenTables(opts.Output, opts.Table, meta, set)
	if err != nil {
		return err
	}
	t := newTally()
	times := &pipeline.Timing{Start: t.start}
	var t0 time.Time
	// The tables copy the rows of a game (export.Prepared) when it is
	// added: nothing of the game or its report is kept past the sink (Options.Reuse).
	r := runner{io: io, args: args, quiet: opts.Quiet, tally: t, times: times}
	written, err := r.write(ctx, pipeline.Options{Validate: vopts, Rows: true, Jobs: opts.Jobs, Reuse: true}, set, tables.Add, func(pipeline.Counts) error {
		times.Waited = tables.Stats().Waited
		t0 = time.Now()
		return tables.Close()
	})
	if err != nil {
		return err
	}
	times.Final = time.Since(t0)
	times.Write += times.Final
	times.Encode = tables.Stats().Busy
	t.print(io.Err)
	if written {
		fmt.Fprintf(io.Err, "wrote %s in %s\n", tables.Summary(), times)
	}
	return t.exit()
}
