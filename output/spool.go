package output

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"

	"github.com/damka/damka/pdn"
)

// Spool holds games written in canonical PDN in a temporary file, to
// copy some of them to the output once it is known which: a bounded
// buffer in memory in front of a file, and 4 bytes of memory a game.
type Spool struct {
	f    *os.File
	w    *bufio.Writer
	buf  bytes.Buffer
	pw   *pdn.Writer
	lens []uint32 // of each game's text, without the blank line before it
	// unlinked: the file has no name any more (see NewSpool).
	unlinked bool
}

// NewSpool starts a spool (damka clean --drop-duplicates: the games are
// written once it is known which are duplicates).
func NewSpool() (*Spool, error) {
	f, err := os.CreateTemp("", "damka-spool-*.pdn")
	if err != nil {
		return nil, err
	}
	// Removed from its folder at once: the open file stays readable and
	// writable, and a process killed at once (kill -9) leaves nothing in
	// the temporary folder. (Where an open file cannot be removed, close
	// removes it.)
	unlinked := os.Remove(f.Name()) == nil
	s := &Spool{f: f, w: bufio.NewWriterSize(f, 256<<10), unlinked: unlinked}
	s.pw = pdn.NewWriter(&s.buf)
	return s, nil
}

// Add writes the next game.
func (s *Spool) Add(g *pdn.Game) error {
	s.buf.Reset()
	s.pw.Write(g)
	s.pw.Flush()
	if err := s.pw.Error(); err != nil {
		return err
	}
	text := s.buf.Bytes()
	if len(s.lens) > 0 {
		text = bytes.TrimPrefix(text, []byte("\n")) // the Writer's blank line between games
	}
	if len(text) > 1<<31 {
		return errors.New("spool: game too large")
	}
	s.lens = append(s.lens, uint32(len(text)))
	_, err := s.w.Write(text)
	return err
}

// CopyTo writes the games keep says to keep to w, in order, a blank line
// between them, and returns how many.
func (s *Spool) CopyTo(w io.Writer, keep func(seq int) bool) (int, error) {
	if err := s.w.Flush(); err != nil {
		return 0, err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	r := bufio.NewReaderSize(s.f, 256<<10)
	n := 0
	for seq, l := range s.lens {
		if !keep(seq) {
			if _, err := r.Discard(int(l)); err != nil {
				return n, err
			}
			continue
		}
		if n > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return n, err
			}
		}
		if _, err := io.CopyN(w, r, int64(l)); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Close closes the file, which removes it.
func (s *Spool) Close() {
	s.f.Close()
	if !s.unlinked {
		os.Remove(s.f.Name())
	}
}
