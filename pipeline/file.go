package pipeline

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
)

// File reads the games of one input as every damka command does:
// decompressed by its content (input.Decompress), each game decoded from
// the encoding it is in (or the one forced), a read error said with the
// input's name and, for data cut short, after which game. The command
// line reads its inputs one after the other through it; the Beam
// pipeline reads each file on a worker of its own.
type File struct {
	name       string
	r          *pdn.Reader
	rc         io.ReadCloser
	games      int
	lastOK     int
	lastPos    pdn.Pos
	compressed bool
	done       bool
}

// NewFile starts reading the input name from rc (as stored: possibly
// compressed), which Close closes. encoding forces the text encoding
// ("": detected game by game; see pdn.Reader.Encoding).
func NewFile(name string, rc io.ReadCloser, encoding string) (*File, error) {
	d, err := input.Decompress(rc)
	if err != nil {
		rc.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	r := pdn.NewReader(d, name)
	r.Encoding = encoding
	return &File{name: name, r: r, rc: d, compressed: input.Compressed(d)}, nil
}

// Next returns the next game, which may hold a syntax error (g.Err); at
// the end, io.EOF. An error reading the input (not PDN, cut short) ends
// it: Next returns it, said for the user ("x.pdn: unexpected EOF: the
// data is cut after game 12 (line 340), the last whole game; the games
// before it were read"), then io.EOF.
func (f *File) Next() (*pdn.Game, error) {
	if f.done {
		return nil, io.EOF
	}
	g, err := f.r.Next()
	if err == io.EOF {
		f.done = true
		return nil, io.EOF
	}
	if g == nil && err != nil {
		f.done = true
		return nil, f.readError(err)
	}
	f.games++
	if g.Err == nil {
		f.lastOK, f.lastPos = g.Index, g.Pos
	}
	return g, nil
}

// nextRaw is Next without the building (pdn.Reader.NextRaw): it cuts
// the next game into c (a new one when c is nil), for c.Build to build
// into a game of the caller's, on any goroutine (Run's workers, from
// cutFrom workers on; the reader itself below). Run does so with
// Options.Reuse, the one reuse switch of the library: the games come
// back from the sink in batches, not in the order they were read, so
// the reader's own ReuseGame (the last game again) does not fit. The
// caller must be done with c.
func (f *File) nextRaw(c *pdn.RawGame) (*pdn.RawGame, error) {
	if f.done {
		return nil, io.EOF
	}
	c, err := f.r.NextRaw(c)
	if err == io.EOF {
		f.done = true
		return nil, io.EOF
	}
	if err != nil {
		f.done = true
		return nil, f.readError(err)
	}
	f.games++
	if !c.Failed() {
		f.lastOK, f.lastPos = c.Index(), c.Pos()
	}
	return c, nil
}

// readError says what went wrong reading the input, and where: for a
// stream cut short, after which game.
func (f *File) readError(err error) error {
	switch {
	case errors.Is(err, pdn.ErrBinary):
		return fmt.Errorf("%s: %w", f.name, err)
	case errors.Is(err, io.ErrUnexpectedEOF) && f.games == 0:
		// Nothing came out (a compressed stream of one block, cut): no
		// game was read, so none is said to be.
		return fmt.Errorf("%s: %v: the data is cut before the first game", f.name, err)
	case errors.Is(err, io.ErrUnexpectedEOF):
		where := "before the first game"
		if f.lastOK > 0 {
			where = fmt.Sprintf("after game %d (line %d), the last whole game", f.lastOK, f.lastPos.Line)
		}
		return fmt.Errorf("%s: %v: the data is cut %s; the games before it were read", f.name, err, where)
	}
	return fmt.Errorf("%s: %w", f.name, err)
}

// Games is the number of games read so far.
func (f *File) Games() int { return f.games }

// Compressed reports whether the input was compressed.
func (f *File) Compressed() bool { return f.compressed }

// Close closes the input.
func (f *File) Close() error { return f.rc.Close() }

// SourceFile is the name of an input file in the datasets
// (games.source_file): the path as walked from the argument arg, with
// forward slashes, so that the same command gives the same source_file
// on every machine; a path given absolute keeps only its last element and
// what is below it (/home/me/games/x.pdn as an argument gives x.pdn,
// /home/me/games gives games/x.pdn), so that no dataset records where a
// user keeps files. A URL (gs://bucket/games/x.pdn) is kept as it is.
func SourceFile(arg, path string) string {
	if strings.Contains(path, "://") {
		return path
	}
	if arg == "" || !filepath.IsAbs(arg) || !filepath.IsAbs(path) {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(filepath.Dir(filepath.Clean(arg)), path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.Base(path)
	}
	return filepath.ToSlash(rel)
}
