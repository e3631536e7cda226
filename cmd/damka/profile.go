package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/damka/damka/internal/profile"
)

// profiles are the hidden flags for measuring damka itself:
// --cpuprofile FILE writes a CPU profile of the command, --memprofile FILE
// an allocation profile at its end, --trace FILE an execution trace of
// the command (go tool trace).
var profiles profile.Profiles

func addProfileFlags(root *cobra.Command) {
	fs := root.PersistentFlags()
	fs.StringVar(&profiles.CPU, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&profiles.Mem, "memprofile", "", "write an allocation profile to this file at the end")
	fs.StringVar(&profiles.Trace, "trace", "", "write an execution trace to this file")
	fs.MarkHidden("cpuprofile")
	fs.MarkHidden("memprofile")
	fs.MarkHidden("trace")
}

func startProfiles() error {
	return profiles.Start()
}

func stopProfiles(io *streams) {
	if err := profiles.Stop(); err != nil {
		fmt.Fprintln(io.Err, "damka:", err)
	}
}
