package draughts

import "fmt"

// Counting says which moves of a position perft counts as different. The
// conventions differ only for flying kings, where the generator lists
// every landing-square path.
type Counting uint8

const (
	// CountSequences counts each sequence of captured pieces once: two paths
	// that take the same pieces in the same order and end on the same square
	// differ only in where the king paused on its way along a diagonal, and
	// are one move. This is the convention of the published Russian perft
	// counts (7, 49, ..., 22450628, 110961169, 545059387), the default.
	CountSequences Counting = iota
	// CountLandings counts every landing-square path, as pydraughts does
	// (../shared/oracle/perft_positions.txt).
	CountLandings
	// CountResults counts the moves of a position that lead to different
	// positions (the published "dedup" counts: ..., 22444032, 110917189).
	CountResults
)

func (c Counting) String() string {
	switch c {
	case CountLandings:
		return "landings"
	case CountResults:
		return "results"
	}
	return "sequences"
}

// ParseCounting reads a Counting from its String form.
func ParseCounting(s string) (Counting, error) {
	for _, c := range []Counting{CountSequences, CountLandings, CountResults} {
		if s == c.String() {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown counting %q (sequences, landings, results)", s)
}

// Distinct removes in place the moves of ms that counting c does not tell
// from an earlier move, and returns the rest.
func (c Counting) Distinct(ms []Move) []Move {
	if c == CountLandings || len(ms) < 2 || !ms[0].IsCapture() {
		return ms // quiet moves are always distinct
	}
	same := (*Move).SameSequence
	if c == CountResults {
		same = (*Move).SameResult
	}
	n := 0
next:
	for i := range ms {
		for j := 0; j < n; j++ {
			if same(&ms[j], &ms[i]) {
				continue next
			}
		}
		ms[n] = ms[i]
		n++
	}
	return ms[:n]
}

// Perft counts the leaf nodes of the legal move tree of p to depth plies,
// counting moves as c says. Leaves are counted in bulk: at depth 1 the
// moves are counted without being listed (bulk.go), and the quiet moves
// one ply above are walked without a list.
func (v *spec) Perft(p *Position, depth int, c Counting) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 64)
	}
	if v.geo.perRow == 4 {
		return perft[[4]byte](v, *p, depth, c, bufs)
	}
	return perft[[5]byte](v, *p, depth, c, bufs)
}

// perft takes the position by value: a pointer to a local copy would be
// moved to the heap by the recursion, one allocation per node. The
// hashes of the positions below p are never read, and not kept.
func perft[W width](v *spec, p Position, depth int, c Counting, bufs [][]Move) uint64 {
	switch depth {
	case 1:
		return uint64(countMoves[W](v, &p, c, bufs[0]))
	case 2:
		return frontier[W](v, &p, c, bufs)
	}
	// One path per sequence serves CountResults too: the paths of one
	// sequence lead to one position.
	ms := v.generate(&p, bufs[depth-1][:0], c != CountLandings)
	bufs[depth-1] = ms
	if c == CountResults {
		ms = c.Distinct(ms)
	}
	var n uint64
	for i := range ms {
		q := p
		q.makeNoHash(&ms[i])
		n += perft[W](v, q, depth-1, c, bufs)
	}
	return n
}

