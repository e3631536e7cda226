package input

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// pzstd's output (a skippable frame before the zstd frame) and lz4's, as
// the commands write them (testdata/pdn/compressed: small_pzstd.pdn.zst
// by pzstd 1.5, small.pdn.lz4 by lz4 1.9), read like the other formats.
func TestPzstdAndLZ4Files(t *testing.T) {
	for _, name := range []string{"small_pzstd.pdn.zst", "small.pdn.lz4"} {
		games := readFile(t, filepath.Join("compressed", name))
		noErrors(t, games)
		if len(games) != 2 || len(games[0].Moves) != 4 || games[1].Event() != "Second" {
			t.Errorf("%s: %d games", name, len(games))
		}
	}
}

// skippable is a skippable frame holding payload.
func skippable(nibble byte, payload []byte) []byte {
	b := []byte{0x50 | nibble, 0x2A, 0x4D, 0x18}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(payload)))
	return append(b, payload...)
}

func readBytes(t *testing.T, data []byte) []*pdn.Game {
	t.Helper()
	rc, err := Decompress(io.NopCloser(bytes.NewReader(data)))
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	return readAll(t, bytes.NewReader(mustRead(t, rc)))
}

func mustRead(t *testing.T, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Frames as pzstd writes them for a large input, each after a skippable
// frame giving its size; skippable frames anywhere; lz4 frames one after
// the other.
func TestFramesAndSkippableFrames(t *testing.T) {
	a := []byte("[Event \"a\"]\n[Result \"*\"]\n\n1. 32-28 *\n\n")
	b := []byte("[Event \"b\"]\n[Result \"*\"]\n\n1. 33-28 *\n")
	enc, _ := zstd.NewWriter(nil)
	fa, fb := enc.EncodeAll(a, nil), enc.EncodeAll(b, nil)
	size := func(f []byte) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(len(f))) }
	var data []byte
	data = append(data, skippable(0, size(fa))...)
	data = append(data, fa...)
	data = append(data, skippable(0, size(fb))...)
	data = append(data, fb...)
	data = append(data, skippable(0xF, []byte("trailing metadata"))...)
	if games := readBytes(t, data); len(games) != 2 || games[0].Event() != "a" || games[1].Event() != "b" {
		t.Errorf("pzstd frames: %d games", len(games))
	}
	// Several skippable frames before the first frame.
	data = append(append(skippable(3, []byte("x")), skippable(5, nil)...), fa...)
	if games := readBytes(t, data); len(games) != 1 || games[0].Event() != "a" {
		t.Errorf("two skippable frames first: %d games", len(games))
	}
	// lz4: two frames, a skippable frame before them.
	var lz bytes.Buffer
	lz.Write(skippable(0, []byte("meta")))
	for _, part := range [][]byte{a, b} {
		w := lz4.NewWriter(&lz)
		w.Write(part)
		w.Close()
	}
	if games := readBytes(t, lz.Bytes()); len(games) != 2 || games[1].Event() != "b" {
		t.Errorf("lz4 frames: %d games", len(games))
	}
	// A skippable frame alone, or cut, is read as text: no panic.
	for _, d := range [][]byte{skippable(0, nil), skippable(0, []byte("abc"))[:9], {0x50, 0x2A, 0x4D, 0x18, 0xFF, 0xFF, 0xFF, 0x7F}} {
		rc, err := Decompress(io.NopCloser(bytes.NewReader(d)))
		if err == nil {
			io.ReadAll(rc)
			rc.Close()
		}
	}
}

