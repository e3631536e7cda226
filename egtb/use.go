package egtb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/damka/damka/draughts"
)

// Use is the databases a run searches with: those of one folder, or none,
// and then whether to say so. A run without them works as it would with
// an empty folder; it says once, at the end, that positions the default
// build would hold were searched instead (Missed, MissingNote), so that a
// user who never built them learns what they would change.
type Use struct {
	Set *Set   // nil: none
	Dir string // where they were looked for; "" when nowhere (no note)
	// Default: Dir is DefaultDir, not a folder the user named.
	Default bool
	// Skipped are the tables (or a variant's folder, or Dir itself) left
	// out because they could not be loaded (OpenSetSkipping): each error
	// names its path, for a warning; the run goes on without them.
	Skipped []error
}

// ErrNoDatabases is the error of UseDir for a folder named by the user
// that holds no database.
var ErrNoDatabases = errors.New("no endgame database there")

// UseDir opens the databases of every variant that has some in dir
// (OpenSetSkipping): a table that cannot be loaded (damaged, unreadable,
// a named pipe) is left out and listed in Skipped, never waited on. A
// folder the user named (dir not "") must hold some, else the error wraps
// ErrNoDatabases (the Use returned with it has Skipped, which may say
// why); the default folder (DefaultDir, for "") may hold none, and a
// system without a cache folder has none.
func UseDir(dir string) (*Use, error) {
	named := dir != ""
	if !named {
		d, err := DefaultDir()
		if err != nil {
			return &Use{}, nil // no cache folder: no databases, nothing to say
		}
		dir = d
	}
	u := &Use{Dir: dir, Default: !named}
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		u.Skipped = []error{fmt.Errorf("%s: not a folder", dir)}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		u.Skipped = []error{err}
	case err == nil:
		s, skipped := OpenSetSkipping(dir)
		u.Skipped = skipped
		if !s.Empty() {
			u.Set = s
		}
	}
	if named && u.Set == nil {
		return u, fmt.Errorf("%s: %w", dir, ErrNoDatabases)
	}
	return u, nil
}

// Tablebase is the databases as a search option: nil without any (an
// interface holding a nil *Set would not be nil).
func (u *Use) Tablebase() Tablebase {
	if u.Set == nil {
		return nil
	}
	return u.Set
}

// Missed reports whether p is a position the default build would hold
// while there is no database: a position MissingNote speaks of.
func (u *Use) Missed(p *draughts.Position) bool {
	return u.Set == nil && u.Dir != "" && Supported(p.Variant()) == nil && p.Occupied().PopCount() <= DefaultPieces
}

// MissingNote is what to tell the user when a search Missed positions.
func (u *Use) MissingNote() string {
	return fmt.Sprintf("note: no endgame databases in %s: positions of %d pieces or fewer were searched, not looked up (damka egtb build makes them)", u.Dir, DefaultPieces)
}
