package damkabeam

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/internal/rowset"
)

// TestZipMembersStayInside: a zip member is read inside its archive,
// whatever its name holds: a member whose name climbs out with ".." to
// a file on disk, or to a file beside the archive, and a member with an
// absolute name are each read from the archive, as damka reads them, and
// no file on disk reaches the datasets (issue 44, item 1: the worker
// opened the path its name cleaned to).
func TestZipMembersStayInside(t *testing.T) {
	dir := t.TempDir()
	game := func(event string) string {
		return "[Event \"" + event + "\"]\n[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n"
	}
	secret := filepath.Join(dir, "secret", "notes.txt")
	for path, event := range map[string]string{secret: "DISK secret", filepath.Join(dir, "beside.pdn"): "DISK beside"} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(game(event)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archive := filepath.Join(dir, "x.zip")
	members := map[string]string{
		strings.Repeat("../", 30) + strings.TrimPrefix(secret, "/"): "member climbing to a file on disk",
		"ok/../../beside.pdn": "member climbing beside the archive",
		"/abs.pdn":            "member with an absolute name",
	}
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, event := range members {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(game(event))); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(dir, "beam")
	runBeam(t, Options{Inputs: []string{archive}, Out: out, Tables: []string{"games"}})
	runDamka(t, "export", "-q", "-o", filepath.Join(dir, "damka"), archive)
	sameRows(t, "games", filepath.Join(dir, "damka", "games.parquet"), filepath.Join(out, "games"), nil)

	o := rowset.Options{Partitions: true}
	rows, err := rowset.Read(filepath.Join(out, "games"), o)
	if err != nil {
		t.Fatal(err)
	}
	var digests []rowset.Digest
	for d := range rows {
		digests = append(digests, d)
	}
	var all strings.Builder
	for _, text := range rowset.Texts(filepath.Join(out, "games"), o, digests) {
		all.WriteString(text + "\n")
	}
	if strings.Contains(all.String(), "DISK") {
		t.Errorf("a file on disk was read through a member's name:\n%s", all.String())
	}
	for _, event := range members {
		if !strings.Contains(all.String(), event) {
			t.Errorf("the member %q was not read:\n%s", event, all.String())
		}
	}
}
