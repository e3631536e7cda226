package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// AnalysisSummary sums up an analysis run as damka analyze prints it
// after the counts of the games: the positions searched, the moves by
// class, and the ten worst moves (ranked by analyze.Worst, as the
// page's). Games are added in input order.
type AnalysisSummary struct {
	Depth int
	// Engine names the external engine that searched in damka's place,
	// with its settings ("Scan 2.0 (depth=15 nodes=0 time=0s)"): the first
	// line says so instead of the depth. Empty for damka's own search.
	Engine    string
	Positions int64
	Nodes     uint64
	Classes   map[analyze.Class]int
	worst     *analyze.Worst[worstMove]
	seq       int
}

// worstMove is what the summary shows of one of its worst moves.
type worstMove struct {
	before, after analyze.Score
	file          string
	game          *pdn.Game
	ply           validate.Ply
	class         analyze.Class
	played, best  string
	first         draughts.Color // the side that moves first in the game, for the move's label
}

// NewAnalysisSummary starts the summary of a run at depth.
func NewAnalysisSummary(depth int) *AnalysisSummary {
	return &AnalysisSummary{Depth: depth, Classes: map[analyze.Class]int{}, worst: analyze.NewWorst[worstMove](10)}
}

// Add counts the analysis of a game, a, its positions and nodes
// (pipeline.Result's). The summary keeps r.Game: the run must not reuse
// its memory.
func (s *AnalysisSummary) Add(r *validate.Report, a *analyze.GameAnalysis, positions int, nodes uint64) {
	s.Positions += int64(positions)
	s.Nodes += nodes
	for i := range a.Len() {
		e := &a.Plies[i]
		class := e.Class
		s.Classes[class]++
		s.seq++
		if !analyze.Bad(class) {
			continue
		}
		pl := r.Plies[i]
		before, after := e.Before, e.After
		s.worst.Offer(analyze.BadMove[worstMove]{Drop: analyze.Fall(before, after), Loss: e.Loss, Seq: s.seq,
			Item: worstMove{before: before, after: after, file: r.Game.File, game: r.Game, ply: pl, class: class,
				played: r.Canonical(&pl, false), best: BestNames(r, e), first: r.FirstMove()}})
	}
}

// Write prints the summary of a run that took took.
func (s *AnalysisSummary) Write(w io.Writer, took time.Duration) {
	sec := took.Seconds()
	rate := func(n float64) float64 {
		if sec <= 0 {
			return 0
		}
		return n / sec
	}
	by := fmt.Sprintf("at depth %d", s.Depth)
	if s.Engine != "" {
		by = "with " + s.Engine
	}
	fmt.Fprintf(w, "analysed %d positions %s in %.1fs: %.0f positions/s, %.1f M nodes/s\n",
		s.Positions, by, sec, rate(float64(s.Positions)), rate(float64(s.Nodes))/1e6)
	var parts []string
	for _, c := range []struct {
		class analyze.Class
		name  string
	}{
		{analyze.ClassBlunder, "blunders"}, {analyze.ClassMistake, "mistakes"}, {analyze.ClassInaccuracy, "inaccuracies"},
		{analyze.ClassMissedWin, "missed wins"}, {analyze.ClassOnlyMove, "only moves"},
	} {
		parts = append(parts, fmt.Sprintf("%d %s", s.Classes[c.class], c.name))
	}
	fmt.Fprintf(w, "found %s\n", strings.Join(parts, ", "))
	if s.worst.Len() == 0 {
		return
	}
	fmt.Fprintln(w, "worst moves (evaluations in men, for the side that moved):")
	for i, bm := range s.worst.Sorted() {
		m := bm.Item
		label := validate.Label(m.ply.MoveNumber, m.ply.Side, m.first) + " " + m.played
		fmt.Fprintf(w, "%3d. %s: %s, ply %d (%s): %s, best %s; %s -> %s\n", i+1, display.Text(m.file), GameLabel(m.game), m.ply.Ply,
			display.Text(label), m.class, display.Text(m.best), m.before, m.after)
	}
}

// BestNames writes the best move of an analysis of one of r's plies in
// the names of r's record (Report.Naming): the variant's standard names
// (the engine's, as the datasets have them) where they are the record's.
// It is "" when the analysis names no best move.
func BestNames(r *validate.Report, e *analyze.PlyAnalysis) string {
	if !e.HasBest() {
		return ""
	}
	nm := r.Naming()
	if nm.Standard() {
		return e.Best.String()
	}
	return nm.Format(&e.Best, r.Style())
}
