package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/dupes"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
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
	fs.StringVar(&o.DropDuplicates, "drop-duplicates", "", `drop duplicates, keeping the longest (then most tags, then first): exact (same tags and moves; "all" too), moves (same start and moves), prefix (moves that begin another game's), players (same moves, result and players); see damka dupes`)
	fs.Lookup("drop-duplicates").NoOptDefVal = "exact"
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

Games with errors, and games of a variant damka does not play (not
checked), go, unchanged, to the --rejects file, each preceded by "%"
comment lines listing its findings (and the repairs suggested); a game
over the reader's 4 MiB cap is copied from its file, or the rejects say
which bytes of which input it was. Every game read is counted: read =
written + rejected + duplicates dropped.

With --repair, a game that stops at an illegal move, an incomplete
capture or an unresolved ambiguity, or has a missed capture, is mended
when the best repair of it ranks alone at the top and the rest of the game
then replays (up to 3 repairs a game, one after the other), and written
with a comment at each move changed ("damka: repaired, written c3-d5 (a
square mistyped)"). Anything less certain goes to the rejects; a game is
never written with an error.

Output files are written whole or not at all (temporary files put in
place together at the end); -o and --rejects must name different files.

` + exitStatusHelp,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Output == "" {
				return &exitError{code: exitInput, err: errors.New("clean: -o/--output is required")}
			}
			if opts.DropDuplicates != "" {
				if _, err := dupes.ParseKind(opts.DropDuplicates); err != nil {
					return &exitError{code: exitInput, err: fmt.Errorf("clean: --drop-duplicates: %w", err)}
				}
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

// cleanSummary counts what clean did with the games: read = written +
// rejected + dropped.
type cleanSummary struct {
	written, rejected, unchecked, dropped, fixed, repaired int
}

func runClean(ctx context.Context, io *streams, opts CleanOptions, args []string) (err error) {
	vopts, err := validateOptions(opts.Variant)
	if err != nil {
		return err
	}
	vopts.Repair = opts.Repair
	want := []output{{flag: "-o", path: opts.Output}}
	if opts.Rejects != "" {
		want = append(want, output{flag: "--rejects", path: opts.Rejects})
	}
	outs, dests, err := openOutputs("clean", io, args, want...)
	if err != nil {
		return err
	}
	defer outs.Abort()
	out := buffered(dests[opts.Output])
	var rej *bufferedDestination
	if opts.Rejects != "" {
		rej = buffered(dests[opts.Rejects])
	}
	pw := pdn.NewWriter(out.buf)
	// With --drop-duplicates, the game kept of a group may come after
	// the others: the games go to a spool, copied to the output without
	// the duplicates at the end.
	var finder *dupes.Finder
	var sp *spool
	repaired := map[int]bool{} // with a finder: the games added that were repaired
	if opts.DropDuplicates != "" {
		kind, _ := dupes.ParseKind(opts.DropDuplicates)
		finder = dupes.NewFinder(kind)
		if sp, err = newSpool(); err != nil {
			return &exitError{code: exitInput, err: err}
		}
		defer sp.close()
	}
	var sum cleanSummary
	t := newTally()
	// Each game is written (or spooled, or keyed for the finder) before
	// emit returns: nothing of it is kept.
	rn := runner{io: io, args: args, jobs: opts.Jobs, quiet: opts.Quiet, tally: t, reuse: true}
	err = rn.each(ctx, pipeline.New(pipeline.Options{Validate: vopts}), func(it gameItem, res *pipeline.Result) error {
		r := res.Report
		g, ok, didFix := cleanGame(r, opts)
		if !ok {
			sum.rejected++
			if r.Status() == validate.Unchecked {
				sum.unchecked++
			}
			if rej != nil {
				return writeReject(rej.buf, r, it.Source)
			}
			return nil
		}
		if didFix {
			sum.fixed++
		}
		if finder != nil {
			if len(r.Repairs) > 0 {
				repaired[finder.Games()] = true
			}
			k := dupes.KeyOf(r, finder.Kind())
			finder.Add(&k, dupes.Ref{})
			return sp.add(g)
		}
		sum.written++
		if len(r.Repairs) > 0 {
			sum.repaired++
		}
		return pw.Write(g)
	})
	if err != nil {
		return &exitError{code: exitInput, err: err}
	}
	if finder != nil {
		finder.Finish()
		pw.Flush()
		w, err := sp.copyTo(out.buf, func(seq int) bool { return !finder.Dropped(seq) })
		if err != nil {
			return &exitError{code: exitInput, err: err}
		}
		sum.written, sum.dropped = w, finder.Games()-w
		for seq := range repaired {
			if !finder.Dropped(seq) {
				sum.repaired++
			}
		}
	}
	pw.Flush()
	if err := pw.Error(); err != nil {
		return &exitError{code: exitInput, err: err}
	}
	for _, b := range []*bufferedDestination{out, rej} {
		if b != nil {
			if err := b.buf.Flush(); err != nil {
				return &exitError{code: exitInput, err: err}
			}
		}
	}
	written, err := outs.CommitRead(t.Games, t.InputErrors)
	if err != nil {
		return err
	}
	fmt.Fprintf(io.Err, "%d games read: %d written", t.Games, sum.written)
	if opts.Repair {
		fmt.Fprintf(io.Err, " (%d repaired)", sum.repaired)
	}
	fmt.Fprintf(io.Err, ", %d rejected", sum.rejected)
	if sum.unchecked > 0 {
		fmt.Fprintf(io.Err, " (%d not checked)", sum.unchecked)
	}
	if opts.DropDuplicates != "" {
		fmt.Fprintf(io.Err, ", %d duplicates dropped", sum.dropped)
	}
	if opts.FixResults {
		fmt.Fprintf(io.Err, ", %d results fixed", sum.fixed)
	}
	fmt.Fprintln(io.Err)
	t.WriteUnchecked(io.Err)
	// Where the rejected games went: a game rejected without --rejects is
	// in no output (issue 29, item 3).
	switch games := plural(sum.rejected, "game"); {
	case sum.rejected == 0 || !written:
	case opts.Rejects == "":
		fmt.Fprintf(io.Err, "the %s rejected %s not kept: --rejects FILE writes them, with their findings\n", games, isAre(sum.rejected))
	case opts.Rejects == "-":
		fmt.Fprintf(io.Err, "the %s rejected %s on standard output, with their findings\n", games, isAre(sum.rejected))
	default:
		fmt.Fprintf(io.Err, "the %s rejected %s in %s, with their findings\n", games, isAre(sum.rejected), display.Text(opts.Rejects))
	}
	switch {
	case t.InputErrors > 0:
		return &exitError{code: exitInput}
	case sum.rejected > 0:
		return &exitError{code: exitFindings}
	}
	return nil
}

// cleanGame returns the game to write, or false when it has an error that
// cleaning cannot mend; fixed tells that its result was set from the rules.
func cleanGame(r *validate.Report, opts CleanOptions) (*pdn.Game, bool, bool) {
	if r.Status() == validate.Unchecked {
		return nil, false, false // never replayed: not known to be sound
	}
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
	setGameType(&g, r, true)
	return &g, true, fixed
}

// setGameType gives g, a copy of r's game, the GameType tag that says how
// it was read (Report.GameTypeTag): the variant guessed, when inferred is
// set, so that it need not be guessed again; and the numbering and start
// colour its moves were read in when they are not those its tag says.
func setGameType(g *pdn.Game, r *validate.Report, inferred bool) {
	v, changed := r.GameTypeTag()
	if !changed || r.GameType.Inferred && !inferred {
		return
	}
	g.Tags = append([]pdn.Tag(nil), g.Tags...)
	for i := range g.Tags {
		if strings.EqualFold(g.Tags[i].Name, "GameType") {
			g.Tags[i].Value = v
			return
		}
	}
	g.Tags = append(g.Tags, pdn.Tag{Name: "GameType", Value: v})
}

// writeReject writes a game as read, preceded by its findings as "%"
// comment lines (PDN's escape: the rest of the line is ignored). A game
// over the reader's size cap was not kept whole: its bytes are copied
// from its file when that is a plain file, else the reject says which
// bytes of which input it was.
func writeReject(w io.Writer, r *validate.Report, src *sourceInfo) error {
	var sb strings.Builder
	writeFindings(&sb, r)
	var se *pdn.SyntaxError
	tooLarge := errors.As(r.Game.Err, &se) && errors.Is(se, pdn.ErrGameTooLarge)
	if tooLarge {
		switch {
		case se.Start < 0 && strings.HasPrefix(r.Game.Encoding, "utf-16"):
			fmt.Fprintf(&sb, "the game is too large to keep; it is in the %s text of %s, not copied here\n", strings.ToUpper(r.Game.Encoding), r.Game.File)
		case se.Start < 0:
			fmt.Fprintf(&sb, "the game is too large to keep; it is in the text of the JSON strings of %s\n", r.Game.File)
		case src != nil && src.Plain:
			fmt.Fprintf(&sb, "the game is too large to keep in memory; here are its bytes %d-%d of %s, copied\n", se.Start, se.End, r.Game.File)
		default:
			what := r.Game.File
			if src != nil && src.Compressed {
				what += " once decompressed"
			}
			fmt.Fprintf(&sb, "the game is too large to keep; it is bytes %d-%d of %s, not copied here\n", se.Start, se.End, what)
		}
	}
	raw := strings.TrimRight(r.Game.Raw, "\r\n \t")
	// A game that did not end with a terminator (the end of its file, of
	// its JSON string, or the tags of the next game ended it) would join
	// the next reject when the file is read back: it gets one, and says
	// so.
	term := ""
	if !tooLarge && raw != "" && !pdn.Terminated(raw) {
		term = (&pdn.Game{Tags: r.Game.Tags}).Ending()
		fmt.Fprintf(&sb, "the game had no terminator; the %s after it is added so that it reads back on its own\n", display.Text(term))
	}
	for _, line := range strings.Split(strings.TrimRight(sb.String(), "\n"), "\n") {
		fmt.Fprintf(w, "%% %s\n", line)
	}
	// A blank line between the findings and the game, as between games:
	// the game reads back on its own even when it is only tags.
	io.WriteString(w, "\n")
	if tooLarge && se.Start >= 0 && src != nil && src.Plain {
		if err := copyRange(w, src.Name, se.Start, se.End); err != nil {
			return fmt.Errorf("%s: copying game %d to the rejects: %w", r.Game.File, r.Game.Index, err)
		}
		_, err := io.WriteString(w, "\n\n")
		return err
	}
	if tooLarge {
		_, err := io.WriteString(w, "\n")
		return err
	}
	if term != "" {
		raw += "\n" + term
	}
	_, err := fmt.Fprintf(w, "%s\n\n", raw)
	return err
}

// copyRange copies bytes [start, end) of file name to w, trimmed of the
// blank lines at the end.
func copyRange(w io.Writer, name string, start, end int64) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	// Trim trailing blanks: look at the last bytes.
	tail := make([]byte, min(end-start, 256))
	if _, err := f.ReadAt(tail, end-int64(len(tail))); err != nil && err != io.EOF {
		return err
	}
	trimmed := int64(len(tail) - len(strings.TrimRight(string(tail), "\r\n \t")))
	_, err = io.Copy(w, io.NewSectionReader(f, start, end-start-trimmed))
	return err
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
