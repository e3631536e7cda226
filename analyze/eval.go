package analyze

import "github.com/damka/damka/draughts"

// Material values in centi-men. A king is worth three men: the Russian
// literature's rule of thumb, and the value among 200, 250, 300, 350, 400
// that fits master games best (see the package documentation).
const (
	ManValue  = 100
	KingValue = 300
)

// evalWeights are the weights of the Russian evaluation, in centi-men,
// for White on the board as it is (Black's terms are the same on the board
// turned round). Terms with two values are blended by the number of pieces
// on the board: the first ("MG") holds with all 24 pieces, the second
// ("EG") with none. Squares are the geometry's dense indices (a1 = 0, c1,
// e1, g1, b2, ... h8 = 31), so that the tables are built from the board's
// geometry. A man is worth ManValue in both phases: the unit of the
// scale. The weights in use are fitted to self-play games
// (weights_russian.go, written by make fit: see TestFitEval); handWeights
// are the hand-set ones they started from.
type evalWeights struct {
	// KingMG, KingEG: a king (the literature's "three men").
	KingMG, KingEG int
	// ManMG, ManEG: a man on each square, on top of ManValue: advancement
	// (the tempo count), the centre, the edges, the back rank that
	// guards the crowning squares. A man never stands on the last rank.
	ManMG, ManEG [32]int
	// Runaway[r]: a man on rank r+1 with a free walk to the crown that no
	// enemy piece can stop, against no enemy king.
	Runaway [8]int
	// MainRoadMG, MainRoadEG: own king on the main diagonal a1-h8 while the
	// enemy has none there (the "bolshak": with it a lone king draws
	// against three).
	MainRoadMG, MainRoadEG int
	// BlockedMG, BlockedEG: a man that cannot move forward (both squares
	// ahead taken or off the board).
	BlockedMG, BlockedEG int
	// BackedMG, BackedEG: a man with an own piece (or the edge) on both
	// squares behind it, which cannot be taken from the front.
	BackedMG, BackedEG int
	// FlankMG, FlankEG: per man of difference between the men on files a-d
	// and on files e-h (an unbalanced position plays on one wing).
	FlankMG, FlankEG int
}

// drawishDiv divides the score of endings that the side ahead cannot win
// by material (a lone king against two pieces, or against three with the
// main road).
const drawishDiv = 16

// handWeights are the weights set by hand before the fit: advancement
// (2..16 a rank in the middlegame, 8..70 in the ending), the centre (d4,
// f4, c5, e5: +20, +8), the edge files (-5 in the middlegame), the back
// rank (c1 +12, e1 the golden piece +24, g1 +6; seed 002), runaway men
// (+45 on rank 1 to +135 on rank 7), the main road (+10, +30). Their
// centre, endgame advancement and back rank weights were doubled or
// halved one at a time and kept where the fit to master games improved.
func handWeights() evalWeights {
	advanceMG := [8]int{0, 2, 4, 6, 9, 12, 16, 0}
	advanceEG := [8]int{0, 8, 15, 24, 36, 50, 70, 0}
	backRankMG := [4]int{0, 12, 24, 6}
	w := evalWeights{KingMG: KingValue, KingEG: KingValue, MainRoadMG: 10, MainRoadEG: 30,
		Runaway: [8]int{45, 60, 75, 90, 105, 120, 135, 0}}
	for i, s := range board.Squares() {
		r, f := board.Row(s), board.Col(s)
		mg, eg := advanceMG[r], advanceEG[r]
		switch draughts.Russian.SquareName(s) {
		case "d4", "f4", "c5", "e5":
			mg += 20
			eg += 8
		}
		if f == 0 || f == 7 {
			mg -= 5
		}
		if r == 0 {
			mg += backRankMG[f/2]
		}
		if r == 7 {
			mg, eg = 0, 0
		}
		w.ManMG[i], w.ManEG[i] = mg, eg
	}
	return w
}

// The tables of the evaluation, by bit index, built from russianWeights.
var (
	manMG, manEG       [64]int16 // ManValue + ManMG/EG of the square
	runawayOf          [64]int16 // Runaway of the square's rank
	leftFiles          draughts.Bitboard
	noDownLeft         draughts.Bitboard // squares with no square down-left of them (file a, rank 1)
	noDownRight        draughts.Bitboard // and down-right (file h, rank 1)
	kingMG, kingEG     int
	mainRoadMG         int
	mainRoadEG         int
	blockedMG, blocked int
	backedMG, backedEG int
	flankMG, flankEG   int
)

