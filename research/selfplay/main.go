// Command selfplay plays games of Russian or International draughts
// (-variant) with damka's own search (internal/selfplay says how openings
// are drawn and games played), for fitting the evaluation.
//
// With -data DIR it adds the next chunk to the training data set in DIR
// (internal/traindata; make train-data): -chunk-games games, the chunk's
// openings avoiding those of the chunks before it. Finished games go to
// DIR/.chunk-K.partial as they end, so that a run stopped and started
// again with the same settings plays only the missing games; the chunk's
// files and its manifest line are written when every game is done.
//
// With -o FILE.tsv.gz it writes -games games (make selfplay, make fit;
// analyze's TestFitEval and TestFitPatterns): per game a line "# game I
// result R plies N" (R White's score: 1, 0.5 or 0), then one line per
// position before a move: "R<TAB>ply<TAB>FEN".
//
// At the repository's root (the default paths name its files), after
// make research, which builds the tools of research/ into bin/research:
//
//	bin/research/selfplay -variant international -depth 6 -data testdata/train/international
package main

import (
	"bufio"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/traindata"
	"github.com/damka/damka/research/internal/selfplay"
)

type config struct {
	v          draughts.Variant
	games      int
	depth      int
	random     int
	maxPly     int
	seed       uint64
	jobs       int
	openings   string
	version    string
	chunkGames int
}

func main() {
	var c config
	flag.IntVar(&c.games, "games", 6000, "games to play (with -o)")
	flag.IntVar(&c.chunkGames, "chunk-games", 1000, "games of a chunk (with -data)")
	flag.IntVar(&c.depth, "depth", 6, "search depth of every move")
	flag.IntVar(&c.random, "random", 8, "random plies of the opening")
	flag.IntVar(&c.maxPly, "maxply", 240, "plies after which a game is a draw")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	flag.IntVar(&c.jobs, "j", runtime.GOMAXPROCS(0), "games played at once")
	flag.StringVar(&c.openings, "openings", "", "PDN files (comma-separated) whose games of even index give the openings of every other game")
	flag.StringVar(&c.version, "version", "", "version of this tool, for the manifest (make passes git describe)")
	out := flag.String("o", "", "output file (.tsv.gz)")
	data := flag.String("data", "", "training data folder: add its next chunk")
	variant := flag.String("variant", "russian", "rules of the games: russian or international")
	flag.Parse()
	switch *variant {
	case "russian":
		c.v = draughts.Russian
	case "international":
		c.v = draughts.International
	default:
		usage("-variant is russian or international, not %q", *variant)
	}
	if (*out == "") == (*data == "") {
		usage("give one of -o and -data")
	}
	masters, err := selfplay.MasterLines(c.v, c.openings)
	if err != nil {
		fatal(err)
	}
	if len(masters) > 0 {
		fmt.Fprintf(os.Stderr, "%d master games for the openings\n", len(masters))
	}
	if *data != "" {
		err = chunk(c, *data, masters)
	} else {
		err = tsv(c, *out, masters)
	}
	if err != nil {
		fatal(err)
	}
}

// playAll plays the games of the openings ops (those not done), jobs at a
// time, and calls done with each in the order of ops.
func playAll(c config, ops []selfplay.Opening, skip func(i int) bool, done func(traindata.Game) error) error {
	results := make([]chan traindata.Game, len(ops))
	for i := range results {
		results[i] = make(chan traindata.Game, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(c.jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] <- selfplay.Play(c.v, ops[i], c.depth, c.maxPly)
			}
		}()
	}
	go func() {
		for i := range ops {
			if !skip(i) {
				next <- i
			}
		}
		close(next)
	}()
	defer wg.Wait()
	for i := range ops {
		if skip(i) {
			continue
		}
		if err := done(<-results[i]); err != nil {
			// Let the workers finish what they hold.
			go func() {
				for j := i + 1; j < len(ops); j++ {
					if !skip(j) {
						<-results[j]
					}
				}
			}()
			return err
		}
	}
	return nil
}

