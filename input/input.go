package input

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/damka/damka/pdn"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/therootcompany/xz"
)

// Source is one input after walking: a file to read, or, with Err or
// Skip set, something the walk could not take.
type Source struct {
	Name string // file name, or "-" for standard input
	Size int64  // size in bytes as stored (compressed), -1 for standard input
	// Err is set when Name (an argument, or a folder met on the walk)
	// cannot be read: it does not exist, or a folder cannot be listed.
	Err error
	// Skip is set, with the reason, when Name was left out on purpose: a
	// broken symbolic link, a link back to a folder being walked, a
	// file or folder already reached another way, a folder with no
	// archives in it.
	Skip string
	// Archive and Member are set for a member of a zip archive: the
	// archive's file name as walked, and the member's name as the
	// archive stores it, whatever it holds ("..", a leading "/"). Name
	// joins them for people to read; a member is opened with OpenMember
	// (Archive, Member), never by a path made from Name, which a
	// member's ".." would lead out of the archive.
	Archive, Member string
}

// Extensions of the files Walk takes from directories, compared without
// regard to case. Each may be followed by a compression extension.
var (
	textExts        = []string{".pdn", ".txt", ".json"}
	compressionExts = []string{"", ".gz", ".bz2", ".zst", ".xz", ".lz4"}
)

// NoArchives is the Skip reason of a folder in which a walk found no file
// to read.
const NoArchives = "no *.pdn, *.txt or *.json files (plain or compressed) in this folder"

// Walkable reports whether a walk takes the file name from a folder: a
// *.pdn, *.txt or *.json file, plain or compressed (archives elsewhere,
// such as buckets listed by a glob, are chosen by it too).
func Walkable(name string) bool { return walkable(name) }

func walkable(name string) bool {
	n := strings.ToLower(name)
	for _, c := range compressionExts {
		if !strings.HasSuffix(n, c) {
			continue
		}
		m := n[:len(n)-len(c)]
		for _, t := range textExts {
			if strings.HasSuffix(m, t) {
				return true
			}
		}
	}
	return false
}

// Walk expands command-line arguments into input names: a file is taken
// as it is (whatever its extension), a directory is walked recursively
// for *.pdn, *.txt and *.json files, each possibly compressed (.gz, .bz2,
// .zst, .xz, .lz4), in lexical order; directories whose name starts with
// a dot are skipped, symbolic links are followed (see WalkAll). A zip
// archive (*.zip, or a file argument that starts like one) is walked like
// a directory: its members are named "archive.zip/path/in/archive.pdn".
// "-" stands for standard input. An argument that does not exist is an
// error.
func Walk(args []string) ([]string, error) {
	srcs, err := WalkSources(args)
	names := make([]string, len(srcs))
	for i, s := range srcs {
		names[i] = s.Name
	}
	return names, err
}

// WalkSources is Walk with file sizes: the readable sources of WalkAll,
// and the first error among them.
func WalkSources(args []string) ([]Source, error) {
	var out []Source
	var first error
	for _, s := range WalkAll(args) {
		switch {
		case s.Err != nil:
			if first == nil {
				first = s.Err
			}
		case s.Skip == "":
			out = append(out, s)
		}
	}
	return out, first
}

// WalkAll expands the arguments like Walk and also returns, in their
// place, what could not be read (Err) or was left out (Skip), so that a
// caller can say so. Symbolic links are followed, to files and to
// folders, given as arguments or met in a folder; a link to a folder
// that is being walked (a loop), and a file or folder reached a second
// time in one argument's walk, are skipped with the reason. A folder
// with nothing to read gives a Source with Skip set to NoArchives.
func WalkAll(args []string) []Source {
	var out []Source
	for _, a := range args {
		if a == "-" {
			out = append(out, Source{Name: "-", Size: -1})
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			out = append(out, Source{Name: a, Err: err})
			continue
		}
		if !fi.IsDir() {
			if fi.Mode().IsRegular() && isZip(a) {
				out = append(out, zipWalk(a)...)
				continue
			}
			out = append(out, Source{Name: a, Size: fi.Size()})
			continue
		}
		w := &walker{seen: map[any]string{}}
		w.dir(a, fi, nil, 0)
		sort.SliceStable(w.found, func(i, j int) bool { return w.found[i].Name < w.found[j].Name })
		files := 0
		for _, s := range w.found {
			if s.Err == nil && s.Skip == "" {
				files++
			}
		}
		out = append(out, w.found...)
		if files == 0 {
			out = append(out, Source{Name: a, Skip: NoArchives})
		}
	}
	return out
}

