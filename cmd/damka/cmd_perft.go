package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/output"
)

// PerftOptions are the flags of damka perft.
type PerftOptions struct {
	Variant string
	FEN     string
	Depth   int
	Dedup   bool
	Paths   bool
	Divide  bool
}

// maxPerftDepth is the deepest perft: the start position's count grows
// about fivefold a ply (545 million at 12, a few seconds), so that depth
// 20 would take weeks and the counts pass what 64 bits hold around 27.
const maxPerftDepth = 30

// AddFlags adds the perft flags to fs.
func (o *PerftOptions) AddFlags(fs *pflag.FlagSet) {
	addRulesFlag(fs, &o.Variant)
	fs.StringVar(&o.FEN, "fen", "", "start position (default: the start of the game)")
	fs.IntVarP(&o.Depth, "depth", "d", 0, fmt.Sprintf("depth in plies, 1 to %d (required)", maxPerftDepth))
	fs.BoolVar(&o.Dedup, "dedup", false, "count moves that lead to the same position once")
	fs.BoolVar(&o.Paths, "paths", false, "count every landing-square path of a king (pydraughts' convention)")
	fs.BoolVar(&o.Divide, "divide", false, "also print the count below each move of the position")
}

func newPerftCommand(io *streams) *cobra.Command {
	var opts PerftOptions
	cmd := &cobra.Command{
		Use:   "perft --depth N",
		Short: "Count the nodes of the legal move tree (tests the rules engine)",
		Long: `Count the leaf nodes of the legal move tree to each depth from 1 to N.

Output: one line per depth, "DEPTH NODES SECONDS", whitespace separated
(a fourth column gives millions of nodes per second). With --divide, the
lines "MOVE NODES" for each move of the position at depth N follow.

Counting: by default two capture paths that take the same pieces in the
same order and end on the same square are one move (they differ only in
where a flying king paused on a diagonal); this is the convention of the
published counts (Russian: 7 49 302 1469 7482 37986 190146 929905 4570667
22450628 110961169 545059387). --dedup counts moves leading to the same
position once (... 929899 4570586 22444032 110917189 544770444); --paths
counts every landing-square path.`,
		Args: cobra.NoArgs,
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Depth < 1 || opts.Depth > maxPerftDepth {
				return fmt.Errorf("perft: --depth must be 1 to %d", maxPerftDepth)
			}
			if opts.Dedup && opts.Paths {
				return fmt.Errorf("perft: --dedup and --paths exclude each other")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPerft(io, opts)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runPerft(io *streams, opts PerftOptions) error {
	v, err := draughts.VariantByName(opts.Variant)
	if err != nil {
		return err
	}
	p := draughts.Start(v)
	if opts.FEN != "" {
		if p, err = v.ParseFEN(opts.FEN); err != nil {
			return err
		}
		if err := p.Check(v); err != nil {
			return fmt.Errorf("impossible position %s: %w", opts.FEN, err)
		}
	}
	counting := draughts.CountSequences
	switch {
	case opts.Dedup:
		counting = draughts.CountResults
	case opts.Paths:
		counting = draughts.CountLandings
	}
	set, err := output.Open("perft", io.Out, io.Err, nil)
	if err != nil {
		return err
	}
	return output.Write(set, func() error {
		for d := 1; d <= opts.Depth; d++ {
			start := time.Now()
			n := v.Perft(&p, d, counting)
			sec := time.Since(start).Seconds()
			mnps := 0.0
			if sec > 0 {
				mnps = float64(n) / sec / 1e6
			}
			// A line a depth, as it is counted; when standard output
			// cannot be written, the deeper counts are not made.
			if _, err := fmt.Fprintf(io.Out, "%d %d %.3f %.1f\n", d, n, sec, mnps); err != nil {
				return err
			}
		}
		if opts.Divide {
			entries := v.Divide(&p, opts.Depth, counting)
			slices.SortFunc(entries, func(a, b draughts.DivideEntry) int { return strings.Compare(a.Move.String(), b.Move.String()) })
			out := set.Stdout(io.Out)
			for _, e := range entries {
				fmt.Fprintf(out, "%s %d\n", e.Move.String(), e.Nodes)
			}
		}
		return nil
	})
}
