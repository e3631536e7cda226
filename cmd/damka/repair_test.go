package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
)

const slipsFile = "../../testdata/repair/slips.pdn"

// readPDN reads every game of a file.
func readPDN(t *testing.T, path string) []*pdn.Game {
	t.Helper()
	var games []*pdn.Game
	if err := input.ReadFile(path, func(g *pdn.Game, err error) error {
		if err != nil {
			t.Errorf("%s: %v", path, err)
		}
		games = append(games, g)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return games
}

// withoutRepairNotes is a game's text as the writer writes it, the
// comments damka adds at repaired moves left out.
func withoutRepairNotes(t *testing.T, g *pdn.Game) string {
	t.Helper()
	c := *g
	c.Moves = append([]pdn.Move(nil), g.Moves...)
	for i := range c.Moves {
		m := &c.Moves[i]
		if m.Notes == nil {
			continue
		}
		n := *m.Notes
		n.Comments = nil
		for _, s := range m.Notes.Comments {
			if !strings.HasPrefix(s, "damka: repaired") {
				n.Comments = append(n.Comments, s)
			}
		}
		m.Notes = &n
	}
	var sb strings.Builder
	w := pdn.NewWriter(&sb)
	w.Write(&c)
	w.Flush()
	return sb.String()
}

// damka check shows the best repair with the finding, in text and JSON.
func TestCheckRepairs(t *testing.T) {
	out, _, code := run(t, "", "check", "-q", slipsFile)
	if code != exitFindings {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{
		`ply 5 (3. e3-f5): illegal_move: "e3-f5" is not a move damka can read; did you mean e3-f4? (the rest of the game then replays)`,
		"ply 8 (4... c1-b2): illegal_move: c1-b2: the piece on c1 is white's, and black is to move; did you mean c7-b6, left out before c1-b2? (the rest of the game then replays)",
		"ply 7 (4. 27-24): illegal_move: 27-24 is not a legal move of white here; did you mean 27-23? (the rest of the game then replays)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = run(t, "", "check", "-q", "--json", slipsFile)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 13 {
		t.Fatalf("%d lines", len(lines))
	}
	var g struct {
		Findings []struct {
			Kind    string `json:"kind"`
			Repairs *[]struct {
				Move         string `json:"move"`
				Edit         string `json:"edit"`
				ReplaysToEnd bool   `json:"replays_to_end"`
				PliesAfter   int    `json:"plies_replayed_after"`
			} `json:"repairs"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Findings) != 2 || g.Findings[0].Repairs != nil || g.Findings[1].Repairs == nil {
		t.Fatalf("findings %s", lines[0])
	}
	reps := *g.Findings[1].Repairs
	if len(reps) < 2 || reps[0].Move != "e3-f4" || reps[0].Edit != "square" || !reps[0].ReplaysToEnd || reps[0].PliesAfter != 56 || reps[1].ReplaysToEnd {
		t.Errorf("repairs %+v", reps)
	}
	if !strings.Contains(lines[0], `"repairs":[{"move":"e3-f4","edit":"square","replays_to_end":true,"plies_replayed_after":56},`) {
		t.Errorf("JSON %s", lines[0])
	}
}

// damka clean --repair writes every game whose repair is certain as the
// original game, with a comment at each move changed; the other goes to
// the rejects with its suggestions. Without --repair nothing is mended.
func TestCleanRepair(t *testing.T) {
	dir := t.TempDir()
	clean, rejects := filepath.Join(dir, "clean.pdn"), filepath.Join(dir, "rejects.pdn")
	_, errOut, code := run(t, "", "clean", "-q", "--repair", slipsFile, "-o", clean, "--rejects", rejects)
	if code != exitFindings || !strings.Contains(errOut, "13 games read: 12 written (11 repaired), 1 rejected") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The original game, cleaned.
	orig := filepath.Join(dir, "orig.pdn")
	var first *pdn.Game
	filepath.WalkDir("../../testdata/corpus/russian", func(path string, d fs.DirEntry, err error) error {
		if err == nil && first == nil && d.Name() == "ussr1947.pdn" {
			first = readPDN(t, path)[0]
		}
		return nil
	})
	if first == nil {
		t.Fatal("no ussr1947.pdn under testdata/corpus/russian")
	}
	if err := os.WriteFile(orig, []byte(first.Raw), 0o644); err != nil {
		t.Fatal(err)
	}
	origClean := filepath.Join(dir, "orig-clean.pdn")
	if _, errOut, code := run(t, "", "clean", "-q", orig, "-o", origClean); code != exitOK {
		t.Fatalf("clean of the original: %s", errOut)
	}
	want := withoutRepairNotes(t, readPDN(t, origClean)[0])
	var notes []string
	for i, g := range readPDN(t, clean) {
		if got := withoutRepairNotes(t, g); got != want {
			t.Errorf("game %d:\n%s\nwant\n%s", i+1, got, want)
		}
		for _, m := range g.Moves {
			for _, c := range m.Comments() {
				notes = append(notes, m.Text+" {"+c+"}")
			}
		}
	}
	// 13 repairs, less the Cyrillic е for e: a look-alike, read as e
	// with a warning, not repaired.
	if len(notes) != 12 {
		t.Errorf("%d repair notes, want 12: %q", len(notes), notes)
	}
	for i, want := range []string{"e3-f4 {damka: repaired, written e3-f5 (a square mistyped)}", "c7-b6 {damka: repaired, this move was left out of the record}"} {
		if k := []int{0, 7}[i]; k >= len(notes) || notes[k] != want {
			t.Errorf("notes %q, want %q", notes, want)
		}
	}
	if out, _, code := run(t, "", "check", "-q", clean); code != exitOK {
		t.Errorf("the cleaned archive has errors:\n%s", out)
	}
	rej, _ := os.ReadFile(rejects)
	if !strings.Contains(string(rej), "illegal_move: a1-h8: there is no piece on a1; did you mean") || !strings.Contains(string(rej), "31. a1-h8") {
		t.Errorf("rejects:\n%s", rej)
	}
	// Without --repair every game is rejected, but the one with a
	// look-alike.
	_, errOut, _ = run(t, "", "clean", "-q", slipsFile, "-o", clean)
	if !strings.Contains(errOut, "13 games read: 1 written, 12 rejected") {
		t.Errorf("without --repair: %s", errOut)
	}
}

// damka export --repair puts the repaired games' moves in the moves
// table and says so in damka.command.
func TestExportRepair(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := run(t, "", "export", "-q", "--repair", slipsFile, "-o", dir)
	// One game cannot be mended: it keeps its error, so the exit status is 1
	// (the data is written all the same).
	if code != exitFindings || !strings.Contains(errOut, "findings: 1 illegal_move, 12 variant_inferred, 12 repaired, 1 cyrillic_letter") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "moves.parquet (792 rows)") {
		t.Errorf("rows: %s", errOut)
	}
	var opts ExportOptions
	flags := pflag.NewFlagSet("export", pflag.ContinueOnError)
	opts.AddFlags(flags)
	if err := flags.Parse([]string{"--repair", "-o", "out"}); err != nil {
		t.Fatal(err)
	}
	if got := pipeline.CommandLine("export", opts.shape.flags(), []string{"x.pdn"}); got != "export --format parquet --repair x.pdn" {
		t.Errorf("damka.command %q", got)
	}
}
