// Package profile writes the profiles of a run of damka, for go tool
// pprof: the hidden --cpuprofile and --memprofile flags with which damka
// is measured (make bench, docs/performance.md), and --trace, an
// execution trace for go tool trace (what each goroutine did when: the
// workers, the reader's lock, the collector).
package profile

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
)

// Profiles are the files to write: a CPU profile of the whole command,
// an execution trace of it, and an allocation profile at its end; ""
// for none.
type Profiles struct {
	CPU, Mem, Trace string
	cpu, trace      *os.File // the CPU profile and the trace being written
}

// Start starts the CPU profile and the trace.
func (p *Profiles) Start() error {
	if p.Trace != "" {
		f, err := os.Create(p.Trace)
		if err != nil {
			return fmt.Errorf("--trace: %w", err)
		}
		if err := trace.Start(f); err != nil {
			f.Close()
			return fmt.Errorf("--trace: %w", err)
		}
		p.trace = f
	}
	if p.CPU == "" {
		return nil
	}
	f, err := os.Create(p.CPU)
	if err != nil {
		return fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("--cpuprofile: %w", err)
	}
	p.cpu = f
	return nil
}

// Stop stops the CPU profile and writes the allocation profile. It may be
// called more than once (and without Start): it writes them once.
func (p *Profiles) Stop() error {
	if p.trace != nil {
		trace.Stop()
		p.trace.Close()
		p.trace = nil
	}
	if p.cpu != nil {
		pprof.StopCPUProfile()
		p.cpu.Close()
		p.cpu = nil
	}
	if p.Mem == "" {
		return nil
	}
	f, err := os.Create(p.Mem)
	if err == nil {
		runtime.GC()
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	p.Mem = ""
	if err != nil {
		return fmt.Errorf("--memprofile: %w", err)
	}
	return nil
}
