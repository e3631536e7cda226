package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
)

// MistakeDrop is the fall of winning chances of a mistake (analyze's).
const mistakeDrop = 0.15

type damkaBin struct {
	name, path string
	k          float64 // slope of its winning-chances curve
	sha        string  // of the file
	fp         string  // engine fingerprint (see fingerprint)
	hub        bool    // an external engine over the Hub protocol, not damka
	engine     string  // the name a Hub engine gives itself
}

type config struct {
	bins                  []*damkaBin
	depths                []int // 0: the binary's default
	speedJ                []int
	plus                  int
	precision, recall     int
	seed                  uint64
	jobs, tt, rounds      int
	corpus, work          string
	cacheDir, seedDir     string
	writeSeed             string
	heldOutFile           string
	heldOutKeys           []string       // "file#index" of the games of heldOutFile, in order
	heldOutGames, heldOut int            // games, plies
	limits                map[int][2]int // depth -> precision, recall sample sizes
	dump                  *os.File       // every checked ply, tab-separated, when set
	split                 string         // heldout (the default) or tuning: which half of the games
	ref                   *damkaBin      // the reference binary; nil: each binary is its own
	stable                bool           // reference searches one ply deeper too (-stable)
	variant               draughts.Variant
	engineDepth           int // the depth of an engine reference (-engine-depth); 0: damka's, cfg.plus deeper
}

// refDepth is the depth of the reference search of the position before a
// move of analysis a, plus plies deeper than the analysis (cfg.plus, or
// cfg.plus+1 for the stability check); the position after the move is
// searched one ply less, so that both look equally far ahead. An engine
// reference searches at its fixed depth (one more for the stability check).
func (cfg *config) refDepth(a *analysis, plus int) int {
	if cfg.engineDepth > 0 {
		return cfg.engineDepth + plus - cfg.plus
	}
	return a.nominal + plus
}

// pluses are the depths beyond the analysis of the reference searches.
func (cfg *config) pluses() []int {
	if cfg.stable {
		return []int{cfg.plus, cfg.plus + 1}
	}
	return []int{cfg.plus}
}

// refBin is the binary whose deeper search judges the analysis a.
func (cfg *config) refBin(a *analysis) *damkaBin {
	if cfg.ref != nil {
		return cfg.ref
	}
	return a.bin
}

// sizes returns the sample sizes for a depth as asked (0: default).
func (cfg *config) sizes(depth int) (precision, recall int) {
	if l, ok := cfg.limits[depth]; ok {
		return l[0], l[1]
	}
	return cfg.precision, cfg.recall
}

// plyRow is one analysed ply of the held-out games.
type plyRow struct {
	key           string // "ussr1947.pdn#3:17": file, game index, ply
	fen, move     string // position before and the move played (full path)
	class         string
	before, after int32 // mover's view
	legal         int32
	verdictDepth  int32 // 0 when the binary does not write it
}

// analysis is one configuration's run.
type analysis struct {
	bin     *damkaBin
	depth   int // as asked (0: default)
	nominal int // the depth the analysis searched
	rows    []plyRow
	speed   map[int]float64 // -j -> plies/s
	same    bool            // moves.parquet identical whatever -j
}

