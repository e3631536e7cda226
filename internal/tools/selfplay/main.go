// Command selfplay plays games of Russian or International draughts
// (-variant) with damka's own search, for fitting the evaluation to their
// results (make selfplay, then make fit, VARIANT=international for 10x10;
// see analyze's TestFitEval).
//
// How a game is made (game i of a run is a function of -seed and i alone,
// so the data do not depend on -j):
//
//   - Opening: -random plies drawn uniformly among the legal moves (one
//     per resulting position), from the start position, with a generator
//     seeded by (seed, i). With -openings, every other game starts instead
//     from a position of a master game of the tuning half (even index in
//     the file; never the held-out half of internal/tools/verdicts), at
//     a ply drawn from 6 to 20, followed by 2 random plies. The opening
//     is drawn again (up to 50 times)
//     while the position after it is not balanced (a depth-4 search
//     scores it beyond ±0.60 for the side to move) or the game ended in
//     it; games whose opening position was met before in the run (in game
//     order) are skipped, so that no two games are the same. The openings
//     are drawn first, so a skipped game is never played (with -openings
//     about half of 30,000 are repeats).
//   - Play: every move is the best move of a search to -depth plies
//     (analyze.Searcher, fresh for every move, 4 MiB of table), so the
//     games are as good as damka plays at that depth.
//   - End: a side without a legal move loses (R-END-1); a draw by rule
//     (R-DRW-1..4, draughts.Tracker) is a draw; a search that proves a
//     forced win or loss ends the game with that result; after -maxply
//     plies the game is adjudicated a draw.
//
// Output (gzip): per game a line "# game I result R plies N" (R White's
// score: 1, 0.5 or 0), then one line per position from the end of the
// opening on: "R<TAB>ply<TAB>FEN", the position before each move.
//
//	go run ./internal/tools/selfplay -games 6000 -o ~/.cache/damka/selfplay.tsv.gz
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

type game struct {
	index  int
	skip   bool // no balanced opening found
	open   draughts.Position
	result float64 // White's score
	fens   []string
	plies  []int
	// The opening as drawn: its position is open, its ply startPly, and
	// tr the draw rules' state after it.
	startPly int
	tr       *draughts.Tracker
}

func main() {
	games := flag.Int("games", 6000, "games to play")
	depth := flag.Int("depth", 6, "search depth of every move")
	random := flag.Int("random", 8, "random plies of the opening")
	maxPly := flag.Int("maxply", 240, "plies after which a game is a draw")
	seed := flag.Uint64("seed", 1, "seed of the openings")
	jobs := flag.Int("j", runtime.GOMAXPROCS(0), "games played at once")
	openings := flag.String("openings", "", "PDN files (comma-separated) whose games of even index give the openings of every other game")
	out := flag.String("o", "", "output file (.tsv.gz)")
	variant := flag.String("variant", "russian", "rules of the games: russian or international")
	flag.Parse()
	var v draughts.Variant
	switch *variant {
	case "russian":
		v = draughts.Russian
	case "international":
		v = draughts.International
	default:
		fmt.Fprintf(os.Stderr, "selfplay: -variant is russian or international, not %q\n", *variant)
		os.Exit(2)
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "selfplay: -o is required")
		os.Exit(2)
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		fatal(err)
	}
	f, err := os.Create(*out + ".tmp")
	if err != nil {
		fatal(err)
	}
	z := gzip.NewWriter(f)
	w := bufio.NewWriter(z)

	for _, name := range strings.Split(*openings, ",") {
		if name == "" {
			continue
		}
		err := input.ReadFile(name, func(g *pdn.Game, _ error) error {
			if g.Index%2 == 1 {
				return nil // the held-out half
			}
			r := validate.Game(g, validate.Options{Variant: v})
			var line []draughts.Position
			for _, pl := range r.Plies {
				line = append(line, pl.Before)
			}
			if len(line) > 20 {
				masterLines = append(masterLines, line)
			}
			return nil
		})
		if err != nil {
			fatal(err)
		}
	}
	if len(masterLines) > 0 {
		fmt.Fprintf(os.Stderr, "%d master games for the openings\n", len(masterLines))
	}
	// The openings first (cheap, in parallel), then the games of those
	// that are balanced and not met before in game order: a repeated
	// opening is never played.
	start := time.Now()
	opens := parallel(*games, *jobs, func(i int) game { return opening(v, i, *seed, *random) })
	seen := map[draughts.Position]bool{}
	var todo []game
	for _, g := range opens {
		if g.skip || seen[g.open] {
			continue
		}
		seen[g.open] = true
		todo = append(todo, g)
	}
	fmt.Fprintf(os.Stderr, "%d of %d openings balanced and new (%.0fs)\n", len(todo), *games, time.Since(start).Seconds())
	results := make([]chan game, len(todo))
	for i := range results {
		results[i] = make(chan game, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(*jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] <- play(v, todo[i], *depth, *maxPly)
			}
		}()
	}
	go func() {
		for i := range todo {
			next <- i
		}
		close(next)
	}()
	var score [3]int
	positions, written := 0, 0
	for i := range results {
		g := <-results[i]
		written++
		score[int(2*g.result)]++
		fmt.Fprintf(w, "# game %d result %g plies %d\n", g.index, g.result, len(g.fens))
		for k := range g.fens {
			fmt.Fprintf(w, "%g\t%d\t%s\n", g.result, g.plies[k], g.fens[k])
		}
		positions += len(g.fens)
		if written%200 == 0 {
			fmt.Fprintf(os.Stderr, "%d games, %d positions, %.0fs\n", written, positions, time.Since(start).Seconds())
		}
	}
	wg.Wait()
	if err := w.Flush(); err != nil {
		fatal(err)
	}
	if err := z.Close(); err != nil {
		fatal(err)
	}
	if err := f.Close(); err != nil {
		fatal(err)
	}
	if err := os.Rename(*out+".tmp", *out); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "wrote %s: %d games (White won %d, drew %d, lost %d), %d positions in %.0fs\n",
		*out, written, score[2], score[1], score[0], positions, time.Since(start).Seconds())
}

