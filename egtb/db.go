package egtb

import (
	"fmt"

	"github.com/damka/damka/draughts"
)

// DB is a set of tables of one variant, built or loaded; read-only once
// made, so safe for concurrent probes.
type DB struct {
	v      draughts.Variant
	l      *layout
	most   int                 // the most pieces of a class held
	tables [slots]*table       // by slot(m)
	list   []Material          // the classes held, in Classes order
	sizes  map[Material]uint64 // bytes of each class's file, when loaded
}

// slots is the number of Material values whose counts are each below 9.
const slots = 9 * 9 * 9 * 9

func slot(m Material) int {
	return ((int(m.Men[0])*9+int(m.Kings[0]))*9+int(m.Men[1]))*9 + int(m.Kings[1])
}

// NewDB returns an empty set of tables of v, which must be a variant
// this package builds (Supported).
func NewDB(v draughts.Variant) (*DB, error) {
	if err := Supported(v); err != nil {
		return nil, err
	}
	return &DB{v: v, l: newLayout(v.Geometry()), sizes: map[Material]uint64{}}, nil
}

// Supported reports why v has no tables here, or nil. The retrograde
// analysis is the variant's own move generator, so the tables hold for
// any variant whose game ends as R-END-1 says (a side with no legal move
// loses) and whose moves depend on the position alone: Russian,
// Brazilian, Pool, English, Italian, Spanish, Czech and Thai on 8x8,
// International on 10x10, each checked against an exhaustive search of
// every position of 3 pieces (TestExhaustive). Not giveaway play (the
// side with no move wins), nor Breakthrough (a king ends the game), nor
// Frisian (a king's moves depend on the ones before).
func Supported(v draughts.Variant) error {
	switch {
	case v == draughts.NoVariant:
		return fmt.Errorf("endgame databases: no variant")
	case len(v.Geometry().Squares()) > 50:
		return fmt.Errorf("endgame databases: %s is not supported (boards up to 10x10)", v.Name())
	case v.LoserWins():
		return fmt.Errorf("endgame databases: %s is not supported (the side with no move wins there)", v.Name())
	case v.Rules().FirstKingWins || v.Rules().Orthogonal:
		return fmt.Errorf("endgame databases: %s is not supported", v.Name())
	}
	return nil
}

// Variant is the variant of the tables.
func (db *DB) Variant() draughts.Variant { return db.v }

// Classes are the classes held, in build order.
func (db *DB) Classes() []Material { return db.list }

// MaxPieces is the most pieces of a class held (0 for none).
func (db *DB) MaxPieces() int { return db.most }

// Has reports whether the table of class m is held.
func (db *DB) Has(m Material) bool { return m.Pieces() <= MaxPieces && db.tables[slot(m)] != nil }

// Counts are the wins, draws and losses of class m (for the side to
// move); ok is false when m is not held.
func (db *DB) Counts(m Material) (c Counts, ok bool) {
	if !db.Has(m) {
		return c, false
	}
	return db.tables[slot(m)].counts(), true
}

func (db *DB) add(t *table) {
	if db.tables[slot(t.m)] == nil {
		db.list = append(db.list, t.m)
	}
	db.tables[slot(t.m)] = t
	db.most = max(db.most, t.m.Pieces())
}

// Probe is the result of p for its side to move, when p's class is held.
// A position whose side to move has no piece is in no table (it has lost,
// R-END-1).
func (db *DB) Probe(p *draughts.Position) (WDL, bool) {
	if p.Variant() != db.v || p.Occupied().PopCount() > db.most {
		return Draw, false
	}
	m := MaterialOf(p)
	t := db.tables[slot(m)]
	if t == nil {
		return Draw, false
	}
	gs := db.l.normalise(p)
	c := t.code(db.l.index(&gs))
	if c == codeInvalid {
		return Draw, false
	}
	return wdlOf(c), true
}
