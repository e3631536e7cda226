package export

import (
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// Dictionary encoding of string columns, without the cost of the
// Parquet library's own.
//
// The library dictionary-encodes a string value by looking it up in a
// hash table that boxes the value on every lookup (an allocation per
// value, then garbage), which made it the largest cost of writing the
// moves table. writeDictionary builds the dictionary of a column chunk
// itself, in the order in which the values first appear, which is the
// library's order, and hands the encoder that dictionary and the index of
// every value, through the library's own API for Arrow dictionary arrays
// (PutDictionary, WriteDictIndices). The pages are cut where the library
// cuts them (it sizes dictionary pages by the raw bytes they stand for,
// which writeDictionary reports batch by batch), so the file is
// byte-identical, with one condition: a data page's indices are
// bit-packed with the width of the dictionary as it stands when the page
// is cut, and the encoder holds the whole dictionary from the start. So
// writeDictionary first works out where the pages will be cut and gives
// up, leaving the column to the library, unless the dictionary then
// already needs as many bits as it does in the end (or the whole chunk is
// one page). Page statistics are updated batch by batch as the library
// does. It leaves to the library columns with NULLs, bloom filters or the
// cost-based fallback, and chunks whose dictionary would outgrow the
// dictionary page limit (the library then goes on in plain encoding).
// TestFastDictionaryValues compares the bytes with the library's.
//
// The moves table's sides, squares and moves come already encoded
// (movesParquetColumn), their dictionaries built from keys with no
// strings to make or hash: writeDictionaryArray.

// fastDictionary enables writeDictionary; the tests turn it off to compare
// with the library's own encoding. dictChunks counts the column chunks it
// wrote.
var (
	fastDictionary = true
	dictChunks     atomic.Int64
)

// dictScratch holds the buffers of a worker's dictionary encoding.
type dictScratch struct {
	seed maphash.Seed
	keys keyTable
	idx  []int32 // the index of every value
	offs []int32 // the dictionary, as Arrow offsets and data
	data []byte
}

// dictKey is the key of a value: a value of up to 7 bytes is its own key
// (its bytes, and its length in the top byte); a longer one has its hash,
// with the top bit set. start is where s starts in buf, if it is there.
func (d *dictScratch) dictKey(s string, buf []byte, start int) (key uint64, exact bool) {
	if len(s) <= 7 {
		var w uint64
		if start >= 0 && start+8 <= len(buf) {
			w = binary.LittleEndian.Uint64(buf[start:]) & (1<<(8*len(s)) - 1)
		} else {
			var b [8]byte
			copy(b[:], s)
			w = binary.LittleEndian.Uint64(b[:])
		}
		return w | uint64(len(s))<<56, true
	}
	return maphash.String(d.seed, s) | 1<<63, false
}

// dictEncoder is what writeDictionary needs of the library's dictionary
// encoders, which it cannot name.
type dictEncoder interface {
	PutDictionary(arrow.Array) error
	AddRawSize(int64)
	NumEntries() int
}

// dictBitWidth is the bit width of the indices into a dictionary of n
// entries, as the library computes it.
func dictBitWidth(n int) int {
	switch n {
	case 0:
		return 0
	case 1:
		return 1
	}
	return bits.Len32(uint32(n - 1))
}

// writeDictionary writes values, a string column chunk (or the elements
// of a list column, with def and rep its levels; leafDef is the
// definition level of a value) through cw, and reports whether it did:
// when it did not, nothing was written and the caller writes the chunk.
func writeDictionary(cw file.ColumnChunkWriter, values *array.String, def, rep []int16, leafDef int16, d *dictScratch) (bool, error) {
	if values.Len() == 0 || values.NullN() > 0 || !dictWritable(cw, true) || !d.encode(values) {
		return false, nil
	}
	c := dictChunk{idx: d.idx, offs: d.offs, data: d.data}
	if st, ok := cw.PageStatistics().(*metadata.ByteArrayStatistics); ok {
		// The page statistics, as the library updates them, batch by
		// batch.
		var buf []byte
		if b := values.Data().Buffers()[2]; b != nil {
			buf = b.Bytes()
		}
		offs := values.ValueOffsets()
		c.stats = func(v0, v1 int, nulls int64) { st.UpdateFromArrowOffsets(buf, offs[v0:v1+1], nulls) }
	}
	return writeDictChunk(cw, c, def, rep, leafDef)
}

// writeDictionaryArray is writeDictionary for values already encoded, an
// Arrow dictionary array of strings whose dictionary is in order of first
// appearance (as movesParquetColumn makes them), in a column without
// statistics.
func writeDictionaryArray(cw file.ColumnChunkWriter, values *array.Dictionary, def, rep []int16, leafDef int16) (bool, error) {
	dict, ok := values.Dictionary().(*array.String)
	idx, iok := values.Indices().(*array.Int32)
	if !ok || !iok || values.Len() == 0 || values.NullN() > 0 || dict.Data().Offset() != 0 ||
		dict.ValueOffsets()[0] != 0 || !dictWritable(cw, false) {
		return false, nil
	}
	return writeDictChunk(cw, dictChunk{idx: idx.Int32Values(), offs: dict.ValueOffsets(), data: dict.ValueBytes()}, def, rep, leafDef)
}

// dictWritable reports whether writeDictChunk may write to cw: a
// dictionary-encoded column of byte arrays with nothing written yet, and
// nothing that would make the library write what writeDictChunk does not
// (bloom filters, the cost-based fallback, page indexes, V2 pages, or
// statistics unless withStats).
func dictWritable(cw file.ColumnChunkWriter, withStats bool) bool {
	props := cw.Properties()
	path := cw.Descr().Path()
	enc, ok := cw.CurrentEncoder().(dictEncoder)
	stats := cw.PageStatistics()
	if stats != nil || props.StatisticsEnabledFor(path) {
		if _, ok := stats.(*metadata.ByteArrayStatistics); !withStats || !ok {
			return false
		}
	}
	return fastDictionary && ok && cw.Type() == parquet.Types.ByteArray && cw.CurrentEncoder().Encoding() == parquet.Encodings.PlainDict &&
		enc.NumEntries() == 0 && !props.BloomFilterEnabledFor(path) && !props.DictionaryCostFallbackEnabledFor(path) &&
		!props.PageIndexEnabledFor(path) && props.DataPageVersion() == parquet.DataPageV1
}

// dictChunk is a column chunk of strings, dictionary-encoded: the index
// of every value, and the dictionary (Arrow offsets and data). stats, if
// set, updates the page statistics with values [v0, v1) and levels
// without a value (empty lists, which the library counts as NULLs).
type dictChunk struct {
	idx   []int32
	offs  []int32
	data  []byte
	stats func(v0, v1 int, nulls int64)
}

// rawSize is what the library counts for values [v0, v1) when it sizes a
// page: their bytes, and a 4-byte length each.
func (c dictChunk) rawSize(v0, v1 int) int64 {
	raw := 4 * int64(v1-v0)
	for _, k := range c.idx[v0:v1] {
		raw += int64(c.offs[k+1] - c.offs[k])
	}
	return raw
}

// writeDictChunk writes c, when that gives the bytes the library would
// write, and reports whether it did.
func writeDictChunk(cw file.ColumnChunkWriter, c dictChunk, def, rep []int16, leafDef int16) (bool, error) {
	props := cw.Properties()
	enc := cw.CurrentEncoder().(dictEncoder)
	n := len(c.idx)
	entries := len(c.offs) - 1
	if int64(int(c.offs[entries]-c.offs[0])+4*entries) >= props.DictionaryPageSizeLimit() {
		return false, nil
	}

	// Where the library would cut pages: after a batch of levels, once
	// the raw bytes of the values since the last cut reach the page size.
	// The dictionary must be in order of first appearance, and as wide at
	// every cut as in the end.
	batch := props.WriteBatchSize()
	levels := int64(n)
	if def != nil {
		levels = int64(len(def))
	}
	width := dictBitWidth(entries)
	var raw int64
	seen := int32(0) // entries seen so far
	for l0, v := int64(0), 0; l0 < levels; l0 += batch {
		l1 := min(l0+batch, levels)
		v1 := batchValues(def, l0, l1, leafDef, v)
		if v1 > n {
			return false, nil
		}
		raw += c.rawSize(v, v1)
		for _, k := range c.idx[v:v1] {
			if k > seen || k < 0 {
				return false, nil // not in order of first appearance
			}
			if k == seen {
				seen++
			}
		}
		v = v1
		if raw >= props.DataPageSize() {
			if dictBitWidth(int(seen)) != width {
				return false, nil
			}
			raw = 0
		}
	}
	if int(seen) != entries {
		return false, nil
	}

	dict := array.NewStringData(array.NewData(arrow.BinaryTypes.String, entries,
		[]*memory.Buffer{nil, i32Buf(c.offs), bytesBuf(c.data)}, nil, 0, 0))
	defer dict.Release()
	if err := enc.PutDictionary(dict); err != nil {
		return true, err
	}
	indices := array.NewInt32Data(array.NewData(arrow.PrimitiveTypes.Int32, n, []*memory.Buffer{nil, i32Buf(c.idx)}, nil, 0, 0))
	defer indices.Release()
	for l0, v := int64(0), 0; l0 < levels; l0 += batch {
		l1 := min(l0+batch, levels)
		v1 := batchValues(def, l0, l1, leafDef, v)
		enc.AddRawSize(c.rawSize(v, v1))
		if c.stats != nil {
			c.stats(v, v1, (l1-l0)-int64(v1-v))
		}
		slice := array.NewSlice(indices, int64(v), int64(v1))
		err := cw.WriteDictIndices(slice, levelSlice(def, l0, l1), levelSlice(rep, l0, l1))
		slice.Release()
		if err != nil {
			return true, err
		}
		v = v1
	}
	dictChunks.Add(1)
	return true, nil
}

// denseStrings returns the strings of a dictionary array of strings.
func denseStrings(d *array.Dictionary) *array.String {
	dict := d.Dictionary().(*array.String)
	idx := d.Indices().(*array.Int32).Int32Values()
	offs := make([]int32, 1, len(idx)+1)
	var data []byte
	for _, k := range idx {
		data = append(data, dict.Value(int(k))...)
		offs = append(offs, int32(len(data)))
	}
	return array.NewStringData(array.NewData(arrow.BinaryTypes.String, len(idx),
		[]*memory.Buffer{nil, i32Buf(offs), bytesBuf(data)}, nil, 0, 0))
}

// batchValues returns the end of the values of levels [l0, l1), whose
// values start at v.
func batchValues(def []int16, l0, l1 int64, leafDef int16, v int) int {
	if def == nil {
		return int(l1)
	}
	for _, x := range def[l0:l1] {
		if x == leafDef {
			v++
		}
	}
	return v
}

func levelSlice(l []int16, from, to int64) []int16 {
	if l == nil {
		return nil
	}
	return l[from:to]
}

// encode fills d.idx with the index of every value in a dictionary of the
// distinct values in order of first appearance, d.offs and d.data. It
// reports false when two long values have the same hash (never seen, but
// then the library encodes the chunk).
func (d *dictScratch) encode(values *array.String) bool {
	if d.seed == (maphash.Seed{}) {
		d.seed = maphash.MakeSeed()
	}
	d.keys.reset()
	d.idx = slices.Grow(d.idx[:0], values.Len())
	d.offs = append(d.offs[:0], 0)
	d.data = d.data[:0]
	var buf []byte
	if b := values.Data().Buffers()[2]; b != nil {
		buf = b.Bytes()
	}
	offs := values.ValueOffsets()
	for i := range values.Len() {
		s := values.Value(i)
		key, exact := d.dictKey(s, buf, int(offs[i]))
		k, added := d.keys.index(key)
		switch {
		case added:
			d.data = append(d.data, s...)
			d.offs = append(d.offs, int32(len(d.data)))
		case !exact && string(d.data[d.offs[k]:d.offs[k+1]]) != s:
			return false
		}
		d.idx = append(d.idx, k)
	}
	return true
}

// keyTable gives keys the indices 0, 1, 2... in order of first
// appearance: a hash table with open addressing.
type keyTable struct {
	slots []keySlot
	used  int
}

// keySlot is an entry of a keyTable: a key, and 1 + its index (0 for an
// empty slot).
type keySlot struct {
	key uint64
	k   int32
}

func (t *keyTable) reset() {
	if len(t.slots) == 0 {
		t.slots = make([]keySlot, 256)
	}
	clear(t.slots)
	t.used = 0
}

// index returns the index of key, and whether it is new.
func (t *keyTable) index(key uint64) (int32, bool) {
	shift := 64 - bits.TrailingZeros(uint(len(t.slots)))
	mask := len(t.slots) - 1
	for slot := int((key * 0x9e3779b97f4a7c15) >> shift); ; slot = (slot + 1) & mask {
		e := &t.slots[slot]
		if e.k == 0 {
			k := int32(t.used)
			*e = keySlot{key, k + 1}
			if t.used++; 2*t.used > len(t.slots) {
				t.grow()
			}
			return k, true
		}
		if e.key == key {
			return e.k - 1, false
		}
	}
}

func (t *keyTable) grow() {
	old := t.slots
	t.slots = make([]keySlot, 2*len(old))
	shift, mask := 64-bits.TrailingZeros(uint(len(t.slots))), len(t.slots)-1
	for _, e := range old {
		if e.k == 0 {
			continue
		}
		slot := int((e.key * 0x9e3779b97f4a7c15) >> shift)
		for t.slots[slot].k != 0 {
			slot = (slot + 1) & mask
		}
		t.slots[slot] = e
	}
}
