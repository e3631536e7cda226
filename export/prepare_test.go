package export

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"
)

// Games prepared on many goroutines, in any order, then added in order
// give the bytes of Add, in every format, with and without analysis.
func TestPreparedMatchesAdd(t *testing.T) {
	reports := append(readReports(t, allFiles(t)...), randomReports(t, 300, 5)...)
	evals := fakeEvals(reports)
	prepared := make([]*Prepared, len(reports))
	var wg sync.WaitGroup
	for _, i := range rand.Perm(len(reports)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			prepared[i] = PrepareGame(reports[i], evals[i])
		}()
	}
	wg.Wait()
	for _, f := range []Format{Parquet, ArrowFile, ArrowStream} {
		opt := WithRowGroupRows(3000)
		var moves, games bytes.Buffer
		mw, err := NewMovesWriter(&moves, f, testMeta, opt)
		if err != nil {
			t.Fatal(err)
		}
		gw, err := NewGamesWriter(&games, f, testMeta, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range prepared {
			if err := mw.AddPrepared(p); err != nil {
				t.Fatal(err)
			}
			if err := gw.AddPrepared(p); err != nil {
				t.Fatal(err)
			}
		}
		if err := mw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := gw.Close(); err != nil {
			t.Fatal(err)
		}
		if want := writeMoves(t, reports, evals, f, opt); !bytes.Equal(moves.Bytes(), want) {
			t.Errorf("%v: moves of prepared games differ from Add's", f)
		}
		if want := writeGames(t, reports, f, opt); !bytes.Equal(games.Bytes(), want) {
			t.Errorf("%v: games of prepared games differ from Add's", f)
		}
		if st := mw.Stats(); st.Rows != int64(countPlies(reports)) || st.Busy <= 0 || mw.Rows() != st.Rows {
			t.Errorf("%v: moves stats %+v, %d rows", f, st, mw.Rows())
		}
		if st := gw.Stats(); st.Rows != int64(len(reports)) || st.Busy <= 0 {
			t.Errorf("%v: games stats %+v", f, st)
		}
	}
}

// A game prepared with other opening plies than the writer's gets the
// writer's.
func TestPreparedOpeningPlies(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	var a, b bytes.Buffer
	wa, _ := NewGamesWriter(&a, Parquet, testMeta, WithOpeningPlies(10))
	wb, _ := NewGamesWriter(&b, Parquet, testMeta, WithOpeningPlies(10))
	for _, r := range reports {
		wa.Add(r, nil)
		wb.AddPrepared(PrepareGame(r, nil))
	}
	wa.Close()
	wb.Close()
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("games of prepared games differ from Add's with 10 opening plies")
	}
	p := PrepareGame(reports[0], nil, WithOpeningPlies(10))
	if p.game.openingMoves != Opening(reports[0], 10) || p.Plies() != len(reports[0].Plies) || p.ID() != GameID(reports[0].Game) {
		t.Errorf("PrepareGame: opening %q, %d plies, id %s", p.game.openingMoves, p.Plies(), p.ID())
	}
}

// Prepared games are counted by Openings as their reports are.
func TestOpeningsAddPrepared(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	evals := fakeEvals(reports)
	var a, b bytes.Buffer
	oa, ob := NewOpenings(24), NewOpenings(24)
	for i, r := range reports {
		oa.Add(r, evals[i])
		ob.AddPrepared(PrepareGame(r, evals[i]))
	}
	if err := oa.Write(&a, Parquet, testMeta); err != nil {
		t.Fatal(err)
	}
	if err := ob.Write(&b, Parquet, testMeta); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("positions of prepared games differ from Add's")
	}
}
