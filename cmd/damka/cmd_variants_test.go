package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
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
		// Canadian (12x12), dctl's counts (docs/canadian.md).
		{"canadian", "--dedup", "6 584100"},
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

// The sample games of the variants issues 26 and 50 added
// (testdata/variants: a Frisian game of the oracle, lidraughts games of
// Frysk! and Breakthrough, random Thai, Turkish and Canadian games) go
// through every command: check finds them clean, clean writes them,
// select finds the Canadian game by its variant and by a position with
// pieces on rows 11 and 12, dupes pairs it with its copy, analyze and
// export write a row each, the reports of check and analyze are written
// (the latter with Canadian's 12x12 boards), and diagram draws a Frisian
// capture along a file and a Canadian one onto row 12 with the piece
// they take crossed out.
func TestFrisianFamilyCommands(t *testing.T) {
	const samples = "../../testdata/variants"
	dir := t.TempDir()
	out, errOut, code := run(t, "", "check", samples)
	if code != exitOK || !strings.Contains(out, "6 games read: 6 without errors (6 clean") {
		t.Errorf("check: exit %d: %s%s", code, out, errOut)
	}
	_, errOut, code = run(t, "", "clean", "-q", samples, "-o", filepath.Join(dir, "clean.pdn"))
	if code != exitOK || !strings.Contains(errOut, "6 games read: 6 written, 0 rejected") {
		t.Errorf("clean: exit %d: %s", code, errOut)
	}
	// The position after ply 116 of canadian.pdn: a White king on f12
	// and Black men on b12, l12, c11 and k11, past bit 63.
	const canadianFEN = "W:WK3,31,38,49,51,53,56,61,62,65,66,72:B2,6,8,12,14,18,22,30"
	for _, sel := range [][]string{{"--variant", "canadian"}, {"--fen", canadianFEN}} {
		sel := append(append([]string{"select"}, sel...), samples, "-o", filepath.Join(dir, "sel.pdn"))
		_, errOut, code = run(t, "", sel...)
		if code != exitOK || !strings.Contains(errOut, "6 games read: 1 selected") ||
			!strings.Contains(string(readFile(t, filepath.Join(dir, "sel.pdn"))), "Canadian draughts, seed 26") {
			t.Errorf("%s: exit %d: %s", strings.Join(sel, " "), code, errOut)
		}
	}
	copied := writeFile(t, filepath.Join(dir, "copy.pdn"), string(readFile(t, filepath.Join(samples, "canadian.pdn"))))
	if out, errOut, code = run(t, "", "dupes", samples, copied); code != exitOK ||
		!strings.Contains(out, "moves: keep "+filepath.Join(samples, "canadian.pdn")+":1 (game 1, 141 plies") ||
		!strings.Contains(out, "7 games read: 6 distinct, 1 groups of duplicates") {
		t.Errorf("dupes: exit %d: %s%s", code, out, errOut)
	}
	for _, v := range []string{"40", "96", "97", "31", "30", "27"} {
		if !strings.Contains(string(readFile(t, filepath.Join(dir, "clean.pdn"))), `[GameType "`+v+`"]`) {
			t.Errorf("clean: no game of GameType %s written", v)
		}
	}
	page := filepath.Join(dir, "check.html")
	if _, errOut, code = run(t, "", "check", "-q", "--report", page, samples); code != exitOK || !strings.Contains(string(readFile(t, page)), "<html") {
		t.Errorf("check --report: exit %d: %s", code, errOut)
	}
	_, errOut, code = run(t, "", "analyze", "-q", "--depth", "2", "--report", "-o", filepath.Join(dir, "an"), samples)
	if code != exitOK || !strings.Contains(errOut, "wrote "+filepath.Join(dir, "an", "games.parquet")+" (6 rows)") {
		t.Errorf("analyze: exit %d: %s", code, errOut)
	}
	rep := string(readFile(t, filepath.Join(dir, "an", "report.html")))
	if !strings.Contains(rep, "frisian.pdn") {
		t.Errorf("analyze --report: no Frisian game among the worst moves")
	}
	if !strings.Contains(rep, "canadian.pdn") || !strings.Contains(rep, `data-square="72"`) {
		t.Errorf("analyze --report: no Canadian game on a board of 72 squares among the worst moves")
	}
	_, errOut, code = run(t, "", "export", "-q", "-o", filepath.Join(dir, "ex"), samples)
	if code != exitOK || !strings.Contains(errOut, "(6 rows)") {
		t.Errorf("export: exit %d: %s", code, errOut)
	}
	svg := filepath.Join(dir, "f.svg")
	if _, errOut, code = run(t, "", "diagram", "--variant", "frisian", "W:W33:B23", "--move", "33x13", "-o", svg); code != exitOK ||
		!strings.Contains(string(readFile(t, svg)), `class="captured" data-square="23"`) {
		t.Errorf("diagram: exit %d: %s", code, errOut)
	}
	// A Canadian king takes the king on c11 and lands on b12 (bits 64 and
	// up).
	if _, errOut, code = run(t, "", "diagram", "--variant", "canadian", "W:WK21:BK8", "--move", "21x1", "-o", svg); code != exitOK ||
		!strings.Contains(string(readFile(t, svg)), `class="captured" data-square="8"`) {
		t.Errorf("diagram of Canadian: exit %d: %s", code, errOut)
	}
}

