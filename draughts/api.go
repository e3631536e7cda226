package draughts

// The rules engine's entry points, on Variant; the work is done by the
// variant's table row (spec), read once per call.

// Moves appends the legal moves of p to buf and returns it. When a capture
// exists only captures are legal (R-CAP-1); every distinct capture path is a
// separate move (R-CAP-5).
func (v Variant) Moves(p *Position, buf []Move) []Move { return v.spec().generate(p, buf, false) }

// UniqueMoves appends one legal move per resulting position: what a
// search needs, where paths that lead to the same position are the same
// choice. Of several such paths it keeps the first generated.
func (v Variant) UniqueMoves(p *Position, buf []Move) []Move { return v.spec().UniqueMoves(p, buf) }

// HasMoves reports whether the side to move has a legal move.
func (v Variant) HasMoves(p *Position) bool { return v.spec().HasMoves(p) }

// MustCapture reports whether the side to move has a capture, which makes
// every quiet move illegal (R-CAP-1).
func (v Variant) MustCapture(p *Position) bool { return v.spec().canCapture(p) }

// QuietMove is what replay needs of a position where a quiet move from
// one square to another is written, without listing the moves: when p
// has no capture (R-CAP-1) and the quiet move from from to to is legal,
// that move, as Moves lists it, and the number of legal moves of p (the
// length of Moves); ok is false otherwise (a capture is compulsory, or
// there is no such move), and the caller lists the moves.
func (v Variant) QuietMove(p *Position, from, to Square) (m Move, legal int, ok bool) {
	return v.spec().quietMove(p, from, to)
}

// QuietMoves appends the quiet moves of p, as if no capture were compulsory.
// Validation uses it to tell a missed capture from an illegal move.
func (v Variant) QuietMoves(p *Position, buf []Move) []Move { return v.spec().quietMoves(p, buf) }

// BarredMoves appends the quiet moves of p that the king-move limit
// forbids (Rules.KingMoveLimit: in Frisian, those of the king that made
// three quiet moves running while its side has men, Position.KingRun), as
// if it had not reached the limit; none in the other variants. Moves,
// QuietMoves, QuietMove, HasMoves and Perft leave them out; validation
// reads a written move among them as a move past the limit.
func (v Variant) BarredMoves(p *Position, buf []Move) []Move { return v.spec().BarredMoves(p, buf) }

// Perft counts the leaf nodes of the legal move tree of p to depth plies,
// counting moves as c says. Leaves are counted in bulk: at depth 1 quiet
// moves are counted with population counts, not listed.
func (v Variant) Perft(p *Position, depth int, c Counting) uint64 {
	return v.spec().Perft(p, depth, c)
}

// PerftNoBulk is Perft without bulk counting: every leaf is made and
// visited. It exists to measure the generator and Make.
func (v Variant) PerftNoBulk(p *Position, depth int, c Counting) uint64 {
	return v.spec().PerftNoBulk(p, depth, c)
}

// Divide returns the perft count below each root move.
func (v Variant) Divide(p *Position, depth int, c Counting) []DivideEntry {
	return v.spec().Divide(p, depth, c)
}
