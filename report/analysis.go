package report

import (
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/diagram"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/openings"
	"github.com/damka/damka/validate"
)

// Defaults of an Analysis.
const (
	DefaultTop      = 50 // worst moves listed
	DefaultAllGames = 20 // a run of at most this many games shows them all
)

// Classes lists the classes of moves in the order the report counts them.
var Classes = []analyze.Class{
	analyze.ClassBest, analyze.ClassGood, analyze.ClassInaccuracy, analyze.ClassMistake,
	analyze.ClassBlunder, analyze.ClassMissedWin, analyze.ClassOnlyMove,
}

// Meta is what the caller knows of a run that the games do not tell.
type Meta struct {
	Title       string // the page's title; empty: "damka analyze"
	Version     string // damka's version
	Command     string // the command line, as the datasets' metadata write it
	Depth       int    // search depth
	InputErrors int    // inputs that could not be read at all
	// Engine, when not empty, is the external engine that searched in
	// damka's place (analyze --engine): its name, version, settings and
	// fingerprint, one line in the page's header.
	Engine string
}

// Analysis collects the games of an analysis run, in input order, for its
// report: counts of everything, the Top worst moves, and the games they
// come from. It keeps only the games that may still be shown, so that a
// big archive costs memory for Top games, not for all of them.
type Analysis struct {
	top, allGames int

	counts  counts
	classes map[analyze.Class]int

	worst *analyze.Worst[candidate]
	seq   int       // plies offered so far: the tie-break of the order
	games []*record // games kept, in input order
	n     int       // games added
}

// NewAnalysis starts a report of the top worst moves (DefaultTop when top
// is 0 or less); a run of at most allGames games shows every game, a
// bigger one only the games of the worst moves.
func NewAnalysis(top, allGames int) *Analysis {
	if top <= 0 {
		top = DefaultTop
	}
	if allGames < 0 {
		allGames = 0
	}
	return &Analysis{top: top, allGames: allGames, classes: map[analyze.Class]int{}, counts: newCounts(), worst: analyze.NewWorst[candidate](top)}
}

// record is a game that may be shown.
type record struct {
	n      int // 1-based order in the run
	file   string
	report *validate.Report
	a      *analyze.GameAnalysis
	refs   int // worst moves kept that are of this game
}

// candidate is a bad move that may be among the worst: its game and
// its index in report.Plies (ranked by analyze.Worst, as damka analyze's
// summary).
type candidate struct {
	game *record
	ply  int
}

// Add adds a game of the run with its analysis (ga.Plies[i] is ply i's;
// a game with errors has analyses for the plies before the first). Games
// must be added in input order.
func (a *Analysis) Add(file string, r *validate.Report, ga *analyze.GameAnalysis) {
	a.n++
	a.counts.add(r)
	rec := &record{n: a.n, file: file, report: r, a: ga}
	for i := range min(ga.Len(), len(r.Plies)) {
		e := &ga.Plies[i]
		class := e.Class
		a.classes[class]++
		a.seq++
		if !analyze.Bad(class) {
			continue
		}
		kept, out := a.worst.Offer(analyze.BadMove[candidate]{Drop: analyze.Fall(e.Before, e.After), Loss: e.Loss, Seq: a.seq,
			Item: candidate{game: rec, ply: i}})
		if kept {
			rec.refs++
		}
		if out != nil {
			out.Item.game.refs--
		}
	}
	a.games = append(a.games, rec)
	a.prune()
}

// prune drops the games that can no longer be shown: once the run has
// more than allGames games, those without a kept worst move.
func (a *Analysis) prune() {
	if a.n <= a.allGames || len(a.games) <= 2*a.top+a.allGames {
		return
	}
	kept := a.games[:0]
	for _, g := range a.games {
		if g.refs > 0 {
			kept = append(kept, g)
		}
	}
	clear(a.games[len(kept):])
	a.games = kept
}

// Len is the number of games added.
func (a *Analysis) Len() int { return a.n }

