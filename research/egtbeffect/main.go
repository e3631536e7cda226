// Command egtbeffect measures what the endgame databases change in
// damka analyze (issue 24): it analyses the held-out half of the master
// games of testdata/corpus/russian (the games of odd 1-based index in
// each file, as research/verdicts takes them) through the pipeline
// damka analyze runs, once without databases and once with the tables of
// -egtb, and prints how many positions fall within the databases'
// material, how many positions the searches find in them, and every ply
// whose verdict or score changes. -control compares two runs without
// databases instead, which must agree (the analysis is deterministic).
//
// At the repository's root (the default paths name its files), after
// make research, which builds the tools of research/ into bin/research:
//
//	bin/research/egtbeffect -egtb DIR [-depth 8] [-j 2]
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
)

func main() {
	corpus := flag.String("corpus", "testdata/corpus/russian", "the master games")
	dir := flag.String("egtb", "", "folder of the endgame databases (required)")
	depth := flag.Int("depth", analyze.DefaultDepth, "analysis depth")
	jobs := flag.Int("j", 2, "games analysed at once")
	control := flag.Bool("control", false, "compare two runs without databases instead (they must agree)")
	only := flag.Int("game", 0, "only the held-out game of this index in each file (0: every one)")
	flag.Parse()
	if err := run(*corpus, *dir, *depth, *jobs, *control, *only); err != nil {
		fmt.Fprintln(os.Stderr, "egtbeffect:", err)
		os.Exit(1)
	}
}

func run(corpus, dir string, depth, jobs int, control bool, only int) error {
	db, err := egtb.Open(dir, draughts.Russian)
	if err != nil {
		return err
	}
	if db.MaxPieces() == 0 {
		return fmt.Errorf("no database in %s", dir)
	}
	var names []string
	err = filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pdn") {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		return err
	}
	slices.Sort(names)
	var games []*pdn.Game
	for _, name := range names {
		err := input.ReadFile(name, func(g *pdn.Game, _ error) error {
			if g.Index%2 == 1 && (only == 0 || g.Index == only) {
				games = append(games, g)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	without := analyse(games, analyze.Options{Depth: depth}, jobs)
	wopts := analyze.Options{Depth: depth, Tablebase: counting{db}}
	if control {
		wopts.Tablebase = nil
	}
	with := analyse(games, wopts, jobs)
	plies, within, changed, classes := 0, 0, 0, 0
	for gi := range games {
		a, b := without[gi], with[gi]
		for i := range a.Analysis.Len() {
			plies++
			pl := &a.Report.Plies[i]
			if pl.Before.Occupied().PopCount() <= db.MaxPieces() {
				within++
			}
			ea, eb := a.Analysis.Ply(i), b.Analysis.Ply(i)
			if ea.Class == eb.Class && ea.Before == eb.Before && ea.After == eb.After {
				continue
			}
			changed++
			if ea.Class != eb.Class {
				classes++
			}
			fmt.Printf("%s game %d ply %d (%s, %d pieces): %s %s -> %s, then %s %s -> %s\n",
				filepath.Base(games[gi].File), games[gi].Index, pl.Ply, pl.Move.String(), pl.Before.Occupied().PopCount(),
				ea.Class, ea.Before, ea.After, eb.Class, eb.Before, eb.After)
		}
	}
	fmt.Printf("%d games, %d plies analysed at depth %d; %d positions of %d pieces or fewer before the move; %d positions found in the databases during the searches; %d plies changed (score or class), %d classes changed\n",
		len(games), plies, depth, within, db.MaxPieces(), hits.Load(), changed, classes)
	return nil
}

// analyse runs the pipeline of damka analyze on every game, jobs at once.
func analyse(games []*pdn.Game, opts analyze.Options, jobs int) []*pipeline.Result {
	pl := pipeline.New(pipeline.Options{Analysis: &opts})
	out := make([]*pipeline.Result, len(games))
	var wg sync.WaitGroup
	next := make(chan int)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pr := pl.NewProcessor()
			for i := range next {
				res := &pipeline.Result{}
				pr.Process(res, pipeline.Input{Game: games[i]})
				out[i] = res
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// hits counts the positions the searches found in the databases.
var hits atomic.Int64

// counting is the databases, counting what they are asked and have.
type counting struct{ db *egtb.DB }

func (c counting) Probe(p *draughts.Position) (egtb.WDL, bool) {
	w, ok := c.db.Probe(p)
	if ok {
		hits.Add(1)
	}
	return w, ok
}
