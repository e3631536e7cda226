package draughts

import (
	"fmt"
	"testing"
)

// randomPositions returns n positions of v: men and kings strewn at random
// (a man never on the row where it would be crowned, at most StartMen
// pieces a side), dense enough for long captures by men and kings,
// captures that cross or end on the promotion row, and loops. seed fixes
// the draw.
func randomPositions(v Variant, n int, seed uint64) []Position {
	g := v.Geometry()
	out := make([]Position, 0, n)
	for len(out) < n {
		var pcs [2]Bitboard
		var kings Bitboard
		// From sparse to crowded; kings rarer than men, sometimes absent.
		fill := 20 + splitmix64(&seed)%50
		kingOdds := splitmix64(&seed) % 4 // 0: no kings
		for _, s := range g.squares {
			r := splitmix64(&seed) % 100
			if r >= fill {
				continue
			}
			c := Color(r & 1)
			king := kingOdds > 0 && splitmix64(&seed)%(4*kingOdds) == 0
			if !king && g.promo[c].Has(s) {
				continue
			}
			if pcs[c].PopCount() >= g.men {
				continue
			}
			pcs[c] |= s.Bit()
			if king {
				kings |= s.Bit()
			}
		}
		p, err := v.NewPosition(pcs[White], pcs[Black], kings, Color(splitmix64(&seed)&1))
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}

// gamePositions returns positions of random games of v from the start.
func gamePositions(v Variant, n int, seed uint64) []Position {
	var out []Position
	for len(out) < n {
		p := Start(v)
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			ms := v.Moves(&p, nil)
			if len(ms) == 0 {
				break
			}
			out = append(out, p)
			m := ms[splitmix64(&seed)%uint64(len(ms))]
			p.Make(&m)
		}
	}
	return out
}

// TestCountsMatchLists checks the bulk counts of perft (captures of men
// counted by whole-board operations, leaves counted without lists, the
// frontier walked without lists) against the lists of Moves, in every
// variant and every counting, on random positions and positions of
// random games: countMoves against the distinct moves listed, and Perft
// to depth 3 or 4 against PerftNoBulk, which lists and plays every move.
func TestCountsMatchLists(t *testing.T) {
	n, deep := 3000, 1500
	if testing.Short() {
		n, deep = 500, 100
	}
	for _, v := range Variants() {
		t.Run(v.Name(), func(t *testing.T) {
			if !v.spec().bulkCounts() {
				t.Skip("perft counts this variant with the generator: no bulk count to check")
			}
			ps := append(randomPositions(v, n, uint64(v)*7919), gamePositions(v, n/2, uint64(v))...)
			for i := range ps {
				p := &ps[i]
				ms := v.Moves(p, nil)
				for _, c := range []Counting{CountSequences, CountLandings, CountResults} {
					want := len(c.Distinct(append([]Move(nil), ms...)))
					if got := v.spec().countMoves(p, c, make([]Move, 0, 8)); got != want {
						t.Fatalf("%s %s: counted %d %s, listed %d", v.Name(), p.FEN(), got, c, want)
					}
					if i >= deep {
						continue
					}
					depth := 3
					if i%16 == 0 {
						depth = 4
					}
					for d := 1; d <= depth; d++ {
						if got, want := v.Perft(p, d, c), v.PerftNoBulk(p, d, c); got != want {
							t.Fatalf("%s %s: perft(%d) %s = %d, without bulk counting %d", v.Name(), p.FEN(), d, c, got, want)
						}
					}
				}
			}
		})
	}
}

// ExampleVariant_Perft shows the two conventions of the published counts.
func ExampleVariant_Perft() {
	p := Start(Russian)
	fmt.Println(Russian.Perft(&p, 8, CountSequences), Russian.Perft(&p, 8, CountResults))
	// Output: 929905 929899
}
