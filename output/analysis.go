package output

import (
	"fmt"
	"path/filepath"

	"github.com/damka/damka/export"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/report"
)

// Analysis is the files of damka analyze in a folder, written game after
// game: the games and moves tables (with the analysis columns), the
// positions table, annotated.pdn and, when asked for, report.html.
type Analysis struct {
	Tables    *Tables
	Positions Positions
	pgn       *Buffered
	pw        *pdn.Writer
	page      *report.Analysis // nil: no report
	pageDest  *Buffered
	opts      AnalysisOptions
}

// AnalysisOptions are what an analysis writes beside its tables.
type AnalysisOptions struct {
	Plies     int    // of each game, counted in the positions table
	Annotator string // the Annotator tag of annotated.pdn's games
	// Report asks for report.html, with the ReportTop worst moves and the
	// games of a run of at most ReportGames games (report.NewAnalysis).
	Report                 bool
	ReportTop, ReportGames int
}

const annotatedFile, reportFile = "annotated.pdn", "report.html"

// positions is the positions table's file or dataset folder in dir.
func (l Layout) positions(dir string) (path string, dataset bool) {
	if _, ok := l.Dataset(); ok {
		return filepath.Join(dir, export.PositionsTable), true
	}
	return filepath.Join(dir, export.TableFile(export.PositionsTable, l.Format)), false
}

// AnalysisTarget names the files of an analysis in dir, for Open.
func (l Layout) AnalysisTarget(dir string, o AnalysisOptions) Target {
	more := []string{annotatedFile}
	var datasets []string
	if _, dataset := l.positions(dir); dataset {
		datasets = []string{export.PositionsTable}
	} else {
		more = []string{export.TableFile(export.PositionsTable, l.Format), annotatedFile}
	}
	if o.Report {
		more = append(more, reportFile)
	}
	return l.TablesTarget(dir, more, datasets...)
}

// OpenAnalysis starts the files of an analysis in dir, which Open made
// (of AnalysisTarget); when it cannot, the set is given up.
func (l Layout) OpenAnalysis(dir string, o AnalysisOptions, meta export.Meta, set *Set) (*Analysis, error) {
	tables, err := l.OpenTables(dir, "moves", meta, set) // gives the set up on error
	if err != nil {
		return nil, err
	}
	a := &Analysis{Tables: tables, pgn: set.Buffer(filepath.Join(dir, annotatedFile)), opts: o}
	a.pw = pdn.NewWriter(a.pgn.Buf)
	pos, _ := l.positions(dir)
	a.Positions = l.NewPositions(o.Plies, set.Dest(pos), meta)
	if o.Report {
		a.pageDest = set.Buffer(filepath.Join(dir, reportFile))
		a.page = report.NewAnalysis(o.ReportTop, o.ReportGames)
	}
	return a, nil
}

// Add writes a game's analysis (a sink of pipeline.Run).
func (a *Analysis) Add(res *pipeline.Result) error {
	r := res.Report
	if a.page != nil {
		a.page.Add(r.Game.File, r, res.Analysis)
	}
	if err := a.Tables.Add(res); err != nil {
		return err
	}
	a.Positions.Add(res)
	return a.pw.Write(Annotate(r, res.Analysis, a.opts.Annotator))
}

// Close writes what is left of every file, the report with meta, into
// the buffers of the set (Run flushes them and commits).
func (a *Analysis) Close(meta report.Meta) error {
	a.pw.Flush()
	err := a.pw.Error()
	if err == nil {
		err = a.Positions.Write()
	}
	if err == nil {
		err = a.Tables.Close()
	}
	if err == nil && a.page != nil {
		err = a.page.Write(a.pageDest.Buf, meta)
	}
	return err
}

// Summary is what was written, a line each: the tables and annotated.pdn,
// and the report.
func (a *Analysis) Summary() []string {
	lines := []string{fmt.Sprintf("wrote %s, %s and %s", a.Tables.Summary(), a.Positions.Summary(), a.pgn.Name)}
	if a.page != nil {
		lines = append(lines, fmt.Sprintf("wrote %s: open it in a browser", a.pageDest.Name))
	}
	return lines
}
