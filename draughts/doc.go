// Package draughts is the rules engine of damka: the board, squares, moves,
// legal move generation, variants, FEN, notation and hashing for draughts on
// the 8x8 board (Russian draughts first, and giveaway).
//
// # Board layout
//
// A Bitboard is a uint64 that holds the 32 dark squares in a "ghost square"
// layout: row r (rank r+1, from White's side) starts at bit 0, 5, 9, 14, 18,
// 23, 27, 32, and bits 4, 13, 22 and 31 are never used. With that padding a
// step along a diagonal is the same shift from every square: +4 up-left,
// +5 up-right, -5 down-left, -4 down-right, and a step off the board lands
// on a ghost bit or outside the 36 used bits, which a single mask removes.
// The layout is internal: Square values are only ever shown to users as
// algebraic ("c3") or numeric ("22") squares.
//
// # Moves
//
// The generator is copy-make: a Position is 32 bytes, so playing a move on
// a copy costs less than recording what an unmake would need
// (BenchmarkMakeCopy). A Move keeps its start, every landing square and the
// captured squares in capture order, so that the distinct capture paths of
// a flying king are distinct moves; Move.SameResult tells when two of them
// lead to the same position.
//
// # Rules
//
// Rules are a table of traits (see Rules and Variant), after dctl's
// type_traits: Russian draughts sets flying kings, backward captures by men
// and promotion in the middle of a capture; giveaway has the same moves and
// the reverse outcome. Comments cite the rules digest (R-CAP-4 and so on).
package draughts
