package input

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/pierrec/lz4/v4"
)

// Magic numbers of the formats of this file: zip archives, lz4 frames,
// and the skippable frames zstd and lz4 share (0x184D2A50 to 0x184D2A5F,
// little endian), which pzstd puts before each zstd frame.
var (
	magicZip      = []byte("PK\x03\x04")
	magicZipEmpty = []byte("PK\x05\x06")
	magicLZ4      = []byte{0x04, 0x22, 0x4d, 0x18}
)

func isSkippable(b []byte) bool {
	return len(b) >= 4 && b[0]&0xF0 == 0x50 && b[1] == 0x2A && b[2] == 0x4D && b[3] == 0x18
}

// peekFormat returns the first bytes of br after any skippable frames at
// its start (without consuming anything), to tell the format by: a pzstd
// file starts with a skippable frame, then a zstd frame. A skippable
// frame too large for br's buffer is looked past no further.
func peekFormat(br *bufio.Reader) ([]byte, error) {
	off := 0
	for {
		head, err := br.Peek(off + 8)
		if off >= len(head) {
			return nil, err
		}
		rest := head[off:]
		if len(rest) < 8 || !isSkippable(rest) {
			return rest, err
		}
		size := int(binary.LittleEndian.Uint32(rest[4:8]))
		if size < 0 || off+16+size > br.Size() {
			return rest, err
		}
		off += 8 + size
	}
}

// ZipSeparator joins the name of a zip archive and of one of its members
// in a Source name: "games.zip/1950/ussr.pdn".
const ZipSeparator = "/"

// isZip reports whether the file at name is a zip archive: by its name
// (*.zip) or its first bytes.
func isZip(name string) bool {
	if zipName(name) {
		return true
	}
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [4]byte
	n, _ := io.ReadFull(f, head[:])
	return bytes.Equal(head[:n], magicZip) || bytes.Equal(head[:n], magicZipEmpty)
}

// ErrNestedZip is the error of a zip archive found inside a zip archive:
// it is not read (a zip is read from its end, so the inner one would be
// read whole into memory first); unzip the outer one.
var ErrNestedZip = errors.New("a zip archive inside a zip archive is not read: unzip the outer one and name the inner archive")

