package egtb_test

import (
	"context"
	"flag"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
)

// TestExhaustive solves every position of 3 pieces or fewer a second way,
// sharing nothing with the build but the rules engine: the positions are
// listed by placing pieces square by square (no index), every capture
// path is a move (Moves, not UniqueMoves), no position is turned round,
// and the values are minimax searches of growing depth to the end of the
// game: at depth d a position is won when a move leads to a position lost
// at depth d-1, lost when it has no move or every move leads to a position
// won at depth d-1. When a depth changes nothing, every position left is
// a draw: neither side can force the end (R-END-1). Every value must be
// the database's.
func TestExhaustive(t *testing.T) {
	for _, v := range draughts.Variants() {
		if egtb.Supported(v) != nil {
			continue
		}
		t.Run(v.Name(), func(t *testing.T) { exhaustive(t, v) })
	}
}

func exhaustive(t *testing.T, v draughts.Variant) {
	db, err := egtb.Build(context.Background(), v, egtb.BuildOptions{Pieces: 3, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	g := v.Geometry()
	sq := g.Squares()
	var all []draughts.Position
	// Each piece: a square, a colour, man or king; a man never on its
	// crowning row (R-MAN-2).
	type piece struct {
		s    draughts.Square
		c    draughts.Color
		king bool
	}
	var place func(n int, from int, ps []piece)
	place = func(n, from int, ps []piece) {
		if n == 0 {
			var w, b, k draughts.Bitboard
			for _, p := range ps {
				if p.c == draughts.White {
					w |= p.s.Bit()
				} else {
					b |= p.s.Bit()
				}
				if p.king {
					k |= p.s.Bit()
				}
			}
			if w == 0 || b == 0 {
				return
			}
			for _, side := range []draughts.Color{draughts.White, draughts.Black} {
				p, err := v.NewPosition(w, b, k, side)
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, p)
			}
			return
		}
		for i := from; i < len(sq); i++ {
			for _, c := range []draughts.Color{draughts.White, draughts.Black} {
				for _, king := range []bool{false, true} {
					if !king && g.PromotionRow(c).Has(sq[i]) {
						continue
					}
					place(n-1, i+1, append(ps, piece{s: sq[i], c: c, king: king}))
				}
			}
		}
	}
	for n := 2; n <= 3; n++ {
		place(n, 0, nil)
	}
	at := make(map[draughts.Position]int32, len(all))
	for i, p := range all {
		at[p] = int32(i)
	}
	// kids[i]: the positions the moves of i lead to; -1 a position whose
	// side to move has no piece (lost).
	kids := make([][]int32, len(all))
	var buf []draughts.Move
	for i := range all {
		buf = v.Moves(&all[i], buf[:0])
		for j := range buf {
			q := all[i]
			q.Make(&buf[j])
			k := int32(-1)
			if q.Pieces[q.Side] != 0 {
				var ok bool
				if k, ok = at[q]; !ok {
					t.Fatalf("%v after %v: %v is not listed", all[i].FEN(), buf[j].String(), q.FEN())
				}
			}
			kids[i] = append(kids[i], k)
		}
	}
	const unknown, win, loss = 0, 1, 2
	val := make([]uint8, len(all))
	next := make([]uint8, len(all))
	// plies[i]: the length of the game from i with best play, the winner
	// winning as fast and the loser losing as slowly as it can: the depth
	// at which i was settled, since each depth reads only the values of
	// the depths before it.
	plies := make([]int, len(all))
	for i := range all {
		if len(kids[i]) == 0 {
			val[i] = loss // no move: lost where it stands, in 0 plies
		}
	}
	for depth := 1; ; depth++ {
		changed := false
		for i := range all {
			next[i] = val[i]
			if val[i] != unknown {
				continue
			}
			allWin := true
			for _, k := range kids[i] {
				if k < 0 || val[k] == loss {
					next[i] = win
					break
				}
				allWin = allWin && val[k] == win
			}
			if next[i] == unknown && allWin {
				next[i] = loss // every move into a win
			}
			if next[i] != unknown {
				plies[i] = depth
			}
			changed = changed || next[i] != unknown
		}
		val, next = next, val
		if !changed {
			break
		}
		if depth > 1000 {
			t.Fatal("no end to the search")
		}
	}
	var wins, draws, losses int
	for i := range all {
		want := egtb.Draw
		switch val[i] {
		case win:
			want, wins = egtb.Win, wins+1
		case loss:
			want, losses = egtb.Loss, losses+1
		default:
			draws++
		}
		got, ok := db.Probe(&all[i])
		if !ok || got != want {
			t.Fatalf("%v: the database says %v (found %v), the search %v", all[i].FEN(), got, ok, want)
		}
	}
	t.Logf("%d positions: %d wins, %d draws, %d losses", len(all), wins, draws, losses)
	if wins == 0 || draws == 0 || losses == 0 {
		t.Fatal("a result never occurs: the comparison proves little")
	}
	for _, w := range publishedWins[v] {
		p, err := v.ParseFEN(w.fen)
		if err != nil {
			t.Fatal(err)
		}
		if i, ok := at[p]; !ok || val[i] != win || plies[i] != w.plies {
			t.Errorf("%s: a win in %d plies here (listed %v); published: %d", w.fen, plies[i], ok, w.plies)
		}
	}
	if want := longestWins[v]; want != nil {
		// The longest win of each class, White to move, against
		// published ones.
		longest := map[string]int{}
		where := map[string]draughts.Position{}
		for i := range all {
			p := &all[i]
			if val[i] != win || p.Side != draughts.White {
				continue
			}
			c := whiteBlack(p)
			if plies[i] > longest[c] {
				longest[c], where[c] = plies[i], *p
			}
		}
		for c, w := range want {
			p, err := v.ParseFEN(w.fen)
			if err != nil {
				t.Fatal(err)
			}
			i, ok := at[p]
			if !ok || whiteBlack(&p) != c {
				t.Fatalf("%s: %s is not a position of the class", c, w.fen)
			}
			if longest[c] != w.plies || val[i] != win || plies[i] != w.plies {
				q := where[c]
				t.Errorf("%s: the longest win is %d plies (%v); published: %d plies (%s, here %d plies)",
					c, longest[c], q.FEN(), w.plies, w.fen, plies[i])
			}
		}
	}
}

// whiteBlack names p's material as Grimminck's tables do: White's men and
// kings, then Black's ("2010": two white men against a black man).
func whiteBlack(p *draughts.Position) string {
	w, b := p.Pieces[draughts.White], p.Pieces[draughts.Black]
	n := func(x draughts.Bitboard) byte { return byte('0' + x.PopCount()) }
	return string([]byte{n(w &^ p.Kings), n(w & p.Kings), n(b &^ p.Kings), n(b & p.Kings)})
}

// longestWins are published lengths, in plies, of the longest wins of
// each class of 3 pieces or fewer, White to move, with a position that
// takes that long: Michel Grimminck's statistics of the International
// endgame databases (www.xs4all.nl/~mdgsoft/draughts/stats/), as
// rhalbersma/dctl's egdb search tests list them
// (test/src/ai/search/egdb/international.cpp, Longestl11 and Longest21).
// They come from other programs' databases, so they check damka's rules
// and solver from outside, and the lengths check more than the results.
var longestWins = map[draughts.Variant]map[string]struct {
	fen   string
	plies int
}{
	draughts.International: {
		"1010": {"W:W33:B2", 17},
		"0110": {"W:WK42:B22", 7},
		"1001": {"W:W10:BK46", 3},
		"0101": {"W:WK10:BK5", 3},
		"2010": {"W:W40,44:B3", 23},
		"1110": {"W:WK2,11:B45", 11},
		"0210": {"W:WK7,K30:B45", 9},
		"2001": {"W:W6,7:BK45", 7},
		"1101": {"W:WK2,6:BK50", 9},
		"0201": {"W:WK1,K7:BK50", 7},
		"1020": {"W:W21:B3,4", 33},
		"0120": {"W:WK38:B4,18", 27},
		"1011": {"W:W18:B5,K23", 17},
		"0111": {"W:WK26:B23,K42", 9},
		"1002": {"W:W14:BK10,K46", 3},
		"0102": {"W:WK10:BK5,K23", 3},
	},
}

// Published lengths of wins that are not the longest of their class.
var publishedWins = map[draughts.Variant][]struct {
	fen   string
	plies int
}{
	// David and Goliath, dctl's DavidGoliath test.
	draughts.International: {{"W:W23:B5,6", 29}},
}

// TestPublishedWins4 checks the published longest wins of 4 pieces
// (Grimminck's statistics again, dctl's Longest22 and Longest31) against
// International tables built with damka egtb build --variant
// international --pieces 4 --dir D: go test ./egtb -run PublishedWins4
// -dir D. Each is a win for White, to move; the lengths need a search
// these tables do not keep.
func TestPublishedWins4(t *testing.T) {
	dir := flag.Lookup("dir").Value.String()
	if dir == "" {
		t.Skip("needs -dir D with International tables of 4 pieces")
	}
	db, err := egtb.Open(dir, draughts.International)
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{
		// 2 against 2
		"W:W33,46:B4,5", "W:W8,K50:B3,32", "W:WK1,K23:B4,38", "W:W17,35:B3,K21", "W:WK1,12:B16,K50",
		"W:WK1,K16:BK17,26", "W:W6,12:BK7,K45", "W:W6,K22:BK17,K50", "W:WK6,K22:BK17,K50",
		// 3 against 1 and 1 against 3
		"W:W12,13,16:B30", "W:WK4,16,18:B34", "W:WK8,11,K13:B44", "W:WK8,K20,K37:B43",
		"W:W6,10,49:BK40", "W:W6,K49,50:BK16", "W:WK40,K45,50:BK11", "W:WK6,K22,K27:BK49",
		"W:W6:B2,3,4", "W:WK1:B2,3,4", "W:W6:B3,4,K11", "W:WK14:B1,K10,12", "W:W8:B5,K13,K23",
		"W:WK1:BK18,24,K44", "W:W23:BK10,K19,K46", "W:WK49:BK23,K43,K46",
	} {
		p, err := draughts.International.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := db.Probe(&p); !ok || got != egtb.Win {
			t.Errorf("%s: %v (found %v), published as a win", fen, got, ok)
		}
	}
}
