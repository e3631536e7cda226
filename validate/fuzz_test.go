package validate

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
)

// FuzzGame replays whatever the reader makes of any input: replay must
// never panic, and its findings must be located.
func FuzzGame(f *testing.F) {
	files, _ := filepath.Glob("../testdata/validate/*.pdn")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(string(data))
		}
	}
	if data, err := os.ReadFile(testdata + "repair/slips.pdn"); err == nil {
		f.Add(string(data[:min(len(data), 4000)]))
	}
	if data, err := os.ReadFile(testdata + "oracle/mutated.pdn"); err == nil {
		f.Add(string(data[:min(len(data), 4000)]))
	}
	f.Fuzz(func(t *testing.T, text string) {
		r := pdn.NewReader(strings.NewReader(text), "fuzz.pdn")
		for {
			g, err := r.Next()
			if err == io.EOF || g == nil {
				return
			}
			rep := Game(g, Options{LookaheadBudget: 2000})
			for _, f := range rep.Findings {
				if f.Kind == "" || f.Message == "" || (f.Ply > 0 && f.Move == "" && f.Kind != WrongResult) {
					t.Fatalf("bad finding %+v", f)
				}
			}
			if len(rep.Plies) > len(g.Moves) {
				t.Fatalf("%d plies from %d moves", len(rep.Plies), len(g.Moves))
			}
			// Repairs never leave an error, and add at most a move each.
			rep = Game(g, Options{LookaheadBudget: 2000, RepairBudget: 2000, Repair: true})
			if len(rep.Repairs) > 0 && rep.Findings.Errors() > 0 {
				t.Fatalf("repaired with an error: %+v", rep.Findings.FirstError())
			}
			if len(rep.Repairs) > MaxRepairs || len(rep.Plies) > len(g.Moves)+len(rep.Repairs) {
				t.Fatalf("%d repairs, %d plies from %d moves", len(rep.Repairs), len(rep.Plies), len(g.Moves))
			}
			for _, f := range rep.Findings {
				if f.Kind == "" || f.Message == "" || (f.Ply > 0 && f.Move == "" && f.Kind != WrongResult) {
					t.Fatalf("bad finding %+v", f)
				}
			}
		}
	})
}
