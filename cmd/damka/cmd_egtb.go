package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/iostreams"
	"github.com/damka/damka/output"
)

// EgtbBuildOptions are the flags of damka egtb build.
type EgtbBuildOptions struct {
	Variant string
	Pieces  int
	Dir     string
	Classes []string
	Quiet   bool
}

// AddFlags adds the egtb build flags to fs.
func (o *EgtbBuildOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Variant, "variant", "russian", "rules: russian, brazilian, pool, english, italian, spanish, czech, thai or international (where a side with no move loses)")
	fs.IntVar(&o.Pieces, "pieces", egtb.DefaultPieces, "build every class of this many pieces or fewer")
	fs.StringVar(&o.Dir, "dir", "", "folder of the databases (default: damka/egtb in the user cache folder)")
	fs.StringSliceVar(&o.Classes, "class", nil, "build only these classes (KKKvK: three kings to move against a king) and those they lead to; --pieces is then ignored")
	fs.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
}

func newEgtbCommand(io *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "egtb",
		Short: "Endgame databases: exact results of positions of few pieces",
		Long: `Endgame databases give the exact result (win, draw or loss with best play)
of every position of a few pieces. damka builds them itself, by retrograde
analysis with its own rules engine (damka egtb build); damka eval and damka
analyze then look up every position of the search they hold.

They are pure results: no move counter (the 15- and 30-move rules and the
three-kings rule are not applied; see "go doc github.com/damka/damka/egtb").
The variants where a side with no move loses have them: Russian,
Brazilian, Pool, English, Italian, Spanish, Czech, Thai and International
(one folder each; International's 4 pieces take about 90 s and 12 MB, its
5 pieces some 25 minutes of CPU and 460 MB; Russian's 6 pieces
about 50 minutes of CPU, 1.5 GB of memory and 892 MB);
eval and analyze use those of the game's variant.`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newEgtbBuildCommand(io))
	return cmd
}

func newEgtbBuildCommand(io *streams) *cobra.Command {
	var opts EgtbBuildOptions
	cmd := &cobra.Command{
		Use:   "build [--variant V] [--pieces N] [--dir D]",
		Short: "Build the endgame databases",
		Long: `Build the win/draw/loss database of every material class of --pieces
pieces or fewer (default 4: about 1.7 MB, seconds) into DIR/VARIANT/, one
file a class (KKMvK.wdl: two kings and a man to move against a king), each
written whole or not at all as soon as it is done. A class whose file is
there already is not built again, so an interrupted build goes on where it
stopped; a damaged file is built again.

DIR is --dir, or damka/egtb in the user cache folder ($XDG_CACHE_HOME or
~/.cache on Linux), where damka eval and damka analyze look by default.

Output, one line per class: CLASS, positions, wins, draws and losses for
the side to move, file bytes, seconds spent building it (with its mirror
class: the two are solved together), and "built" or "kept" (there
already). Tab-separated. A progress bar on a terminal.`,
		Args: cobra.NoArgs,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Pieces < 2 || opts.Pieces > egtb.MaxPieces {
				return fmt.Errorf("egtb build: --pieces must be 2 to %d", egtb.MaxPieces)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runEgtbBuild(cmd.Context(), io, opts)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runEgtbBuild(ctx context.Context, io *streams, opts EgtbBuildOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	v, err := draughts.VariantByName(opts.Variant)
	if err == nil {
		err = egtb.Supported(v)
	}
	if err != nil {
		return fmt.Errorf("egtb build: %w", err)
	}
	bopts := egtb.BuildOptions{Pieces: opts.Pieces, Dir: opts.Dir}
	for _, c := range opts.Classes {
		m, err := egtb.ParseClass(c)
		if err != nil {
			return fmt.Errorf("egtb build: %w", err)
		}
		bopts.Only = append(bopts.Only, m)
	}
	if bopts.Dir == "" {
		if bopts.Dir, err = egtb.DefaultDir(); err != nil {
			return fmt.Errorf("egtb build: no user cache folder (%w): name one with --dir", err)
		}
	}
	// The lines of the classes go to standard output as they are done;
	// when it cannot be written, the build stops (the classes saved are
	// whole) and the run exits 3.
	out := output.Stdout(io.Out).ShareWith(io)
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	var bar *progress
	var last uint64
	bopts.Progress = func(done, total uint64) {
		if bar == nil {
			bar = iostreams.NewCountProgress(io, opts.Quiet, int64(total), "positions")
		}
		bar.Add(int(done - last))
		last = done
	}
	var built, kept int
	var bytes uint64
	bopts.Class = func(r egtb.ClassReport) {
		status := "kept"
		if r.Built {
			status, built = "built", built+1
		} else {
			kept++
		}
		bytes += r.Bytes
		fmt.Fprintf(out, "%v\t%d\t%d\t%d\t%d\t%d\t%.2f\t%s\n", r.Material, r.Counts.Positions(),
			r.Counts.Win, r.Counts.Draw, r.Counts.Loss, r.Bytes, r.Took.Seconds(), status)
		if out.Sync() != nil {
			stop()
		}
	}
	start := time.Now()
	_, err = egtb.Build(ctx, v, bopts)
	if bar != nil {
		bar.Done(io)
	}
	if werr := out.Close(); werr != nil {
		return fmt.Errorf("egtb build: %w", werr)
	}
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("egtb build: %w", err)
	}
	fmt.Fprintf(io.Err, "%d classes in %s: %d built in %.1fs, %d kept; %d bytes\n",
		built+kept, filepath.Join(bopts.Dir, v.Name()), built, time.Since(start).Seconds(), kept, bytes)
	return nil
}

// tablebaseFlag is the --egtb and --no-egtb flags of eval and analyze.
// With neither, the environment variable DAMKA_EGTB stands for them: a
// folder (as --egtb) or "off" (as --no-egtb).
type tablebaseFlag struct {
	Dir string
	Off bool
}

// egtbEnv is the environment variable that stands for --egtb or
// --no-egtb when neither is given.
const egtbEnv = "DAMKA_EGTB"

func (f *tablebaseFlag) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&f.Dir, "egtb", "", "folder of the endgame databases (default: damka/egtb in the user cache folder, where those of 4 pieces or fewer are built on first need; or $"+egtbEnv+")")
	fs.BoolVar(&f.Off, "no-egtb", false, "use no endgame database (or "+egtbEnv+"=off)")
}

