package outputs

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/damka/damka/export"
	"github.com/damka/damka/pipeline"
)

// Layout is how the tables of a run are laid out: the format, and the
// flags --compression, --partition-by and --max-rows-per-file of export,
// analyze and openings.
type Layout struct {
	Format         export.Format
	Compression    string
	PartitionBy    string
	MaxRowsPerFile int64
}

// Dataset are the dataset options of the layout: datasets of files when
// --partition-by or --max-rows-per-file is given (ok), else one file a
// table.
func (l Layout) Dataset() (d export.DatasetOptions, ok bool) {
	by, _ := export.ParsePartitionBy(l.PartitionBy)
	return export.DatasetOptions{PartitionBy: by, MaxRowsPerFile: l.MaxRowsPerFile}, len(by) > 0 || l.MaxRowsPerFile > 0
}

// WriterOptions are the options of the writers of a run.
func (l Layout) WriterOptions() []export.Option {
	c, _ := export.ParseCompression(l.Compression)
	return []export.Option{export.WithCompression(c)}
}

// Check validates --compression, --partition-by and --max-rows-per-file
// of the command cmd; stdout: the tables go to standard output.
func (l Layout) Check(cmd string, stdout bool) error {
	if _, err := export.ParseCompression(l.Compression); err != nil {
		return fmt.Errorf("%s: --compression: %w", cmd, err)
	}
	if _, err := export.ParsePartitionBy(l.PartitionBy); err != nil {
		return fmt.Errorf("%s: --partition-by: %w", cmd, err)
	}
	if l.MaxRowsPerFile < 0 {
		return fmt.Errorf("%s: --max-rows-per-file must be positive", cmd)
	}
	if _, ok := l.Dataset(); ok && stdout {
		return fmt.Errorf("%s: -o - streams one table; --partition-by and --max-rows-per-file need a folder", cmd)
	}
	return nil
}

// Flags are the layout options that affect the output, for
// damka.command: only those given, so that the defaults keep the
// commands of earlier versions.
func (l Layout) Flags() []string {
	var fl []string
	if l.Compression != "" {
		fl = append(fl, "--compression", l.Compression)
	}
	if by, _ := export.ParsePartitionBy(l.PartitionBy); len(by) > 0 {
		fl = append(fl, "--partition-by", strings.Join(by, ","))
	}
	if l.MaxRowsPerFile > 0 {
		fl = append(fl, "--max-rows-per-file", strconv.FormatInt(l.MaxRowsPerFile, 10))
	}
	return fl
}

// TablesOutput names the files the games and moves tables go to, for
// Open: the folder dir with games and moves files (or datasets, and the
// datasets more too) and the files more, or standard output ("-").
func (l Layout) TablesOutput(dir string, moreFiles []string, moreDatasets ...string) Output {
	if dir == "-" {
		return Output{Flag: "-o", Path: "-"}
	}
	if _, ok := l.Dataset(); ok {
		return Output{Flag: "-o", Path: dir, Files: moreFiles, Datasets: append([]string{export.GamesTable, export.MovesTable}, moreDatasets...)}
	}
	return Output{Flag: "-o", Path: dir, Files: append([]string{export.TableFile(export.GamesTable, l.Format), export.TableFile(export.MovesTable, l.Format)}, moreFiles...)}
}

// Tables writes the games and moves tables of a run (pipeline.Tables)
// to the destinations Open made: to a folder, as files or datasets, or
// one of them (table) to standard output.
type Tables struct {
	pipeline.Tables
	dests []*Destination
}

