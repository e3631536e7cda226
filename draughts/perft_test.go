package draughts

import (
	"flag"
	"testing"
)

var long = flag.Bool("long", false, "run perft to depth 12 from the start position")

// Published perft counts of Russian draughts from the start position: the
// "Kallisto" (every capture sequence) and "Avrora" (one per resulting
// position) columns of the table in the perft test of the shashki engine
// behind kvetka.org, quoted in the issue.
var (
	perftSequences = []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628, 110961169, 545059387}
	perftResults   = []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444}
)

func TestPerftStart(t *testing.T) {
	maxDepth := 9
	if *long {
		maxDepth = 12
	} else if testing.Short() {
		maxDepth = 7
	}
	p := Start(Russian)
	for d := 1; d <= maxDepth; d++ {
		if got, want := Russian.Perft(&p, d, CountSequences), perftSequences[d-1]; got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
		if got, want := Russian.Perft(&p, d, CountResults), perftResults[d-1]; got != want {
			t.Errorf("dedup perft(%d) = %d, want %d", d, got, want)
		}
	}
}

// TestPerftGenerator checks perftGenerator, the measure of perft counted
// through the generator alone (BenchmarkPerft9Generator), against the
// published counts.
func TestPerftGenerator(t *testing.T) {
	p := Start(Russian)
	bufs := make([][]Move, 8)
	for d := 1; d <= 7; d++ {
		if got, want := perftGenerator(Russian, p, d, bufs), perftSequences[d-1]; got != want {
			t.Errorf("perft(%d) through the generator = %d, want %d", d, got, want)
		}
	}
}
