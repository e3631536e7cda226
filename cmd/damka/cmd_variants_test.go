package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// damka moves --variant V on the oracle's random positions of V gives the
// oracle's moves (../shared/oracle, pydraughts).
func TestMovesOracleVariants(t *testing.T) {
	for _, v := range []string{"international", "brazilian", "english", "italian", "frisian"} {
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
		{"frisian", "", "6 103584"},
		{"frisian", "--dedup", "6 102431"},
		// International's tree while no king can be made.
		{"breakthrough", "", "6 167140"},
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
	// dctl's Thai counts start from twelve men each (board_08x08.cpp).
	out, _, code := run(t, "", "perft", "--variant", "thai", "--depth", "8", "--fen", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != exitOK || !strings.HasPrefix(lines[len(lines)-1], "8 845931 ") {
		t.Errorf("thai: exit %d, %q", code, out)
	}
}

// The sample games of the variants issue 26 added (testdata/variants: a
// Frisian game of the oracle, lidraughts games of Frysk! and
// Breakthrough, random Thai and Turkish games) go through every command: check finds them clean, clean
// writes them, analyze and export write a row each, the reports of check
// and analyze are written, and diagram draws a Frisian capture along a
// file with the piece it takes crossed out.
func TestFrisianFamilyCommands(t *testing.T) {
	const samples = "../../testdata/variants"
	dir := t.TempDir()
	out, errOut, code := run(t, "", "check", samples)
	if code != exitOK || !strings.Contains(out, "5 games read: 5 without errors (5 clean") {
		t.Errorf("check: exit %d: %s%s", code, out, errOut)
	}
	_, errOut, code = run(t, "", "clean", "-q", samples, "-o", filepath.Join(dir, "clean.pdn"))
	if code != exitOK || !strings.Contains(errOut, "5 games read: 5 written, 0 rejected") {
		t.Errorf("clean: exit %d: %s", code, errOut)
	}
	for _, v := range []string{"40", "96", "97", "31", "30"} {
		if !strings.Contains(string(readFile(t, filepath.Join(dir, "clean.pdn"))), `[GameType "`+v+`"]`) {
			t.Errorf("clean: no game of GameType %s written", v)
		}
	}
	page := filepath.Join(dir, "check.html")
	if _, errOut, code = run(t, "", "check", "-q", "--report", page, samples); code != exitOK || !strings.Contains(string(readFile(t, page)), "<html") {
		t.Errorf("check --report: exit %d: %s", code, errOut)
	}
	_, errOut, code = run(t, "", "analyze", "-q", "--depth", "2", "--report", "-o", filepath.Join(dir, "an"), samples)
	if code != exitOK || !strings.Contains(errOut, "wrote "+filepath.Join(dir, "an", "games.parquet")+" (5 rows)") {
		t.Errorf("analyze: exit %d: %s", code, errOut)
	}
	if rep := string(readFile(t, filepath.Join(dir, "an", "report.html"))); !strings.Contains(rep, "frisian.pdn") {
		t.Errorf("analyze --report: no Frisian game among the worst moves")
	}
	_, errOut, code = run(t, "", "export", "-q", "-o", filepath.Join(dir, "ex"), samples)
	if code != exitOK || !strings.Contains(errOut, "(5 rows)") {
		t.Errorf("export: exit %d: %s", code, errOut)
	}
	svg := filepath.Join(dir, "f.svg")
	if _, errOut, code = run(t, "", "diagram", "--variant", "frisian", "W:W33:B23", "--move", "33x13", "-o", svg); code != exitOK ||
		!strings.Contains(string(readFile(t, svg)), `class="captured" data-square="23"`) {
		t.Errorf("diagram: exit %d: %s", code, errOut)
	}
}
