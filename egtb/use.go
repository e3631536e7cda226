package egtb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Use is the databases a run searches with: those of one folder, or none.
// The default folder's are built there on first need (AutoBuild), a
// folder the user named is read as it is.
type Use struct {
	Set *Set   // nil: none
	Dir string // where they were looked for; "" when nowhere
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
// why). The default folder (DefaultDir, for "") may hold none: with auto
// set, the classes of auto.Pieces pieces or fewer that it lacks are built
// there on first need (Set.BuildOnNeed; auto.Dir is set to it). A system
// without a cache folder has none.
func UseDir(dir string, auto *AutoBuild) (*Use, error) {
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
	default:
		s, skipped := OpenSetSkipping(dir)
		u.Skipped = skipped
		u.Set = s
	}
	switch {
	case named && (u.Set == nil || u.Set.Empty()):
		u.Set = nil
		return u, fmt.Errorf("%s: %w", dir, ErrNoDatabases)
	case !named && auto != nil && u.Set != nil:
		a := *auto
		a.Dir = dir
		u.Set.BuildOnNeed(a)
	case u.Set != nil && u.Set.Empty():
		u.Set = nil
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