// Worst returns the worst moves kept, worst first, as (game order, ply)
// pairs: what the report lists.
func (a *Analysis) Worst() [][2]int {
	var out [][2]int
	for _, c := range a.sortedWorst() {
		out = append(out, [2]int{c.game.n, c.game.report.Plies[c.ply].Ply})
	}
	return out
}

func (a *Analysis) sortedWorst() []candidate {
	var list []candidate
	for _, m := range a.worst.Sorted() {
		list = append(list, m.Item)
	}
	return list
}

// Write writes the report as one HTML page.
func (a *Analysis) Write(w io.Writer, meta Meta) error {
	if meta.Title == "" {
		meta.Title = "damka analyze"
	}
	pg := &page{Title: meta.Title, Version: meta.Version, Command: meta.Command, Engine: meta.Engine, Analysis: true}
	pg.Summary = a.counts.rows(meta.InputErrors)
	pg.Summary = append(pg.Summary, row{"Positions analysed", fmt.Sprint(a.seq)})
	if meta.Depth > 0 {
		pg.Summary = append(pg.Summary, row{"Search depth", fmt.Sprintf("%d plies", meta.Depth)})
	}
	for _, c := range Classes {
		pg.Classes = append(pg.Classes, count{Name: string(c), Label: classLabel(c), N: a.classes[c]})
	}
	pg.Findings = a.counts.findings()
	pg.Openings, pg.Named = a.counts.openingRows(), a.counts.named()

	worst := a.sortedWorst()
	shown := map[*record]bool{}
	for _, c := range worst {
		shown[c.game] = true
	}
	var games []*record
	for _, g := range a.games {
		if a.n <= a.allGames || shown[g] {
			games = append(games, g)
		}
	}
	// Which worst move each ply is, for links back from the move lists.
	rank := map[*record]map[int]int{}
	for i, c := range worst {
		if rank[c.game] == nil {
			rank[c.game] = map[int]int{}
		}
		rank[c.game][c.ply] = i + 1
	}
	for i, c := range worst {
		pg.Worst = append(pg.Worst, worstView(i+1, c))
	}
	variants := map[draughts.Variant]bool{}
	for _, g := range games {
		gv := gameView(g, rank[g])
		if gv.Board != nil {
			variants[g.report.Variant] = true
		}
		pg.Games = append(pg.Games, gv)
	}
	pg.Boards = boardTemplates(variants)
	switch {
	case a.n == 0:
		pg.GamesNote = "No game was read."
	case len(games) == a.n:
		pg.GamesNote = fmt.Sprintf("All %s of the run.", plural(a.n, "game"))
	default:
		pg.GamesNote = fmt.Sprintf("%s of %d: those of the worst moves; %d left out (the run has more than %d).",
			capitalize(plural(len(games), "game")), a.n, a.n-len(games), a.allGames)
	}
	return writePage(w, pg)
}

// worstView is the card of the k-th worst move.
func worstView(k int, c candidate) worstCard {
	r := c.game.report
	pl := &r.Plies[c.ply]
	e := c.game.a.Ply(c.ply)
	played := pl.Canonical(r.Variant, false)
	arrows := []diagram.Arrow{diagram.MoveArrow(&pl.Move, diagram.Played)}
	arrows[0].Label = played
	best := ""
	if e.HasBest() {
		best = e.Best.String()
		arrows = append(arrows, diagram.MoveArrow(&e.Best, diagram.Best))
	}
	label := moveLabel(r.FirstMove(), pl.MoveNumber, pl.Side, played)
	title := fmt.Sprintf("Worst move %d: before %s; played %s, best %s", k, label, played, orDash(best))
	svg := diagram.SVG(&pl.Before, &diagram.Options{Title: title, Arrows: arrows})
	return worstCard{
		N:         k,
		Anchor:    fmt.Sprintf("w%d", k),
		Class:     string(e.Class),
		ClassName: classLabel(e.Class),
		Board:     template.HTML(svg),
		Game:      gameRef(c.game),
		PlyAnchor: plyAnchor(c.game.n, c.ply+1),
		Ply:       pl.Ply,
		MoveLabel: label,
		Played:    played,
		Best:      orDash(best),
		Before:    e.Before.String(),
		After:     e.After.String(),
		Loss:      lossText(e),
		PV:        strings.Join(moveTexts(e.BestPV), " "),
	}
}