func run(cfg *config) error {
	if err := os.MkdirAll(cfg.cacheDir, 0o755); err != nil {
		return err
	}
	if err := cfg.writeHeldOut(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %d games of %s\n", cfg.split, cfg.heldOutGames, cfg.corpus)
	all := cfg.bins
	if cfg.ref != nil {
		all = append(slices.Clip(all), cfg.ref)
	}
	for _, b := range all {
		if err := b.identify(cfg); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: %s, file sha %s, engine fingerprint %s\n", b.name, b.path, b.sha[:12], b.fp)
	}
	refs, err := openRefs(cfg)
	if err != nil {
		return err
	}
	defer refs.close()

	// Analyses, timed side by side: for each depth, each round, each -j,
	// every binary in turn.
	var runs []*analysis
	for _, d := range cfg.depths {
		as := make([]*analysis, len(cfg.bins))
		for i, b := range cfg.bins {
			as[i] = &analysis{bin: b, depth: d, speed: map[int]float64{}, same: true}
		}
		rounds := max(cfg.rounds, 1)
		for r := 0; r < rounds; r++ {
			for _, j := range cfg.speedJ {
				for _, a := range as {
					if err := a.analyse(cfg, j, r == 0 && j == cfg.speedJ[0]); err != nil {
						return err
					}
				}
			}
		}
		runs = append(runs, as...)
	}

	// The samples and the reference searches they need.
	sampleOrder := func(rows []plyRow) []int {
		idx := make([]int, len(rows))
		for i := range idx {
			idx[i] = i
		}
		h := make([]uint64, len(rows))
		for i := range rows {
			sum := sha256.Sum256(fmt.Appendf(nil, "%d|%s", cfg.seed, rows[i].key))
			h[i] = binary.BigEndian.Uint64(sum[:8])
		}
		sort.Slice(idx, func(a, b int) bool { return h[idx[a]] < h[idx[b]] })
		return idx
	}
	type check struct {
		a         *analysis
		precision []int // rows checked for precision
		recall    []int // rows of the recall sample
	}
	var checks []check
	for _, a := range runs {
		c := check{a: a}
		pn, rn := cfg.sizes(a.depth)
		for _, i := range sampleOrder(a.rows) {
			r := &a.rows[i]
			if r.legal > 1 && len(c.recall) < rn {
				c.recall = append(c.recall, i)
			}
			if a.serious(r) && len(c.precision) < pn {
				c.precision = append(c.precision, i)
			}
		}
		checks = append(checks, c)
	}
	for _, c := range checks {
		for _, set := range [][]int{c.precision, c.recall} {
			for _, i := range set {
				q, err := c.a.question(cfg, &c.a.rows[i])
				if err != nil {
					return err
				}
				for _, plus := range cfg.pluses() {
					refs.want(cfg.refBin(c.a), q.before, cfg.refDepth(c.a, plus))
					if q.after != "" {
						refs.want(cfg.refBin(c.a), q.after, cfg.refDepth(c.a, plus)-1)
					}
				}
			}
		}
	}
	if err := refs.searchAll(cfg); err != nil {
		return err
	}

	// The table.
	refName := "the same binary's"
	if cfg.ref != nil {
		refName = cfg.ref.name + "'s"
	}
	half := "held-out master games (odd game index in each file of " + cfg.corpus + ")"
	if cfg.split != "heldout" {
		half = "tuning master games (even game index in each file of " + cfg.corpus + ")"
	}
	if cfg.engineDepth > 0 {
		fmt.Printf("%s: %d %s, %d plies. Reference: %s (%s, %s) at depth %d before the move, %d after it.\n\n",
			cfg.variant.Title(), cfg.heldOutGames, half, cfg.heldOut, cfg.ref.engine, cfg.ref.path, cfg.ref.fp, cfg.engineDepth, cfg.engineDepth-1)
	} else {
		fmt.Printf("%d %s, %d plies. Reference: %s damka eval %d plies deeper than the analysis (before the move; %d after it), --tt %d.\n\n",
			cfg.heldOutGames, half, cfg.heldOut, refName, cfg.plus, cfg.plus-1, cfg.tt)
	}
	head := "| binary | depth | serious moves |"
	sep := "|---|---|---|"
	for _, j := range cfg.speedJ {
		head += fmt.Sprintf(" plies/s -j %d |", j)
		sep += "---|"
	}
	head += " precision | recall |"
	sep += "---|---|"
	if cfg.stable {
		head += fmt.Sprintf(" precision (+%d) | recall (stable) | reference +%d: recall of +%d |", cfg.plus+1, cfg.plus+1, cfg.plus)
		sep += "---|---|---|"
	}
	fmt.Println(head)
	fmt.Println(sep)
	base := map[int]*analysis{}
	// refSerious: for each reference depth, the recall sample's plies
	// (by key) and whether the reference calls them serious.
	refSerious := map[int]map[string]bool{}
	var byClass []string // a line per configuration: its precision by class
	for _, c := range checks {
		a := c.a
		if base[a.depth] == nil {
			base[a.depth] = a
		}
		tp, tp1, n := 0, 0, 0
		classes := map[string][2]int{}
		for _, i := range c.precision {
			s, err := refs.serious(cfg, a, &a.rows[i], "P", cfg.plus)
			if err != nil {
				return err
			}
			n++
			k := classes[a.rows[i].class]
			k[1]++
			if s {
				tp++
				k[0]++
			}
			classes[a.rows[i].class] = k
			if cfg.stable {
				s1, err := refs.serious(cfg, a, &a.rows[i], "P", cfg.plus+1)
				if err != nil {
					return err
				}
				if s1 {
					tp1++
				}
			}
		}
		// Recall against the reference (plus), against the stable
		// reference (serious both plus and plus+1 deeper), and the
		// reference one ply deeper taken as an analysis: how often a
		// search one ply deeper keeps the reference's serious moves.
		rp, rpos, stable, rpStable := 0, 0, 0, 0
		for _, i := range c.recall {
			s, err := refs.serious(cfg, a, &a.rows[i], "R", cfg.plus)
			if err != nil {
				return err
			}
			found := a.serious(&a.rows[i])
			if a.bin == cfg.bins[len(cfg.bins)-1] || cfg.ref != nil {
				d := cfg.refDepth(a, cfg.plus)
				if refSerious[d] == nil {
					refSerious[d] = map[string]bool{}
				}
				refSerious[d][a.rows[i].key] = s
			}
			if s {
				rpos++
				if found {
					rp++
				}
			}
			if cfg.stable {
				s1, err := refs.serious(cfg, a, &a.rows[i], "R", cfg.plus+1)
				if err != nil {
					return err
				}
				if refSerious[cfg.refDepth(a, cfg.plus)] != nil {
					d := cfg.refDepth(a, cfg.plus+1)
					if refSerious[d] == nil {
						refSerious[d] = map[string]bool{}
					}
					refSerious[d][a.rows[i].key] = s1
				}
				if s && s1 {
					stable++
					if found {
						rpStable++
					}
				}
			}
		}
		serious := 0
		for i := range a.rows {
			if a.serious(&a.rows[i]) {
				serious++
			}
		}
		depth := strconv.Itoa(a.nominal)
		if a.depth == 0 {
			depth = fmt.Sprintf("default (%d)", a.nominal)
		}
		line := fmt.Sprintf("| %s | %s | %d |", a.bin.name, depth, serious)
		for _, j := range cfg.speedJ {
			s := a.speed[j]
			cell := fmt.Sprintf(" %.0f", s)
			if b := base[a.depth]; b != a && b.speed[j] > 0 {
				cell += fmt.Sprintf(" (×%.2f)", s/b.speed[j])
			}
			line += cell + " |"
		}
		line += fmt.Sprintf(" %s | %s of %d |", ratio(tp, n), ratio(rp, rpos), len(c.recall))
		if cfg.stable {
			line += fmt.Sprintf(" %s | %s | %s |", ratio(tp1, n), ratio(rpStable, stable), ratio(stable, rpos))
		}
		if !a.same {
			line += " (moves.parquet differs between -j values!)"
		}
		fmt.Println(line)
		byClass = append(byClass, fmt.Sprintf("%s, depth %s: %s", a.bin.name, depth, precisionByClass(classes)))
	}
	fmt.Println("\nPrecision by class of the analysis' serious moves (confirmed / checked):")
	for _, l := range byClass {
		fmt.Println("- " + l)
	}
	if len(refSerious) > 1 {
		printAgreement(os.Stdout, refSerious)
	}
	if cfg.stable {
		fmt.Printf("\nWith -stable, the reference searches are also made %d plies deeper than the analysis: precision (+%d) is precision against them; the stable reference is the moves serious at both +%d and +%d; the last column is the share of the +%d reference's serious moves of the recall sample that stay serious at +%d, the recall that a search one ply deeper than the reference itself reaches.\n",
			cfg.plus+1, cfg.plus+1, cfg.plus, cfg.plus+1, cfg.plus, cfg.plus+1)
	}
	fmt.Printf("\nPrecision: serious moves of the analysis that stay serious (a fixed pseudo-random subset when there are more, seed %d). Recall: of the plies with a choice of a fixed pseudo-random sample (\"of N\"), the reference's serious moves that the analysis calls serious. 95%% Wilson intervals. plies/s: best of %d run(s) of damka analyze on the held-out games, binaries alternating; ratios against the first binary.\n",
		cfg.seed, max(cfg.rounds, 1))
	if cfg.dump != nil {
		if err := cfg.dump.Close(); err != nil {
			return err
		}
	}
	if cfg.writeSeed != "" {
		return refs.writeSeed(cfg.writeSeed)
	}
	return nil
}

// precisionByClass writes the confirmed and checked serious moves of each
// class, the serious classes first in order of severity, then any other.
func precisionByClass(classes map[string][2]int) string {
	order := []string{"blunder", "mistake", "missed_win"}
	for c := range classes {
		if !slices.Contains(order, c) {
			order = append(order, c)
		}
	}
	slices.Sort(order[3:])
	var parts []string
	for _, c := range order {
		if k, ok := classes[c]; ok {
			parts = append(parts, fmt.Sprintf("%s %d/%d", c, k[0], k[1]))
		}
	}
	if len(parts) == 0 {
		return "none checked"
	}
	return strings.Join(parts, ", ")
}

// printAgreement prints how far the reference searches of different
// depths agree on the plies of the recall samples they share: for each
// pair, the share of the deeper reference's serious moves that the
// shallower one calls serious too, and the other way round.
func printAgreement(w io.Writer, refSerious map[int]map[string]bool) {
	var depths []int
	for d := range refSerious {
		depths = append(depths, d)
	}
	slices.Sort(depths)
	fmt.Fprintf(w, "\nThe reference searches against each other (plies of the recall samples they share; before the move at the depth, after it one less):\n\n")
	fmt.Fprintln(w, "| shallower | deeper | plies | serious (shallower / deeper / both) | deeper's found by the shallower | shallower's kept by the deeper |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for i, lo := range depths {
		for _, hi := range depths[i+1:] {
			plies, nlo, nhi, both := 0, 0, 0, 0
			for key, shi := range refSerious[hi] {
				slo, ok := refSerious[lo][key]
				if !ok {
					continue
				}
				plies++
				if slo {
					nlo++
				}
				if shi {
					nhi++
				}
				if slo && shi {
					both++
				}
			}
			fmt.Fprintf(w, "| %d | %d | %d | %d / %d / %d | %s | %s |\n", lo, hi, plies, nlo, nhi, both, ratio(both, nhi), ratio(both, nlo))
		}
	}
}

// ratio writes k/n as a percentage with its 95% Wilson interval.
func ratio(k, n int) string {
	if n == 0 {
		return "n/a (0)"
	}
	p := float64(k) / float64(n)
	z := 1.96
	nf := float64(n)
	den := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / den
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return fmt.Sprintf("%.0f%% (%d/%d, %.0f–%.0f)", 100*p, k, n, 100*(c-h), 100*(c+h))
}

// heldOut reports whether game index of a file belongs to the held-out
// half: odd indices. The split is fixed: nothing may be tuned on it.
func heldOut(index int) bool { return index%2 == 1 }

// internationalMasterFiles are the files of master games among the
// International ones of the corpus (testdata/corpus/international/wiegerw-pdn/succeed):
// Dutch championships and semi-finals, the 2003 world championship,
// the 1995 candidates, Sijbrands' games. The others are compositions
// (Cat.*, PWCP*, set up by FEN), online games (kurnik) or a single
// annotated game (windragon); schildpad (Event "10x10II", players
// unnamed) is left out too.
var internationalMasterFiles = []string{
	"090417ronde12.pdn", "DUTCH96H.pdn", "PROF2.pdn", "candidate95.pdn", "nk ronde 01.pdn", "nk ronde 02.pdn",
	"nk2003-amsterdam.pdn", "rk ronde 12.pdn", "wk2003.pdn",
}

// writeHeldOut writes the held-out games, as written, to one file.
func (cfg *config) writeHeldOut() error {
	// The corpus mirrors ../shared/corpus: the files are in folders by
	// source (wiegerw-pdn/succeed/ussr1947.pdn, wiegerw-pdn/fail/abatsiev.pdn).
	var names []string
	err := filepath.WalkDir(cfg.corpus, func(path string, d fs.DirEntry, err error) error {
		if cfg.variant == draughts.International && !slices.Contains(internationalMasterFiles, filepath.Base(path)) {
			return err
		}
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pdn") {
			names = append(names, path)
		}
		return err
	})
	if err != nil || len(names) == 0 {
		return fmt.Errorf("no *.pdn under %s", cfg.corpus)
	}
	slices.Sort(names)
	var buf bytes.Buffer
	for _, name := range names {
		err := input.ReadFile(name, func(g *pdn.Game, _ error) error {
			if heldOut(g.Index) != (cfg.split == "heldout") {
				return nil
			}
			buf.WriteString(strings.TrimSpace(g.Raw))
			buf.WriteString("\n\n")
			cfg.heldOutKeys = append(cfg.heldOutKeys, fmt.Sprintf("%s#%d", filepath.Base(name), g.Index))
			return nil
		})
		if err != nil {
			return err
		}
	}
	cfg.heldOutGames = len(cfg.heldOutKeys)
	cfg.heldOutFile = filepath.Join(cfg.work, "heldout.pdn")
	return os.WriteFile(cfg.heldOutFile, buf.Bytes(), 0o644)
}

