package report

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// TestBoardTemplates: every variant's empty board, both ways round, with
// its squares, and the order of the squares in its FEN: a FEN written in
// that order with the squares' names (what the script writes in
// data-fen) is damka's.
func TestBoardTemplates(t *testing.T) {
	for _, v := range draughts.Variants() {
		tpl := boardTemplates(map[draughts.Variant]bool{v: true})
		if len(tpl) != 1 || tpl[0].Variant != v.Name() {
			t.Fatalf("%s: %d templates", v.Name(), len(tpl))
		}
		order := strings.Fields(tpl[0].Order)
		if len(order) != len(v.Geometry().Squares()) {
			t.Errorf("%s: %d squares in the FEN order, the board has %d", v.Name(), len(order), len(v.Geometry().Squares()))
		}
		for _, svg := range []string{string(tpl[0].SVG), string(tpl[0].Flipped)} {
			squares := regexp.MustCompile(`data-square="([^"]+)"`).FindAllStringSubmatch(svg, -1)
			names := map[string]bool{}
			for _, s := range squares {
				names[s[1]] = true
			}
			for _, n := range order {
				if !names[n] {
					t.Errorf("%s: the board has no square %s", v.Name(), n)
				}
			}
			if strings.Contains(svg, `class="piece `) {
				t.Errorf("%s: the empty board has pieces", v.Name())
			}
		}
		if tpl[0].SVG == tpl[0].Flipped {
			t.Errorf("%s: the board turned round is the same", v.Name())
		}
		p, err := v.ParseFEN(v.StartFEN())
		if err != nil {
			t.Fatal(err)
		}
		// The script's FEN of the start position.
		fen := "W"
		if p.Side == draughts.Black {
			fen = "B"
		}
		for _, c := range []draughts.Color{draughts.White, draughts.Black} {
			var list []string
			for _, n := range order {
				for _, s := range v.Geometry().Squares() {
					if pc := p.At(s); v.SquareName(s) == n && pc != draughts.NoPiece && pc.Color() == c {
						list = append(list, n)
					}
				}
			}
			fen += ":" + strings.ToUpper(c.String()[:1]) + strings.Join(list, ",")
		}
		if fen != p.FEN() {
			t.Errorf("%s: the FEN in the board's order is %s, damka writes %s", v.Name(), fen, p.FEN())
		}
	}
}

// TestBoardMoves: the moves on a game's board are the plies of the game
// (the same result, "*" when a man is crowned), and its best lines the
// engine's, each a legal move in turn from the position before the ply.
func TestBoardMoves(t *testing.T) {
	games := analysed(t, 4, "")
	page := write(t, build(games, 10, 20))
	cell := regexp.MustCompile(`<a class="mv[^"]*" id="game-([0-9]+)-ply-([0-9]+)" href="#game-[0-9]+-ply-[0-9]+" data-m="([^"]*)"( data-e="[^"]*")?( data-b="[^"]*")?( data-bm="[^"]*")?( data-pm="([^"]*)")?`)
	seen, crowned := 0, 0
	for _, m := range cell.FindAllStringSubmatch(page, -1) {
		var n, ply int
		fmt.Sscan(m[1], &n)
		fmt.Sscan(m[2], &ply)
		g := games[n-1]
		pl := &g.r.Plies[ply-1]
		code := html.UnescapeString(m[3])
		moves, err := g.r.Variant.Match(&pl.Before, plainCode(code))
		if err != nil || len(moves) != 1 || !moves[0][0].SameResult(&pl.Move) {
			t.Errorf("game %d ply %d: data-m %q is not the move %s: %v", n, ply, code, pl.Move, err)
			continue
		}
		if strings.HasSuffix(code, "*") != pl.Move.Promotes {
			t.Errorf("game %d ply %d: data-m %q, the move crowns: %v", n, ply, code, pl.Move.Promotes)
		}
		if pl.Move.Promotes {
			crowned++
		}
		seen++
		e := g.a.Plies[ply-1]
		codes := strings.Fields(html.UnescapeString(m[8]))
		if len(e.BestPV) > 0 && len(codes) == 0 {
			t.Errorf("game %d ply %d: no best line on the board", n, ply)
		}
		p := pl.Before
		for i, c := range codes {
			got, err := g.r.Variant.Match(&p, plainCode(c))
			want := e.BestPV[i]
			if err != nil || len(got) != 1 || !got[0][0].SameResult(&want) {
				t.Errorf("game %d ply %d: best line move %d %q, the engine's %q", n, ply, i+1, c, e.BestPV[i])
				break
			}
			p.Make(&got[0][0])
		}
	}
	plies := 0
	for _, g := range games {
		plies += len(g.r.Plies)
	}
	if seen != plies || crowned == 0 {
		t.Errorf("%d moves on the boards (%d crowning), the games have %d", seen, crowned, plies)
	}
}
