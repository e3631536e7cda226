// Package wire reads and writes the compact binary forms damka's tables
// and pipelines pass around (export's positions table, damka-beam's
// batches, pdn's binary form of a game): unsigned and signed varints,
// length-prefixed strings and fixed little-endian words, read from the
// front of a byte slice. They are written with encoding/binary's
// Append functions (and AppendString); Reader is the one decoder.
package wire

import "encoding/binary"

// AppendString appends s with its length before it (a uvarint).
func AppendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// Reader reads from the front of B. A read past the end or a bad varint
// gives a zero value and makes Bad true, and every later read gives zero
// values too, so that a caller checks once after a group of reads.
type Reader struct {
	B   []byte
	bad bool
}

// Bad tells that a read failed: the data is cut or damaged.
func (r *Reader) Bad() bool { return r.bad }

// Fail marks the data as damaged (a value read that cannot be).
func (r *Reader) Fail() { r.bad, r.B = true, nil }

// Uvarint reads an unsigned varint.
func (r *Reader) Uvarint() uint64 {
	n, k := binary.Uvarint(r.B)
	if k <= 0 {
		r.Fail()
		return 0
	}
	r.B = r.B[k:]
	return n
}

// Varint reads a signed varint.
func (r *Reader) Varint() int64 {
	n, k := binary.Varint(r.B)
	if k <= 0 {
		r.Fail()
		return 0
	}
	r.B = r.B[k:]
	return n
}

// Bytes reads what AppendString wrote, as a slice of B (not a copy).
func (r *Reader) Bytes() []byte {
	n := r.Uvarint()
	if r.bad || n > uint64(len(r.B)) {
		r.Fail()
		return nil
	}
	return r.Take(int(n))
}

// Take reads the next n bytes, as a slice of B (not a copy).
func (r *Reader) Take(n int) []byte {
	if n < 0 || n > len(r.B) {
		r.Fail()
		return nil
	}
	v := r.B[:n:n]
	r.B = r.B[n:]
	return v
}

// String reads what AppendString wrote.
func (r *Reader) String() string { return string(r.Bytes()) }

// Uint64 reads 8 bytes, little endian.
func (r *Reader) Uint64() uint64 {
	if len(r.B) < 8 {
		r.Fail()
		return 0
	}
	x := binary.LittleEndian.Uint64(r.B)
	r.B = r.B[8:]
	return x
}

// Byte reads a byte.
func (r *Reader) Byte() byte {
	if len(r.B) == 0 {
		r.Fail()
		return 0
	}
	x := r.B[0]
	r.B = r.B[1:]
	return x
}
