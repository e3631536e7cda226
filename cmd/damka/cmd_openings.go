package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/export"
	"github.com/damka/damka/pipeline"
)

// OpeningsOptions are the flags of damka openings.
type OpeningsOptions struct {
	Output         string
	Format         string
	Plies          int
	Variant        string
	Jobs           int
	Quiet          bool
	Compression    string
	PartitionBy    string
	MaxRowsPerFile int64
}

// AddFlags adds the openings flags to fs.
func (o *OpeningsOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "file to write (required; - streams Arrow IPC to standard output)")
	fs.StringVar(&o.Format, "format", "", "file format: parquet (the default) or arrow (Arrow IPC file)")
	fs.IntVar(&o.Plies, "plies", export.DefaultOpeningsPlies, "plies of each game counted")
	fs.StringVar(&o.Variant, "variant", "", "play every game by these rules ("+joinNames()+"), whatever its GameType tag")
	fs.IntVarP(&o.Jobs, "jobs", "j", 0, "games replayed at once (default: all cores); the output is the same whatever it is")
	fs.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
	addLayoutFlags(fs, &o.Compression, &o.PartitionBy, &o.MaxRowsPerFile)
}

func (o *OpeningsOptions) check() error {
	if o.Output == "" {
		return &exitError{code: exitInput, err: fmt.Errorf("openings: -o/--output is required")}
	}
	if _, err := parseFormat(o.Format); err != nil {
		return &exitError{code: exitInput, err: fmt.Errorf("openings: --format: %w", err)}
	}
	if o.Output == "-" && o.Format == "parquet" {
		return &exitError{code: exitInput, err: fmt.Errorf("openings: -o - streams Arrow IPC; --format parquet needs a file")}
	}
	if o.Plies < 1 {
		return &exitError{code: exitInput, err: fmt.Errorf("openings: --plies must be at least 1")}
	}
	return checkLayout("openings", o.Compression, o.PartitionBy, o.MaxRowsPerFile, o.Output == "-")
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
	flags := []string{"--format", format.String(), "--plies", strconv.Itoa(opts.Plies)}
	if opts.Variant != "" {
		flags = append(flags, "--variant", opts.Variant)
	}
	flags = append(flags, layoutFlags(opts.Compression, opts.PartitionBy, opts.MaxRowsPerFile)...)
	meta := exportMeta(opts.Variant, commandLine("openings", flags, args), 0)
	out := output{flag: "-o", path: opts.Output}
	dataDir := filepath.Join(opts.Output, "positions")
	if _, ok := datasetOptions(opts.PartitionBy, opts.MaxRowsPerFile); ok {
		out.datasets = []string{"positions"}
	}
	outs, dests, err := openOutputs("openings", io, args, out)
	if err != nil {
		return err
	}
	defer outs.Abort()
	dest := dests[opts.Output]
	if out.datasets != nil {
		dest = dests[dataDir]
	}

	o := newPositionsOut(opts.Plies, dest, format, meta, opts.PartitionBy, opts.MaxRowsPerFile, opts.Compression)
	t := newTally()
	times := &stageTimes{start: t.start}
	r := runner{io: io, args: args, jobs: opts.Jobs, quiet: opts.Quiet, tally: t, times: times}
	err = r.each(ctx, pipeline.New(pipeline.Options{Validate: vopts}), func(_ gameItem, res *pipeline.Result) error {
		o.add(res)
		return nil
	})
	if err != nil {
		return &exitError{code: exitInput, err: err}
	}
	t0 := time.Now()
	if err := o.write(); err != nil {
		return &exitError{code: exitInput, err: err}
	}
	written, err := outs.CommitRead(t.Games, t.InputErrors)
	if err != nil {
		return err
	}
	times.write += time.Since(t0)
	t.print(io.Err)
	if written {
		fmt.Fprintf(io.Err, "wrote %s in %s\n", o.summaryPlies(), times)
	}
	return t.exit()
}

// positionsOut writes the positions table of a run (pipeline.Positions)
// to its destination: one file, or a dataset of a positions table per
// partition.
type positionsOut struct {
	*pipeline.Positions
	dest   *destination
	format export.Format
	meta   export.Meta
	dopts  export.DatasetOptions
	wopts  []export.Option
	files  int
}

// newPositionsOut starts the positions table over the first plies plies
// of each game, to dest: a file, or, with a dataset layout, the folder of
// the dataset.
func newPositionsOut(plies int, dest *destination, format export.Format, meta export.Meta, partitionBy string, maxRows int64, compression string) *positionsOut {
	p := &positionsOut{dest: dest, format: format, meta: meta, wopts: writerOptions(compression)}
	var dataset bool
	if p.dopts, dataset = datasetOptions(partitionBy, maxRows); dataset {
		p.Positions = pipeline.NewDatasetPositions(plies, p.dopts.PartitionBy)
	} else {
		p.Positions = pipeline.NewPositions(plies)
	}
	return p
}

// add counts a game.
func (p *positionsOut) add(res *pipeline.Result) { p.Add(res) }

// write writes the table.
func (p *positionsOut) write() error {
	if p.Dataset() {
		files, err := p.WriteDataset(p.dest.create, p.format, p.meta, p.dopts, p.wopts...)
		p.files = len(files)
		return err
	}
	return p.WriteFile(p.dest.w, p.format, p.meta, p.wopts...)
}

// summaryPlies names what was written for damka openings:
// "out/positions.parquet (2372 positions and moves over 24 plies)".
func (p *positionsOut) summaryPlies() string {
	what := fmt.Sprintf("%d positions and moves over %d plies", p.Len(), p.MaxPly())
	if p.Dataset() {
		return fmt.Sprintf("%s (%s, in %s)", p.dest.name, what, plural(p.files, "file"))
	}
	return fmt.Sprintf("%s (%s)", p.dest.name, what)
}

// summary names what was written: "out/positions.parquet (2372 rows)".
func (p *positionsOut) summary() string {
	if p.Dataset() {
		return fmt.Sprintf("%s (%d rows in %s)", p.dest.name, p.Len(), plural(p.files, "file"))
	}
	return fmt.Sprintf("%s (%d rows)", p.dest.name, p.Len())
}
