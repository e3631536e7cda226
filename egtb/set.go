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
func OpenSet(dir string) (*Set, error) {
	s := &Set{dbs: map[draughts.Variant]*DB{}}
	for _, v := range draughts.Variants() {
		if Supported(v) != nil {
			continue
		}
		db, err := Open(dir, v)
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
