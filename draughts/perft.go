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
// moves are counted without being listed (bulk.go), and above them the
// quiet moves and the short captures of men are read from the bitboards,
// never listed. A board of more than 64 bits (wide: 12x12) is counted on
// two words by perftWide, whose leaves alone are counted in bulk.
func (v *spec) Perft(p *Position, depth int, c Counting) uint64 {
	if depth <= 0 {
		return 1
	}
	if !v.bulkCounts() {
		if v.wide {
			return perftWide[[6]byte](v, p, depth, c, v.geo.ray2)
		}
		return v.PerftNoBulk(p, depth, c)
	}
	st := &perftState{c: c, moves: make([][]Move, depth+1), kids: make([][]board, depth+1)}
	for i := range st.moves {
		st.moves[i] = make([]Move, 0, 64)
		st.kids[i] = make([]board, 0, 64)
	}
	if v.geo.perRow == 4 {
		return perft[[4]byte](v, *p, depth, st)
	}
	return perft[[5]byte](v, *p, depth, st)
}

// bulkCounts reports whether perft may count v in bulk (bulk.go). The
// bulk counts read the diagonal steps as whole-board shifts and know no
// game that ends with a king: Frisian's orthogonal captures, Turkish's
// moves along files and rows and Breakthrough are counted by the
// generator. Nor does a wide board (its eachCaptures), which Perft sends
// to perftWide behind this test.
func (v *spec) bulkCounts() bool { return !v.eachCaptures && !v.FirstKingWins }

// perftState is what a perft carries down the tree: its counting, and
// buffers by depth that grow to the size they need once and are then
// reused (moves[0] serves the leaves' counting).
type perftState struct {
	c     Counting
	moves [][]Move
	kids  [][]board
}

// board is the pieces of a position without its side to move.
type board struct {
	pieces [2]Bitboard
	kings  Bitboard
}

// perft takes the position by value: a pointer to a local copy would be
// moved to the heap by the recursion, one allocation per node. The
// hashes of the positions below p are never read, and not kept.
//
// Two plies above the leaves (depth 2) the children's moves are counted
// in one loop (plainFrontier, else countKids over the children's boards)
// rather than in a call per child: a third of the time went to the calls.
// Above that the children's boards are recursed into, never a list of
// moves but where the generator is needed (children).
func perft[W width](v *spec, p Position, depth int, st *perftState) uint64 {
	if depth == 1 {
		return uint64(countMoves[W](v, &p, st.c, st.moves[0]))
	}
	if depth == 2 {
		if n, ok := plainFrontier[W](v, &p, st); ok {
			return n
		}
	}
	kids := children[W](v, &p, st.kids[depth][:0], st, depth)
	st.kids[depth] = kids
	if depth == 2 {
		return countKids[W](v, kids, p.Side^1, st)
	}
	var n uint64
	q := Position{Side: p.Side ^ 1, v: p.v}
	for i := range kids {
		q.Pieces, q.Kings = kids[i].pieces, kids[i].kings
		n += perft[W](v, q, depth-1, st)
	}
	return n
}

// plainFrontier counts the leaves two plies below p in the commonest
// cases, no kings on the board and either no capture for the side to
// move or captures of one piece each: each move of a man is played and
// its child counted in one loop, with no list of children. ok is false in
// the other cases.
func plainFrontier[W width](v *spec, p *Position, st *perftState) (n uint64, ok bool) {
	if p.Kings != 0 {
		return 0, false
	}
	us := p.Side
	empty := v.geo.board &^ p.Occupied()
	men := p.Pieces[us]
	b := &v.bulk[us&1]
	c0, c1, c2, c3 := jumpSets[W](p.Pieces[us^1], empty, b)
	j0, j1, j2, j3 := men&c0, men&c1, men&c2, men&c3
	k := rowWidth[W]()
	switch {
	case j0|j1|j2|j3 == 0:
		if us == White {
			to1, to2 := men<<k&empty, men<<(k+1)&empty
			return countPlain[W](v, p, to1>>k, 0, to1, st) + countPlain[W](v, p, to2>>(k+1), 0, to2, st), true
		}
		to1, to2 := men>>k&empty, men>>(k+1)&empty
		return countPlain[W](v, p, to1<<k, 0, to1, st) + countPlain[W](v, p, to2<<(k+1), 0, to2, st), true
	case v.needsFull(p):
		return 0, false
	}
	g0, g1, g2, g3 := goOnSets(c0, c1, c2, c3, b)
	if goesOn[W](j0, j1, j2, j3, g0, g1, g2, g3) != 0 {
		return 0, false
	}
	return countPlain[W](v, p, j0, j0<<k, j0<<(2*k), st) + countPlain[W](v, p, j1, j1<<(k+1), j1<<(2*k+2), st) +
		countPlain[W](v, p, j2, j2>>k, j2>>(2*k), st) + countPlain[W](v, p, j3, j3>>(k+1), j3>>(2*k+2), st), true
}

