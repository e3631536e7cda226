// Package analyze searches and evaluates draughts positions on top of the
// rules engine (package draughts) and judges played moves.
//
// # Search
//
// Searcher.Search is a negamax alpha-beta search with principal variation
// search (fail-soft, null windows for every move after the first),
// iterative deepening from depth 1 to Options.Depth, a transposition table
// keyed by the Zobrist hash (draughts.Position.Hash; two-entry buckets,
// depth-preferred and always-replace, used at nodes with two plies or more
// to go), and move ordering: the table's move, captures by the number of
// pieces taken (kings first), promotions, two killer moves per ply, then
// the history heuristic. Moves come from draughts.Variant.UniqueMoves: one
// move per resulting position, so capture paths of a flying king that take
// the same pieces are searched once.
//
// Depth counts plies of the main search, which is selective the way
// draughts programs make it (Scan, Kingsrow), with no null move (zugzwang
// is common in draughts); each part can be switched off at build time to
// be measured on its own (Levers, in a build with the tag research;
// with lmr=0,pc=0,asp=0,iir=0 the search is the full-width search of
// earlier versions):
//
//   - Late move reductions: at a node with 3 plies or more to go and no
//     capture to make, a quiet move after the first two (not a promotion,
//     not the table's move or a killer, not a move after which the
//     opponent must capture: sacrifices and shots are never reduced) is
//     searched a ply shallower with a null window, two plies from the
//     fourth move on off the principal variation at 5 plies or more, and
//     searched again at full depth when it beats alpha.
//   - ProbCut: at a node off the principal variation with 6 plies or more
//     to go and no capture to make, a null-window search 4 plies shallower
//     that ends 0.60 of a man above beta (below alpha) is taken as a cut.
//   - Internal iterative reduction: a node with 4 plies or more to go that
//     the table knows no move for is searched a ply less.
//   - Aspiration windows: from iteration 4 on, the root is searched with
//     a window of ±0.20 around the score of the iteration before, widened
//     on a fail.
//
// The default analysis (depth 8, verification included) takes about two
// thirds of the time the full-width depth 8 took (docs/performance.md gives
// the measurement). Three things go deeper than the depth:
//
//   - Forced moves: a node with a single legal move (most often a
//     compulsory capture, R-CAP-1) does not use up depth.
//   - Quiescence: at depth 0 a position where the side to move must
//     capture is never scored by the evaluation; every capture is searched
//     (there is no "stand pat", the capture is compulsory) until a position
//     without a capture is reached. So a sacrifice at the last ply is seen
//     with all the forced captures it leads to: a shot is never hidden by
//     the horizon.
//   - No look at threats: a quiet position where the opponent could
//     capture if it were to move is scored by the evaluation, as Scan's
//     quiescence scores it. Searching it one more ply (every move, then
//     the captures that follow) steadied the score between odd and even
//     depths but cost about a quarter more nodes a depth, and lost at a
//     fixed time a move: without it +42.8 Elo [+24.3, +61.4] in
//     International (400 games) and +4.8 [-4.2, +13.7] in Russian (800
//     games), 0.1 s a move (docs/engine.md, Matches).
//   - A side with no legal move loses (wins in giveaway) at once, scored
//     by distance: a win in n plies is WinScore-n (Score.String "#n").
//
// A position repeated within the searched line (since the last man move or
// capture) is scored as a draw. The search stops early when it has proved a
// win or a loss within the depth already searched.
//
// # Endgame databases
//
// With Options.Tablebase (package egtb: Russian draughts, every class of
// a few pieces), every node of the search below the root whose position
// the databases hold, quiescence included, is scored by them instead of
// searched: a draw 0, a win TableWinScore (20000) less the plies from
// the root, a loss its negation (a side with no move at all keeps its
// decisive score). Those are pure game-theoretic results, with no move
// counter (see go doc ./egtb): a database win is one the stronger side
// can force; the 15- and 30-move rules are not applied, as the search
// applies no counter anywhere. The root is searched as ever, so that it
// has a best move, and its score is then exact too, its children being
// probed. A database win is no decisive score (IsWin: its distance is
// unknown), but it counts as a win for the winning chances (1), for Loss
// (LossCap) and for missed_win (Before a win, After neither). Without a
// database (nil) the search is the same, node for node.
//
// # Determinism
//
// A search result is a function of (variant, position, Options) only: the
// Searcher clears its transposition table (by a generation counter, which
// makes the entries of earlier searches count as empty for probing and for
// replacement alike, exactly as an empty table), its killer moves and its
// history table before every root search, and nothing is shared between
// Searchers (but the endgame databases, read-only). Analyses may run in parallel across games and positions, one
// Searcher per goroutine, and give the same numbers whatever the number of
// workers.
//
// # Evaluation (Russian draughts)
//
// Evaluate scores a position in centi-men (a man is 100) for the side to
// move. Every term is computed for White on the board as it is and for
// Black on the board turned round (Mirror), so mirrored positions score the
// same for the side to move (TestEvaluateSymmetric). The terms:
//
//   - Material: man 100, king 300. A king is "worth about three men" in the
//     Russian literature; on 209 master games (USSR championships,
//     ../shared/corpus/russian) the fit of the winning-chances curve to the
//     results is best at 300 among 200..400 (mean squared error at depth
//     6 for 200, 250, 300, 350, 400: 0.0576, 0.0570, 0.0567, 0.0569,
//     0.0573).
//   - Advancement and tempo: each man scores by its rank (the tempo count,
//     weighted), little in the middlegame (2..16) and much in the ending
//     (8..70), blended by the number of pieces on the board.
//   - Centre: a man on d4, f4, c5 or e5, +20 in the middlegame, +8 late.
//   - Edge: a man on file a or h, -5 in the middlegame.
//   - Back rank: men kept on c1 (+12), e1 (the golden piece, +24; seed 002)
//     and g1 (+6) in the middlegame guard the crowning squares.
//   - Runaway men: a man whose way to the last rank is empty and that no
//     enemy piece can reach in time, against no enemy king, crowns by
//     force: +45 (rank 1) to +135 (rank 7), on top of its advancement.
//   - Main road: a king on the long diagonal a1-h8 while the enemy has no
//     king there, +10 in the middlegame, +30 in the ending.
//   - Known endings: a lone king against at most two pieces cannot lose by
//     material, and against three it draws while it holds the main road
//     (R-DRW-5; three kings against one on the main road): the score of
//     such a position, when it favours the stronger side, is divided by 16.
//     The search still finds the wins by a trick.
//
// Without the positional terms (material only) the fit to the master games
// is worse (mean squared error 0.0596 instead of 0.0567 at depth 6).
//
// # Patterns (Russian draughts)
//
// On top of those terms, the Russian evaluation scores the formations of
// the men (pattern.go): the board is read as nine overlapping regions of
// 4x4 squares (corners at files and ranks 0, 2 and 4), each holding eight
// dark squares, and every configuration of a region (each square empty,
// a White man or a Black man: 3^8 = 6561) has a middlegame and an endgame
// weight, blended by the pieces on the board as the terms above; Black's
// regions are read on the board turned round, so the evaluation stays
// symmetric (TestPatternFold). The weights (patterns_russian.bin, 118,098
// of them, 21,762 ever met) are learned from the results of self-play
// games (make selfplay-patterns, make fit-patterns; TestFitPatterns):
// 14,960 games at depth 8 of the evaluation without patterns, 532,174
// quiet positions fitted on top of it by AdaGrad with a small weight
// decay (-pat-l2 6e-6), every 10th game held out. Self-play games often
// meet and then go on move for move the same, so a held-out game keeps
// only its positions before the first one a fitted game has: on those
// (43,142) the mean squared error of the expected score falls from
// 0.0867 to 0.0820. Measured in play (make match-patterns: 1,000 balanced
// openings, each played with both colours, TestMatchPatterns), the
// evaluation with patterns scores 65.7% (64.3-67.0) against the one
// without at depth 8, about +113 Elo (+102 to +123), 64.7% at depth 6
// (+105), and 56.9% at depth 7
// against the one without at depth 8 (+48 Elo). On the master games (make
// calibrate CALIB_DEPTH=6) the error falls from 0.0568 to 0.0560 (the
// held-out half: 0.0610 to 0.0601), the best k still 0.006. It costs: the search
// visits about 10% more nodes at a fixed depth and 11% fewer a second
// (BenchmarkSearch), and the default analysis takes 1.3 times the CPU per
// ply (docs/engine.md, "Measured against engines", gives the figures against
// KestoG). Levers pattern=0 turns the patterns off (and hand=1, the
// evaluation of the hand-set weights alone).
//
// Giveaway (R-GIV-1) has its own evaluation, after seed 002: the principle
// of mobility (6 per quiet move available), a small plus for material (man
// 25, king 75: more men mean more moves), men on the edge (-10) and
// blocked men (-8) are weak, keep the golden piece c1/f8 (+8), e5 is better
// than d4 for White (±6). A side with no legal move wins.
//
// # Evaluation (International draughts)
//
// International draughts (10x10) is evaluated by the geometry evaluation
// that the other variants get (material with a king of 300, a man's
// square, the quiet moves of men and of kings, men on the back row while
// more than 30 pieces are on the board, a lone king against three pieces
// or fewer divided by 16) plus learned patterns of the men
// (patterngeom.go): 16 windows of 4x4 squares, every way the men stand in
// each with a middlegame and an endgame weight blended by the pieces on
// the board, Black's formations White's turned round with the colours
// swapped (patterns_international.bin). The weights are fitted to the
// scores of damka's own search at depth 6 in self-play games of the
// evaluation without patterns, the training data of internal/traindata in
// testdata/train/international (make train-data, make fit-patterns-intl;
// TestFitPatternsGeom), and TestShippedPatternsGeom checks that the
// weights in the build are that fit. Levers ipattern=0 leaves them out.
// docs/engine.md ("The learned evaluation of 10x10") gives the fit and
// the matches that measure it.
//
// An evaluation whose geometry terms are weights fitted to the results of
// self-play games, with blocked and backed men, the balance of the wings
// and runaway men (evalintl.go; make selfplay VARIANT=international, make
// fit VARIANT=international; TestFitEval, weights_international.go) is
// kept behind Levers intlfit=1: measured against Scan it did not help
// (docs/engine.md, "Measured against engines").
//
// Canadian draughts (12x12, 77 bits: rows 11 and 12 past a Bitboard's 64)
// gets the same geometry evaluation on two words, piece by piece
// (evalwide.go): on every board of one word it gives the Bitboard
// version's score (TestWideEvalMatchesGeometry).
//
// # Winning chances and the choice of k
//
// WinningChances maps a score to 2/(1+exp(-k*s))-1 in [-1, 1], as Lichess
// and lidraughts do. k = 0.006 per centi-man (Lichess uses 0.00368 per
// centipawn) was fitted to the results of the 209 master games above: every
// position from ply 10 on was searched and k chosen to minimise the squared
// error between (1+chances)/2 and the game's score (TestCalibrateK). The
// best k grows with the depth of the search (0.00475 at depth 2, 0.0055 at
// depth 4, 0.006 at depth 6, 0.00625 at depth 8, where 0.006 fits as well
// to four decimals); 0.006 is the round value for the default depth. With it one man up
// (+1.00) gives winning chances of 0.29 (an expected score of 65%), two men
// 0.53 and three men 0.72: draughts is drawish, and a man up in Russian
// draughts often but not always wins.
//
// # Classes of moves
//
// Searcher.AnalyzePly searches the position before the move to the depth
// (Before, the best move and its line) and the position after it one ply
// less (After, from the mover's view), so that both look as far ahead:
// draughts scores swing between odd and even depths, and comparing a
// search of depth d with one of d+1 would charge that swing to the move.
// Classify judges the move from the drop of winning chances, mover's view,
// WinningChances(Before)-WinningChances(After):
//
//   - only_move: the position had a single legal move (forced), or the
//     played move is the best move and every other move loses: scores a
//     forced loss or drops the winning chances by BlunderDrop or more. The
//     other moves are then searched with a null window around that bound to
//     the same depth (cheap: the first move that holds stops it).
//   - best: the played move leads to the same position as the best move,
//     or loses nothing (After >= Before).
//   - missed_win: the best move won the game (Before is a forced win and
//     After is not) or won material (the principal variation ends at least
//     one man up on the balance before the move, a crowning counting 200,
//     and the played move's line, the move and the principal variation
//     after it, keeps less than half of that), and the played move does not
//     lose: After is no forced loss and its line does not end a man or more
//     down on the balance. A missed win is at least an inaccuracy by its
//     drop, and it takes precedence over the drop classes; a move that also
//     gives a man away is judged by its drop (usually a blunder). In
//     giveaway, where material is no gain, only a forced win counts.
//   - blunder, mistake, inaccuracy: a drop of at least 0.3, 0.15, 0.075.
//   - good: any other move.
//
// # Verification
//
// A verdict that follows the search horizon is worse than none, so
// before a move is judged bad it is searched again, deeper (Options.Verify
// plies at most beyond the depth: VerifyFor, by default the depth itself
// but at most 8). The candidates are the moves classed inaccuracy or
// worse (and missed_win), the good moves that dropped at least 0.03 of
// winning chances, and the best or good moves of which a position changed
// its winning chances by 0.1 or more between the last two iterations
// (unstable positions): only a few percent of the plies. A candidate is
// judged again every 2 plies deeper (the position before the move to d,
// the one after it to d-1, each a root search of its own): a mild verdict
// (good, inaccuracy) stands when two successive depths give it (and ends
// 4 plies beyond the depth at the latest, with the milder of the last
// two); a serious one (mistake, blunder, or a missed win of that drop) is
// judged at once at the deepest depth, and stands when two successive
// depths agree; without agreement at the deepest depth the milder verdict
// counts, so a verdict that does not hold is downgraded.
// PlyAnalysis.VerdictDepth (moves.verdict_depth) is the depth that
// decided; Before, After, Best, the principal variation and Loss are
// those of that depth.
//
// Verification is what makes the verdicts hold: measured by make verdicts
// (research/verdicts) on held-out master games, docs/engine.md gives
// the precision and recall of the mistakes and blunders against a search
// 8 plies deeper, and (make verdicts-stable) how far that reference
// agrees with itself one ply deeper: about 72% of its serious moves stay
// serious, a bound on the recall any shallower analysis can show.
//
// A position met in many games of a run (the openings above all) is
// searched once per depth: the Searchers of a run share a Cache of
// finished root searches (SetCache). A root search is a function of
// (variant, position, depth, Options), so the cache changes the time,
// never the result, whatever the order of games and the number of
// workers.
//
// Searcher.AnalyzeGame gives the same analyses for every ply of a game at
// about half the cost: the position after a move is searched once to the
// full depth, and its iteration Depth-1 is exactly the search After needs.
//
// PlyAnalysis.Loss is Before-After in centi-men (0 for the best move, never
// negative), with decisive scores counted as ±LossCap.
package analyze
