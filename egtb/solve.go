package egtb

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/damka/damka/draughts"
)

// solver is the retrograde analysis of one class and its Swap (the
// classes quiet moves go between), on one index space: the indices of
// the first class, then those of the second. Every other class a move
// leads to (by a capture or a crowning) must be held by db already.
//
// The analysis is the textbook one: a position with no move is lost
// (R-END-1); a position with a move to a lost position is won; a
// position all of whose moves lead to won positions is lost; what is
// never settled is a draw: neither side can force the end of the game.
//
// It keeps one byte a position and nothing else, so that the largest
// 6-piece pair of Russian (2 x 193 M positions) fits in memory: no list
// of predecessors is stored. A first pass examines every position once:
// what settles by itself (no move, a winning capture or crowning read
// from a smaller class's table) is settled, and every other position
// without a capture keeps the number of its moves not yet known to lead
// to a win. The moves inside the space are exactly the quiet moves that
// crown nothing (a capture takes a piece, a crowning makes a king), so
// the predecessors of a settled position are found again on the fly by
// un-moving one of the opponent's pieces (a king back along a diagonal,
// a man one step backwards); a predecessor with a capture, which could
// not have made a quiet move (R-CAP-1), never has a counter, so it is
// passed over. Each settled position is propagated once: a loss makes
// its counted predecessors wins, a win takes one off their counters, and
// a counter that reaches zero is a loss.
//
// Both passes run on every core: the space is cut into chunks that the
// workers take in turn; the counters are changed by compare-and-swap, so
// the result does not depend on the order (the retrograde fixpoint is
// unique: the tables are byte-identical to those of the reference
// generator, TestSameAsReference).
type solver struct {
	db      *DB
	ms      []Material // one class, or a class and its Swap
	offs    []uint64   // index space offset of each class
	n       uint64
	workers int
	// st holds the state of every position, a byte each, four to a word
	// (the byte of index i is bits 8*(i%4) of word i/4) so that the
	// workers can change them with the 32-bit atomics.
	st []uint32
	// dirty marks the chunks that may hold a position settled but not yet
	// propagated (stWinNew, stLossNew).
	dirty []uint32
	// done counts the work for progress: a unit a position examined, a
	// unit a position propagated, the rest at the end.
	done     atomic.Uint64
	progress func(done uint64)
}

// The state of a position during the solve. 1..stMaxLeft are the
// counters of positions without a capture, not yet settled.
const (
	stNone    = 0   // a draw unless settled, not counted: it has a capture, or is not examined yet
	stMaxLeft = 247 // the most moves a counter holds
	stWinNew  = 248 // won, its predecessors not yet told
	stLossNew = 249 // lost, its predecessors not yet told
	stWin     = 250
	stLoss    = 251
	stInvalid = 252 // an index that is no position
)

// chunk is the number of positions a worker takes at a time: a multiple
// of 4, so that in the first pass, where each worker writes the states of
// its own chunk only, no two share a word.
const chunk = 1 << 14

func newSolver(db *DB, m Material) *solver {
	s := &solver{db: db, ms: []Material{m}, workers: runtime.GOMAXPROCS(0)}
	if sw := m.Swap(); sw != m {
		s.ms = append(s.ms, sw)
	}
	for _, c := range s.ms {
		s.offs = append(s.offs, s.n)
		s.n += db.l.size(c)
	}
	return s
}

func (s *solver) get(i uint64) uint8 { return uint8(atomic.LoadUint32(&s.st[i>>2]) >> (8 * (i & 3))) }

// put sets the state of i to v, a plain write: only for the first pass,
// where each word is written by one worker.
func (s *solver) put(i uint64, v uint8) {
	sh := 8 * (i & 3)
	s.st[i>>2] = s.st[i>>2]&^(0xff<<sh) | uint32(v)<<sh
}

// update changes the state of i by f (old state to new, or ok false to
// leave it) atomically, and returns the new state and whether it changed.
func (s *solver) update(i uint64, f func(uint8) (uint8, bool)) (uint8, bool) {
	w := &s.st[i>>2]
	sh := 8 * (i & 3)
	for {
		old := atomic.LoadUint32(w)
		nv, ok := f(uint8(old >> sh))
		if !ok {
			return 0, false
		}
		if atomic.CompareAndSwapUint32(w, old, old&^(0xff<<sh)|uint32(nv)<<sh) {
			return nv, true
		}
	}
}

