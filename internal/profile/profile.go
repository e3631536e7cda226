// Package profile writes the profiles of a run of damka, for go tool
// pprof: the hidden --cpuprofile and --memprofile flags with which damka
// is measured (make bench, docs/performance.md).
package profile

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// Profiles are the files to write: a CPU profile of the whole command,
// and an allocation profile at its end; "" for none.
type Profiles struct {
	CPU, Mem string
	cpu      *os.File // the CPU profile being written
}

// Start starts the CPU profile.
func (p *Profiles) Start() error {
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
