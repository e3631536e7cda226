package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/hub"
)

// The tests drive a fake engine: this test binary itself, started with
// DAMKA_FAKE_HUB set, speaks the Hub protocol with damka's own rules on
// the position it decodes, so that a conversion that is wrong either way
// shows as a difference of move lists. The modes make it lie:
//
//	ok      answers every command, the "moves" extension too
//	stock   ignores "moves", as stock Scan does
//	drop    leaves the last move out of its "moves" list
//	reject  answers "error illegal move" to captures
//	extra   lists a move damka has not (a king's move from 1 to 50)
//	deep    as ok, with other node counts (another engine)
//	badpos  answers "error bad position" to the position of a search
//	memory  scores a search by the searches made since the last "new" too,
//	        as an engine whose tables outlive a search would
//
// and with DAMKA_FAKE_HUB=damka it is no fake: damka's own Hub server
// (internal/hub, damka hub) answers.
func TestMain(m *testing.M) {
	if mode := os.Getenv("DAMKA_FAKE_HUB"); mode == "damka" {
		if err := hub.Serve(os.Stdin, os.Stdout, hub.ServerOptions{Name: "damka test"}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	} else if mode != "" {
		fakeHub(mode, os.Stdin, os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeHub(mode string, r io.Reader, w io.Writer) {
	sc := bufio.NewScanner(r)
	var p draughts.Position
	depth, calls, sinceNew := 1, 0, 0
	moves := func() []draughts.Move { return p.Variant().Moves(&p, nil) }
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "hub":
			fmt.Fprintln(w, "name Fake 1")
			fmt.Fprintln(w, "wait")
		case "init":
			fmt.Fprintln(w, "ready")
		case "new":
			sinceNew = 0
		case "ping":
			fmt.Fprintln(w, "pong")
		case "quit":
			return
		case "depth":
			fmt.Sscan(f[1], &depth)
			if mode == "badpos" {
				// as if the position sent just before (that of the
				// search) had been refused: the harness reads nothing
				// between the two commands, so it sees the same
				fmt.Fprintln(w, "error bad position")
			}
		case "pos":
			var err error
			if p, err = fakeDecode(f[1]); err != nil {
				fmt.Fprintln(w, "error bad position")
			}
		case "move":
			legal := false
			for _, m := range moves() {
				if hub.Move(&m) == f[1] && !(mode == "reject" && m.IsCapture()) {
					legal = true
					p = p.Play(&m)
					break
				}
			}
			if !legal {
				fmt.Fprintln(w, "error illegal move")
			}
		case "moves":
			if mode == "stock" {
				continue
			}
			ms := moves()
			if mode == "drop" {
				ms = ms[:len(ms)-1]
			}
			var out []string
			for _, m := range ms {
				out = append(out, hub.Move(&m))
			}
			if mode == "extra" {
				out = append(out, "1-50")
			}
			fmt.Fprintln(w, "moves "+strings.Join(out, " "))
		case "analyse":
			ms := moves()
			// The score depends on the depth and the position, so that a
			// test sees which search it got.
			// time and speed vary, as an engine's do; the nodes depend
			// on the mode ("deep": another engine).
			nodes := 1
			if mode == "deep" {
				nodes = 2
			}
			calls++
			score := int(analyze.Evaluate(p.Variant(), &p)) + depth
			if mode == "memory" {
				score += sinceNew
			}
			sinceNew++
			fmt.Fprintf(w, "info %d 1.0 %d %d 0.%02d %d.0 pv\n", depth, score, nodes, calls%100, os.Getpid()%1000+calls)
			fmt.Fprintln(w, "move "+hub.Move(&ms[len(ms)-1]))
		}
	}
}

// fakeDecode reads a Hub position: 33 letters are Russian, 51 International.
func fakeDecode(s string) (draughts.Position, error) {
	v := draughts.International
	if len(s) == 33 {
		v = draughts.Russian
	}
	var men [2]draughts.Bitboard
	var kings draughts.Bitboard
	for i, c := range s[1:] {
		sq := v.SquareFromNumber(i + 1)
		switch c {
		case 'w':
			men[draughts.White] |= 1 << sq
		case 'b':
			men[draughts.Black] |= 1 << sq
		case 'W':
			men[draughts.White] |= 1 << sq
			kings |= 1 << sq
		case 'B':
			men[draughts.Black] |= 1 << sq
			kings |= 1 << sq
		}
	}
	side := draughts.White
	if s[0] == 'b' {
		side = draughts.Black
	}
	return v.NewPosition(men[draughts.White], men[draughts.Black], kings, side)
}

func startFake(t *testing.T, mode string) *hubEngine {
	t.Helper()
	t.Setenv("DAMKA_FAKE_HUB", mode)
	e, err := startHub(os.Args[0], nil, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// Positions with quiet moves, captures by men and by a flying king
// (several paths to the same captures), on both boards.
var hubFENs = []struct {
	v   draughts.Variant
	fen string
}{
	{draughts.International, draughts.International.StartFEN()},
	{draughts.International, "B:WK18,26:B4,16,43,K47"},
	{draughts.International, "W:WK50,31:B44,33,22,27,12"},
	{draughts.International, "B:W28,33,34,39,K44:B2,K3,19,23,24"},
	{draughts.Russian, draughts.Russian.StartFEN()},
	{draughts.Russian, "W:WKa1,c3:Bd4,f6,b6,d6"},
}

func TestHubSearchChecksMoves(t *testing.T) {
	for _, mode := range []string{"ok", "stock"} {
		e := startFake(t, mode)
		for _, c := range hubFENs {
			p, err := c.v.ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.search(&p, 15)
			if err != nil {
				t.Fatalf("%s: %s: %v", mode, c.fen, err)
			}
			// The fake answers its last move; the harness names it by
			// damka's first move of that start, end and captures.
			ms := c.v.Moves(&p, nil)
			last := hub.Move(&ms[len(ms)-1])
			best := ""
			for _, m := range ms {
				if hub.Move(&m) == last {
					best = m.String()
					break
				}
			}
			want := refResult{analyze.Evaluate(c.v, &p) + 15, best}
			if got != want {
				t.Errorf("%s: %s: got %v, want %v", mode, c.fen, got, want)
			}
		}
		if e.listing != (mode == "ok") {
			t.Errorf("%s: listing %v", mode, e.listing)
		}
	}
}

func TestHubSearchFindsDifferences(t *testing.T) {
	for _, c := range []struct{ mode, fen, want string }{
		{"drop", draughts.International.StartFEN(), "engine lacks damka's move"},
		{"extra", draughts.International.StartFEN(), "that damka has not"},
		{"reject", "B:W28,33,34,39,K44:B2,K3,19,23,24", "engine rejects damka's move"},
		{"badpos", draughts.International.StartFEN(), "error bad position"},
	} {
		e := startFake(t, c.mode)
		p, err := draughts.International.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.search(&p, 15)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.mode, err, c.want)
		}
	}
}

// TestHubFingerprint: the fingerprint is the same from run to run (the
// fake engine's time and speed fields change), and tells engines apart.
func TestHubFingerprint(t *testing.T) {
	fp := func(mode string) string {
		t.Setenv("DAMKA_FAKE_HUB", mode)
		b := &damkaBin{name: "engine", path: os.Args[0], hub: true}
		if err := identifyHub(b, draughts.International); err != nil {
			t.Fatal(err)
		}
		return b.fp
	}
	a, b := fp("ok"), fp("ok")
	if a != b {
		t.Errorf("fingerprints %s and %s of the same engine", a, b)
	}
	if c := fp("deep"); c == a {
		t.Errorf("engines with other node counts have the same fingerprint %s", c)
	}
}

// TestHubSearchFresh: every search starts from empty tables ("new"), so
// that a position searched again after others gets the same answer.
func TestHubSearchFresh(t *testing.T) {
	e := startFake(t, "memory")
	var first []refResult
	for round := range 2 {
		for i, c := range hubFENs[:4] {
			p, err := c.v.ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			r, err := e.search(&p, 13)
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 {
				first = append(first, r)
			} else if r != first[i] {
				t.Errorf("%s searched again: %+v, first %+v", c.fen, r, first[i])
			}
		}
	}
}

// TestHubDamkaServer: damka's Hub server (damka hub) against the harness's
// client, a damka-vs-damka conversation: every legal move of each position
// is played on the server, the server's list of moves is the client's,
// and the server's search is analyze's to the same depth.
func TestHubDamkaServer(t *testing.T) {
	e := startFake(t, "damka")
	if e.Name != "damka test" {
		t.Errorf("name %q", e.Name)
	}
	for _, c := range hubFENs {
		p, err := c.v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.search(&p, 5)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		r := analyze.NewSearcher(c.v, analyze.Options{Depth: 5, Verify: -1}).Search(&p)
		m, err := hub.FindMove(&p, hub.Move(&r.Best))
		if err != nil {
			t.Fatal(err)
		}
		want := refResult{hub.Score(hub.FromScore(r.Score)), m.String()}
		if got != want {
			t.Errorf("%s: server %+v, analyze %+v", c.fen, got, want)
		}
	}
	if !e.listing {
		t.Errorf("the server does not list its moves")
	}
}
