// Package report writes the HTML reports of damka's runs: one
// self-contained page per run, for people to look at.
//
// The page of an analysis (Analysis) sums up the run (games, plies,
// classes of moves, findings by kind), lists the worst moves, each with the
// board before it and the move played and the best move drawn as arrows
// (package diagram), the evaluations and the principal variation, and shows
// each game they come from with its tags, an evaluation graph and the
// move list with the classes. The page of a check (Check) shows every
// error with the board where it happened and the move as written. Both
// have a section with the named openings of the run (package openings)
// and their results, as an opening explorer shows them.
//
// Every game shown is an analysis board (board.go, board.js): a board to
// step through the moves with the keys, the move list or the graph, with
// the move played and the best move drawn, the evaluations and the best
// line, which can itself be played through; report.html#game-N-ply-M opens
// game N at ply M. The page holds the moves, not the positions: its one
// script plays them.
//
// A page works offline from disk: its SVG, CSS and script are inline, it
// loads no font, image or file, its Content-Security-Policy allows its one
// script by its hash and nothing else, and it reads on a phone and in
// print through CSS. It is written with html/template,
// which escapes every text from the games; the same run gives the same
// bytes (no time, no map order). The page is then shown as damka's
// messages are (package display): the control characters of a tag (ESC,
// BEL, the C1 controls: harmless in a browser, obeyed by cat or less -R)
// and the format characters that reorder or hide text (U+202E, U+200B...)
// are written as visible escapes, \x1b and \u202e, and the HTML stays
// valid (raw C0 controls are a parse error in HTML).
package report

import (
	"bytes"
	_ "embed"
	"html/template"
	"io"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
)

//go:embed page.html.tmpl
var pageTemplate string

//go:embed style.css
var styleSheet string

var tmpl = template.Must(template.New("page").Parse(pageTemplate))

// page is what the template draws.
type page struct {
	Title, Version, Command string
	// Engine describes the external engine whose searches the analysis
	// used (damka analyze --engine), "" for damka's own.
	Engine   string
	Analysis bool // an analysis page (else a check page)

	Summary  []row
	Classes  []count
	Findings []count

	// Openings are the named openings of the run (package openings), with
	// their games and results; Named counts the games that have one.
	Openings []openingRow
	Named    int

	Worst     []worstCard
	Games     []gameSection
	GamesNote string

	Errors     []errorCard
	ErrorsNote string

	// Boards are the empty boards of the variants on the page, which the
	// script (board.js) draws the games' positions on.
	Boards []boardTemplate
}

// Script is the page's script, allowed by its hash (ScriptHash) in the
// Content-Security-Policy.
func (p *page) Script() template.JS { return template.JS(boardScript) }

// ScriptHash is the Content-Security-Policy's source of the script.
func (p *page) ScriptHash() string { return scriptHash }

// CSS is the style sheet, inline in the page.
func (p *page) CSS() template.CSS { return template.CSS(styleSheet) }

type row struct{ Label, Value string }

// openingRow is a named opening's line of the openings section: its name,
// the language of the name and the name in Latin letters when it is
// written in others (a Russian name), its games, White's wins, the draws,
// Black's wins, and White's score.
type openingRow struct {
	Name, Lang, Latin          string
	Games, White, Draws, Black int
	Score                      string // "56%", "–" when no game has a result
}

type count struct {
	Name, Label string
	N           int
}

// gameLink names a game and where its section is.
type gameLink struct {
	Anchor        string
	N             int
	Label         string // "White – Black"
	Event, Result string
	Where         string // "file.pdn, game 3"
}

type worstCard struct {
	N                   int
	Anchor              string
	Class, ClassName    string
	Board               template.HTML
	Game                gameLink
	PlyAnchor           string
	Ply                 int
	MoveLabel           string
	Played, Best        string
	Before, After, Loss string
	PV                  string
}

type gameSection struct {
	Ref   gameLink
	Tags  []pdn.Tag
	Board *board // nil when the game has no board (its start is not known)
	Graph template.HTML
	Note  string
}

// moveRow is a move number's plies, the first mover's first; a nil cell
// is a ply the game does not have.
type moveRow struct {
	Number int
	Cells  []*moveCell
}

type moveCell struct {
	Anchor, Text, Mark, Class, Title string
	Worst                            string // anchor of its worst-move card, if it is one

	// What the board's script reads (board.go): the move (moveCode),
	// the evaluations before and after it for the mover (evalData), the
	// best move and the best line (setLine).
	Code, Eval     string
	Best, BestCode string
	PV, PVCodes    string
}

type errorCard struct {
	N        int
	Board    template.HTML
	Where    string // file:line:col
	Game     string
	Ply      string // "ply 3 (2. a3-b4)"
	Written  string
	Kind     string
	Severity string
	Message  string
	// Suggestion is the best repairs in words ("did you mean c3-d4?");
	// RepairBoard draws the best repair when it changes an earlier ply
	// (RepairPly) than the one that failed.
	Suggestion  string
	RepairBoard template.HTML
	RepairPly   int
	// Steps is the game on a board, opened at the error, on the first
	// card of a game with a board; the other cards link to it (StepsAt).
	Steps   *board
	StepsAt string
}

// writePage writes the page with its control and format characters
// escaped. The page is made whole first (it is small: a few games and
// cards), so that the escaping sees every character whole.
func writePage(w io.Writer, p *page) error {
	var b bytes.Buffer
	if err := tmpl.Execute(&b, p); err != nil {
		return err
	}
	_, err := display.NewWriter(w).Write(b.Bytes())
	return err
}
