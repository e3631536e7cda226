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
// moves are counted without being listed (bulk.go), and one ply above
// the quiet moves and the captures of one piece by men are read from the
// bitboards, never listed.
func (v *spec) Perft(p *Position, depth int, c Counting) uint64 {
	if depth <= 0 {
		return 1
	}
	st := &perftState{c: c, moves: make([][]Move, depth), kids: make([]board, 0, 64)}
	for i := range st.moves {
		st.moves[i] = make([]Move, 0, 64)
	}
	if v.geo.perRow == 4 {
		return perft[[4]byte](v, *p, depth, st)
	}
	return perft[[5]byte](v, *p, depth, st)
}

// perftState is what a perft carries down the tree: its counting, and
// buffers that grow to the size they need once and are then reused.
type perftState struct {
	c     Counting
	moves [][]Move // by depth; moves[0] serves the leaves' counting
	kids  []board  // the children of a frontier position
}

// board is the pieces of a position without its side to move.
type board struct {
	pieces [2]Bitboard
	kings  Bitboard
}

// perft takes the position by value: a pointer to a local copy would be
// moved to the heap by the recursion, one allocation per node. The
// hashes of the positions below p are never read, and not kept.
func perft[W width](v *spec, p Position, depth int, st *perftState) uint64 {
	switch depth {
	case 1:
		return uint64(countMoves[W](v, &p, st.c, st.moves[0]))
	case 2:
		return frontier[W](v, &p, st)
	}
	// One path per sequence serves CountResults too: the paths of one
	// sequence lead to one position.
	ms := v.generate(&p, st.moves[depth-1][:0], st.c != CountLandings)
	st.moves[depth-1] = ms
	if st.c == CountResults {
		ms = st.c.Distinct(ms)
	}
	var n uint64
	for i := range ms {
		q := p
		q.makeNoHash(&ms[i])
		n += perft[W](v, q, depth-1, st)
	}
	return n
}

// frontier counts the leaves two plies below p: it writes the children
// of p in st.kids, reading the quiet moves and the captures of one piece
// by men from the bitboards (a list of moves took a third of the time),
// and counts their moves in one loop (countKids) rather than in a call
// per child.
func frontier[W width](v *spec, p *Position, st *perftState) uint64 {
	geo := v.geo
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
	men := p.Men(us)
	promo := geo.promo[us]
	kids := st.kids[:0]
	b := &v.bulk[us&1]
	c0, c1, c2, c3 := jumpSets[W](p.Pieces[us^1]&^(p.Kings&v.spareMask), empty, b)
	j0, j1, j2, j3 := men&c0, men&c1, men&c2, men&c3
	var jk Bitboard
	if ks := p.KingsOf(us); ks != 0 {
		jk = kingCapturers[W](v, p, ks, occ, empty)
	}
	k := rowWidth[W]()
	switch {
	case j0|j1|j2|j3|jk == 0:
		// The men's steps (forward is up for White, a left shift).
		if us == White {
			kids = addSteps(kids, p, men<<k&empty, k, promo)
			kids = addSteps(kids, p, men<<(k+1)&empty, k+1, promo)
		} else {
			kids = addSteps(kids, p, men>>k&empty, -k, promo)
			kids = addSteps(kids, p, men>>(k+1)&empty, -(k + 1), promo)
		}
		kids = addKingMoves(v, kids, p)
	case jk == 0 && !v.needsFull(p) && goesOn[W](j0, j1, j2, j3,
		(c0|c1|c3)&^b.stop|b.goOn, (c0|c1|c2)&^b.stop|b.goOn,
		(c1|c2|c3)&^b.stop|b.goOn, (c0|c2|c3)&^b.stop|b.goOn) == 0:
		// Every capture is a man's that takes one piece (manJumps).
		kids = addJumps(kids, p, j0, j0<<k, j0<<(2*k), promo)
		kids = addJumps(kids, p, j1, j1<<(k+1), j1<<(2*k+2), promo)
		kids = addJumps(kids, p, j2, j2>>k, j2>>(2*k), promo)
		kids = addJumps(kids, p, j3, j3>>(k+1), j3>>(2*k+2), promo)
	default:
		ms := v.captures(p, v.capturers(p), st.moves[1][:0], st.c != CountLandings)
		st.moves[1] = ms
		if st.c == CountResults {
			ms = st.c.Distinct(ms)
		}
		for i := range ms {
			q := *p
			q.makeNoHash(&ms[i])
			kids = append(kids, board{q.Pieces, q.Kings})
		}
	}
	st.kids = kids
	return countKids[W](v, kids, us^1, st)
}

