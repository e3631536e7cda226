package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/pdn"
)

// gameItem is one game read from the inputs, or an input that failed.
type gameItem struct {
	File string    // input name as shown in reports
	Game *pdn.Game // nil when Err is an input error
	Err  error     // the input could not be opened or read on
}

// inputs reads the games of every input in order, one at a time, for
// pipeline.Ordered. An input that cannot be read gives an item with Err
// and the next input follows; a game with a syntax error is a game.
type inputs struct {
	io      *streams
	sources []pdn.Source
	errs    []error // arguments that do not exist
	bytes   atomic.Int64
	total   int64 // size of the inputs in bytes, -1 when unknown (stdin)

	cur    *pdn.Reader
	closer io.Closer
	i      int
	name   string
}

// openInputs expands the arguments (files, directories, "-"); with none it
// reads the embedded sample archive.
func openInputs(io *streams, args []string) *inputs {
	in := &inputs{io: io}
	if len(args) == 0 {
		in.sources = []pdn.Source{{Name: sample.Name, Size: int64(len(sample.PDN))}}
	}
	for _, a := range args {
		srcs, err := pdn.WalkSources([]string{a})
		if err != nil {
			in.errs = append(in.errs, err)
		}
		in.sources = append(in.sources, srcs...)
	}
	for _, s := range in.sources {
		if s.Size < 0 {
			in.total = -1
			break
		}
		in.total += s.Size
	}
	return in
}

// next returns the next game (or input error); ok is false at the end.
func (in *inputs) next() (gameItem, bool, error) {
	for {
		if len(in.errs) > 0 {
			err := in.errs[0]
			in.errs = in.errs[1:]
			return gameItem{Err: err}, true, nil
		}
		if in.cur == nil {
			if in.i == len(in.sources) {
				return gameItem{}, false, nil
			}
			in.name = in.sources[in.i].Name
			in.i++
			if err := in.open(in.name); err != nil {
				return gameItem{File: in.name, Err: err}, true, nil
			}
		}
		g, err := in.cur.Next()
		if err == io.EOF {
			in.closeCur()
			continue
		}
		if g == nil && err != nil {
			in.closeCur()
			return gameItem{File: in.name, Err: fmt.Errorf("%s: %w", in.name, err)}, true, nil
		}
		return gameItem{File: in.name, Game: g}, true, nil
	}
}

func (in *inputs) open(name string) error {
	var f io.ReadCloser
	switch name {
	case "-":
		f = io.NopCloser(in.io.In)
	case sample.Name:
		f = io.NopCloser(bytes.NewReader(sample.PDN))
	default:
		file, err := os.Open(name)
		if err != nil {
			return err
		}
		f = file
	}
	counted := &countingReader{r: f, n: &in.bytes}
	rc, err := pdn.Decompress(readCloser{counted, f})
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	in.cur = pdn.NewReader(rc, name)
	in.closer = rc
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
