package pipeline

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/pdn"
)

// Inputs are the inputs of a run (Run), expanded from the arguments of a
// command: files, folders walked (input.WalkAll), members of zip archives,
// "-" for standard input, and sample:ussr1947.pdn for the sample archive
// built into damka. They are read once, in order, by one Run.
type Inputs struct {
	sources []input.Source
	args    []string // the argument each source comes from
	stdin   io.Reader
	enc     string
	bytes   atomic.Int64
	total   int64

	cur      *File
	src      *Source
	i        int
	name     string
	dataName string
}

// NoArgs is what a run reads when no input is named.
type NoArgs int

const (
	// NoInput reads nothing: an input error (ErrNoInput), as when
	// standard input is neither data nor a terminal (/dev/null, as cron
	// and CI give it): the sample is not what was meant.
	NoInput NoArgs = iota
	// ReadStdin reads standard input, as when it is a pipe or a file.
	ReadStdin
	// ReadSample reads the sample archive built into damka, and says so
	// (SampleNote), as when standard input is a terminal.
	ReadSample
)

// InputOptions say how the inputs are read.
type InputOptions struct {
	// Stdin is what "-" reads.
	Stdin io.Reader
	// NoArgs is what is read when no argument is given.
	NoArgs NoArgs
	// Encoding forces the text encoding of every input ("": detected
	// game by game; see pdn.Reader.Encoding).
	Encoding string
}

// SampleNote is what a run says when it reads the built-in sample with
// no input named.
const SampleNote = "no input named: reading the sample archive built into damka (" + sample.Name +
	", 153 games); name files or folders, or - for standard input"

// ErrNoInput is the input error of a run with no input named and NoInput.
var ErrNoInput = errors.New("no input named, and standard input is not a pipe, a file or a terminal: name files or folders, - for standard input, or " + sample.Name)

