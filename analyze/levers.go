package analyze

// levers are the switches and constants of the selective search and of
// verification, so that each can be measured on its own (make verdicts
// builds binaries that differ in one of them). They are fixed when the
// package is initialised, to the defaults, or in a build with the tag
// research from the build-time string Levers (levers_research.go), and never
// change afterwards: a search result stays a function of (variant,
// position, Options).
type leverSet struct {
	// Late move reductions: a quiet move searched after the first
	// lmrMoves moves of a node with at least lmrDepth plies to go is
	// searched lmrR plies shallower with a null window, and again at full
	// depth if it beats alpha. Moves that let the opponent capture
	// (sacrifices, shots), captures, promotions, the table's move and the
	// killers are never reduced.
	lmr      bool
	lmrDepth int
	lmrMoves int
	lmrDeep  int // from this many moves on (at depth lmrDepth+2 or more) the reduction is 2 plies
	lmrPV    bool
	lmr3     int // from this many moves on (at depth lmrDepth+5 or more) the reduction is 3 plies (0: never)
	// iir: a node with this many plies or more to go and no move from the
	// table is searched a ply shallower (internal iterative reduction; 0:
	// never).
	iir int
	// ProbCut: at a node off the principal variation with pcDepth plies
	// or more to go, a null-window search pcR plies shallower that ends
	// pcMargin above beta (below alpha) is taken as a cut (fail low).
	probCut  bool
	pcLow    bool // the fail-low side too
	pcDepth  int
	pcR      int
	pcMargin int
	// Aspiration windows at the root from iteration aspFrom on: a window
	// of ±aspWindow around the previous iteration's score, widened four
	// times on a fail.
	aspWindow int
	aspFrom   int
	// Move ordering: quiet moves that let the opponent capture after the
	// others (safeFirst); quiet moves searched before a cut-off lose
	// history (histMalus).
	safeFirst bool
	histMalus bool
	// handEval: the Russian and International evaluations with the
	// hand-set weights (handWeights, handIntlWeights: for International
	// the geometry evaluation's values) instead of the fitted ones, as the
	// self-play games that the weights were fitted to were played (make
	// selfplay).
	handEval bool
	// intlFit: International uses the fitted evaluation (evalintl.go)
	// instead of the geometry one; off by default: measured against Scan
	// it did not help (docs/engine.md, "Measured against engines").
	intlFit bool
	// pattern: the Russian evaluation adds the patterns of its regions
	// (pattern.go; not with handEval, which is the evaluation of the
	// hand-set weights alone).
	pattern bool
	// intlPattern: the International evaluation adds its patterns
	// (patterngeom.go), when the build has them.
	intlPattern bool
	// ttBucket is the number of entries per bucket of the table (2 or 4).
	ttBucket int
	// Verification: candidates are searched again verifyStep plies
	// deeper each time; a good move whose drop of winning chances is at
	// least screenDrop is a candidate too.
	verifyStep int
	// verifyPlain: each depth of verification is a pair of root searches
	// of their own (as Search), not one iterative deepening with the
	// played move first.
	verifyPlain bool
	// verifyJump: once verification finds a serious verdict (mistake or
	// worse) beyond the Options' depth, the next depth is the deepest.
	verifyJump bool
	// verifyMaxMild: verification ends this many plies beyond the depth
	// when the last two verdicts are milder than a mistake (0: at the
	// deepest depth allowed), with the milder of the two.
	verifyMaxMild int
	verifyMin     int
	verifyAgree   int // successive depths that must agree on a serious verdict // plies beyond the depth before an agreement ends verification
	// verifyMinMild is verifyMin for verdicts milder than a mistake.
	verifyMinMild int
	screenDrop    float64
	// unstable: a best or good move is a candidate too when a position of
	// the move changes its winning chances by this much or more between
	// depth-1 and depth (0: never).
	unstable float64
}

// defaultLevers are the levers in use, chosen by measurement (make
// verdicts; the package documentation gives the figures). With lmr=0,
// pc=0, asp=0, iir=0 the search is the full-width search of before.
func defaultLevers() leverSet {
	return leverSet{
		lmr: true, lmrDepth: 3, lmrMoves: 2, lmrDeep: 4, lmrPV: true,
		iir:     4,
		probCut: true, pcLow: true, pcDepth: 6, pcR: 4, pcMargin: 60,
		aspWindow: 20, aspFrom: 4,
		ttBucket:    2,
		verifyPlain: true, verifyJump: true, verifyStep: 2, verifyMin: 8, verifyAgree: 2,
		verifyMinMild: 2, verifyMaxMild: 4, screenDrop: 0.03, unstable: 0.1,
		pattern: true, intlPattern: true,
	}
}

// fullWidth is l without the selective parts of the search: no
// reductions, no ProbCut, no aspiration windows.
func fullWidth(l leverSet) leverSet {
	l.lmr, l.probCut, l.aspWindow, l.iir = false, false, 0, 0
	return l
}
