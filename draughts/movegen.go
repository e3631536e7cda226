package draughts

// maxJumps bounds the captures of one move. A side has at most 30 pieces on
// 12x12 (20 on 10x10, 12 on 8x8; Position.Check), so no legal move of a
// checked position takes more; in a position that fails Check the
// generator stops there instead of overrunning. (Twelve was not enough:
// dctl's Random178 International position has captures of 13 pieces and
// more.)
const maxJumps = 30

// Move is a move of a position: its start, every landing square in order,
// the captured squares in capture order, and whether it crowns a man.
// The zero Move is not a move.
type Move struct {
	From, To Square
	jumps    uint8   // number of captures; 0 for a quiet move
	Promotes bool    // a man becomes a king with this move
	v        Variant // names the squares (String)
	// capturedHi is the high word of the captured squares on a board of
	// more than 64 bits (12x12: bits 64 to 79, of which 64 to 76 are
	// used), in what would be padding; 0 on the other boards.
	capturedHi uint16
	Captured   Bitboard
	land       [maxJumps]Square // landing square of each jump; land[jumps-1] == To
	// The captured square of each jump is not kept: it is the one square
	// of Captured between two landing squares (takenAt), which keeps a
	// Move at 48 bytes with room for 30 jumps.
}

// IsCapture reports whether m captures.
func (m *Move) IsCapture() bool { return m.jumps > 0 }

// NumCaptured is the number of pieces m captures.
func (m *Move) NumCaptured() int { return int(m.jumps) }

// Path returns the start square followed by every landing square.
func (m *Move) Path() []Square {
	if m.jumps == 0 {
		return []Square{m.From, m.To}
	}
	p := make([]Square, 0, m.jumps+1)
	p = append(p, m.From)
	return append(p, m.land[:m.jumps]...)
}

// CapturedInOrder returns the captured squares in the order they were taken.
func (m *Move) CapturedInOrder() []Square {
	out := make([]Square, m.jumps)
	for i := range out {
		out[i] = m.takenAt(i)
	}
	return out
}

// takenAt is the square captured by jump i: the one captured square on the
// line between the square the jump starts from and its landing square
// (pieces captured earlier in the move stay on the board until it ends,
// R-CAP-6, so no other captured piece lies there; see below for the
// variants that remove them at once).
func (m *Move) takenAt(i int) Square {
	return m.takenAtOn(m.v.geometryOrDefault(), i)
}

// takenAtOn is takenAt on the board g (the board of m's variant).
func (m *Move) takenAtOn(g *Geometry, i int) Square {
	from := m.From
	if i > 0 {
		from = m.land[i-1]
	}
	if from >= 64 || m.land[i] >= 64 {
		// A jump from or to a square of the high word (12x12): the
		// squares between on two words. A jump between two squares of
		// word 0 crosses only squares of word 0 (a line's bits rise
		// or fall along it), read below on one word.
		return m.takenAtWide(g, i)
	}
	c := g.between(from, m.land[i]) & m.Captured
	if c&(c-1) == 0 {
		return c.First()
	}
	// Pieces removed as they are taken (RemoveAsTaken): the jump crossed
	// squares emptied earlier in the move. Of the captured squares a jump
	// crosses, the piece it took is the one not taken before (a piece
	// taken later was still on the board and would have blocked the way),
	// so the jumps are read in order.
	var done Bitboard
	for j := 0; ; j++ {
		from = m.From
		if j > 0 {
			from = m.land[j-1]
		}
		t := (g.between(from, m.land[j]) & m.Captured &^ done).First()
		if j == i {
			return t
		}
		done |= t.Bit()
	}
}

// takenAtWide is takenAtOn on two words, the captured squares with their
// high part (capturedHi), for a board of more than 64 bits.
func (m *Move) takenAtWide(g *Geometry, i int) Square {
	took := set[[2]uint64]{[2]uint64{uint64(m.Captured), uint64(m.capturedHi)}}
	var done set[[2]uint64]
	for j := 0; ; j++ {
		from := m.From
		if j > 0 {
			from = m.land[j-1]
		}
		// As on one word: the piece taken is the one not taken before.
		t := g.between2(from, m.land[j]).and(took).andNot(done).first()
		if j == i {
			return t
		}
		done = done.or(bitOf[[2]uint64](t))
	}
}

// SameResult reports whether m and o lead to the same position from the
// same position. Two capture paths of a king that take the same pieces and
// end on the same square are distinct moves with the same result.
func (m *Move) SameResult(o *Move) bool {
	return m.From == o.From && m.To == o.To && m.Captured == o.Captured && m.Promotes == o.Promotes && m.capturedHi == o.capturedHi
}

// SameSequence reports whether m and o take the same pieces in the same
// order from the same start to the same end: the same movement, told
// apart only by where a flying king paused between two pieces on one
// diagonal ("a1:c3:f6" and "a1:d4:f6").
func (m *Move) SameSequence(o *Move) bool {
	if m.From != o.From || m.To != o.To || m.jumps != o.jumps || m.Captured != o.Captured || m.capturedHi != o.capturedHi {
		return false
	}
	for i := 0; i < int(m.jumps)-1; i++ {
		if m.land[i] != o.land[i] && m.takenAt(i) != o.takenAt(i) {
			return false
		}
	}
	return true
}

// Equal reports whether m and o are the same move, path included.
func (m *Move) Equal(o *Move) bool {
	return m.SameResult(o) && m.jumps == o.jumps && m.land == o.land
}

