package export

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"testing"

	"github.com/damka/damka/validate"
)

// fullDisk takes room bytes, then fails as a full file system does.
type fullDisk struct{ room int }

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) > d.room {
		n := d.room
		d.room = 0
		return n, &fs.PathError{Op: "write", Path: "ds/moves.parquet", Err: syscall.ENOSPC}
	}
	d.room -= len(p)
	return len(p), nil
}

// A full disk is reported as the file system says it, not as the
// Parquet writer's recovered panic ("unknown error type: write ...",
// issue 29, item 9), and errors.Is finds ENOSPC under it, in every format
// whether the disk fills at the first bytes or in the middle of a column.
func TestDiskFull(t *testing.T) {
	// Enough rows that a column chunk outgrows a page (1 MiB), so that
	// the Parquet writer writes while it encodes: there it recovers the
	// write's error from a panic.
	var reports []*validate.Report
	for range 16 {
		reports = append(reports, readReports(t, corpusFiles...)...)
	}
	// A small buffer (as a partition's), so that the column writers
	// write to the file while they encode.
	small := Option(func(c *config) { c.bufSize = 4096 })
	for _, f := range []Format{Parquet, ArrowFile} {
		for _, room := range []int{0, 4096, 500_000} {
			w, err := NewMovesWriter(&fullDisk{room: room}, f, testMeta, small)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range reports {
				if err = w.Add(r, nil); err != nil {
					break
				}
			}
			if cerr := w.Close(); err == nil {
				err = cerr
			}
			if err == nil {
				t.Errorf("%v, room %d: no error", f, room)
				continue
			}
			if !errors.Is(err, syscall.ENOSPC) || strings.Contains(err.Error(), "unknown error type") ||
				err.Error() != "write ds/moves.parquet: no space left on device" {
				t.Errorf("%v, room %d: %q", f, room, err)
			}
		}
	}
}
