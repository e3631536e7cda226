package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
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
	// Raw, when set, is the game as the reader cut it, to be built into
	// Game (the memory of a game read before, or nil) by the worker that
	// takes it (pdn.RawGame.Build, see runner.each): only then is Game
	// the game.
	Raw  *pdn.RawGame
	Err  error  // the input could not be opened or read on
	Note string // a warning about the inputs, with no game
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

	cur      *pipeline.File
	info     *sourceInfo
	i        int
	name     string
	dataName string
}

// sampleNote is what damka says when it reads its built-in sample.
const sampleNote = "no input named: reading the sample archive built into damka (" + sample.Name +
	", 153 games); name files or folders, or - for standard input"

// errNoInput is the input error of a run with no input named whose
// standard input is neither data nor a terminal (/dev/null, as cron and
// CI give it): nothing to read, and the sample is not what was meant.
var errNoInput = errors.New("no input named, and standard input is not a pipe, a file or a terminal: name files or folders, - for standard input, or " + sample.Name)

// openInputs expands the arguments (files, directories, "-", and
// sample:ussr1947.pdn for the embedded sample). With none, it reads
// standard input when that is a pipe or a file, the embedded sample
// archive when it is a terminal (and says so), and else nothing: an
// input error (errNoInput).
func openInputs(io *streams, args []string) *inputs {
	in := &inputs{io: io}
	switch {
	case len(args) == 0 && io.inIsData:
		in.sources = []pdn.Source{{Name: "-", Size: -1}}
	case len(args) == 0 && io.inIsTerm:
		in.sources = []pdn.Source{{Name: sample.Name, Skip: sampleNote}, {Name: sample.Name, Size: int64(len(sample.PDN))}}
	case len(args) == 0:
		in.sources = []pdn.Source{{Name: "-", Err: errNoInput}}
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
// the end. With reuse, the game is read into g (pdn.Reader.NextInto; a
// new game when g is nil), or with cut too, cut into c
// (pdn.Reader.NextRaw; a new one when c is nil) to be built into g (see
// gameItem.Raw); the caller must be done with both.
func (in *inputs) next(g *pdn.Game, c *pdn.RawGame, reuse, cut bool) (gameItem, bool, error) {
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
			in.name = src.Name
			in.dataName = pipeline.SourceFile(in.args[in.i-1], src.Name)
			if err := in.open(in.name); err != nil {
				return gameItem{File: in.name, Err: err}, true, nil
			}
		}
		var got *pdn.Game
		var raw *pdn.RawGame
		var err error
		switch {
		case cut:
			raw, err = in.cur.NextRaw(c)
			got = g
		case reuse:
			got, err = in.cur.NextInto(g)
		default:
			got, err = in.cur.Next()
		}
		if err == io.EOF {
			games := in.cur.Games()
			in.closeCur()
			if games == 0 {
				return gameItem{File: in.name, Note: in.name + ": no games in this file"}, true, nil
			}
			continue
		}
		if err != nil {
			in.closeCur()
			return gameItem{File: in.name, Err: err}, true, nil
		}
		return gameItem{File: in.name, DataName: in.dataName, Game: got, Raw: raw, Source: in.info}, true, nil
	}
}

// dataArgs are the arguments as damka.command records them: a path given
// absolute by its last element (as pipeline.SourceFile names the files
// under it).
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
	file, err := pipeline.NewFile(name, readCloser{counted, f}, inputEncoding)
	if err != nil {
		return err
	}
	if file.Compressed() {
		info.Plain, info.Compressed = false, true
	}
	in.cur = file
	in.info = info
	return nil
}

func (in *inputs) closeCur() {
	if in.cur != nil {
		in.cur.Close()
	}
	in.cur = nil
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
