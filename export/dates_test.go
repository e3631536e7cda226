package export

import (
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/filter"
	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
)

// Every Date and UTCDate value of the corpus gets one year, whichever
// path reads it (issue 28: export's year and select's --from/--to read
// dates apart and disagreed on "2004.10.27 - 2004.11.01", 43 of the
// 40Camp file's 45 games going to the unknown year's partition): the year
// of the dataset is Y exactly when select --from Y --to Y takes the date.
func TestDatesAgreeWithSelect(t *testing.T) {
	values := map[string]bool{}
	camp := 0
	filepath.WalkDir(testdata+"corpus", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		input.ReadFile(path, func(g *pdn.Game, _ error) error {
			if g == nil {
				return nil
			}
			values[g.Date()] = true
			if v, ok := g.Tag("UTCDate"); ok {
				values[v] = true
			}
			if strings.HasSuffix(path, "40Camp.DamaInternazionaleAssoluto.pdn") {
				if y := gameYear(g); y == 2004 {
					camp++
				}
			}
			return nil
		})
		return nil
	})
	if len(values) < 100 {
		t.Fatalf("only %d date values in the corpus", len(values))
	}
	for v := range values {
		year, _, _ := ParseDate(v)
		span, known := filter.ParseDate(v)
		if !known {
			if year != 0 {
				t.Errorf("%q: year %d, but select reads no date", v, year)
			}
			continue
		}
		for y := span.First / 10000; y <= span.Last/10000; y++ {
			bound, _ := filter.ParseDate(strconv.Itoa(y))
			if in := span.Within(bound, bound); in != (y == year) {
				t.Errorf("%q: dataset year %d, select --from %d --to %d takes it: %v", v, year, y, y, in)
			}
		}
	}
	if camp != 45 {
		t.Errorf("40Camp: %d games of year 2004, want 45", camp)
	}
}
