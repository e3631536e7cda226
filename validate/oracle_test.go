package validate

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
)

const testdata = "../testdata/"

func readGames(t testing.TB, path string) []*pdn.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pdn.NewReader(f, path)
	var out []*pdn.Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return out
		}
		if g == nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, g)
	}
}

// The oracle's 100 random games replay with no finding at all.
func TestOracleGamesClean(t *testing.T) {
	games := readGames(t, testdata+"oracle/games.pdn")
	if len(games) != 100 {
		t.Fatalf("%d games, want 100", len(games))
	}
	for _, g := range games {
		r := Game(g, Options{})
		if len(r.Findings) > 0 {
			t.Errorf("game %d: %+v", g.Index, r.Findings)
		}
		if len(r.Plies) != len(g.Moves) {
			t.Errorf("game %d: %d plies replayed of %d", g.Index, len(r.Plies), len(g.Moves))
		}
	}
}

// Each game of mutated.pdn has one planted defect; the first error
// finding must be it, at the ply the oracle gives.
func TestOracleMutated(t *testing.T) {
	games := readGames(t, testdata+"oracle/mutated.pdn")
	f, err := os.Open(testdata + "oracle/mutated.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		idx, _ := strconv.Atoi(fields[0])
		ply, _ := strconv.Atoi(fields[1])
		kind := Kind(fields[2])
		r := Game(games[idx-1], Options{})
		first := r.Findings.FirstError()
		if first == nil {
			t.Errorf("game %d: no error, want %s at ply %d", idx, kind, ply)
			continue
		}
		if first.Kind != kind || first.Ply != ply {
			t.Errorf("game %d: first error %s at ply %d (%s), want %s at ply %d", idx, first.Kind, first.Ply, first.Message, kind, ply)
		}
		n++
	}
	if n != 100 {
		t.Errorf("%d cases, want 100", n)
	}
}
