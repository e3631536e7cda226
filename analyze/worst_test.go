package analyze

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// Worst keeps the n worst of the moves offered, in the ranking every list
// of worst moves uses (the greatest fall, then the greatest loss, then the
// earliest move), and says which move each offer pushed out.
func TestWorst(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 3, 10, 200} {
		w := NewWorst[int](n)
		var all []BadMove[int]
		in := map[int]bool{}
		for seq := range 100 {
			m := BadMove[int]{Drop: float64(rng.IntN(8)) / 8, Loss: rng.IntN(5) * 50, Seq: seq, Item: seq}
			all = append(all, m)
			kept, out := w.Offer(m)
			if kept {
				in[seq] = true
			}
			if out != nil {
				if !in[out.Item] {
					t.Fatalf("n %d: pushed out %d, which was not kept", n, out.Item)
				}
				delete(in, out.Item)
			}
		}
		sort.Slice(all, func(i, j int) bool {
			a, b := all[i], all[j]
			if a.Drop != b.Drop {
				return a.Drop > b.Drop
			}
			if a.Loss != b.Loss {
				return a.Loss > b.Loss
			}
			return a.Seq < b.Seq
		})
		got := w.Sorted()
		if len(got) != min(n, 100) || len(in) != len(got) {
			t.Fatalf("n %d: %d kept, %d by the offers", n, len(got), len(in))
		}
		for i := range got {
			if got[i].Item != all[i].Item {
				t.Errorf("n %d: move %d is %d, want %d", n, i, got[i].Item, all[i].Item)
			}
			if !in[got[i].Item] {
				t.Errorf("n %d: %d kept but not by the offers", n, got[i].Item)
			}
		}
	}
	if !Bad(ClassMissedWin) || !Bad(ClassInaccuracy) || Bad(ClassOnlyMove) || Bad(ClassGood) {
		t.Error("Bad")
	}
}
