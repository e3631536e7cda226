package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// CleanOptions are the flags of damka clean.
type CleanOptions struct {
	Output         string
	Rejects        string
	Variant        string
	Jobs           int
	Quiet          bool
	FullPaths      bool
	DropDuplicates string
	FixResults     bool
	Repair         bool
}

// AddFlags adds the clean flags to fs.
func (o *CleanOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "cleaned archive to write (required; - for standard output)")
	fs.StringVar(&o.Rejects, "rejects", "", "archive for the games with errors, each preceded by its findings")
	fs.StringVar(&o.Variant, "variant", "", "play every game by these rules ("+joinNames()+"), whatever its GameType tag")
	fs.IntVarP(&o.Jobs, "jobs", "j", 0, "games validated at once (default: all cores)")
	fs.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
	fs.BoolVar(&o.FullPaths, "full-paths", false, "write every capture with all its landing squares")
	fs.StringVar(&o.DropDuplicates, "drop-duplicates", "", `drop a game already written: "all" (same tags and moves) or "moves" (same start and moves)`)
	fs.Lookup("drop-duplicates").NoOptDefVal = "all"
	fs.BoolVar(&o.FixResults, "fix-results", false, "set the result from the final position where the rules decide it")
	fs.BoolVar(&o.Repair, "repair", false, "mend a move that does not replay when one repair is certain (see damka check), noting it in a comment")
}

