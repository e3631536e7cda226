package draughts

// The move generation of a board of more than 64 bits (spec.wide: 12x12,
// docs/canadian.md), on sets of len(W) words. A test that the one-word
// boards already pay sends the wide board here (special in generate,
// eachCaptures in capturers, ownQuiet in quietMoves, hasQuiet and
// quietMove, bulkCounts in Perft), so that 8x8 and 10x10 run their own
// code unchanged; the capture search itself (movegen) is the one all the
// boards share. The wide board plays the diagonal rules only (no
// Straight, Orthogonal or FirstKingWins: Canadian is International's).
//
// The geometry's masks are read on two words (board2, promo2: narrow),
// the position's sets with their high words (sets). Every function here
// is checked on the boards of one word against the one-word code
// (TestGenerateWideOneWord), and on 12x12 against itself on the
// position turned round (TestWideHighWords12x12), where the pieces of
// the high word come to word 0.

// generateWide is generate on sets of len(W) words for a board of rows of
// K squares (12x12: [6]byte, [2]uint64), ray the geometry's ray table of
// that kind (Geometry.ray2).
func generateWide[K width, W words](v *spec, p *Position, buf []Move, sequences bool, ray *[256][numDirs]set[W]) []Move {
	if j := capturersWide[K](v, p, ray); !j.zero() {
		return capturesWide(v, p, j, buf, sequences, ray)
	}
	return diagonalQuietWide(v, p, buf, ray)
}

// capturesWide is captures on sets of len(W) words: every capture of p by
// the pieces of jumpers.
func capturesWide[W words](v *spec, p *Position, jumpers set[W], buf []Move, sequences bool, ray *[256][numDirs]set[W]) []Move {
	var g movegen[W]
	g.init(v, p, buf, ray)
	g.sequences = sequences
	start := len(buf)
	g.runWide(v, p, jumpers)
	// The rules' filter as captures writes it: one function for both
	// (not inlined, keepMajority being inlined into it) cost check's
	// one-word captures 1.06 M instructions on 4,180 games (callgrind).
	switch {
	case v.ranked && p.Kings != 0:
		// Word 0 of the kings: no wide variant ranks captures by
		// kings (Canadian is International's).
		return keepPrecedent(g.out, start, p.Kings)
	case v.MajorityCapture:
		return keepMajority(g.out, start)
	}
	return g.out
}

// runWide is run on sets of len(W) words: the captures of every piece of
// jumpers, narrowed to its kings first where a king's capture comes
// first (kingsFirst).
func (g *movegen[W]) runWide(v *spec, p *Position, jumpers set[W]) {
	white, black, kings := sets[W](p)
	if v.kingOnly {
		if k := jumpers.and(kings); !k.zero() {
			jumpers = k
		}
	}
	occ := white.or(black)
	for b := jumpers; !b.zero(); b = b.dropFirst() {
		s := b.first()
		g.from = s
		g.occ = occ.without(s)
		g.wasKing = kings.has(s)
		g.extend(s, g.wasKing, 0)
	}
}

// diagonalQuietWide is diagonalQuiet on sets of len(W) words: the men's
// steps as shifts of the whole board with the carries between words
// (shl, shr), in direction order, then the kings'.
func diagonalQuietWide[W words](v *spec, p *Position, buf []Move, ray *[256][numDirs]set[W]) []Move {
	geo := v.geo
	us := p.Side
	occ, men, kings := sideSets[W](v, p)
	empty := narrow[W](geo.board2).andNot(occ)
	promo := narrow[W](geo.promo2[us])
	if us == White {
		l, r := uint(geo.shift[UpLeft]&63), uint(geo.shift[UpRight]&63)
		buf = appendStepsWide(v, buf, men.shl(l).and(empty), int(l), promo)
		buf = appendStepsWide(v, buf, men.shl(r).and(empty), int(r), promo)
	} else {
		l, r := uint(geo.shift[DownLeft]&63), uint(geo.shift[DownRight]&63)
		buf = appendStepsWide(v, buf, men.shr(l).and(empty), -int(l), promo)
		buf = appendStepsWide(v, buf, men.shr(r).and(empty), -int(r), promo)
	}
	for k := kings; !k.zero(); k = k.dropFirst() {
		s := k.first()
		for d := Direction(0); d < 4; d++ {
			for t := kingStepsWide(v, s, d, occ, empty, ray); !t.zero(); t = t.dropFirst() {
				buf = append(buf, Move{From: s, To: t.first(), v: v.id})
			}
		}
	}
	return buf
}

