package egtb

import (
	"context"
	"fmt"

	"github.com/damka/damka/draughts"
)

// refSolver is the generator as it was before the solver of solve.go
// (issue 24): predecessor lists stored, 4 bytes a move, one goroutine.
// It is kept here only as a reference: every table the new solver builds
// in the tests must be byte-identical to what this one builds from the
// same smaller tables (TestSameAsReference).
//
// refSolver is the retrograde analysis of one class and its Swap (the
// classes quiet moves go between), on one index space: the indices of
// the first class, then those of the second. Every other class a move
// leads to (by a capture or a crowning) must be held by db already.
//
// The analysis is the textbook one: a position with no move is lost
// (R-END-1); a position with a move to a lost position is won; a
// position all of whose moves lead to won positions is lost. Moves into
// other classes are read from their tables once, at the start; the rest
// is propagated backwards along the moves inside the space, from each
// position settled to the positions with a move to it (the predecessor
// lists, made from the legal moves of each position). What is never
// settled is a draw: neither side can force the end of the game.
type refSolver struct {
	db      *DB
	ms      []Material // one class, or a class and its Swap
	offs    []uint64   // index space offset of each class
	n       uint64
	val     []uint8  // codeDraw (unsettled), codeWin, codeLoss, codeInvalid
	left    []uint16 // moves of an unsettled position not yet known to lead to a win
	predOff []uint32
	preds   []uint32
	buf     []draughts.Move
	kids    []uint32
	queue   []uint32
	// progress is called with the positions examined so far, twice per
	// position (the two passes over the moves).
	progress func(done uint64)
}

func newRefSolver(db *DB, m Material) *refSolver {
	s := &refSolver{db: db, ms: []Material{m}}
	if sw := m.Swap(); sw != m {
		s.ms = append(s.ms, sw)
	}
	for _, c := range s.ms {
		s.offs = append(s.offs, s.n)
		s.n += db.l.size(c)
	}
	return s
}

// expand examines position i: its value when settled by itself (no
// move: lost; a move into a lost position of another class or one
// taking the opponent's last piece: won; else codeDraw), and the
// distinct positions of the space its moves lead to in s.kids. A move
// to a drawn position of another class counts as a move that never
// becomes a win: left is one more than the kids.
func (s *refSolver) expand(i uint64) (val uint8, left int, err error) {
	k := 0
	if len(s.offs) > 1 && i >= s.offs[1] {
		k = 1
	}
	l := s.db.l
	gs, ok := l.groups(s.ms[k], i-s.offs[k])
	if !ok {
		return codeInvalid, 0, nil
	}
	v := s.db.v
	p, err := v.NewPosition(gs[wMen]|gs[wKings], gs[bMen]|gs[bKings], gs[wKings]|gs[bKings], draughts.White)
	if err != nil {
		return 0, 0, err
	}
	s.buf = v.UniqueMoves(&p, s.buf[:0])
	s.kids = s.kids[:0]
	if len(s.buf) == 0 {
		return codeLoss, 0, nil // R-END-1
	}
	for j := range s.buf {
		q := p
		q.Make(&s.buf[j])
		mc := MaterialOf(&q)
		if mc.Men[0]+mc.Kings[0] == 0 {
			return codeWin, 0, nil // the opponent has no piece left (R-END-1)
		}
		qs := l.normalise(&q)
		qi := l.index(&qs)
		inside := false
		for c, cm := range s.ms {
			if cm == mc {
				s.kids = append(s.kids, uint32(s.offs[c]+qi))
				inside = true
			}
		}
		if inside {
			continue
		}
		t := s.db.tables[slot(mc)]
		if t == nil {
			return 0, 0, fmt.Errorf("endgame databases: class %v needs %v, which is not built", s.ms[0], mc)
		}
		switch t.code(qi) {
		case codeLoss:
			return codeWin, 0, nil
		case codeDraw:
			left++
		}
	}
	if left+len(s.kids) == 0 {
		return codeLoss, 0, nil // every move leads to a win of another class
	}
	return codeDraw, left + len(s.kids), nil
}

// run solves the space and returns the tables of its classes.
func (s *refSolver) run(ctx context.Context) ([]*table, error) {
	s.val = make([]uint8, s.n)
	s.left = make([]uint16, s.n)
	s.predOff = make([]uint32, s.n+1)
	if s.n >= 1<<32-1 {
		return nil, fmt.Errorf("endgame databases: class %v is too large", s.ms[0])
	}
	// Pass 1: settle what settles by itself, count the predecessors of
	// every position (from the unsettled positions only: a settled one
	// is never revisited).
	var done uint64
	for i := range s.n {
		if i&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			s.report(done)
		}
		done++
		val, left, err := s.expand(i)
		if err != nil {
			return nil, err
		}
		s.val[i] = val
		if val != codeDraw {
			if val != codeInvalid {
				s.queue = append(s.queue, uint32(i))
			}
			continue
		}
		if left > 0xffff {
			return nil, fmt.Errorf("endgame databases: a position of %v has %d moves", s.ms[0], left)
		}
		s.left[i] = uint16(left)
		for _, c := range s.kids {
			s.predOff[c+1]++
		}
	}
	for i := range s.n {
		s.predOff[i+1] += s.predOff[i]
	}
	// Pass 2: fill the predecessor lists.
	s.preds = make([]uint32, s.predOff[s.n])
	fill := make([]uint32, s.n)
	copy(fill, s.predOff[:s.n])
	for i := range s.n {
		if i&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			s.report(done)
		}
		done++
		if s.val[i] != codeDraw {
			continue
		}
		if _, _, err := s.expand(i); err != nil {
			return nil, err
		}
		for _, c := range s.kids {
			s.preds[fill[c]] = uint32(i)
			fill[c]++
		}
	}
	fill = nil
	// Propagation: a lost position makes every unsettled predecessor
	// won; a won one takes a move off each unsettled predecessor's
	// count, and a predecessor left with none is lost.
	for len(s.queue) > 0 {
		x := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		lost := s.val[x] == codeLoss
		for _, p := range s.preds[s.predOff[x]:s.predOff[x+1]] {
			if s.val[p] != codeDraw {
				continue
			}
			if lost {
				s.val[p] = codeWin
				s.queue = append(s.queue, p)
				continue
			}
			if s.left[p]--; s.left[p] == 0 {
				s.val[p] = codeLoss
				s.queue = append(s.queue, p)
			}
		}
	}
	s.report(done)
	out := make([]*table, len(s.ms))
	for c, m := range s.ms {
		end := s.n
		if c+1 < len(s.offs) {
			end = s.offs[c+1]
		}
		t := newTable(m, end-s.offs[c])
		for i := s.offs[c]; i < end; i++ {
			t.set(i-s.offs[c], s.val[i])
		}
		out[c] = t
	}
	return out, nil
}

func (s *refSolver) report(done uint64) {
	if s.progress != nil {
		s.progress(done)
	}
}
