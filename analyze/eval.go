package analyze

import "github.com/damka/damka/draughts"

// Material values in centi-men. A king is worth three men: the Russian
// literature's rule of thumb, and the value among 200, 250, 300, 350, 400
// that fits master games best (see the package documentation).
const (
	ManValue  = 100
	KingValue = 300
)

// Weights of the positional terms of the Russian evaluation, in centi-men.
// Terms with two values are blended by the number of pieces on the board:
// the first ("mg") holds with all 24 pieces, the second ("eg") with none.
// They were set by hand, then the centre, endgame advancement and back
// rank weights were doubled or halved one at a time and kept where the
// fit to master games (TestCalibrateK) improved.
var (
	// advance[r]: a man on rank r+1 (from its own side). The sum over a
	// side's men is its tempo count weighted: small in the middlegame,
	// where running ahead leaves holes, large in the ending, where a man
	// nearer the crown ties down the defence.
	advanceMG = [8]int{0, 2, 4, 6, 9, 12, 16, 0}
	advanceEG = [8]int{0, 8, 15, 24, 36, 50, 70, 0}
	// centreMG/EG: a man on d4, f4, c5 or e5, the four central squares
	// (the same four for Black: the set is its own mirror image).
	centreMG, centreEG = 20, 8
	// edgeMG: a man on file a or h has one move forward instead of two.
	edgeMG = -5
	// backRankMG[f/2]: a man kept on a1, c1, e1, g1 while the board is
	// full guards the crowning squares; e1 is the golden piece (seed 002:
	// "zolotaya" shashka e1/d8).
	backRankMG = [4]int{0, 12, 24, 6}
	// runaway[r]: a man on rank r+1 with a free walk to the crown that no
	// enemy piece can stop, against no enemy king. Less than the 200 a
	// crowning gains, and more the nearer it is.
	runaway = [8]int{45, 60, 75, 90, 105, 120, 135, 0}
	// mainRoadMG/EG: own king on the main diagonal a1-h8 while the enemy
	// has none there (the "bolshak": with it a lone king draws against
	// three).
	mainRoadMG, mainRoadEG = 10, 30
	// drawishDiv divides the score of endings that the side ahead cannot
	// win by material (a lone king against two pieces, or against three
	// with the main road).
	drawishDiv = 16
)

// manMG and manEG are the piece-square tables of a White man (bit index),
// built from the terms above; Black uses them on the flipped board.
var manMG, manEG [64]int16

func init() {
	centre := map[string]bool{"d4": true, "f4": true, "c5": true, "e5": true}
	for _, s := range board.Squares() {
		r, f := board.Row(s), board.Col(s)
		mg, eg := advanceMG[r], advanceEG[r]
		if centre[draughts.Russian.SquareName(s)] {
			mg += centreMG
			eg += centreEG
		}
		if f == 0 || f == 7 {
			mg += edgeMG
		}
		if r == 0 {
			mg += backRankMG[f/2]
		}
		manMG[s], manEG[s] = int16(mg), int16(eg)
	}
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

// evalRussian is the evaluation for Russian draughts from White's view.
func evalRussian(p *draughts.Position) int {
	wm, wk := p.Men(draughts.White), p.KingsOf(draughts.White)
	bm, bk := p.Men(draughts.Black), p.KingsOf(draughts.Black)
	// Black's terms on the board turned round, where Black plays up.
	wmg, weg := russianSide(wm, wk, bm, bk)
	bmg, beg := russianSide(flip(bm), flip(bk), flip(wm), flip(wk))
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
	nm, nk := men.PopCount(), kings.PopCount()
	mat := nm*ManValue + nk*KingValue
	mg, eg = mat, mat
	occ := men | kings | oppMen | oppKings
	opp := oppMen | oppKings
	for b := men; b != 0; b &= b - 1 {
		s := b.First()
		mg += int(manMG[s])
		eg += int(manEG[s])
		if oppKings == 0 && cone[s]&occ == 0 && coneGuard[s]&opp == 0 {
			r := runaway[sqRow[s]]
			mg += r
			eg += r
		}
	}
	if kings&mainRoad != 0 && oppKings&mainRoad == 0 {
		mg += mainRoadMG
		eg += mainRoadEG
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
