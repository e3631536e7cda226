package wire

import (
	"encoding/binary"
	"testing"
)

// Every value reads back, and every cut of the data is Bad, never a
// wrong value taken for a right one.
func TestRoundTripAndCuts(t *testing.T) {
	var b []byte
	b = binary.AppendUvarint(b, 1<<40)
	b = binary.AppendVarint(b, -300)
	b = AppendString(b, "d2-e3 \u202e")
	b = binary.LittleEndian.AppendUint64(b, 0xdeadbeefcafe)
	b = append(b, 7)
	read := func(data []byte) (*Reader, []any) {
		r := &Reader{B: data}
		return r, []any{r.Uvarint(), r.Varint(), r.String(), r.Uint64(), r.Byte()}
	}
	r, got := read(b)
	want := []any{uint64(1 << 40), int64(-300), "d2-e3 \u202e", uint64(0xdeadbeefcafe), byte(7)}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("value %d: %v, want %v", i, got[i], want[i])
		}
	}
	if r.Bad() || len(r.B) != 0 {
		t.Errorf("bad %v, %d bytes left", r.Bad(), len(r.B))
	}
	for n := range len(b) {
		if r, _ := read(b[:n]); !r.Bad() {
			t.Errorf("cut at %d of %d bytes: not bad", n, len(b))
		}
	}
}

// Take reads raw bytes; a count past the end or below zero is Bad, and
// the reads after it give zero values.
func TestTake(t *testing.T) {
	r := &Reader{B: []byte("abcdef")}
	if got := string(r.Take(2)); got != "ab" || r.Bad() {
		t.Errorf("Take(2): %q, bad %v", got, r.Bad())
	}
	if got := r.Take(0); len(got) != 0 || r.Bad() || len(r.B) != 4 {
		t.Errorf("Take(0): %q, bad %v, %d left", got, r.Bad(), len(r.B))
	}
	if got := r.Take(5); got != nil || !r.Bad() || r.Byte() != 0 {
		t.Errorf("Take(5) of 4 bytes: %q, bad %v", got, r.Bad())
	}
	if r := (&Reader{B: []byte("ab")}); r.Take(-1) != nil || !r.Bad() {
		t.Error("Take(-1) is not bad")
	}
}