// countPlain counts the moves of the children of p (which has no kings)
// after each move of a man from the i-th square of from to the i-th
// square of to, capturing the i-th square of mid (none for quiet moves).
func countPlain[W width](v *spec, p *Position, from, mid, to Bitboard, st *perftState) uint64 {
	var n uint64
	us, them := p.Side, p.Side^1
	b := &v.bulk[them&1]
	mine, theirs := p.Pieces[us], p.Pieces[them]
	empty := v.geo.board &^ (mine | theirs)
	promo := v.geo.promo[us]
	k := rowWidth[W]()
	for ; to != 0; from, mid, to = from&(from-1), mid&(mid-1), to&(to-1) {
		t, x := to&-to, mid&-mid
		m := t | from&-from
		kings := t & promo
		e := empty ^ m ^ x
		men := theirs &^ x
		c0, c1, c2, c3 := jumpSets[W]((mine^m)&^(kings&v.spareMask), e, b)
		if men&(c0|c1|c2|c3) == 0 {
			n += uint64(manSteps(men, e, them, k))
			continue
		}
		c, c2s, slow := manJumps[W](men, c0, c1, c2, c3, b)
		if slow == 0 && !v.needsFullKings(kings) {
			if v.MajorityCapture && c2s > 0 {
				c = c2s
			}
			n += uint64(c)
			continue
		}
		q := Position{Side: them, v: v.id, Kings: kings}
		q.Pieces[us], q.Pieces[them] = mine^m, men
		n += uint64(countMoves[W](v, &q, st.c, st.moves[0]))
	}
	return n
}

