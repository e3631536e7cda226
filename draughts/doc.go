// Package draughts is the rules engine of damka: boards, squares, moves,
// legal move generation, variants, FEN, notation, draw rules and hashing
// for the draughts family: Russian draughts and giveaway, International,
// Brazilian, Pool, English, Italian, Spanish, Czech, Antidraughts,
// Frisian, Frysk!, Breakthrough, Thai and Turkish (dama).
//
// # Boards and variants
//
// A Geometry is a board: its size, its dark squares, rows, files,
// diagonals (Neighbor, Ray), promotion rows and the half turn (Flip), over
// a "ghost square" bit layout whose shifts are properties of the geometry
// (see Geometry). Turkish draughts plays on every square of 8x8: its board
// (Board8x8Full) has 64 squares in 64 bits and no ghosts. The layout is internal: a Square is a bit of it, shown to
// users only through a variant's notation, algebraic ("c3") or numeric
// ("22").
//
// A Variant is a small comparable value (Russian, Giveaway, ...; the zero
// value NoVariant is none) with a table of traits behind it that callers
// read through methods (Rules, FirstMove, Geometry) and cannot change.
// Variants name squares (SquareName, ParseSquare), read FENs (ParseFEN)
// and written moves (ParseNotation, Match), and generate moves (Moves,
// Perft). A Position and a Move remember the variant that made them, so
// that Position.FEN and Move.String write the variant's notation. A
// record that numbers the squares from another corner (a Frame: the corner
// of square 1 or a1 as a player sees it, as PDN's GameType tag gives it)
// is read and written through a Naming (Variant.NamingFrom), which has
// the same methods for squares, moves and FENs; the engine's positions and
// moves do not change with it. The engine knows no file format: the PDN
// GameType numbers live in package pdn, their mapping to variants and
// namings in package validate.
//
// # Moves
//
// The generator is copy-make: a Position is 40 bytes, so playing a move on
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
// the reverse outcome; International adds the majority rule and a man that
// passes the last row mid-capture; Italian the precedence of captures
// (most pieces, with a king, most kings, a king earliest) and men that
// spare kings. Each row of the table cites its laws; comments cite the
// Russian rules digest (R-CAP-4 and so on). Frisian adds captures along
// files and rows (Orthogonal: directions 4-7 of the same neighbour and ray
// tables) and weighs kings in the majority rule (KingsWeigh); its rule
// that a king makes at most three quiet moves running while its side has
// men (KingMoveLimit) is kept in the position: Position.KingRun counts,
// for each side, the quiet moves of the king that moved last, Make keeps
// the count from the game's moves, the hash includes it, and the
// generator leaves out the quiet moves of a king at the limit
// (BarredMoves lists them). A position set up from a FEN carries no
// history: its counts start at 0. Breakthrough ends at the first king
// (FirstKingWins). Turkish moves and captures along files and rows only
// (Straight), removes each piece as it is taken (RemoveAsTaken, as Thai)
// and forbids a capture to turn back by 180 degrees (NoTurnBack); its
// captures are searched by straightJumps, on the same tables.
//
// # Speed
//
// The generator (Moves) reads the geometry from a pointer, not from type
// parameters: shift amounts read from a struct cost next to nothing,
// where generic code with methods went through dictionaries (~20% slower).
//
// Perft counts in bulk (perft.go, bulk.go) and lists no moves where it
// can: at the leaves it counts quiet moves by population counts and the
// short captures of men (one or two pieces, uncrowned) by whole-board
// operations, all the men that jump along one diagonal step at once; one
// and two plies above, it reads the quiet moves and these short captures
// from the bitboards and plays them on copies of the boards. Every other
// capture, a man's that goes on past two jumps or crowns it on the way,
// a king's, and all of them in the variants whose precedence needs
// every capture, is counted or listed by the generator (countCaptures,
// countFull): the capture rules have one home, movegen.go, and the bulk
// counts read the same traits (newBulkSide). Its functions are generic
// over the row width alone (width, rowWidth): the length of an array
// type parameter is a constant in each instantiation, so their shifts
// are immediates, with no dictionary. Every count is checked against the
// lists of Moves on random positions of every variant
// (TestCountsMatchLists).
package draughts
