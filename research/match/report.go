package main

import (
	"fmt"
	"io"
	"math"
	"sort"
)

// elo is the Elo difference that gives the expected score s.
func elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// estimate is a score with its 95% interval, and the Elo of the three.
type estimate struct {
	n              int     // samples: games, or pairs of games
	score, se      float64 // mean score a game, and its standard error
	lowS, highS    float64 // the score's interval
	elo, low, high float64 // the Elo of the score and of its interval's ends
}

// normal is the estimate of the mean of xs (scores a game, in [0, 1]) by
// the normal approximation: the interval is the mean ± 1.96 standard
// errors, the sample variance over n.
func normal(xs []float64) estimate {
	n := float64(len(xs))
	if n == 0 {
		return estimate{}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	m := sum / n
	var v float64
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	v /= n
	se := math.Sqrt(v / n)
	lo, hi := m-1.96*se, m+1.96*se
	return estimate{n: len(xs), score: m, se: se, elo: elo(m), low: elo(lo), high: elo(hi), lowS: lo, highS: hi}
}

// trinomial is the estimate from the games as independent samples: each
// game a win, a draw or a loss.
func trinomial(rs []result) estimate {
	xs := make([]float64, len(rs))
	for i, r := range rs {
		xs[i] = r.scoreA
	}
	return normal(xs)
}

// pentanomial is the estimate from the pairs of games of an opening
// (colours swapped), each pair's score (0, 1/4, ..., 1 a game) a sample:
// the games of a pair are correlated through their opening, and the
// pairs are independent. Games whose pair is not complete are left out.
func pentanomial(rs []result) (estimate, [5]int) {
	by := map[int][]float64{}
	for _, r := range rs {
		by[r.opening] = append(by[r.opening], r.scoreA)
	}
	keys := make([]int, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var xs []float64
	var counts [5]int
	for _, k := range keys {
		if s := by[k]; len(s) == 2 {
			xs = append(xs, (s[0]+s[1])/2)
			counts[int(math.Round((s[0]+s[1])*2))]++
		}
	}
	return normal(xs), counts
}

func fmtElo(x float64) string {
	if math.IsInf(x, 0) {
		if x > 0 {
			return "+inf"
		}
		return "-inf"
	}
	if math.Abs(x) < 0.05 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// printReport writes the score of A and the Elo difference A-B.
func printReport(w io.Writer, rs []result) {
	var won, drawn, lost, forfeits, msA, msB, movesA, movesB int
	for _, r := range rs {
		switch r.scoreA {
		case 1:
			won++
		case 0.5:
			drawn++
		default:
			lost++
		}
		if len(r.reason) > 6 && (r.reason[:7] == "A loses" || r.reason[:7] == "B loses") {
			forfeits++
		}
		movesA += r.moves[0]
		movesB += r.moves[1]
		msA += r.ms[0]
		msB += r.ms[1]
	}
	n := len(rs)
	if n == 0 {
		fmt.Fprintln(w, "no games")
		return
	}
	t := trinomial(rs)
	p, counts := pentanomial(rs)
	fmt.Fprintf(w, "A against B: %d games: +%d =%d -%d, score %.1f/%d (%.1f%%)\n", n, won, drawn, lost, float64(won)+float64(drawn)/2, n, 100*t.score)
	if p.n > 0 {
		fmt.Fprintf(w, "Elo A-B %s, 95%% interval [%s, %s] (pentanomial normal approximation, %d pairs of games with colours swapped: %d %d %d %d %d for pair scores 0 to 2)\n",
			fmtElo(p.elo), fmtElo(p.low), fmtElo(p.high), p.n, counts[0], counts[1], counts[2], counts[3], counts[4])
	}
	fmt.Fprintf(w, "Elo A-B %s, 95%% interval [%s, %s] (trinomial normal approximation, %d games as independent samples)\n",
		fmtElo(t.elo), fmtElo(t.low), fmtElo(t.high), t.n)
	if forfeits > 0 {
		fmt.Fprintf(w, "%d games lost by forfeit (illegal move, error, no answer)\n", forfeits)
	}
	if movesA > 0 && movesB > 0 {
		fmt.Fprintf(w, "time a move: A %.1f ms, B %.1f ms\n", float64(msA)/float64(movesA), float64(msB)/float64(movesB))
	}
}