// A zip archive is walked like a folder: its members that are archives,
// in lexical order, compressed ones decompressed, hidden ones and
// __MACOSX left out; whether it is an argument, found in a folder, or
// named otherwise.
func TestZip(t *testing.T) {
	zipPath := filepath.Join(testdata, "compressed", "archive.zip")
	want := []string{zipPath + "/a.pdn", zipPath + "/sub/b.pdn.gz", zipPath + "/sub/c.txt"}
	got, err := Walk([]string{zipPath})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "zip members", got, want)
	var events []string
	for _, name := range got {
		err := ReadFile(name, func(g *pdn.Game, err error) error {
			events = append(events, g.Event())
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	eq(t, "events", events, []string{"zip a", "zip b", "zip c"})

	// In a folder, with another file.
	dir := t.TempDir()
	data, _ := os.ReadFile(zipPath)
	os.WriteFile(filepath.Join(dir, "games.ZIP"), data, 0o644)
	os.WriteFile(filepath.Join(dir, "plain.pdn"), []byte("[Event \"plain\"]\n*\n"), 0o644)
	got, _ = Walk([]string{dir})
	eq(t, "folder", got, []string{filepath.Join(dir, "games.ZIP") + "/a.pdn", filepath.Join(dir, "games.ZIP") + "/sub/b.pdn.gz",
		filepath.Join(dir, "games.ZIP") + "/sub/c.txt", filepath.Join(dir, "plain.pdn")})
	// Named otherwise, given as an argument: found by its first bytes.
	other := filepath.Join(dir, "games.dat")
	os.WriteFile(other, data, 0o644)
	if got, _ := Walk([]string{other}); len(got) != 3 || got[0] != other+"/a.pdn" {
		t.Errorf("zip named otherwise: %q", got)
	}
	srcs, _ := WalkSources([]string{zipPath})
	if srcs[0].Size <= 0 {
		t.Errorf("member size %d", srcs[0].Size)
	}

	// Errors: a missing member, a broken archive, an archive on standard
	// input.
	if _, err := Open(zipPath + "/missing.pdn"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing member: %v", err)
	}
	broken := filepath.Join(dir, "broken.zip")
	os.WriteFile(broken, data[:len(data)/2], 0o644)
	if _, err := Walk([]string{broken}); err == nil || !strings.Contains(err.Error(), "broken.zip") {
		t.Errorf("broken zip: %v", err)
	}
	if _, err := Decompress(io.NopCloser(bytes.NewReader(data))); !errors.Is(err, errZipStream) {
		t.Errorf("zip stream: %v", err)
	}
}

// Issue 29, item 8: a member whose path climbs out with ".." is read (it
// was taken for a hidden name and skipped silently), a zip inside a zip
// is an input error (ErrNestedZip), not skipped silently, and every
// member of a large archive is found by name (an index, not a scan per
// member).
func TestZipDotDotAndNested(t *testing.T) {
	dir := t.TempDir()
	game := "[GameType \"25\"]\n\n1. c3-d4 f6-g5 *\n\n"
	var inner bytes.Buffer
	iw := zip.NewWriter(&inner)
	w, _ := iw.Create("inner.pdn")
	io.WriteString(w, game)
	iw.Close()
	path := filepath.Join(dir, "a.zip")
	f, _ := os.Create(path)
	zw := zip.NewWriter(f)
	// Files where the members' names lead when cleaned against the
	// disk: never read (issue 44, item 1).
	for _, name := range []string{"up.pdn", "up2.pdn", "abs.pdn"} {
		os.WriteFile(filepath.Join(dir, name), []byte("[Event \"DISK\"]\n"+game), 0o644)
	}
	for _, name := range []string{"ok.pdn", "../up.pdn", "sub/../../up2.pdn", ".hidden.pdn", "inner.zip", "/abs.pdn"} {
		w, _ := zw.Create(name)
		if name == "inner.zip" {
			w.Write(inner.Bytes())
		} else {
			io.WriteString(w, game)
		}
	}
	zw.Close()
	f.Close()
	srcs := WalkAll([]string{path})
	var read []string
	nested := 0
	for _, s := range srcs {
		switch {
		case s.Err != nil:
			if !errors.Is(s.Err, ErrNestedZip) || s.Name != path+"/inner.zip" {
				t.Errorf("%s: %v", s.Name, s.Err)
			}
			nested++
		case s.Skip == "":
			rc, err := OpenFile(s.Name)
			if err != nil {
				t.Errorf("open %s: %v", s.Name, err)
				continue
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			if string(b) != game {
				t.Errorf("%s holds %q", s.Name, b)
			}
			member := strings.TrimPrefix(s.Name, path+"/")
			if s.Archive != path || s.Member != member {
				t.Errorf("%s: Archive %q, Member %q", s.Name, s.Archive, s.Member)
			}
			if rc, err := OpenMember(s.Archive, s.Member); err != nil {
				t.Errorf("OpenMember %s: %v", s.Name, err)
			} else {
				b, _ := io.ReadAll(rc)
				rc.Close()
				if string(b) != game {
					t.Errorf("OpenMember %s holds %q", s.Name, b)
				}
			}
			read = append(read, member)
		}
	}
	if want := []string{"../up.pdn", "/abs.pdn", "ok.pdn", "sub/../../up2.pdn"}; strings.Join(read, " ") != strings.Join(want, " ") || nested != 1 {
		t.Errorf("read %q and %d nested, want %q and 1", read, nested, want)
	}
}

// BenchmarkZipMembers opens every member of an archive of 20,000, as a
// walk of it reads them: linear in the members (was quadratic).
func BenchmarkZipMembers(b *testing.B) {
	path := filepath.Join(b.TempDir(), "many.zip")
	f, _ := os.Create(path)
	zw := zip.NewWriter(f)
	const n = 20000
	for i := range n {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("g%05d.pdn", i), Method: zip.Store})
		io.WriteString(w, "1. c3-d4 *\n")
	}
	zw.Close()
	f.Close()
	srcs := WalkAll([]string{path})
	b.ResetTimer()
	for range b.N {
		for _, s := range srcs {
			rc, err := OpenFile(s.Name)
			if err != nil {
				b.Fatal(err)
			}
			rc.Close()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/member")
}
