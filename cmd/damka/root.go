package main

import (
	"fmt"
	"runtime"
	"strconv"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func newRootCommand(io *streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "damka",
		Short: "Parse, validate, analyse and export draughts game archives",
		Long: `damka turns draughts game archives (PDN) into clean, verified, analysed data.

` + exitStatusHelp,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	root.SetIn(io.In)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return err
	})
	addEncodingFlag(root)
	addProfileFlags(root)
	root.AddCommand(
		newAnalyzeCommand(io),
		newCheckCommand(io),
		newCleanCommand(io),
		newSelectCommand(io),
		newDupesCommand(io),
		newExportCommand(io),
		newOpeningsCommand(io),
		newPerftCommand(io),
		newMovesCommand(io),
		newEvalCommand(io),
		newDiagramCommand(io),
		newEgtbCommand(io),
		newHubCommand(io),
	)
	return root
}

// checkJobs refuses a negative -j/--jobs, for every command that has the
// flag (0 is all cores).
func checkJobs(cmd *cobra.Command) error {
	f := cmd.Flags().Lookup("jobs")
	if f == nil {
		return nil
	}
	if n, err := strconv.Atoi(f.Value.String()); err == nil && n < 0 {
		return fmt.Errorf("%s: -j/--jobs must be 0 (all cores) or more, not %d", cmd.Name(), n)
	}
	return nil
}

// workers is the number of goroutines -j N gives: N, or every core for 0
// (ordered.Map's reading).
func workers(jobs int) int {
	if jobs < 1 {
		return runtime.GOMAXPROCS(0)
	}
	return jobs
}