// OpenInputs expands the arguments into the inputs of a run. Nothing is
// opened yet: a file that cannot be read is an input error of the run,
// in its place among the others.
func OpenInputs(args []string, o InputOptions) *Inputs {
	in := &Inputs{stdin: o.Stdin, enc: o.Encoding}
	switch {
	case len(args) == 0 && o.NoArgs == ReadStdin:
		in.sources = []input.Source{{Name: "-", Size: -1}}
	case len(args) == 0 && o.NoArgs == ReadSample:
		in.sources = []input.Source{{Name: sample.Name, Skip: SampleNote}, {Name: sample.Name, Size: int64(len(sample.PDN))}}
	case len(args) == 0:
		in.sources = []input.Source{{Name: "-", Err: ErrNoInput}}
	default:
		for _, a := range args {
			// The sample by its name, as reports show it: what make run
			// reads, whatever standard input is.
			if _, err := os.Stat(a); a == sample.Name && err != nil {
				in.sources = append(in.sources, input.Source{Name: sample.Name, Size: int64(len(sample.PDN))})
				in.args = append(in.args, a)
				continue
			}
			walked := input.WalkAll([]string{a})
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

// Size is the size of the inputs in bytes as stored, -1 when unknown
// (standard input): the whole of a progress bar of Read.
func (in *Inputs) Size() int64 { return in.total }

// Read is the number of bytes of the inputs read so far, as stored.
func (in *Inputs) Read() int64 { return in.bytes.Load() }

// Source is how an input was opened: for a reject that must copy the
// bytes of a game over the reader's size cap from its file.
type Source struct {
	Name       string
	Plain      bool // a regular file read as it is: byte offsets are offsets in it
	Stdin      bool
	Compressed bool
}

// item is one game read from the inputs, an input that failed, or a note
// about the inputs (something skipped, a file with no game).
type item struct {
	File string // input name as shown in reports
	// DataName is the input's name in the datasets (SourceFile).
	DataName string
	Game     *pdn.Game // nil when Err or Note is set
	// Raw, when set, is the game as the reader cut it, to be built into
	// Game (the memory of a game read before, or nil) by the worker that
	// takes it (pdn.RawGame.Build): only then is Game the game.
	Raw *pdn.RawGame
	// Built is set when Raw was built into Game already, by the reader
	// (Raw is kept for its memory, to be cut into again).
	Built  bool
	Err    error  // the input could not be opened or read on
	Note   string // a warning about the inputs, with no game
	Source *Source
}

// next returns the next game (or input error, or note); ok is false at
// the end. With reuse, the game is cut into c (pdn.Reader.NextRaw; a
// new one when c is nil) and built into g (a new game when g is nil),
// here or, with cut too, by the worker that takes it (see item.Raw);
// the caller must be done with both.
func (in *Inputs) next(g *pdn.Game, c *pdn.RawGame, reuse, cut bool) (item, bool) {
	for {
		if in.cur == nil {
			if in.i == len(in.sources) {
				return item{}, false
			}
			src := in.sources[in.i]
			in.i++
			switch {
			case src.Err != nil:
				return item{File: src.Name, Err: src.Err}, true
			case src.Skip == SampleNote:
				return item{File: src.Name, Note: SampleNote}, true
			case src.Skip != "":
				return item{File: src.Name, Note: SkipNote(src.Name, src.Skip)}, true
			}
			in.name = src.Name
			in.dataName = SourceFile(in.args[in.i-1], src.Name)
			if err := in.open(in.name); err != nil {
				return item{File: in.name, Err: err}, true
			}
		}
		var got *pdn.Game
		var raw *pdn.RawGame
		var err error
		switch {
		case cut:
			raw, err = in.cur.nextRaw(c)
			got = g
		case reuse:
			// Built here, on the reader's goroutine, into g.
			raw, err = in.cur.nextRaw(c)
			if err == nil {
				got, _ = raw.Build(g)
				return item{File: in.name, DataName: in.dataName, Game: got, Raw: raw, Built: true, Source: in.src}, true
			}
		default:
			got, err = in.cur.Next()
		}
		if err == io.EOF {
			games := in.cur.Games()
			in.closeCur()
			if games == 0 {
				return item{File: in.name, Note: NoGamesNote(in.name)}, true
			}
			continue
		}
		if err != nil {
			in.closeCur()
			return item{File: in.name, Err: err}, true
		}
		return item{File: in.name, DataName: in.dataName, Game: got, Raw: raw, Source: in.src}, true
	}
}

// DataArgs are the arguments as damka.command records them: a path given
// absolute by its last element (as SourceFile names the files under it).
func DataArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if filepath.IsAbs(a) {
			out[i] = filepath.ToSlash(filepath.Base(filepath.Clean(a)))
		}
	}
	return out
}

// SkipNote is what damka and damka-beam say of an input the walk left
// out (input.Source.Skip): "old/: no *.pdn, *.txt or *.json files (plain or
// compressed) in this folder", "x.rar: skipped: ...".
func SkipNote(name, reason string) string {
	if reason == input.NoArchives {
		return name + ": " + reason
	}
	return name + ": skipped: " + reason
}

// NoGamesNote is what damka and damka-beam say of an input with no game.
func NoGamesNote(name string) string { return name + ": no games in this file" }

func (in *Inputs) open(name string) error {
	var f io.ReadCloser
	src := &Source{Name: name}
	switch name {
	case "-":
		r := in.stdin
		if r == nil {
			r = os.Stdin
		}
		f = io.NopCloser(r)
		src.Stdin = true
	case sample.Name:
		f = io.NopCloser(bytes.NewReader(sample.PDN))
	default:
		file, err := input.OpenFile(name) // a file, or a member of a zip archive
		if err != nil {
			return err
		}
		if st, ok := file.(interface{ Stat() (os.FileInfo, error) }); ok {
			if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
				src.Plain = true
			}
		}
		f = file
	}
	counted := &countingReader{r: f, n: &in.bytes}
	file, err := NewFile(name, readCloser{counted, f}, in.enc)
	if err != nil {
		return err
	}
	if file.Compressed() {
		src.Plain, src.Compressed = false, true
	}
	in.cur = file
	in.src = src
	return nil
}

func (in *Inputs) closeCur() {
	if in.cur != nil {
		in.cur.Close()
	}
	in.cur = nil
}

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