func newCleanCommand(io *streams) *cobra.Command {
	var opts CleanOptions
	cmd := &cobra.Command{
		Use:   "clean [FILE|DIR|-]... -o clean.pdn [--rejects rejects.pdn]",
		Short: "Write the games that replay without an error as canonical PDN",
		Long: `Read and replay every game like damka check, and write each game that
replays without an error in canonical PDN: the seven standard tags first,
GameType written, moves renumbered, captures abbreviated where the record
abbreviated them and that is unambiguous, else with every landing square
(always with --full-paths; an ambiguity the rest of the game resolved is
written in full). Comments, NAGs and variations are kept.

Games with errors go, unchanged, to the --rejects file, each preceded by
"%" comment lines listing its findings (and the repairs suggested).

With --repair, a game that stops at an illegal move, an incomplete
capture or an unresolved ambiguity, or has a missed capture, is mended
when the best repair of it ranks alone at the top and the rest of the game
then replays (up to 3 repairs a game, one after the other), and written
with a comment at each move changed ("damka: repaired, written c3-d5 (a
square mistyped)"). Anything less certain goes to the rejects; a game is
never written with an error.

Output files are written whole or not at all (a temporary file renamed at
the end).

Exit status: 0 when every game was written, 1 when some were rejected, 2
when an input cannot be read at all.`,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Output == "" {
				return &exitError{code: exitInput, err: errors.New("clean: -o/--output is required")}
			}
			switch opts.DropDuplicates {
			case "", "all", "moves":
			default:
				return &exitError{code: exitInput, err: fmt.Errorf("clean: --drop-duplicates is all or moves, not %q", opts.DropDuplicates)}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runClean(cmd.Context(), io, opts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// bufferedDestination is a destination with a buffer in front.
type bufferedDestination struct {
	*destination
	w *bufio.Writer
}

func createBuffered(io *streams, name string) (*bufferedDestination, error) {
	d, err := createDestination(io, name)
	if err != nil {
		return nil, err
	}
	return &bufferedDestination{d, bufio.NewWriter(d.w)}, nil
}

// commit flushes the buffer and renames the file into place.
func (b *bufferedDestination) commit() error {
	if err := b.w.Flush(); err != nil {
		b.abort()
		return err
	}
	return b.destination.commit()
}

func runClean(ctx context.Context, io *streams, opts CleanOptions, args []string) (err error) {
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	vopts.Repair = opts.Repair
	out, err := createBuffered(io, opts.Output)
	if err != nil {
		return &exitError{code: exitInput, err: err}
	}
	defer out.abort()
	var rej *bufferedDestination
	if opts.Rejects != "" {
		if rej, err = createBuffered(io, opts.Rejects); err != nil {
			return &exitError{code: exitInput, err: err}
		}
		defer rej.abort()
	}
	pw := pdn.NewWriter(out.w)
	seen := map[uint64]bool{}
	seed := maphash.MakeSeed()
	written, rejected, dropped, fixed, repaired := 0, 0, 0, 0, 0
	t := newTally()
	err = forEachGame(ctx, io, args, opts.Jobs, opts.Quiet, vopts, t, func(c checked) error {
		r := c.report
		g, ok, didFix := cleanGame(r, opts)
		if !ok {
			rejected++
			if rej != nil {
				return writeReject(rej.w, r)
			}
			return nil
		}
		if didFix {
			fixed++
		}
		if opts.DropDuplicates != "" {
			k := duplicateKey(seed, g, r, opts.DropDuplicates)
			if seen[k] {
				dropped++
				return nil
			}
			seen[k] = true
		}
		written++
		if len(r.Repairs) > 0 {
			repaired++
		}
		return pw.Write(g)
	})
	if err != nil {
		return &exitError{code: exitInput, err: err}
	}
	pw.Flush()
	if err := pw.Error(); err != nil {
		return &exitError{code: exitInput, err: err}
	}
	if err := out.commit(); err != nil {
		return &exitError{code: exitInput, err: err}
	}
	if rej != nil {
		if err := rej.commit(); err != nil {
			return &exitError{code: exitInput, err: err}
		}
	}
	fmt.Fprintf(io.Err, "%d games read: %d written", t.games, written)
	if opts.Repair {
		fmt.Fprintf(io.Err, " (%d repaired)", repaired)
	}
	fmt.Fprintf(io.Err, ", %d rejected", rejected)
	if opts.DropDuplicates != "" {
		fmt.Fprintf(io.Err, ", %d duplicates dropped", dropped)
	}
	if opts.FixResults {
		fmt.Fprintf(io.Err, ", %d results fixed", fixed)
	}
	fmt.Fprintln(io.Err)
	switch {
	case t.inputErrors > 0:
		return &exitError{code: exitInput}
	case rejected > 0:
		return &exitError{code: exitFindings}
	}
	return nil
}

// cleanGame returns the game to write, or false when it has an error that
// cleaning cannot mend; fixed tells that its result was set from the rules.
func cleanGame(r *validate.Report, opts CleanOptions) (*pdn.Game, bool, bool) {
	decided := r.Started && !r.Stopped && r.Outcome != draughts.Ongoing
	for _, f := range r.Findings {
		if f.Severity != validate.Error {
			continue
		}
		if f.Kind == validate.WrongResult && opts.FixResults && decided {
			continue // mended below
		}
		return nil, false, false
	}
	g := *r.Game
	g.Moves = r.Line(opts.FullPaths)
	fixed := false
	if opts.FixResults && decided {
		want := r.Outcome.String()
		if r.Result != want || validate.NormalizeResult(g.Terminator) != want {
			fixed = true
		}
		g.Tags = append([]pdn.Tag(nil), g.Tags...)
		set := false
		for i := range g.Tags {
			if strings.EqualFold(g.Tags[i].Name, "Result") {
				g.Tags[i].Value = want
				set = true
			}
		}
		if !set {
			g.Tags = append(g.Tags, pdn.Tag{Name: "Result", Value: want})
		}
		g.Terminator = want
	}
	if r.GameType.Inferred && r.Variant != draughts.NoVariant {
		// Name the variant the game was read as, so that it need not be
		// guessed again.
		g.Tags = append(append([]pdn.Tag(nil), g.Tags...), pdn.Tag{Name: "GameType", Value: fmt.Sprint(validate.GameTypeOf(r.Variant))})
	}
	return &g, true, fixed
}

// duplicateKey identifies a game for --drop-duplicates: its canonical
// tags and moves ("all"), or its start position and moves ("moves").
func duplicateKey(seed maphash.Seed, g *pdn.Game, r *validate.Report, mode string) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	if mode == "all" {
		for _, t := range g.CanonicalTags() {
			h.WriteString(t.Name)
			h.WriteByte(0)
			h.WriteString(t.Value)
			h.WriteByte(0)
		}
	}
	h.WriteString(r.Start.FEN())
	for i := range r.Plies {
		h.WriteByte(0)
		h.WriteString(r.Plies[i].Move.String())
	}
	for i := len(r.Plies); i < len(g.Moves); i++ {
		h.WriteByte(1)
		h.WriteString(g.Moves[i].Text)
	}
	return h.Sum64()
}

// writeReject writes a game as read, preceded by its findings as "%"
// comment lines (PDN's escape: the rest of the line is ignored).
func writeReject(w io.Writer, r *validate.Report) error {
	var sb strings.Builder
	writeFindings(&sb, r)
	for _, line := range strings.Split(strings.TrimRight(sb.String(), "\n"), "\n") {
		fmt.Fprintf(w, "%% %s\n", line)
	}
	raw := strings.TrimRight(r.Game.Raw, "\r\n \t")
	_, err := fmt.Fprintf(w, "%s\n\n", raw)
	return err
}
