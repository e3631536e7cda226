// Package fenlines reads the positions a command is given: its
// arguments, or with none the lines of standard input, each "FEN" or
// "FEN<TAB>anything" (so that a file of positions with other fields can be
// fed as it is), blank lines skipped. Every position says where it came
// from, for an error that names it.
package fenlines

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Item is one position of the input.
type Item struct {
	Where string // "argument 2", "line 7"
	Line  int    // the input line, 0 for an argument
	FEN   string
	Rest  string // what followed the FEN after a tab, "" for an argument
}

// Scanner yields the items of the arguments, or with none those of the
// lines of a reader.
type Scanner struct {
	args []string
	sc   *bufio.Scanner // nil when there are arguments
	n    int
}

// MaxLine is the longest line read (a FEN of the largest board with
// moves after it is a few hundred bytes).
const MaxLine = 1 << 20

// New returns a Scanner of args, or of r's lines when args is empty.
func New(args []string, r io.Reader) *Scanner {
	s := &Scanner{args: args}
	if len(args) == 0 {
		s.sc = bufio.NewScanner(r)
		s.sc.Buffer(make([]byte, 64*1024), MaxLine)
	}
	return s
}

// Next returns the next item; false at the end, with the error of the
// read if it failed ("reading standard input: ...").
func (s *Scanner) Next() (Item, bool, error) {
	if s.sc == nil {
		if s.n == len(s.args) {
			return Item{}, false, nil
		}
		s.n++
		return Item{Where: fmt.Sprintf("argument %d", s.n), FEN: s.args[s.n-1]}, true, nil
	}
	for s.sc.Scan() {
		s.n++
		fen, rest, _ := strings.Cut(s.sc.Text(), "\t")
		if strings.TrimSpace(fen) != "" {
			return Item{Where: fmt.Sprintf("line %d", s.n), Line: s.n, FEN: fen, Rest: rest}, true, nil
		}
	}
	if err := s.sc.Err(); err != nil {
		return Item{}, false, fmt.Errorf("reading standard input: %w", err)
	}
	return Item{}, false, nil
}
