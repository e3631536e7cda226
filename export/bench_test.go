package export

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/damka/damka/internal/cputime"
	"github.com/damka/damka/openings"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// The large archive of the benchmarks: 20,000 random games (about a
// million plies; see randomArchive), made once.
var (
	largeOnce    sync.Once
	largeText    string
	largeReports []*validate.Report
)

func largeArchive(b *testing.B) (string, []*validate.Report) {
	b.Helper()
	largeOnce.Do(func() {
		largeText = randomArchive(20000, 1)
		largeReports = randomReports(b, 20000, 1)
	})
	return largeText, largeReports
}

// BenchmarkStages splits the work of damka export on the large archive,
// each stage alone: reading (PDN parsing), replay, preparing the rows
// (PrepareGame, done on the workers by damka export), and writing the
// moves and games tables (to io.Discard; Add prepares, adds, and the
// writers encode columns on all cores). rows/s counts plies, so that the
// stages compare directly; cpu-ns/row is the CPU time of the process per
// ply, all goroutines and the garbage collector included. moves-append
// adds games prepared beforehand and reports append-ns/row, the time
// spent in AddPrepared less its waits for the encoders: the serial part
// of writing, on damka export's emit goroutine.
func BenchmarkStages(b *testing.B) {
	b.ReportAllocs()
	text, reports := largeArchive(b)
	plies := float64(countPlies(reports))
	var cpu0 time.Duration
	start := func(b *testing.B) {
		b.ResetTimer()
		cpu0 = cputime.Used()
	}
	rate := func(b *testing.B) {
		b.ReportMetric(plies*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		if cpu := cputime.Used() - cpu0; cpu > 0 {
			b.ReportMetric(float64(cpu.Nanoseconds())/(plies*float64(b.N)), "cpu-ns/row")
		}
	}
	b.Run("read", func(b *testing.B) {
		start(b)
		for range b.N {
			r := pdn.NewReader(strings.NewReader(text), "random.pdn")
			for {
				if _, err := r.Next(); err == io.EOF {
					break
				}
			}
		}
		rate(b)
	})
	b.Run("replay", func(b *testing.B) {
		start(b)
		for range b.N {
			for _, r := range reports {
				validate.Game(r.Game, validate.Options{})
			}
		}
		rate(b)
	})
	b.Run("prepare", func(b *testing.B) {
		start(b)
		for range b.N {
			for _, r := range reports {
				PrepareGame(r, nil)
			}
		}
		rate(b)
	})
	// The part of prepare that names the opening (games.opening_name).
	b.Run("opening-name", func(b *testing.B) {
		start(b)
		for range b.N {
			for _, r := range reports {
				openings.Name(r)
			}
		}
		rate(b)
	})
	b.Run("moves-append", func(b *testing.B) {
		prepared := make([]*Prepared, len(reports))
		for i, r := range reports {
			prepared[i] = PrepareGame(r, nil)
		}
		start(b)
		var adding, waited time.Duration
		for range b.N {
			w, err := NewMovesWriter(io.Discard, Parquet, Meta{})
			if err != nil {
				b.Fatal(err)
			}
			t0 := time.Now()
			for _, p := range prepared {
				if err := w.AddPrepared(p); err != nil {
					b.Fatal(err)
				}
			}
			adding += time.Since(t0)
			waited += w.Stats().Waited
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
		rate(b)
		b.ReportMetric(float64((adding-waited).Nanoseconds())/(plies*float64(b.N)), "append-ns/row")
	})
	for _, f := range []Format{Parquet, ArrowFile} {
		b.Run("moves-"+f.String(), func(b *testing.B) {
			start(b)
			for range b.N {
				w, err := NewMovesWriter(io.Discard, f, Meta{})
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range reports {
					if err := w.Add(r, nil); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
			rate(b)
		})
	}
	b.Run("games-parquet", func(b *testing.B) {
		start(b)
		for range b.N {
			w, err := NewGamesWriter(io.Discard, Parquet, Meta{})
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range reports {
				if err := w.Add(r, nil); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
		rate(b)
		b.ReportMetric(float64(len(reports))*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	})
}
