package draughts

// Counting the moves of a position without listing them, for perft's
// leaves (perft.go). Quiet moves are counted by population counts; the
// captures of men by whole-board operations too, every man at once along
// each diagonal step, as the quiet moves are, to their second jump
// (manJumps): the captures of a man that go on past it or crown it on
// the way, and the kings', are the generator's, which counts them
// (countCaptures): every capture rule lives in movegen.go, and the bulk
// counts read the same traits (newBulkSide).
//
// The four diagonal steps of a board with k squares a row are shifts by
// k and k+1 bits up and down (Geometry); here they are numbered by shift,
// not by Direction: step 0 is up by k, 1 up by k+1, 2 down by k, 3 down
// by k+1, so that step i^2 is the reverse of step i. Which of them goes
// left depends on the board, and nothing here needs to know.

// width stands for the squares a row of a board has (4 on 8x8, 5 on
// 10x10, 6 on 12x12, whose code is on two words: wide.go) as a type parameter: a generic function over it is compiled once
// per board, where rowWidth is a constant and the shifts by it immediates
// (Go compiles a generic function once per shape of its type arguments;
// [4]byte and [5]byte are two shapes, and the length of an array type is
// a constant in each). Where the generator is not generic, the geometry's
// shifts are read from memory (see doc.go).
type width interface{ [4]byte | [5]byte | [6]byte }

// rowWidth is K, the squares a row of a board of width W.
func rowWidth[W width]() uint {
	var w W
	return uint(len(w))
}

// countMoves counts the legal moves of p as c counts them; a wide board's
// on two words (countMovesWide).
func (v *spec) countMoves(p *Position, c Counting, buf []Move) int {
	if v.geo.perRow == 4 {
		return countMoves[[4]byte](v, p, c, buf)
	}
	if !v.wide {
		return countMoves[[5]byte](v, p, c, buf)
	}
	return countMovesWide[[6]byte](v, p, c, buf, v.geo.ray2)
}

// countMoves counts the legal moves of p as c counts them on a board of
// width W.
func countMoves[W width](v *spec, p *Position, c Counting, buf []Move) int {
	us := p.Side
	occ := p.Occupied()
	empty := v.geo.board &^ occ
	men := p.Men(us)
	kings := p.KingsOf(us)
	b := &v.bulk[us&1]
	// Men never capture the kings spareMask spares (Italian).
	c0, c1, c2, c3 := jumpSets[W](p.Pieces[us^1]&^(p.Kings&v.spareMask), empty, b)
	jm := men & (c0 | c1 | c2 | c3)
	var jk Bitboard
	if kings != 0 {
		jk = kingCapturers[W](v, p, kings, occ, empty)
		if jm|jk == 0 {
			return countQuiet[W](v, p)
		}
	} else if jm == 0 {
		return manSteps(men, empty, us, rowWidth[W]())
	}
	n, n2, slow := manJumps[W](men, c0, c1, c2, c3, b)
	full := v.needsFull(p)
	if slow|jk == 0 && !full {
		// The common case: men's captures of one or two pieces, each the
		// only move of its result.
		if v.MajorityCapture && n2 > 0 {
			return n2
		}
		return n
	}
	if full || v.kingOnly && jk != 0 {
		// Which captures are legal depends on all of them (a king that
		// can capture must, Czech; the precedence): the generator counts.
		return v.countFull(p, jm|jk, c, buf)
	}
	return v.countCaptures(p, n, n2, slow|jk, c, buf)
}

// bulkSide is what manJumps needs to know of the men of one side.
type bulkSide struct {
	// allow[i] is every bit when the men capture along step i, else 0.
	allow [4]Bitboard
	// goOn: the landing squares where a capture may go on past what the
	// men's steps show (the promotion row with PromoteAndContinue: the
	// man goes on as a king); stop: where it ends whatever follows (the
	// promotion row with PromoteAndStop).
	goOn, stop Bitboard
}

