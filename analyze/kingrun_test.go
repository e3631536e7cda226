package analyze

import (
	"testing"

	"github.com/damka/damka/draughts"
)

// Frisian's king-move limit (a king makes at most three quiet moves in a
// row while its side has men: the Friese Dambond's rules, as lidraughts
// and dctl play them; draughts.Rules.KingMoveLimit) is part of the
// position, so the search never plays, and analysis never suggests, a
// king's fourth quiet move. White's king has gone 46-41-46-41 and Black's
// king 1-6-1-6. White to move: from the same pieces set up by a FEN (no
// history) the king's move is the good one (about even); after the
// history the king may not move, both men's moves lose them, and the game
// is lost (36-31 27x36x47 45-40 34x45).
func TestFrisianKingMoveLimitSearch(t *testing.T) {
	v := draughts.Frisian
	start, err := v.ParseFEN("W:WK46,45,36:B34,27,K1")
	if err != nil {
		t.Fatal(err)
	}
	var moves []draughts.Move
	p := start
	for _, name := range []string{"46-41", "1-6", "41-46", "6-1", "46-41", "1-6"} {
		m := findMove(t, v, &p, name)
		moves = append(moves, m)
		p.Make(&m)
	}
	king, _ := v.ParseSquare("41")
	if s, n := p.KingRun(draughts.White); s != king || n != 3 {
		t.Fatalf("KingRun(White) = %s, %d; want 41, 3", v.SquareName(s), n)
	}
	if got := legalMoves(v, &p); got != "36-31 45-40" {
		t.Fatalf("moves %s, want the men's alone", got)
	}
	opts := Options{Depth: 6, TTSize: 1}

	fresh, err := v.ParseFEN(p.FEN())
	if err != nil {
		t.Fatal(err)
	}
	r := NewSearcher(v, opts).Search(&fresh)
	if r.Best.From != king || r.Score.IsDecisive() {
		t.Errorf("from the FEN: best %s (%v), want a move of the king on 41, no decisive score", r.Best.String(), r.Score)
	}

	s := NewSearcher(v, opts)
	r = s.Search(&p)
	if r.Best.From == king {
		t.Errorf("after the king's three moves: best %s, the king's fourth quiet move", r.Best.String())
	}
	if !r.Score.IsLoss() {
		t.Errorf("after the king's three moves: score %v, want a loss", r.Score)
	}
	checkPV(t, v, p, r.PV)

	// The analysis of the game, 36-31 played: the best move it names is
	// a man's, and the PV replays.
	played := findMove(t, v, &p, "36-31")
	an := NewSearcher(v, opts).AnalyzeGame(&start, append(moves, played))
	last := an[len(an)-1]
	if last.Best.From == king {
		t.Errorf("AnalyzeGame: best %s, the king's fourth quiet move", last.Best.String())
	}
	checkPV(t, v, p, last.BestPV)
}