// OpenTables starts the tables of the folder dir ("-": the table to
// standard output, as an Arrow IPC stream) on the destinations Open made
// of TablesOutput.
func (l Layout) OpenTables(dir, table string, meta export.Meta, dests map[string]*Destination) (*Tables, error) {
	s := &Tables{}
	wopts := l.WriterOptions()
	if dir == "-" {
		d := dests["-"]
		s.dests = append(s.dests, d)
		var err error
		if table == export.GamesTable {
			s.Games, err = export.NewGamesWriter(d.W, export.ArrowStream, meta, wopts...)
		} else {
			s.Moves, err = export.NewMovesWriter(d.W, export.ArrowStream, meta, wopts...)
		}
		return s, err
	}
	if dopts, dataset := l.Dataset(); dataset {
		for _, table := range []string{export.GamesTable, export.MovesTable} {
			s.dests = append(s.dests, dests[filepath.Join(dir, table)])
		}
		// Each table's files go through its own folder's destination.
		create := func(p string) (io.Writer, error) {
			table, _, _ := strings.Cut(p, "/")
			d := dests[filepath.Join(dir, table)]
			if d == nil {
				return nil, fmt.Errorf("%s is not in a table's folder", p)
			}
			return d.Create(p)
		}
		t, err := pipeline.NewDatasets(l.Format, meta, dopts, create, wopts...)
		if err != nil {
			return nil, err
		}
		s.Tables = *t
		return s, nil
	}
	g := dests[filepath.Join(dir, export.TableFile(export.GamesTable, l.Format))]
	m := dests[filepath.Join(dir, export.TableFile(export.MovesTable, l.Format))]
	s.dests = append(s.dests, g, m)
	var err error
	if s.Games, err = export.NewGamesWriter(g.W, l.Format, meta, wopts...); err != nil {
		return s, err
	}
	s.Moves, err = export.NewMovesWriter(m.W, l.Format, meta, wopts...)
	return s, err
}

// Summary names what was written: "out/games.parquet (209 rows)", or for
// a dataset "out/games/ (209 rows in 3 files, 3 partitions)".
func (s *Tables) Summary() string {
	var parts []string
	i := 0
	for _, w := range []pipeline.TableWriter{s.Games, s.Moves} {
		if w == nil {
			continue
		}
		part := fmt.Sprintf("%s (%d rows", s.dests[i].Name, w.Rows())
		if pw, ok := w.(*export.PartitionedWriter); ok {
			part += fmt.Sprintf(" in %s, %s", Plural(len(pw.Files()), "file"), Plural(pw.Partitions(), "partition"))
		}
		parts = append(parts, part+")")
		i++
	}
	return strings.Join(parts, " and ")
}

// Plural writes n things: "1 file", "3 files".
func Plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// Positions gathers the positions table of a run (pipeline.Positions)
// for its destination: a file, or, with a dataset layout, the folder of
// the dataset.
type Positions struct {
	*pipeline.Positions
	dest  *Destination
	l     Layout
	meta  export.Meta
	dopts export.DatasetOptions
	files int
}

// NewPositions starts the positions table over the first plies plies of
// each game, to dest.
func (l Layout) NewPositions(plies int, dest *Destination, meta export.Meta) *Positions {
	p := &Positions{dest: dest, l: l, meta: meta}
	var dataset bool
	if p.dopts, dataset = l.Dataset(); dataset {
		p.Positions = pipeline.NewDatasetPositions(plies, p.dopts.PartitionBy)
	} else {
		p.Positions = pipeline.NewPositions(plies)
	}
	return p
}

// Write writes the table.
func (p *Positions) Write() error {
	if p.Dataset() {
		files, err := p.WriteDataset(p.dest.Create, p.l.Format, p.meta, p.dopts, p.l.WriterOptions()...)
		p.files = len(files)
		return err
	}
	return p.WriteFile(p.dest.W, p.l.Format, p.meta, p.l.WriterOptions()...)
}

// SummaryPlies names what was written for damka openings:
// "out/positions.parquet (2372 positions and moves over 24 plies)".
func (p *Positions) SummaryPlies() string {
	what := fmt.Sprintf("%d positions and moves over %d plies", p.Len(), p.MaxPly())
	if p.Dataset() {
		return fmt.Sprintf("%s (%s, in %s)", p.dest.Name, what, Plural(p.files, "file"))
	}
	return fmt.Sprintf("%s (%s)", p.dest.Name, what)
}

// Summary names what was written: "out/positions.parquet (2372 rows)".
func (p *Positions) Summary() string {
	if p.Dataset() {
		return fmt.Sprintf("%s (%d rows in %s)", p.dest.Name, p.Len(), Plural(p.files, "file"))
	}
	return fmt.Sprintf("%s (%d rows)", p.dest.Name, p.Len())
}
