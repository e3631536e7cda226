package validate

import (
	"strings"
	"testing"
)

// R-RES-1: a game may end in any position (resignation, agreement, time):
// its declared result then stands; a side without a legal move at the end
// has lost, and a result that says otherwise is wrong.
func TestResultRule(t *testing.T) {
	for _, tt := range []struct {
		name, pdn string
		wrong     bool
	}{
		{"resigned with moves left", "[GameType \"25\"]\n[Result \"0-2\"]\n\n1. c3-d4 f6-g5 0-2\n", false},
		{"agreed draw", "[GameType \"25\"]\n[Result \"1-1\"]\n\n1. c3-d4 1-1\n", false},
		// Black has no piece left after the capture: White has won.
		{"no move left, scored right", "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:Wc3:Bd4\"]\n[Result \"2-0\"]\n\n1. c3:e5 2-0\n", false},
		{"no move left, scored wrong", "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:Wc3:Bd4\"]\n[Result \"0-2\"]\n\n1. c3:e5 0-2\n", true},
		{"no move left, scored a draw", "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:Wc3:Bd4\"]\n[Result \"1-1\"]\n\n1. c3:e5 1-1\n", true},
	} {
		r := Game(readOne(t, tt.pdn), Options{})
		wrong := false
		for _, f := range r.Findings {
			if f.Kind == WrongResult && f.Severity == Error {
				wrong = true
				if !strings.Contains(f.Message, "black has no legal move at the end and loses (R-END-1), so the result is 2-0") {
					t.Errorf("%s: %s", tt.name, f.Message)
				}
			}
		}
		if wrong != tt.wrong {
			t.Errorf("%s: wrong_result %v, want %v (%+v)", tt.name, wrong, tt.wrong, r.Findings)
		}
	}
}

// Replay allocates per game, never per ply: a game of a real archive
// takes 18 allocations whatever its length (36 to 102 moves here), a few
// more only where the draw tracker's map of positions grows, in long
// endings of kings (issue 10, item 14). One allocation a ply would give
// 36 and more.
func TestReplayAllocationsPerGame(t *testing.T) {
	games := readGames(t, testdata+"corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn")
	most, at := 0.0, 0
	for _, g := range games {
		n := testing.AllocsPerRun(5, func() { Game(g, Options{}) })
		if n > most {
			most, at = n, len(g.Moves)
		}
	}
	if most > 24 {
		t.Errorf("%.0f allocations for a game of %d moves, want at most 24", most, at)
	}
}
