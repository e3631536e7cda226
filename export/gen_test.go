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
// fixed seed: legal moves chosen at random (randomMove), up to 100 plies,
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
			m, text := randomMove(rng, v, &p, buf)
			if ply%2 == 0 {
				fmt.Fprintf(&moves, "%d. ", ply/2+1)
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

// randomMove draws one of the legal moves ms of p and writes it: with
// every landing square, a capture abbreviated one time in three when
// that is unambiguous (Short). A capture no notation tells apart from
// another (a king's capture of one piece, "d8:h4", written as a longer
// capture from d8 to h4 abbreviates) is not drawn: the first move of ms
// whose full form means it alone is played instead, so that every game
// replays and the games before one such draw stay as they were.
func randomMove(rng *rand.Rand, v draughts.Variant, p *draughts.Position, ms []draughts.Move) (draughts.Move, string) {
	m := ms[rng.IntN(len(ms))]
	text := m.String()
	if m.IsCapture() && rng.IntN(3) == 0 {
		text = v.Short(p, &m, draughts.Algebraic)
	}
	if !m.IsCapture() || unambiguous(v, p, text) {
		return m, text
	}
	for _, o := range ms {
		if text := o.String(); unambiguous(v, p, text) {
			return o, text
		}
	}
	panic("randomMove: no legal move of " + p.FEN() + " can be written unambiguously")
}

// unambiguous reports whether text means one move of p (the moves it can mean
// all lead to one position).
func unambiguous(v draughts.Variant, p *draughts.Position, text string) bool {
	groups, err := v.Match(p, text)
	return err == nil && len(groups) == 1
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

// Every move randomMove writes means that move alone. A king's capture
// of one piece has no other way to be written than start and end, the
// abbreviated form of a longer capture between the same squares: in
// W:WKd8:BKh2,b4,d4,g5,b6 "d8:h4" is d8:h4 (g5 taken) or d8:a5:c3:f6:h4
// (four pieces), and game 53116 of randomArchive(100000, 1) wrote it so,
// which no reader can replay (issue 44, item 11).
func TestRandomMoveUnambiguous(t *testing.T) {
	v := draughts.Russian
	for _, fen := range []string{"W:WKd8:BKh2,b4,d4,g5,b6", "W:WKe1:Bd2,f2,f4,d4,b4"} {
		p, err := v.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		ms := v.Moves(&p, nil)
		for seed := range uint64(200) {
			m, text := randomMove(rand.New(rand.NewPCG(seed, 1)), v, &p, ms)
			groups, err := v.Match(&p, text)
			if err != nil || len(groups) != 1 || !groups[0][0].SameResult(&m) {
				t.Fatalf("%s, seed %d: %s written %q, which can mean %d moves (%v)", fen, seed, m, text, len(groups), err)
			}
		}
	}
}
