package damkabeam

import (
	"context"
	"fmt"
)

// The memory of a run on Prism in one process. Prism keeps every element
// of every collection in memory until the run ends, so a run's peak grows
// with its archive, a little faster than the archive (its buffers grow by
// doubling); a cluster's runner (Flink, Spark, Dataflow) spills to disk
// and spreads over its workers. Measured with damka-beam on random
// archives of 49-ply games (make random-archive; 523 bytes of PDN a
// game), peak RSS:
//
//	games    PDN      --depth 0   --depth 1   --depth 3
//	10,000   5.2 MB   0.70 GB     1.25 GB     1.55 GB
//	30,000   15.7 MB  1.92 GB     2.78 GB
//	100,000  52.4 MB  7.54 GB     11.48 GB    14.13 GB
//
// PeakMemory covers these: 150 bytes of memory a byte of PDN over a base
// of 0.125 GiB without analysis, 270 over 0.5 GiB with it (longer lines
// at a greater depth make the analyses larger: 1.23 to 1.24 times the
// memory at depth 3 as at depth 1).
const (
	memoryBase            = 128 << 20
	memoryPerByte         = 150
	memoryBaseAnalysed    = 512 << 20
	memoryPerByteAnalysed = 270
)

// PeakMemory estimates the peak memory, in bytes, of a run on Prism in
// this process over inputs of inputBytes bytes as stored (compressed
// inputs are larger once read: the estimate is low for them).
func PeakMemory(inputBytes int64, depth int) uint64 {
	base, per := uint64(memoryBase), uint64(memoryPerByte)
	if depth > 0 {
		base, per = memoryBaseAnalysed, memoryPerByteAnalysed
	}
	return base + uint64(max(inputBytes, 0))*per
}

// InputBytes is the size of the inputs as stored, listed as Build lists
// them.
func InputBytes(ctx context.Context, inputs []string) int64 {
	_, _, size := expandInputs(ctx, inputs)
	return size
}

// CheckMemory is the error of a run whose estimated peak (need) exceeds
// the memory available (avail), or nil.
func CheckMemory(need, avail uint64, inputBytes int64, depth int) error {
	if need <= avail {
		return nil
	}
	return fmt.Errorf("this run needs about %s of memory on Prism in this process (%s of input at --depth %d; Prism keeps every element in memory), more than the %s available: run it on a cluster's runner (--runner flink, spark, dataflow), split the inputs into runs, or give --memory-check=false to run anyway",
		gib(need), mb(uint64(inputBytes)), depth, gib(avail))
}

func gib(n uint64) string { return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30)) }
func mb(n uint64) string  { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
