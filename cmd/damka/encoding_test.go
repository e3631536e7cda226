package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// stringColumns reads columns of strings of a Parquet file.
func stringColumns(t *testing.T, path string, names ...string) [][]string {
	t.Helper()
	out := make([][]string, len(names))
	for i, name := range names {
		_, chunks := readColumn(t, path, name)
		for _, chunk := range chunks {
			for j := 0; j < chunk.Len(); j++ {
				out[i] = append(out[i], stringAt(chunk, j))
			}
		}
	}
	return out
}

func stringAt(a arrow.Array, i int) string {
	switch a := a.(type) {
	case *array.String:
		return a.Value(i)
	case *array.Dictionary:
		return stringAt(a.Dictionary(), a.GetValueIndex(i))
	}
	return a.ValueStr(i)
}

// Every encoding of the fixtures is detected and written to the encoding
// column of games.parquet, with the names decoded; --encoding forces one.
func TestEncodingColumn(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := run(t, "", "export", "-q", "../../testdata/pdn/encodings", "-o", dir)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	cols := stringColumns(t, filepath.Join(dir, "games.parquet"), "source_file", "encoding", "white")
	want := map[string]string{"cp1251": "windows-1251", "cp866": "cp866", "koi8r": "koi8-r", "utf16be": "utf-16be",
		"utf16le-nobom": "utf-16le", "utf16le": "utf-16le", "utf8": "utf-8", "utf8bom": "utf-8"}
	if len(cols[0]) != 6*len(want) {
		t.Fatalf("%d games", len(cols[0]))
	}
	for i, f := range cols[0] {
		kind := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "russian."), ".pdn")
		if cols[1][i] != want[kind] {
			t.Errorf("%s: encoding %q, want %q", f, cols[1][i], want[kind])
		}
		if i%6 == 0 && cols[2][i] != "Блиндер Б." {
			t.Errorf("%s: white %q", f, cols[2][i])
		}
	}
	_, _, code = run(t, "", "export", "-q", "--encoding", "KOI8-R", "../../testdata/pdn/encodings/russian.cp1251.pdn", "-o", dir)
	cols = stringColumns(t, filepath.Join(dir, "games.parquet"), "encoding", "white")
	if code != exitOK || cols[0][0] != "koi8-r" || cols[1][0] == "Блиндер Б." {
		t.Errorf("forced: exit %d, %q %q", code, cols[0][0], cols[1][0])
	}
	if _, errOut, code := run(t, "", "check", "--encoding", "ebcdic"); code != exitInput || !strings.Contains(errOut, "ebcdic") {
		t.Errorf("unknown encoding: exit %d %q", code, errOut)
	}
}
