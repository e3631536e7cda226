package report

import (
	"fmt"
	"io"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Lines prints the findings of a check run like a compiler, one line
// each (WriteFinding), but those that many games of a file share
// (variant_inferred, unknown_variant, gametype_mismatch) once a file:
// "game 1 (...) and 152 more games of this file". It keeps nothing of a
// game past Game: a run may reuse its memory.
type Lines struct {
	w      io.Writer
	filter func(*validate.Finding) bool
	file   string
	groups []*findingGroup
}

// NewLines prints on w the findings filter keeps (all when it is nil).
func NewLines(w io.Writer, filter func(*validate.Finding) bool) *Lines {
	return &Lines{w: w, filter: filter}
}

type findingGroup struct {
	// file and label name the group's first game: not the game itself,
	// whose memory the run reuses.
	file, label string
	f           validate.Finding
	count       int
}

// perFile tells the findings printed once per file.
func perFile(k validate.Kind) bool {
	return k == validate.VariantInferred || k == validate.UnknownVariant || k == validate.GameTypeMismatch
}

// Game prints the findings of the next game.
func (p *Lines) Game(r *validate.Report) {
	g := r.Game
	if g.File != p.file {
		p.Flush()
		p.file = g.File
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		if p.filter != nil && !p.filter(f) {
			continue
		}
		if !perFile(f.Kind) {
			WriteFinding(p.w, g, f, "")
			continue
		}
		found := false
		for _, gr := range p.groups {
			if gr.f.Kind == f.Kind && gr.f.Message == f.Message {
				gr.count++
				found = true
				break
			}
		}
		if !found {
			p.groups = append(p.groups, &findingGroup{file: g.File, label: GameLabel(g), f: *f, count: 1})
		}
	}
}

// Flush prints the shared findings of the file read so far: at the end
// of the run (the next file's first game flushes the file before).
func (p *Lines) Flush() {
	for _, gr := range p.groups {
		more := ""
		switch gr.count {
		case 1:
		case 2:
			more = " and 1 more game of this file"
		default:
			more = fmt.Sprintf(" and %d more games of this file", gr.count-1)
		}
		writeFindingOf(p.w, gr.file, gr.label, &gr.f, more)
	}
	p.groups = p.groups[:0]
}

// GameLabel names a game in reports: "game 3 (Ivanov - Petrov, USSR ch.)",
// its archive text escaped for display.
func GameLabel(g *pdn.Game) string {
	or := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	return fmt.Sprintf("game %d (%s - %s, %s)", g.Index, or(display.Text(g.White())), or(display.Text(g.Black())), or(display.Text(g.Event())))
}

// WriteFindings prints the findings of a game, one compiler-style line
// each (WriteFinding).
func WriteFindings(w io.Writer, r *validate.Report) {
	for i := range r.Findings {
		WriteFinding(w, r.Game, &r.Findings[i], "")
	}
}

// WriteFinding prints one finding of game g, the line damka check prints:
// "file:line:col: game N (...)more: ply P (17. c3-d4): kind: message", with
// more said after the game's label; archive text is escaped for display.
func WriteFinding(w io.Writer, g *pdn.Game, f *validate.Finding, more string) {
	writeFindingOf(w, g.File, GameLabel(g), f, more)
}

// writeFindingOf is WriteFinding for the game of the given file and label
// (GameLabel).
func writeFindingOf(w io.Writer, file, label string, f *validate.Finding, more string) {
	// label is GameLabel's, escaped already; the rest quotes archive text.
	fmt.Fprintf(w, "%s:%d:%d: %s%s: %s\n", display.Text(file), f.Line, f.Col, label, more, display.Text(f.String()))
}

// The JSON form of a game's report, damka check --json's line: a
// contract, keep the fields as they are (status was added after the
// others). A finding has the names and NULLs of the games table's
// findings (column, not col; move null for a finding with no move
// written, as for the game as a whole).
type JSONGame struct {
	File     string          `json:"file"`
	Game     int             `json:"game"`
	Line     int             `json:"line"`
	Plies    int             `json:"plies"`
	Status   validate.Status `json:"status"`
	Findings []JSONFinding   `json:"findings"`
}

// JSONFinding is a finding of a JSONGame.
type JSONFinding struct {
	Kind     validate.Kind     `json:"kind"`
	Severity validate.Severity `json:"severity"`
	Ply      int               `json:"ply"`
	Move     *string           `json:"move"`
	Line     int               `json:"line"`
	Column   int               `json:"column"`
	Message  string            `json:"message"`
	// Repairs, best first: only on the findings repairs are searched for
	// (and on repaired ones, the repair applied).
	Repairs *[]JSONRepair `json:"repairs,omitempty"`
}

// JSONRepair is a repair of a JSONFinding.
type JSONRepair struct {
	Move         string        `json:"move"`
	Edit         validate.Edit `json:"edit"`
	ReplaysToEnd bool          `json:"replays_to_end"`
	PliesAfter   int           `json:"plies_replayed_after"`
}

// CheckJSON is the JSON form of r, with only the findings filter keeps
// (all when it is nil); ok is false when a filter keeps none: damka check
// --json prints no line for that game.
func CheckJSON(r *validate.Report, filter func(*validate.Finding) bool) (j JSONGame, ok bool) {
	j = JSONGame{File: r.Game.File, Game: r.Game.Index, Line: int(r.Game.Pos.Line), Plies: len(r.Plies), Status: r.Status(), Findings: []JSONFinding{}}
	for i := range r.Findings {
		f := &r.Findings[i]
		if filter != nil && !filter(f) {
			continue
		}
		jf := JSONFinding{Kind: f.Kind, Severity: f.Severity, Ply: f.Ply, Line: f.Line, Column: f.Col, Message: f.Message}
		if f.Move != "" {
			jf.Move = &f.Move
		}
		if f.Repairable() || f.Kind == validate.Repaired {
			reps := make([]JSONRepair, 0, len(f.Repairs))
			for _, c := range f.Repairs {
				reps = append(reps, JSONRepair{c.Move, c.Edit, c.ReplaysToEnd, c.PliesAfter})
			}
			jf.Repairs = &reps
		}
		j.Findings = append(j.Findings, jf)
	}
	return j, filter == nil || len(j.Findings) > 0
}