// movegen holds the state of one capture search, on a board of len(W)
// words (set).
type movegen[W words] struct {
	r         *Rules
	geo       *Geometry
	out       []Move
	ray       *[256][numDirs]set[W]
	occ       set[W] // occupied while the capture runs: the mover's start is empty, captured pieces stay (R-CAP-6)
	jumpable  set[W] // enemy pieces not yet captured (R-CAP-6, R-CAP-8)
	captured  set[W]
	promoRank set[W]
	spared    set[W] // pieces a man may not capture: the enemy kings in Italian
	count     int
	most      int      // with counting and MajorityCapture: the most pieces taken so far
	best      uint64   // with ranked: the highest precedence so far
	kings     Bitboard // with ranked: the kings of the position
	// The fields of a byte, together: no padding between them, so that
	// the state (zeroed at every search) is no larger than it must be.
	manDirs   [numDirs]bool // directions a man may capture in
	dirs      uint8         // the directions of captures, as a mask: the diagonals, and the orthogonals with Orthogonal
	ndirs     Direction     // the directions of captures are those below ndirs
	v         Variant
	from      Square
	wasKing   bool
	crowned   bool // crowned during this capture (PromoteAndContinue)
	sequences bool // one path per sequence of captured pieces (CountSequences)
	counting  bool // count the moves instead of listing them
	longOnly  bool // with counting: leave out a man's short captures, which perft counted whole (spec.short)
	ranked    bool // with counting: rank by precedence (Move.precedence)
	land      [maxJumps]Square
}

// forward reports whether direction d moves side c forward.
func forward(c Color, d Direction) bool { return d.Up() == (c == White) }

// Moves appends the legal moves of p to buf and returns it. When a capture
// exists only captures are legal (R-CAP-1); every distinct capture path is a
// separate move (R-CAP-5).
func (v *spec) Moves(p *Position, buf []Move) []Move {
	return v.generate(p, buf, false)
}

// UniqueMoves appends one legal move per resulting position: what a
// search needs, where paths that lead to the same position are the same
// choice. Of several such paths it keeps the first generated.
func (v *spec) UniqueMoves(p *Position, buf []Move) []Move {
	start := len(buf)
	buf = v.generate(p, buf, true)
	return append(buf[:start], CountResults.Distinct(buf[start:])...)
}

func (v *spec) generate(p *Position, buf []Move, sequences bool) []Move {
	if v.special {
		return v.generateSpecial(p, buf, sequences)
	}
	if j := v.capturers(p); j != 0 {
		return v.captures(p, j, buf, sequences)
	}
	return v.diagonalQuiet(p, buf)
}

// generateSpecial is generate for the variants whose game may end with a
// king (Breakthrough) or whose pieces go along files and rows (Turkish),
// and for the board of more than 64 bits (wide: 12x12), which goes on to
// generateWide: one test of generate sends them here, so that the other
// variants pay for none of them.
func (v *spec) generateSpecial(p *Position, buf []Move, sequences bool) []Move {
	if v.wide {
		return generateWide[[6]byte](v, p, buf, sequences, v.geo.ray2)
	}
	if v.over(p) {
		return buf
	}
	j := v.capturers(p)
	switch {
	case j != 0 && v.Straight:
		return v.straightCaptures(p, j, buf, sequences)
	case j != 0:
		return v.captures(p, j, buf, sequences)
	}
	return v.quietMoves(p, buf)
}

// HasMoves reports whether the side to move has a legal move.
func (v *spec) HasMoves(p *Position) bool {
	return !v.over(p) && (v.canCapture(p) || v.hasQuiet(p))
}

// over reports whether the game ended with the move that made p, before
// the side to move has run out of moves: in Breakthrough a king on the
// board (FirstKingWins).
func (v *spec) over(p *Position) bool { return v.FirstKingWins && p.Kings != 0 }

// MustCapture reports whether the side to move has a capture, which makes
// every quiet move illegal (R-CAP-1).
func (v *spec) MustCapture(p *Position) bool { return v.canCapture(p) }

// QuietMoves appends the quiet moves of p, as if no capture were compulsory.
// Validation uses it to tell a missed capture from an illegal move.
func (v *spec) QuietMoves(p *Position, buf []Move) []Move { return v.quietMoves(p, buf) }

func (v *spec) quietMoves(p *Position, buf []Move) []Move {
	if v.ownQuiet {
		return v.quietMovesOwn(p, buf)
	}
	return v.diagonalQuiet(p, buf)
}

// quietMovesOwn is quietMoves for the variants with quiet moves of their
// own (ownQuiet): along files and rows (Straight), on two words (wide).
func (v *spec) quietMovesOwn(p *Position, buf []Move) []Move {
	if v.wide {
		return diagonalQuietWide(v, p, buf, v.geo.ray2)
	}
	return v.straightQuiet(p, buf)
}

