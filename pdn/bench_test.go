package pdn

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/internal/cputime"
)

// benchArchive concatenates the PDN files of the corpus (not the JSON
// ones) until the archive is at least size bytes.
func benchArchive(tb testing.TB, size int) []byte {
	tb.Helper()
	dir := corpusDir(tb)
	var files [][]byte
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".pdn") || strings.HasSuffix(p, ".txt")) {
			b, err := os.ReadFile(p)
			if err == nil {
				files = append(files, b)
			}
		}
		return nil
	})
	var buf bytes.Buffer
	buf.Grow(size + 1<<20)
	for buf.Len() < size {
		for _, f := range files {
			buf.Write(f)
			buf.WriteString("\n\n")
		}
	}
	return buf.Bytes()
}

// BenchmarkReader measures reading throughput on the corpus PDN files
// concatenated to about 32 MB: MB/s (b.SetBytes), games/s, and MB per
// second of CPU time used by the whole process (cpu-MB/s: what one core
// does, garbage collection included, whatever else runs on the machine).
func BenchmarkReader(b *testing.B) {
	benchReader(b, false)
}

// BenchmarkReaderReuse is BenchmarkReader with Reader.ReuseGame set.
func BenchmarkReaderReuse(b *testing.B) {
	benchReader(b, true)
}

func benchReader(b *testing.B, reuse bool) {
	data := benchArchive(b, 32<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.Used()
	games := 0
	for i := 0; i < b.N; i++ {
		r := NewReader(bytes.NewReader(data), "bench")
		r.ReuseGame = reuse
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			games++
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	if cpu := cputime.Used() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(data))*float64(b.N)/1e6/cpu.Seconds(), "cpu-MB/s")
	}
}

// BenchmarkReaderRaw is BenchmarkReader with the games cut by NextRaw
// into a pool of 256 RawGames and built (RawGame.Build) into a pool of
// 256 games, as damka check reads: /cut only cuts, the part a reader must
// do in order (the games are not built), /build cuts and builds (what
// BenchmarkReaderInto measured with NextInto, before ReuseGame became
// the one reuse switch).
func BenchmarkReaderRaw(b *testing.B) {
	for _, build := range []bool{false, true} {
		name := "cut"
		if build {
			name = "build"
		}
		b.Run(name, func(b *testing.B) {
			data := benchArchive(b, 32<<20)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu0 := cputime.Used()
			games := 0
			var raws [256]*RawGame
			var pool [256]*Game
			for b.Loop() {
				r := NewReader(bytes.NewReader(data), "bench")
				for {
					k := games % len(pool)
					c, err := r.NextRaw(raws[k])
					if err == io.EOF {
						break
					}
					raws[k] = c
					if build {
						pool[k], _ = c.Build(pool[k])
					}
					games++
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			if cpu := cputime.Used() - cpu0; cpu > 0 {
				b.ReportMetric(float64(len(data))*float64(b.N)/1e6/cpu.Seconds(), "cpu-MB/s")
			}
		})
	}
}
