package hub

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

func TestFormats(t *testing.T) {
	p := draughts.Start(draughts.International)
	if got, want := Position(&p), "w"+strings.Repeat("b", 20)+strings.Repeat("e", 10)+strings.Repeat("w", 20); got != want {
		t.Errorf("start: %s, want %s", got, want)
	}
	for in, want := range map[string]string{"32-28": "32-28", "26x37x31": "26x37x31", "47x24x42x29x33": "47x24x29x33x42"} {
		if got, err := NormMove(in); err != nil || got != want {
			t.Errorf("%s: %s %v, want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "32", "32-28-23", "axb"} {
		if _, err := NormMove(bad); err == nil {
			t.Errorf("%q read as a move", bad)
		}
	}
	// Scan: centi-men; above 1800 a win, 2000 less the plies.
	for sc, want := range map[int]analyze.Score{35: 35, -1800: -1800, 1990: analyze.WinIn(10), -1995: analyze.LossIn(5), 1850: analyze.WinIn(150)} {
		if got := Score(sc); got != want {
			t.Errorf("Score(%d) = %v, want %v", sc, got, want)
		}
	}
	for s, want := range map[analyze.Score]int{35: 35, 2500: 1800, -2500: -1800, analyze.WinIn(10): 1990, analyze.LossIn(5): -1995,
		analyze.WinIn(120): 1880, analyze.TableWinScore - 3: 1850, -analyze.TableWinScore + 3: -1850} {
		if got := FromScore(s); got != want {
			t.Errorf("FromScore(%v) = %d, want %d", s, got, want)
		}
		if s.IsDecisive() && Score(FromScore(s)).IsWin() != s.IsWin() {
			t.Errorf("%v: a win and back", s)
		}
	}
}

// TestPositionRoundTrip: positions of both boards, kings, either side to
// move, are written and read back; bad ones are refused.
func TestPositionRoundTrip(t *testing.T) {
	for _, c := range []struct {
		v   draughts.Variant
		fen string
	}{
		{draughts.International, draughts.International.StartFEN()},
		{draughts.International, "B:WK18,26:B4,16,43,K47"},
		{draughts.Russian, draughts.Russian.StartFEN()},
		{draughts.Russian, "B:WKa1,c3:Bd4,f6,b6,Kd6"},
	} {
		p, err := c.v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		s := Position(&p)
		if v, ok := VariantOf(s); !ok || v != c.v {
			t.Errorf("%s: variant %v", s, v)
		}
		q, err := ParsePosition(c.v, s)
		if err != nil || q != p {
			t.Errorf("%s: read back %s %v", c.fen, q.FEN(), err)
		}
		for _, m := range c.v.Moves(&p, nil) {
			if f, err := FindMove(&p, Move(&m)); err != nil || !f.SameResult(&m) {
				t.Errorf("%s: move %s found as %v %v", c.fen, Move(&m), f, err)
			}
		}
	}
	for _, bad := range []string{"", "x" + strings.Repeat("e", 32), "w" + strings.Repeat("e", 31), "w" + strings.Repeat("q", 32)} {
		if _, err := ParsePosition(draughts.Russian, bad); err == nil {
			t.Errorf("%q read as a position", bad)
		}
	}
}

// TestServe: a dialogue with the server, both boards, limits by depth and
// nodes, Hub version 2's forms, illegal moves.
func TestServe(t *testing.T) {
	in := strings.Join([]string{
		"hub", "init", "ping",
		"pos wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "moves",
		"depth 5", "analyse",
		"move 22-17", "move 22-17",
		"level nodes=3000", "go think",
		"pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"", "moves",
		"level depth=3", "go",
		"bogus command",
		"quit", "ping",
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := Serve(strings.NewReader(in), &out, ServerOptions{Name: "damka test"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		`id name=damka version="test"`, "name damka test", "wait", "ready", "pong",
		"moves 22-17 23-18 24-19 21-17 22-18 23-19 24-20",
		"info 5 ", "move ",
		"error illegal move 22-17",
		"info ", "move ",
		"moves 28x19x23",
		"info 3 ", "move 28x19",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %q, want %q...", i, lines[i], want[i])
		}
	}
	// The node limit: the search is analyze's under the same limit, on
	// the position after 22-17.
	p := draughts.Start(draughts.Russian)
	m, err := FindMove(&p, "22-17")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(&m)
	r := analyze.NewSearcher(draughts.Russian, analyze.Options{Depth: analyze.MaxDepth, Nodes: 3000, Verify: -1}).Search(&p)
	if f := strings.Fields(lines[9]); len(f) < 7 || f[1] != fmt.Sprint(r.Depth) || f[4] != fmt.Sprint(r.Nodes) || lines[10] != "move "+Move(&r.Best) {
		t.Errorf("node-limited search: %q %q, analyze: depth %d, %d nodes, %s", lines[9], lines[10], r.Depth, r.Nodes, Move(&r.Best))
	}
	if r.Nodes > 3000 || r.Depth < 2 {
		t.Errorf("3000 nodes: depth %d, %d nodes", r.Depth, r.Nodes)
	}
}

// A time limit goes to a Hub 1 engine as Scan 2.0 takes it ("time MS":
// it knows no "movetime", and searched without end), and damka hub reads
// both.
func TestTimeLimit(t *testing.T) {
	l := Limits{Depth: 20, Time: 50 * time.Millisecond}
	if got := strings.Join(l.Commands(1), "; "); got != "depth 20; time 50" {
		t.Errorf("Hub 1: %q", got)
	}
	if got := strings.Join(l.Commands(2), "; "); got != "level depth=20 move-time=0.05" {
		t.Errorf("Hub 2: %q", got)
	}
	for _, cmd := range []string{"time 50", "movetime 0.05"} {
		s := &server{}
		f := strings.Fields(cmd)
		if !s.limit(f[0], f[1]) || s.o.Time != 50*time.Millisecond {
			t.Errorf("%s: time %v", cmd, s.o.Time)
		}
	}
}

// TestScore2: Hub version 2's scores, in men on Scan 3's scale: an
// evaluation, a win or loss by search, one of the engine's databases.
func TestScore2(t *testing.T) {
	for men, want := range map[float64]analyze.Score{0.25: 25, -1.5: -150, 0: 0, 80: 8000, 99.9: analyze.WinIn(10), -99.95: analyze.LossIn(5),
		89.97: analyze.TableWinScore - 3, -89.5: -(analyze.TableWinScore - 50), 90.01: analyze.WinIn(analyze.MaxPly), 100: analyze.WinIn(1)} {
		if got := Score2(men); got != want {
			t.Errorf("Score2(%g) = %v, want %v", men, got, want)
		}
	}
	if !Score2(89.97).IsTableWin() || !Score2(-89.97).IsTableLoss() || !Score2(99.9).IsWin() || Score2(79.99).IsDecisive() {
		t.Errorf("the kinds of scores are not kept")
	}
}
