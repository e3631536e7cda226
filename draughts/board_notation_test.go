package draughts

import (
	"sort"
	"strings"
	"testing"
)

// R-BRD-1: an 8x8 board played on its 32 dark squares; a1 is dark, at
// White's bottom left; files a-h and ranks 1-8 from White's side.
func TestBoardSquares(t *testing.T) {
	dark := 0
	for f := 'a'; f <= 'h'; f++ {
		for r := '1'; r <= '8'; r++ {
			name := string(f) + string(r)
			sq, ok := Russian.ParseSquare(name)
			if want := (f-'a'+r-'1')%2 == 0; ok != want {
				t.Errorf("%s: playable %v, want %v", name, ok, want)
				continue
			}
			if ok {
				dark++
				if Russian.SquareName(sq) != name {
					t.Errorf("%s reads back as %s", name, Russian.SquareName(sq))
				}
			}
		}
	}
	if dark != 32 {
		t.Errorf("%d dark squares, want 32", dark)
	}
	for _, name := range []string{"i1", "a9", "a0"} {
		if _, ok := Russian.ParseSquare(name); ok {
			t.Errorf("%s is off the board", name)
		}
	}
}

// R-BRD-2: the start position, White to move first in Russian draughts
// and giveaway.
func TestStartPosition(t *testing.T) {
	white := "a1 a3 b2 c1 c3 d2 e1 e3 f2 g1 g3 h2"
	black := "a7 b6 b8 c7 d6 d8 e7 f6 f8 g7 h6 h8"
	for _, v := range []Variant{Russian, Giveaway} {
		p := Start(v)
		if p.Side != White {
			t.Errorf("%s: %s moves first", v.Name(), p.Side)
		}
		var w, b []string
		for f := 'a'; f <= 'h'; f++ {
			for r := '1'; r <= '8'; r++ {
				sq, ok := v.ParseSquare(string(f) + string(r))
				if !ok {
					continue
				}
				switch p.At(sq) {
				case WhiteMan:
					w = append(w, v.SquareName(sq))
				case BlackMan:
					b = append(b, v.SquareName(sq))
				case NoPiece:
				default:
					t.Errorf("%s: a king on %s", v.Name(), v.SquareName(sq))
				}
			}
		}
		sort.Strings(w)
		sort.Strings(b)
		if strings.Join(w, " ") != white || strings.Join(b, " ") != black {
			t.Errorf("%s: white %v, black %v", v.Name(), w, b)
		}
	}
}

// R-NOT-1: quiet moves "c3-d4", captures "c3:e5", a multi-capture with
// every landing square or only its start and end; the short form may
// match several paths (ambiguous, not illegal).
// R-NOT-2: the Russian short form "cd4", "c:e5".
// R-NOT-3: numeric squares 1-32 for 8x8 games are accepted too.
func TestNotationForms(t *testing.T) {
	start := Start(Russian)
	capture := mustFEN(t, "W:Wc3:Bd4,d6") // c3:e5:c7
	king := mustFEN(t, "W:WKe1:Bd2,f2,f4,d4,b4")
	for _, tt := range []struct {
		rule, fen, text string
		results         int // moves with different results that match
		want            string
	}{
		{"R-NOT-1", start.FEN(), "c3-d4", 1, "c3-d4"},
		{"R-NOT-1", capture.FEN(), "c3:e5:c7", 1, "c3:e5:c7"},
		{"R-NOT-1", capture.FEN(), "c3:c7", 1, "c3:e5:c7"},
		{"R-NOT-1", capture.FEN(), "c3xe5xc7", 1, "c3:e5:c7"},
		{"R-NOT-1", king.FEN(), "e1:a5", 2, ""}, // e1:c3:a5 or e1:g3:e5:c3:a5
		{"R-NOT-2", start.FEN(), "cd4", 1, "c3-d4"},
		{"R-NOT-2", start.FEN(), "gh4", 1, "g3-h4"},
		{"R-NOT-2", "W:Wc3:Bd4", "c:e5", 1, "c3:e5"},
		{"R-NOT-2", capture.FEN(), "c:c7", 1, "c3:e5:c7"},
		{"R-NOT-3", start.FEN(), "22-18", 1, ""},
	} {
		p := mustFEN(t, tt.fen)
		groups, err := Russian.Match(&p, tt.text)
		if err != nil || len(groups) != tt.results {
			t.Errorf("%s: %s in %s: %d results, %v; want %d", tt.rule, tt.text, tt.fen, len(groups), err, tt.results)
			continue
		}
		if tt.want != "" && groups[0][0].String() != tt.want {
			t.Errorf("%s: %s is %s, want %s", tt.rule, tt.text, groups[0][0], tt.want)
		}
		if tt.rule == "R-NOT-3" {
			// The numeric form names the same move as its algebraic one.
			m := groups[0][0]
			if got := m.Format(Numeric); got != tt.text {
				t.Errorf("R-NOT-3: %s written numerically is %s", m, got)
			}
		}
	}
}
