package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/hub"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// The test binary is its own engine: "hub-engine" makes it damka's Hub
// server (as damka hub), "hub-engine illegal" one that answers a move
// that is never legal.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "hub-engine" {
		if len(os.Args) > 2 && os.Args[2] == "illegal" {
			illegalEngine()
			os.Exit(0)
		}
		if len(os.Args) > 2 && os.Args[2] == "scan2" {
			scan2Engine()
			os.Exit(0)
		}
		if err := hub.Serve(os.Stdin, os.Stdout, hub.ServerOptions{Name: "damka test", TTSize: 1}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func illegalEngine() {
	b := make([]byte, 4096)
	var line []byte
	for {
		n, err := os.Stdin.Read(b)
		for _, c := range b[:n] {
			if c != '\n' {
				line = append(line, c)
				continue
			}
			switch strings.Fields(string(line) + " x")[0] {
			case "hub":
				os.Stdout.WriteString("name illegal\nwait\n")
			case "init":
				os.Stdout.WriteString("ready\n")
			case "go", "analyse":
				os.Stdout.WriteString("move 1-50\n")
			case "quit":
				return
			}
			line = line[:0]
		}
		if err != nil {
			return
		}
	}
}

// scan2Engine is damka's Hub server behaving as Scan 2.0 does where a
// match can go wrong: "pos" forgets the limits (a search without a limit
// never ends: depth 99 here), and "move" carries a ponder move after the
// move.
func scan2Engine() {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			l := sc.Text()
			fmt.Fprintln(inW, l)
			if strings.HasPrefix(l, "pos ") {
				fmt.Fprintln(inW, "depth 99")
				fmt.Fprintln(inW, "nodes 0")
			}
		}
		inW.Close()
	}()
	done := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			l := sc.Text()
			if strings.HasPrefix(l, "move ") {
				l += " 1-2"
			}
			fmt.Println(l)
		}
		close(done)
	}()
	hub.Serve(inR, outW, hub.ServerOptions{Name: "scan2 test", TTSize: 1})
	outW.Close()
	<-done
}

func engine(mode string) string {
	return strings.TrimSpace(os.Args[0] + " hub-engine " + mode)
}

