package analyze

// Transposition table. Entries of a root search carry its generation;
// an entry of any other generation is empty for every purpose (probe and
// replacement), so each root search sees exactly what an empty table would
// show, and a search result depends only on (variant, position, Options),
// never on what the Searcher searched before. The generation is 16 bits;
// when it wraps, the table is cleared for real.

// Bound kinds of an entry.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most the stored score (fail low)
	boundLower = 2 // the score is at least the stored score (fail high)
	boundExact = 3
)

// noMove marks an entry without a best move.
const noMove = 0xFF

// ttEntry is 16 bytes.
type ttEntry struct {
	key   uint64
	score int16
	depth int8
	bound uint8
	move  uint8 // index of the best move in the UniqueMoves list of the position, or noMove
	_     uint8
	gen   uint16
}

// The table is a list of buckets of bucket entries (2 or 4: 32 or 64
// bytes, one cache line for 4). With 2, the first entry keeps the deeper
// search and the second always takes the newest; with 4, a new result
// takes the entry of its own position, else an empty one, else the one of
// the shallowest search.
type table struct {
	entries []ttEntry
	mask    uint64 // buckets - 1
	shift   uint   // log2 of the bucket size
	gen     uint16
}

// newTable makes a table of about mib MiB (a power of two of buckets of
// bucket entries, at least one).
func newTable(mib, bucket int) *table {
	shift := uint(1)
	if bucket == 4 {
		shift = 2
	}
	n := uint64(1)
	for n*2*16<<shift <= uint64(mib)<<20 {
		n *= 2
	}
	return &table{entries: make([]ttEntry, n<<shift), mask: n - 1, shift: shift}
}

// newSearch starts a generation: every entry counts as empty from now on.
func (t *table) newSearch() {
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}

func (t *table) bucket(key uint64) []ttEntry {
	i := (key & t.mask) << t.shift
	return t.entries[i : i+1<<t.shift : i+1<<t.shift]
}

// probe returns the entry of key in this generation.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := t.bucket(key)
	for i := range b {
		if e := b[i]; e.gen == t.gen && e.key == key {
			return e, true
		}
	}
	return ttEntry{}, false
}

// store records a search result of key.
func (t *table) store(key uint64, score Score, depth int, bound uint8, move uint8) {
	b := t.bucket(key)
	var e *ttEntry
	if len(b) == 2 {
		e = &b[0]
		if e.gen == t.gen && e.key != key && int(e.depth) > depth {
			e = &b[1]
		}
	} else {
		e = &b[0]
		for i := range b {
			x := &b[i]
			if x.gen != t.gen || x.key == key {
				e = x
				break
			}
			if x.depth < e.depth {
				e = x
			}
		}
	}
	if e.gen == t.gen && e.key == key && move == noMove {
		move = e.move // keep the old best move of the same position
	}
	*e = ttEntry{key: key, score: int16(score), depth: int8(depth), bound: bound, move: move, gen: t.gen}
}

// Decisive scores and the endgame databases' wins are stored as
// distances from the node, not the root.
func scoreToTT(s Score, ply int) Score {
	switch {
	case s.IsTableWin():
		return s + Score(ply)
	case s.IsTableLoss():
		return s - Score(ply)
	case s.IsWin():
		return s + Score(ply)
	case s.IsLoss():
		return s - Score(ply)
	}
	return s
}

func scoreFromTT(s Score, ply int) Score {
	switch {
	case s.IsTableWin():
		return s - Score(ply)
	case s.IsTableLoss():
		return s + Score(ply)
	case s.IsWin():
		return s - Score(ply)
	case s.IsLoss():
		return s + Score(ply)
	}
	return s
}
