// Package rowset reads Parquet tables back as sets of rows, for the
// tests that compare outputs made in different ways (one file against a
// partitioned dataset, damka export against the Beam pipeline): equal as
// multisets of rows, whatever the files, their order and their row
// groups. A dataset's partition columns are read from its folders
// (variant=russian/year=1947), as Hive readers do.
package rowset

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/damka/damka/export"
)

// Digest identifies a row: the SHA-256 of its canonical text (Text).
type Digest [sha256.Size]byte

// Set is a multiset of rows, by digest.
type Set map[Digest]int

// Len is the number of rows.
func (s Set) Len() int {
	n := 0
	for _, c := range s {
		n += c
	}
	return n
}

// Diff returns the rows of a missing from b and the rows of b missing
// from a (with their multiplicity), at most limit of each (0: all).
func Diff(a, b Set, limit int) (onlyA, onlyB []Digest) {
	for d, n := range a {
		for range n - b[d] {
			if limit == 0 || len(onlyA) < limit {
				onlyA = append(onlyA, d)
			}
		}
	}
	for d, n := range b {
		for range n - a[d] {
			if limit == 0 || len(onlyB) < limit {
				onlyB = append(onlyB, d)
			}
		}
	}
	return onlyA, onlyB
}

// Options choose what Read takes of each row.
type Options struct {
	// Drop are columns left out of every row (as those a partitioned
	// dataset has only in its paths: read both sides without them, or
	// with them: Partitions).
	Drop []string
	// Partitions adds the columns of the partition folders of the
	// file's path (below the dataset's folder) to its rows, as strings;
	// a folder __HIVE_DEFAULT_PARTITION__ is NULL.
	Partitions bool
	// Texts, when set, gets the text of every row read whose digest it
	// has as a key (for messages: which rows differ).
	Texts map[Digest]string
}

// Read reads a Parquet file, or every *.parquet file under a folder, into
// a set of rows.
func Read(path string, o Options) (Set, error) {
	set := Set{}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return set, readFile(path, nil, o, set)
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".parquet") && !strings.HasPrefix(d.Name(), ".") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	for _, f := range files {
		var parts [][2]string
		if o.Partitions {
			rel, _ := filepath.Rel(path, filepath.Dir(f))
			for _, el := range strings.Split(filepath.ToSlash(rel), "/") {
				if k, v, ok := strings.Cut(el, "="); ok {
					parts = append(parts, [2]string{k, v})
				}
			}
		}
		if err := readFile(f, parts, o, set); err != nil {
			return nil, err
		}
	}
	return set, nil
}

// readFile adds the rows of one file to set, with the partition columns
// parts.
func readFile(path string, parts [][2]string, o Options, set Set) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	pr, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer pr.Close()
	fr, err := pqarrow.NewFileReader(pr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer tbl.Release()
	type column struct {
		name   string
		chunks []interface{ ValueStr(int) string }
		nulls  []interface{ IsNull(int) bool }
		lens   []int
	}
	var cols []column
	for i := range int(tbl.NumCols()) {
		name := tbl.Schema().Field(i).Name
		if slices.Contains(o.Drop, name) {
			continue
		}
		c := column{name: name}
		for _, ch := range tbl.Column(i).Data().Chunks() {
			c.chunks = append(c.chunks, ch)
			c.nulls = append(c.nulls, ch)
			c.lens = append(c.lens, ch.Len())
		}
		cols = append(cols, c)
	}
	var fixed []string // the partition columns, the same for every row
	for _, p := range parts {
		if slices.Contains(o.Drop, p[0]) {
			continue
		}
		v := p[1]
		if v == export.DefaultPartition {
			v = "(null)"
		}
		fixed = append(fixed, p[0]+"="+v)
	}
	fields := make([]string, 0, len(cols)+len(fixed))
	n := int(tbl.NumRows())
	chunk, off := make([]int, len(cols)), make([]int, len(cols))
	for range n {
		fields = append(fields[:0], fixed...)
		for j := range cols {
			c := &cols[j]
			for off[j] >= c.lens[chunk[j]] {
				chunk[j]++
				off[j] = 0
			}
			k, i := chunk[j], off[j]
			v := "(null)"
			if !c.nulls[k].IsNull(i) {
				v = c.chunks[k].ValueStr(i)
			}
			fields = append(fields, c.name+"="+v)
			off[j]++
		}
		slices.Sort(fields)
		text := strings.Join(fields, "\x1f")
		d := Digest(sha256.Sum256([]byte(text)))
		set[d]++
		if o.Texts != nil {
			if _, want := o.Texts[d]; want {
				o.Texts[d] = text
			}
		}
	}
	return nil
}

// Texts reads the texts of the rows of digests from path, for messages:
// digest → "col=value␟col=value...".
func Texts(path string, o Options, digests []Digest) map[Digest]string {
	o.Texts = map[Digest]string{}
	for _, d := range digests {
		o.Texts[d] = ""
	}
	if _, err := Read(path, o); err != nil {
		return nil
	}
	return o.Texts
}
