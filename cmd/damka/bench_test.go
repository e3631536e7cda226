package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var validateOptionsZero, _ = validateOptions("")

// largeArchive writes the 309 games of the test archives (Russian corpus
// and oracle) n times into one file and returns its name and size.
func largeArchive(b *testing.B, n int) (string, int64) {
	b.Helper()
	var one bytes.Buffer
	for _, f := range []string{"../../testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn", "../../testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn", "../../testdata/oracle/games.pdn"} {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		one.Write(data)
		one.WriteString("\n\n")
	}
	name := filepath.Join(b.TempDir(), "large.pdn")
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	for range n {
		f.Write(one.Bytes())
	}
	f.Close()
	return name, int64(one.Len() * n)
}

// BenchmarkCheck runs damka check on a large archive with 1 and 2 workers
// and reports games/s and plies/s: the throughput of the whole command
// (reading, replay, report), and its speed-up with -j.
func BenchmarkCheck(b *testing.B) {
	b.ReportAllocs()
	name, size := largeArchive(b, 40)
	for _, jobs := range []int{1, 2} {
		b.Run("j"+strconv.Itoa(jobs), func(b *testing.B) {
			b.SetBytes(size)
			var t *tally
			for i := 0; i < b.N; i++ {
				io := &streams{In: bytes.NewReader(nil), Out: io.Discard, Err: io.Discard}
				t = newTally()
				err := forEachGame(context.Background(), io, []string{name}, jobs, true, validateOptionsZero, t, func(c checked) error {
					writeFindings(io.Out, c.report)
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(t.games*b.N)/sec, "games/s")
			b.ReportMetric(float64(t.plies*b.N)/sec, "plies/s")
		})
	}
}