// newBulkSide prepares manJumps for the men of side c under rules r on g.
func newBulkSide(r *Rules, g *Geometry, c Color) bulkSide {
	var b bulkSide
	for i := range b.allow {
		if r.MenCaptureBack || (i < 2) == (c == White) {
			b.allow[i] = ^Bitboard(0)
		}
	}
	switch r.CapturePromotion {
	case PromoteAndContinue:
		b.goOn = g.promo[c]
	case PromoteAndStop:
		b.stop = g.promo[c]
	}
	return b
}

// manJumps counts the captures of men that take one or two pieces and
// end there uncrowned (short captures, below), by whole-board operations,
// given the jump sets ci of side b (jumpSets); some man of men can
// capture. n counts them, n2 those among them that take two pieces (the
// majority rule needs it); slow is the men with a capture that is not
// short, one that takes three pieces or more or crowns the man on the way
// with b.goOn (to go on as a king), whose captures the generator counts
// (countCaptures).
//
// A man that jumped along step i may go on from its landing square l
// only along another step than i^2 (the reverse, which meets the piece
// just taken); along those, the squares next to l and behind them are as
// they were before the jump (the piece taken and the square the man left
// both lie along step i^2), so the capture goes on from l along step j
// exactly when l is one of the squares from which a man can jump along
// step j in p: cj below, one test for every man at once. The same holds
// after a second jump along step j (the first piece taken and the square
// the man left are off the squares it meets: three diagonal steps do not
// add up to none), so the second and third jumps are read from the same
// sets; only a fourth jump may come back to the square the man left, or
// over a piece already taken.
func manJumps[W width](men, c0, c1, c2, c3 Bitboard, b *bulkSide) (n, n2 int, slow Bitboard) {
	s0, s1, s2, s3 := steps[W]()
	j0, j1, j2, j3 := men&c0, men&c1, men&c2, men&c3
	// gi: the landing squares of a jump along step i from which the
	// capture goes on (as a man, or as a crowned man with goOn); on stop
	// squares it ends whatever follows.
	g0, g1, g2, g3 := goOnSets(c0, c1, c2, c3, b)
	on := goesOn[W](j0, j1, j2, j3, g0, g1, g2, g3)
	if on == 0 {
		return j0.PopCount() + j1.PopCount() + j2.PopCount() + j3.PopCount(), 0, 0
	}
	// The first jumps that end.
	n = (j0 &^ move(g0, -2*s0)).PopCount() + (j1 &^ move(g1, -2*s1)).PopCount() +
		(j2 &^ move(g2, -2*s2)).PopCount() + (j3 &^ move(g3, -2*s3)).PopCount()
	// The men crowned by their first jump, to go on as kings.
	slow = (j0 | j1 | j2 | j3) & (move(b.goOn, -2*s0) | move(b.goOn, -2*s1) | move(b.goOn, -2*s2) | move(b.goOn, -2*s3))
	// The first jumps that go on as a man, one more jump each way; only
	// the steps where some man goes on (usually one).
	man := b.stop | b.goOn
	var a, b0, b1 int
	var o, o0, o1 Bitboard
	if y := j0 & move(g0&^man, -2*s0); y != 0 {
		a, o = twoJumps(y, c0, g0, s0, s0)
		b0, o0 = twoJumps(y, c1, g1, s0, s1)
		b1, o1 = twoJumps(y, c3, g3, s0, s3)
		n2, slow = n2+a+b0+b1, slow|o|o0|o1
	}
	if y := j1 & move(g1&^man, -2*s1); y != 0 {
		a, o = twoJumps(y, c0, g0, s1, s0)
		b0, o0 = twoJumps(y, c1, g1, s1, s1)
		b1, o1 = twoJumps(y, c2, g2, s1, s2)
		n2, slow = n2+a+b0+b1, slow|o|o0|o1
	}
	if y := j2 & move(g2&^man, -2*s2); y != 0 {
		a, o = twoJumps(y, c1, g1, s2, s1)
		b0, o0 = twoJumps(y, c2, g2, s2, s2)
		b1, o1 = twoJumps(y, c3, g3, s2, s3)
		n2, slow = n2+a+b0+b1, slow|o|o0|o1
	}
	if y := j3 & move(g3&^man, -2*s3); y != 0 {
		a, o = twoJumps(y, c0, g0, s3, s0)
		b0, o0 = twoJumps(y, c2, g2, s3, s2)
		b1, o1 = twoJumps(y, c3, g3, s3, s3)
		n2, slow = n2+a+b0+b1, slow|o|o0|o1
	}
	return n + n2, n2, slow
}

