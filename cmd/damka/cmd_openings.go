package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/export"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

// OpeningsOptions are the flags of damka openings.
type OpeningsOptions struct {
	Output string
	Plies  int
	gameFlags
	layoutFlags
	shape *shapes // the flags that shape the output, for damka.command
}

// AddFlags adds the openings flags to fs.
func (o *OpeningsOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "file to write (required; - streams Arrow IPC to standard output)")
	fs.IntVar(&o.Plies, "plies", export.DefaultOpeningsPlies, "plies of each game counted")
	o.gameFlags.addFlags(fs, "games replayed at once (default: all cores); the output is the same whatever it is")
	o.layoutFlags.addFlags(fs, "file format: parquet (the default) or arrow (Arrow IPC file)")
	o.shape = newShapes(fs)
	o.shape.markFormat(&o.layoutFlags, func() bool { return o.Output == "-" })
	o.shape.mark("plies", shape{always: true})
	o.shape.mark("variant", shape{})
	o.shape.markLayout(&o.layoutFlags)
}

func (o *OpeningsOptions) check() error {
	if o.Output == "" {
		return fmt.Errorf("openings: -o/--output is required")
	}
	if o.Plies < 1 {
		return fmt.Errorf("openings: --plies must be at least 1")
	}
	return o.layoutFlags.check("openings", o.Output == "-")
}

func newOpeningsCommand(io *streams) *cobra.Command {
	var opts OpeningsOptions
	cmd := &cobra.Command{
		Use:   "openings [FILE|DIR|-]... -o FILE",
		Short: "Write opening statistics: every position and move of the first plies",
		Long: `Read and replay every game like damka check, and write the positions
table, an opening explorer: one row per (variant, position, move) over the
first --plies plies of every game (24 by default), with the position's
Zobrist hash and FEN, the side to move, the move, the earliest ply it was
played at, how many games played it, how many White won, drew and Black
won, the mover's score over the games with a result, the average
evaluation when the games were analysed, the first game that played it,
and the position's name when it is a named opening of the table of go
doc ./openings (opening_name: "Старая партия"). Positions are keyed by
hash, so transpositions count together.
Counting stops, in a game, at a missed capture.

The file is Parquet (zstd, dictionary-encoded, Arrow schema and damka.*
metadata in the footer) or, with --format arrow, an Arrow IPC file; -o -
streams Arrow IPC to standard output. With --partition-by (variant, year)
-o names a folder, and each partition's games get a positions table of
their own: FOLDER/positions/year=1947/part-00000.parquet. It is written
whole or not at all, and is byte-identical whatever -j is.

  SELECT move, games, score FROM 'positions.parquet'
  WHERE fen = 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8'
  ORDER BY games DESC

` + exitStatusHelp,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			return opts.check()
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runOpenings(cmd.Context(), io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runOpenings(ctx context.Context, io *streams, opts OpeningsOptions, args []string) error {
	if err := opts.check(); err != nil {
		return err
	}
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	format, _ := parseFormat(opts.Format)
	if opts.Output == "-" {
		format = export.ArrowStream
	}
	meta := exportMeta(opts.Variant, pipeline.CommandLine("openings", opts.shape.flags(), args), 0)
	out := output.Target{Flag: "-o", Path: opts.Output}
	dataDir := filepath.Join(opts.Output, export.PositionsTable)
	if _, ok := opts.layout().Dataset(); ok {
		out.Datasets = []string{export.PositionsTable}
	}
	set, err := output.Open("openings", io.Out, io.Err, args, out)
	if err != nil {
		return err
	}
	dest := set.Dest(opts.Output)
	if out.Datasets != nil {
		dest = set.Dest(dataDir)
	}

	layout := opts.layout()
	layout.Format = format
	o := layout.NewPositions(opts.Plies, dest, meta)
	t := newTally()
	times := &pipeline.Timing{Start: t.start}
	var t0 time.Time
	r := runner{io: io, args: args, quiet: opts.Quiet, tally: t, times: times}
	written, err := r.write(ctx, pipeline.Options{Validate: vopts, Jobs: opts.Jobs}, set, func(res *pipeline.Result) error {
		o.Add(res)
		return nil
	}, func(pipeline.Counts) error {
		t0 = time.Now()
		return o.Write()
	})
	if err != nil {
		return err
	}
	times.Write += time.Since(t0)
	t.print(io.Err)
	if written {
		fmt.Fprintf(io.Err, "wrote %s in %s\n", o.SummaryPlies(), times)
	}
	return t.exit()
}