func (s *solver) markDirty(i uint64) {
	if d := &s.dirty[i/chunk]; atomic.LoadUint32(d) == 0 {
		atomic.StoreUint32(d, 1)
	}
}

// class is the class of space index i and its index in that class.
func (s *solver) class(i uint64) (int, uint64) {
	if len(s.offs) > 1 && i >= s.offs[1] {
		return 1, i - s.offs[1]
	}
	return 0, i
}

// worker is what one goroutine needs of its own.
type worker struct {
	s   *solver
	buf []draughts.Move
}

// examine is the first look at position i: its state when settled by
// itself (no move: lost; a move into a lost position of another class or
// one taking the opponent's last piece: won; every move into a won
// position of another class: lost), else, without a capture, the number
// of its moves not known to lead to a win: those inside the space and
// those to a drawn position of another class (which never become wins);
// stNone with a capture that is not settled (a draw).
func (w *worker) examine(i uint64) (uint8, error) {
	s := w.s
	k, li := s.class(i)
	l := s.db.l
	gs, ok := l.groups(s.ms[k], li)
	if !ok {
		return stInvalid, nil
	}
	v := s.db.v
	p, err := v.NewPosition(gs[wMen]|gs[wKings], gs[bMen]|gs[bKings], gs[wKings]|gs[bKings], draughts.White)
	if err != nil {
		return 0, err
	}
	capture := v.MustCapture(&p)
	if capture {
		w.buf = v.UniqueMoves(&p, w.buf[:0])
	} else {
		// Without a capture the legal moves are the quiet ones
		// (R-CAP-1), each to its own position: no need to sort out
		// paths to the same position as UniqueMoves does.
		w.buf = v.QuietMoves(&p, w.buf[:0])
	}
	if len(w.buf) == 0 {
		return stLossNew, nil // R-END-1
	}
	left := 0
	for j := range w.buf {
		m := &w.buf[j]
		if !capture && !m.Promotes {
			left++ // a quiet move inside the space
			continue
		}
		q := p
		q.Make(m)
		mc := MaterialOf(&q)
		if mc.Men[0]+mc.Kings[0] == 0 {
			return stWinNew, nil // the opponent has no piece left (R-END-1)
		}
		t := s.db.tables[slot(mc)]
		if t == nil {
			return 0, fmt.Errorf("endgame databases: class %v needs %v, which is not built", s.ms[0], mc)
		}
		qs := l.normalise(&q)
		switch t.code(l.index(&qs)) {
		case codeLoss:
			return stWinNew, nil
		case codeDraw:
			left++
		}
	}
	switch {
	case left == 0:
		return stLossNew, nil // every move leads to a win of another class
	case capture:
		return stNone, nil // a draw: a capture is compulsory (R-CAP-1), and none wins
	case left > stMaxLeft:
		return 0, fmt.Errorf("endgame databases: a position of %v has %d moves", s.ms[0], left)
	}
	return uint8(left), nil
}

// propagate tells the predecessors of settled position i (won or lost)
// inside the space: every position from which one quiet move of the
// opponent of i's side to move leads to i.
func (w *worker) propagate(i uint64, lost bool) {
	s := w.s
	k, li := s.class(i)
	l := s.db.l
	g := l.g
	gs, _ := l.groups(s.ms[k], li)
	// The predecessors, Black to move in i's frame, are of the class with
	// the other side to move.
	pk := len(s.ms) - 1 - k
	empty := g.Board() &^ (gs[wMen] | gs[wKings] | gs[bMen] | gs[bKings])
	tell := func(grp int, from, to draughts.Square) {
		q := gs
		q[grp] ^= from.Bit() | to.Bit()
		// Normalised: Black, to move there, becomes White.
		n := [4]draughts.Bitboard{g.Flip(q[bMen]), g.Flip(q[bKings]), g.Flip(q[wMen]), g.Flip(q[wKings])}
		pi := s.offs[pk] + l.index(&n)
		nv, ok := s.update(pi, func(c uint8) (uint8, bool) {
			switch {
			case c == stNone || c > stMaxLeft:
				return 0, false // settled, or a capture instead of this move
			case lost:
				return stWinNew, true
			case c == 1:
				return stLossNew, true
			}
			return c - 1, true
		})
		if ok && nv >= stWinNew {
			s.markDirty(pi)
		}
	}
	// Black's men move down (towards Black's crowning row): one came to s
	// from the square above it.
	for b := gs[bMen]; b != 0; b &= b - 1 {
		sq := b.First()
		for _, d := range [2]draughts.Direction{draughts.UpLeft, draughts.UpRight} {
			if t := g.Neighbor(sq, d); t != draughts.NoSquare && empty.Has(t) {
				tell(bMen, sq, t)
			}
		}
	}
	flying := s.db.v.FlyingKings()
	for b := gs[bKings]; b != 0; b &= b - 1 {
		sq := b.First()
		for _, d := range draughts.Directions {
			for t := g.Neighbor(sq, d); t != draughts.NoSquare && empty.Has(t); t = g.Neighbor(t, d) {
				tell(bKings, sq, t)
				if !flying {
					break
				}
			}
		}
	}
}