// twoJumps follows the men of y, whose first jump along step si goes on
// as a man, along step sj (see manJumps), given cj (where a man jumps
// along sj) and gj (where a capture that came along sj goes on): it
// counts the captures that end after that second jump, and returns the
// men whose capture goes on. It is called with constant steps.
func twoJumps(y, cj, gj Bitboard, si, sj int) (n int, on Bitboard) {
	t := y & move(cj, -2*si)
	on = t & move(gj, -2*(si+sj))
	return (t &^ on).PopCount(), on
}

// steps returns the four steps of a board of width W, in bits.
func steps[W width]() (s0, s1, s2, s3 int) {
	k := int(rowWidth[W]())
	return k, k + 1, -k, -k - 1
}

// jumpSets returns ci, the squares from which a man of side b jumps over
// a piece of opp along step i onto an empty square.
func jumpSets[W width](opp, empty Bitboard, b *bulkSide) (c0, c1, c2, c3 Bitboard) {
	k := rowWidth[W]()
	return (empty >> k & opp) >> k & b.allow[0], (empty >> (k + 1) & opp) >> (k + 1) & b.allow[1],
		(empty << k & opp) << k & b.allow[2], (empty << (k + 1) & opp) << (k + 1) & b.allow[3]
}

// goOnSets returns gi, the landing squares of a jump along step i from
// which the capture goes on (manJumps), given the jump sets ci of side b.
func goOnSets(c0, c1, c2, c3 Bitboard, b *bulkSide) (g0, g1, g2, g3 Bitboard) {
	return (c0|c1|c3)&^b.stop | b.goOn, (c0|c1|c2)&^b.stop | b.goOn,
		(c1|c2|c3)&^b.stop | b.goOn, (c0|c2|c3)&^b.stop | b.goOn
}

// goesOn returns the men of ji (that jump along step i) whose capture
// goes on from the landing square, where gi says it does (manJumps).
func goesOn[W width](j0, j1, j2, j3, g0, g1, g2, g3 Bitboard) Bitboard {
	k := rowWidth[W]()
	// Seen from the men's squares, two steps back.
	return j0&(g0>>(2*k)) | j1&(g1>>(2*k+2)) | j2&(g2<<(2*k)) | j3&(g3<<(2*k+2))
}

// move shifts b by d bits: up (left) for d > 0, down for d < 0. It is
// called with constants, which inlining folds into one immediate shift.
func move(b Bitboard, d int) Bitboard {
	if d >= 0 {
		return b << uint(d)
	}
	return b >> uint(-d)
}

// kingCapturers returns the kings of the side to move, all of kings,
// that can capture.
func kingCapturers[W width](v *spec, p *Position, kings, occ, empty Bitboard) Bitboard {
	geo := v.geo
	opp := p.Pieces[p.Side^1]
	if !v.FlyingKings {
		up, down := jumpTargets(empty, opp, rowWidth[W]())
		return (up | down) & kings
	}
	return flyingCapturers(geo, kings, opp, occ, empty)
}

