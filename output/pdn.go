package output

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/report"
	"github.com/damka/damka/validate"
)

// CleanOptions say how Clean mends a game.
type CleanOptions struct {
	// FixResults sets the result from the final position where the rules
	// decide it: a wrong_result is then mended, not an error.
	FixResults bool
	// FullPaths writes every capture with all its landing squares.
	FullPaths bool
}

// Clean returns the game damka clean writes of r's game: its moves as
// replayed in canonical notation (Report.Line), its variant named when it
// was guessed; ok is false when the game has an error that cleaning
// cannot mend (or could not be checked: never replayed, not known to be
// sound), and fixed tells that its result was set from the rules. r.Game
// is not changed.
func Clean(r *validate.Report, opts CleanOptions) (g *pdn.Game, ok, fixed bool) {
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
	c := *r.Game
	c.Moves = r.Line(opts.FullPaths)
	if opts.FixResults && decided {
		want := r.Outcome.String()
		if r.Result != want || validate.NormalizeResult(c.Terminator) != want {
			fixed = true
		}
		c.Tags = append([]pdn.Tag(nil), c.Tags...)
		set := false
		for i := range c.Tags {
			if strings.EqualFold(c.Tags[i].Name, "Result") {
				c.Tags[i].Value = want
				set = true
			}
		}
		if !set {
			c.Tags = append(c.Tags, pdn.Tag{Name: "Result", Value: want})
		}
		c.Terminator = want
	}
	setGameType(&c, r, true)
	return &c, true, fixed
}

// Canonical is the game with its replayed moves written as damka clean
// writes them (and its variant named when it was guessed); moves after
// an error stay as written.
func Canonical(r *validate.Report) *pdn.Game {
	g := *r.Game
	g.Moves = r.Line(false)
	setGameType(&g, r, true)
	return &g
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

// WriteReject writes a game as read, preceded by its findings as "%"
// comment lines (PDN's escape: the rest of the line is ignored), as
// damka clean --rejects does. A game over the reader's size cap was not
// kept whole: its bytes are copied from its file when that is a plain
// file (src, how its input was opened; nil when not known), else the
// reject says which bytes of which input it was.
func WriteReject(w io.Writer, r *validate.Report, src *pipeline.Source) error {
	var sb strings.Builder
	report.WriteFindings(&sb, r)
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

// Annotate returns the game with the analysis written in, as damka
// analyze writes annotated.pdn: canonical moves, ?! ? ?? marks, and a
// comment per analysed move with the evaluation (White's view, after the
// move) and the best move where another was played; an Annotator tag
// (annotator) when a move was analysed. r.Game is not changed: the moves
// are copied, and an analysed move gets new Notes (a copy of its own,
// which stay shared with r.Game).
func Annotate(r *validate.Report, a *analyze.GameAnalysis, annotator string) *pdn.Game {
	g := *r.Game
	g.Err = nil
	g.Moves = append([]pdn.Move(nil), g.Moves...)
	notes := make([]pdn.Notes, 0, min(len(r.Plies), a.Len()))
	for i := range r.Plies {
		pl := &r.Plies[i]
		m := &g.Moves[pl.Index]
		m.Text = r.Canonical(pl, false)
		e := a.Ply(i)
		if e == nil {
			continue
		}
		after := e.After
		if pl.Side == draughts.Black {
			after = after.Neg()
		}
		note := after.String()
		var nt pdn.Notes
		if m.Notes != nil {
			nt = *m.Notes
		}
		switch e.Class {
		case analyze.ClassInaccuracy:
			nt.Strength = "?!"
		case analyze.ClassMistake:
			nt.Strength = "?"
		case analyze.ClassBlunder:
			nt.Strength = "??"
		case analyze.ClassMissedWin:
			nt.Strength = "?"
			note += " missed win"
		}
		if analyze.Bad(e.Class) && e.HasBest() {
			note += "; best " + report.BestNames(r, e)
		}
		nt.Comments = append(slices.Clip(nt.Comments), note) // a new array: r.Game's stays as it is
		notes = append(notes, nt)
		m.Notes = &notes[len(notes)-1]
	}
	if a.Len() > 0 {
		g.Tags = append(append([]pdn.Tag(nil), g.Tags...), pdn.Tag{Name: "Annotator", Value: annotator})
	}
	setGameType(&g, r, false)
	g.Moves = r.KeepMoves(g.Moves)
	return &g
}
