package egtb_test

import (
	"context"
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
				next[i] = loss // no move at all, or every move into a win
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
}