// sideSets is what the quiet moves of p need on sets of len(W) words:
// the occupied squares, and the men and the kings of the side to move
// (not the king barred by a KingMoveLimit: barred).
func sideSets[W words](v *spec, p *Position) (occ, men, kings set[W]) {
	white, black, all := sets[W](p)
	own := white
	if p.Side == Black {
		own = black
	}
	return white.or(black), own.andNot(all), own.and(all).andNot(setOf[W](v.barred(p)))
}

// appendStepsWide is appendSteps on sets of len(W) words.
func appendStepsWide[W words](v *spec, buf []Move, to set[W], off int, promo set[W]) []Move {
	for ; !to.zero(); to = to.dropFirst() {
		t := to.first()
		buf = append(buf, Move{From: Square(int(t) - off), To: t, Promotes: promo.has(t), v: v.id})
	}
	return buf
}

// kingStepsWide is kingSteps on sets of len(W) words: the empty squares of
// the ray up to the first piece for a flying king, else the next square
// when it is empty.
func kingStepsWide[W words](v *spec, s Square, d Direction, occ, empty set[W], ray *[256][numDirs]set[W]) set[W] {
	if !v.FlyingKings {
		if t := v.geo.neighbor[s][d]; t != NoSquare && empty.has(t) {
			return bitOf[W](t)
		}
		return set[W]{}
	}
	t := ray[s][d]
	if blk := t.and(occ); !blk.zero() {
		b := blk.first() // the first piece in direction d (firstBlocker)
		if !d.positive() {
			b = blk.last()
		}
		t = t.andNot(ray[b][d]).without(b)
	}
	return t
}

// hasQuietWide is hasQuiet on sets of len(W) words: whether a king or a
// man of the side to move has a step to an empty square.
func hasQuietWide[W words](v *spec, p *Position) bool {
	geo := v.geo
	us := p.Side
	occ, men, kings := sideSets[W](v, p)
	empty := narrow[W](geo.board2).andNot(occ)
	for d := Direction(0); d < 4; d++ {
		k := uint(geo.shift[d] & 63)
		step := set[W].shr
		if d.Up() {
			step = set[W].shl
		}
		if !step(kings, k).and(empty).zero() {
			return true
		}
		if forward(us, d) && !step(men, k).and(empty).zero() {
			return true
		}
	}
	return false
}

// countMovesWide is countMoves on sets of len(W) words for a board of rows
// of K squares: the quiet moves counted by population counts (the men's
// steps as shifts by K and K+1, the kings' along their rays), the
// captures by the generator (countFull's way: it follows every rule of
// precedence). The men's captures are not counted in bulk as manJumps
// does on one word.
func countMovesWide[K width, W words](v *spec, p *Position, c Counting, buf []Move, ray *[256][numDirs]set[W]) int {
	if j := capturersWide[K](v, p, ray); !j.zero() {
		if c == CountResults {
			return len(c.Distinct(capturesWide(v, p, j, buf[:0], true, ray)))
		}
		var g movegen[W]
		g.init(v, p, nil, ray)
		g.counting = true
		g.sequences = c == CountSequences
		// Without kings on the board the precedence is the majority's.
		g.ranked, g.kings = v.ranked && p.Kings != 0, p.Kings
		g.runWide(v, p, j)
		return g.count
	}
	us := p.Side
	occ, men, kings := sideSets[W](v, p)
	empty := narrow[W](v.geo.board2).andNot(occ)
	k := rowWidth[K]()
	var n int
	if us == White {
		n = men.shl(k).and(empty).count() + men.shl(k+1).and(empty).count()
	} else {
		n = men.shr(k).and(empty).count() + men.shr(k+1).and(empty).count()
	}
	for b := kings; !b.zero(); b = b.dropFirst() {
		s := b.first()
		for d := Direction(0); d < 4; d++ {
			n += kingStepsWide(v, s, d, occ, empty, ray).count()
		}
	}
	return n
}