// countQuiet counts the quiet moves of p without listing them.
func countQuiet[W width](v *spec, p *Position) int {
	geo := v.geo
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
	men := p.Men(us)
	n := manSteps(men, empty, us, rowWidth[W]())
	for k := p.KingsOf(us); k != 0; k &= k - 1 {
		s := k.First()
		for d := Direction(0); d < 4; d++ {
			if v.FlyingKings {
				t := geo.ray[s][d]
				if blk := t & occ; blk != 0 {
					t = before(t, firstBlocker(blk, d), d)
				}
				n += t.PopCount()
			} else if nb := geo.neighbor[s][d]; nb != NoSquare && empty.Has(nb) {
				n++
			}
		}
	}
	return n
}

func (v *spec) quietMove(p *Position, from, to Square) (Move, int, bool) {
	geo := v.geo
	if !geo.board.Has(from) || !geo.board.Has(to) || v.capturers(p) != 0 {
		return Move{}, 0, false
	}
	if v.ownQuiet {
		return v.quietMoveOwn(p, from, to)
	}
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
	if !empty.Has(to) {
		return Move{}, 0, false
	}
	var m Move
	switch f := from.Bit(); {
	case p.Men(us)&f != 0:
		// As quietMoves steps the men.
		var steps Bitboard
		if us == White {
			steps = f<<(geo.shift[UpLeft]&63) | f<<(geo.shift[UpRight]&63)
		} else {
			steps = f>>(geo.shift[DownLeft]&63) | f>>(geo.shift[DownRight]&63)
		}
		if !(steps & empty).Has(to) {
			return Move{}, 0, false
		}
		m = Move{From: from, To: to, Promotes: geo.promo[us].Has(to), v: v.id}
	case p.KingsOf(us)&f != 0:
		found := false
		for d := Direction(0); d < 4 && !found; d++ {
			if v.FlyingKings {
				t := geo.ray[from][d]
				if blk := t & occ; blk != 0 {
					t = before(t, firstBlocker(blk, d), d)
				}
				found = t.Has(to)
			} else {
				found = geo.neighbor[from][d] == to
			}
		}
		if !found {
			return Move{}, 0, false
		}
		m = Move{From: from, To: to, v: v.id}
	default:
		return Move{}, 0, false
	}
	if geo.perRow == 4 {
		return m, countQuiet[[4]byte](v, p), true
	}
	n := countQuiet[[5]byte](v, p)
	if b := v.barred(p); b != 0 {
		// Frisian: the king at the limit of quiet moves has none
		// (Rules.KingMoveLimit); countQuiet, which perft's other variants
		// count their leaves with, does not look.
		if b.Has(from) {
			return Move{}, 0, false
		}
		n -= v.kingQuietCount(p, b.First())
	}
	return m, n, true
}

// kingQuietCount counts the quiet moves of the king on s, as countQuiet
// counts them.
func (v *spec) kingQuietCount(p *Position, s Square) int {
	geo := v.geo
	occ := p.Occupied()
	n := 0
	for d := Direction(0); d < 4; d++ {
		if v.FlyingKings {
			t := geo.ray[s][d]
			if blk := t & occ; blk != 0 {
				t = before(t, firstBlocker(blk, d), d)
			}
			n += t.PopCount()
		} else if nb := geo.neighbor[s][d]; nb != NoSquare && !occ.Has(nb) {
			n++
		}
	}
	return n
}

// quietMoveOwn is quietMove for the variants with quiet moves of their
// own (ownQuiet): Turkish's (straightQuietMove), a wide board's
// (quietMoveWide). quietMove's tests before it, on one word, can only
// turn a wide board's move down (a square of the high word, capturers
// in word 0), which is never wrong: the caller lists the moves.
func (v *spec) quietMoveOwn(p *Position, from, to Square) (Move, int, bool) {
	if v.wide {
		return quietMoveWide[[6]byte](v, p, from, to, v.geo.ray2)
	}
	return v.straightQuietMove(p, from, to)
}

// straightQuietMove is quietMove in Turkish, from the list of the quiet
// moves, which is short: its steps along rows are not counted in bulk. A
// function of its own, so that the other variants' quietMove keeps a
// small frame.
func (v *spec) straightQuietMove(p *Position, from, to Square) (Move, int, bool) {
	var buf [128]Move
	ms := v.straightQuiet(p, buf[:0])
	for i := range ms {
		if ms[i].From == from && ms[i].To == to {
			return ms[i], len(ms), true
		}
	}
	return Move{}, 0, false
}

