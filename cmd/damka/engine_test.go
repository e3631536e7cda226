package main

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// testEngine is the command line of damka hub as an engine: this test
// binary, run as damka (DAMKA_RUN_MAIN, set for the test and inherited by
// the engine).
func testEngine(t *testing.T, args string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("DAMKA_RUN_MAIN", "1")
	return "'" + strings.ReplaceAll(exe, "'", `'\''`) + "' hub " + args
}

// TestEngineEvalHub: damka eval with damka hub as its engine prints what
// damka eval prints, but the time, at the same depth and table size, in
// Russian and International, on one worker and on two.
func TestEngineEvalHub(t *testing.T) {
	for _, c := range []struct {
		variant string
		fens    []string
	}{
		{"russian", []string{
			"W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
			"W:Wa1,b2,c3,e3:Bc5,e5,c7,g7",
			"B:Wg1,b2,f2,a3,c3,e3,h4:Ba5,c5,f6,h6,e7,d8,f8",
			"W:Wg1,b2,d2,f2,a3,f4,h4:Bd4,c5,d6,f6,h6,a7,g7",
			"B:Wb4,c3:Ba5", // no legal move: damka's own answer
		}},
		{"international", []string{
			"W:W31-50:B1-20",
			"B:W28,33,34,39,K44:B2,K3,19,23,24",
			"B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
		}},
	} {
		in := strings.Join(c.fens, "\n") + "\n"
		want, _, err := evalFields(t, EvalOptions{Variant: c.variant, Depth: 5, TTSize: 1, Jobs: 1}, in)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range []int{1, 2} {
			opts := EvalOptions{Variant: c.variant, Depth: 5, TTSize: 1, Jobs: j,
				Engine: EngineOptions{Command: testEngine(t, "--tt 1"), Options: []string{"hash=1"}}}
			got, errOut, err := evalFields(t, opts, in)
			if err != nil {
				t.Fatalf("%s -j %d: %v\n%s", c.variant, j, err, errOut)
			}
			if !strings.HasPrefix(errOut, "damka eval: engine: damka ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s: stderr %q", c.variant, errOut)
			}
			if len(got) != len(want) {
				t.Fatalf("%s -j %d: %d lines, want %d", c.variant, j, len(got), len(want))
			}
			for i := range want {
				if strings.Join(got[i], "\t") != strings.Join(want[i], "\t") {
					t.Errorf("%s -j %d line %d:\nengine %q\ndamka  %q", c.variant, j, i, got[i], want[i])
				}
			}
		}
	}
}

// TestEngineEvalFaults: an engine that cannot start stops the run; one
// that crashes or hangs at every search is restarted twice a position,
// then the position gets an error and the run goes on; no engine is left.
func TestEngineEvalFaults(t *testing.T) {
	in := "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7\nB:Wg1,b2,f2,a3,c3,e3,h4:Ba5,c5,f6,h6,e7,d8,f8\n"
	base := EvalOptions{Variant: "russian", Depth: 3, TTSize: 1, Jobs: 2}
	for _, cmd := range []string{"/nonexistent/engine hub", "sh -c 'exit 3'", `sh -c 'read l; echo "name x"'`} {
		o := base
		o.Engine = EngineOptions{Command: cmd}
		rows, _, err := evalFields(t, o, in)
		if err == nil || len(rows) != 0 {
			t.Errorf("%s: %v, %d lines", cmd, err, len(rows))
		}
	}
	// A shell engine: it answers hub and init, then crashes or hangs.
	engine := func(search string) string {
		return `sh -c 'while read l; do case "$l" in hub) echo "name fake"; echo wait;; init) echo ready;; analyse) ` + search + `;; esac; done'`
	}
	for _, c := range []struct{ name, cmd, want string }{
		{"crash", engine("exit 3"), "the engine ended"},
		{"hang", engine("exec sleep 600"), "no reply in time"},
		{"garbage", engine("echo info 1 1 12 5 0 0 a-b; echo move 99-98"), "not one of damka's legal moves"},
	} {
		o := base
		o.Engine = EngineOptions{Command: c.cmd, Timeout: 0.3}
		start := time.Now()
		rows, errOut, err := evalFields(t, o, in)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitFindings || !strings.Contains(err.Error(), "2 position(s) the engine could not search") {
			t.Errorf("%s: %v", c.name, err)
		}
		if len(rows) != 0 || strings.Count(errOut, c.want) != 6 || strings.Count(errOut, "3 attempts") != 2 {
			t.Errorf("%s: %d lines, stderr:\n%s", c.name, len(rows), errOut)
		}
		if el := time.Since(start); el > 30*time.Second {
			t.Errorf("%s: %v", c.name, el)
		}
	}
}
