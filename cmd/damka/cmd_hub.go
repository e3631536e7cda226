package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/hub"
)

// HubOptions are the flags of damka hub.
type HubOptions struct {
	Variant  string
	TTSize   int
	Depth    int
	Nodes    uint64
	MoveTime float64
}

// AddFlags adds the hub flags to fs.
func (o *HubOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.Variant, "variant", "", "rules: "+joinNames()+" (default: russian for positions of 33 letters, international for 51)")
	fs.IntVar(&o.TTSize, "tt", analyze.DefaultTTSize, "transposition table size in MiB")
	fs.IntVarP(&o.Depth, "depth", "d", 0, fmt.Sprintf("depth limit of a search until the dialogue sets one (0: %d, or %d under a node or time limit)", analyze.DefaultDepth, analyze.MaxDepth))
	fs.Uint64Var(&o.Nodes, "nodes", 0, "node limit of a search until the dialogue sets one (0: none)")
	fs.Float64Var(&o.MoveTime, "movetime", 0, "time limit of a search in seconds until the dialogue sets one (0: none)")
}

func newHubCommand(io *streams) *cobra.Command {
	var opts HubOptions
	cmd := &cobra.Command{
		Use:   "hub",
		Short: "Play as an engine over the Hub protocol (for matches and GUIs)",
		Long: `Speak the Hub protocol of Scan 2.0 on standard input and output, so that
damka's search plays as an engine: in a match (research/match, make
match) or against another engine.

Commands: hub, init, new, pos P, move M, moves (the legal moves), depth D,
nodes N, movetime S, time MS (Scan 2.0's), level depth=D nodes=N move-time=S, analyse or go
(search: an "info DEPTH PLYAVG SCORE NODES TIME SPEED PV" line, then
"move M"), ping, quit. Positions are the side to move then one letter a
square (w b W B e): 33 letters for 8x8, 51 for 10x10. Scores are
centi-men for the side to move; above 1800 a win (2000 less the plies).
Every search is damka's search from a fresh state, within the limits of
depth, nodes and time (the last iteration it completes); there is no
"stop" and no endgame database.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			so := hub.ServerOptions{Name: "damka " + version, TTSize: opts.TTSize, Depth: opts.Depth, Nodes: opts.Nodes,
				Time: time.Duration(opts.MoveTime * float64(time.Second))}
			if opts.Variant != "" {
				v, err := draughts.VariantByName(opts.Variant)
				if err != nil {
					return err
				}
				so.Variant = v
			}
			if opts.Depth < 0 || opts.MoveTime < 0 {
				return fmt.Errorf("hub: --depth and --movetime are 0 or more")
			}
			return hub.Serve(io.In, io.Out, so)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}