// masterLines are the positions of the master games that give openings.
var masterLines [][]draughts.Position

// parallel returns f(0), ..., f(n-1), computed by jobs goroutines.
func parallel(n, jobs int, f func(int) game) []game {
	out := make([]game, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// opening draws the opening of game i.
func opening(v draughts.Variant, i int, seed uint64, random int) game {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	probe := analyze.NewSearcher(v, analyze.Options{Depth: 4, TTSize: 1})
	g := game{index: i, skip: true}
	var p draughts.Position
	var tr *draughts.Tracker
	startPly := random
	for try := 0; try < 50 && g.skip; try++ {
		p = draughts.Start(v)
		n := random
		startPly = random
		if len(masterLines) > 0 && i%2 == 1 {
			line := masterLines[rng.IntN(len(masterLines))]
			k := 6 + rng.IntN(15)
			p, n, startPly = line[k], 2, k+2
		}
		tr = draughts.NewTracker(&p)
		ok := true
		for ply := 0; ply < n; ply++ {
			ms := v.UniqueMoves(&p, nil)
			if len(ms) == 0 {
				ok = false
				break
			}
			m := ms[rng.IntN(len(ms))]
			before := p
			p.Make(&m)
			if tr.Push(&before, &m, &p) != draughts.NoDraw {
				ok = false
				break
			}
		}
		if !ok || !v.HasMoves(&p) {
			continue
		}
		if sc := probe.Search(&p).Score; sc > 60 || sc < -60 {
			continue
		}
		g.skip = false
	}
	g.open, g.startPly, g.tr = p, startPly, tr
	return g
}

// play plays the game from its opening g.
func play(v draughts.Variant, g game, depth, maxPly int) game {
	p, tr := g.open, g.tr
	s := analyze.NewSearcher(v, analyze.Options{Depth: depth, TTSize: 4})
	g.result = 0.5
	for ply := g.startPly; ; ply++ {
		if !v.HasMoves(&p) {
			g.result = 1 // the side to move loses
			if p.Side == draughts.White {
				g.result = 0
			}
			break
		}
		if ply >= maxPly {
			break
		}
		g.fens = append(g.fens, p.FEN())
		g.plies = append(g.plies, ply)
		r := s.Search(&p)
		if r.Score.IsDecisive() {
			win := r.Score.IsWin() == (p.Side == draughts.White)
			g.result = 0
			if win {
				g.result = 1
			}
			break
		}
		before := p
		p.Make(&r.Best)
		if tr.Push(&before, &r.Best, &p) != draughts.NoDraw {
			break
		}
	}
	return g
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "selfplay:", err)
	os.Exit(1)
}
