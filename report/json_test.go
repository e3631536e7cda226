package report

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// encodeCheckJSON is the line damka check --json printed before
// AppendCheckJSON: CheckJSON through a json.Encoder writing through a
// display.JSONWriter.
func encodeCheckJSON(t *testing.T, r *validate.Report, filter func(*validate.Finding) bool) ([]byte, bool) {
	t.Helper()
	j, ok := CheckJSON(r, filter)
	if !ok {
		return nil, false
	}
	var b bytes.Buffer
	enc := json.NewEncoder(display.NewJSONWriter(&b))
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), true
}

// TestAppendCheckJSON: AppendCheckJSON writes what CheckJSON through a
// json.Encoder writes, byte for byte, for every game of the test
// archives (each finding kind, repairs, syntax errors, every variant),
// replayed with and without repairs, under each kind of filter.
func TestAppendCheckJSON(t *testing.T) {
	var files []string
	for _, dir := range []string{"../testdata/validate", "../testdata/repair", "../testdata/variants", "../testdata/corpus"} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pdn") {
				files = append(files, path)
			}
			return err
		})
	}
	if len(files) < 20 {
		t.Fatalf("only %d test archives", len(files))
	}
	filters := map[string]func(*validate.Finding) bool{
		"all":         nil,
		"errors-only": validate.Choose(true, nil),
		"kinds":       validate.Choose(false, []validate.Kind{validate.MissedCapture, validate.Repaired, validate.SyntaxError}),
	}
	var buf []byte
	games, lines, repairs := 0, 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rd := pdn.NewReader(bytes.NewReader(b), f)
		for {
			g, err := rd.Next()
			if err == io.EOF {
				break
			}
			if g == nil {
				t.Fatal(err)
			}
			games++
			for _, opts := range []validate.Options{{}, {Repair: true}} {
				r := validate.Game(g, opts)
				for name, filter := range filters {
					want, wok := encodeCheckJSON(t, r, filter)
					var ok bool
					buf, ok = AppendCheckJSON(buf[:0], r, filter)
					if ok != wok || ok && !bytes.Equal(buf, want) {
						t.Fatalf("%s game %d, repair %v, %s: AppendCheckJSON\n%s (%v)\nwant\n%s (%v)", f, g.Index, opts.Repair, name, buf, ok, want, wok)
					}
					if ok {
						lines++
						if bytes.Contains(buf, []byte(`"repairs":[{`)) {
							repairs++
						}
					}
				}
			}
		}
	}
	if lines < 1000 || repairs == 0 {
		t.Fatalf("%d games, %d lines, %d with repairs: too few to tell", games, lines, repairs)
	}
}

// TestAppendCheckJSONStrings: the strings a line quotes (file names and
// moves from the archive, messages quoting it) escaped as encoding/json
// escapes them: quotes, backslashes, every control, bytes that are not
// UTF-8, U+2028 and U+2029, HTML's characters left as they are.
func TestAppendCheckJSONStrings(t *testing.T) {
	odd := []string{"", "plain", `a"b\c`, "<&>", "\x00\x01\x07\b\f\n\r\t\x1f\x7f", "\xff\xfe", "é\xc3", "a\u2028b\u2029c", "\u0085\u200e😀", "Кd4",
		"\u202e\u2066\u200b\ufeff", "\U000e0041", "\u00ad", "\u0080\u009f"}
	for i := 0; i < 256; i++ {
		odd = append(odd, string([]byte{'x', byte(i), 'y'}))
	}
	for _, s := range odd {
		r := &validate.Report{Game: &pdn.Game{File: s, Index: 3}}
		r.Findings = []validate.Finding{
			{Kind: validate.IllegalMove, Severity: validate.Error, Ply: 7, Move: s, Line: 2, Col: 5, Message: "m " + s,
				Repairs: []validate.Repair{{Edit: validate.Edit(s), Move: s, ReplaysToEnd: true, PliesAfter: 4}}},
			{Kind: validate.VariantInferred, Severity: validate.Warning, Message: s},
		}
		want, _ := encodeCheckJSON(t, r, nil)
		got, ok := AppendCheckJSON(nil, r, nil)
		if !ok || !bytes.Equal(got, want) {
			t.Errorf("%q: AppendCheckJSON\n%s\nwant\n%s", s, got, want)
		}
	}
}

// TestAppendJSONStringEights: appendJSONString takes the plain bytes
// eight at a time (plainJSON); a byte to escape or past ASCII at any
// place of a run of plain ones, of any length, and runs of them, are
// still written as encoding/json writes them.
func TestAppendJSONStringEights(t *testing.T) {
	odd := []string{"\x00", "\x1f", "\x20", "\x21", "\"", "#", "\\", "]", "[", "\x7e", "\x7f", "\x80", "\xff", "é", "\u2028", "😀", "\xc3", "\t\"\\"}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	var got []byte
	n := 0
	for size := 0; size <= 20; size++ {
		plain := strings.Repeat("ab!~ 09", 3)[:size]
		for at := 0; at <= size; at++ {
			for _, o := range odd {
				for _, s := range []string{plain[:at] + o + plain[at:], plain[:at] + o + o + plain[at:] + o} {
					want.Reset()
					if err := enc.Encode(s); err != nil {
						t.Fatal(err)
					}
					var wide bool
					got = appendJSONString(got[:0], s, &wide)
					if w := strings.IndexFunc(s, func(r rune) bool { return r >= 0x7f }) >= 0; wide != w {
						t.Fatalf("%q: wide %v, want %v", s, wide, w)
					}
					if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got, w) {
						t.Fatalf("%q: appendJSONString %s, want %s", s, got, w)
					}
					n++
				}
			}
		}
	}
	if n < 5000 {
		t.Fatalf("%d strings: too few", n)
	}
}

// plainJSON is true of eight bytes exactly when appendJSONString writes
// each of them as it is, one at a time, and display.JSON leaves them:
// none is to escape, DEL or past ASCII.
func TestPlainJSON(t *testing.T) {
	plain := func(c byte) bool { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' }
	for c := range 256 {
		for at := range 8 {
			for _, fill := range []byte{' ', 'a', '"', 0x1f, 0x80} {
				b := bytes.Repeat([]byte{fill}, 8)
				b[at] = byte(c)
				want := true
				for _, x := range b {
					want = want && plain(x)
				}
				if got := plainJSON(load8(string(b))); got != want {
					t.Fatalf("%q: plainJSON %v, want %v", b, got, want)
				}
			}
		}
	}
}

// TestAppendCheckJSONAllocs: the line is built in the buffer given, with
// no allocation once it is large enough.
func TestAppendCheckJSONAllocs(t *testing.T) {
	r := &validate.Report{Game: &pdn.Game{File: "a.pdn", Index: 3}}
	r.Findings = []validate.Finding{{Kind: validate.VariantInferred, Severity: validate.Warning, Message: "no GameType tag"}}
	buf := make([]byte, 0, 512)
	if n := testing.AllocsPerRun(100, func() { buf, _ = AppendCheckJSON(buf[:0], r, nil) }); n != 0 {
		t.Errorf("%v allocations a line, want 0", n)
	}
}
