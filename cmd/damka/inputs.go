package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/pdn"
)

// gameItem is one game read from the inputs, an input that failed, or a
// note about the inputs (something skipped, a file with no game).
type gameItem struct {
	File string // input name as shown in reports
	// DataName is the input's name in the datasets (games.source_file):
	// as given on the command line, a path given absolute from its last
	// element on (see dataName).
	DataName string
	Game     *pdn.Game // nil when Err or Note is set
	Err      error     // the input could not be opened or read on
	Note     string    // a warning about the inputs, with no game
	// Source tells where the game's bytes are, for a reject that must
	// copy them from the file (a game over the reader's size cap).
	Source *sourceInfo
}

// sourceInfo is how an input was opened.
type sourceInfo struct {
	Name       string
	Plain      bool // a regular file read as it is: byte offsets are offsets in it
	Stdin      bool
	Compressed bool
}

// inputs reads the games of every input in order, one at a time, for
// ordered.MapWith. An input that cannot be read gives an item with Err
// and the next input follows; a game with a syntax error is a game.
type inputs struct {
	io      *streams
	sources []pdn.Source
	args    []string // the argument each source comes from
	bytes   atomic.Int64
	total   int64 // size of the inputs in bytes, -1 when unknown (stdin)

	cur      *pdn.Reader
	closer   io.Closer
	info     *sourceInfo
	i        int
	name     string
	dataName string
	games    int // games read from the current input
	lastOK   int // index of the last whole game of the current input
	lastPos  pdn.Pos
}

// sampleNote is what damka says when it reads its built-in sample.
const sampleNote = "no input named: reading the sample archive built into damka (" + sample.Name +
	", 153 games); name files or folders, or - for standard input"

// openInputs expands the arguments (files, directories, "-", and
// sample:ussr1947.pdn for the embedded sample). With none, it reads
// standard input when that is a pipe or a file, else (a terminal) the
// embedded sample archive, and says so.
func openInputs(io *streams, args []string) *inputs {
	in := &inputs{io: io}
	switch {
	case len(args) == 0 && io.inIsData:
		in.sources = []pdn.Source{{Name: "-", Size: -1}}
	case len(args) == 0:
		in.sources = []pdn.Source{{Name: sample.Name, Skip: sampleNote}, {Name: sample.Name, Size: int64(len(sample.PDN))}}
	default:
		for _, a := range args {
			// The sample by its name, as reports show it: what make run
			// reads, whatever standard input is.
			if _, err := os.Stat(a); a == sample.Name && err != nil {
				in.sources = append(in.sources, pdn.Source{Name: sample.Name, Size: int64(len(sample.PDN))})
				in.args = append(in.args, a)
				continue
			}
			walked := pdn.WalkAll([]string{a})
			in.sources = append(in.sources, walked...)
			for range walked {
				in.args = append(in.args, a)
			}
		}
	}
	for len(in.args) < len(in.sources) {
		in.args = append(in.args, "") // standard input, the sample
	}
	for _, s := range in.sources {
		if s.Err != nil || s.Skip != "" {
			continue
		}
		if s.Size < 0 {
			in.total = -1
			break
		}
		in.total += s.Size
	}
	return in
}

// next returns the next game (or input error, or note); ok is false at
// the end.
func (in *inputs) next() (gameItem, bool, error) {
	for {
		if in.cur == nil {
			if in.i == len(in.sources) {
				return gameItem{}, false, nil
			}
			src := in.sources[in.i]
			in.i++
			switch {
			case src.Err != nil:
				return gameItem{File: src.Name, Err: src.Err}, true, nil
			case src.Skip == sampleNote:
				return gameItem{File: src.Name, Note: sampleNote}, true, nil
			case src.Skip != "":
				return gameItem{File: src.Name, Note: src.Name + ": " + skipText(src.Skip)}, true, nil
			}
			in.name, in.games, in.lastOK, in.lastPos = src.Name, 0, 0, pdn.Pos{}
			in.dataName = dataName(in.args[in.i-1], src.Name)
			if err := in.open(in.name); err != nil {
				return gameItem{File: in.name, Err: err}, true, nil
			}
		}
		g, err := in.cur.Next()
		if err == io.EOF {
			in.closeCur()
			if in.games == 0 {
				return gameItem{File: in.name, Note: in.name + ": no games in this file"}, true, nil
			}
			continue
		}
		if g == nil && err != nil {
			in.closeCur()
			return gameItem{File: in.name, Err: in.readError(err)}, true, nil
		}
		in.games++
		if g.Err == nil {
			in.lastOK, in.lastPos = g.Index, g.Pos
		}
		return gameItem{File: in.name, DataName: in.dataName, Game: g, Source: in.info}, true, nil
	}
}

// dataName is the name of an input file in the datasets: the path as
// walked from the argument arg, with forward slashes, so that the same
// command gives the same source_file on every machine; a path given
// absolute keeps only its last element and what is below it
// (/home/me/games/x.pdn as an argument gives x.pdn, /home/me/games gives
// games/x.pdn), so that no dataset records where a user keeps files.
func dataName(arg, path string) string {
	if arg == "" || !filepath.IsAbs(arg) || !filepath.IsAbs(path) {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(filepath.Dir(filepath.Clean(arg)), path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.Base(path)
	}
	return filepath.ToSlash(rel)
}

// dataArgs are the arguments as damka.command records them: a path given
// absolute by its last element (as dataName names the files under it).
func dataArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if filepath.IsAbs(a) {
			out[i] = filepath.ToSlash(filepath.Base(filepath.Clean(a)))
		}
	}
	return out
}

func skipText(reason string) string {
	if reason == pdn.NoArchives {
		return reason
	}
	return "skipped: " + reason
}

// readError says what went wrong reading the current input, and where:
// for a stream cut short, after which game.
func (in *inputs) readError(err error) error {
	switch {
	case errors.Is(err, pdn.ErrBinary):
		return fmt.Errorf("%s: %w", in.name, err)
	case errors.Is(err, io.ErrUnexpectedEOF):
		where := "before the first game"
		if in.lastOK > 0 {
			where = fmt.Sprintf("after game %d (line %d), the last whole game", in.lastOK, in.lastPos.Line)
		}
		return fmt.Errorf("%s: %v: the data is cut %s; the games before it were read", in.name, err, where)
	}
	return fmt.Errorf("%s: %w", in.name, err)
}

func (in *inputs) open(name string) error {
	var f io.ReadCloser
	info := &sourceInfo{Name: name}
	switch name {
	case "-":
		f = io.NopCloser(in.io.In)
		info.Stdin = true
	case sample.Name:
		f = io.NopCloser(bytes.NewReader(sample.PDN))
	default:
		file, err := pdn.OpenFile(name) // a file, or a member of a zip archive
		if err != nil {
			return err
		}
		if st, ok := file.(interface{ Stat() (os.FileInfo, error) }); ok {
			if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
				info.Plain = true
			}
		}
		f = file
	}
	counted := &countingReader{r: f, n: &in.bytes}
	rc, err := pdn.Decompress(readCloser{counted, f})
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	if pdn.Compressed(rc) {
		info.Plain, info.Compressed = false, true
	}
	in.cur = pdn.NewReader(rc, name)
	in.cur.Encoding = inputEncoding
	in.closer = rc
	in.info = info
	return nil
}

func (in *inputs) closeCur() {
	if in.closer != nil {
		in.closer.Close()
	}
	in.cur, in.closer = nil, nil
}

// Close closes the input being read, if any.
func (in *inputs) Close() { in.closeCur() }

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

type readCloser struct {
	io.Reader
	io.Closer
}
