package analyze

import (
	"context"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
)

// TestTablebase: with the databases of three kings against one, the
// issue's two positions are exact at depth 4: the lone king on the main
// road draws (R-DRW-5), Petrov's triangle wins, and the best move keeps
// the win. Without them the search is what it was.
func TestTablebase(t *testing.T) {
	v := draughts.Russian
	db, err := egtb.Build(context.Background(), v, egtb.BuildOptions{Only: []egtb.Material{{Kings: [2]uint8{3, 1}}}, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen  string
		want egtb.WDL
	}{
		{"B:WKc1,Ke1,Kg1:BKd4", egtb.Draw},
		{"W:WKa1,Kc1,Ke1:BKh2", egtb.Win},
		{"B:WKa1,Kc1,Ke1:BKh2", egtb.Loss},
	} {
		p, err := v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		r := NewSearcher(v, Options{Depth: 4, TTSize: 1, Tablebase: db}).Search(&p)
		switch c.want {
		case egtb.Draw:
			if r.Score != 0 {
				t.Errorf("%s: %v, want a draw (0.00)", c.fen, r.Score)
			}
		case egtb.Win:
			if !r.Score.IsTableWin() || r.Score.String() != "#W" {
				t.Errorf("%s: %v, want a database win", c.fen, r.Score)
			}
		case egtb.Loss:
			if !r.Score.IsTableLoss() || r.Score.String() != "-#W" {
				t.Errorf("%s: %v, want a database loss", c.fen, r.Score)
			}
		}
		// The best move leads where the databases say the result holds.
		q := p
		q.Make(&r.Best)
		got, ok := db.Probe(&q)
		if !ok || -got != c.want {
			t.Errorf("%s: best move %v leads to a %v for the opponent (found %v), want %v for the mover", c.fen, r.Best.String(), got, ok, c.want)
		}
		plain := NewSearcher(v, Options{Depth: 4, TTSize: 1}).Search(&p)
		if plain.Score.IsTableWin() || plain.Score.IsTableLoss() {
			t.Errorf("%s: %v without databases", c.fen, plain.Score)
		}
	}
	// The lone king on d4 with the kings to move is taken at once: the
	// search's own win, not the databases'.
	p, _ := v.ParseFEN("W:WKc1,Ke1,Kg1:BKd4")
	if r := NewSearcher(v, Options{Depth: 4, TTSize: 1, Tablebase: db}).Search(&p); r.Score != WinIn(1) {
		t.Errorf("%s: %v, want #1", p.FEN(), r.Score)
	}
}

// TestTableScores: a database win is a win for the judgement of moves,
// yet no decisive score; "#W" reads back.
func TestTableScores(t *testing.T) {
	win := TableWinScore - 1
	if win.IsWin() || win.IsDecisive() || !win.IsTableWin() || (-win).IsTableWin() || !(-win).IsTableLoss() {
		t.Fatal("the database band overlaps the decisive scores")
	}
	if s, ok := ParseScore(win.String()); !ok || s != TableWinScore {
		t.Errorf("ParseScore(%q) = %v, %v", win.String(), s, ok)
	}
	if s, ok := ParseScore((-win).String()); !ok || s != -TableWinScore {
		t.Errorf("ParseScore(%q) = %v, %v", (-win).String(), s, ok)
	}
	if WinningChances(win) != 1 || WinningChances(-win) != -1 {
		t.Error("a database win is no certain win for the winning chances")
	}
	// Letting a database win go for a draw is a missed win.
	f := Facts{Before: win, After: 0}
	if c := Classify(f); c != ClassMissedWin {
		t.Errorf("database win to draw: %v, want missed_win", c)
	}
	f = Facts{Before: win, After: win - 2}
	if c := Classify(f); c != ClassGood {
		t.Errorf("database win to database win: %v, want good", c)
	}
	f = Facts{Before: 0, After: -win}
	if c := Classify(f); c != ClassBlunder {
		t.Errorf("draw to database loss: %v, want blunder", c)
	}
	// The most lopsided position there is scores far below the band.
	p, err := draughts.Russian.ParseFEN("W:WK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12:B32")
	if err != nil {
		t.Fatal(err)
	}
	if e := evaluate(draughts.Russian, &p); e >= tableMin/4 {
		t.Errorf("an evaluation of %v is near the database band", e)
	}
}

// A ply's analysis carries the exact results the databases hold, for the
// mover, before and after the move (the moves table's table_before and
// table_after): the best move keeps Petrov's triangle a win, and after
// every move the result is the databases' answer for the opponent,
// negated; without databases there is none.
func TestPlyTableResults(t *testing.T) {
	v := draughts.Russian
	db, err := egtb.Build(context.Background(), v, egtb.BuildOptions{Only: []egtb.Material{{Kings: [2]uint8{3, 1}}}, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParseFEN("W:WKa1,Kc1,Ke1:BKh2")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(v, Options{Depth: 4, TTSize: 1, Tablebase: db})
	best := s.Search(&p).Best
	a := s.AnalyzePly(&p, &best)
	if !a.HasTableBefore || a.TableBefore != egtb.Win || !a.HasTableAfter || a.TableAfter != egtb.Win {
		t.Errorf("best move %s: before %v/%v, after %v/%v; want a win both", best, a.TableBefore, a.HasTableBefore, a.TableAfter, a.HasTableAfter)
	}
	// Every move of the position: the result after it is the negation of
	// the databases' answer for the side to move there.
	for _, m := range v.Moves(&p, nil) {
		a := s.AnalyzePly(&p, &m)
		q := p.Play(&m)
		w, ok := db.Probe(&q)
		if a.HasTableAfter != ok || ok && a.TableAfter != -w {
			t.Errorf("%s: after %v/%v, the databases say %v/%v for the opponent", m, a.TableAfter, a.HasTableAfter, w, ok)
		}
	}
	if a := NewSearcher(v, Options{Depth: 2, TTSize: 1}).AnalyzePly(&p, &best); a.HasTableBefore || a.HasTableAfter {
		t.Error("table results without databases")
	}
}
