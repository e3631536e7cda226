package input

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"github.com/damka/damka/pdn"
	"github.com/google/go-cmp/cmp"
)

// testdata is the directory of pdn's hand-made files, one per quirk;
// compressed/ and walk/ are this package's.
const testdata = "../testdata/pdn"

// readFile reads a testdata file with ReadFile.
func readFile(t testing.TB, name string) []*pdn.Game {
	t.Helper()
	var games []*pdn.Game
	err := ReadFile(filepath.Join(testdata, name), func(g *pdn.Game, err error) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// readAll reads the games of r, failing the test on a read error.
func readAll(t testing.TB, r io.Reader) []*pdn.Game {
	t.Helper()
	pr := pdn.NewReader(r, "test")
	var out []*pdn.Game
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return out
		}
		if g == nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
}

// readStringErrsSeq yields the games of b, and stops at a read error.
func readStringErrsSeq(b []byte) func(func(*pdn.Game) bool) {
	return func(yield func(*pdn.Game) bool) {
		r := pdn.NewReader(bytes.NewReader(b), "test")
		for {
			g, _ := r.Next()
			if g == nil || !yield(g) {
				return
			}
		}
	}
}

func noErrors(t *testing.T, games []*pdn.Game) {
	t.Helper()
	for _, g := range games {
		if g.Err != nil {
			t.Errorf("game %d: %v", g.Index, g.Err)
		}
	}
}

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", what, diff)
	}
}
