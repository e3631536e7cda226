package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/damka/damka/internal/iostreams"
)

// evalFields runs damka eval and returns the fields of each output line
// without the time.
func evalFields(t *testing.T, opts EvalOptions, in string, args ...string) ([][]string, string, error) {
	t.Helper()
	io, out, errb := iostreams.Test(in)
	err := runEval(context.Background(), io, opts, args)
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 8 {
			t.Fatalf("line %q has %d fields, want 8", line, len(f))
		}
		rows = append(rows, f[:7])
	}
	return rows, errb.String(), err
}

func TestEvalCommand(t *testing.T) {
	opts := EvalOptions{Variant: "russian", Depth: 6, TTSize: 1, Jobs: 1}
	// The shot of analyze's tests: 1.c3-d4! e5:c3 2.b2:d4:b6:d8.
	rows, errOut, err := evalFields(t, opts, "", "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7", "B:Wb4,c3:Ba5")
	if err != nil || errOut != "" {
		t.Fatalf("err %v, stderr %q", err, errOut)
	}
	if len(rows) != 2 {
		t.Fatalf("%d lines, want 2", len(rows))
	}
	if r := rows[0]; r[0] != "W:Wa1,b2,c3,e3:Bc5,e5,c7,g7" || r[1] != r[2] || !strings.HasPrefix(r[1], "#") || r[3] != "c3-d4" || !strings.HasPrefix(r[4], "c3-d4 e5:c3 b2:d4:b6:d8") {
		t.Errorf("shot: %q", r)
	}
	// Black to move with no legal move: lost; White's view is a win.
	if r := rows[1]; r[1] != "#0" || r[2] != "-#0" || r[3] != "-" || r[4] != "-" {
		t.Errorf("blocked: %q", r)
	}
}

func TestEvalCommandStdinJobs(t *testing.T) {
	in := "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\tstart\n" +
		"\n" +
		"not a fen\n" +
		"B:Wg1,b2,f2,a3,c3,e3,h4:Ba5,c5,f6,h6,e7,d8,f8\n" +
		"W:Wg1,b2,d2,f2,a3,f4,h4:Bd4,c5,d6,f6,h6,a7,g7\n"
	var first [][]string
	for _, j := range []int{1, 3} {
		opts := EvalOptions{Variant: "russian", Depth: 5, TTSize: 1, Jobs: j}
		rows, errOut, err := evalFields(t, opts, in)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitFindings {
			t.Fatalf("-j %d: err %v, want exit status 1 for the bad line", j, err)
		}
		if !strings.Contains(errOut, "line 3") {
			t.Errorf("-j %d: stderr %q does not name line 3", j, errOut)
		}
		if len(rows) != 3 {
			t.Fatalf("-j %d: %d lines, want 3", j, len(rows))
		}
		if first == nil {
			first = rows
			continue
		}
		for i := range rows {
			if strings.Join(rows[i], "\t") != strings.Join(first[i], "\t") {
				t.Errorf("-j %d line %d: %q, -j 1: %q", j, i, rows[i], first[i])
			}
		}
	}
	if first[1][3] != "c5-b4" || first[2][3] != "f4-e5" {
		t.Errorf("best moves %s, %s; want c5-b4, f4-e5", first[1][3], first[2][3])
	}
}

func TestEvalCommandGiveaway(t *testing.T) {
	opts := EvalOptions{Variant: "giveaway", Depth: 4, TTSize: 1, Jobs: 1}
	rows, _, err := evalFields(t, opts, "", "W:Wd4:Bf6,h8")
	if err != nil || len(rows) != 1 || rows[0][2] != "#2" {
		t.Errorf("giveaway: %v %q", err, rows)
	}
}