// walker walks one argument's folder, following symbolic links.
type walker struct {
	found []Source
	seen  map[any]string // file identity (see fileID) -> path it was reached by
}

// maxWalkDepth bounds the nesting of folders a walk goes into: a guard
// against symbolic link loops where files have no identity (fileID).
const maxWalkDepth = 100

// dir walks folder path, depth folders below the argument; ancestors are
// the identities of the folders above it, for loops.
func (w *walker) dir(path string, fi fs.FileInfo, ancestors []any, depth int) {
	if depth > maxWalkDepth {
		w.found = append(w.found, Source{Name: path, Skip: fmt.Sprintf("folders nested over %d deep (a symbolic link loop?)", maxWalkDepth)})
		return
	}
	id, ok := fileID(fi)
	if ok {
		if prev, dup := w.seen[id]; dup {
			reason := "already read as " + prev
			for _, a := range ancestors {
				if a == id {
					reason = "a symbolic link to a folder that encloses it (a loop)"
				}
			}
			w.found = append(w.found, Source{Name: path, Skip: reason})
			return
		}
		w.seen[id] = path
		ancestors = append(ancestors, id)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		w.found = append(w.found, Source{Name: path, Err: err})
		// ReadDir returns what it read before the error: go on with it.
	}
	for _, e := range entries {
		name := filepath.Join(path, e.Name())
		if e.Type()&fs.ModeSymlink != 0 {
			target, err := os.Stat(name)
			if err != nil {
				why := "a broken symbolic link"
				var pe *fs.PathError
				if !errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe) {
					why = "a symbolic link that cannot be followed: " + pe.Err.Error()
				}
				w.found = append(w.found, Source{Name: name, Skip: why})
				continue
			}
			if target.IsDir() {
				if !strings.HasPrefix(e.Name(), ".") {
					w.dir(name, target, ancestors, depth+1)
				}
				continue
			}
			if target.Mode().IsRegular() && (walkable(e.Name()) || zipName(e.Name())) {
				w.file(name, target)
			}
			continue
		}
		if e.IsDir() {
			if strings.HasPrefix(e.Name(), ".") {
				continue
			}
			info, err := e.Info()
			if err != nil {
				w.found = append(w.found, Source{Name: name, Err: err})
				continue
			}
			w.dir(name, info, ancestors, depth+1)
			continue
		}
		if !e.Type().IsRegular() || !walkable(e.Name()) && !zipName(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			w.found = append(w.found, Source{Name: name, Err: err})
			continue
		}
		w.file(name, info)
	}
}

func (w *walker) file(path string, fi fs.FileInfo) {
	if id, ok := fileID(fi); ok {
		if prev, dup := w.seen[id]; dup {
			w.found = append(w.found, Source{Name: path, Skip: "the same file as " + prev})
			return
		}
		w.seen[id] = path
	}
	if zipName(path) {
		w.found = append(w.found, zipWalk(path)...)
		return
	}
	w.found = append(w.found, Source{Name: path, Size: fi.Size()})
}

// Open opens a file, or standard input for "-", and decompresses it when
// its first bytes are those of gzip, bzip2, zstd or xz (whatever the name
// says). Only one layer is removed. Closing the result closes the file
// (but not standard input).
func Open(name string) (io.ReadCloser, error) {
	var f io.ReadCloser
	if name == "-" {
		f = io.NopCloser(os.Stdin)
	} else {
		file, err := openFile(name) // a file, or a member of a zip archive
		if err != nil {
			return nil, err
		}
		f = file
	}
	rc, err := Decompress(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rc, nil
}

// Magic numbers of the compressed formats Open recognises.
var (
	magicGzip  = []byte{0x1f, 0x8b}
	magicBzip2 = []byte("BZh")
	magicZstd  = []byte{0x28, 0xb5, 0x2f, 0xfd}
	magicXz    = []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}
)

// MaxZstdWindow caps the window a zstd frame may ask for: the decoder
// allocates it whole, so a hostile or unusual archive could take any
// memory. 128 MiB is the limit of the zstd command itself without
// --memory (and of the highest levels, --ultra -22 and --long).
const MaxZstdWindow = 128 << 20

