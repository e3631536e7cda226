package report

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"sort"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/diagram"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// The analysis boards: every game a page shows is a board to step through
// (board.js). The page holds each game's start position and moves, not
// its positions: the script plays the moves and draws each position on a
// copy of its variant's empty board, which the page holds once per
// variant and side (boardTemplates), as package diagram draws it.

//go:embed board.js
var boardScript string

// scriptHash is the Content-Security-Policy's source of the script:
// "sha256-" and its hash in base64.
var scriptHash = func() string {
	h := sha256.Sum256([]byte(boardScript))
	return "sha256-" + base64.StdEncoding.EncodeToString(h[:])
}()

// board is a game on an analysis board: div.ab of the page.
type board struct {
	Game    int    // the game's order in the run: its address is game-N-ply-M
	Variant string // the variant's name, which names its board template
	Start   string // the FEN of the start position
	Open    int    // the ply shown first (0: the start)
	Label   string // the board's accessible name
	// Extra are arrows to draw on positions instead of the moves' (the
	// errors of a check), "PLY KIND MOVE" separated by ";".
	Extra string
	Moves []moveRow
	// Initial is the board drawn before the script runs: the error's
	// diagram of a check, which the script draws again.
	Initial template.HTML
}

// boardTemplate is a variant's empty board, drawn both ways, and the
// order of its squares in a FEN, for the script.
type boardTemplate struct {
	Variant, Order string
	SVG, Flipped   template.HTML
}

// boardTemplates draws the empty boards of the variants vs (each once,
// by name).
func boardTemplates(vs map[draughts.Variant]bool) []boardTemplate {
	var out []boardTemplate
	for v := range vs {
		p, err := v.ParseFEN(v.StartFEN())
		if err != nil {
			continue
		}
		// The FEN order: the FEN of a board full of White's men, set up
		// from a FEN (a Bitboard does not hold the 12x12 board).
		var all []string
		for _, s := range v.Geometry().Squares() {
			all = append(all, v.SquareName(s))
		}
		side := "W"
		if p.Side == draughts.Black {
			side = "B"
		}
		full, err := v.ParseFEN(side + ":W" + strings.Join(all, ",") + ":B")
		if err != nil {
			continue
		}
		f := strings.Split(full.FEN(), ":")
		if len(f) < 2 {
			continue
		}
		order := strings.ReplaceAll(strings.TrimPrefix(f[1], "W"), ",", " ")
		empty, err := v.ParseFEN(side + ":W:B")
		if err != nil {
			continue
		}
		out = append(out, boardTemplate{
			Variant: v.Name(),
			Order:   order,
			SVG:     template.HTML(diagram.SVG(&empty, nil)),
			Flipped: template.HTML(diagram.SVG(&empty, &diagram.Options{Flip: true})),
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Variant < out[j].Variant })
	return out
}

// moveCode writes a move for the script: its squares (every landing
// square) in the variant's names, joined by "-" for a quiet move, ":" or
// "x" for a capture (as the variant writes captures), and "*" when a man
// becomes a king. Where the notation is the variant's, it is the move as
// the engine writes it.
func moveCode(m *draughts.Move) string {
	v := m.Variant()
	sep := "-"
	if m.IsCapture() {
		sep = ":"
		if v.DefaultStyle().Numeric {
			sep = "x"
		}
	}
	var b strings.Builder
	for i, s := range m.Path() {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(v.SquareName(s))
	}
	if m.Promotes {
		b.WriteByte('*')
	}
	return b.String()
}

// lineCodes writes the moves of a line for the script (moveCode).
func lineCodes(line []draughts.Move) []string {
	codes := make([]string, len(line))
	for i := range line {
		codes[i] = moveCode(&line[i])
	}
	return codes
}

// moveTexts writes moves in the engine's notation (every landing square),
// as the datasets have them.
func moveTexts(ms []draughts.Move) []string {
	out := make([]string, len(ms))
	for i := range ms {
		out[i] = ms[i].String()
	}
	return out
}

// plainCode is a move code without its promotion mark: the text the
// script shows for it.
func plainCode(code string) string { return strings.TrimSuffix(code, "*") }

// evalData writes a ply's evaluations for the script, "before after",
// for the mover, without the plus sign (HTML attributes escape it).
func evalData(e *analyze.PlyAnalysis) string {
	return strings.TrimPrefix(e.Before.String(), "+") + " " +
		strings.TrimPrefix(e.After.String(), "+")
}

// setLine puts the best move and the best line of e on the cell: the
// line's moves for the script, and their text and the best move only
// where the script cannot read them from the codes.
func (mv *moveCell) setLine(e *analyze.PlyAnalysis) {
	codes := lineCodes(e.BestPV)
	pv := moveTexts(e.BestPV)
	if len(codes) > 0 {
		mv.PVCodes = strings.Join(codes, " ")
		same := true
		for i, c := range codes {
			if plainCode(c) != pv[i] {
				same = false
			}
		}
		if !same {
			mv.PV = strings.Join(pv, " ")
		}
	}
	if !e.HasBest() {
		return
	}
	best := e.Best.String()
	if len(pv) > 0 && pv[0] == best {
		return
	}
	mv.BestCode = moveCode(&e.Best)
	if plainCode(mv.BestCode) != best {
		mv.Best = best
	}
}

// moveRows lays out the plies of r a move number a row, the first
// mover's ply first, for game n; cell, when not nil, adds to each ply's
// cell.
func moveRows(n int, r *validate.Report, cell func(i int, mv *moveCell)) []moveRow {
	var rows []moveRow
	var cur *moveRow
	for i := range r.Plies {
		pl := &r.Plies[i]
		mv := &moveCell{Anchor: plyAnchor(n, i+1), Text: pl.Canonical(r.Variant, false), Code: moveCode(&pl.Move)}
		if cell != nil {
			cell(i, mv)
		}
		// "…" stands for a ply the game does not have (it started with
		// the other side to move).
		if cur == nil || cur.Number != pl.MoveNumber || len(cur.Cells) == 2 {
			rows = append(rows, moveRow{Number: pl.MoveNumber})
			cur = &rows[len(rows)-1]
			if pl.Side != r.FirstMove() {
				cur.Cells = append(cur.Cells, nil)
			}
		}
		cur.Cells = append(cur.Cells, mv)
	}
	return rows
}

// newBoard is game n of the run (r) on a board, opened at ply open.
func newBoard(n int, r *validate.Report, open int, rows []moveRow) *board {
	return &board{
		Game:    n,
		Variant: r.Variant.Name(),
		Start:   r.Start.FEN(),
		Open:    open,
		Label:   fmt.Sprintf("Game %d on a board: the arrow keys step through the moves, Home and End go to the start and the end", n),
		Moves:   rows,
	}
}

// hasBoard tells whether r can be drawn on a board: its start is known,
// in a variant damka plays.
func hasBoard(r *validate.Report) bool {
	return r.Started && r.Variant.Valid()
}
