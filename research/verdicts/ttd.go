package main

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/hub"
)

// timeToDepth times damka eval (the last -bin) and the engine on n
// middlegame positions of the held-out games to each depth, one thread
// each, runs alternating, best of cfg.rounds (at least 2), and prints
// the table: seconds for all positions and damka's time over the engine's,
// and the nodes each searched with their ratio (a measure of the tree's
// shape that the load of the machine does not touch; "-" where the engine
// reports none: Scan 2.0 writes no info line below depth 12).
func timeToDepth(cfg *config, depths []int, n int) error {
	if err := cfg.writeHeldOut(); err != nil {
		return err
	}
	b := cfg.bins[len(cfg.bins)-1]
	fens, err := middlegames(cfg, b, n)
	if err != nil {
		return err
	}
	e, err := startHub(cfg.ref.path, []string{"hub"}, filepath.Dir(cfg.ref.path))
	if err != nil {
		return err
	}
	defer e.Close()
	fmt.Printf("%s: %d middlegame positions of the held-out games (plies 30 to 70, at least 24 pieces, a choice of moves; fixed pseudo-random choice, seed %d). damka eval -j 1 --tt %d (%s) against %s (%s), one thread each; seconds for all positions, best of %d runs alternating.\n\n",
		cfg.variant.Title(), len(fens), cfg.seed, cfg.tt, b.path, e.Name, cfg.ref.path, max(cfg.rounds, 2))
	fmt.Println("| depth | damka s | engine s | damka / engine | damka nodes | engine nodes | damka / engine |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, d := range depths {
		var ours, theirs time.Duration
		var ourNodes, theirNodes uint64
		counted := true
		for r := 0; r < max(cfg.rounds, 2); r++ {
			start := time.Now()
			lines, err := evalFENs(b, cfg.variant, d, cfg.tt, fens)
			if err != nil {
				return err
			}
			if t := time.Since(start); r == 0 || t < ours {
				ours = t
			}
			ourNodes = 0
			for _, l := range lines {
				f := strings.Split(l, "\t")
				if len(f) < 7 {
					return fmt.Errorf("%s eval: line %q", b.name, l)
				}
				n, err := strconv.ParseUint(f[6], 10, 64)
				if err != nil {
					return fmt.Errorf("%s eval: nodes in %q: %v", b.name, l, err)
				}
				ourNodes += n
			}
			start = time.Now()
			theirNodes, counted = 0, true
			for _, f := range fens {
				p, err := cfg.variant.ParseFEN(f)
				if err != nil {
					return err
				}
				// Analyse clears the engine's tables ("new"): every
				// position is searched afresh, as damka eval does.
				a, err := e.Analyse(&p, hub.Limits{Depth: d})
				var ae *hub.AnswerError
				switch {
				case errors.As(err, &ae) && ae.NoScore:
					counted = false
				case err != nil:
					return err
				}
				theirNodes += a.Nodes
			}
			if t := time.Since(start); r == 0 || t < theirs {
				theirs = t
			}
		}
		nodes := "| - | - |"
		if counted && theirNodes > 0 {
			nodes = fmt.Sprintf("| %d | %.2f |", theirNodes, float64(ourNodes)/float64(theirNodes))
		}
		fmt.Printf("| %d | %.2f | %.2f | %.2f | %d %s\n", d, ours.Seconds(), theirs.Seconds(), ours.Seconds()/theirs.Seconds(), ourNodes, nodes)
	}
	return nil
}

// middlegames picks n positions of the held-out games: plies 30 to 70,
// at least 24 pieces on the board, more than one legal move; a fixed
// pseudo-random choice (cfg.seed). The games are replayed by damka
// analyze at depth 1.
func middlegames(cfg *config, b *damkaBin, n int) ([]string, error) {
	a := &analysis{bin: b, depth: 1, speed: map[int]float64{}}
	if err := a.analyse(cfg, 1, true); err != nil {
		return nil, err
	}
	type pick struct {
		h   uint64
		fen string
	}
	var ps []pick
	for _, r := range a.rows {
		_, plyText, _ := strings.Cut(r.key[strings.LastIndex(r.key, "#"):], ":")
		ply, _ := strconv.Atoi(plyText)
		if ply < 30 || ply > 70 || r.legal < 2 {
			continue
		}
		p, err := cfg.variant.ParseFEN(r.fen)
		if err != nil {
			return nil, err
		}
		if (p.Pieces[draughts.White] | p.Pieces[draughts.Black]).PopCount() < 24 {
			continue
		}
		sum := sha256.Sum256(fmt.Appendf(nil, "%d|ttd|%s", cfg.seed, r.key))
		ps = append(ps, pick{binary.BigEndian.Uint64(sum[:8]), r.fen})
	}
	slices.SortFunc(ps, func(x, y pick) int { return cmp.Compare(x.h, y.h) })
	if len(ps) < n {
		fmt.Fprintf(os.Stderr, "only %d middlegame positions\n", len(ps))
		n = len(ps)
	}
	fens := make([]string, n)
	for i := range fens {
		fens[i] = ps[i].fen
	}
	return fens, nil
}
