package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/damka/damka/dupes"
	"github.com/damka/damka/internal/cputime"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/report"
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
// (reading, replay, report: batches of games read and replayed into the
// memory of the batches before, as check runs), and its speed-up with -j;
// cpu-s/s is the CPU time the process used per second, the cores it kept
// busy.
func BenchmarkCheck(b *testing.B) {
	b.ReportAllocs()
	name, size := largeArchive(b, 40)
	for _, jobs := range []int{1, 2} {
		b.Run("j"+strconv.Itoa(jobs), func(b *testing.B) {
			b.SetBytes(size)
			var t *tally
			cpu0 := cputime.Used()
			for i := 0; i < b.N; i++ {
				io := &streams{In: bytes.NewReader(nil), Out: io.Discard, Err: io.Discard}
				t = newTally()
				r := runner{io: io, args: []string{name}, quiet: true, tally: t}
				err := r.run(context.Background(), pipeline.Options{Validate: validateOptionsZero, Jobs: jobs, Reuse: true}, func(res *pipeline.Result) error {
					report.WriteFindings(io.Out, res.Report)
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(t.Games*b.N)/sec, "games/s")
			b.ReportMetric(float64(t.Plies*b.N)/sec, "plies/s")
			if cpu := cputime.Used() - cpu0; cpu > 0 {
				b.ReportMetric(cpu.Seconds()/sec, "cpu-s/s")
			}
		})
	}
}

// benchCorpus is the corpus the select and dupes benchmarks read:
// testdata/corpus, or $DAMKA_CORPUS.
func benchCorpus() string {
	if dir := os.Getenv("DAMKA_CORPUS"); dir != "" {
		return dir
	}
	return "../../testdata/corpus"
}

// heapNow is the live heap after a collection.
func heapNow() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkSelect runs damka select over the corpus with two criteria:
// two on the record (a tag and the length: no replay), and a tag with a
// material test (every game that passes the tag is replayed).
func BenchmarkSelect(b *testing.B) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"tag+plies", []string{"--tag", "Event~чемпионат", "--min-plies", "60"}},
		{"tag+material", []string{"--tag", "Event~чемпионат", "--material", "W:1K+,0M+ B:1K+,0M+"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				io := &streams{In: bytes.NewReader(nil), Out: io.Discard, Err: io.Discard}
				root := newRootCommand(io)
				root.SetArgs(append([]string{"select", "-q", benchCorpus(), "--ids", "-"}, c.args...))
				if err := root.Execute(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "runs/s")
		})
	}
}

// BenchmarkDupes runs damka dupes over the corpus repeated 50 times (each
// game a duplicate 49 times over) for each kind, and reports games/s and
// the heap the finder holds at the end, per game added.
func BenchmarkDupes(b *testing.B) {
	args := make([]string, 50)
	for i := range args {
		args[i] = benchCorpus()
	}
	for _, kind := range []dupes.Kind{dupes.Exact, dupes.Moves, dupes.Prefix, dupes.Players} {
		b.Run(kind.String(), func(b *testing.B) {
			b.ReportAllocs()
			var games int
			var held uint64
			for i := 0; i < b.N; i++ {
				io := &streams{In: bytes.NewReader(nil), Out: io.Discard, Err: io.Discard}
				before := heapNow()
				d, err := findDupes(context.Background(), io, args, kind, validateOptionsZero, 0, true)
				if err != nil {
					b.Fatal(err)
				}
				held = heapNow() - before
				games = d.tally.Games
				runtime.KeepAlive(d)
			}
			b.ReportMetric(float64(games*b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(held)/float64(games), "heap-B/game")
		})
	}
}