// parallel runs f on the chunks listed (numbers of chunks), spread over
// the workers, reporting progress from the calling goroutine meanwhile;
// it stops at the first error or when ctx is done.
func (s *solver) parallel(ctx context.Context, chunks []uint64, f func(w *worker, lo, hi uint64) error) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, s.workers)
	var stop atomic.Bool
	for j := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{s: s}
			for !stop.Load() {
				c := next.Add(1) - 1
				if c >= int64(len(chunks)) {
					return
				}
				if err := ctx.Err(); err != nil {
					errs[j] = err
					stop.Store(true)
					return
				}
				lo := chunks[c] * chunk
				if err := f(w, lo, min(lo+chunk, s.n)); err != nil {
					errs[j] = err
					stop.Store(true)
					return
				}
			}
		}()
	}
	fin := make(chan struct{})
	go func() { wg.Wait(); close(fin) }()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-fin:
			for _, err := range errs {
				if err != nil {
					return err
				}
			}
			return nil
		case <-tick.C:
			s.report()
		}
	}
}

// run solves the space and returns the tables of its classes.
func (s *solver) run(ctx context.Context) ([]*table, error) {
	s.st = make([]uint32, (s.n+3)/4)
	nc := (s.n + chunk - 1) / chunk
	s.dirty = make([]uint32, nc)
	all := make([]uint64, nc)
	for c := range all {
		all[c] = uint64(c)
	}
	// Pass 1: examine every position once.
	err := s.parallel(ctx, all, func(w *worker, lo, hi uint64) error {
		settled := false
		for i := lo; i < hi; i++ {
			st, err := w.examine(i)
			if err != nil {
				return err
			}
			s.put(i, st)
			settled = settled || st == stWinNew || st == stLossNew
		}
		if settled {
			atomic.StoreUint32(&s.dirty[lo/chunk], 1)
		}
		s.done.Add(hi - lo)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Propagation, in rounds over the chunks that hold positions settled
	// since they were last scanned, until none is left.
	for {
		var todo []uint64
		for c := range s.dirty {
			if atomic.LoadUint32(&s.dirty[c]) != 0 {
				todo = append(todo, uint64(c))
			}
		}
		if len(todo) == 0 {
			break
		}
		err := s.parallel(ctx, todo, func(w *worker, lo, hi uint64) error {
			atomic.StoreUint32(&s.dirty[lo/chunk], 0)
			var n uint64
			for i := lo; i < hi; i++ {
				// A position settled is propagated once: the worker of its
				// chunk turns it from new to final first.
				nv, ok := s.update(i, func(c uint8) (uint8, bool) {
					switch c {
					case stWinNew:
						return stWin, true
					case stLossNew:
						return stLoss, true
					}
					return 0, false
				})
				if ok {
					w.propagate(i, nv == stLoss)
					n++
				}
			}
			s.done.Add(n)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	s.done.Store(2 * s.n)
	s.report()
	out := make([]*table, len(s.ms))
	for c, m := range s.ms {
		end := s.n
		if c+1 < len(s.offs) {
			end = s.offs[c+1]
		}
		t := newTable(m, end-s.offs[c])
		for i := s.offs[c]; i < end; i++ {
			switch s.get(i) {
			case stWin:
				t.set(i-s.offs[c], codeWin)
			case stLoss:
				t.set(i-s.offs[c], codeLoss)
			case stInvalid:
				t.set(i-s.offs[c], codeInvalid)
			}
		}
		out[c] = t
	}
	s.st, s.dirty = nil, nil
	return out, nil
}

func (s *solver) report() {
	if s.progress != nil {
		s.progress(s.done.Load())
	}
}
