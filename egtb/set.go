package egtb

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/damka/damka/draughts"
)

// Set is the databases of every supported variant found in one folder:
// the Tablebase of a run whose games are of several variants. It answers
// a position from its own variant's tables (Position.Variant). With
// BuildOnNeed, the tables a variant lacks are built the first time a
// position they would hold is probed.
type Set struct {
	// slots has one entry for every supported variant, made with the
	// set and never changed after: goroutines read it while a slot's
	// tables are built.
	slots map[draughts.Variant]*variantTables
	auto  *AutoBuild
}

// variantTables is one variant's tables in a Set.
type variantTables struct {
	db atomic.Pointer[DB] // nil: none
	// lacking: BuildOnNeed is on and the folder lacks some of the
	// classes it builds; cleared once they are built (or failed to be).
	lacking atomic.Bool
	once    sync.Once
	// broken: a table of the folder, or the folder, could not be loaded
	// (OpenSetSkipping): it is not built on need, since the user was
	// told to see to it.
	broken bool
}

// OpenSet opens the databases of every supported variant in dir (each in
// its folder DIR/VARIANT, as Build writes them; "" is DefaultDir). A
// variant without any is left out; a folder without any gives an empty
// set.
func OpenSet(dir string) (*Set, error) { return openSet(dir, nil) }

// OpenSetSkipping is OpenSet that leaves out what it cannot load instead
// of failing: a table file that is damaged (ErrDamaged), cannot be read
// or is not a regular file (ErrNotRegular), and a variant's folder that
// is not a folder or cannot be listed. Each is an error of skipped, which
// names its path; the set holds every other table.
func OpenSetSkipping(dir string) (s *Set, skipped []error) {
	s, err := openSet(dir, func(err error) { skipped = append(skipped, err) })
	if err != nil { // no user cache folder for the default one
		return newSet(), append(skipped, err)
	}
	return s, skipped
}

func newSet() *Set {
	s := &Set{slots: map[draughts.Variant]*variantTables{}}
	for _, v := range draughts.Variants() {
		if Supported(v) == nil {
			s.slots[v] = &variantTables{}
		}
	}
	return s
}

func openSet(dir string, skip func(error)) (*Set, error) {
	s := newSet()
	for _, v := range draughts.Variants() {
		sl := s.slots[v]
		if sl == nil {
			continue
		}
		vskip := skip
		if skip != nil {
			vskip = func(err error) {
				sl.broken = true
				skip(err)
			}
		}
		db, err := open(dir, v, vskip)
		if err != nil {
			return nil, err
		}
		if db.MaxPieces() > 0 {
			sl.db.Store(db)
		}
	}
	return s, nil
}

// AutoBuild says how a Set builds the tables its folder lacks, on first
// need (Set.BuildOnNeed).
type AutoBuild struct {
	Ctx    context.Context // stops a build (nil: never)
	Dir    string          // the folder the set was opened from ("": DefaultDir)
	Pieces int             // every class of this many pieces or fewer (default DefaultPieces)
	// Start, when set, is called as a variant's build begins, Done when
	// it ends: with the classes built, their bytes and the time taken,
	// or the error that stopped it (the set then goes on with the tables
	// it had). Both are called from the goroutine whose probe needed
	// the tables, at most once a variant.
	Start func(v draughts.Variant)
	Done  func(v draughts.Variant, classes int, bytes uint64, took time.Duration, err error)
}

// BuildOnNeed makes the set build, in a.Dir, every class of a.Pieces
// pieces or fewer that a variant's folder lacks, the first time a
// position of that variant with that many pieces or fewer is probed: the
// probe waits for the build and is answered by the tables, as every
// probe after it. A probe the tables would answer is never answered
// without them, so that the results are those of a run whose folder held
// them from the start. A variant whose folder held a table that could
// not be loaded (OpenSetSkipping) is left as it is. It is called before
// the set is used.
func (s *Set) BuildOnNeed(a AutoBuild) {
	if a.Pieces == 0 {
		a.Pieces = DefaultPieces
	}
	if a.Ctx == nil {
		a.Ctx = context.Background()
	}
	s.auto = &a
	classes := Classes(a.Pieces)
	for _, sl := range s.slots {
		if sl.broken {
			continue
		}
		db := sl.db.Load()
		for _, m := range classes {
			if db == nil || !db.Has(m) {
				sl.lacking.Store(true)
				break
			}
		}
	}
}

// Probe is the result of p for its side to move, from the tables of p's
// variant, when they hold it.
func (s *Set) Probe(p *draughts.Position) (WDL, bool) {
	sl := s.slots[p.Variant()]
	if sl == nil {
		return Draw, false
	}
	if sl.lacking.Load() && p.Occupied().PopCount() <= s.auto.Pieces {
		s.build(p.Variant(), sl)
	}
	db := sl.db.Load()
	if db == nil {
		return Draw, false
	}
	return db.Probe(p)
}

// build builds the classes the folder of v lacks, once; a probe of v
// that comes while they are built waits for them.
func (s *Set) build(v draughts.Variant, sl *variantTables) {
	sl.once.Do(func() {
		defer sl.lacking.Store(false)
		a := s.auto
		if a.Start != nil {
			a.Start(v)
		}
		start := time.Now()
		built, bytes := 0, uint64(0)
		db, err := Build(a.Ctx, v, BuildOptions{Pieces: a.Pieces, Dir: a.Dir, Class: func(r ClassReport) {
			if r.Built {
				built++
				bytes += r.Bytes
			}
		}})
		if err == nil {
			sl.db.Store(db)
		}
		if a.Done != nil {
			a.Done(v, built, bytes, time.Since(start), err)
		}
	})
}

// Empty reports whether the set holds no table at all.
func (s *Set) Empty() bool { return len(s.Variants()) == 0 }

// DB is the databases of v, nil when the set has none of v.
func (s *Set) DB(v draughts.Variant) *DB {
	if sl := s.slots[v]; sl != nil {
		return sl.db.Load()
	}
	return nil
}

// Variants are the variants the set has tables of, in draughts.Variants
// order.
func (s *Set) Variants() []draughts.Variant {
	var out []draughts.Variant
	for _, v := range draughts.Variants() {
		if s.DB(v) != nil {
			out = append(out, v)
		}
	}
	return out
}
