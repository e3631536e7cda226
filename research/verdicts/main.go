// Command verdicts measures how well the verdicts of damka analyze hold
// under a deeper search (issue 16), as a user would check them, by
// running damka binaries: one built from main and the one under test,
// side by side.
//
// The games: the held-out half of the master games in
// testdata/corpus/russian (wiegerw-pdn/succeed/ussr1947.pdn, wiegerw-pdn/fail/abatsiev.pdn): every game whose
// 1-based index in its file is odd (77 + 28 = 105 games, about 5,600
// plies). The games of even index are the tuning half; nothing in damka
// was fitted to the held-out half (see heldOut).
//
// For every binary and depth D (or the binary's default, "default"), the
// tool runs damka analyze --depth D on the held-out games, with -j 1 and
// -j 2, alternating the binaries (plies per second: plies analysed over
// the command's wall time, best of -rounds runs), and reads moves.parquet.
// A move is "serious" when it lost at least MistakeDrop (0.15) of winning
// chances for the mover, was not the best move, and the position had
// more than one move: its class is mistake or blunder, or missed_win
// with that drop (missed_win names the kind of error and takes precedence
// over the drop classes; it is counted by its drop).
//
//   - Precision: of the moves the analysis at D calls serious (all of
//     them, or a fixed pseudo-random subset of -precision), the share
//     that stay serious when both positions are searched 8 plies deeper
//     with damka eval of the same binary (--depth D+8 before the move,
//     D+7 after it, so that both look equally far ahead) and classed by
//     the same rule.
//   - Recall: on a fixed pseudo-random sample of -recall plies with more
//     than one legal move, searched the same way, the share of the
//     deeper search's serious moves that the analysis at D calls serious.
//
// With -stable the reference searches are made one ply deeper as well
// (D+9 before the move, D+8 after it), which says how far the reference
// itself holds: precision against the deeper one, recall against the
// "stable" reference (the moves serious at both depths), and the share of
// the reference's serious moves that stay serious one ply deeper: the
// recall that a search deeper than the reference itself would reach.
//
// Both come with 95% Wilson intervals. Deep searches cost seconds each
// (the old engine's full-width depth 16 takes about 7 s a position), so
// every reference result is cached, keyed by the engine's fingerprint
// (the output of damka eval on fixed positions: any change of the search
// or the evaluation changes its node counts), the transposition table
// size, the position's Zobrist hash and the depth: files under -cache,
// and read-only seeds under -seed (committed: the results behind the
// table of docs/engine.md, so that make verdicts reruns in minutes).
//
// With -engine the reference is an external engine instead (issue 23):
// one speaking the Hub protocol, such as Scan for International draughts
// (see hub.go), searching the position before the move at -engine-depth
// and the one after it a ply less; the same rule classes its verdicts.
// The games are then those of -variant: for International the held-out
// half (odd index) of the master games of
// testdata/corpus/international/wiegerw-pdn/succeed (64 games, about
// 6,600 plies; see internationalMasterFiles). The engine's results are
// cached like damka's, keyed by its fingerprint (hub-...: its file and
// its node counts on the start position); every engine search starts
// from empty tables (Hub "new"), so that an answer is a function of the
// position and the depth. With -time-to-depth the tool times damka eval
// and the engine to fixed depths on middlegame positions of those games
// instead. With -calibrate N it fits instead the slope k of the
// winning-chances curve of the engine (at -engine-depth) and of each
// -bin (damka eval at each of -depths) to the results of the games of
// -split, one position in N from ply 10 on: the k that reads each one's
// scores as chances of the same meaning (-engine PATH,k=K reads the
// engine's verdicts on it; damka's classes come from its own constant,
// analyze.WinningChancesK).
//
// At the repository's root (the default paths name its files), after
// make research, which builds the tools of research/ into bin/research:
//
//	bin/research/verdicts -bin old=/path/to/main/damka -bin new=bin/damka -depths 6,8,10,default
//	bin/research/verdicts -bin new=bin/damka -variant international -engine /path/to/scan -engine-depth 15 -depths default
//	bin/research/verdicts -bin new=bin/damka -variant international -engine /path/to/scan -depths default -split tuning -calibrate 4
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/damka/damka/draughts"
)

type binFlag []*damkaBin