// diagonalQuiet is quietMoves on the diagonals: every variant but
// Turkish.
func (v *spec) diagonalQuiet(p *Position, buf []Move) []Move {
	geo := v.geo
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
	men := p.Men(us)
	promo := geo.promo[us]
	// The men's steps, in direction order.
	if us == White {
		l, r := geo.shift[UpLeft]&63, geo.shift[UpRight]&63
		buf = v.appendSteps(buf, men<<l&empty, int(l), promo)
		buf = v.appendSteps(buf, men<<r&empty, int(r), promo)
	} else {
		l, r := geo.shift[DownLeft]&63, geo.shift[DownRight]&63
		buf = v.appendSteps(buf, men>>l&empty, -int(l), promo)
		buf = v.appendSteps(buf, men>>r&empty, -int(r), promo)
	}
	for k := p.KingsOf(us) &^ v.barred(p); k != 0; k &= k - 1 {
		s := k.First()
		for d := Direction(0); d < 4; d++ {
			for t := v.kingSteps(s, d, occ, empty); t != 0; t &= t - 1 {
				buf = append(buf, Move{From: s, To: t.First(), v: v.id})
			}
		}
	}
	return buf
}

// kingSteps is the squares a king on s reaches by a quiet move in
// direction d: the empty squares of its diagonal up to the first piece
// for a flying king, else the next square when it is empty (a square off
// the board, NoSquare, has no bit).
func (v *spec) kingSteps(s Square, d Direction, occ, empty Bitboard) Bitboard {
	if !v.FlyingKings {
		return v.geo.neighbor[s][d].Bit() & empty
	}
	t := v.geo.ray[s][d]
	if blk := t & occ; blk != 0 {
		t &= openRay(blk, d)
	}
	return t
}

// barred is the king of the side to move that has made the limit of quiet
// moves running while its side has men (Rules.KingMoveLimit: Frisian, at
// most three; Position.KingRun), which may not make another: it may still
// capture. Empty in the other variants, and in a position from a FEN.
func (v *spec) barred(p *Position) Bitboard {
	if v.KingMoveLimit == 0 {
		return 0
	}
	r := p.run[p.Side&1]
	if r.n < v.KingMoveLimit || p.Men(p.Side) == 0 {
		return 0
	}
	return r.sq.Bit() & p.Kings
}

