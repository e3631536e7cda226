// Command damka-beam runs damka's pipeline on Apache Beam: it reads
// draughts archives (files, folders, globs; local, gs:// or s3://),
// replays and validates every game, with --depth analyses every distinct
// position of the whole archive once, and writes the games, moves and
// positions datasets (as damka export, damka openings and damka analyze
// write them, row for row) and a summary (as damka check reports it)
// under --out.
//
//	damka-beam --out OUT [flags] INPUT...
//
// It runs on any Beam runner: Prism in this process (the default),
// Flink, Spark or any job server with --runner=universal --endpoint=...,
// Dataflow with --runner=dataflow. See docs/beam.md ("Beyond one machine").
//
// Exit status: 0 when every game replays cleanly, 1 when a game has an
// error or could not be checked, 2 when an input could not be read (as
// damka check) or --out cannot be used (a file; an input folder), 3
// when the run itself failed (bad flags, a runner's error), 130 or 143
// when interrupted (SIGINT, SIGTERM), the output folder left as it was.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"   // gs://
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"    // s3://
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx" // the runners: --runner

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/export"
	"github.com/damka/damka/internal/engine"

	"github.com/damka/damka/beam/damkabeam"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/memavail"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// listFlag is a comma-separated list flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	*l = nil
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			*l = append(*l, f)
		}
	}
	return nil
}

// memoryCheck is --memory-check.
var memoryCheck bool

// ownFlags are the flags of damka-beam (the others are Beam's runner
// flags), for damka.command in the files.
var ownFlags = map[string]bool{}

func main() {
	var o damkabeam.Options
	var tables, partitionBy listFlag
	var logLevel string
	def := func(name string) string { ownFlags[name] = true; return name }
	flag.StringVar(&o.Out, def("out"), "", "output folder, local or gs://, s3:// (required): OUT/games/, OUT/moves/, OUT/positions/, OUT/summary.txt")
	flag.StringVar(&o.Out, def("o"), "", "short for --out")
	flag.IntVar(&o.Depth, def("depth"), 0, fmt.Sprintf("analyse every position to this depth, as damka analyze --depth (0: no analysis, as damka export; at most %d)", analyze.MaxDepth))
	flag.IntVar(&o.TTSize, def("tt"), analyze.DefaultTTSize, "transposition table of each searcher, MiB")
	flag.StringVar(&o.Egtb, def("egtb"), "", "folder of endgame databases every worker can read (damka egtb build --dir), looked up by the analysis as damka analyze --egtb (default: none)")
	verify := flag.Int(def("verify"), -1, "plies deeper than --depth that verification may search a bad move, as damka analyze --verify (default: --depth, at most 8; 0: no verification)")
	flag.StringVar(&o.Variant, def("variant"), "", "play every game by these rules, whatever its GameType tag")
	flag.BoolVar(&o.Repair, def("repair"), false, "mend the moves that do not replay when one repair is certain (moves.repaired), as damka export --repair")
	flag.StringVar(&o.Encoding, def("encoding"), "", "text encoding of the inputs (default: detected), as damka --encoding")
	flag.StringVar(&o.Format, def("format"), "parquet", "file format: parquet or arrow (Arrow IPC files)")
	flag.Var(&tables, def("tables"), "tables to write, comma-separated: games, moves, positions (default: all three)")
	flag.Var(&partitionBy, def("partition-by"), "partition the datasets by variant, year, or both in the order wanted (OUT/games/variant=russian/year=1947/part-...), as damka export --partition-by")
	flag.Int64Var(&o.MaxRowsPerFile, def("max-rows-per-file"), 0, "rows of a file before a partition of a shard goes on in the next one (default: export's, about 256 MB of Parquet)")
	flag.StringVar(&o.Compression, def("compression"), "", "none, lz4 or zstd (default: zstd for Parquet, none for Arrow)")
	flag.IntVar(&o.Plies, def("plies"), export.DefaultOpeningsPlies, "plies of each game counted in the positions table")
	flag.IntVar(&o.GamesPerShard, def("games-per-shard"), damkabeam.DefaultGamesPerShard, "games of a shard: a run of consecutive games each writer writes, a file per partition")
	flag.IntVar(&o.Buckets, def("buckets"), 0, "groups the distinct positions are analysed in (default: from the size of the inputs); the rows do not depend on it")
	flag.StringVar(&o.Engine.Command, def("engine"), "", engine.HelpCommand+" (on every worker: the command must run there)")
	flag.IntVar(&o.Engine.Depth, def("engine-depth"), 0, engine.HelpDepth)
	flag.Float64Var(&o.Engine.Time, def("engine-time"), 0, engine.HelpTime)
	flag.Uint64Var(&o.Engine.Nodes, def("engine-nodes"), 0, engine.HelpNodes)
	flag.Func(def("engine-option"), engine.HelpOption, func(v string) error { o.Engine.Options = append(o.Engine.Options, v); return nil })
	flag.Float64Var(&o.Engine.K, def("engine-k"), 0, engine.HelpK)
	flag.Float64Var(&o.Engine.Timeout, def("engine-timeout"), 0, engine.HelpTimeout)
	flag.BoolVar(&memoryCheck, def("memory-check"), true, "on Prism in this process (which keeps every element in memory), refuse a run whose estimated peak memory exceeds the memory available")
	flag.StringVar(&logLevel, def("log_level"), "warn", "the runner's log: debug, info, warn or error")
	flag.Usage = usage
	flag.Parse()
	switch { // analyze.Options.Verify: 0 the default, negative none
	case *verify == 0:
		o.Verify = -1
	case *verify > 0:
		o.Verify = *verify
	}

	// On a worker (--worker, as a runner starts this binary), Init runs
	// the worker's harness and never returns.
	beam.Init()
	beamlog.SetupLogging(logLevel, "text")

	o.Inputs = flag.Args()
	o.Tables = tables
	o.PartitionBy = partitionBy
	o.Version = version
	o.Command = commandLine()
	os.Exit(run(context.Background(), o))
}