// gameView is a game's section: tags, the game on a board with its
// move list, the evaluation graph.
func gameView(g *record, worst map[int]int) gameSection {
	r := g.report
	s := gameSection{Ref: gameRef(g), Tags: r.Game.Tags}
	if g.a.Len() > 0 {
		s.Graph = template.HTML(evalGraph(g))
	}
	rows := moveRows(g.n, r, func(i int, mv *moveCell) {
		e := g.a.Ply(i)
		if e == nil {
			return
		}
		pl := &r.Plies[i]
		c := e.Class
		mv.Class, mv.Mark = string(c), classMark(c)
		white := e.After
		if pl.Side == draughts.Black {
			white = white.Neg()
		}
		mv.Title = fmt.Sprintf("%s: %s, %s after the move (White's view)", moveLabel(r.FirstMove(), pl.MoveNumber, pl.Side, mv.Text), classLabel(c), white)
		if analyze.Bad(c) && e.HasBest() {
			mv.Title += "; best " + e.Best.String()
		}
		if k := worst[i]; k > 0 {
			mv.Worst = fmt.Sprintf("w%d", k)
		}
		mv.Eval = evalData(e)
		mv.setLine(e)
	})
	if hasBoard(r) {
		s.Board = newBoard(g.n, r, 0, rows)
	}
	if f := r.Findings.FirstError(); f != nil {
		s.Note = fmt.Sprintf("Ply %d: %s: %s", f.Ply, f.Kind, f.Message)
	}
	if g.a.Len() < len(r.Plies) {
		s.Note = strings.TrimSpace(s.Note + fmt.Sprintf(" (plies %d to %d not analysed)", g.a.Len()+1, len(r.Plies)))
	}
	return s
}

func gameRef(g *record) gameLink {
	gm := g.report.Game
	return gameLink{
		Anchor: fmt.Sprintf("game-%d", g.n),
		N:      g.n,
		Label:  fmt.Sprintf("%s – %s", orQ(gm.White()), orQ(gm.Black())),
		Event:  strings.TrimSpace(strings.Join(nonEmpty(gm.Event(), gm.Date()), ", ")),
		Result: gm.Result(),
		Where:  fmt.Sprintf("%s, game %d", g.file, gm.Index),
	}
}

// lossText is what the move cost in men ("1.25"), or "" when a score is
// decisive (a loss from a forced win is told by the scores themselves).
func lossText(e *analyze.PlyAnalysis) string {
	if e.Before.IsDecisive() || e.After.IsDecisive() {
		return ""
	}
	return fmt.Sprintf("%.2f", float64(e.Loss)/100)
}

// plyAnchor is the address of game's position after ply (0: the start),
// a move of its list.
func plyAnchor(game, ply int) string { return fmt.Sprintf("game-%d-ply-%d", game, ply) }

// moveLabel writes a ply as people do: "17. c3-d4" for the side that
// moves first in the game (validate.Report.FirstMove: White in Russian,
// Black in English), "17... f6-g5" for the other.
func moveLabel(first draughts.Color, number int, side draughts.Color, move string) string {
	return validate.Label(number, side, first) + " " + move
}

func classLabel(c analyze.Class) string {
	return strings.ReplaceAll(string(c), "_", " ")
}

// classMark is the annotation mark of a class, as annotated.pdn writes it.
func classMark(c analyze.Class) string {
	switch c {
	case analyze.ClassInaccuracy:
		return "?!"
	case analyze.ClassMistake, analyze.ClassMissedWin:
		return "?"
	case analyze.ClassBlunder:
		return "??"
	}
	return ""
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" && s != "?" && !strings.HasPrefix(s, "????") {
			out = append(out, s)
		}
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// counts sums up the games of a run, as damka check's summary does.
type counts struct {
	games, clean, warnings, errors, unreadable, unchecked, plies int
	kinds                                                        map[validate.Kind]int
	openings                                                     map[string]*openingCount
}

