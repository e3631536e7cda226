package analyze

import (
	"strconv"
	"strings"

	"github.com/damka/damka/draughts"
)

// Pool searches positions of one variant on as many goroutines as call it,
// each search on a Searcher no other search is using. A search does not
// depend on which Searcher runs it nor on what that one searched before
// (Searcher resets its tables), so results do not depend on the number of
// goroutines; the Pool keeps the idle Searchers, whose tables are costly
// to allocate, for the next search.
type Pool struct {
	v    draughts.Variant
	opts Options
	idle chan *Searcher
}

// NewPool returns a Pool of Searchers of v with opts, keeping up to 64
// idle ones.
func NewPool(v draughts.Variant, opts Options) *Pool {
	return &Pool{v: v, opts: opts, idle: make(chan *Searcher, 64)}
}

// Search searches p (Searcher.Search). It is safe for concurrent use.
func (pl *Pool) Search(p *draughts.Position) Result {
	var s *Searcher
	select {
	case s = <-pl.idle:
	default:
		s = NewSearcher(pl.v, pl.opts)
	}
	r := s.Search(p)
	select {
	case pl.idle <- s:
	default:
	}
	return r
}

// Line is the result of a search of p as damka eval prints it, one line
// of tab-separated fields: FEN, White's score, the mover's score, the best
// move ("-" for none), the principal variation (moves separated by spaces,
// "-" when empty), the depth, the nodes and ms (the milliseconds spent).
func (r Result) Line(p *draughts.Position, ms int64) string {
	white := r.Score
	if p.Side == draughts.Black {
		white = -white
	}
	best, pv := "-", "-"
	if len(r.PV) > 0 {
		best = r.Best.String()
		names := make([]string, len(r.PV))
		for i := range r.PV {
			names[i] = r.PV[i].String()
		}
		pv = strings.Join(names, " ")
	}
	return strings.Join([]string{
		p.FEN(), white.String(), r.Score.String(), best, pv,
		strconv.Itoa(r.Depth), strconv.FormatUint(r.Nodes, 10), strconv.FormatInt(ms, 10),
	}, "\t")
}
