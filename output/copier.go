package output

import (
	"io"
	"strings"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Copier writes games to an archive, as damka select does: as they were
// read (the record's text, decoded to UTF-8, with one blank line between
// games), or in canonical PDN (Canonical, which needs the replay).
type Copier struct {
	w  io.Writer
	pw *pdn.Writer // canonical
	n  int
}

// NewCopier returns a Copier to w, canonical or not.
func NewCopier(w io.Writer, canonical bool) *Copier {
	c := &Copier{w: w}
	if canonical {
		c.pw = pdn.NewWriter(w)
	}
	return c
}

// Add writes the next game, g; r is its replay, needed when canonical.
func (c *Copier) Add(g *pdn.Game, r *validate.Report) error {
	c.n++
	if c.pw != nil {
		return c.pw.Write(Canonical(r))
	}
	sep := "\n"
	if c.n == 1 {
		sep = ""
	}
	_, err := io.WriteString(c.w, sep+strings.TrimRight(g.Raw, "\r\n \t")+"\n")
	return err
}

// Close writes what the canonical writer buffers, and returns its first
// error. It does not close the writer.
func (c *Copier) Close() error {
	if c.pw == nil {
		return nil
	}
	c.pw.Flush()
	return c.pw.Error()
}