// fingerprintFENs are searched to tell engines apart: middlegames and an
// ending of the master games.
var fingerprintFENs = []string{
	"W:Wa1,c1,e1,b2,d2,f2,h2,a3,c3,e3,g3,f4:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8,e5",
	"B:Wa1,c1,e1,g1,b2,d2,f2,c3,e3,g3,h4:Ba5,b6,d6,f6,h6,c7,e7,g7,b8,d8,f8",
	"W:Wc1,e1,b2,d2,f2,a3,e3,g3,h4:Bb6,d6,f6,a7,c7,e7,g7,d8,h8",
	"B:Wc1,d2,f2,c3,e3,g3,h4:Ba5,b6,d6,f6,h6,e7,g7",
	"W:Wc3,e3,f2,g1,h2:Bb6,a7,f6,h6,g7",
	"W:WKb2,e3,g3:BKh8,f6",
}

// identify hashes the binary and fingerprints its engine: the output of
// damka eval (every field but the time) on fixed positions at depths 9
// and 12, and for another variant than Russian on its start position at
// depth 9. Any change of the evaluation or the search changes the node
// counts.
func (b *damkaBin) identify(cfg *config) error {
	if b.hub {
		return identifyHub(b, cfg.variant)
	}
	data, err := os.ReadFile(b.path)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	b.sha = hex.EncodeToString(sum[:])
	h := sha256.New()
	for _, d := range []int{9, 12} {
		fens := fingerprintFENs
		if d == 12 {
			fens = fens[2:4]
		}
		out, err := evalFENs(b, draughts.Russian, d, 16, fens)
		if err != nil {
			return err
		}
		for _, l := range out {
			f := strings.Split(l, "\t")
			h.Write([]byte(strings.Join(f[:len(f)-1], "\t") + "\n"))
		}
	}
	if cfg.variant != draughts.Russian {
		// The Russian positions do not see an evaluation of another
		// variant (International's is its own, evalintl.go): its start
		// position too, so that a change of it is a new engine. Russian
		// fingerprints stay what they were (the seeds are keyed by them).
		p := draughts.Start(cfg.variant)
		out, err := evalFENs(b, cfg.variant, 9, 16, []string{p.FEN()})
		if err != nil {
			return err
		}
		for _, l := range out {
			f := strings.Split(l, "\t")
			h.Write([]byte(cfg.variant.Name() + "\t" + strings.Join(f[:len(f)-1], "\t") + "\n"))
		}
	}
	b.fp = hex.EncodeToString(h.Sum(nil))[:16]
	return nil
}