// chunk adds the next chunk to the data set in dir.
func chunk(c config, dir string, masters [][]draughts.Position) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := traindata.ReadManifest(dir)
	if err != nil {
		return err
	}
	k := len(entries)
	e := traindata.Entry{Chunk: k, Variant: c.v.String(), Seed: c.seed, First: k * c.chunkGames, Games: c.chunkGames,
		Depth: c.depth, Random: c.random, MaxPly: c.maxPly, Openings: c.openings, Version: c.version}
	for _, old := range entries {
		if old.Seed != e.Seed || old.Games != e.Games || old.Variant != e.Variant {
			return fmt.Errorf("%s: chunk %d was made with seed %d, %d games, %s; this run: seed %d, %d games, %s",
				dir, old.Chunk, old.Seed, old.Games, old.Variant, e.Seed, e.Games, e.Variant)
		}
	}
	start := time.Now()
	ops := selfplay.NewOpenings(c.v, c.seed, c.random, masters)
	for _, old := range entries {
		games, err := traindata.ReadChunk(dir, c.v, old.Chunk)
		if err != nil {
			return err
		}
		for _, g := range games {
			ops.Avoid(g.Start)
		}
	}
	opens := make([]selfplay.Opening, c.chunkGames)
	for i := range opens {
		opens[i] = ops.Draw(e.First + i)
	}
	fmt.Fprintf(os.Stderr, "chunk %d: %d openings drawn (%.0fs)\n", k, len(opens), time.Since(start).Seconds())

	partial := filepath.Join(dir, fmt.Sprintf(".chunk-%d.partial", k))
	header := strings.Join(e.Settings(), "\t")
	done, err := readPartial(partial, header, c.v)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if len(done) == 0 {
		if err := f.Truncate(0); err != nil {
			return err
		}
		if _, err := fmt.Fprintln(f, header); err != nil {
			return err
		}
	}
	n := len(done)
	// Which games are done, read by playAll's feeder while done grows.
	skip := make([]bool, len(opens))
	for i := range opens {
		_, skip[i] = done[e.First+i]
	}
	err = playAll(c, opens, func(i int) bool { return skip[i] }, func(g traindata.Game) error {
		done[g.Index] = g
		n++
		if n%100 == 0 {
			fmt.Fprintf(os.Stderr, "chunk %d: %d of %d games (%.0fs)\n", k, n, len(opens), time.Since(start).Seconds())
		}
		_, err := f.WriteString(partialLine(g))
		return err
	})
	if err != nil {
		return err
	}
	games := make([]traindata.Game, len(opens))
	for i := range games {
		games[i] = done[e.First+i]
	}
	if err := traindata.WriteChunk(dir, c.v, &e, games); err != nil {
		return err
	}
	f.Close()
	os.Remove(partial)
	fmt.Fprintf(os.Stderr, "chunk %d: %d games (White won %d, drew %d, lost %d), %d positions in %.0fs\n",
		k, e.Games, e.White, e.Draw, e.Black, e.Positions, time.Since(start).Seconds())
	return nil
}

// partialLine is a finished game as a line of a .partial file: index,
// White's score, reason, opening FEN, moves, scores.
func partialLine(g traindata.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\t%g\t%s\t%s\t", g.Index, g.White, g.Reason, g.Start.FEN())
	for i := range g.Moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.Moves[i].String())
	}
	b.WriteByte('\t')
	for i, s := range g.Scores {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(s)))
	}
	b.WriteByte('\n')
	return b.String()
}

