package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/damka/damka/pdn"
)

// inputEncoding is the --encoding flag, for every command that reads
// games: "" detects the encoding of each input and game.
var inputEncoding string

// addEncodingFlag adds --encoding to the root command, for every
// command, and checks it before any runs.
func addEncodingFlag(root *cobra.Command) {
	root.PersistentFlags().StringVar(&inputEncoding, "encoding", "",
		"text encoding of the inputs, instead of detecting it per game: "+strings.Join(pdn.Encodings, ", "))
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		enc, err := pdn.ParseEncoding(inputEncoding)
		if err != nil {
			return fmt.Errorf("--encoding: %w", err)
		}
		inputEncoding = enc
		if err := checkJobs(cmd); err != nil {
			return err
		}
		return startProfiles()
	}
}
