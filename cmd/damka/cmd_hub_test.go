package main

import (
	"strings"
	"testing"
)

// TestHubCommand: damka hub answers a dialogue on its standard streams,
// with the variant and the limits of its flags.
func TestHubCommand(t *testing.T) {
	in := "hub\ninit\nmoves\nanalyse\nping\nquit\n"
	out, errOut, code := run(t, in, "hub", "--variant", "russian", "--nodes", "2000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"id name=damka", "name damka", "wait", "ready", "moves 22-17 23-18 24-19 21-17 22-18 23-19 24-20", "info ", "move ", "pong"}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %q, want %q...", i, lines[i], want[i])
		}
	}
	if f := strings.Fields(lines[5]); len(f) < 5 || len(f[4]) > 4 {
		t.Errorf("a search of 2000 nodes: %q", lines[5])
	}
	if _, _, code := run(t, "", "hub", "--variant", "nonsense"); code == 0 {
		t.Errorf("an unknown variant is accepted")
	}
}