// readPartial reads the games a stopped run finished; a cut last line is
// dropped (the file is truncated to the lines read).
func readPartial(name, header string, v draughts.Variant) (map[int]traindata.Game, error) {
	done := map[int]traindata.Game{}
	b, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return done, nil
	}
	if err != nil {
		return nil, err
	}
	lines := strings.SplitAfter(string(b), "\n")
	if len(lines) == 0 || strings.TrimSuffix(lines[0], "\n") != header {
		return nil, fmt.Errorf("%s: made with other settings (%q); remove it to start the chunk again", name, strings.TrimSuffix(lines[0], "\n"))
	}
	kept := len(lines[0])
	for i, line := range lines[1:] {
		if !strings.HasSuffix(line, "\n") {
			break
		}
		g, err := parsePartial(strings.TrimSuffix(line, "\n"), v)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+2, err)
		}
		done[g.Index] = g
		kept += len(line)
	}
	if kept < len(b) {
		if err := os.Truncate(name, int64(kept)); err != nil {
			return nil, err
		}
	}
	return done, nil
}

func parsePartial(line string, v draughts.Variant) (traindata.Game, error) {
	f := strings.Split(line, "\t")
	var g traindata.Game
	if len(f) != 6 {
		return g, fmt.Errorf("%d fields, want 6", len(f))
	}
	var err error
	if g.Index, err = strconv.Atoi(f[0]); err != nil {
		return g, err
	}
	if g.White, err = strconv.ParseFloat(f[1], 64); err != nil {
		return g, err
	}
	g.Reason = f[2]
	if g.Start, err = v.ParseFEN(f[3]); err != nil {
		return g, err
	}
	p := g.Start
	for _, text := range strings.Fields(f[4]) {
		var found *draughts.Move
		for _, m := range v.Moves(&p, nil) {
			if m.String() == text {
				found = &m
				break
			}
		}
		if found == nil {
			return g, fmt.Errorf("move %q is not legal in %s", text, p.FEN())
		}
		g.Moves = append(g.Moves, *found)
		p.Make(found)
	}
	for _, s := range strings.Fields(f[5]) {
		x, err := strconv.ParseInt(s, 10, 16)
		if err != nil {
			return g, err
		}
		g.Scores = append(g.Scores, int16(x))
	}
	if len(g.Scores) != len(g.Moves) {
		return g, fmt.Errorf("%d scores for %d moves", len(g.Scores), len(g.Moves))
	}
	return g, nil
}

// tsv writes c.games games to out.
func tsv(c config, out string, masters [][]draughts.Position) error {
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	f, err := os.Create(out + ".tmp")
	if err != nil {
		return err
	}
	defer f.Close()
	z := gzip.NewWriter(f)
	w := bufio.NewWriter(z)
	start := time.Now()
	drawer := selfplay.NewOpenings(c.v, c.seed, c.random, masters)
	var ops []selfplay.Opening
	for i := range c.games {
		if op := drawer.Draw(i); op.OK {
			ops = append(ops, op)
		}
	}
	fmt.Fprintf(os.Stderr, "%d of %d openings balanced and new (%.0fs)\n", len(ops), c.games, time.Since(start).Seconds())
	var score [3]int
	positions, written := 0, 0
	plyOf := map[int]int{}
	for _, op := range ops {
		plyOf[op.Index] = op.Ply
	}
	err = playAll(c, ops, func(int) bool { return false }, func(g traindata.Game) error {
		written++
		score[int(2*g.White)]++
		fmt.Fprintf(w, "# game %d result %g plies %d\n", g.Index, g.White, len(g.Moves))
		p := g.Start
		for k := range g.Moves {
			fmt.Fprintf(w, "%g\t%d\t%s\n", g.White, plyOf[g.Index]+k, p.FEN())
			p.Make(&g.Moves[k])
		}
		positions += len(g.Moves)
		if written%200 == 0 {
			fmt.Fprintf(os.Stderr, "%d games, %d positions, %.0fs\n", written, positions, time.Since(start).Seconds())
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(out+".tmp", out); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s: %d games (White won %d, drew %d, lost %d), %d positions in %.0fs\n",
		out, written, score[2], score[1], score[0], positions, time.Since(start).Seconds())
	return nil
}

func usage(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "selfplay: "+format+"\n", args...)
	os.Exit(2)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "selfplay:", err)
	os.Exit(1)
}
