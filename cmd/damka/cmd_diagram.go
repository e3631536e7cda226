package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/damka/damka/diagram"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/fenlines"
	"github.com/damka/damka/output"
)

// DiagramOptions are the flags of damka diagram.
type DiagramOptions struct {
	Output  string
	Variant string
	Moves   []string
	Labels  string
	Flip    bool
	Title   string
}

// AddFlags adds the diagram flags to fs.
func (o *DiagramOptions) AddFlags(fs *pflag.FlagSet) {
	fs.StringVarP(&o.Output, "output", "o", "", "the SVG file to write (- for standard output), or a directory with FEN - (required)")
	fs.StringVar(&o.Variant, "variant", "russian", "rules and board: "+joinNames())
	fs.StringArrayVar(&o.Moves, "move", nil, "draw an arrow for this legal move of the position (repeatable)")
	fs.StringVar(&o.Labels, "labels", "auto", "square labels: auto (as the variant names its squares), coordinates, numbers or none")
	fs.BoolVar(&o.Flip, "flip", false, "draw the board from Black's side")
	fs.StringVar(&o.Title, "title", "", "the diagram's title (default: the variant, the side to move and the moves)")
}

func newDiagramCommand(io *streams) *cobra.Command {
	var opts DiagramOptions
	cmd := &cobra.Command{
		Use:   "diagram [--variant V] [--move MOVE]... FEN -o FILE.svg",
		Short: "Draw a position as an SVG board diagram",
		Long: `Draw the position FEN as an SVG board diagram: the variant's board (8x8 or
10x10, mirrored where the variant's names are), coordinates round the board
or numbers on the squares as the variant names them, men and kings of both
sides, and an arrow for each --move (a capture along its whole path, the
pieces it takes crossed out). The SVG has a <title> and a <desc> giving the
FEN, the pieces of each side and the moves, for screen readers.

With FEN -, the positions are read from standard input, one a line; a line
may give its own moves after a tab ("FEN<TAB>c3-d4 b6-a5"), added to the
--move ones. -o then names a directory, where line N's diagram is
NNNN.svg (0001.svg for the first line); with a single position -o may
name a file.

The same position and flags give the same bytes. A bad FEN or move gives
an error naming the line or argument; the others are still drawn, and the
exit status is 1. The files are put in place together once all are
drawn.`,
		Args: cobra.ExactArgs(1),
		PreRunE: func(cmd *cobra.Command, args []string) error {
			if opts.Output == "" {
				return errors.New("diagram: -o/--output is required")
			}
			if _, err := diagram.ParseLabels(opts.Labels); err != nil {
				return fmt.Errorf("diagram: --labels: %w", err)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiagram(io, opts, args[0])
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// nonStdin is the argument FEN as the positions to read: none for "-",
// which reads standard input.
func nonStdin(fen string) []string {
	if fen == "-" {
		return nil
	}
	return []string{fen}
}

func runDiagram(io *streams, opts DiagramOptions, fen string) error {
	v, err := draughts.VariantByName(opts.Variant)
	if err != nil {
		return err
	}
	labels, err := diagram.ParseLabels(opts.Labels)
	if err != nil {
		return err
	}
	var items []fenlines.Item
	for sc := fenlines.New(nonStdin(fen), io.In); ; {
		it, ok, err := sc.Next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		it.Rest, _, _ = strings.Cut(it.Rest, "\t")
		items = append(items, it)
	}
	toDir := fen == "-" && !(opts.Output == "-" || strings.HasSuffix(strings.ToLower(opts.Output), ".svg") && len(items) == 1)
	if !toDir && len(items) != 1 {
		return fmt.Errorf("diagram: %d positions on standard input: -o must name a directory", len(items))
	}
	// Every diagram is drawn first; the good ones are then written
	// through the run's outputs, put in place together.
	bad := 0
	type drawn struct {
		name string
		svg  []byte
	}
	var good []drawn
	for _, it := range items {
		svg, err := drawItem(v, opts, labels, it)
		if err != nil {
			fmt.Fprintf(io.Err, "damka diagram: %s: %s\n", it.Where, display.Text(err.Error()))
			bad++
			continue
		}
		name := opts.Output
		if toDir {
			name = fmt.Sprintf("%04d.svg", it.Line)
		}
		good = append(good, drawn{name, svg})
	}
	if len(good) > 0 {
		out := output.Target{Flag: "-o", Path: opts.Output}
		if toDir {
			out.Files = []string{}
			for _, d := range good {
				out.Files = append(out.Files, d.name)
			}
		}
		set, err := output.Open("diagram", io.Out, io.Err, nil, out)
		if err != nil {
			return err
		}
		err = output.Write(set, func() error {
			for _, d := range good {
				path := opts.Output
				if toDir {
					path = filepath.Join(opts.Output, d.name)
				}
				dest := set.Dest(path)
				if _, err := dest.W.Write(d.svg); err != nil {
					if dest.File == nil { // standard output: its sink's error names it
						return fmt.Errorf("diagram: %w", err)
					}
					return fmt.Errorf("diagram: %s: %w", dest.Name, err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if bad > 0 {
		return &exitError{code: exitFindings, err: fmt.Errorf("diagram: %d position(s) not drawn", bad)}
	}
	return nil
}

// drawItem draws one position with its moves.
func drawItem(v draughts.Variant, opts DiagramOptions, labels diagram.Labels, it fenlines.Item) ([]byte, error) {
	p, err := v.ParseFEN(it.FEN)
	if err == nil {
		err = p.Check(v)
	}
	if err != nil {
		return nil, err
	}
	dopts := &diagram.Options{Title: opts.Title, Labels: labels, Flip: opts.Flip, Standalone: true}
	for _, m := range append(append([]string(nil), opts.Moves...), strings.Fields(it.Rest)...) {
		a, err := diagram.ArrowFor(&p, m, diagram.Move)
		if err != nil {
			return nil, fmt.Errorf("--move %s: %w", m, err)
		}
		dopts.Arrows = append(dopts.Arrows, a)
	}
	return diagram.SVG(&p, dopts), nil
}