func (b *binFlag) String() string { return "" }
func (b *binFlag) Set(s string) error {
	name, rest, ok := strings.Cut(s, "=")
	if !ok || name == "" || rest == "" {
		return fmt.Errorf("want NAME=PATH[,k=K], got %q", s)
	}
	path, opts, _ := strings.Cut(rest, ",")
	bin := &damkaBin{name: name, path: path, k: 0.006}
	if opts != "" {
		for _, o := range strings.Split(opts, ",") {
			key, val, _ := strings.Cut(o, "=")
			switch key {
			case "k":
				k, err := strconv.ParseFloat(val, 64)
				if err != nil || k <= 0 {
					return fmt.Errorf("bad k in %q", s)
				}
				bin.k = k
			default:
				return fmt.Errorf("unknown option %q in %q", key, s)
			}
		}
	}
	*b = append(*b, bin)
	return nil
}

func main() {
	var bins binFlag
	flag.Var(&bins, "bin", "a damka binary to measure, NAME=PATH[,k=K] (K: its winning-chances slope, default 0.006); repeat; runs alternate in this order")
	depths := flag.String("depths", "6,8,10,default", "depths to measure; default: the binary's default (no --depth)")
	plus := flag.Int("plus", 8, "plies deeper for the reference search")
	precision := flag.Int("precision", 150, "at most this many serious moves per configuration checked for precision")
	recall := flag.Int("recall", 1000, "plies in the recall sample")
	limits := flag.String("limits", "", "per-depth sample sizes overriding -precision and -recall, D=P/R,... (D: a depth or default)")
	seed := flag.Uint64("seed", 16, "seed of the samples")
	jobs := flag.Int("j", 2, "reference searches at once")
	tt := flag.Int("tt", 64, "transposition table of the reference searches, MiB")
	rounds := flag.Int("rounds", 1, "timed analysis runs per binary, depth and -j (best one counts)")
	jlist := flag.String("speed-j", "1,2", "-j values of the timed analysis runs")
	corpus := flag.String("corpus", "", "directory of the master games (default: testdata/corpus/russian, or testdata/corpus/international/wiegerw-pdn/succeed for -variant international)")
	variant := flag.String("variant", "russian", "rules of the games: russian or international")
	engine := flag.String("engine", "", "PATH[,k=K] of an external engine speaking the Hub protocol (Scan: run as PATH hub in PATH's folder, which holds scan.ini and data/) whose searches are the reference instead of damka's deeper one")
	engineDepth := flag.Int("engine-depth", 15, "depth of the engine's searches (before the move; one less after it); at least 13")
	ttd := flag.String("time-to-depth", "", "instead of verdicts: time damka eval (the last -bin) and -engine to these depths (D,D,...) on -ttd-positions middlegame positions of the held-out games, one thread each")
	ttdN := flag.Int("ttd-positions", 50, "middlegame positions for -time-to-depth")
	agreeWith := flag.String("agree", "", "instead of verdicts: compare the moves table PATH (moves.parquet of damka analyze --engine at -engine-depth on the games of -split) with the reference searches of -engine the cache holds for the same positions: the same scores, the same best moves")
	calib := flag.Int("calibrate", 0, "instead of verdicts: fit the winning-chances slope k of -engine (at -engine-depth) and of each -bin (at each of -depths) to the results of the games of -split, on every N-th position from ply 10 on")
	cache := flag.String("cache", defaultCache(), "cache directory (read and written)")
	seedDir := flag.String("seed-cache", "testdata/verdicts", "directory of read-only cache seeds (*.tsv.gz)")
	writeSeed := flag.String("write-seed", "", "write the reference results this run used to this file (.tsv.gz)")
	dump := flag.String("dump", "", "write every checked ply to this file (tab-separated: binary, depth, sample P or R, ply, move, class, eval before, after, verdict depth, drop, reference before, after, best, serious, FEN before)")
	split := flag.String("split", "heldout", "which half of the master games: heldout (odd game index in each file; for the figures) or tuning (even index; for development)")
	ref := flag.String("ref", "", "NAME=PATH[,k=K] of the binary whose deeper search is the reference (default: each binary its own)")
	stable := flag.Bool("stable", false, "search the references one ply deeper as well, and report precision against them, recall against the moves serious at both depths, and how far the reference agrees with itself one ply deeper")
	work := flag.String("work", "", "working directory for the analysis outputs (default: a temporary one)")
	flag.Parse()
	if len(bins) == 0 && *agreeWith == "" {
		fmt.Fprintln(os.Stderr, "verdicts: no -bin given")
		os.Exit(2)
	}
	cfg := config{
		bins: bins, plus: *plus, precision: *precision, recall: *recall, seed: *seed,
		jobs: *jobs, tt: *tt, rounds: *rounds, corpus: *corpus, cacheDir: *cache, seedDir: *seedDir, writeSeed: *writeSeed,
	}
	switch *variant {
	case "russian":
		cfg.variant = draughts.Russian
		if cfg.corpus == "" {
			cfg.corpus = "testdata/corpus/russian"
		}
	case "international":
		cfg.variant = draughts.International
		if cfg.corpus == "" {
			cfg.corpus = "testdata/corpus/international/wiegerw-pdn/succeed"
		}
	default:
		fatal(fmt.Errorf("-variant is russian or international, not %q", *variant))
	}
	for _, d := range strings.Split(*depths, ",") {
		d = strings.TrimSpace(d)
		if d == "default" {
			cfg.depths = append(cfg.depths, 0)
			continue
		}
		n, err := strconv.Atoi(d)
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "verdicts: bad depth %q\n", d)
			os.Exit(2)
		}
		cfg.depths = append(cfg.depths, n)
	}
	cfg.limits = map[int][2]int{}
	for _, l := range strings.Split(*limits, ",") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		d, pr, ok := strings.Cut(l, "=")
		p, r, ok2 := strings.Cut(pr, "/")
		dn, err1 := strconv.Atoi(d)
		if d == "default" {
			dn, err1 = 0, nil
		}
		pn, err2 := strconv.Atoi(p)
		rn, err3 := strconv.Atoi(r)
		if !ok || !ok2 || err1 != nil || err2 != nil || err3 != nil {
			fmt.Fprintf(os.Stderr, "verdicts: bad -limits entry %q\n", l)
			os.Exit(2)
		}
		cfg.limits[dn] = [2]int{pn, rn}
	}
	for _, j := range strings.Split(*jlist, ",") {
		if j = strings.TrimSpace(j); j == "" {
			continue
		}
		n, err := strconv.Atoi(j)
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "verdicts: bad -speed-j %q\n", j)
			os.Exit(2)
		}
		cfg.speedJ = append(cfg.speedJ, n)
	}
	if len(cfg.speedJ) == 0 {
		cfg.speedJ = []int{2}
	}
	if *dump != "" {
		f, err := os.Create(*dump)
		if err != nil {
			fatal(err)
		}
		cfg.dump = f
	}
	switch *split {
	case "heldout", "tuning":
		cfg.split = *split
	default:
		fatal(fmt.Errorf("-split is heldout or tuning, not %q", *split))
	}
	if *engine != "" && *ref != "" {
		fatal(fmt.Errorf("-engine and -ref are two references: give one"))
	}
	if *engine != "" {
		var eb binFlag
		if err := eb.Set("engine=" + *engine); err != nil {
			fatal(err)
		}
		e := eb[0]
		abs, err := filepath.Abs(e.path)
		if err != nil {
			fatal(err)
		}
		e.path, e.hub = abs, true
		cfg.ref = e
		if *engineDepth < 13 {
			// Scan writes the score of a search from depth 12 on; the
			// position after the move is searched one ply less.
			fatal(fmt.Errorf("-engine-depth %d: want at least 13 (Scan gives no score below depth 12)", *engineDepth))
		}
		cfg.engineDepth = *engineDepth
	}
	if *ref != "" {
		var rb binFlag
		if err := rb.Set(*ref); err != nil {
			fatal(err)
		}
		cfg.ref = rb[0]
	}
	cfg.work = *work
	cfg.stable = *stable
	if cfg.work == "" {
		dir, err := os.MkdirTemp("", "verdicts-")
		if err != nil {
			fatal(err)
		}
		defer os.RemoveAll(dir)
		cfg.work = dir
	}
	if *ttd != "" {
		var ds []int
		for _, d := range strings.Split(*ttd, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(d))
			if err != nil || n < 1 {
				fatal(fmt.Errorf("bad -time-to-depth %q", *ttd))
			}
			ds = append(ds, n)
		}
		if cfg.ref == nil || !cfg.ref.hub {
			fatal(fmt.Errorf("-time-to-depth needs -engine"))
		}
		if err := timeToDepth(&cfg, ds, *ttdN); err != nil {
			fatal(err)
		}
		return
	}
	if *agreeWith != "" {
		if cfg.ref == nil || !cfg.ref.hub {
			fatal(fmt.Errorf("-agree needs -engine"))
		}
		if err := agree(&cfg, *agreeWith, os.Stdout); err != nil {
			fatal(err)
		}
		return
	}
	if *calib < 0 {
		fatal(fmt.Errorf("-calibrate %d: want N > 0 (one position in N)", *calib))
	}
	if *calib > 0 {
		if err := calibrate(&cfg, *calib, os.Stdout); err != nil {
			fatal(err)
		}
		return
	}
	if err := run(&cfg); err != nil {
		fatal(err)
	}
}

func defaultCache() string {
	if d := os.Getenv("DAMKA_VERDICTS_CACHE"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "damka", "verdicts")
	}
	return filepath.Join(os.TempDir(), "damka-verdicts")
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "verdicts:", err)
	os.Exit(1)
}
