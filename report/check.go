package report

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/damka/damka/diagram"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// DefaultMaxErrors is the number of errors a check report shows by default.
const DefaultMaxErrors = 500

// Check collects the errors of a check run for its report: each with the
// board where it happened, the move as written and the finding. Only the
// first max errors are kept; the rest are counted.
type Check struct {
	max      int
	counts   counts
	errors   []errorCard
	more     int
	variants map[draughts.Variant]bool // of the games on boards
}

// NewCheck starts a check report of at most max errors (DefaultMaxErrors
// when max is 0 or less).
func NewCheck(max int) *Check {
	if max <= 0 {
		max = DefaultMaxErrors
	}
	return &Check{max: max, counts: newCounts(), variants: map[draughts.Variant]bool{}}
}

// Add adds a game of the run; games must be added in input order. The
// first card of a game with a board has the game on a board to step
// through (board.go), opened at its first error, every error's arrows
// drawn at its ply; the game's other cards link to it.
func (c *Check) Add(file string, r *validate.Report) {
	c.counts.add(r)
	n := c.counts.games
	first := -1 // the game's first card with a board
	var marks []plyArrows
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Severity != validate.Error {
			continue
		}
		if len(c.errors) == c.max {
			c.more++
			continue
		}
		card, m := errorCardOf(len(c.errors)+1, file, r, f)
		if len(m) > 0 && hasBoard(r) {
			if first < 0 {
				first = len(c.errors)
			}
			card.StepsAt = plyAnchor(n, m[0].ply)
			marks = append(marks, m...)
		}
		c.errors = append(c.errors, card)
	}
	if first < 0 {
		return
	}
	c.variants[r.Variant] = true
	b := newBoard(n, r, marks[0].ply, moveRows(n, r, nil))
	var extra []string
	for _, m := range marks {
		if len(m.arrows) == 0 {
			// An error drawn without arrows: none of the move played
			// either.
			extra = append(extra, fmt.Sprintf("%d - -", m.ply))
		}
		for _, a := range m.arrows {
			if len(a.Path) == 0 {
				continue
			}
			names := make([]string, len(a.Path))
			for i, s := range a.Path {
				names[i] = r.Variant.SquareName(s)
			}
			sep := "-"
			if len(a.Captured) > 0 {
				sep = ":"
			}
			extra = append(extra, fmt.Sprintf("%d %s %s", m.ply, a.Kind, strings.Join(names, sep)))
		}
	}
	b.Extra = strings.Join(extra, ";")
	b.Initial = c.errors[first].Board
	c.errors[first].Steps = b
}

// plyArrows are arrows an error draws on the position after ply.
type plyArrows struct {
	ply    int
	arrows []diagram.Arrow
}

// errorBoard is the position before the ply of f, when replay knows it:
// the ply's own position, or where replay stopped for the ply after the
// last one replayed.
func errorBoard(r *validate.Report, f *validate.Finding) (draughts.Position, bool) {
	if !r.Started || f.Ply < 1 || r.Variant == draughts.NoVariant {
		return draughts.Position{}, false
	}
	switch i := f.Ply - 1; {
	case i < len(r.Plies):
		return r.Plies[i].Before, true
	case i == len(r.Plies):
		return r.Final, true
	}
	return draughts.Position{}, false
}

