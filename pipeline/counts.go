package pipeline

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Counts sum up a run over many games as damka check reports them:
// read = clean + warnings + errors (unreadable among them) + not checked,
// the games not checked by variant, and the findings by kind. Counts of
// parts of a run (shards, bundles) merge into the counts of the whole
// (Merge), whatever the order: the fields are exported so that they can
// be encoded between the workers of a cluster.
type Counts struct {
	Games, Clean, Warnings, Errors, Unreadable, Unchecked int
	// InputErrors counts the inputs that could not be read.
	InputErrors int
	Plies       int // plies replayed
	Kinds       map[validate.Kind]int
	// UncheckedBy counts the games not checked by the name of their
	// variant; UncheckedFirst is the order (Add's order argument) of the
	// first such game of each, so that they are printed in the order
	// they came.
	UncheckedBy    map[string]int
	UncheckedFirst map[string]int64
}

// Add counts a game; order places it in the run (its input order, or
// any key that sorts the games the same way: the first game of a
// variant damka does not play is the one of least order).
func (c *Counts) Add(r *validate.Report, order int64) {
	c.init()
	c.Games++
	c.Plies += len(r.Plies)
	switch r.Status() {
	case validate.Clean:
		c.Clean++
	case validate.Warnings:
		c.Warnings++
	case validate.Errors:
		c.Errors++
	case validate.Unreadable:
		c.Unreadable++
	case validate.Unchecked:
		c.Unchecked++
		name := pdn.GameTypeName(r.GameType.Number)
		if first, ok := c.UncheckedFirst[name]; !ok || order < first {
			c.UncheckedFirst[name] = order
		}
		c.UncheckedBy[name]++
	}
	for _, f := range r.Findings {
		c.Kinds[f.Kind]++
	}
}

func (c *Counts) init() {
	if c.Kinds == nil {
		c.Kinds = map[validate.Kind]int{}
	}
	if c.UncheckedBy == nil {
		c.UncheckedBy = map[string]int{}
		c.UncheckedFirst = map[string]int64{}
	}
}

// Merge adds the counts of o.
func (c *Counts) Merge(o *Counts) {
	c.init()
	c.Games += o.Games
	c.Clean += o.Clean
	c.Warnings += o.Warnings
	c.Errors += o.Errors
	c.Unreadable += o.Unreadable
	c.Unchecked += o.Unchecked
	c.InputErrors += o.InputErrors
	c.Plies += o.Plies
	for k, n := range o.Kinds {
		c.Kinds[k] += n
	}
	for name, n := range o.UncheckedBy {
		c.UncheckedBy[name] += n
		if first, ok := c.UncheckedFirst[name]; !ok || o.UncheckedFirst[name] < first {
			c.UncheckedFirst[name] = o.UncheckedFirst[name]
		}
	}
}

// HasErrors reports whether a game has an error or could not be checked:
// the exit status 1 of every command.
func (c *Counts) HasErrors() bool {
	return c.Errors+c.Unreadable+c.Unchecked > 0
}

// The exit statuses of a run, damka's and damka-beam's (the README's
// table): ExitStatus chooses among the first three from the counts.
const (
	ExitOK       = 0 // every game checked, none with an error
	ExitFindings = 1 // a game has an error, or could not be checked
	ExitInput    = 2 // an input could not be read at all (or, for the commands, bad usage)
)

// ExitStatus is the exit status of a run with these counts: ExitInput when
// an input could not be read, ExitFindings when a game has an error or
// could not be checked, else ExitOK.
func (c *Counts) ExitStatus() int {
	switch {
	case c.InputErrors > 0:
		return ExitInput
	case c.HasErrors():
		return ExitFindings
	}
	return ExitOK
}

// DescribeInputError is how damka and damka-beam name an input that
// could not be read: the path and what went wrong, without the system
// call ("x.pdn: no such file or directory", not "open x.pdn: ...").
func DescribeInputError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}

// Write prints what was read and found, as damka check's summary does:
//
//	3982 games read: 3873 without errors (394 clean, 3479 with warnings only), 43 with errors (15 unreadable), 66 not checked
//	16 not checked: Spantsiretti is not played by damka
//	findings: 15 syntax_error, 11 illegal_move, ...
//	1 input(s) could not be read
func (c *Counts) Write(w io.Writer) {
	fmt.Fprintf(w, "%d games read: %d without errors (%d clean, %d with warnings only), %d with errors",
		c.Games, c.Clean+c.Warnings, c.Clean, c.Warnings, c.Errors+c.Unreadable)
	if c.Unreadable > 0 {
		fmt.Fprintf(w, " (%d unreadable)", c.Unreadable)
	}
	if c.Unchecked > 0 {
		fmt.Fprintf(w, ", %d not checked", c.Unchecked)
	}
	fmt.Fprintln(w)
	c.WriteUnchecked(w)
	var parts []string
	for _, k := range validate.Kinds {
		if n := c.Kinds[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "findings: %s\n", strings.Join(parts, ", "))
	}
	if c.InputErrors > 0 {
		fmt.Fprintf(w, "%d input(s) could not be read\n", c.InputErrors)
	}
}

// WriteUnchecked prints a line for each variant whose games were not
// checked, in the order they came: "16 not checked: Spantsiretti is not
// played by damka".
func (c *Counts) WriteUnchecked(w io.Writer) {
	names := make([]string, 0, len(c.UncheckedBy))
	for name := range c.UncheckedBy {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(c.UncheckedFirst[a], c.UncheckedFirst[b]), cmp.Compare(a, b))
	})
	for _, name := range names {
		fmt.Fprintf(w, "%d not checked: %s is not played by damka\n", c.UncheckedBy[name], display.Text(name))
	}
}
