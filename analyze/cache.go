package analyze

import (
	"slices"
	"sync"

	"github.com/damka/damka/draughts"
)

// Cache keeps finished root searches for the Searchers of one run, so that
// a position met in many games (the openings above all) is searched once
// per depth. A root search is a function of (variant, position, depth,
// Options), so an answer from the cache is the answer a search would
// give: the cache changes the time an analysis takes, never its result,
// whatever the order in which games come and the number of workers. When
// two workers ask for the same search at once, one searches and the other
// waits for its result.
//
// The cache holds at most its capacity of results; when it is full, the
// older half is dropped (which again changes only the time).
type Cache struct {
	opts Options
	mu   sync.Mutex
	cur  map[cacheKey]*cacheEntry
	old  map[cacheKey]*cacheEntry
	max  int
}

type cacheKey struct {
	v     draughts.Variant
	pos   draughts.Position
	depth int
}

type cacheEntry struct {
	done chan struct{} // closed when res is set
	res  Result
}

// DefaultCacheSize is the capacity of NewCache(opts, 0): about 64 MiB of
// results.
const DefaultCacheSize = 1 << 17

// NewCache returns a cache for Searchers made with opts (the table size
// changes results, so a Searcher with other Options does not use it) of
// about size results (DefaultCacheSize when size <= 0).
func NewCache(opts Options, size int) *Cache {
	if size <= 0 {
		size = DefaultCacheSize
	}
	return &Cache{opts: opts.WithDefaults(), cur: map[cacheKey]*cacheEntry{}, max: max(size/2, 1)}
}

// get returns the result of the search of k, or reserves it: then the
// caller must search and call put (or abandon) with the returned entry.
func (c *Cache) get(k cacheKey) (r Result, e *cacheEntry, ok bool) {
	c.mu.Lock()
	e = c.cur[k]
	if e == nil {
		if e = c.old[k]; e != nil {
			c.store(k, e)
		}
	}
	if e == nil {
		e = &cacheEntry{done: make(chan struct{})}
		c.store(k, e)
		c.mu.Unlock()
		return Result{}, e, false
	}
	c.mu.Unlock()
	<-e.done
	r = e.res
	r.PV = slices.Clone(r.PV)
	return r, nil, true
}

// store puts e under k; c.mu is held.
func (c *Cache) store(k cacheKey, e *cacheEntry) {
	if len(c.cur) >= c.max {
		c.old, c.cur = c.cur, make(map[cacheKey]*cacheEntry, c.max)
	}
	c.cur[k] = e
}

// put gives the result of a reserved entry.
func (c *Cache) put(e *cacheEntry, r Result) {
	r.PV = slices.Clone(r.PV)
	e.res = r
	close(e.done)
}

// putOther stores a result that was not reserved (the iteration before
// the last of a search), unless it is there already.
func (c *Cache) putOther(k cacheKey, r Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur[k] != nil {
		return
	}
	if e := c.old[k]; e != nil {
		c.store(k, e)
		return
	}
	e := &cacheEntry{done: make(chan struct{}), res: r}
	e.res.PV = slices.Clone(r.PV)
	close(e.done)
	c.store(k, e)
}

// SetCache makes the Searcher answer root searches from c and put its
// own there. c must have been made with the Searcher's Options (else it
// is not used). Nil stops using a cache.
func (s *Searcher) SetCache(c *Cache) {
	if c != nil && c.opts != s.opts {
		c = nil
	}
	s.shared = c
}