func init() {
	if levers.handEval {
		useWeights(handWeights())
		return
	}
	useWeights(russianWeights)
}

// useWeights builds the tables of the Russian evaluation from w.
func useWeights(w evalWeights) {
	for i, s := range board.Squares() {
		manMG[s] = int16(ManValue + w.ManMG[i])
		manEG[s] = int16(ManValue + w.ManEG[i])
		runawayOf[s] = int16(w.Runaway[board.Row(s)])
		if board.Col(s) < 4 {
			leftFiles |= s.Bit()
		}
		if board.Neighbor(s, draughts.DownLeft) == draughts.NoSquare {
			noDownLeft |= s.Bit()
		}
		if board.Neighbor(s, draughts.DownRight) == draughts.NoSquare {
			noDownRight |= s.Bit()
		}
	}
	kingMG, kingEG = w.KingMG, w.KingEG
	mainRoadMG, mainRoadEG = w.MainRoadMG, w.MainRoadEG
	blockedMG, blocked = w.BlockedMG, w.BlockedEG
	backedMG, backedEG = w.BackedMG, w.BackedEG
	flankMG, flankEG = w.FlankMG, w.FlankEG
}

// Evaluate is the static evaluation of p for the side to move, in
// centi-men: the terms of the package documentation, or the decisive score
// when the side to move has no legal move (a loss, or in giveaway a win,
// "in 0 plies"). The search never calls it on a position where a capture
// is compulsory, but Evaluate itself does not look at captures.
func Evaluate(v draughts.Variant, p *draughts.Position) Score {
	if !v.HasMoves(p) {
		return terminal(v, 0)
	}
	return evaluate(v, p)
}

// terminal is the score of a side to move with no legal move, ply plies
// from the root: it loses (R-END-1), or in giveaway it wins (R-GIV-1).
func terminal(v draughts.Variant, ply int) Score {
	if v.LoserWins() {
		return WinIn(ply)
	}
	return LossIn(ply)
}

// evaluate is the static evaluation for the side to move, without the
// terminal check.
func evaluate(v draughts.Variant, p *draughts.Position) Score {
	w := evaluatorFor(v)(p)
	if p.Side == draughts.Black {
		w = -w
	}
	return Score(w)
}

// evaluate is the Searcher's static evaluation for the side to move (as
// the package's evaluate, with the evaluation the Searcher holds).
func (s *Searcher) evaluate(p *draughts.Position) Score {
	w := s.eval(p)
	if p.Side == draughts.Black {
		w = -w
	}
	return Score(w)
}

// evalRussian is the evaluation for Russian draughts from White's view.
func evalRussian(p *draughts.Position) int { return evalRussianWith(p, patTable) }

// evalRussianWith is evalRussian with the folded pattern table pat (nil:
// none).
func evalRussianWith(p *draughts.Position, pat []int16) int {
	wm, wk := p.Men(draughts.White), p.KingsOf(draughts.White)
	bm, bk := p.Men(draughts.Black), p.KingsOf(draughts.Black)
	// Black's terms on the board turned round, where Black plays up.
	wmg, weg := russianSide(wm, wk, bm, bk)
	bmg, beg := russianSide(flip(bm), flip(bk), flip(wm), flip(wk))
	if pat != nil {
		pmg, peg := patternScore(pat, wm, bm)
		wmg += pmg
		weg += peg
	}
	ph := min(p.Occupied().PopCount(), 24)
	s := ((wmg-bmg)*ph + (weg-beg)*(24-ph)) / 24
	wn, bn := p.Pieces[draughts.White].PopCount(), p.Pieces[draughts.Black].PopCount()
	if s > 0 && bn == 1 && bk != 0 && drawish(wn, bk) || s < 0 && wn == 1 && wk != 0 && drawish(bn, wk) {
		s /= drawishDiv
	}
	return s
}

