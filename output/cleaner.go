package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/damka/damka/dupes"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/validate"
)

// Cleaner writes the cleaned archive of a run, and its rejects, game
// after game, as damka clean does: Add is a sink of pipeline.Run, which
// keeps nothing of a game past it (Options.Reuse may be set). With
// duplicates dropped, the game kept of a group may come after the
// others: the games go to a spool (Spool), copied to the archive without
// the duplicates by Close.
type Cleaner struct {
	opts     CleanOptions
	pw       *pdn.Writer // to Out
	finder   *dupes.Finder
	sp       *Spool
	repaired map[int]bool // with a finder: the games added that were repaired

	// Out takes the games written (set before the first Add).
	Out io.Writer
	// Rejects, when set (before the first Add), takes the games with an
	// error (WriteReject).
	Rejects io.Writer

	// What was done with the games: read = Written + Rejected + Dropped.
	Written, Rejected, Unchecked, Dropped, Fixed, Repaired int
}

// NewCleaner writes the games that replay without an error (Clean) to
// Out; with dropDuplicates, one game of each group of duplicates of kind.
func NewCleaner(opts CleanOptions, dropDuplicates bool, kind dupes.Kind) (*Cleaner, error) {
	c := &Cleaner{opts: opts}
	if dropDuplicates {
		sp, err := NewSpool()
		if err != nil {
			return nil, err
		}
		c.finder, c.sp, c.repaired = dupes.NewFinder(kind), sp, map[int]bool{}
	}
	return c, nil
}

// Add writes (or spools, or rejects) a processed game.
func (c *Cleaner) Add(res *pipeline.Result) error {
	if c.pw == nil {
		c.pw = pdn.NewWriter(c.Out)
	}
	r := res.Report
	g, ok, fixed := Clean(r, c.opts)
	if !ok {
		c.Rejected++
		if r.Status() == validate.Unchecked {
			c.Unchecked++
		}
		if c.Rejects != nil {
			return WriteReject(c.Rejects, r, res.Input.Source)
		}
		return nil
	}
	if fixed {
		c.Fixed++
	}
	if c.finder != nil {
		if len(r.Repairs) > 0 {
			c.repaired[c.finder.Games()] = true
		}
		k := dupes.KeyOf(r, c.finder.Kind())
		c.finder.Add(&k, dupes.Ref{})
		return c.sp.Add(g)
	}
	c.Written++
	if len(r.Repairs) > 0 {
		c.Repaired++
	}
	return c.pw.Write(g)
}

// Close finishes the archive: the spooled games without their
// duplicates, and the writer's buffer. It does not close out or rejects.
func (c *Cleaner) Close() error {
	if c.pw == nil {
		c.pw = pdn.NewWriter(c.Out)
	}
	if c.finder != nil {
		c.finder.Finish()
		c.pw.Flush()
		w, err := c.sp.CopyTo(c.Out, func(seq int) bool { return !c.finder.Dropped(seq) })
		if err != nil {
			return err
		}
		c.Written, c.Dropped = w, c.finder.Games()-w
		for seq := range c.repaired {
			if !c.finder.Dropped(seq) {
				c.Repaired++
			}
		}
	}
	c.pw.Flush()
	return c.pw.Error()
}

// Release removes the spool, if any: after Close, or for a run given up.
func (c *Cleaner) Release() {
	if c.sp != nil {
		c.sp.Close()
	}
}

// Summary is the line damka clean ends with, for read games: "120 games
// read: 117 written (2 repaired), 3 rejected (1 not checked), 4
// duplicates dropped, 1 results fixed". What was not asked for (repairs,
// duplicates, results) is left out.
func (c *Cleaner) Summary(read int, repair bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games read: %d written", read, c.Written)
	if repair {
		fmt.Fprintf(&b, " (%d repaired)", c.Repaired)
	}
	fmt.Fprintf(&b, ", %d rejected", c.Rejected)
	if c.Unchecked > 0 {
		fmt.Fprintf(&b, " (%d not checked)", c.Unchecked)
	}
	if c.finder != nil {
		fmt.Fprintf(&b, ", %d duplicates dropped", c.Dropped)
	}
	if c.opts.FixResults {
		fmt.Fprintf(&b, ", %d results fixed", c.Fixed)
	}
	return b.String()
}
