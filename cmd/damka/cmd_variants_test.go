package main

import (
	"os"
	"strings"
	"testing"
)

// damka moves --variant V on the oracle's random positions of V gives the
// oracle's moves (../shared/oracle, pydraughts).
func TestMovesOracleVariants(t *testing.T) {
	for _, v := range []string{"international", "brazilian", "english", "italian"} {
		t.Run(v, func(t *testing.T) {
			data, err := os.ReadFile("../../testdata/oracle/" + v + "/movegen.tsv")
			if err != nil {
				t.Fatal(err)
			}
			out, errOut, code := run(t, string(data), "moves", "--variant", v)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := strings.Split(out, "\n")
			for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
				_, want, _ := strings.Cut(line, "\t")
				if got[i] != want {
					t.Fatalf("line %d: %q, want %q", i+1, got[i], want)
				}
			}
		})
	}
}

// damka perft --variant V from the start: the published counts (dctl),
// both conventions, to a depth that keeps the test short.
func TestPerftVariantsCommand(t *testing.T) {
	for _, tt := range []struct {
		v, flag, want string
	}{
		{"international", "", "6 167140"},
		{"international", "--dedup", "8 6483961"},
		{"brazilian", "--dedup", "8 907830"},
		{"english", "", "8 845931"},
		{"italian", "", "8 828783"},
		{"czech", "", "7 179740"},
	} {
		depth := strings.Fields(tt.want)[0]
		args := []string{"perft", "--variant", tt.v, "--depth", depth}
		if tt.flag != "" {
			args = append(args, tt.flag)
		}
		out, _, code := run(t, "", args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != exitOK || !strings.HasPrefix(lines[len(lines)-1], tt.want+" ") {
			t.Errorf("%s %s: exit %d, %q", tt.v, tt.flag, code, lines[len(lines)-1])
		}
	}
}
