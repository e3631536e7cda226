package main

import (
	"fmt"
	"io"
	"os"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// calibPosition is a position of a master game and the game's result.
type calibPosition struct {
	fen    string
	white  bool    // White is to move
	result float64 // White's score: 1, 0.5 or 0
}

// calibPositions are the positions of the games of cfg's split that have
// a result, one in every plies from ply 10 on (each game up to its first
// error).
func calibPositions(cfg *config, every int) ([]calibPosition, int, error) {
	var out []calibPosition
	games := 0
	err := input.ReadFile(cfg.heldOutFile, func(g *pdn.Game, _ error) error {
		r := validate.Game(g, validate.Options{Variant: cfg.variant})
		res, ok := validate.WhiteScore(r.Result)
		if !ok {
			return nil
		}
		games++
		n := len(r.Plies)
		for _, f := range r.Findings {
			if f.Severity == validate.Error && f.Ply > 0 && f.Ply-1 < n {
				n = f.Ply - 1
			}
		}
		for i := 10; i < n; i += every {
			p := r.Plies[i].Before
			out = append(out, calibPosition{p.FEN(), p.Side == draughts.White, res})
		}
		return nil
	})
	return out, games, err
}

// calibrate fits the slope k of the winning-chances curve of each
// reference to the results of the games of cfg's split: the -engine at
// -engine-depth and every -bin at each of -depths (0: 8, the default),
// each searching one position in every from ply 10 on with damka eval or
// the engine (cached as the reference searches are). k minimises the mean squared error between the
// expected score (1+chances)/2 and the game's result over the positions
// whose score is not decisive. It says whether one curve (k = 0.006, fitted
// to damka's Russian scores) reads every engine's scores alike: an engine
// whose scores run larger needs a smaller k for the same chances.
func calibrate(cfg *config, every int, w io.Writer) error {
	if err := os.MkdirAll(cfg.cacheDir, 0o755); err != nil {
		return err
	}
	if err := cfg.writeHeldOut(); err != nil {
		return err
	}
	pos, games, err := calibPositions(cfg, every)
	if err != nil {
		return err
	}
	type subject struct {
		bin   *damkaBin
		depth int
	}
	var subjects []subject
	for _, b := range cfg.bins {
		for _, d := range cfg.depths {
			if d == 0 {
				d = analyze.DefaultDepth
			}
			subjects = append(subjects, subject{b, d})
		}
	}
	if cfg.ref != nil && cfg.ref.hub {
		subjects = append(subjects, subject{cfg.ref, cfg.engineDepth})
	}
	for _, s := range subjects {
		if s.bin.fp == "" {
			if err := s.bin.identify(cfg); err != nil {
				return err
			}
		}
	}
	refs, err := openRefs(cfg)
	if err != nil {
		return err
	}
	defer refs.close()
	for _, s := range subjects {
		for _, p := range pos {
			refs.want(s.bin, p.fen, s.depth)
		}
	}
	if err := refs.searchAll(cfg); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: %d %s master games with a result, one position in %d from ply 10 on (%d positions). k fitted to the results: the slope of the winning-chances curve 2/(1+exp(-k*s))-1 that minimises the mean squared error between (1+chances)/2 and White's score; positions with a decisive score left out.\n\n",
		cfg.variant.Title(), games, cfg.split, every, len(pos))
	var suggested []string
	fmt.Fprintln(w, "| reference | depth | positions | best k | error at best k | at k = 0.006 | at k = 0 |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, s := range subjects {
		var fit analyze.CurveFit
		for _, p := range pos {
			r := refs.known[keyOf(s.bin, cfg.variant, cfg.tt, p.fen, s.depth)]
			if r.score.IsDecisive() {
				continue
			}
			e := float64(r.score)
			if !p.white {
				e = -e
			}
			fit.Add(e, p.result)
		}
		k, best := fit.Fit()
		name := s.bin.name
		if s.bin.hub {
			name = s.bin.engine
		}
		fmt.Fprintf(w, "| %s | %d | %d | %.5f | %.4f | %.4f | %.4f |\n", name, s.depth, fit.Len(), k, best,
			fit.Error(analyze.WinningChancesK), fit.Error(0))
		if s.bin.hub {
			suggested = append(suggested, fmt.Sprintf("%s at depth %d: damka analyze --engine '%s hub' --engine-depth %d --engine-k %.5f", name, s.depth, s.bin.path, s.depth, k))
		}
	}
	for _, l := range suggested {
		fmt.Fprintf(w, "\nSuggested for %s\n", l)
	}
	return nil
}
