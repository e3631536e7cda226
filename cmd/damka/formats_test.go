package main

import (
	"os"
	"strings"
	"testing"
)

// Inputs in every format: a folder with gzip, bzip2, xz, zstd, pzstd,
// lz4 files and a zip archive (walked like a folder); pzstd and lz4 on
// standard input; a zip archive on standard input is refused, clearly.
func TestInputFormats(t *testing.T) {
	dir := "../../testdata/pdn/compressed"
	out, _, code := run(t, "", "select", "-q", dir, "--json")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"small_pzstd.pdn.zst", "small.pdn.lz4", "archive.zip/a.pdn", "archive.zip/sub/b.pdn.gz", "archive.zip/sub/c.txt"} {
		if !strings.Contains(out, `"file":"`+dir+"/"+want+`"`) {
			t.Errorf("no game from %s", want)
		}
	}
	if n := strings.Count(out, "\n"); n != 17 {
		t.Errorf("%d games, want 17", n)
	}
	for _, f := range []string{"small_pzstd.pdn.zst", "small.pdn.lz4"} {
		data, _ := os.ReadFile(dir + "/" + f)
		_, errOut, code := run(t, string(data), "select", "-q", "-", "--ids", "-")
		if code != exitOK || !strings.Contains(errOut, "2 games read") {
			t.Errorf("%s on stdin: exit %d %q", f, code, errOut)
		}
	}
	data, _ := os.ReadFile(dir + "/archive.zip")
	_, errOut, code := run(t, string(data), "check", "-q", "-")
	if code != exitInput || !strings.Contains(errOut, "zip archive") {
		t.Errorf("zip on stdin: exit %d %q", code, errOut)
	}
}
