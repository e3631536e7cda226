package draughts

import "fmt"

// Counting says which moves of a position perft counts as different. The
// conventions differ only for flying kings, where the generator lists
// every landing-square path.
type Counting uint8

const (
	// CountSequences counts each sequence of captured pieces once: two paths
	// that take the same pieces in the same order and end on the same square
	// differ only in where the king paused on its way along a diagonal, and
	// are one move. This is the convention of the published Russian perft
	// counts (7, 49, ..., 22450628, 110961169, 545059387), the default.
	CountSequences Counting = iota
	// CountLandings counts every landing-square path, as pydraughts does
	// (../shared/oracle/perft_positions.txt).
	CountLandings
	// CountResults counts the moves of a position that lead to different
	// positions (the published "dedup" counts: ..., 22444032, 110917189).
	CountResults
)

func (c Counting) String() string {
	switch c {
	case CountLandings:
		return "landings"
	case CountResults:
		return "results"
	}
	return "sequences"
}

// ParseCounting reads a Counting from its String form.
func ParseCounting(s string) (Counting, error) {
	for _, c := range []Counting{CountSequences, CountLandings, CountResults} {
		if s == c.String() {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown counting %q (sequences, landings, results)", s)
}

// Distinct removes in place the moves of ms that counting c does not tell
// from an earlier move, and returns the rest.
func (c Counting) Distinct(ms []Move) []Move {
	if c == CountLandings || len(ms) < 2 || !ms[0].IsCapture() {
		return ms // quiet moves are always distinct
	}
	same := (*Move).SameSequence
	if c == CountResults {
		same = (*Move).SameResult
	}
	n := 0
next:
	for i := range ms {
		for j := 0; j < n; j++ {
			if same(&ms[j], &ms[i]) {
				continue next
			}
		}
		ms[n] = ms[i]
		n++
	}
	return ms[:n]
}

// Perft counts the leaf nodes of the legal move tree of p to depth plies,
// counting moves as c says. Leaves are counted in bulk: at depth 1 quiet
// moves are counted with population counts, not listed.
func (v *spec) Perft(p *Position, depth int, c Counting) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 64)
	}
	return v.perft(*p, depth, c, bufs)
}

// perft takes the position by value: a pointer to a local copy would be
// moved to the heap by the recursion, one allocation per node.
func (v *spec) perft(p Position, depth int, c Counting, bufs [][]Move) uint64 {
	if depth == 1 {
		return uint64(v.countMoves(&p, c, bufs[0]))
	}
	ms := v.generate(&p, bufs[depth-1][:0], c == CountSequences)
	bufs[depth-1] = ms
	if c == CountResults {
		ms = c.Distinct(ms)
	}
	var n uint64
	if depth == 2 {
		// The frontier: count the children's moves here rather than in a
		// call per child (a third of the time went to the calls).
		for i := range ms {
			q := p
			q.makeNoHash(&ms[i])
			n += uint64(v.countMoves(&q, c, bufs[0]))
		}
		return n
	}
	for i := range ms {
		n += v.perft(p.Play(&ms[i]), depth-1, c, bufs)
	}
	return n
}

// countMoves counts the legal moves of p: quiet moves by population count,
// captures by listing them.
func (v *spec) countMoves(p *Position, c Counting, buf []Move) int {
	j := v.capturers(p)
	switch {
	case j == 0:
		return v.countQuiet(p)
	case c == CountResults:
		return len(c.Distinct(v.captures(p, j, buf[:0], false)))
	}
	return v.countCaptures(p, j, c == CountSequences)
}

// PerftNoBulk is Perft without bulk counting: every leaf is made and
// visited. It exists to measure the generator and Make.
func (v *spec) PerftNoBulk(p *Position, depth int, c Counting) uint64 {
	bufs := make([][]Move, depth+1)
	return v.perftSlow(*p, depth, c, bufs)
}

func (v *spec) perftSlow(p Position, depth int, c Counting, bufs [][]Move) uint64 {
	if depth == 0 {
		return 1
	}
	ms := v.Moves(&p, bufs[depth][:0])
	bufs[depth] = ms
	ms = c.Distinct(ms)
	var n uint64
	for i := range ms {
		n += v.perftSlow(p.Play(&ms[i]), depth-1, c, bufs)
	}
	return n
}

// DivideEntry is one root move of Divide with its perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move.
func (v *spec) Divide(p *Position, depth int, c Counting) []DivideEntry {
	ms := c.Distinct(v.Moves(p, nil))
	out := make([]DivideEntry, 0, len(ms))
	for i := range ms {
		q := p.Play(&ms[i])
		out = append(out, DivideEntry{Move: ms[i], Nodes: v.Perft(&q, depth-1, c)})
	}
	return out
}