// children appends to kids the positions after each move of p, as
// st.c counts moves, and returns it (st.moves[depth] serves the moves it
// lists). Quiet moves and the short captures of men (manJumps) are read
// from the bitboards; only the other captures are listed by the
// generator.
func children[W width](v *spec, p *Position, kids []board, st *perftState, depth int) []board {
	geo := v.geo
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
	men := p.Men(us)
	promo := geo.promo[us]
	b := &v.bulk[us&1]
	c0, c1, c2, c3 := jumpSets[W](p.Pieces[us^1]&^(p.Kings&v.spareMask), empty, b)
	j0, j1, j2, j3 := men&c0, men&c1, men&c2, men&c3
	var jk Bitboard
	if ks := p.KingsOf(us); ks != 0 {
		jk = kingCapturers[W](v, p, ks, occ, empty)
	}
	k := rowWidth[W]()
	if j0|j1|j2|j3|jk == 0 {
		// The men's steps (forward is up for White, a left shift).
		if us == White {
			kids = addSteps(kids, p, men<<k&empty, k, promo)
			kids = addSteps(kids, p, men<<(k+1)&empty, k+1, promo)
		} else {
			kids = addSteps(kids, p, men>>k&empty, -k, promo)
			kids = addSteps(kids, p, men>>(k+1)&empty, -(k + 1), promo)
		}
		return addKingMoves(v, kids, p)
	}
	var g [4]Bitboard
	g[0], g[1], g[2], g[3] = goOnSets(c0, c1, c2, c3, b)
	on := goesOn[W](j0, j1, j2, j3, g[0], g[1], g[2], g[3])
	switch {
	case jk == 0 && on == 0 && !v.needsFull(p):
		// Every capture is a man's that takes one piece.
		kids = addJumps(kids, p, j0, j0<<k, 0, j0<<(2*k), promo)
		kids = addJumps(kids, p, j1, j1<<(k+1), 0, j1<<(2*k+2), promo)
		kids = addJumps(kids, p, j2, j2>>k, 0, j2>>(2*k), promo)
		return addJumps(kids, p, j3, j3>>(k+1), 0, j3>>(2*k+2), promo)
	case v.needsFull(p) || v.MajorityCapture || v.kingOnly && jk != 0:
		// Which captures are legal depends on all of them: list them.
		ms := v.captures(p, v.capturers(p), st.moves[depth][:0], st.c != CountLandings)
		st.moves[depth] = ms
		return addMoves(kids, p, ms, st.c)
	}
	// The short captures of men (manJumps): one or two pieces, uncrowned.
	s := [4]int{}
	s[0], s[1], s[2], s[3] = steps[W]()
	js := [4]Bitboard{j0, j1, j2, j3}
	cs := [4]Bitboard{c0, c1, c2, c3}
	var slow Bitboard
	for i := range 4 {
		if js[i] == 0 {
			continue
		}
		e := js[i] &^ move(g[i], -2*s[i])
		kids = addJumps(kids, p, e, move(e, s[i]), 0, move(e, 2*s[i]), promo)
		slow |= js[i] & move(b.goOn, -2*s[i])
		y := js[i] & move(g[i]&^(b.stop|b.goOn), -2*s[i])
		if y == 0 {
			continue
		}
		for j := range 4 {
			if j == i^2 {
				continue
			}
			t := y & move(cs[j], -2*s[i])
			o := t & move(g[j], -2*(s[i]+s[j]))
			slow |= o
			e := t &^ o
			kids = addJumps(kids, p, e, move(e, s[i]), move(e, 2*s[i]+s[j]), move(e, 2*(s[i]+s[j])), promo)
		}
	}
	if slow|jk == 0 {
		return kids
	}
	// The other captures of the slow men, and the kings'.
	var gen movegen[[1]uint64]
	gen.init(v, p, st.moves[depth][:0], &v.geo.ray1)
	gen.sequences = st.c != CountLandings
	gen.run(p, slow)
	ms := gen.out[:0]
	for _, m := range gen.out {
		if !v.short(&m) {
			ms = append(ms, m)
		}
	}
	gen.out = ms
	gen.run(p, jk)
	st.moves[depth] = gen.out
	return addMoves(kids, p, gen.out, st.c)
}

// addMoves appends the children of p after the moves ms, as c counts
// them.
func addMoves(kids []board, p *Position, ms []Move, c Counting) []board {
	if c == CountResults {
		ms = c.Distinct(ms)
	}
	for i := range ms {
		q := *p
		q.makeNoHash(&ms[i])
		kids = append(kids, board{q.Pieces, q.Kings})
	}
	return kids
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
			for to := v.kingSteps(s, d, occ, empty); to != 0; to &= to - 1 {
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
// the i-th square of from over the i-th squares of mid and mid2 (none
// for a capture of one piece) onto the i-th square of land, which crowns
// it on promo.
func addJumps(kids []board, p *Position, from, mid, mid2, land, promo Bitboard) []board {
	if from == 0 {
		return kids
	}
	w, b := sideMasks(p.Side)
	kids, dst := extend(kids, from.PopCount())
	for i := range dst {
		l, x := land&-land, mid&-mid|mid2&-mid2
		m := from&-from | l
		// The mover's board changes by m, the other's loses x.
		dst[i].pieces[White] = (p.Pieces[White] ^ m&w) &^ (x & b)
		dst[i].pieces[Black] = (p.Pieces[Black] ^ m&b) &^ (x & w)
		dst[i].kings = p.Kings&^x | l&promo
		from, mid, mid2, land = from&(from-1), mid&(mid-1), mid2&(mid2-1), land&(land-1)
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