func usage() {
	w := flag.CommandLine.Output()
	fmt.Fprintf(w, "Usage: damka-beam --out OUT [flags] INPUT...\n\n")
	fmt.Fprintf(w, "Runs damka's pipeline (replay, validation, analysis with --depth, the games, moves and positions\n")
	fmt.Fprintf(w, "datasets, the summary) on Apache Beam. INPUTs are files, folders and globs, local or gs://, s3://.\n\n")
	fmt.Fprintf(w, "damka-beam's flags:\n")
	flag.VisitAll(func(f *flag.Flag) {
		if ownFlags[f.Name] {
			fmt.Fprintf(w, "  --%s\t%s\n", f.Name, f.Usage)
		}
	})
	fmt.Fprintf(w, "\nBeam's flags (the main ones; every flag of the SDK and its runners is taken):\n")
	for _, name := range []string{"runner", "endpoint", "environment_type", "environment_config", "worker_binary", "job_name", "parallelism", "project", "region", "staging_location", "temp_location"} {
		if f := flag.Lookup(name); f != nil {
			fmt.Fprintf(w, "  --%s\t%s\n", f.Name, f.Usage)
		}
	}
	fmt.Fprintf(w, "\nExit status: 0 clean, 1 a game with an error, 2 an input not read or --out unusable, 3 the run failed,\n130 or 143 interrupted (--out left as it was).\n")
}

// commandLine is damka-beam's command as damka.command records it: its
// own flags and the inputs (not the runner's flags).
func commandLine() string {
	parts := []string{"damka-beam"}
	flag.Visit(func(f *flag.Flag) {
		if ownFlags[f.Name] && f.Name != "log_level" {
			parts = append(parts, "--"+f.Name+"="+f.Value.String())
		}
	})
	return strings.Join(append(parts, flag.Args()...), " ")
}