// ErrZstdWindow is returned (wrapped) for a zstd frame whose window is
// over MaxZstdWindow.
var ErrZstdWindow = fmt.Errorf("the zstd frame asks for a window over %d MiB, the most damka allows (decompress it with zstd -d --memory=... first)", MaxZstdWindow>>20)

// Decompress wraps rc in a decompressor chosen by its first bytes, or
// returns it (buffered) as it is. Closing the result closes rc.
//
// A stream cut short gives the data before the cut, then an error
// wrapping io.ErrUnexpectedEOF (for xz, as xz -d does: every byte that
// can be decoded).
func Decompress(rc io.ReadCloser) (io.ReadCloser, error) {
	br := bufio.NewReaderSize(rc, 64<<10)
	head, err := peekFormat(br) // after pzstd's skippable frames
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	var r io.Reader = br
	var closer func() error
	switch {
	case bytes.HasPrefix(head, magicGzip):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		r, closer = zr, zr.Close
	case bytes.HasPrefix(head, magicBzip2) && len(head) >= 4 && head[3] >= '1' && head[3] <= '9':
		r = bzip2.NewReader(br)
	case bytes.HasPrefix(head, magicZstd):
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1),
			zstd.WithDecoderMaxWindow(MaxZstdWindow), zstd.WithDecoderMaxMemory(MaxZstdWindow))
		if err != nil {
			return nil, fmt.Errorf("zstd: %w", err)
		}
		r, closer = zstdErrors{zr}, func() error { zr.Close(); return nil }
	case bytes.HasPrefix(head, magicXz):
		// github.com/therootcompany/xz (xz-embedded's decoder) hands out
		// the data as it decodes it, so a cut stream gives everything
		// before the cut; github.com/ulikunitz/xz kept up to a whole
		// LZMA2 chunk (2 MiB) of it back.
		xr, err := xz.NewReader(br, 0)
		if err != nil {
			return nil, fmt.Errorf("xz: %w", err)
		}
		r = xzErrors{xr}
	case bytes.HasPrefix(head, magicLZ4):
		r = lz4Reader(br)
	case bytes.HasPrefix(head, magicZip) || bytes.HasPrefix(head, magicZipEmpty):
		return nil, errZipStream
	}
	return &readCloser{Reader: r, close: closer, file: rc, compressed: r != io.Reader(br)}, nil
}

// zstdErrors names the window error in terms a user can act on.
type zstdErrors struct{ r io.Reader }

func (z zstdErrors) Read(p []byte) (int, error) {
	n, err := z.r.Read(p)
	if err != nil && (errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded)) {
		err = ErrZstdWindow
	}
	return n, err
}

// xzErrors reports a cut xz stream as io.ErrUnexpectedEOF, as the other
// decompressors do (the xz package says "data is truncated or corrupt").
// Its dictionary is capped at xz.DefaultDictMax, 64 MiB: what xz -9 uses.
type xzErrors struct{ r io.Reader }

func (x xzErrors) Read(p []byte) (int, error) {
	n, err := x.r.Read(p)
	if errors.Is(err, xz.ErrBuf) {
		err = fmt.Errorf("xz: %w (or corrupt)", io.ErrUnexpectedEOF)
	}
	return n, err
}

type readCloser struct {
	io.Reader
	close      func() error
	file       io.Closer
	compressed bool
}

// Compressed reports whether r, from Decompress, removes a layer of
// compression: byte offsets in what it reads are then not offsets in
// the file.
func Compressed(r io.Reader) bool {
	rc, ok := r.(*readCloser)
	return ok && rc.compressed
}

func (rc *readCloser) Close() error {
	var err error
	if rc.close != nil {
		err = rc.close()
	}
	if e := rc.file.Close(); err == nil {
		err = e
	}
	return err
}

// ReadFile opens name (see Open) and calls fn for each game with the error
// Next returned with it (nil or a *SyntaxError). It stops at the first
// error fn returns, or at a read error, and returns it.
func ReadFile(name string, fn func(*pdn.Game, error) error) error {
	rc, err := Open(name)
	if err != nil {
		return err
	}
	defer rc.Close()
	r := pdn.NewReader(rc, name)
	for {
		g, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if g == nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := fn(g, err); err != nil {
			return err
		}
	}
}
