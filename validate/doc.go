// Package validate replays the main line of a game record against the
// rules engine and reports every defect, located and explained: the
// record (package pdn) goes in, replayed plies and findings come out.
//
// Replay follows the record move by move. A written move is matched
// against the legal moves of the position (draughts.Notation): one result
// is a clean move; none is diagnosed as a missed capture (a quiet move
// while a capture was compulsory: replay goes on with it), an incomplete
// capture, or an illegal move; several results make an ambiguous move,
// resolved when exactly one of them lets the rest of the game replay.
// After an illegal move, an incomplete capture or an unresolved ambiguity
// the position is unknown and replay stops; the plies before it are kept.
//
// # Repairs
//
// Most errors of hand-typed archives are slips of the scribe. For the
// illegal move, incomplete capture or unresolved ambiguity that stops
// replay, and for every missed capture, replay lists repairs
// (Finding.Repairs, best first), each an edit of the record (Edit):
//
//   - replace the move by a legal move near it as typed (EditSquare,
//     EditSwapSquares, EditCyrillic, EditCase, EditCapturePath,
//     EditDashCapture), or by another legal move altogether
//     (EditReplace); the same for the moves up to four plies before it,
//     a slip that happened to be legal and shows only now;
//   - insert a move left out before it (EditInsert), after which the
//     written move is legal;
//   - swap two moves of one side (EditSwapMoves): it and the same side's
//     next move, the moves just before and after it, or it and the same
//     side's previous move;
//   - delete it (EditDelete).
//
// The cost of an edit is its distance from what was written, in tenths
// of a typing slip:
//
//	2   a Cyrillic look-alike: а, с, е for a, c, e (capital В, Н for B, H)
//	5   the Latin key's letter on a Russian keyboard (в for d), or the
//	    Cyrillic file letter of the same place in the alphabet (в for c)
//	1   a capital letter
//	10  a file or a rank one off; a digit one key off, left out, doubled,
//	    or two digits swapped
//	15  file and rank both one off (the next square on a diagonal), or a
//	    digit that is not next to the one meant
//	30  another square
//	10  two squares the other way round
//	10  the captured piece's square written for the landing square
//	10  a landing square left out, or one written too many
//	5   a capture mark on a quiet move (a '-' for a capture costs nothing:
//	    archives write captures so)
//	45  another move: a legal move further than 40 from the written one
//	+5  per ply back, replacing a move before the one that fails (45 at
//	    most in all)
//	20  a move left out
//	15  two moves of one side the other way round
//	15  deleting a move that repeats one of the two before it; 30 another
//
// A replacement costs the cheapest alignment of the written squares with
// the move's (its start and every landing square, or only the start and
// the end): a weighted edit distance over squares, each compared by its
// name in the notation the record used, algebraic squares letter by
// letter and rank by rank, numeric squares digit by digit, so that the
// model holds for any board the engine names.
//
// Each repair is then tried on the rest of the game with the look-ahead
// that resolves ambiguous captures: every repair over the next 12 plies,
// those still going to the end, within Options.RepairBudget positions
// per move (DefaultRepairBudget). A repair's Score is its cost, plus
// 50 + 60/(k+1) when the rest of the game does not replay after it (k
// plies replay before the next error), plus 20 when the rest replays to
// a final position whose result the rules decide otherwise than the
// record. Repairs rank by Score, lowest first: one after which the rest
// of the game replays outranks any that fails later.
//
// Options.Repair applies the best repair when it ranks alone (its Score
// below the second's), its look-ahead was not cut short by the budget,
// and the rest of the game replays after it, to an end that does not
// contradict the result. When the next error comes at least 4 plies
// later, the repair is applied and that error repaired in turn, up to
// MaxRepairs a game; the game must then replay whole. A repair with no
// ply after it to confirm it is applied only when it is one slip in a
// move (cost 15 at most), a move left out or a move written twice, and
// ranks at least 10 ahead of the next. A game so mended has Repaired
// findings (warnings) in place of its errors, Report.Repairs and
// Ply.Repaired, and Report.Line writes its line with a comment at each
// move changed; a game that cannot be mended whole is reported as
// without Repair, with its error and the suggestions.
package validate
