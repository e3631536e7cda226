package pipeline

import (
	"context"
	"errors"
	"math/rand/v2"
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
		err := Ordered(context.Background(), workers, counter(500), func(i int) int {
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
	err := Ordered(context.Background(), 3, counter(1000), func(i int) int { return i }, func(v int) error {
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
	err = Ordered(context.Background(), 3, func() (int, bool, error) {
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
	if err := Ordered(ctx, 2, counter(100), func(i int) int { return i }, func(int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