// addSteps appends the children of p after each quiet move of a man onto
// a square of to, from the square off bits before it, which crowns it on
// promo.
func addSteps(kids []board, p *Position, to Bitboard, off uint, promo Bitboard) []board {
	// The i-th square of to is reached from the i-th square of from.
	from := to >> off
	if int(off) < 0 {
		from = to << -off
	}
	w, b := sideMasks(p.Side)
	kids, dst := extend(kids, to.PopCount())
	for i := range dst {
		t := to & -to
		m := t | from&-from
		// Field by field: a composite literal would be built on the stack
		// and copied.
		dst[i].pieces[White] = p.Pieces[White] ^ m&w
		dst[i].pieces[Black] = p.Pieces[Black] ^ m&b
		dst[i].kings = p.Kings | t&promo
		to, from = to&(to-1), from&(from-1)
	}
	return kids
}

// extend lengthens kids by n and returns it with the n new elements.
func extend(kids []board, n int) (all, added []board) {
	l := len(kids)
	if cap(kids)-l < n {
		kids = append(kids[:cap(kids)], make([]board, l+n-cap(kids))...)
	}
	kids = kids[:l+n]
	return kids, kids[l:]
}

// sideMasks returns every bit for side c and none for the other, as
// masks of White and Black: x&w changes White's board only when c is
// White, without a branch.
func sideMasks(c Color) (w, b Bitboard) {
	w = Bitboard(c&1) - 1
	return w, ^w
}

// addKingMoves appends the children of p after each quiet move of a king.
func addKingMoves(v *spec, kids []board, p *Position) []board {
	geo := v.geo
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
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
				m := s.Bit() | to&-to
				x := board{p.Pieces, p.Kings ^ m}
				x.pieces[us] ^= m
				kids = append(kids, x)
			}
		}
	}
	return kids
}

// addJumps appends the children of p after each capture by a man from
// the i-th square of from over the i-th square of mid onto the i-th
// square of land, which crowns it on promo.
func addJumps(kids []board, p *Position, from, mid, land, promo Bitboard) []board {
	w, b := sideMasks(p.Side)
	kids, dst := extend(kids, from.PopCount())
	for i := range dst {
		l, x := land&-land, mid&-mid
		m := from&-from | l
		// The mover's board changes by m, the other's loses x.
		dst[i].pieces[White] = (p.Pieces[White] ^ m&w) &^ (x & b)
		dst[i].pieces[Black] = (p.Pieces[Black] ^ m&b) &^ (x & w)
		dst[i].kings = p.Kings&^x | l&promo
		from, mid, land = from&(from-1), mid&(mid-1), land&(land-1)
	}
	return kids
}

// countKids counts the moves of the positions kids with side to move.
// The common cases, a side with men only and no capture or captures that
// manJumps counts whole, are counted here with no call (a call in Go
// spills the loop's state).
func countKids[W width](v *spec, kids []board, side Color, st *perftState) uint64 {
	var n uint64
	geo := v.geo
	b := &v.bulk[side&1]
	k := rowWidth[W]()
	q := Position{Side: side, v: v.id}
	for i := range kids {
		x := &kids[i]
		if x.kings&x.pieces[side] == 0 {
			men := x.pieces[side]
			empty := geo.board &^ (x.pieces[0] | x.pieces[1])
			c0, c1, c2, c3 := jumpSets[W](x.pieces[side^1]&^(x.kings&v.spareMask), empty, b)
			if men&(c0|c1|c2|c3) == 0 {
				n += uint64(manSteps(men, empty, side, k))
				continue
			}
			m, m2, slow := manJumps[W](men, c0, c1, c2, c3, b)
			if slow == 0 && !v.needsFullKings(x.kings) {
				if v.MajorityCapture && m2 > 0 {
					m = m2
				}
				n += uint64(m)
				continue
			}
		}
		q.Pieces, q.Kings = x.pieces, x.kings
		n += uint64(countMoves[W](v, &q, st.c, st.moves[0]))
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