// evalFENs runs damka eval on fens and returns its lines.
func evalFENs(b *damkaBin, v draughts.Variant, depth, tt int, fens []string) ([]string, error) {
	cmd := exec.Command(b.path, "eval", "--variant", v.Name(), "--depth", strconv.Itoa(depth), "--tt", strconv.Itoa(tt), "-j", "1")
	cmd.Stdin = strings.NewReader(strings.Join(fens, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s eval: %v: %s", b.name, err, stderr.String())
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(fens) {
		return nil, fmt.Errorf("%s eval: %d lines for %d positions", b.name, len(lines), len(fens))
	}
	return lines, nil
}

// analyse runs damka analyze on the held-out games with -j j, timed; the
// first run's rows are kept, the others are compared with it.
func (a *analysis) analyse(cfg *config, j int, first bool) error {
	out := filepath.Join(cfg.work, fmt.Sprintf("%s-d%d-j%d", a.bin.name, a.depth, j))
	os.RemoveAll(out)
	args := []string{"analyze", "-q", "--variant", cfg.variant.Name(), "-j", strconv.Itoa(j), "-o", out}
	if a.depth > 0 {
		args = append(args, "--depth", strconv.Itoa(a.depth))
	}
	args = append(args, cfg.heldOutFile)
	cmd := exec.Command(a.bin.path, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	// Exit status 1: done, the outputs written, but a game has an error
	// (candidate95.pdn's game 8 has a wrong Result tag): its plies up to
	// the error are analysed.
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		return fmt.Errorf("%s %s: %v: %s", a.bin.path, strings.Join(args, " "), err, stderr.String())
	}
	took := time.Since(start)
	moves := filepath.Join(out, "moves.parquet")
	if first {
		rows, nominal, err := readRows(cfg, out)
		if err != nil {
			return err
		}
		a.rows, a.nominal = rows, nominal
		cfg.heldOut = len(rows)
		if err := copyFile(moves, filepath.Join(cfg.work, fmt.Sprintf("%s-d%d.moves.parquet", a.bin.name, a.depth))); err != nil {
			return err
		}
	} else {
		x, _ := os.ReadFile(moves)
		y, _ := os.ReadFile(filepath.Join(cfg.work, fmt.Sprintf("%s-d%d.moves.parquet", a.bin.name, a.depth)))
		if !bytes.Equal(x, y) {
			a.same = false
		}
	}
	ps := float64(len(a.rows)) / took.Seconds()
	a.speed[j] = max(a.speed[j], ps)
	fmt.Fprintf(os.Stderr, "%s depth %d -j %d: %d plies in %.1fs, %.0f plies/s\n", a.bin.name, a.nominal, j, len(a.rows), took.Seconds(), ps)
	return os.RemoveAll(out)
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// readRows reads the analysed plies of an analysis output directory.
func readRows(cfg *config, dir string) ([]plyRow, int, error) {
	games, err := readTable(filepath.Join(dir, "games.parquet"))
	if err != nil {
		return nil, 0, err
	}
	defer games.Release()
	index := map[string]int{}
	gid, gidx := strCol(games, "game_id"), i32Col(games, "game_index")
	for i := range gid {
		index[gid[i]] = int(gidx[i])
	}
	moves, err := readTable(filepath.Join(dir, "moves.parquet"))
	if err != nil {
		return nil, 0, err
	}
	defer moves.Release()
	id, ply, fen, mv := strCol(moves, "game_id"), i32Col(moves, "ply"), strCol(moves, "fen_before"), strCol(moves, "move")
	class, before, after, legal, depth := strCol(moves, "class"), i32Col(moves, "eval_before"), i32Col(moves, "eval_after"), i32Col(moves, "legal_moves"), i32Col(moves, "depth")
	// A decisive score is NULL in eval_before and eval_after, its plies
	// to the end in mate_before and mate_after (> 0: the mover wins);
	// a binary from before those columns wrote it in the eval.
	mateBefore, mateAfter := make([]int32, len(id)), make([]int32, len(id))
	if len(moves.Schema().FieldIndices("mate_before")) == 1 {
		mateBefore, mateAfter = i32Col(moves, "mate_before"), i32Col(moves, "mate_after")
	}
	var vdepth []int32
	if len(moves.Schema().FieldIndices("verdict_depth")) == 1 {
		vdepth = i32Col(moves, "verdict_depth")
	}
	var rows []plyRow
	nominal := 0
	for i := range id {
		if class[i] == "" {
			continue // not analysed
		}
		g := index[id[i]]
		if g < 1 || g > len(cfg.heldOutKeys) {
			return nil, 0, fmt.Errorf("%s: game %s has index %d", dir, id[i], g)
		}
		r := plyRow{key: fmt.Sprintf("%s:%d", cfg.heldOutKeys[g-1], ply[i]), fen: fen[i], move: mv[i], class: class[i],
			before: int32(decisiveScore(before[i], mateBefore[i])), after: int32(decisiveScore(after[i], mateAfter[i])), legal: legal[i]}
		if vdepth != nil {
			r.verdictDepth = vdepth[i]
		}
		nominal = int(depth[i])
		rows = append(rows, r)
	}
	return rows, nominal, nil
}

func readTable(path string) (arrow.Table, error) {
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		return nil, err
	}
	defer rdr.Close()
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		return nil, err
	}
	return fr.ReadTable(context.Background())
}

// column returns the chunks of a column by name.
func column(t arrow.Table, name string) []arrow.Array {
	idx := t.Schema().FieldIndices(name)
	if len(idx) != 1 {
		panic("no column " + name)
	}
	return t.Column(idx[0]).Data().Chunks()
}

// strCol reads a string column ("" for NULL), dictionary-encoded or not.
func strCol(t arrow.Table, name string) []string {
	var out []string
	for _, c := range column(t, name) {
		for i := 0; i < c.Len(); i++ {
			if c.IsNull(i) {
				out = append(out, "")
				continue
			}
			switch a := c.(type) {
			case *array.String:
				out = append(out, a.Value(i))
			case *array.Dictionary:
				out = append(out, a.Dictionary().(*array.String).Value(a.GetValueIndex(i)))
			default:
				panic(fmt.Sprintf("column %s: %T", name, c))
			}
		}
	}
	return out
}

// i32Col reads an int32 column (0 for NULL).
func i32Col(t arrow.Table, name string) []int32 {
	var out []int32
	for _, c := range column(t, name) {
		a := c.(*array.Int32)
		for i := 0; i < a.Len(); i++ {
			out = append(out, a.Value(i))
		}
	}
	return out
}

// chances is the winning-chances curve of a binary.
func (b *damkaBin) chances(s analyze.Score) float64 {
	switch {
	case s.IsWin():
		return 1
	case s.IsLoss():
		return -1
	}
	return 2/(1+math.Exp(-b.k*float64(s))) - 1
}

// serious reports whether the analysis calls the move a mistake or a
// blunder, or a missed win with the drop of one.
func (a *analysis) serious(r *plyRow) bool {
	switch r.class {
	case "mistake", "blunder":
		return true
	case "missed_win":
		return a.bin.chances(analyze.Score(r.before))-a.bin.chances(analyze.Score(r.after)) >= mistakeDrop
	}
	return false
}

// question is what the reference must search for a ply.
type question struct {
	pos, afterPos draughts.Position
	played        draughts.Move
	before, after string // FENs; after is "" when the move ends the game
	forced        bool
}

func (a *analysis) question(cfg *config, r *plyRow) (question, error) {
	v := cfg.variant
	p, err := v.ParseFEN(r.fen)
	if err != nil {
		return question{}, fmt.Errorf("%s: %v", r.key, err)
	}
	q := question{pos: p, before: p.FEN()}
	found := false
	for _, m := range v.Moves(&p, nil) {
		if m.String() == r.move {
			q.played, found = m, true
			break
		}
	}
	if !found {
		return q, fmt.Errorf("%s: %s is not a move of %s", r.key, r.move, r.fen)
	}
	q.forced = len(v.UniqueMoves(&p, nil)) == 1
	q.afterPos = p.Play(&q.played)
	if v.HasMoves(&q.afterPos) {
		q.after = q.afterPos.FEN()
	}
	return q, nil
}

// refResult is a reference search: score for the side to move, best move.
type refResult struct {
	score analyze.Score
	best  string
}

// seriousRef classes a move by the reference results.
func seriousRef(b *damkaBin, q *question, before, after refResult) bool {
	if q.forced || before.best == q.played.String() {
		return false
	}
	v := q.pos.Variant()
	for _, m := range v.Moves(&q.pos, nil) {
		if m.String() == before.best && m.SameResult(&q.played) {
			return false // the best move, by another path
		}
	}
	af := after.score.Back()
	if af >= before.score {
		return false
	}
	return b.chances(before.score)-b.chances(af) >= mistakeDrop
}
