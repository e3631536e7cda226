package pdn

import (
	"bytes"
	"io"
)

// limitReader is io.LimitReader with an error at the limit.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, ErrJSONTooLarge
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

func (r *Reader) start() {
	r.started = true
	r.buf = make([]byte, readChunk)
	r.lx.reset(nil, false, 1, 1, true)
	// Sniff for binary data (like grep, a NUL byte in the first block)
	// and JSON.
	for r.n < sniffBytes && !r.eof && r.rerr == nil {
		r.read(sniffBytes - r.n)
	}
	// UTF-16 first: its ASCII characters have zero bytes.
	if r.startEncoding(); r.err != nil {
		return
	}
	if bytes.IndexByte(r.buf[:min(r.n, sniffBytes)], 0) >= 0 {
		r.err = ErrBinary
		return
	}
	if r.rerr == nil && isJSON(r.buf[:r.n]) {
		head := append([]byte(nil), bytes.TrimPrefix(r.buf[:r.n], []byte("\xef\xbb\xbf"))...)
		var src io.Reader = bytes.NewReader(head)
		if !r.eof {
			src = io.MultiReader(src, r.src)
		}
		r.src = newJSONText(&limitReader{r: src, n: maxJSONBytes})
		r.json = true
		r.n, r.eof, r.rerr = 0, false, nil
	}
	r.lx.d = r.buf[:r.n]
	r.lx.eof = r.eof
	// A byte order mark is not part of the text: positions start after it.
	if bytes.HasPrefix(r.lx.d, []byte("\xef\xbb\xbf")) {
		r.lx.p, r.lx.ls, r.delta = 3, 3, -3
	}
}

// read reads at least min more bytes into buf (less at the end of the
// input or at an error), growing buf when needed.
func (r *Reader) read(min int) {
	want := r.n + min
	if want > len(r.buf) {
		size := 2 * len(r.buf)
		for size < want {
			size *= 2
		}
		nb := make([]byte, size)
		copy(nb, r.buf[:r.n])
		r.buf = nb
		r.retire()
	}
	for empty := 0; r.n < want && !r.eof && r.rerr == nil; {
		m, err := r.src.Read(r.buf[r.n:])
		r.n += m
		switch {
		case err == io.EOF:
			r.eof = true
		case err != nil:
			r.rerr = err
		case m == 0:
			if empty++; empty > 100 {
				r.rerr = io.ErrNoProgress
			}
		}
	}
}

// fill makes more input available, keeping buf[keep:]. It returns false
// when nothing more could be read because of a read error.
func (r *Reader) fill(keep int) bool {
	if r.ch != nil && r.ch.refs.Load() > 0 {
		// Games cut by NextRaw hold slices of buf, until Build: go on in
		// another buffer (one they have let go of, or a new one).
		ch := r.freeChunk()
		r.n = copy(ch.b, r.buf[keep:r.n])
		r.retire()
		r.buf, r.ch = ch.b, ch
		r.base += keep
		r.lx.shift(keep)
	} else if keep > 0 {
		copy(r.buf, r.buf[keep:r.n])
		r.n -= keep
		r.base += keep
		r.lx.shift(keep)
	}
	before := r.n
	if !r.eof && r.rerr == nil {
		min := readChunk
		if r.n > min {
			min = r.n // grow geometrically when one game spans many reads
		}
		r.read(min)
	}
	r.lx.d = r.buf[:r.n]
	r.lx.eof = r.eof
	return r.n > before || r.eof
}

// maxSpare is how many buffers held by games cut by NextRaw the reader
// keeps, to read into again once they are let go of; it keeps none over
// maxSpareBytes (the buffer grown for a big game).
const (
	maxSpare      = 8
	maxSpareBytes = 4 * readChunk
)

// retire puts the chunk of buf, which the reader leaves, among the
// spares (or lets go of it, and of the oldest spare when there are
// maxSpare).
func (r *Reader) retire() {
	if r.ch == nil {
		return
	}
	if len(r.ch.b) > maxSpareBytes {
		r.ch = nil
		return
	}
	if len(r.spare) == maxSpare {
		copy(r.spare, r.spare[1:])
		r.spare = r.spare[:maxSpare-1]
	}
	r.spare = append(r.spare, r.ch)
	r.ch = nil
}

// freeChunk returns a spare buffer of buf's size that no game holds, or
// a new one.
func (r *Reader) freeChunk() *chunk {
	for i, ch := range r.spare {
		if ch.refs.Load() == 0 && len(ch.b) == len(r.buf) {
			r.spare = append(r.spare[:i], r.spare[i+1:]...)
			return ch
		}
	}
	return &chunk{b: make([]byte, len(r.buf))}
}

// lend hands c, a game cut from buf and not built, a slice of buf
// (RawGame.text), which the reader will not write over until c is built.
func (r *Reader) lend(c *RawGame) {
	if r.ch == nil {
		r.ch = &chunk{b: r.buf}
	}
	r.ch.refs.Add(1)
	c.ch = r.ch
}