// drawish reports whether a lone king (on loneKing) holds against the n
// pieces of the stronger side: fewer than three pieces cannot win by
// material (two men crown to two kings, and two kings cannot catch a
// king), and three cannot while the lone king holds the main road (R-DRW-5;
// the classical ending of three kings against one on the bolshak). The
// search still finds the wins by a trick (a king caught on the spot).
func drawish(n int, loneKing draughts.Bitboard) bool {
	return n <= 2 || n == 3 && loneKing&mainRoad != 0
}

// russianSide returns the middlegame and endgame sums of the terms of one
// side, given on the board turned so that the side plays up (White's
// orientation): its men and kings, then the enemy's men and kings.
func russianSide(men, kings, oppMen, oppKings draughts.Bitboard) (mg, eg int) {
	nk := kings.PopCount()
	mg, eg = nk*kingMG, nk*kingEG
	occ := men | kings | oppMen | oppKings
	opp := oppMen | oppKings
	for b := men; b != 0; b &= b - 1 {
		s := b.First()
		mg += int(manMG[s])
		eg += int(manEG[s])
		if oppKings == 0 && cone[s]&occ == 0 && coneGuard[s]&opp == 0 {
			r := int(runawayOf[s])
			mg += r
			eg += r
		}
	}
	if kings&mainRoad != 0 && oppKings&mainRoad == 0 {
		mg += mainRoadMG
		eg += mainRoadEG
	}
	if blockedMG|blocked|backedMG|backedEG|flankMG|flankEG != 0 {
		empty := board.Board() &^ occ
		own := men | kings
		nb := (men &^ (board.Shift(empty, draughts.DownRight) | board.Shift(empty, draughts.DownLeft))).PopCount()
		nbk := (men & (board.Shift(own, draughts.UpRight) | noDownLeft) & (board.Shift(own, draughts.UpLeft) | noDownRight)).PopCount()
		fl := (men&leftFiles).PopCount()*2 - men.PopCount()
		if fl < 0 {
			fl = -fl
		}
		mg += nb*blockedMG + nbk*backedMG + fl*flankMG
		eg += nb*blocked + nbk*backedEG + fl*flankEG
	}
	return mg, eg
}

// Weights of the giveaway evaluation (seed 002, "how to play giveaway": the
// principle of mobility, more men is a small plus, men on the edge and
// blocked men are weak, a king is an asset, e5 beats d4 for White, keep the
// golden piece c1).
const (
	gaMan      = 25
	gaKing     = 75
	gaMobility = 6
	gaEdge     = -10
	gaBlocked  = -8
	gaGolden   = 8
	gaE5       = 6
)

// giveaway squares on White's side of the board.
var (
	gaGoldenSq = board.SquareAt(2, 0).Bit() // c1
	gaE5Sq     = board.SquareAt(4, 4).Bit() // e5
	gaD4Sq     = board.SquareAt(3, 3).Bit() // d4
)

// evalGiveaway is the evaluation for giveaway from White's view: mobility
// first.
func evalGiveaway(p *draughts.Position) int {
	wm, wk := p.Men(draughts.White), p.KingsOf(draughts.White)
	bm, bk := p.Men(draughts.Black), p.KingsOf(draughts.Black)
	return giveawaySide(wm, wk, bm, bk) - giveawaySide(flip(bm), flip(bk), flip(wm), flip(wk))
}

// giveawaySide sums the giveaway terms of one side in White's orientation.
func giveawaySide(men, kings, oppMen, oppKings draughts.Bitboard) int {
	occ := men | kings | oppMen | oppKings
	empty := board.Board() &^ occ
	mob := (board.Shift(men, draughts.UpLeft) & empty).PopCount() + (board.Shift(men, draughts.UpRight) & empty).PopCount() + kingMoves(kings, occ)
	blocked := men &^ (board.Shift(empty, draughts.DownRight) | board.Shift(empty, draughts.DownLeft))
	s := men.PopCount()*gaMan + kings.PopCount()*gaKing + mob*gaMobility
	s += (men&edgeFiles).PopCount()*gaEdge + blocked.PopCount()*gaBlocked
	if men&gaGoldenSq != 0 {
		s += gaGolden
	}
	if men&gaE5Sq != 0 {
		s += gaE5
	}
	if men&gaD4Sq != 0 {
		s -= gaE5
	}
	return s
}
