package main

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// refKey names a reference search: the engine, the table size, the
// position and the depth.
type refKey struct {
	fp    string
	tt    int
	hash  uint64
	depth int
}

// refs is the cache of reference searches: seeds (read-only) and the
// cache file (appended to), and the searches still to make.
type refs struct {
	mu      sync.Mutex
	known   map[refKey]refResult
	used    map[refKey]bool
	file    *os.File
	todo    map[refKey]todo
	tt      int // table size of the reference searches, MiB
	variant draughts.Variant
}

type todo struct {
	bin *damkaBin
	fen string
}

func openRefs(cfg *config) (*refs, error) {
	r := &refs{known: map[refKey]refResult{}, used: map[refKey]bool{}, todo: map[refKey]todo{}, tt: cfg.tt, variant: cfg.variant}
	seeds, _ := filepath.Glob(filepath.Join(cfg.seedDir, "*.tsv.gz"))
	for _, s := range seeds {
		if err := r.load(s, true); err != nil {
			return nil, err
		}
	}
	path := filepath.Join(cfg.cacheDir, "refs.tsv")
	if _, err := os.Stat(path); err == nil {
		if err := r.load(path, false); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	r.file = f
	fmt.Fprintf(os.Stderr, "reference cache: %d results (%s and %d seed files)\n", len(r.known), path, len(seeds))
	return r, nil
}

func (r *refs) close() { r.file.Close() }

// load reads a cache file: lines "fp tt hash depth score best",
// tab-separated.
func (r *refs) load(path string, gz bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var sc *bufio.Scanner
	if gz {
		z, err := gzip.NewReader(f)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		sc = bufio.NewScanner(z)
	} else {
		sc = bufio.NewScanner(f)
	}
	for sc.Scan() {
		k, v, ok := parseRef(sc.Text())
		if !ok {
			// A heading, or a line cut short by an interrupted run.
			continue
		}
		r.known[k] = v
	}
	return sc.Err()
}

func parseRef(line string) (refKey, refResult, bool) {
	f := strings.Split(line, "\t")
	if len(f) != 6 {
		return refKey{}, refResult{}, false
	}
	tt, err1 := strconv.Atoi(f[1])
	h, err2 := strconv.ParseUint(f[2], 16, 64)
	d, err3 := strconv.Atoi(f[3])
	s, ok := analyze.ParseScore(f[4])
	if err1 != nil || err2 != nil || err3 != nil || !ok {
		return refKey{}, refResult{}, false
	}
	return refKey{f[0], tt, h, d}, refResult{s, f[5]}, true
}

func formatRef(k refKey, v refResult) string {
	return fmt.Sprintf("%s\t%d\t%016x\t%d\t%s\t%s\n", k.fp, k.tt, k.hash, k.depth, v.score, v.best)
}

func keyOf(b *damkaBin, v draughts.Variant, tt int, fen string, depth int) refKey {
	p, err := v.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return refKey{b.fp, tt, p.Hash(), depth}
}

// want asks for a reference search of fen to depth by binary b.
func (r *refs) want(b *damkaBin, fen string, depth int) {
	k := keyOf(b, r.variant, r.tt, fen, depth)
	r.used[k] = true
	if _, ok := r.known[k]; ok {
		return
	}
	r.todo[k] = todo{b, fen}
}

// searchAll makes the searches still to do with damka eval, cfg.jobs at
// once, a few positions per process, appending each result to the cache.
func (r *refs) searchAll(cfg *config) error {
	type job struct {
		bin   *damkaBin
		depth int
		fens  []string
	}
	keys := make([]refKey, 0, len(r.todo))
	for k := range r.todo {
		keys = append(keys, k)
	}
	// Deepest first, so that the long searches do not come last.
	slices.SortFunc(keys, func(a, b refKey) int {
		if a.depth != b.depth {
			return b.depth - a.depth
		}
		if a.fp != b.fp {
			return strings.Compare(a.fp, b.fp)
		}
		return cmp.Compare(a.hash, b.hash)
	})
	var jobs []job
	for _, k := range keys {
		t := r.todo[k]
		if n := len(jobs); n > 0 && jobs[n-1].bin == t.bin && jobs[n-1].depth == k.depth && len(jobs[n-1].fens) < 4 {
			jobs[n-1].fens = append(jobs[n-1].fens, t.fen)
			continue
		}
		jobs = append(jobs, job{t.bin, k.depth, []string{t.fen}})
	}
	fmt.Fprintf(os.Stderr, "reference searches to make: %d (%d already known)\n", len(keys), len(r.used)-len(keys))
	if len(jobs) == 0 {
		return nil
	}
	ch := make(chan job)
	var wg sync.WaitGroup
	var firstErr error
	done := 0
	for range max(cfg.jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var eng *hubEngine // this worker's engine process, when the reference is one
			defer func() {
				if eng != nil {
					eng.Close()
				}
			}()
			for j := range ch {
				var res []refResult
				var err error
				if j.bin.hub {
					if eng == nil {
						eng, err = startHub(j.bin.path, []string{"hub"}, filepath.Dir(j.bin.path))
					}
					if err == nil {
						res, err = hubSearchFENs(eng, r.variant, j.depth, j.fens)
					}
				} else {
					res, err = damkaSearchFENs(j.bin, r.variant, j.depth, cfg.tt, j.fens)
				}
				r.mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				for i, v := range res {
					k := keyOf(j.bin, r.variant, cfg.tt, j.fens[i], j.depth)
					r.known[k] = v
					r.file.WriteString(formatRef(k, v))
				}
				done += len(res)
				if done%20 < len(res) || done == len(keys) {
					fmt.Fprintf(os.Stderr, "reference searches: %d/%d\n", done, len(keys))
				}
				r.mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	return firstErr
}

// damkaSearchFENs searches fens with damka eval of binary b.
func damkaSearchFENs(b *damkaBin, v draughts.Variant, depth, tt int, fens []string) ([]refResult, error) {
	lines, err := evalFENs(b, v, depth, tt, fens)
	if err != nil {
		return nil, err
	}
	res := make([]refResult, 0, len(lines))
	for _, l := range lines {
		f := strings.Split(l, "\t")
		s, ok := analyze.ParseScore(f[2])
		if !ok {
			return res, fmt.Errorf("%s eval: bad score in %q", b.name, l)
		}
		res = append(res, refResult{s, f[3]})
	}
	return res, nil
}

// hubSearchFENs searches fens with an engine over the Hub protocol.
func hubSearchFENs(e *hubEngine, v draughts.Variant, depth int, fens []string) ([]refResult, error) {
	var res []refResult
	for _, fen := range fens {
		p, err := v.ParseFEN(fen)
		if err != nil {
			return res, err
		}
		r, err := e.search(&p, depth)
		if err != nil {
			return res, err
		}
		res = append(res, r)
	}
	return res, nil
}

// serious classes a ply by its reference searches, plus plies deeper
// than the analysis (cfg.plus, or cfg.plus+1 for the stability check).
func (r *refs) serious(cfg *config, a *analysis, row *plyRow, sample string, plus int) (bool, error) {
	q, err := a.question(cfg, row)
	if err != nil {
		return false, err
	}
	if q.forced {
		return false, nil
	}
	rb := cfg.refBin(a)
	before, ok := r.known[keyOf(rb, cfg.variant, cfg.tt, q.before, cfg.refDepth(a, plus))]
	if !ok {
		return false, fmt.Errorf("%s: no reference search of %s", row.key, q.before)
	}
	after := refResult{score: analyze.LossIn(0)} // the opponent has no move: lost (giveaway is not measured)
	if q.after != "" {
		after, ok = r.known[keyOf(rb, cfg.variant, cfg.tt, q.after, cfg.refDepth(a, plus)-1)]
		if !ok {
			return false, fmt.Errorf("%s: no reference search of %s", row.key, q.after)
		}
	}
	s := seriousRef(rb, &q, before, after)
	if cfg.dump != nil {
		if plus != cfg.plus {
			sample += strconv.Itoa(plus)
		}
		fmt.Fprintf(cfg.dump, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%.3f\t%s\t%s\t%s\t%v\t%s\n", a.bin.name, a.nominal, sample, row.key, row.move,
			row.class, analyze.Score(row.before), analyze.Score(row.after), row.verdictDepth,
			a.bin.chances(analyze.Score(row.before))-a.bin.chances(analyze.Score(row.after)),
			before.score, after.score.Back(), before.best, s, row.fen)
	}
	return s, nil
}

// writeSeed writes the reference results this run used, sorted, gzipped.
func (r *refs) writeSeed(path string) error {
	var lines []string
	for k := range r.used {
		if v, ok := r.known[k]; ok {
			lines = append(lines, formatRef(k, v))
		}
	}
	slices.Sort(lines)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	z, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	for _, l := range lines {
		z.Write([]byte(l))
	}
	if err := z.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %d reference results to %s\n", len(lines), path)
	return f.Close()
}
