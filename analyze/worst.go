package analyze

import (
	"container/heap"
	"slices"
)

// Bad reports whether a class is of a move that loses something: an
// inaccuracy, a mistake, a blunder or a missed win. Those are the moves
// Worst ranks.
func Bad(c Class) bool {
	switch c {
	case ClassInaccuracy, ClassMistake, ClassBlunder, ClassMissedWin:
		return true
	}
	return false
}

// BadMove is a bad move offered to Worst, with what the caller shows of it.
type BadMove[T any] struct {
	Drop float64 // the fall of the mover's winning chances (Fall)
	Loss int     // in centi-men
	Seq  int     // the move's order in the run, to break ties the same way every run
	Item T
}

// Fall is the fall of the mover's winning chances from before a move to
// after it, both from the mover's side: what ranks bad moves.
func Fall(before, after Score) float64 {
	return WinningChances(before) - WinningChances(after)
}

// worse orders moves from the least bad: by the fall of winning chances,
// then by the loss in centi-men, then later moves first.
func (m *BadMove[T]) worse(o *BadMove[T]) bool {
	if m.Drop != o.Drop {
		return m.Drop < o.Drop
	}
	if m.Loss != o.Loss {
		return m.Loss < o.Loss
	}
	return m.Seq > o.Seq
}

// Worst keeps the n worst moves of those offered, by one ranking for
// every list of worst moves (analyze's summary, the HTML report): the
// greatest fall of winning chances, then the greatest loss, then the
// earliest move. Its memory is n moves, whatever the run.
type Worst[T any] struct {
	n int
	h badHeap[T]
}

// NewWorst keeps the n worst moves.
func NewWorst[T any](n int) *Worst[T] { return &Worst[T]{n: n} }

// Offer offers a move. It returns whether the move is kept, and the move
// it pushed out of the list, if any (a caller counting its items' moves
// in the list subtracts that one).
func (w *Worst[T]) Offer(m BadMove[T]) (kept bool, out *BadMove[T]) {
	if w.n <= 0 {
		return false, nil
	}
	if w.h.Len() < w.n {
		heap.Push(&w.h, m)
		return true, nil
	}
	if !w.h[0].worse(&m) {
		return false, nil
	}
	old := w.h[0]
	w.h[0] = m
	heap.Fix(&w.h, 0)
	return true, &old
}

// Len is the number of moves kept.
func (w *Worst[T]) Len() int { return w.h.Len() }

// Sorted returns the moves kept, the worst first.
func (w *Worst[T]) Sorted() []BadMove[T] {
	list := slices.Clone(w.h)
	slices.SortStableFunc(list, func(a, b BadMove[T]) int {
		switch {
		case b.worse(&a):
			return -1
		case a.worse(&b):
			return 1
		}
		return 0
	})
	return list
}

// badHeap is a min-heap: the least bad kept move on top.
type badHeap[T any] []BadMove[T]

func (h badHeap[T]) Len() int           { return len(h) }
func (h badHeap[T]) Less(i, j int) bool { return h[i].worse(&h[j]) }
func (h badHeap[T]) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *badHeap[T]) Push(x any)        { *h = append(*h, x.(BadMove[T])) }
func (h *badHeap[T]) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