// openTablebases opens the databases the flags name (egtb.UseDir): the
// default folder's are built there on first need, saying so on stderr. A
// table that cannot be loaded (damaged, unreadable, a named pipe) is left
// out with a warning on stderr naming it and the folder, as the user gave
// it (--egtb or DAMKA_EGTB) or as the default one; the run goes on with
// the others.
func openTablebases(ctx context.Context, io *iostreams.Streams, cmd string, f tablebaseFlag) (*egtb.Use, error) {
	named := "--egtb " + f.Dir
	if !f.Off && f.Dir == "" {
		switch e := os.Getenv(egtbEnv); e {
		case "":
		case "off":
			f.Off = true
		default:
			f.Dir, named = e, egtbEnv+"="+e
		}
	}
	if f.Off {
		return &egtb.Use{}, nil
	}
	say := func(format string, a ...any) {
		io.ClearProgress()
		fmt.Fprintf(io.Err, "damka %s: "+format+"\n", append([]any{cmd}, a...)...)
	}
	var dir string // the default folder, for the messages of the build
	auto := &egtb.AutoBuild{
		Ctx: ctx,
		Start: func(v draughts.Variant) {
			say("building the endgame databases of %s (every class of %d pieces or fewer) in %s, once: %s skips them",
				v.Name(), egtb.DefaultPieces, display.Text(filepath.Join(dir, v.Name())), "--no-egtb")
		},
		Done: func(v draughts.Variant, classes int, bytes uint64, took time.Duration, err error) {
			if err != nil {
				say("warning: the endgame databases of %s were not built in %s: %s; positions of %d pieces or fewer are searched, not looked up",
					v.Name(), display.Text(dir), display.Text(err.Error()), egtb.DefaultPieces)
				return
			}
			say("built %d classes of %s in %.1fs, %d bytes", classes, v.Name(), took.Seconds(), bytes)
		},
	}
	u, err := egtb.UseDir(f.Dir, auto)
	dir = u.Dir
	folder := "the default endgame database folder"
	if f.Dir != "" {
		folder = named
	}
	for _, e := range u.Skipped {
		hint := ""
		if errors.Is(e, egtb.ErrDamaged) {
			hint = " (damka egtb build builds a damaged table again)"
		}
		say("warning: %s: %s; left out%s", display.Text(folder), display.Text(e.Error()), hint)
	}
	switch {
	case errors.Is(err, egtb.ErrNoDatabases):
		return nil, fmt.Errorf("%s: %s: no endgame database there (damka egtb build --dir %s)", cmd, named, f.Dir)
	case err != nil:
		return nil, fmt.Errorf("%s: %s: %w", cmd, folder, err)
	}
	return u, nil
}
