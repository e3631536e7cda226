package main

import (
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