// manSteps counts the quiet moves of the men of side us onto empty, on a
// board with k squares a row (see jumpTargets).
func manSteps(men, empty Bitboard, us Color, k uint) int {
	if us == White {
		return (men << k & empty).PopCount() + (men << (k + 1) & empty).PopCount()
	}
	return (men >> k & empty).PopCount() + (men >> (k + 1) & empty).PopCount()
}

// countCaptures counts the captures of p as c counts them, given n, the
// short captures of its men (manJumps), n2 those of them that take two
// pieces, and jumpers, the pieces of p with captures that are not short
// (men that go on past two jumps or crown on the way, and the kings),
// whose other captures the generator counts. Every capture rule is the
// generator's; the counts of manJumps only add to it.
func (v *spec) countCaptures(p *Position, n, n2 int, jumpers Bitboard, c Counting, buf []Move) int {
	var g movegen[[1]uint64]
	g.init(v, p, buf[:0], &v.geo.ray1)
	g.sequences = c != CountLandings
	most := 0 // with the majority rule: the most pieces the short captures take
	if v.MajorityCapture {
		most = min(n, 1)
		if n2 > 0 {
			n, most = n2, 2
		}
	}
	if c == CountResults {
		// A short capture is the only move of its result: its first piece
		// taken is next to the man's square, its second is not. The
		// others are listed (one path per sequence: the paths of one
		// sequence have one result) and told apart.
		g.run(p, jumpers)
		ms := g.out[:0]
		for _, m := range g.out {
			if p.Kings.Has(m.From) || !v.short(&m) {
				ms = append(ms, m)
			}
		}
		if v.MajorityCapture {
			ms = keepMajority(ms, 0)
			switch {
			case len(ms) == 0:
			case int(ms[0].jumps) > most:
				n = 0
			case int(ms[0].jumps) < most:
				ms = ms[:0]
			}
		}
		return n + len(CountResults.Distinct(ms))
	}
	g.counting, g.longOnly = true, true
	g.run(p, jumpers)
	switch {
	case !v.MajorityCapture || g.most == most:
		return n + g.count
	case g.most > most:
		return g.count
	}
	return n
}

// short reports whether m, a capture by a man, is one that manJumps
// counts: of one or two pieces, and not crowned on the way to go on as a
// king.
func (v *spec) short(m *Move) bool {
	return m.jumps <= 2 && !(m.Promotes && v.CapturePromotion == PromoteAndContinue)
}

// needsFull reports whether the captures of p must be counted by the full
// generator: a precedence beyond the number of pieces taken, a man
// crowned mid-capture under the majority rule (no variant counted in
// bulk has it: Turkish is counted by the generator), or kings that men
// spare (manJumps does not see the kings as they go on).
func (v *spec) needsFull(p *Position) bool { return v.needsFullKings(p.Kings) }

// needsFullKings is needsFull for a position with the given kings.
func (v *spec) needsFullKings(kings Bitboard) bool {
	return v.crownedMajority || v.kingsMatter && kings != 0
}

// countFull counts the captures of p by the pieces of jumpers with the
// full generator, which follows every rule of precedence.
func (v *spec) countFull(p *Position, jumpers Bitboard, c Counting, buf []Move) int {
	if c == CountResults {
		return len(c.Distinct(v.captures(p, jumpers, buf[:0], true)))
	}
	var g movegen[[1]uint64]
	g.init(v, p, nil, &v.geo.ray1)
	g.counting = true
	g.sequences = c == CountSequences
	// Without kings on the board the precedence is the majority's.
	g.ranked, g.kings = v.ranked && p.Kings != 0, p.Kings
	g.run(p, v.kingsFirst(p, jumpers))
	return g.count
}
