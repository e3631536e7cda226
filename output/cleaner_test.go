package output

import (
	"context"
	"strings"
	"testing"

	"github.com/damka/damka/dupes"
	"github.com/damka/damka/pipeline"
)

// The Cleaner as a sink of a run: games that replay go to the archive,
// once a group of duplicates with dropDuplicates, and the game with an
// illegal move (R-MAN-1: a man moves one square diagonally forward) to the rejects,
// preceded by its findings.
func TestCleanerSink(t *testing.T) {
	const games = `[Event "a"]
[GameType "25"]
1. c3-d4 f6-g5 *

[Event "a"]
[GameType "25"]
1. c3-d4 f6-g5 *

[Event "bad"]
[GameType "25"]
1. c3-c5 *
`
	for _, drop := range []bool{false, true} {
		var out, rej strings.Builder
		c, err := NewCleaner(CleanOptions{}, drop, dupes.Exact)
		if err != nil {
			t.Fatal(err)
		}
		c.Out, c.Rejects = &out, &rej
		in := pipeline.OpenInputs(nil, pipeline.InputOptions{NoArgs: pipeline.ReadStdin, Stdin: strings.NewReader(games)})
		counts, err := pipeline.Run(context.Background(), in, pipeline.Options{Reuse: true, Jobs: 2}, c.Add)
		if err == nil {
			err = c.Close()
		}
		c.Release()
		if err != nil {
			t.Fatal(err)
		}
		wantWritten, wantDropped := 2, 0
		if drop {
			wantWritten, wantDropped = 1, 1
		}
		if counts.Games != 3 || c.Written != wantWritten || c.Dropped != wantDropped || c.Rejected != 1 {
			t.Errorf("drop %v: %d games: written %d, dropped %d, rejected %d", drop, counts.Games, c.Written, c.Dropped, c.Rejected)
		}
		if n := strings.Count(out.String(), "c3-d4"); n != wantWritten {
			t.Errorf("drop %v: %d games in the archive:\n%s", drop, n, out.String())
		}
		if !strings.HasPrefix(rej.String(), "% ") || !strings.Contains(rej.String(), "c3-c5") || !strings.Contains(rej.String(), "illegal_move") {
			t.Errorf("drop %v: rejects:\n%s", drop, rej.String())
		}
	}
}
