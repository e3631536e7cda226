package damkabeam

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/damka/damka/export"
)

// Build adds the pipeline of a run to s: read every input, rank its
// games, replay them, analyse every distinct position (Depth > 0), write
// the games, moves and positions datasets under Out and the summary. It
// lists the inputs now, on the machine that builds the pipeline, so that
// their order (and the games' ranks, and so the files) is fixed before
// the run.
func Build(ctx context.Context, s beam.Scope, o Options) error {
	srcs, msgs, size := expandInputs(ctx, o.Inputs)
	cfg, err := o.config(size)
	if err != nil {
		return err
	}
	sources := beam.Reshuffle(s, beam.CreateList(s, srcs))
	games, readMsgs := beam.ParDo2(s, &readFn{Encoding: cfg.Encoding}, sources)
	ranked := rank(s, games, cfg.GamesPerShard)
	var counts, stats beam.PCollection
	if cfg.Depth > 0 {
		var evals beam.PCollection
		evals, stats = analyse(s, cfg, ranked)
		counts = writeTables(s, cfg, ranked, evals, true)
	} else {
		counts = writeTables(s, cfg, ranked, beam.PCollection{}, false)
		stats = beam.CreateList(s, []analysisStats{})
	}
	allMsgs := beam.Flatten(s, beam.CreateList(s, msgs), readMsgs)
	summarise(s, cfg, counts, allMsgs, stats)
	return nil
}

// ErrNoInputRead is CheckInputs' error when not one input can be read.
var ErrNoInputRead = errors.New("no input could be read")

// CheckInputs lists the inputs as Build will, and returns what cannot
// be read, with ErrNoInputRead when that is every one of them: a run
// then writes nothing, and the caller leaves the output folder as it was
// (CleanOutput would empty it; issue 29, item 1). The messages are the
// summary's, in input order.
func CheckInputs(ctx context.Context, inputs []string) ([]string, error) {
	srcs, msgs, _ := expandInputs(ctx, inputs)
	var said []string
	failed := false
	for _, m := range msgs {
		said = append(said, "damka: "+m.Text)
		failed = failed || m.Error
	}
	if len(srcs) == 0 && failed {
		return said, ErrNoInputRead
	}
	return said, nil
}

// CleanOutput makes a local output folder, or removes from it the files an earlier
// run of this pipeline (or damka export) wrote there: the datasets'
// part files, in partition folders, and the summary; nothing else. A run
// writes its files in place, so a folder that held another run would
// hold files of both. On other filesystems, give each run a new folder.
func CleanOutput(out string) error {
	if isURL(out) {
		return nil
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, f := range []string{"summary.txt", "summary.json"} {
		if err := os.Remove(filepath.Join(out, f)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	for _, table := range []string{"games", "moves", "positions"} {
		dir := filepath.Join(out, table)
		var dirs []string
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return filepath.SkipDir
			}
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != dir && !strings.Contains(d.Name(), "=") {
					return filepath.SkipDir // not a partition
				}
				dirs = append(dirs, p)
				return nil
			}
			if export.IsPartFile(d.Name()) { // part-SSSSS-NNNNN.parquet (shard, file), or damka's
				return os.Remove(p)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for i := len(dirs) - 1; i > 0; i-- { // the partition folders left empty
			os.Remove(dirs[i])
		}
	}
	return nil
}