// frontier counts the leaves two plies below p: the moves of each child
// of p, counted here rather than in a call per child (a third of the time
// went to the calls). The quiet moves of p are read from the bitboards
// and played on a copy, never listed.
func frontier[W width](v *spec, p *Position, c Counting, bufs [][]Move) uint64 {
	geo := v.geo
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
	men := p.Men(us)
	promo := geo.promo[us]
	q := *p
	q.Side = us ^ 1
	var n uint64
	b := &v.bulk[us&1]
	c0, c1, c2, c3 := jumpSets[W](p.Pieces[us^1]&^(p.Kings&v.spareMask), empty, b)
	j0, j1, j2, j3 := men&c0, men&c1, men&c2, men&c3
	var jk Bitboard
	if ks := p.KingsOf(us); ks != 0 {
		jk = kingCapturers[W](v, p, ks, occ, empty)
	}
	if j0|j1|j2|j3|jk != 0 {
		g0 := (c0|c1|c3)&^b.stop | b.goOn
		g1 := (c0|c1|c2)&^b.stop | b.goOn
		g2 := (c1|c2|c3)&^b.stop | b.goOn
		g3 := (c0|c2|c3)&^b.stop | b.goOn
		if jk == 0 && !v.needsFull(p) && goesOn[W](j0, j1, j2, j3, g0, g1, g2, g3) == 0 {
			// Every capture is a man's that takes one piece (manJumps):
			// the moves are read from the bitboards.
			k := rowWidth[W]()
			n += countJumps[W](v, p, &q, j0, j0<<k, j0<<(2*k), promo, c, bufs[0])
			n += countJumps[W](v, p, &q, j1, j1<<(k+1), j1<<(2*k+2), promo, c, bufs[0])
			n += countJumps[W](v, p, &q, j2, j2>>k, j2>>(2*k), promo, c, bufs[0])
			n += countJumps[W](v, p, &q, j3, j3>>(k+1), j3>>(2*k+2), promo, c, bufs[0])
			return n
		}
		ms := v.captures(p, v.capturers(p), bufs[1][:0], c != CountLandings)
		bufs[1] = ms
		if c == CountResults {
			ms = c.Distinct(ms)
		}
		for i := range ms {
			q := *p
			q.makeNoHash(&ms[i])
			n += uint64(countMoves[W](v, &q, c, bufs[0]))
		}
		return n
	}
	k := rowWidth[W]()
	// The men's steps (forward is up for White, a left shift); the k-th
	// square of to is reached from the k-th square of from.
	var to1, to2 Bitboard
	if us == White {
		to1, to2 = men<<k&empty, men<<(k+1)&empty
		n += countSteps[W](v, p, &q, to1, to1>>k, promo, c, bufs[0])
		n += countSteps[W](v, p, &q, to2, to2>>(k+1), promo, c, bufs[0])
	} else {
		to1, to2 = men>>k&empty, men>>(k+1)&empty
		n += countSteps[W](v, p, &q, to1, to1<<k, promo, c, bufs[0])
		n += countSteps[W](v, p, &q, to2, to2<<(k+1), promo, c, bufs[0])
	}
	for ks := p.KingsOf(us); ks != 0; ks &= ks - 1 {
		s := ks.First()
		for d := Direction(0); d < 4; d++ {
			var to Bitboard
			if v.FlyingKings {
				to = geo.ray[s][d]
				if blk := to & occ; blk != 0 {
					to = before(to, firstBlocker(blk, d), d)
				}
			} else {
				to = geo.neighbor[s][d].Bit() & empty
			}
			for ; to != 0; to &= to - 1 {
				b := s.Bit() | to.First().Bit()
				q.Pieces[us] = p.Pieces[us] ^ b
				q.Kings = p.Kings ^ b
				n += uint64(countMoves[W](v, &q, c, bufs[0]))
			}
		}
	}
	return n
}

// PerftNoBulk is Perft without bulk counting: every leaf is made and
// visited. It exists to measure the generator and Make.
func (v *spec) PerftNoBulk(p *Position, depth int, c Counting) uint64 {
	bufs := make([][]Move, depth+1)
	return v.perftSlow(*p, depth, c, bufs)
}

func (v *spec) perftSlow(p Position, depth int, c Counting, bufs [][]Move) uint64 {
	if depth == 0 {
		return 1
	}
	ms := v.Moves(&p, bufs[depth][:0])
	bufs[depth] = ms
	ms = c.Distinct(ms)
	var n uint64
	for i := range ms {
		n += v.perftSlow(p.Play(&ms[i]), depth-1, c, bufs)
	}
	return n
}

// DivideEntry is one root move of Divide with its perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move.
func (v *spec) Divide(p *Position, depth int, c Counting) []DivideEntry {
	ms := c.Distinct(v.Moves(p, nil))
	out := make([]DivideEntry, 0, len(ms))
	for i := range ms {
		q := p.Play(&ms[i])
		out = append(out, DivideEntry{Move: ms[i], Nodes: v.Perft(&q, depth-1, c)})
	}
	return out
}

// countSteps counts the moves of the children of p after each quiet move
// of a man from the i-th square of from to the i-th square of to (which
// crowns it on promo), made on q.
func countSteps[W width](v *spec, p, q *Position, to, from, promo Bitboard, c Counting, buf []Move) uint64 {
	var n uint64
	us := p.Side
	for ; to != 0; to, from = to&(to-1), from&(from-1) {
		t := to & -to
		q.Pieces[us] = p.Pieces[us] ^ (t | from&-from)
		q.Kings = p.Kings | t&promo
		n += uint64(countMoves[W](v, q, c, buf))
	}
	return n
}

// countJumps counts the moves of the children of p after each capture by
// a man from the i-th square of from over the i-th square of mid onto
// the i-th square of land (which crowns it on promo), made on q.
func countJumps[W width](v *spec, p, q *Position, from, mid, land, promo Bitboard, c Counting, buf []Move) uint64 {
	var n uint64
	us := p.Side
	for ; from != 0; from, mid, land = from&(from-1), mid&(mid-1), land&(land-1) {
		l, m := land&-land, mid&-mid
		q.Pieces[us] = p.Pieces[us] ^ (from&-from | l)
		q.Pieces[us^1] = p.Pieces[us^1] &^ m
		q.Kings = p.Kings&^m | l&promo
		n += uint64(countMoves[W](v, q, c, buf))
	}
	return n
}
