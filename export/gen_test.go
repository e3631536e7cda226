package export

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// randomArchive writes n random games of Russian draughts as PDN, from a
// fixed seed: legal moves chosen at random (captures written in full, a
// third of them abbreviated when that is unambiguous), up to 100 plies,
// with players drawn from a pool of 500 names, and the result the rules
// give when the game ended, else a random one. Unlike
// repeated real games, no two are alike, so compression gets no help.
func randomArchive(n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 0x64616d6b61))
	v := draughts.Russian
	var sb strings.Builder
	var buf []draughts.Move
	for g := 1; g <= n; g++ {
		fmt.Fprintf(&sb, "[Event \"Random %d\"]\n[Site \"damka\"]\n[Date \"%d.%02d.%02d\"]\n", g/100, 1950+rng.IntN(70), 1+rng.IntN(12), 1+rng.IntN(28))
		fmt.Fprintf(&sb, "[White \"Player %d\"]\n[Black \"Player %d\"]\n", rng.IntN(500), rng.IntN(500))
		p := draughts.Start(v)
		var moves strings.Builder
		ended := false
		for ply := 0; ply < 100; ply++ {
			buf = v.Moves(&p, buf[:0])
			if len(buf) == 0 {
				ended = true
				break
			}
			m := buf[rng.IntN(len(buf))]
			if ply%2 == 0 {
				fmt.Fprintf(&moves, "%d. ", ply/2+1)
			}
			text := m.String()
			if m.IsCapture() && rng.IntN(3) == 0 {
				text = v.Short(&p, &m, draughts.Algebraic)
			}
			moves.WriteString(text)
			moves.WriteByte(' ')
			p = p.Play(&m)
		}
		if !ended && len(v.Moves(&p, buf[:0])) == 0 {
			ended = true // at the 100th ply
		}
		// The result: the rules' when the side to move has no move, else
		// any.
		res := []string{"2-0", "1-1", "0-2"}[rng.IntN(3)]
		if ended {
			res = v.Outcome(&p).String()
		}
		fmt.Fprintf(&sb, "[Result \"%s\"]\n[GameType \"25\"]\n\n", res)
		sb.WriteString(moves.String())
		sb.WriteString(res + "\n\n")
	}
	return sb.String()
}

// randomReports replays randomArchive(n, seed).
func randomReports(t testing.TB, n int, seed uint64) []*validate.Report {
	t.Helper()
	r := pdn.NewReader(strings.NewReader(randomArchive(n, seed)), "random.pdn")
	var out []*validate.Report
	for {
		g, err := r.Next()
		if g == nil {
			break
		}
		if err != nil {
			t.Fatalf("game %d: %v", g.Index, err)
		}
		out = append(out, validate.Game(g, validate.Options{}))
	}
	return out
}

// TestWriteRandomArchive checks what the benchmarks rely on in
// randomArchive: n games read back, no two alike, every one replayed
// without an error (draws by rule aside, which random play reaches). With
// $DAMKA_RANDOM_ARCHIVE set it also writes the archive there, for
// benchmarking the commands: `make random-archive` (n from
// $DAMKA_RANDOM_GAMES, 20000 by default; 300 in the test alone).
func TestWriteRandomArchive(t *testing.T) {
	path := os.Getenv("DAMKA_RANDOM_ARCHIVE")
	n := 300
	if path != "" {
		n = 20000
	}
	if s := os.Getenv("DAMKA_RANDOM_GAMES"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	text := randomArchive(n, 1)
	reports := randomReports(t, n, 1)
	if len(reports) != n {
		t.Fatalf("%d games read back, want %d", len(reports), n)
	}
	seen := map[string]int{}
	for _, r := range reports {
		var moves strings.Builder
		for _, pl := range r.Plies {
			moves.WriteString(pl.Move.String() + " ")
		}
		if prev, ok := seen[moves.String()]; ok {
			t.Errorf("games %d and %d have the same moves", prev, r.Game.Index)
		}
		seen[moves.String()] = r.Game.Index
		if e := r.Findings.FirstError(); e != nil {
			t.Errorf("game %d: %s: %s", r.Game.Index, e.Kind, e.Message)
		}
		if len(r.Plies) != len(r.Game.Moves) {
			t.Errorf("game %d: %d of %d plies replayed", r.Game.Index, len(r.Plies), len(r.Game.Moves))
		}
	}
	if path == "" {
		return
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d games to %s", n, path)
}
