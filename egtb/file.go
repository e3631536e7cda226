package egtb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/damka/damka/internal/atomicfile"
)

// A table file, DIR/VARIANT/CLASS.wdl (russian/KKKvK.wdl), is:
//
//	magic    "DAMKAWDL" (8 bytes)
//	version  1 (1 byte)
//	class    men and kings of the side to move, then of the opponent (4 bytes)
//	entries  the number of indices, uint64 little-endian
//	data     (entries+3)/4 bytes: 2 bits an index, low bits first;
//	         0 draw, 1 win, 2 loss (for the side to move), 3 no position
//	crc      CRC-32 (IEEE) of everything before it, uint32 little-endian
//
// A file that does not check is an error to Open and rebuilt by Build.
const (
	magic       = "DAMKAWDL"
	fileVersion = 1
	headerSize  = len(magic) + 1 + 4 + 8
)

// FileName is the name of class m's file in the tables' folder of its
// variant.
func FileName(m Material) string { return m.String() + ".wdl" }

// variantDir is the folder of v's tables under dir.
func (db *DB) variantDir(dir string) string { return filepath.Join(dir, db.v.Name()) }

// encode is the file of t.
func encode(t *table) []byte {
	b := make([]byte, 0, headerSize+len(t.bits)+4)
	b = append(b, magic...)
	b = append(b, fileVersion, t.m.Men[0], t.m.Kings[0], t.m.Men[1], t.m.Kings[1])
	b = binary.LittleEndian.AppendUint64(b, t.n)
	b = append(b, t.bits...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// ErrDamaged is the error of a table file that does not check (Build
// builds it again).
var ErrDamaged = errors.New("not a damka endgame table, or damaged")

// errBadFile is ErrDamaged.
var errBadFile = ErrDamaged

// ErrNotRegular is the error of a table file, or a variant's folder, that
// is not a regular file, or not a folder: a named pipe, a device, a
// socket. It is never opened, so never waited on.
var ErrNotRegular = errors.New("not a regular file")

// decode reads the file of class m, of n indices.
func decode(b []byte, m Material, n uint64) (*table, error) {
	if len(b) < headerSize+4 || string(b[:len(magic)]) != magic || b[len(magic)] != fileVersion {
		return nil, errBadFile
	}
	h := b[len(magic)+1:]
	got := Material{Men: [2]uint8{h[0], h[2]}, Kings: [2]uint8{h[1], h[3]}}
	if got != m || binary.LittleEndian.Uint64(h[4:]) != n || uint64(len(b)) != uint64(headerSize)+(n+3)/4+4 {
		return nil, errBadFile
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, errBadFile
	}
	return &table{m: m, n: n, bits: bytes.Clone(body[headerSize:])}, nil
}

// load reads class m's file from dir into db; ok is false when there is
// no file. Only a regular file is opened (a link to one is followed): a
// named pipe or a device there is an error wrapping ErrNotRegular,
// where reading it would wait for ever.
func (db *DB) load(dir string, m Material) (ok bool, err error) {
	path := filepath.Join(db.variantDir(dir), FileName(m))
	b, err := readRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	t, err := decode(b, m, db.l.size(m))
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	db.add(t)
	db.sizes[m] = uint64(len(b))
	return true, nil
}

// readRegular reads the file at path if it is a regular file; else its
// error wraps ErrNotRegular and names path. The file is looked at before
// it is opened, and opened without waiting for a writer (O_NONBLOCK,
// which changes nothing for a regular file) then looked at again, so
// that a named pipe put there in between is not read either.
func readRegular(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	return io.ReadAll(f)
}

// notRegular is the error of path, of mode m, that is not a regular file.
func notRegular(path string, m fs.FileMode) error {
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a folder"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	}
	return fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind)
}

// save writes t's file under dir atomically: whole or not at all.
func (db *DB) save(dir string, t *table) (int, error) {
	vdir := db.variantDir(dir)
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return 0, err
	}
	f, err := atomicfile.Create(filepath.Join(vdir, FileName(t.m)))
	if err != nil {
		return 0, err
	}
	b := encode(t)
	if _, err := f.Write(b); err != nil {
		f.Abort()
		return 0, err
	}
	if err := f.Commit(); err != nil {
		return 0, err
	}
	db.sizes[t.m] = uint64(len(b))
	return len(b), nil
}

// FileSize is the size in bytes of class m's file, when loaded or built.
func (db *DB) FileSize(m Material) uint64 { return db.sizes[m] }
