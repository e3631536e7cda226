package ordered

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

func counter(n int) func() (int, bool, error) {
	i := 0
	return func() (int, bool, error) {
		if i == n {
			return 0, false, nil
		}
		i++
		return i, true, nil
	}
}

func TestOrderedKeepsOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 7} {
		var got []int
		err := Map(context.Background(), workers, counter(500), func(i int) int {
			time.Sleep(time.Duration(rand.IntN(50)) * time.Microsecond)
			return i * i
		}, func(v int) error {
			got = append(got, v)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 500 {
			t.Fatalf("workers %d: %d results", workers, len(got))
		}
		for i, v := range got {
			if v != (i+1)*(i+1) {
				t.Fatalf("workers %d: result %d is %d", workers, i, v)
			}
		}
	}
}

func TestOrderedErrors(t *testing.T) {
	boom := errors.New("boom")
	n := 0
	err := Map(context.Background(), 3, counter(1000), func(i int) int { return i }, func(v int) error {
		n++
		if v == 10 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) || n != 10 {
		t.Errorf("emit error: %v after %d", err, n)
	}
	i := 0
	err = Map(context.Background(), 3, func() (int, bool, error) {
		i++
		if i == 20 {
			return 0, false, boom
		}
		return i, true, nil
	}, func(i int) int { return i }, func(int) error { return nil })
	if !errors.Is(err, boom) {
		t.Errorf("next error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Map(ctx, 2, counter(100), func(i int) int { return i }, func(int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// The weight in flight never goes over the budget, except for one item
// heavier than the budget, which then goes alone; and the results still
// come in order (issue 10, item 17).
func TestOrderedBudget(t *testing.T) {
	const budget = 100
	weights := make([]int64, 2000)
	for i := range weights {
		weights[i] = int64(rand.IntN(30))
		if i%97 == 0 {
			weights[i] = 250 // over the budget
		}
	}
	for _, workers := range []int{1, 4, 16} {
		var mu sync.Mutex
		var inFlight, peak, heaviest int64
		alone := true
		i := 0
		next := func() (int, bool, error) {
			if i == len(weights) {
				return 0, false, nil
			}
			i++
			return i - 1, true, nil
		}
		work := func(k int) int {
			mu.Lock()
			inFlight += weights[k]
			if inFlight > peak {
				peak = inFlight
			}
			if weights[k] > budget && inFlight != weights[k] {
				alone = false
			}
			heaviest = max(heaviest, weights[k])
			mu.Unlock()
			time.Sleep(time.Duration(rand.IntN(20)) * time.Microsecond)
			return k
		}
		want := 0
		err := MapWith(context.Background(), Options[int]{Workers: workers, Budget: budget, Weight: func(k int) int64 { return weights[k] }}, next, work, func(k int) error {
			if k != want {
				t.Fatalf("result %d, want %d", k, want)
			}
			want++
			mu.Lock()
			inFlight -= weights[k]
			mu.Unlock()
			return nil
		})
		if err != nil || want != len(weights) {
			t.Fatalf("workers %d: %v after %d", workers, err, want)
		}
		if peak > max(budget, heaviest) {
			t.Errorf("workers %d: %d in flight, budget %d", workers, peak, budget)
		}
		if !alone {
			t.Errorf("workers %d: an item over the budget was not alone", workers)
		}
	}
}

// The count of items in flight is the bound when items weigh nothing.
func TestOrderedCountBound(t *testing.T) {
	var mu sync.Mutex
	inFlight, peak := 0, 0
	err := Map(context.Background(), 2, counter(300), func(i int) int {
		mu.Lock()
		inFlight++
		peak = max(peak, inFlight)
		mu.Unlock()
		return i
	}, func(int) error {
		mu.Lock()
		inFlight--
		mu.Unlock()
		return nil
	})
	if err != nil || peak > 8 {
		t.Errorf("%v; %d in flight, want at most 8", err, peak)
	}
}

func TestMapWorkersOwnState(t *testing.T) {
	// Each worker gets its own work function, made once: state kept in it
	// is never shared, so the race detector sees no conflict, and every
	// item is counted by exactly one worker.
	var mu sync.Mutex
	made := 0
	var counts []*int
	var got []int
	err := MapWorkers(context.Background(), Options[int]{Workers: 3}, counter(200), func() func(int) int {
		n := new(int)
		mu.Lock()
		made++
		counts = append(counts, n)
		mu.Unlock()
		return func(i int) int {
			*n++
			return -i
		}
	}, func(v int) error {
		got = append(got, v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if made != 3 {
		t.Fatalf("%d work functions made for 3 workers", made)
	}
	sum := 0
	for _, n := range counts {
		sum += *n
	}
	if sum != 200 || len(got) != 200 {
		t.Fatalf("%d items worked, %d emitted, want 200", sum, len(got))
	}
	for i, v := range got {
		if v != -(i + 1) {
			t.Fatalf("result %d is %d: out of order", i, v)
		}
	}
}