// zipSources lists the members of the zip archive at name that a walk
// takes, as a folder's files: *.pdn, *.txt and *.json, possibly
// compressed, in lexical order, leaving out folders and files whose name
// starts with a dot and the __MACOSX folder of macOS's archiver. Each is
// named name + "/" + its path in the archive, as it is there: a member
// whose path climbs out with ".." is read too (damka extracts nothing).
// A zip archive inside is a Source with ErrNestedZip, not left out
// silently.
func zipSources(name string) ([]Source, error) {
	z, err := zipCache.open(name)
	if err != nil {
		return nil, err
	}
	defer zipCache.release(name)
	var out []Source
	for _, f := range z.File {
		if f.FileInfo().IsDir() || hiddenMember(f.Name) {
			continue
		}
		member := name + ZipSeparator + f.Name
		if zipName(f.Name) {
			out = append(out, Source{Name: member, Err: &os.PathError{Op: "open", Path: member, Err: ErrNestedZip}})
			continue
		}
		if !walkable(f.Name) {
			continue
		}
		out = append(out, Source{Name: member, Size: int64(f.CompressedSize64), Archive: name, Member: f.Name})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// hiddenMember reports whether a member's path has a hidden part (a name
// starting with a dot, as a walk leaves out) or is macOS's __MACOSX
// folder; "." and ".." are steps of a path, not hidden names.
func hiddenMember(name string) bool {
	for _, part := range strings.Split(name, "/") {
		if part == "." || part == ".." {
			continue
		}
		if strings.HasPrefix(part, ".") || part == "__MACOSX" {
			return true
		}
	}
	return false
}

// splitZipName splits a Source name of a zip member into the archive's
// name and the member's; ok is false when name is no such thing (a file
// of that name exists, or no prefix of it ending in .zip is a file).
func splitZipName(name string) (archive, member string, ok bool) {
	if _, err := os.Stat(name); err == nil {
		return "", "", false
	}
	lower := strings.ToLower(name)
	for i := 0; ; {
		j := strings.Index(lower[i:], ".zip"+ZipSeparator)
		if j < 0 {
			return "", "", false
		}
		end := i + j + len(".zip")
		if fi, err := os.Stat(name[:end]); err == nil && fi.Mode().IsRegular() {
			return name[:end], name[end+len(ZipSeparator):], true
		}
		i = end
	}
}

// openFile opens a file, or a member of a zip archive named as zipSources
// names them, as it is stored (compressed or not).
func openFile(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err == nil {
		return f, nil
	}
	archive, member, ok := splitZipName(name)
	if !ok {
		return nil, err
	}
	return openMember(archive, member, name)
}

// OpenMember opens the member of the zip archive at archive whose name,
// as the archive stores it, is member (Source.Archive and Source.Member),
// as it is stored: the member is looked up inside the archive, its name
// never resolved against the disk, whatever it holds. Errors name the
// member as a walk does (archive + "/" + member).
func OpenMember(archive, member string) (io.ReadCloser, error) {
	return openMember(archive, member, archive+ZipSeparator+member)
}

func openMember(archive, member, name string) (io.ReadCloser, error) {
	if _, err := zipCache.open(archive); err != nil {
		return nil, err
	}
	if zf := zipCache.member(archive, member); zf != nil {
		rc, err := zf.Open()
		if err != nil {
			zipCache.release(archive)
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return &zipMember{rc: rc, archive: archive}, nil
	}
	zipCache.release(archive)
	return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrNotExist}
}

// OpenFile opens a file, or a member of a zip archive as Walk names them
// ("games.zip/1950/ussr.pdn"), as it is stored: Open with no
// decompression.
func OpenFile(name string) (io.ReadCloser, error) { return openFile(name) }

type zipMember struct {
	rc      io.ReadCloser
	archive string
}

func (m *zipMember) Read(p []byte) (int, error) { return m.rc.Read(p) }

func (m *zipMember) Close() error {
	err := m.rc.Close()
	zipCache.release(m.archive)
	return err
}

// zipCache keeps the zip archives being read open, counted, so that the
// members of one archive, read one after the other, do not each read its
// central directory again. An archive is closed when its last member is
// closed, unless it is the last one opened.
var zipCache = &zips{open_: map[string]*openZip{}}

type zips struct {
	mu    sync.Mutex
	open_ map[string]*openZip
	last  string
}

type openZip struct {
	z    *zip.ReadCloser
	refs int
	// byName indexes the members by name, made on the first lookup: a
	// scan of z.File for each member made reading every member of an
	// archive quadratic (100,000 members: 38 s; issue 29, item 8).
	byName map[string]*zip.File
}

// member returns the member of the open archive name called member (the
// first, as a scan would, when two have one name), or nil.
func (c *zips) member(name, member string) *zip.File {
	c.mu.Lock()
	defer c.mu.Unlock()
	o, ok := c.open_[name]
	if !ok {
		return nil
	}
	if o.byName == nil {
		o.byName = make(map[string]*zip.File, len(o.z.File))
		for _, f := range o.z.File {
			if _, dup := o.byName[f.Name]; !dup {
				o.byName[f.Name] = f
			}
		}
	}
	return o.byName[member]
}

func (c *zips) open(name string) (*zip.ReadCloser, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if o, ok := c.open_[name]; ok {
		o.refs++
		return o.z, nil
	}
	z, err := zip.OpenReader(name)
	if err != nil {
		return nil, fmt.Errorf("%s: zip: %w", name, err)
	}
	if prev, ok := c.open_[c.last]; ok && prev.refs == 0 {
		prev.z.Close()
		delete(c.open_, c.last)
	}
	c.open_[name] = &openZip{z: z, refs: 1}
	c.last = name
	return z, nil
}

func (c *zips) release(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	o, ok := c.open_[name]
	if !ok {
		return
	}
	if o.refs--; o.refs <= 0 && name != c.last {
		o.z.Close()
		delete(c.open_, name)
	}
}

// errZipStream is returned for a zip archive read from standard input.
var errZipStream = errors.New("a zip archive is read from its end (its central directory): give it as a file, not on standard input")

// lz4Reader decompresses lz4 frames (the lz4 command's format), one after
// the other, skippable frames skipped.
func lz4Reader(r io.Reader) io.Reader { return lz4.NewReader(r) }

// zipName reports whether a file found on a walk is taken as a zip
// archive: by its name.
func zipName(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".zip") }

// zipWalk lists the members of a zip archive a walk takes, or the error
// that the archive cannot be read as a Source, or that it holds nothing
// to read.
func zipWalk(name string) []Source {
	members, err := zipSources(name)
	if err != nil {
		return []Source{{Name: name, Err: err}}
	}
	if len(members) == 0 {
		return []Source{{Name: name, Skip: NoArchives}}
	}
	return members
}