// BarredMoves appends the quiet moves of p that the king-move limit
// forbids (Rules.KingMoveLimit): those of the king that made the limit
// of quiet moves running while its side has men, as if it had not.
// Validation uses it to tell a move past the limit, which it reports and
// replays, from an illegal move. None in the other variants.
func (v *spec) BarredMoves(p *Position, buf []Move) []Move {
	b := v.barred(p)
	if b == 0 {
		return buf
	}
	q := *p
	q.run[q.Side&1] = kingRun{}
	start := len(buf)
	buf = v.quietMoves(&q, buf)
	n := start
	for _, m := range buf[start:] {
		if b.Has(m.From) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// appendSteps appends a quiet move of a man to every square of to, from the
// square off bits before it.
func (v *spec) appendSteps(buf []Move, to Bitboard, off int, promo Bitboard) []Move {
	for ; to != 0; to &= to - 1 {
		t := to.First()
		buf = append(buf, Move{From: Square(int(t) - off), To: t, Promotes: promo.Has(t), v: v.id})
	}
	return buf
}

func (v *spec) hasQuiet(p *Position) bool {
	if v.ownQuiet {
		if v.wide {
			return hasQuietWide[[2]uint64](v, p)
		}
		return v.hasStraightQuiet(p)
	}
	geo := v.geo
	us := p.Side
	empty := geo.board &^ p.Occupied()
	men := p.Men(us)
	kings := p.KingsOf(us) &^ v.barred(p)
	for d := Direction(0); d < 4; d++ {
		if t := geo.shiftBB(kings, d) & empty; t != 0 {
			return true
		}
		if forward(us, d) && geo.shiftBB(men, d)&empty != 0 {
			return true
		}
	}
	return false
}

// jumpTargets returns the squares from which a piece can capture up (a
// piece of opp next to it towards White's promotion row and an empty
// square behind) and down, for a board with k squares a row: the two
// diagonal steps are shifts by k and k+1 (Geometry). It is called with a
// constant k, which inlining turns into immediate shifts.
func jumpTargets(empty, opp Bitboard, k uint) (up, down Bitboard) {
	up = (empty>>k&opp)>>k | (empty>>(k+1)&opp)>>(k+1)
	down = (empty<<k&opp)<<k | (empty<<(k+1)&opp)<<(k+1)
	return up, down
}

// canCapture reports whether the side to move has any capture.
func (v *spec) canCapture(p *Position) bool { return v.capturers(p) != 0 }

// capturers returns the pieces of the side to move that can capture.
func (v *spec) capturers(p *Position) Bitboard {
	if v.eachCaptures {
		return v.capturersEach(p)
	}
	geo := v.geo
	us := p.Side
	opp := p.Pieces[us^1]
	occ := p.Occupied()
	empty := geo.board &^ occ
	men := p.Men(us)
	kings := p.KingsOf(us)
	// Squares with an enemy next to them in each direction and an empty
	// square behind it, for the whole board at once. No mask is needed:
	// a shift off the board lands on a ghost bit or beyond the used bits,
	// and empty and opp hold neither.
	var up, down Bitboard
	if geo.perRow == 4 {
		up, down = jumpTargets(empty, opp, 4)
	} else {
		up, down = jumpTargets(empty, opp, 5)
	}
	if !v.FlyingKings {
		j := (up | down) & kings
		if v.MenSpareKings {
			// Men capture men only (Italian).
			if geo.perRow == 4 {
				up, down = jumpTargets(empty, opp&^p.Kings, 4)
			} else {
				up, down = jumpTargets(empty, opp&^p.Kings, 5)
			}
		}
		return j | v.menCapturers(up, down, men, us)
	}
	j := v.menCapturers(up, down, men, us)
	if kings == 0 {
		// Most positions of a game (replay's quiet moves ask here first):
		// no call for the kings.
		return j
	}
	return j | flyingCapturers(geo, kings, opp, occ, empty)
}

// capturersWide is capturers on sets of len(W) words, for a board of
// rows of K squares: jumpTargets as shifts of sets (shl, shr, with the
// carries between words), the flying kings along the rays of ray. None
// of it runs on a board of 64 bits or less but in the tests, which check
// it there against capturers (TestGenerateWideOneWord).
func capturersWide[K width, W words](v *spec, p *Position, ray *[256][numDirs]set[W]) set[W] {
	white, black, kings := sets[W](p)
	own, opp := white, black
	if p.Side == Black {
		own, opp = black, white
	}
	occ := white.or(black)
	empty := narrow[W](v.geo.board2).andNot(occ)
	men, ownKings := own.andNot(kings), own.and(kings)
	k := rowWidth[K]()
	up, down := jumpTargetsWide(empty, opp, k)
	var j set[W]
	if !v.FlyingKings {
		j = up.or(down).and(ownKings)
		if v.MenSpareKings {
			up, down = jumpTargetsWide(empty, opp.andNot(kings), k)
		}
	} else {
		j = flyingCapturersWide(v.geo, ownKings, opp, occ, empty, ray)
	}
	switch {
	case v.MenCaptureBack:
		return j.or(up.or(down).and(men))
	case p.Side == White:
		return j.or(up.and(men))
	}
	return j.or(down.and(men))
}

// jumpTargetsWide is jumpTargets on sets of len(W) words.
func jumpTargetsWide[W words](empty, opp set[W], k uint) (up, down set[W]) {
	up = empty.shr(k).and(opp).shr(k).or(empty.shr(k + 1).and(opp).shr(k + 1))
	down = empty.shl(k).and(opp).shl(k).or(empty.shl(k + 1).and(opp).shl(k + 1))
	return up, down
}

// flyingCapturersWide is flyingCapturers on sets of len(W) words, along
// the rays of ray.
func flyingCapturersWide[W words](geo *Geometry, kings, opp, occ, empty set[W], ray *[256][numDirs]set[W]) (j set[W]) {
	for ; !kings.zero(); kings = kings.dropFirst() {
		s := kings.first()
		for d := Direction(0); d < 4; d++ {
			blk := ray[s][d].and(occ)
			if blk.zero() {
				continue
			}
			b := blk.first() // the first piece in direction d (firstBlocker)
			if !d.positive() {
				b = blk.last()
			}
			if n := geo.neighbor[b][d]; opp.has(b) && n != NoSquare && empty.has(n) {
				j = j.or(bitOf[W](s))
				break
			}
		}
	}
	return j
}

// flyingCapturers returns the flying kings among kings that can capture
// along a diagonal: the first piece on some ray is an enemy with an empty
// square behind it. Perft's counter (kingCapturers) asks it too.
func flyingCapturers(geo *Geometry, kings, opp, occ, empty Bitboard) Bitboard {
	var j Bitboard
	for ; kings != 0; kings &= kings - 1 {
		s := kings.First()
		for d := Direction(0); d < 4; d++ {
			blk := geo.ray[s][d] & occ
			if blk == 0 {
				continue
			}
			if b := firstBlocker(blk, d); opp.Has(b) {
				if n := geo.neighbor[b][d]; n != NoSquare && empty.Has(n) {
					j |= s.Bit()
					break
				}
			}
		}
	}
	return j
}

// capturersEach is capturers piece by piece through the neighbour and ray
// tables, in every direction of the variant: the orthogonal steps along a
// row are no whole-board shift (Geometry). A wide board (12x12) comes
// here through eachCaptures and goes on to capturersWide, so that
// capturers tests nothing more for the others.
//
// On a wide board the set returned is only tested against zero
// (canCapture, quietMove): generate and Perft send that board to the
// code on two words first. Its two words are merged, so that a capture
// by a piece of the high word counts.
func (v *spec) capturersEach(p *Position) Bitboard {
	if v.wide {
		j := capturersWide[[6]byte](v, p, v.geo.ray2)
		return Bitboard(j.w[0] | j.w[1])
	}
	var g movegen[[1]uint64]
	g.init(v, p, nil, &v.geo.ray1)
	g.occ = setOf[[1]uint64](p.Occupied())
	var j Bitboard
	for b := p.Pieces[p.Side]; b != 0; b &= b - 1 {
		s := b.First()
		if p.Kings.Has(s) && v.FlyingKings {
			if g.kingCanJump(s, g.dirs) {
				j |= s.Bit()
			}
		} else if g.canJumpShort(s, p.Kings.Has(s)) {
			j |= s.Bit()
		}
	}
	return j
}

// canJumpShort reports whether a man (or a short-range king) on s has a
// jump in the current capture state.
func (g *movegen[W]) canJumpShort(s Square, king bool) bool {
	geo := g.geo
	for d := Direction(0); d < g.ndirs; d++ {
		if !king && !g.manDirs[d] {
			continue
		}
		mid := geo.neighbor[s][d]
		if mid == NoSquare || !g.jumpable.has(mid) || !king && g.spared.has(mid) {
			continue
		}
		if l := geo.neighbor[mid][d]; l != NoSquare && !g.occ.has(l) {
			return true
		}
	}
	return false
}

// menCapturers is the men of side us that can capture, given the squares
// from which a piece can capture up and down (jumpTargets).
func (v *spec) menCapturers(up, down, men Bitboard, us Color) Bitboard {
	switch {
	case v.MenCaptureBack:
		return (up | down) & men
	case us == White:
		return up & men
	}
	return down & men
}

// init prepares g for a capture search of p on sets of len(W) words,
// along the rays of ray (the geometry's table of that kind); g is zero.
// It sets g up in place, field by field: a movegen returned by value is
// copied twice, one assigned a composite literal once.
func (g *movegen[W]) init(v *spec, p *Position, buf []Move, ray *[256][numDirs]set[W]) {
	us := p.Side
	g.r, g.geo, g.v, g.out, g.ray = &v.Rules, v.geo, v.id, buf, ray
	g.manDirs, g.dirs, g.ndirs = v.manDirs[us&1], v.dirs, v.ndirs
	g.jumpable.w[0] = uint64(p.Pieces[us^1])
	g.promoRank.w[0] = uint64(v.geo.promo[us])
	g.spared.w[0] = g.jumpable.w[0] & uint64(p.Kings&v.spareMask)
	if n := len(g.promoRank.w) - 1; n > 0 {
		// The high words of the position (12x12: Position.highWords)
		// and of the promotion row (White's, on 12x12); the compiler
		// drops this on one word.
		white, black, kings := p.highWords()
		opp := black
		if us == Black {
			opp = white
		}
		g.jumpable.w[n] = opp
		g.promoRank.w[n] = v.geo.promo2[us].w[n]
		g.spared.w[n] = opp & kings & uint64(v.spareMask)
	}
}

// run searches the captures of every piece of jumpers.
func (g *movegen[W]) run(p *Position, jumpers Bitboard) {
	occ := p.Occupied()
	for b := jumpers; b != 0; b &= b - 1 {
		s := b.First()
		g.from = s
		g.occ = setOf[W](occ &^ s.Bit())
		g.wasKing = p.Kings.Has(s)
		g.extend(s, g.wasKing, 0)
	}
}

// captures appends every capture of p by the pieces of jumpers. With
// sequences, paths that differ only in where a king paused on a diagonal
// are listed once (see Counting).
func (v *spec) captures(p *Position, jumpers Bitboard, buf []Move, sequences bool) []Move {
	jumpers = v.kingsFirst(p, jumpers)
	var g movegen[[1]uint64]
	g.init(v, p, buf, &v.geo.ray1)
	g.sequences = sequences
	start := len(buf)
	g.run(p, jumpers)
	switch {
	case v.ranked && p.Kings != 0:
		return keepPrecedent(g.out, start, p.Kings)
	case v.MajorityCapture:
		return keepMajority(g.out, start)
	}
	return g.out
}

// kingsFirst narrows jumpers to its kings when a capture by a king comes
// first whatever it takes (Czech) and a king can capture.
func (v *spec) kingsFirst(p *Position, jumpers Bitboard) Bitboard {
	if v.kingOnly {
		if k := jumpers & p.Kings; k != 0 {
			return k
		}
	}
	return jumpers
}

// keepPrecedent keeps, among out[start:], only the moves that the rules of
// precedence rank first, kings being the kings of the position.
func keepPrecedent(out []Move, start int, kings Bitboard) []Move {
	var best uint64
	for i := start; i < len(out); i++ {
		best = max(best, out[i].precedence(kings))
	}
	n := start
	for i := start; i < len(out); i++ {
		if out[i].precedence(kings) == best {
			out[n] = out[i]
			n++
		}
	}
	return out[:n]
}

// precedence ranks a capture of a position with the given kings by the
// traits of its variant, as a number: the higher, the more it must be
// played. In the order the rules apply them (dctl's precedence tuples):
// the number of pieces taken (MajorityCapture), the capture made with a
// king (KingFirst), the number of kings taken (MostKings), and how early
// the kings are taken (KingOrder: one bit per jump, the first jump
// highest).
func (m *Move) precedence(kings Bitboard) uint64 {
	r := m.v.spec()
	var k uint64
	switch {
	case r.KingsWeigh:
		k |= uint64(100*int(m.jumps)+99*(m.Captured&kings).PopCount()) << 40
	case r.MajorityCapture:
		k |= uint64(m.jumps) << 40
	}
	if r.KingFirst && kings.Has(m.From) {
		k |= 1 << 39
	}
	if r.MostKings {
		k |= uint64((m.Captured & kings).PopCount()) << 32
	}
	if r.KingOrder {
		for i := 0; i < int(m.jumps); i++ {
			if kings.Has(m.takenAt(i)) {
				k |= 1 << (31 - i)
			}
		}
	}
	return k
}

// keepMajority keeps, among out[start:], only the moves that capture the
// most pieces.
func keepMajority(out []Move, start int) []Move {
	most := uint8(0)
	for i := start; i < len(out); i++ {
		most = max(most, out[i].jumps)
	}
	n := start
	for i := start; i < len(out); i++ {
		if out[i].jumps == most {
			out[n] = out[i]
			n++
		}
	}
	return out[:n]
}

// extend continues a capture standing on s after n jumps, and emits the
// move when it cannot go on (a capture must be completed, R-CAP-4).
func (g *movegen[W]) extend(s Square, king bool, n int) {
	if n < maxJumps {
		if king && g.r.FlyingKings {
			if g.r.LandBehind {
				if g.kingJumpsBehind(s, n) {
					return
				}
			} else if g.kingJumps(s, n, g.dirs) {
				return
			}
		} else if g.shortJumps(s, king, n) {
			return
		}
	}
	if n > 0 {
		g.emit(s, n, false)
	}
}

// emit appends the capture ending on s after n jumps.
func (g *movegen[W]) emit(s Square, n int, crown bool) {
	if g.counting && g.ranked {
		m := Move{From: g.from, To: s, jumps: uint8(n), Captured: g.captured.lo(), v: g.v}
		if h := len(g.captured.w) - 1; h > 0 {
			m.capturedHi = uint16(g.captured.w[h])
		}
		copy(m.land[:n], g.land[:n])
		switch k := m.precedence(g.kings); {
		case k < g.best:
			return
		case k > g.best:
			g.best, g.count = k, 0
		}
		g.count++
		return
	}
	if g.counting {
		if g.longOnly && n <= 2 && !g.wasKing && !g.crowned {
			return
		}
		if g.r.MajorityCapture && n != g.most {
			if n < g.most {
				return
			}
			g.most, g.count = n, 0
		}
		g.count++
		return
	}
	m := Move{From: g.from, To: s, jumps: uint8(n), Captured: g.captured.lo(), v: g.v}
	if h := len(g.captured.w) - 1; h > 0 {
		// The high word (12x12); the compiler drops this on one word.
		m.capturedHi = uint16(g.captured.w[h])
	}
	m.Promotes = !g.wasKing && (crown || g.crowned || g.promoRank.has(s))
	copy(m.land[:n], g.land[:n])
	g.out = append(g.out, m)
}

// shortJumps tries every jump of a man, or with king of a short-range
// king, from s.
func (g *movegen[W]) shortJumps(s Square, king bool, n int) bool {
	if !king {
		return g.manJumpsFrom(s, n)
	}
	geo := g.geo
	found := false
	for d := Direction(0); d < g.ndirs; d++ {
		mid := geo.neighbor[s][d]
		if mid == NoSquare || !g.jumpable.has(mid) {
			continue
		}
		l := geo.neighbor[mid][d]
		if l == NoSquare || g.occ.has(l) {
			continue
		}
		found = true
		g.take(n, mid, l)
		g.extend(l, true, n+1)
		g.untake(mid)
	}
	return found
}

// manJumpsFrom is shortJumps for a man: a man's capture goes on as a
// man straight from here (extend's work, in place: the captures of men
// are most of the captures searched), and only a crowning that goes on
// as a king hands it back to extend.
func (g *movegen[W]) manJumpsFrom(s Square, n int) bool {
	geo := g.geo
	found := false
	for d := Direction(0); d < g.ndirs; d++ {
		if !g.manDirs[d] {
			continue
		}
		mid := geo.neighbor[s][d]
		if mid == NoSquare || !g.jumpable.has(mid) || g.spared.has(mid) {
			continue
		}
		l := geo.neighbor[mid][d]
		if l == NoSquare || g.occ.has(l) {
			continue
		}
		found = true
		g.take(n, mid, l)
		switch {
		case !g.promoRank.has(l) || g.r.CapturePromotion == PassThrough:
			if n+1 >= maxJumps || !g.manJumpsFrom(l, n+1) {
				g.emit(l, n+1, false)
			}
		case g.r.CapturePromotion == PromoteAndContinue: // R-CAP-7: crowned at once, goes on as a king
			g.crowned = true
			g.extend(l, true, n+1)
			g.crowned = false
		default: // PromoteAndStop
			g.emit(l, n+1, true)
		}
		g.untake(mid)
	}
	return found
}

// kingJumps tries every capture of a flying king from s in the directions
// of the mask dirs (R-CAP-3). Among the landing squares behind a captured
// piece, the king must take one from which the capture goes on when there
// is one (R-CAP-4). Every landing square is a path of its own, even where
// the king goes on straight ahead over the next piece of the diagonal, so
// that any written path matches a generated one.
//
// With g.sequences, going on straight ahead is searched once, recorded as
// a pause on the square right behind the captured piece, and the other
// branches turn off the diagonal (its reverse is blocked by the captured
// piece, R-CAP-6): one path per sequence of captured pieces.
func (g *movegen[W]) kingJumps(s Square, n int, dirs uint8) bool {
	geo := g.geo
	found := false
	for d := Direction(0); d < g.ndirs; d++ {
		if dirs&(1<<d) == 0 {
			continue
		}
		blk := g.ray[s][d].and(g.occ)
		if blk.zero() {
			continue
		}
		b := blk.first() // the first piece in direction d (firstBlocker)
		if !d.positive() {
			b = blk.last()
		}
		if !g.jumpable.has(b) {
			continue
		}
		landing := g.ray[b][d]
		next := NoSquare // the next piece along the diagonal
		if blk2 := landing.and(g.occ); !blk2.zero() {
			next = blk2.first()
			if !d.positive() {
				next = blk2.last()
			}
			// The squares of the ray before next.
			landing = landing.andNot(g.ray[next][d]).without(next)
		}
		if landing.zero() {
			continue
		}
		found = true
		g.jumpable = g.jumpable.andNot(bitOf[W](b))
		g.captured = g.captured.or(bitOf[W](b))
		turn := g.dirs
		straight := false
		var goesOn set[W]
		if n+1 < maxJumps {
			if g.sequences {
				// Across d: neither straight on (searched once below)
				// nor back over the piece just taken.
				turn = g.dirs &^ (1<<d | 1<<d.Opposite())
				if next != NoSquare && g.jumpable.has(next) {
					if l := geo.neighbor[next][d]; l != NoSquare && !g.occ.has(l) {
						straight = true
					}
				}
			}
			for l := landing; !l.zero(); l = l.dropFirst() {
				if sq := l.first(); g.kingCanJump(sq, turn) {
					goesOn = goesOn.or(bitOf[W](sq))
				}
			}
		}
		if !goesOn.zero() || straight {
			for l := goesOn; !l.zero(); l = l.dropFirst() {
				sq := l.first()
				g.land[n] = sq
				g.kingJumps(sq, n+1, turn)
			}
			if straight {
				sq := geo.neighbor[b][d]
				g.land[n] = sq
				g.kingJumps(sq, n+1, 1<<d)
			}
		} else {
			for l := landing; !l.zero(); l = l.dropFirst() {
				sq := l.first()
				g.land[n] = sq
				g.emit(sq, n+1, false)
			}
		}
		g.untake(b)
	}
	return found
}

// kingJumpsBehind tries every capture of a flying king from s that lands
// right behind the piece it takes (LandBehind, Thai). With RemoveAsTaken
// the piece leaves the board at once, so the king may cross its square
// again later in the move. (Men capture forward only there, and never
// come back to a square they jumped: the removal matters to kings only.)
func (g *movegen[W]) kingJumpsBehind(s Square, n int) bool {
	geo := g.geo
	found := false
	for d := Direction(0); d < g.ndirs; d++ {
		blk := g.ray[s][d].and(g.occ)
		if blk.zero() {
			continue
		}
		b := blk.first() // the first piece in direction d (firstBlocker)
		if !d.positive() {
			b = blk.last()
		}
		if !g.jumpable.has(b) {
			continue
		}
		l := geo.neighbor[b][d]
		if l == NoSquare || g.occ.has(l) {
			continue
		}
		found = true
		g.take(n, b, l)
		if g.r.RemoveAsTaken {
			g.occ = g.occ.andNot(bitOf[W](b))
		}
		g.extend(l, true, n+1)
		if g.r.RemoveAsTaken {
			g.occ = g.occ.or(bitOf[W](b))
		}
		g.untake(b)
	}
	return found
}

// diagonalDirs is the mask of the four diagonal directions,
// orthogonalDirs that of the four along files and rows, allDirs that of
// all eight.
const (
	diagonalDirs   uint8 = 0xF
	orthogonalDirs uint8 = 0xF0
	allDirs        uint8 = 0xFF
)

// backward is the orthogonal step towards side c's own back row.
func backward(c Color) Direction {
	if c == White {
		return fileDown
	}
	return fileUp
}

// kingCanJump reports whether a flying king on s has a capture in one of
// the directions of dirs in the current capture state.
func (g *movegen[W]) kingCanJump(s Square, dirs uint8) bool {
	geo := g.geo
	for d := Direction(0); d < g.ndirs; d++ {
		if dirs&(1<<d) == 0 {
			continue
		}
		blk := g.ray[s][d].and(g.occ)
		if blk.zero() {
			continue
		}
		b := blk.first() // the first piece in direction d (firstBlocker)
		if !d.positive() {
			b = blk.last()
		}
		if g.jumpable.has(b) {
			if l := geo.neighbor[b][d]; l != NoSquare && !g.occ.has(l) {
				return true
			}
		}
	}
	return false
}

func (g *movegen[W]) take(n int, mid, l Square) {
	i, sh := word[W](mid)
	g.jumpable.w[i] &^= 1 << sh
	g.captured.w[i] |= 1 << sh
	g.land[n] = l
}

func (g *movegen[W]) untake(mid Square) {
	i, sh := word[W](mid)
	g.jumpable.w[i] |= 1 << sh
	g.captured.w[i] &^= 1 << sh
}

// NoDirection is no direction: the first jump of a capture, which comes
// from nowhere.
const NoDirection Direction = 255

// straightQuiet appends the quiet moves of a Straight variant (Turkish):
// a man one square forward or sideways, a king any distance along a file
// or row. On the full board a step along a file is a shift by a row's
// bits, and one along a row a shift by one bit with the edge file masked
// out, as it would wrap round to the next row.
func (v *spec) straightQuiet(p *Position, buf []Move) []Move {
	geo := v.geo
	us := p.Side
	occ := p.Occupied()
	empty := geo.board &^ occ
	men := p.Men(us)
	promo := geo.promo[us]
	w := uint(geo.width) & 63
	if us == White {
		buf = v.appendSteps(buf, men<<w&empty, int(w), promo)
	} else {
		buf = v.appendSteps(buf, men>>w&empty, -int(w), promo)
	}
	buf = v.appendSteps(buf, (men&^geo.files[geo.width-1])<<1&empty, 1, promo)
	buf = v.appendSteps(buf, (men&^geo.files[0])>>1&empty, -1, promo)
	for k := p.KingsOf(us); k != 0; k &= k - 1 {
		s := k.First()
		for d := fileUp; d < numDirs; d++ {
			t := geo.ray[s][d]
			if blk := t & occ; blk != 0 {
				t = before(t, firstBlocker(blk, d), d)
			}
			for ; t != 0; t &= t - 1 {
				buf = append(buf, Move{From: s, To: t.First(), v: v.id})
			}
		}
	}
	return buf
}

// hasStraightQuiet reports whether a Straight variant's side to move has
// a quiet move.
func (v *spec) hasStraightQuiet(p *Position) bool {
	geo := v.geo
	us := p.Side
	empty := geo.board &^ p.Occupied()
	men := p.Men(us)
	w := uint(geo.width) & 63
	fwd := men << w
	if us == Black {
		fwd = men >> w
	}
	if (fwd|(men&^geo.files[geo.width-1])<<1|(men&^geo.files[0])>>1)&empty != 0 {
		return true
	}
	for k := p.KingsOf(us); k != 0; k &= k - 1 {
		s := k.First()
		for d := fileUp; d < numDirs; d++ {
			if n := geo.neighbor[s][d]; n != NoSquare && empty.Has(n) {
				return true
			}
		}
	}
	return false
}

// straightJumps continues a capture of a Straight variant (Turkish)
// standing on s after n jumps, the last one in direction last, and emits
// the move when it cannot go on. Each piece leaves the board as it is
// jumped (RemoveAsTaken), so that a king may cross its square again and
// later jumps may open; a jump straight back the way the last one came is
// forbidden (NoTurnBack). Every landing square of a king is searched: the
// majority rule (keepMajority) drops the paths that stop short.
func (g *movegen[W]) straightJumps(s Square, king bool, n int, last Direction) {
	geo := g.geo
	found := false
	for d := fileUp; d < numDirs && n < maxJumps; d++ {
		if n > 0 && g.r.NoTurnBack && d == last.Opposite() {
			continue
		}
		if king {
			found = g.straightKingJumps(s, d, n) || found
			continue
		}
		if !g.manDirs[d] {
			continue
		}
		mid := geo.neighbor[s][d]
		if mid == NoSquare || !g.jumpable.has(mid) {
			continue
		}
		l := geo.neighbor[mid][d]
		if l == NoSquare || g.occ.has(l) {
			continue
		}
		found = true
		g.take(n, mid, l)
		g.remove(mid)
		switch {
		case !g.promoRank.has(l):
			g.straightJumps(l, false, n+1, d)
		case g.r.CapturePromotion == PromoteAndContinue:
			g.crowned = true
			g.straightJumps(l, true, n+1, d)
			g.crowned = false
		case g.r.CapturePromotion == PromoteAndStop:
			g.emit(l, n+1, true)
		default:
			g.straightJumps(l, false, n+1, d)
		}
		g.restore(mid)
		g.untake(mid)
	}
	if !found && n > 0 {
		g.emit(s, n, false)
	}
}

// straightKingJumps tries the captures of a flying king from s along
// direction d: over the first piece of the line when it is an enemy, to
// every empty square behind it up to the next piece.
func (g *movegen[W]) straightKingJumps(s Square, d Direction, n int) bool {
	blk := g.ray[s][d].and(g.occ)
	if blk.zero() {
		return false
	}
	b := blk.first() // the first piece in direction d (firstBlocker)
	if !d.positive() {
		b = blk.last()
	}
	if !g.jumpable.has(b) {
		return false
	}
	landing := g.ray[b][d]
	if blk2 := landing.and(g.occ); !blk2.zero() {
		next := blk2.first()
		if !d.positive() {
			next = blk2.last()
		}
		landing = landing.andNot(g.ray[next][d]).without(next)
	}
	if landing.zero() {
		return false
	}
	g.jumpable = g.jumpable.andNot(bitOf[W](b))
	g.captured = g.captured.or(bitOf[W](b))
	g.remove(b)
	for l := landing; !l.zero(); l = l.dropFirst() {
		sq := l.first()
		g.land[n] = sq
		g.straightJumps(sq, true, n+1, d)
	}
	g.restore(b)
	g.untake(b)
	return true
}

// remove takes a captured piece off the board at once where the variant
// removes pieces as they are taken (RemoveAsTaken); restore puts it back
// when the search returns.
func (g *movegen[W]) remove(b Square) {
	if g.r.RemoveAsTaken {
		i, sh := word[W](b)
		g.occ.w[i] &^= 1 << sh
	}
}

func (g *movegen[W]) restore(b Square) {
	if g.r.RemoveAsTaken {
		i, sh := word[W](b)
		g.occ.w[i] |= 1 << sh
	}
}

// straightCaptures appends every capture of p by the pieces of jumpers in
// a Straight variant (Turkish): those that take the most pieces. With
// sequences, one path per sequence of captured pieces (straightJumps
// lists every landing square).
func (v *spec) straightCaptures(p *Position, jumpers Bitboard, buf []Move, sequences bool) []Move {
	var g movegen[[1]uint64]
	g.init(v, p, buf, &v.geo.ray1)
	start := len(buf)
	occ := p.Occupied()
	for b := jumpers; b != 0; b &= b - 1 {
		s := b.First()
		g.from = s
		g.occ = setOf[[1]uint64](occ &^ s.Bit())
		g.wasKing = p.Kings.Has(s)
		g.straightJumps(s, g.wasKing, 0, NoDirection)
	}
	out := keepMajority(g.out, start)
	if sequences {
		out = append(out[:start], CountSequences.Distinct(out[start:])...)
	}
	return out
}
