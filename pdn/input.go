package pdn

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// Source is one input after walking.
type Source struct {
	Name string // file name, or "-" for standard input
	Size int64  // size in bytes as stored (compressed), -1 for standard input
}

// Extensions of the files Walk takes from directories, compared without
// regard to case. Each may be followed by a compression extension.
var (
	textExts        = []string{".pdn", ".txt", ".json"}
	compressionExts = []string{"", ".gz", ".bz2", ".zst", ".xz"}
)

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
// .zst, .xz), in lexical order; directories whose name starts with a dot
// are skipped. "-" stands for standard input. An argument that does not
// exist is an error.
func Walk(args []string) ([]string, error) {
	srcs, err := WalkSources(args)
	names := make([]string, len(srcs))
	for i, s := range srcs {
		names[i] = s.Name
	}
	return names, err
}

// WalkSources is Walk with file sizes.
func WalkSources(args []string) ([]Source, error) {
	var out []Source
	for _, a := range args {
		if a == "-" {
			out = append(out, Source{Name: "-", Size: -1})
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			return out, err
		}
		if !fi.IsDir() {
			out = append(out, Source{Name: a, Size: fi.Size()})
			continue
		}
		var found []Source
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != a && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !walkable(d.Name()) {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			found = append(found, Source{Name: path, Size: info.Size()})
			return nil
		})
		if err != nil {
			return out, err
		}
		sort.Slice(found, func(i, j int) bool { return found[i].Name < found[j].Name })
		out = append(out, found...)
	}
	return out, nil
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
		file, err := os.Open(name)
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

// Decompress wraps rc in a decompressor chosen by its first bytes, or
// returns it (buffered) as it is. Closing the result closes rc.
func Decompress(rc io.ReadCloser) (io.ReadCloser, error) {
	br := bufio.NewReaderSize(rc, 64<<10)
	head, err := br.Peek(6)
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
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<30))
		if err != nil {
			return nil, fmt.Errorf("zstd: %w", err)
		}
		r, closer = zr, func() error { zr.Close(); return nil }
	case bytes.HasPrefix(head, magicXz):
		xr, err := xz.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("xz: %w", err)
		}
		r = xr
	}
	return &readCloser{Reader: r, close: closer, file: rc}, nil
}

type readCloser struct {
	io.Reader
	close func() error
	file  io.Closer
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
func ReadFile(name string, fn func(*Game, error) error) error {
	rc, err := Open(name)
	if err != nil {
		return err
	}
	defer rc.Close()
	r := NewReader(rc, name)
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

// isJSON reports whether head starts like a JSON document that holds
// strings: '{' then a key ("...":) or '[' then a string, after optional
// whitespace and byte order mark. A PDN comment or tag cannot look like
// that in practice.
func isJSON(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) == 0 {
		return false
	}
	open := head[0]
	if open != '{' && open != '[' {
		return false
	}
	rest := bytes.TrimLeft(head[1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return false
	}
	if open == '[' {
		return true
	}
	// {"key": -- find the end of the key.
	for i := 1; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case '"':
			return len(bytes.TrimLeft(rest[i+1:], " \t\r\n")) > 0 && bytes.TrimLeft(rest[i+1:], " \t\r\n")[0] == ':'
		case '\n':
			return false
		}
	}
	return false
}

// jsonText reads the string values of a JSON document (not the keys),
// in order, separated by blank lines.
type jsonText struct {
	dec   *json.Decoder
	stack []bool // per open container: true for an object
	key   []bool // per open object: the next string is a key
	cur   []byte
	first bool
	err   error
}

func newJSONText(r io.Reader) *jsonText {
	return &jsonText{dec: json.NewDecoder(r), first: true}
}

func (j *jsonText) Read(p []byte) (int, error) {
	for len(j.cur) == 0 {
		if j.err != nil {
			return 0, j.err
		}
		s, err := j.nextString()
		if err != nil {
			if err == io.EOF && len(j.stack) > 0 {
				err = io.ErrUnexpectedEOF
			}
			if err != io.EOF {
				err = fmt.Errorf("json: %w", err)
			}
			j.err = err
			continue
		}
		if j.first {
			j.cur = append(j.cur[:0], s...)
			j.first = false
		} else {
			j.cur = append(append(j.cur[:0], "\n\n"...), s...)
		}
	}
	n := copy(p, j.cur)
	j.cur = j.cur[n:]
	return n, nil
}

func (j *jsonText) nextString() (string, error) {
	for {
		tok, err := j.dec.Token()
		if err != nil {
			return "", err
		}
		isKey := false
		if n := len(j.stack); n > 0 && j.stack[n-1] {
			isKey = j.key[len(j.key)-1]
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				j.value()
				j.stack = append(j.stack, true)
				j.key = append(j.key, true)
			case '[':
				j.value()
				j.stack = append(j.stack, false)
			case '}':
				j.stack = j.stack[:len(j.stack)-1]
				j.key = j.key[:len(j.key)-1]
			case ']':
				j.stack = j.stack[:len(j.stack)-1]
			}
			continue
		case string:
			if isKey {
				j.key[len(j.key)-1] = false
				continue
			}
			j.value()
			return v, nil
		default:
			j.value()
		}
	}
}

// value notes that a value was read in the current container.
func (j *jsonText) value() {
	if n := len(j.stack); n > 0 && j.stack[n-1] {
		j.key[len(j.key)-1] = true
	}
}