// errorCardOf is the card of error f, the n-th, and the arrows it draws
// on the positions of the game (after the plies before its move, and
// before an earlier move a repair changes).
func errorCardOf(n int, file string, r *validate.Report, f *validate.Finding) (errorCard, []plyArrows) {
	g := r.Game
	card := errorCard{
		N:        n,
		Where:    fmt.Sprintf("%s:%d:%d", file, f.Line, f.Col),
		Game:     fmt.Sprintf("game %d (%s – %s%s)", g.Index, orQ(g.White()), orQ(g.Black()), eventSuffix(g.Event())),
		Written:  f.Move,
		Kind:     string(f.Kind),
		Severity: string(f.Severity),
		Message:  f.Message,
	}
	card.Ply = f.Where()
	p, ok := errorBoard(r, f)
	if !ok && f.Kind == validate.BadSetup {
		// The setup as written, which the rules refuse: still worth a look.
		v := r.Variant
		if v == draughts.NoVariant {
			v = draughts.Russian
		}
		if fen := g.FEN(); fen != "" {
			if sp, err := v.ParseFEN(fen); err == nil {
				card.Board = template.HTML(diagram.SVG(&sp, &diagram.Options{Title: fmt.Sprintf("Error %d: %s: the setup as written", n, f.Kind), Desc: f.Message}))
			}
		}
		return card, nil
	}
	if !ok {
		return card, nil
	}
	var arrows []diagram.Arrow
	if f.Move != "" {
		if n, err := r.Naming().ParseNotation(f.Move); err == nil {
			// diagram.WrittenArrow, read in the record's names.
			arrows = append(arrows, diagram.Arrow{Path: n.Squares, Kind: diagram.Written, Label: f.Move})
		}
	}
	if f.Kind == validate.AmbiguousMove && len(f.Repairs) == 0 {
		// The moves the abbreviated capture can mean, one per result
		// (the repairs, when there are some, are those moves).
		if groups, err := r.Naming().Match(&p, f.Move); err == nil {
			for _, g := range groups {
				arrows = append(arrows, diagram.MoveArrow(&g[0], diagram.Move))
			}
		}
	}
	if f.Kind == validate.MissedCapture {
		// The captures that were compulsory, at most three.
		for i, m := range r.Variant.UniqueMoves(&p, nil) {
			if i == 3 {
				break
			}
			arrows = append(arrows, diagram.MoveArrow(&m, diagram.Best))
		}
	}
	// The repairs (validate.Repair) of the move where it was written;
	// the best repair of an earlier move (a swap, a replacement further
	// back) on a board of its own.
	card.Suggestion = f.Suggestion()
	var other *validate.Repair
	// Only the repairs that rank first (as the suggestion in words has
	// them), at most three: the others would hide one another.
	for k := range f.Repairs {
		rp := &f.Repairs[k]
		if k == 3 || rp.Score != f.Repairs[0].Score {
			break
		}
		if rp.Ply == f.Ply {
			if a, err := recordArrow(r, &p, rp.Move, diagram.Repair); err == nil {
				arrows = append(arrows, a)
			}
		} else if other == nil && k == 0 {
			other = rp
		}
	}
	title := fmt.Sprintf("Error %d: %s", n, f.Kind)
	if card.Ply != "" {
		title += ", before " + card.Ply
	}
	card.Board = template.HTML(diagram.SVG(&p, &diagram.Options{Title: title, Desc: f.Message, Arrows: arrows}))
	marks := []plyArrows{{f.Ply - 1, arrows}}
	if other != nil {
		if rb, ok := errorBoard(r, &validate.Finding{Ply: other.Ply}); ok {
			if a, err := recordArrow(r, &rb, other.Move, diagram.Repair); err == nil {
				card.RepairBoard = template.HTML(diagram.SVG(&rb, &diagram.Options{
					Title:  fmt.Sprintf("Error %d: the repair, at ply %d: %s", n, other.Ply, other.Move),
					Arrows: []diagram.Arrow{a},
				}))
				card.RepairPly = other.Ply
				marks = append(marks, plyArrows{other.Ply - 1, []diagram.Arrow{a}})
			}
		}
	}
	return card, marks
}

// recordArrow is diagram.ArrowFor for a move written in the names of r's
// record (validate.Report.Naming), which may number the squares
// otherwise than its variant does, as the repairs are written.
func recordArrow(r *validate.Report, p *draughts.Position, text string, k diagram.Kind) (diagram.Arrow, error) {
	nm := r.Naming()
	if nm.Standard() {
		return diagram.ArrowFor(p, text, k)
	}
	groups, err := nm.Match(p, text)
	if err != nil {
		return diagram.Arrow{}, err
	}
	if len(groups) != 1 {
		return diagram.Arrow{}, fmt.Errorf("%s is not one legal move here", text)
	}
	return diagram.MoveArrow(&groups[0][0], k), nil
}

func eventSuffix(event string) string {
	if event == "" || event == "?" {
		return ""
	}
	return ", " + event
}

// Len is the number of games added.
func (c *Check) Len() int { return c.counts.games }

// Write writes the report as one HTML page.
func (c *Check) Write(w io.Writer, meta Meta) error {
	if meta.Title == "" {
		meta.Title = "damka check"
	}
	pg := &page{Title: meta.Title, Version: meta.Version, Command: meta.Command, Errors: c.errors, Boards: boardTemplates(c.variants)}
	pg.Summary = c.counts.rows(meta.InputErrors)
	pg.Findings = c.counts.findings()
	pg.Openings, pg.Named = c.counts.openingRows(), c.counts.named()
	total := len(c.errors) + c.more
	switch {
	case total == 0:
		pg.ErrorsNote = "No game has an error."
	case c.more > 0:
		pg.ErrorsNote = fmt.Sprintf("The first %d of %s, in input order; %d more are not shown.", len(c.errors), plural(total, "error"), c.more)
	default:
		pg.ErrorsNote = fmt.Sprintf("%s, in input order.", capitalize(plural(total, "error")))
	}
	return writePage(w, pg)
}