func newCounts() counts {
	return counts{kinds: map[validate.Kind]int{}, openings: map[string]*openingCount{}}
}

// openingCount is the explorer's statistics of a named opening: its games
// and their results.
type openingCount struct {
	lang, latin                string // of the name (openings.Entry)
	games, white, draws, black int
}

func (c *counts) add(r *validate.Report) {
	c.games++
	c.plies += len(r.Plies)
	switch r.Status() {
	case validate.Clean:
		c.clean++
	case validate.Warnings:
		c.warnings++
	case validate.Errors:
		c.errors++
	case validate.Unreadable:
		c.unreadable++
	case validate.Unchecked:
		c.unchecked++
	}
	for _, f := range r.Findings {
		c.kinds[f.Kind]++
	}
	if e := openings.Classify(r); e != nil {
		o := c.openings[e.Name]
		if o == nil {
			o = &openingCount{lang: e.Lang, latin: e.Latin}
			c.openings[e.Name] = o
		}
		o.games++
		switch r.Result {
		case "2-0":
			o.white++
		case "1-1":
			o.draws++
		case "0-2":
			o.black++
		}
	}
}

// openingRows are the named openings of the run, most played first (then
// by name, so that the page does not depend on map order).
func (c *counts) openingRows() []openingRow {
	var rows []openingRow
	for name, o := range c.openings {
		r := openingRow{Name: name, Lang: o.lang, Games: o.games, White: o.white, Draws: o.draws, Black: o.black, Score: "–"}
		if decided := o.white + o.draws + o.black; decided > 0 {
			r.Score = fmt.Sprintf("%.0f%%", 100*(float64(o.white)+float64(o.draws)/2)/float64(decided))
		}
		if o.latin != name {
			r.Latin = o.latin
		}
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Games != rows[j].Games {
			return rows[i].Games > rows[j].Games
		}
		return rows[i].Name < rows[j].Name
	})
	return rows
}

// named is the number of games of the run with a named opening.
func (c *counts) named() int {
	n := 0
	for _, o := range c.openings {
		n += o.games
	}
	return n
}

func (c *counts) rows(inputErrors int) []row {
	rows := []row{
		{"Games read", fmt.Sprint(c.games)},
		{"Without errors", fmt.Sprintf("%d (%d clean, %d with warnings only)", c.clean+c.warnings, c.clean, c.warnings)},
		{"With errors", fmt.Sprint(c.errors + c.unreadable)},
		{"Plies replayed", fmt.Sprint(c.plies)},
	}
	if c.unreadable > 0 {
		rows[2].Value += fmt.Sprintf(" (%d unreadable)", c.unreadable)
	}
	if c.unchecked > 0 {
		rows = append(rows[:3], append([]row{{"Not checked (a variant damka does not play)", fmt.Sprint(c.unchecked)}}, rows[3:]...)...)
	}
	if inputErrors > 0 {
		rows = append(rows, row{"Inputs that could not be read", fmt.Sprint(inputErrors)})
	}
	return rows
}

// findings lists the kinds found, in validate.Kinds order (then any other,
// sorted).
func (c *counts) findings() []count {
	var out []count
	known := map[validate.Kind]bool{}
	for _, k := range validate.Kinds {
		known[k] = true
		if n := c.kinds[k]; n > 0 {
			out = append(out, count{Name: string(k), Label: string(k), N: n})
		}
	}
	var other []string
	for k := range c.kinds {
		if !known[k] {
			other = append(other, string(k))
		}
	}
	sort.Strings(other)
	for _, k := range other {
		out = append(out, count{Name: k, Label: k, N: c.kinds[validate.Kind(k)]})
	}
	return out
}
