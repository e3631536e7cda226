package output

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/damka/damka/export"
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

// TablesTarget names the files the games and moves tables go to, for
// Open: the folder dir with games and moves files (or datasets, and the
// datasets more too) and the files more, or standard output ("-").
func (l Layout) TablesTarget(dir string, moreFiles []string, moreDatasets ...string) Target {
	if dir == "-" {
		return Target{Flag: "-o", Path: "-"}
	}
	if _, ok := l.Dataset(); ok {
		return Target{Flag: "-o", Path: dir, Files: moreFiles, Datasets: append([]string{export.GamesTable, export.MovesTable}, moreDatasets...)}
	}
	return Target{Flag: "-o", Path: dir, Files: append([]string{export.TableFile(export.GamesTable, l.Format), export.TableFile(export.MovesTable, l.Format)}, moreFiles...)}
}

// OpenTables starts the tables of the folder dir ("-": the table to
// standard output, as an Arrow IPC stream) on the destinations Open made
// of TablesTarget.
//
// When a writer cannot be started, the set is given up (its files
// removed) with the error.
func (l Layout) OpenTables(dir, table string, meta export.Meta, set *Set) (t *Tables, err error) {
	defer func() {
		if err != nil {
			set.abort()
		}
	}()
	s := &Tables{}
	wopts := l.WriterOptions()
	if dir == "-" {
		d := set.Dest("-")
		s.names = append(s.names, d.Name)
		if table == export.GamesTable {
			s.Games, err = export.NewGamesWriter(d.W, export.ArrowStream, meta, wopts...)
		} else {
			s.Moves, err = export.NewMovesWriter(d.W, export.ArrowStream, meta, wopts...)
		}
		return s, err
	}
	if dopts, dataset := l.Dataset(); dataset {
		var names []string
		for _, table := range []string{export.GamesTable, export.MovesTable} {
			names = append(names, set.Dest(filepath.Join(dir, table)).Name)
		}
		// Each table's files go through its own folder's destination.
		create := func(p string) (io.Writer, error) {
			table, _, _ := strings.Cut(p, "/")
			d := set.Dest(filepath.Join(dir, table))
			if d == nil {
				return nil, fmt.Errorf("%s is not in a table's folder", p)
			}
			return d.Create(p)
		}
		t, err := NewDatasets(l.Format, meta, dopts, create, wopts...)
		if err != nil {
			return nil, err
		}
		t.names = names
		return t, nil
	}
	g := set.Dest(filepath.Join(dir, export.TableFile(export.GamesTable, l.Format)))
	m := set.Dest(filepath.Join(dir, export.TableFile(export.MovesTable, l.Format)))
	s.names = append(s.names, g.Name, m.Name)
	if s.Games, err = export.NewGamesWriter(g.W, l.Format, meta, wopts...); err != nil {
		return s, err
	}
	s.Moves, err = export.NewMovesWriter(m.W, l.Format, meta, wopts...)
	return s, err
}
