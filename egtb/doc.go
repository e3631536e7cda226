// Package egtb builds and probes endgame databases: for every material
// class of a few pieces, the result of every position (win, draw or
// loss for the side to move), found by retrograde analysis with the
// rules engine of package draughts, so that what the rules say a move
// does is exactly what the tables assume.
//
// # What a result means
//
// The tables hold pure WDL: the game-theoretic result with best play by
// both sides, where the only end is a side with no legal move (R-END-1)
// and a game that neither side can force to an end is a draw. They know
// no move counters. The draw rules that count moves (R-DRW-2: 15 king
// moves; R-DRW-3: three kings against one, 15 moves; R-DRW-4: 5, 30 or
// 60 moves without a capture or crowning by piece count) and repetition
// (R-DRW-1) depend on the game's history, not on the position, so they
// are applied on top, by whoever knows the history: a win in the tables
// is a win that the rules may still turn into a draw if the stronger side
// spends too long. Three kings against a lone king holding the main road
// (a1-h8) is a draw in the tables because the lone king can stay on it
// for ever; three kings against one elsewhere, Petrov's triangle, is a
// win that takes fewer moves than R-DRW-3 allows. The analysis (package
// analyze) is a function of the position, so it uses the tables as they
// are.
//
// # Layout
//
// Only one side to move is stored per class: a position with Black to
// move is the same game as the board turned round with the colours
// swapped and White to move. A class's table is named from the side to
// move (KKKvK: three kings to move against a king) and is the results
// of every placement of its pieces, two bits each (see index.go and
// file.go). Build writes each class's file atomically as soon as it is
// done, so an interrupted build resumes; Open loads the files of a
// folder.
//
// The variants where a side with no move loses are supported
// (Supported): Russian, Brazilian, Pool, English, Italian, Spanish, Czech
// and Thai, and International on 10x10, each checked against an
// exhaustive search of 3 pieces. A Set
// holds the tables of every variant of a folder, for runs of several.
package egtb
