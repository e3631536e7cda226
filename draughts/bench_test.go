package draughts

import "testing"

func benchPerft(b *testing.B, depth int, bulk bool) {
	benchPerftCounting(b, depth, bulk, CountSequences)
}

func benchPerftCounting(b *testing.B, depth int, bulk bool, c Counting) {
	b.ReportAllocs()
	p := Start(Russian)
	var n uint64
	for i := 0; i < b.N; i++ {
		if bulk {
			n = Russian.Perft(&p, depth, c)
		} else {
			n = Russian.PerftNoBulk(&p, depth, c)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkPerft9 counts the leaves in bulk (quiet moves by population
// count at depth 1).
func BenchmarkPerft9(b *testing.B) { benchPerft(b, 9, true) }

// BenchmarkPerft9Dedup is BenchmarkPerft9 in the other published
// convention (--dedup): moves leading to the same position count once.
func BenchmarkPerft9Dedup(b *testing.B) { benchPerftCounting(b, 9, true, CountResults) }

// BenchmarkPerft9NoBulk makes and visits every leaf.
func BenchmarkPerft9NoBulk(b *testing.B) { benchPerft(b, 9, false) }

// BenchmarkPerft9Generator is perft counted through the generator alone
// (perftGenerator): the other choice of issue 47, one capture engine
// with no bulk counting, measured against BenchmarkPerft9 (see
// docs/performance.md, "perft").
func BenchmarkPerft9Generator(b *testing.B) {
	p := Start(Russian)
	bufs := make([][]Move, 10)
	var n uint64
	for i := 0; i < b.N; i++ {
		n = perftGenerator(Russian, p, 9, bufs)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// perftGenerator counts the leaves of p to depth plies as Moves lists
// them: every node's moves listed, the leaves' parents counting theirs.
func perftGenerator(v Variant, p Position, depth int, bufs [][]Move) uint64 {
	ms := CountSequences.Distinct(v.Moves(&p, bufs[depth][:0]))
	bufs[depth] = ms
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for i := range ms {
		q := p
		q.makeNoHash(&ms[i])
		n += perftGenerator(v, q, depth-1, bufs)
	}
	return n
}

// BenchmarkPerft11 is the yardstick: perft(11) from the start
// position, 110,961,169 nodes, on one core. Run with -benchtime 1x.
func BenchmarkPerft11(b *testing.B) { benchPerft(b, 11, true) }

// BenchmarkPerft11Dedup is BenchmarkPerft11 with --dedup's counting
// (110,917,189 nodes).
func BenchmarkPerft11Dedup(b *testing.B) { benchPerftCounting(b, 11, true, CountResults) }

// positions returns a spread of positions from random games.
func benchPositions(b testing.TB) []Position {
	var out []Position
	var seed uint64 = 42
	for len(out) < 2000 {
		p := Start(Russian)
		for ply := 0; ply < 80; ply++ {
			ms := Russian.Moves(&p, nil)
			if len(ms) == 0 {
				break
			}
			out = append(out, p)
			m := ms[splitmix64(&seed)%uint64(len(ms))]
			p.Make(&m)
		}
	}
	return out
}

// BenchmarkMoves measures legal move generation per position over
// positions of random games.
func BenchmarkMoves(b *testing.B) {
	b.ReportAllocs()
	ps := benchPositions(b)
	buf := make([]Move, 0, 128)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i%len(ps)]
		buf = Russian.Moves(p, buf[:0])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpos/s")
}

// BenchmarkCountMoves measures the counting of perft's leaves alone
// (countMoves: quiet moves and men's captures in bulk) over the positions
// of BenchmarkMoves.
func BenchmarkCountMoves(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]Move, 0, 128)
	v := Russian.spec()
	b.ResetTimer()
	var n int
	for i := 0; i < b.N; i++ {
		n += v.countMoves(&ps[i%len(ps)], CountSequences, buf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpos/s")
	_ = n
}

// BenchmarkMakeCopy measures copy-make: copying the 32-byte position and
// playing a move on the copy.
func BenchmarkMakeCopy(b *testing.B) {
	b.ReportAllocs()
	ps := benchPositions(b)
	type pm struct {
		p Position
		m Move
	}
	var pms []pm
	for _, p := range ps {
		if ms := Russian.Moves(&p, nil); len(ms) > 0 {
			pms = append(pms, pm{p, ms[0]})
		}
	}
	b.ResetTimer()
	var sink uint64
	for i := 0; i < b.N; i++ {
		x := &pms[i%len(pms)]
		q := x.p
		q.Make(&x.m)
		sink ^= q.hash
	}
	_ = sink
}

// BenchmarkPerftVariants runs perft from the start position of every
// variant, with bulk counting: depth 9 on 8x8, 8 on 10x10, 6 in Turkish.
func BenchmarkPerftVariants(b *testing.B) {
	for _, v := range Variants() {
		b.Run(v.Name(), func(b *testing.B) {
			depth := 9
			switch {
			case v.Geometry() == Board10x10():
				depth = 8
			case v == Turkish:
				depth = 6 // counted by the generator, a leaf at a time
			}
			p := Start(v)
			var n uint64
			for i := 0; i < b.N; i++ {
				n = v.Perft(&p, depth, CountSequences)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkPerftInternational9 is the yardstick on 10x10:
// perft(9) from the International start, 41,022,614 nodes. Run with
// -benchtime 1x.
func BenchmarkPerftInternational9(b *testing.B) {
	p := Start(International)
	var n uint64
	for i := 0; i < b.N; i++ {
		n = International.Perft(&p, 9, CountSequences)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
