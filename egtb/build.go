package egtb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/damka/damka/draughts"
)

// DefaultPieces is the number of pieces damka egtb build goes to by
// default: every class of 4 pieces or fewer (seconds; see docs/commands/egtb.md for
// the time and size of each).
const DefaultPieces = 4

// DefaultDir is where the tables live unless a folder is named: damka/egtb
// in the user's cache folder (os.UserCacheDir: $XDG_CACHE_HOME or
// ~/.cache on Linux).
func DefaultDir() (string, error) {
	c, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(c, "damka", "egtb"), nil
}

// BuildOptions say what Build builds and where.
type BuildOptions struct {
	Pieces int    // every class of this many pieces or fewer (default DefaultPieces)
	Dir    string // the tables' folder (default DefaultDir); the files go to Dir/VARIANT/
	// Only, when set, limits the build to these classes and the classes
	// their moves lead to (Needs); Pieces is then ignored.
	Only []Material
	// Progress, when set, is called now and then from Build's goroutine
	// with the work done so far out of the work of the classes to build
	// (two units a position).
	Progress func(done, total uint64)
	// Class, when set, is called for every class as it is finished or
	// found finished.
	Class func(ClassReport)
	// Workers is the number of goroutines that solve a class (default
	// GOMAXPROCS: every core).
	Workers int
}

// ClassReport says how a class was built.
type ClassReport struct {
	Material Material
	Built    bool // built by this run; false: its file was there already
	Counts   Counts
	Bytes    uint64        // size of its file
	Took     time.Duration // building it with its Swap (0 when not built)
}

// Build builds the tables of v for every class of opts.Pieces pieces or
// fewer that its folder does not hold yet, writing each class's file as
// soon as it is finished (a class and its Swap are solved together), so
// that an interrupted build goes on where it stopped. A file that does
// not check is built again. It returns the tables, loaded or built.
func Build(ctx context.Context, v draughts.Variant, opts BuildOptions) (*DB, error) {
	if opts.Pieces == 0 {
		opts.Pieces = DefaultPieces
	}
	if opts.Pieces < 2 || opts.Pieces > MaxPieces {
		return nil, fmt.Errorf("endgame databases: pieces must be 2 to %d", MaxPieces)
	}
	if opts.Dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return nil, err
		}
		opts.Dir = d
	}
	db, err := NewDB(v)
	if err != nil {
		return nil, err
	}
	type step struct {
		pair []Material
		have bool // its files are there
	}
	var plan []step // in order
	var total uint64
	seen := map[Material]bool{}
	classes := Classes(opts.Pieces)
	if len(opts.Only) > 0 {
		classes = needs(opts.Only)
	}
	for _, m := range classes {
		if seen[m] {
			continue
		}
		pair := []Material{m}
		if sw := m.Swap(); sw != m {
			pair = append(pair, sw)
		}
		have := true
		for _, c := range pair {
			seen[c] = true
			ok, err := db.load(opts.Dir, c)
			if err != nil && !errors.Is(err, errBadFile) {
				return nil, err
			}
			have = have && ok
		}
		plan = append(plan, step{pair, have})
		if !have {
			for _, c := range pair {
				total += 2 * db.l.size(c)
			}
		}
	}
	var before uint64
	for _, st := range plan {
		pair := st.pair
		if st.have {
			if opts.Class != nil {
				for _, c := range pair {
					cnt, _ := db.Counts(c)
					opts.Class(ClassReport{Material: c, Counts: cnt, Bytes: db.sizes[c]})
				}
			}
			continue
		}
		start := time.Now()
		s := newSolver(db, pair[0])
		if opts.Workers > 0 {
			s.workers = opts.Workers
		}
		if opts.Progress != nil {
			base := before
			s.progress = func(done uint64) { opts.Progress(base+done, total) }
		}
		tables, err := s.run(ctx)
		if err != nil {
			return nil, err
		}
		took := time.Since(start)
		before += 2 * s.n
		for _, t := range tables {
			db.add(t)
		}
		for _, t := range tables {
			n, err := db.save(opts.Dir, t)
			if err != nil {
				return nil, err
			}
			if opts.Class != nil {
				opts.Class(ClassReport{Material: t.m, Built: true, Counts: t.counts(), Bytes: uint64(n), Took: took})
			}
		}
	}
	db.sort()
	return db, nil
}

// Needs is every class a class of ms, or a class one of its moves leads
// to, and so on, can reach, in Classes order: the classes whose sides
// have no more men each and no more pieces each than a class of ms has
// (either side to move), a capture taking pieces and a crowning turning a
// man into a king. It is a superset of what is reachable, never less.
func needs(ms []Material) []Material {
	most := 0
	for _, m := range ms {
		most = max(most, m.Pieces())
	}
	within := func(c, m Material) bool {
		for s := range 2 {
			if c.Men[s] > m.Men[s] || c.Men[s]+c.Kings[s] > m.Men[s]+m.Kings[s] {
				return false
			}
		}
		return true
	}
	var out []Material
	for _, c := range Classes(most) {
		for _, m := range ms {
			if within(c, m) || within(c.Swap(), m) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// Open loads every table of v in dir (default DefaultDir). A folder with
// none gives a DB with no class (MaxPieces 0); a file that does not check
// (ErrDamaged), cannot be read or is not a regular file (ErrNotRegular:
// a named pipe is never opened) is an error.
func Open(dir string, v draughts.Variant) (*DB, error) { return open(dir, v, nil) }

// open is Open; with skip set, a table file that cannot be loaded, or a
// variant's folder that cannot be read, is told to skip and left out
// instead of failing it all.
func open(dir string, v draughts.Variant, skip func(error)) (*DB, error) {
	if dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	db, err := NewDB(v)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*DB, error) {
		if skip == nil {
			return nil, err
		}
		skip(err)
		return db, nil
	}
	vdir := db.variantDir(dir)
	fi, err := os.Stat(vdir) // a named pipe is not opened to be listed
	if errors.Is(err, fs.ErrNotExist) {
		return db, nil
	}
	if err == nil && !fi.IsDir() {
		err = fmt.Errorf("%s: not a folder", vdir)
	}
	if err != nil {
		return fail(err)
	}
	entries, err := os.ReadDir(vdir)
	if err != nil {
		return fail(err)
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".wdl")
		if !ok || e.IsDir() {
			continue
		}
		m, err := ParseMaterial(name)
		if err != nil || m.Pieces() > MaxPieces || m.Men[0]+m.Kings[0] == 0 || m.Men[1]+m.Kings[1] == 0 {
			continue // not a table's name: left alone
		}
		if _, err := db.load(dir, m); err != nil {
			if _, err := fail(err); err != nil {
				return nil, err
			}
		}
	}
	db.sort()
	return db, nil
}

// sort puts the classes held in Classes order.
func (db *DB) sort() {
	order := map[Material]int{}
	for i, m := range Classes(db.most) {
		order[m] = i
	}
	slices.SortFunc(db.list, func(a, b Material) int { return order[a] - order[b] })
}