// perftWide is Perft (depth 1 or more) on sets of len(W) words for a
// board of rows of K squares: the moves of each node listed
// (generateWide) and made, the leaves' counted (countMovesWide). The
// 12x12 board's perft, which Perft sends here; the bulk counts of
// perft.go (the men's captures, the leaves' parents in one loop) are on
// one word. The moves are made on the words (makeWide).
func perftWide[K width, W words](v *spec, p *Position, depth int, c Counting, ray *[256][numDirs]set[W]) uint64 {
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 64)
	}
	return perftWideFrom[K](v, *p, depth, c, bufs, ray)
}

// perftWideFrom is perftWide below p, with a buffer a depth in bufs.
func perftWideFrom[K width, W words](v *spec, p Position, depth int, c Counting, bufs [][]Move, ray *[256][numDirs]set[W]) uint64 {
	if depth == 1 {
		return uint64(countMovesWide[K](v, &p, c, bufs[0], ray))
	}
	ms := generateWide[K](v, &p, bufs[depth][:0], false, ray)
	bufs[depth] = ms
	ms = c.Distinct(ms)
	var n uint64
	for i := range ms {
		q := p
		makeWide[W](&q, &ms[i])
		n += perftWideFrom[K](v, q, depth-1, c, bufs, ray)
	}
	return n
}

// makeWide is makeNoHash on sets of len(W) words: m played on p, the
// high words (Position.highWords) and the high part of the captured
// squares (Move.capturedHi) included; the hash is left stale. On one
// word it is makeNoHash on the words.
func makeWide[W words](p *Position, m *Move) {
	white, black, kings := sets[W](p)
	own, opp := &white, &black
	if p.Side == Black {
		own, opp = &black, &white
	}
	var took set[W]
	took.w[0] = uint64(m.Captured)
	if n := len(took.w) - 1; n > 0 {
		took.w[n] = uint64(m.capturedHi)
	}
	king := kings.has(m.From) || m.Promotes
	// The pieces taken first, as makeNoHash.
	*opp = opp.andNot(took)
	kings = kings.andNot(took).without(m.From)
	*own = own.without(m.From).or(bitOf[W](m.To))
	if king {
		kings = kings.or(bitOf[W](m.To))
	}
	p.Pieces = [2]Bitboard{white.lo(), black.lo()}
	p.Kings = kings.lo()
	if n := len(white.w) - 1; n > 0 {
		p.setHighWords(white.w[n], black.w[n], kings.w[n])
	}
	p.Side ^= 1
}

// quietMoveWide is quietMove on sets of len(W) words for a board of rows
// of K squares, from the list of the quiet moves (diagonalQuietWide), as
// Turkish's straightQuietMove: the quiet move from from to to when p has
// no capture, and the number of p's moves.
func quietMoveWide[K width, W words](v *spec, p *Position, from, to Square, ray *[256][numDirs]set[W]) (Move, int, bool) {
	if !capturersWide[K](v, p, ray).zero() {
		return Move{}, 0, false
	}
	var buf [128]Move
	ms := diagonalQuietWide(v, p, buf[:0], ray)
	for i := range ms {
		if ms[i].From == from && ms[i].To == to {
			return ms[i], len(ms), true
		}
	}
	return Move{}, 0, false
}
