package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// Hidden flags for measuring damka itself (make bench, the README's
// Performance section): --cpuprofile FILE writes a CPU profile of the
// command, --memprofile FILE a heap profile (allocations) at its end, for
// go tool pprof.
var cpuProfile, memProfile string

// profiling is the CPU profile being written, stopped by stopProfiles.
var profiling *os.File

func addProfileFlags(root *cobra.Command) {
	fs := root.PersistentFlags()
	fs.StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&memProfile, "memprofile", "", "write an allocation profile to this file at the end")
	fs.MarkHidden("cpuprofile")
	fs.MarkHidden("memprofile")
}

// startProfiles starts the CPU profile of --cpuprofile.
func startProfiles() error {
	if cpuProfile == "" {
		return nil
	}
	f, err := os.Create(cpuProfile)
	if err != nil {
		return &exitError{code: exitInput, err: fmt.Errorf("--cpuprofile: %w", err)}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return &exitError{code: exitInput, err: fmt.Errorf("--cpuprofile: %w", err)}
	}
	profiling = f
	return nil
}

// stopProfiles ends the CPU profile and writes the heap profile, when
// asked for.
func stopProfiles(io *streams) {
	if profiling != nil {
		pprof.StopCPUProfile()
		profiling.Close()
		profiling = nil
	}
	if memProfile == "" {
		return
	}
	f, err := os.Create(memProfile)
	if err == nil {
		runtime.GC()
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(io.Err, "damka: --memprofile:", err)
	}
	memProfile = ""
}