// randomCanadianGames plays n random legal games of Canadian draughts
// (seeded), each to its end by the rules (no move, or a draw by rule)
// or to 300 plies, and writes them as PDN with [GameType "27"] and every
// move's landing squares. No Canadian archive is at hand: the games are
// the engine's own, replayed by check against its rules.
func randomCanadianGames(n int, seed int64) string {
	v := draughts.Canadian
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	for g := 0; g < n; g++ {
		p := draughts.Start(v)
		tr := draughts.NewTracker(&p)
		var moves []string
		result := "*"
		for ply := 0; ply < 300; ply++ {
			ms := v.Moves(&p, nil)
			if len(ms) == 0 {
				result = v.NoMoveOutcome(p.Side).String()
				break
			}
			m := ms[rng.Intn(len(ms))]
			text := m.String()
			if ply%2 == 0 {
				text = fmt.Sprintf("%d. %s", ply/2+1, text)
			}
			moves = append(moves, text)
			before := p
			p.Make(&m)
			if tr.Push(&before, &m, &p) != draughts.NoDraw {
				result = draughts.Draw.String()
				break
			}
		}
		fmt.Fprintf(&b, "[Event \"damka random game, Canadian draughts, seed %d, game %d\"]\n[GameType \"27\"]\n[Result %q]\n\n%s %s\n\n",
			seed, g+1, result, strings.Join(moves, " "), result)
	}
	return b.String()
}

// Random games of Canadian draughts (12x12: pieces past bit 63, captures
// of several pieces, crownings) come out of check clean, read by their
// GameType tag; clean writes them whole, analyze and export a row each.
func TestCanadianCheck(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "canadian.pdn"), randomCanadianGames(8, 27))
	out, errOut, code := run(t, "", "check", in)
	if code != exitOK || !strings.Contains(out, "8 games read: 8 without errors (8 clean") {
		t.Errorf("check: exit %d: %s%s", code, out, errOut)
	}
	clean := filepath.Join(dir, "clean.pdn")
	if _, errOut, code = run(t, "", "clean", "-q", in, "-o", clean); code != exitOK || !strings.Contains(errOut, "8 games read: 8 written, 0 rejected") {
		t.Errorf("clean: exit %d: %s", code, errOut)
	}
	if n := strings.Count(string(readFile(t, clean)), `[GameType "27"]`); n != 8 {
		t.Errorf("clean wrote %d games of GameType 27", n)
	}
	// analyze searches them (with the geometry evaluation on two words,
	// wideEval), and export writes their rows.
	_, errOut, code = run(t, "", "analyze", "-q", "--depth", "2", "-o", filepath.Join(dir, "an"), in)
	if code != exitOK || !strings.Contains(errOut, "wrote "+filepath.Join(dir, "an", "games.parquet")+" (8 rows)") {
		t.Errorf("analyze: exit %d: %s", code, errOut)
	}
	_, errOut, code = run(t, "", "export", "-q", "-o", filepath.Join(dir, "ex"), in)
	if code != exitOK || !strings.Contains(errOut, "(8 rows)") {
		t.Errorf("export: exit %d: %s", code, errOut)
	}
	// A Black man of row 11 (a11, in the position's high word) moved
	// back onto row 12, where Black's men stand: an illegal move.
	bad := writeFile(t, filepath.Join(dir, "bad.pdn"), "[GameType \"27\"]\n\n1. 45-39 7-1 *\n")
	if out, _, code := run(t, "", "check", bad); code != exitFindings || !strings.Contains(out, "ply 2 (1... 7-1): illegal_move") {
		t.Errorf("check of a man moved back: exit %d: %s", code, out)
	}
}