// TestElo: the score, Elo and intervals of known counts.
func TestElo(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) < 0.05 }
	if !near(elo(0.75), 190.85) || !near(elo(0.5), 0) || !near(elo(0.25), -190.85) || !math.IsInf(elo(1), 1) {
		t.Errorf("elo: %v %v %v %v", elo(0.75), elo(0.5), elo(0.25), elo(1))
	}
	// 60 wins, 20 draws, 20 losses: score 0.7, variance a game
	// (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16, standard error 0.04, the
	// interval 0.7 ± 0.0784.
	var rs []result
	add := func(n int, s float64) {
		for range n {
			rs = append(rs, result{opening: len(rs) / 2, scoreA: s})
		}
	}
	add(60, 1)
	add(20, 0.5)
	add(20, 0)
	e := trinomial(rs)
	if e.n != 100 || !near(e.score, 0.7) || !near(e.se*1000, 40) || !near(e.elo, 147.19) ||
		!near(e.low, elo(0.7-0.0784)) || !near(e.high, elo(0.7+0.0784)) || !near(e.low, 86.22) || !near(e.high, 218.25) {
		t.Errorf("trinomial: %+v", e)
	}
	// Pairs (in order): 30 pairs 1+1, 10 pairs 0.5+0.5, 10 pairs 0+0:
	// pair means 1, 0.5, 0 (the same games paired alike: variance 0.16
	// over 50 samples, standard error 0.0566).
	p, counts := pentanomial(rs)
	if p.n != 50 || !near(p.score, 0.7) || !near(p.se*1e4, 565.7) || counts != [5]int{10, 0, 10, 0, 30} {
		t.Errorf("pentanomial: %+v %v", p, counts)
	}
	// Pairs that split (1+0) have no variance between them: the
	// pentanomial interval is narrower than the trinomial.
	rs = nil
	for k := range 40 {
		rs = append(rs, result{opening: k, scoreA: 1}, result{opening: k, scoreA: 0})
	}
	rs = append(rs, result{opening: 99, scoreA: 1}) // no pair: left out of the pentanomial
	p, counts = pentanomial(rs)
	if p.n != 40 || p.score != 0.5 || p.se != 0 || counts != [5]int{0, 0, 40, 0, 0} {
		t.Errorf("split pairs: %+v %v", p, counts)
	}
	var b strings.Builder
	printReport(&b, rs)
	for _, want := range []string{"81 games: +41 =0 -40", "pentanomial", "40 pairs", "trinomial"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestMatch: a tiny match at a few nodes a move: the results file and the
// PDN, which replays clean; a match stopped (a line cut short) and run on
// plays only the missing games, with the results an uninterrupted match
// has (node limits make the games a function of the settings); other
// settings are refused; an illegal move loses.
func TestMatch(t *testing.T) {
	c := config{a: engine(""), b: engine(""), variant: draughts.Russian, nodes: 300, games: 4, seed: 3, random: 6, maxPly: 120}
	dir := t.TempDir()
	log := logFile(t)
	rs, err := run(c, dir, 2, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 4 {
		t.Fatalf("%d results", len(rs))
	}
	// Stopped in the middle of writing a line, then run to 6 games.
	name := filepath.Join(dir, "results.tsv")
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("5\t2\tB\t1-")
	f.Close()
	c.games = 6
	if rs, err = run(c, dir, 2, log); err != nil || len(rs) != 6 {
		t.Fatalf("resumed: %d results, %v", len(rs), err)
	}
	// The same match in one go.
	dir2 := t.TempDir()
	whole, err := run(c, dir2, 1, log)
	if err != nil {
		t.Fatal(err)
	}
	key := func(rs []result) map[int]string {
		m := map[int]string{}
		for _, r := range rs {
			r.ms = [2]int{}
			m[r.game] = r.line()
		}
		return m
	}
	got, want := key(rs), key(whole)
	for g := range 6 {
		if got[g] != want[g] || got[g] == "" {
			t.Errorf("game %d: resumed %q, in one go %q", g, got[g], want[g])
		}
	}
	again, _, err := readResults(name)
	if err != nil || len(again) != 6 {
		t.Fatalf("read back: %d, %v", len(again), err)
	}
	// The PDN: six games, each replaying clean with its result.
	games := 0
	err = input.ReadFile(filepath.Join(dir, "games.pdn"), func(g *pdn.Game, err error) error {
		if err != nil {
			return err
		}
		games++
		r := validate.Game(g, validate.Options{})
		if r.Status() != validate.Clean {
			t.Errorf("game %d: %v", g.Index, r.Findings)
		}
		return nil
	})
	if err != nil || games != 6 {
		t.Errorf("games.pdn: %d games, %v", games, err)
	}
	// Other settings are refused.
	c.nodes = 400
	if _, err := run(c, dir, 2, log); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other settings: %v", err)
	}
	// An engine that does not start stops the match before its games.
	c.nodes, c.b = 300, "/nonexistent/engine hub"
	if _, err := run(c, t.TempDir(), 2, log); err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Errorf("an engine that does not start: %v", err)
	}
	// An illegal move loses.
	c = config{a: engine(""), b: engine("illegal"), variant: draughts.International, nodes: 300, games: 2, seed: 1, random: 4, maxPly: 60}
	rs, err = run(c, t.TempDir(), 2, log)
	if err != nil || len(rs) != 2 {
		t.Fatalf("illegal: %d results, %v", len(rs), err)
	}
	for _, r := range rs {
		if r.scoreA != 1 || !strings.Contains(r.reason, `B loses: illegal move "1-50"`) {
			t.Errorf("illegal: %+v", r)
		}
	}
}

// TestMatchScan2: an engine that forgets its limits at "pos" and answers
// a ponder move after its move (as Scan 2.0) plays its games: the limits
// go after the position, and the move is the first word.
func TestMatchScan2(t *testing.T) {
	c := config{a: engine(""), b: engine("scan2"), variant: draughts.International, time: 0.02, games: 2, seed: 1, random: 4, maxPly: 40}
	rs, err := run(c, t.TempDir(), 2, logFile(t))
	if err != nil || len(rs) != 2 {
		t.Fatalf("%d results, %v", len(rs), err)
	}
	for _, r := range rs {
		if strings.Contains(r.reason, "loses") {
			t.Errorf("game %d: %s", r.game, r.reason)
		}
	}
}

func logFile(t *testing.T) *os.File {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
