package egtb

import (
	"github.com/damka/damka/draughts"
)

// Set is the databases of every supported variant found in one folder:
// the Tablebase of a run whose games are of several variants. It answers
// a position from its own variant's tables (Position.Variant).
type Set struct {
	dbs map[draughts.Variant]*DB // only variants with a class or more
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
		return &Set{dbs: map[draughts.Variant]*DB{}}, append(skipped, err)
	}
	return s, skipped
}

func openSet(dir string, skip func(error)) (*Set, error) {
	s := &Set{dbs: map[draughts.Variant]*DB{}}
	for _, v := range draughts.Variants() {
		if Supported(v) != nil {
			continue
		}
		db, err := open(dir, v, skip)
		if err != nil {
			return nil, err
		}
		if db.MaxPieces() > 0 {
			s.dbs[v] = db
		}
	}
	return s, nil
}

// Probe is the result of p for its side to move, from the tables of p's
// variant, when they hold it.
func (s *Set) Probe(p *draughts.Position) (WDL, bool) {
	db := s.dbs[p.Variant()]
	if db == nil {
		return Draw, false
	}
	return db.Probe(p)
}

// Empty reports whether the set holds no table at all.
func (s *Set) Empty() bool { return len(s.dbs) == 0 }

// DB is the databases of v, nil when the set has none of v.
func (s *Set) DB(v draughts.Variant) *DB { return s.dbs[v] }

// Variants are the variants the set has tables of, in draughts.Variants
// order.
func (s *Set) Variants() []draughts.Variant {
	var out []draughts.Variant
	for _, v := range draughts.Variants() {
		if s.dbs[v] != nil {
			out = append(out, v)
		}
	}
	return out
}
