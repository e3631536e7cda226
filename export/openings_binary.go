package export

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/wire"
)

// The positions tables of the parts of a run travel between the machines
// of a cluster (the Beam pipeline) in a binary form: MarshalBinary of a
// table gathered over some games, UnmarshalBinary on another machine,
// Merge of the parts, and the rows are those of one table gathered over
// all the games.

const openingsVersion = 1

// MarshalBinary encodes the table gathered so far.
func (o *Openings) MarshalBinary() ([]byte, error) {
	b := []byte{openingsVersion}
	return o.appendBinary(b), nil
}

func (o *Openings) appendBinary(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(o.maxPly))
	b = binary.AppendUvarint(b, uint64(o.games))
	b = binary.AppendUvarint(b, uint64(len(o.stats)))
	// In the order of the keys, so that the same table gives the same bytes.
	keys := make([]openingKey, 0, len(o.stats))
	for k := range o.stats {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b openingKey) int {
		return cmp.Or(cmp.Compare(a.variant, b.variant), cmp.Compare(a.hash, b.hash), cmp.Compare(a.move, b.move))
	})
	str := func(s string) { b = wire.AppendString(b, s) }
	for _, k := range keys {
		st := o.stats[k]
		b = append(b, byte(k.variant))
		b = binary.LittleEndian.AppendUint64(b, k.hash)
		str(k.move)
		str(st.pos.FEN())
		for _, n := range []int64{int64(st.minPly), st.games, st.white, st.draws, st.black, st.evals, st.firstOrder} {
			b = binary.AppendVarint(b, n)
		}
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(st.evalSum))
		str(st.firstGame)
	}
	return b
}

// UnmarshalBinary decodes a table MarshalBinary encoded.
func (o *Openings) UnmarshalBinary(data []byte) error {
	if len(data) == 0 || data[0] != openingsVersion {
		return errors.New("export: not a positions table in binary form (or of another version)")
	}
	rest, err := o.readBinary(data[1:])
	if err == nil && len(rest) > 0 {
		err = errDamaged
	}
	return err
}

var errDamaged = errors.New("export: a positions table in binary form is damaged")

func (o *Openings) readBinary(b []byte) ([]byte, error) {
	d := &wire.Reader{B: b}
	uv, v, str, u64 := d.Uvarint, d.Varint, d.String, d.Uint64
	maxPly, games, n := uv(), uv(), uv()
	if d.Bad() || n > uint64(len(d.B)) {
		return nil, errDamaged
	}
	*o = Openings{maxPly: int(maxPly), games: int(games), stats: make(map[openingKey]*openingStats, n)}
	for range n {
		variant := draughts.Variant(d.Byte())
		k := openingKey{variant: variant, hash: u64(), move: str()}
		fen := str()
		st := &openingStats{minPly: int(v()), games: v(), white: v(), draws: v(), black: v(), evals: v(), firstOrder: v()}
		st.evalSum = math.Float64frombits(u64())
		st.firstGame = str()
		if d.Bad() || !variant.Valid() {
			return nil, errDamaged
		}
		pos, err := variant.ParseFEN(fen)
		if err != nil || pos.Hash() != k.hash {
			return nil, fmt.Errorf("export: a positions table in binary form: position %q of hash %x does not read back", fen, k.hash)
		}
		st.pos = pos
		o.stats[k] = st
	}
	return d.B, nil
}

// MarshalBinary encodes the tables of the partitions gathered so far.
func (o *PartitionedOpenings) MarshalBinary() ([]byte, error) {
	b := []byte{openingsVersion}
	b = binary.AppendUvarint(b, uint64(o.maxPly))
	b = binary.AppendUvarint(b, uint64(len(o.by)))
	for _, c := range o.by {
		b = binary.AppendUvarint(b, uint64(len(c)))
		b = append(b, c...)
	}
	dirs := o.Dirs()
	b = binary.AppendUvarint(b, uint64(len(dirs)))
	for _, dir := range dirs {
		b = binary.AppendUvarint(b, uint64(len(dir)))
		b = append(b, dir...)
		b = o.parts[dir].appendBinary(b)
	}
	return b, nil
}

// UnmarshalBinary decodes tables MarshalBinary encoded.
func (o *PartitionedOpenings) UnmarshalBinary(data []byte) error {
	if len(data) == 0 || data[0] != openingsVersion {
		return errors.New("export: not a positions table in binary form (or of another version)")
	}
	d := &wire.Reader{B: data[1:]}
	uv, str := d.Uvarint, d.String
	maxPly, nby := uv(), uv()
	if d.Bad() || nby > 2 {
		return errDamaged
	}
	*o = PartitionedOpenings{maxPly: int(maxPly), parts: map[string]*Openings{}}
	for range nby {
		o.by = append(o.by, str())
	}
	n := uv()
	if d.Bad() || n > uint64(len(d.B)) {
		return errDamaged
	}
	for range n {
		dir := str()
		if d.Bad() {
			return errDamaged
		}
		op := &Openings{}
		rest, err := op.readBinary(d.B)
		if err != nil {
			return err
		}
		d.B = rest
		o.parts[dir] = op
	}
	if len(d.B) > 0 {
		return errDamaged
	}
	return nil
}
