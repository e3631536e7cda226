package hub

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// The test binary is also a fake engine: with HUB_FAKE set it serves the
// protocol, well or badly, and exits.
func TestMain(m *testing.M) {
	if mode := os.Getenv("HUB_FAKE"); mode != "" {
		fakeEngine(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine serves the protocol on the standard streams in one mode:
// good (damka's server), v2 (Hub version 2's forms), mute (never
// answers), noready (no answer to init), hang (a search never ends),
// crash (exits at the first search), garbage (answers a search with
// garbage and an unknown move), stubborn (ignores quit and the end of
// its input), badlist (lists legal moves that are not the position's:
// one more, one fewer), refuses (answers "move 21-..." with an error, as
// an engine that does not take that legal move), tenonly (plays 10x10 boards only: an error for
// any other position; its time and speed change from search to search);
// v2 answers "moves" with an error, as Scan 3.x answers a command it does
// not know.
func fakeEngine(mode string) {
	switch mode {
	case "good":
		Serve(os.Stdin, os.Stdout, ServerOptions{Name: "fake good"})
		return
	case "mute":
		time.Sleep(time.Hour)
		return
	}
	in := bufio.NewScanner(os.Stdin)
	say := func(s string) { fmt.Println(s) }
	inited := false
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "hub":
			if mode == "v2" {
				say("id name=fake version=2.5")
				say(`param name=variant value=normal type=enum values="normal killer bt"`)
			} else {
				say("name fake " + mode)
			}
			say("wait")
		case "init":
			if mode == "noready" {
				continue
			}
			inited = true
			say("ready")
		case "ping":
			say("pong")
		case "pos":
			if mode == "tenonly" && len(f) > 1 && len(f[1]) != 51 {
				say("error bad position")
			}
			// Scan 3.x takes the side to move as a capital only.
			if mode == "v2" && (len(f) < 2 || !strings.HasPrefix(f[1], "pos=W") && !strings.HasPrefix(f[1], "pos=B")) {
				say(`error message="bad position"`)
			}
		case "move":
			if mode == "refuses" && len(f) > 1 && strings.HasPrefix(f[1], "21-") {
				say("error illegal move")
			}
		case "moves":
			switch mode {
			case "badlist":
				say("moves 22-18 23-18 23-19 24-19 24-20 99-98")
			case "v2":
				// Scan 3.x answers a command it does not know so.
				say(`error message="bad command"`)
			}
		case "set-param":
			if strings.Contains(in.Text(), "name=bad") {
				say("error unknown parameter")
			}
			if mode == "v2" && inited && strings.Contains(in.Text(), "name=variant") {
				say("error the variant is set before init")
			}
		case "quit":
			if mode == "stubborn" {
				time.Sleep(time.Hour)
			}
			return
		case "analyse", "go":
			switch mode {
			case "hang":
				time.Sleep(time.Hour)
			case "crash":
				os.Exit(3)
			case "garbage":
				say("info x y z")
				say("#@!% garbage")
				say("move 99-98")
			case "tenonly":
				say(fmt.Sprintf("info 12 11.5 -3 4567 %d.%03d 1.5 32-28 19-23", time.Now().Second(), time.Now().Nanosecond()/1e6))
				say("move 32-28")
			case "badlist", "refuses":
				say("info 1 1 0 1 0 0 22-18")
				say("move 22-18")
			case "v2":
				say(`info depth=7 mean-depth=6.5 score=99.90 nodes=1234 time=0.012 nps=0.1 pv="32-28 19-23 28x19x23"`)
				say("done move=32-28")
			}
		}
	}
	if mode == "stubborn" {
		time.Sleep(time.Hour)
	}
}

func fake(t *testing.T, mode string, o StartOptions) (*Client, error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("HUB_FAKE", mode)
	return StartWith(exe, []string{"-test.run=^$"}, o)
}

// gone reports whether the process has ended (and been waited for).
func gone(e *Client) bool {
	select {
	case <-e.exited:
		return e.cmd.Process.Signal(syscall.Signal(0)) != nil
	case <-time.After(5 * time.Second):
		return false
	}
}

func TestClientGood(t *testing.T) {
	e, err := fake(t, "good", StartOptions{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name != "fake good" || e.Dialect != 2 {
		t.Errorf("name %q, dialect %d", e.Name, e.Dialect)
	}
	if err := e.SetOption("variant", "russian"); err != nil {
		t.Fatal(err)
	}
	if err := e.SetOption("has space", "1"); err == nil {
		t.Errorf("a name with a space is sent")
	}
	for _, fen := range []string{draughts.Russian.StartFEN(), "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7"} {
		p, err := draughts.Russian.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		a, err := e.Analyse(&p, Limits{Depth: 6})
		if err != nil {
			t.Fatal(err)
		}
		r := analyze.NewSearcher(draughts.Russian, analyze.Options{Depth: 6, Verify: -1}).Search(&p)
		if a.Score != r.Score || a.Best != r.Best || a.Depth != r.Depth || a.Nodes != r.Nodes || !slices.Equal(a.PV, r.PV) {
			t.Errorf("%s: engine %v %v %v d%d n%d, damka %v %v %v d%d n%d", fen, a.Score, a.Best, a.PV, a.Depth, a.Nodes, r.Score, r.Best, r.PV, r.Depth, r.Nodes)
		}
	}
	if !e.ListsMoves() {
		t.Errorf("damka's server lists its moves; the client did not find it")
	}
	e.Close()
	if !gone(e) {
		t.Errorf("the engine outlives Close")
	}
}

func TestClientV2(t *testing.T) {
	e, err := fake(t, "v2", StartOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name != "fake 2.5" || e.Version != "2.5" || e.Dialect != 2 {
		t.Errorf("name %q, version %q, dialect %d", e.Name, e.Version, e.Dialect)
	}
	if !slices.Equal(e.Variants, []string{"normal", "killer", "bt"}) || e.DefaultVariant != "normal" {
		t.Errorf("variants %q, default %q", e.Variants, e.DefaultVariant)
	}
	if err := e.SetOption("variant", "bt"); err == nil {
		t.Errorf("the fake takes the variant after init")
	}
	// Params are set before init; one refused stops the start.
	e2, err := fake(t, "v2", StartOptions{Timeout: 10 * time.Second, Params: [][2]string{{"variant", "bt"}}})
	if err != nil {
		t.Fatalf("the variant before init: %v", err)
	}
	e2.Close()
	if _, err := fake(t, "v2", StartOptions{Timeout: 10 * time.Second, Params: [][2]string{{"bad", "1"}}}); err == nil || !strings.Contains(err.Error(), "unknown parameter") {
		t.Errorf("a refused parameter at start: %v", err)
	}
	if err := e.SetOption("bad", "1"); err == nil || !strings.Contains(err.Error(), "unknown parameter") {
		t.Errorf("a refused option: %v", err)
	}
	p := draughts.Start(draughts.International)
	a, err := e.Analyse(&p, Limits{Depth: 7})
	if err != nil {
		t.Fatal(err)
	}
	if a.Score != analyze.WinIn(10) || a.Depth != 7 || a.Nodes != 1234 || len(a.PV) != 3 || a.PV[0] != a.Best || a.Best.String() != "32-28" {
		t.Errorf("%+v", a)
	}
	if e.ListsMoves() {
		t.Errorf("an engine that ignores moves lists them")
	}
}

// TestClientFaults: every fault ends with a clear error, in bounded time,
// and no engine process is left.
func TestClientFaults(t *testing.T) {
	p := draughts.Start(draughts.Russian)
	if _, err := StartWith("/nonexistent/engine", nil, StartOptions{}); err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Errorf("a missing engine: %v", err)
	}
	for _, mode := range []string{"mute", "noready"} {
		start := time.Now()
		_, err := fake(t, mode, StartOptions{StartTimeout: 300 * time.Millisecond})
		if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "engine ") || time.Since(start) > 5*time.Second {
			t.Errorf("%s: %v after %v", mode, err, time.Since(start))
		}
	}
	for _, c := range []struct{ mode, want string }{
		{"hang", "no reply in time"},
		{"crash", "the engine ended"},
		{"garbage", `best move "99-98" is not one of damka's legal moves`},
		{"badlist", "its legal moves differ from damka's: it lists 99-98, which damka does not have; it lacks damka's 21-17 22-17"},
		{"refuses", `it refuses damka's legal move(s) 21-17 (error illegal move)`},
	} {
		e, err := fake(t, c.mode, StartOptions{Timeout: 300 * time.Millisecond})
		if err != nil {
			t.Fatalf("%s: %v", c.mode, err)
		}
		start := time.Now()
		_, err = e.Analyse(&p, Limits{Depth: 3})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p.FEN()) || !strings.Contains(err.Error(), e.String()) {
			t.Errorf("%s: %v", c.mode, err)
		}
		var ans *AnswerError
		if mismatch := c.mode == "garbage" || c.mode == "badlist" || c.mode == "refuses"; errors.As(err, &ans) != mismatch || mismatch && !ans.Mismatch {
			t.Errorf("%s: %#v, want a mismatch: %v", c.mode, err, mismatch)
		}
		if time.Since(start) > 5*time.Second {
			t.Errorf("%s: %v to fail", c.mode, time.Since(start))
		}
		e.Close()
		if !gone(e) {
			t.Errorf("%s: the engine outlives Close", c.mode)
		}
	}
	// An engine that ignores quit is killed after the grace period.
	e, err := fake(t, "stubborn", StartOptions{Grace: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	e.Close()
	if el := time.Since(start); el > 5*time.Second || !gone(e) {
		t.Errorf("stubborn: Close took %v", el)
	}
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string][]string{
		"/opt/scan/scan hub":          {"/opt/scan/scan", "hub"},
		"  a\tb  ":                    {"a", "b"},
		`'/opt/my scan/scan' hub`:     {"/opt/my scan/scan", "hub"},
		`/opt/my\ scan/scan hub`:      {"/opt/my scan/scan", "hub"},
		`"a \"b\" \$c \x" d`:          {`a "b" $c \x`, "d"},
		`x''y "" ''`:                  {"xy", "", ""},
		`pre"mid dle"'post'`:          {"premid dlepost"},
		"":                            nil,
		`damka hub --variant russian`: {"damka", "hub", "--variant", "russian"},
	} {
		got, err := SplitCommand(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{`'a`, `"a`, `a\`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("%q split", bad)
		}
	}
}

// TestFingerprint: an engine's fingerprint is the same from run to run
// (its time and speed change), tells engines apart, and is an error for a
// board the engine does not play.
func TestFingerprint(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	fp := func(mode string, v draughts.Variant) (string, error) {
		e, err := fake(t, mode, StartOptions{Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		return e.Fingerprint(exe, v)
	}
	a, err := fp("tenonly", draughts.International)
	if err != nil || !strings.HasPrefix(a, "hub-") || len(a) != 20 {
		t.Fatalf("%q %v", a, err)
	}
	time.Sleep(20 * time.Millisecond)
	if b, err := fp("tenonly", draughts.International); b != a || err != nil {
		t.Errorf("the same engine: %s and %s (%v)", a, b, err)
	}
	if c, err := fp("v2", draughts.International); c == a || err != nil {
		t.Errorf("another engine: %s and %s (%v)", a, c, err)
	}
	if _, err := fp("tenonly", draughts.Russian); err == nil || !strings.Contains(err.Error(), "error bad position") || !strings.Contains(err.Error(), "russian") {
		t.Errorf("a board the engine does not play: %v", err)
	}
}

func TestVariantName(t *testing.T) {
	for v, want := range map[draughts.Variant]string{draughts.International: "normal", draughts.Breakthrough: "bt",
		draughts.Antidraughts: "losing", draughts.Frisian: "frisian", draughts.Russian: "russian", draughts.Giveaway: "giveaway"} {
		if got := VariantName(v); got != want {
			t.Errorf("%s: %q, want %q", v.Name(), got, want)
		}
	}
}

// TestTakes: an engine that answers a position with an error does not
// take it.
func TestTakes(t *testing.T) {
	e, err := fake(t, "tenonly", StartOptions{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for _, v := range []draughts.Variant{draughts.International, draughts.Russian} {
		p := draughts.Start(v)
		ok, what, err := e.Takes(&p)
		if err != nil || ok != (v == draughts.International) || !ok && what != "error bad position" {
			t.Errorf("%s: %v %q %v", v.Name(), ok, what, err)
		}
	}
}