// run runs the pipeline, then says its summary as damka check does and
// returns the exit status. A local output folder is written through a
// run folder of its own (damkabeam.Stage), committed once the run is
// whole: an interrupt (Ctrl-C, SIGTERM) or a failure leaves the folder
// as it was.
func run(ctx context.Context, o damkabeam.Options) int {
	fail := func(err error) int {
		fmt.Fprintf(os.Stderr, "damka-beam: %s\n", display.Text(err.Error()))
		return 3
	}
	if o.Out == "" {
		return fail(errors.New("no output folder: --out OUT"))
	}
	// Caught from the start, even when the shell that started the run
	// ignores them (a job in the background ignores SIGINT, and so
	// did damka-beam; issue 44, item 2).
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if err := damkabeam.CheckOutput(o.Out, o.Inputs); err != nil {
		fmt.Fprintf(os.Stderr, "damka-beam: %s\n", display.Text(err.Error()))
		return 2
	}
	if said, err := damkabeam.CheckInputs(ctx, o.Inputs); err != nil {
		// Nothing to write: the folder keeps an earlier run's datasets.
		for _, m := range said {
			fmt.Fprintln(os.Stderr, display.Text(m))
		}
		fmt.Fprintf(os.Stderr, "damka-beam: %v, so nothing was written: --out %s left as it was\n", err, display.Text(o.Out))
		return 2
	}
	if memoryCheck && (*runners.Runner == "" || *runners.Runner == "prism") && *jobopts.Endpoint == "" {
		if avail, ok := memavail.Available(); ok {
			size := damkabeam.InputBytes(ctx, o.Inputs)
			if err := damkabeam.CheckMemory(damkabeam.PeakMemory(size, o.Depth), avail, size, o.Depth); err != nil {
				fmt.Fprintf(os.Stderr, "damka-beam: %v; --out %s left as it was\n", err, display.Text(o.Out))
				return 2
			}
		}
	}
	// Beam's loopback environment leaves an empty beamloopbackworker-*
	// file in the temporary folder at every run: it goes into one of the
	// run's own, removed at the end.
	if tmp, err := os.MkdirTemp("", "damka-beam-"); err == nil {
		defer os.RemoveAll(tmp)
		defer os.Setenv("TMPDIR", os.Getenv("TMPDIR"))
		os.Setenv("TMPDIR", tmp)
	}
	var st *damkabeam.Staging
	var err error
	if *jobopts.Async {
		// The run goes on after damka-beam returns: it writes in
		// place, over what CleanOutput leaves.
		st, err = &damkabeam.Staging{Out: o.Out, Dir: o.Out}, damkabeam.CleanOutput(o.Out)
	} else {
		st, err = damkabeam.Stage(o.Out)
	}
	if err != nil {
		return fail(fmt.Errorf("--out %s: %w", o.Out, err))
	}
	out := o.Out
	o.Out = st.Dir
	left := fmt.Sprintf("--out %s left as it was", display.Text(out))
	p, s := beam.NewPipelineWithRoot()
	if err := damkabeam.Build(ctx, s, o); err != nil {
		st.Abort()
		return fail(err)
	}
	done := make(chan error, 1)
	go func() { done <- beamx.Run(ctx, p) }()
	select {
	case sig := <-sigs:
		// The pipeline's goroutines end with the process; a job on a
		// cluster goes on there, and its run folder is removed by the
		// next run into this folder.
		st.Abort()
		status, name := 130, "SIGINT"
		if sig == syscall.SIGTERM {
			status, name = 143, "SIGTERM"
		}
		fmt.Fprintf(os.Stderr, "damka-beam: interrupted by %s; %s\n", name, left)
		return status
	case err := <-done:
		if err != nil {
			st.Abort()
			return fail(fmt.Errorf("the pipeline failed: %w; %s", err, left))
		}
	}
	// From here on the run is whole: a signal now waits in sigs, and the
	// run reports what it wrote.
	if err := st.Commit(); err != nil {
		return fail(fmt.Errorf("moving the run's files from %s into %s: %w", st.Dir, out, err))
	}
	sum, err := damkabeam.ReadSummary(ctx, out)
	if err != nil {
		// An asynchronous run (--async) has not written it yet.
		fmt.Fprintf(os.Stderr, "damka-beam: no summary yet (%v); it will be %s/summary.txt\n", err, strings.TrimSuffix(out, "/"))
		return 0
	}
	// The summary quotes archive text (file names, messages): shown, not
	// obeyed (issue 27).
	fmt.Fprint(display.NewWriter(os.Stderr), sum.Text())
	return sum.Exit()
}
