package damkabeam

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
	"github.com/damka/damka/export"
	"github.com/damka/damka/internal/engine"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/validate"
)

// Options are what a run does: its inputs, its output folder and what
// damka does with every game.
type Options struct {
	// Inputs are files, folders (walked as damka walks them) and globs,
	// local or on a filesystem Beam knows (gs://bucket/games/*.pdn,
	// s3://...).
	Inputs []string
	// Out is the output folder, local or on such a filesystem:
	// OUT/games/, OUT/moves/, OUT/positions/ and OUT/summary.txt.
	Out string
	// Depth, when above 0, analyses every position to that depth, as
	// damka analyze --depth does; TTSize is the transposition table of a
	// searcher in MiB (analyze.DefaultTTSize when 0). Verify is
	// analyze.Options.Verify, the plies beyond Depth that verification may
	// search a bad move: 0 the default (analyze.VerifyFor(Depth)), as
	// damka analyze without --verify; negative none, as --verify 0.
	Depth  int
	TTSize int
	Verify int
	// Egtb is a folder of endgame databases (damka egtb build) that every
	// worker can read, a local path: the analysis looks up the positions
	// they hold, as damka analyze --egtb does. Empty: none (a run never
	// reads the user cache folder, which the workers may not share).
	Egtb string
	// Variant forces the rules of every game (damka --variant); Repair
	// mends the moves that do not replay when it is certain (damka export
	// --repair); Encoding forces the text encoding (damka --encoding).
	Variant  string
	Repair   bool
	Encoding string
	// Format is the files' format: parquet (the default) or arrow (Arrow
	// IPC files), as damka --format. Tables are the tables written, of
	// games, moves and positions (all three when empty).
	Format string
	Tables []string
	// PartitionBy are the partition columns of the datasets (damka
	// --partition-by: variant, year, or both in the order wanted);
	// MaxRowsPerFile caps a file's rows (export.DefaultMaxRowsPerFile
	// when 0); Compression is the Parquet compression (none, lz4, zstd).
	PartitionBy    []string
	MaxRowsPerFile int64
	Compression    string
	// Plies are the plies of each game the positions table counts
	// (export.DefaultOpeningsPlies when 0).
	Plies int
	// GamesPerShard are the games each writer writes, a run of games in
	// input order: each partition has a file (or more, MaxRowsPerFile) a
	// shard. DefaultGamesPerShard when 0.
	GamesPerShard int
	// Buckets are the groups the distinct positions are analysed in; 0
	// chooses from the size of the inputs (about DefaultPliesPerBucket
	// plies a bucket). The rows do not depend on it.
	Buckets int
	// Version and Command are the files' damka.version and damka.command.
	Version, Command string
	// Engine, when its Command is set, is an external engine speaking
	// the Hub protocol that analyses in place of damka's search, as damka
	// analyze --engine: each analysing worker starts its own processes of
	// it, so its command must run on every worker (and on the machine
	// that submits the run, which probes it for its name and
	// fingerprint).
	Engine engine.Config
}

// DefaultGamesPerShard are the games a writer writes by default: some
// tens of MB of rows in memory, sorted, before they are encoded.
const DefaultGamesPerShard = 20000

// DefaultPliesPerBucket are the plies of a bucket of analysis by default:
// enough work that an analysis bundle outlasts a runner's progress tick
// (Prism splits a bundle that makes no progress for 100 ms, and so runs
// buckets in parallel), small enough to spread over many workers.
const DefaultPliesPerBucket = 2000

// bytesPerPly is about what a ply takes in a PDN file (the Russian
// corpus: 12 bytes), to size the buckets from the inputs.
const bytesPerPly = 12

// config is what the DoFns need of the options. Its fields are exported
// because Beam sends a DoFn to the workers as the JSON of its exported
// fields.
type config struct {
	Out            string
	Depth          int
	TTSize         int
	Verify         int
	Egtb           string
	Variant        string
	Repair         bool
	Encoding       string
	PartitionBy    []string
	MaxRowsPerFile int64
	Compression    string
	Format         string
	Tables         []string
	Plies          int
	GamesPerShard  int
	Buckets        int
	Version        string
	Command        string
	// Engine is Options.Engine; EngineName, EngineVersion,
	// EngineSettings and EngineFingerprint what the submitting machine
	// found of it (the files' metadata and the summary).
	Engine                                                       engine.Config
	EngineName, EngineVersion, EngineSettings, EngineFingerprint string
}

// check validates the options and fills in the defaults.
func (o Options) config(inputBytes int64) (config, error) {
	out := strings.TrimSuffix(o.Out, "/")
	if out != "" && !isURL(out) {
		// The workers write there, and they may run elsewhere.
		if abs, err := filepath.Abs(out); err == nil {
			out = abs
		}
	}
	egtbDir := o.Egtb
	if egtbDir != "" {
		if abs, err := filepath.Abs(egtbDir); err == nil {
			egtbDir = abs
		}
	}
	c := config{Out: out, Depth: o.Depth, TTSize: o.TTSize, Verify: o.Verify, Egtb: egtbDir, Variant: o.Variant, Repair: o.Repair,
		Encoding: o.Encoding, PartitionBy: o.PartitionBy, MaxRowsPerFile: o.MaxRowsPerFile, Compression: o.Compression,
		Format: o.Format, Tables: o.Tables, Plies: o.Plies, GamesPerShard: o.GamesPerShard, Buckets: o.Buckets, Version: o.Version, Command: o.Command}
	switch {
	case len(o.Inputs) == 0:
		return c, errors.New("no input: name files, folders or globs")
	case c.Out == "":
		return c, errors.New("no output folder (--out)")
	case o.Depth < 0 || o.Depth > analyze.MaxDepth:
		return c, fmt.Errorf("--depth must be 0 (no analysis) to %d", analyze.MaxDepth)
	case o.TTSize < 0:
		return c, errors.New("--tt must be at least 1 MiB")
	case o.Plies < 0:
		return c, errors.New("--plies must be at least 1")
	case o.MaxRowsPerFile < 0:
		return c, errors.New("--max-rows-per-file must be positive")
	case o.GamesPerShard < 0:
		return c, errors.New("--games-per-shard must be positive")
	case o.Buckets < 0:
		return c, errors.New("--buckets must be positive")
	}
	if c.TTSize == 0 {
		c.TTSize = analyze.DefaultTTSize
	}
	if c.Plies == 0 {
		c.Plies = export.DefaultOpeningsPlies
	}
	if c.GamesPerShard == 0 {
		c.GamesPerShard = DefaultGamesPerShard
	}
	if c.Buckets == 0 {
		c.Buckets = int(min(max(inputBytes/(bytesPerPly*DefaultPliesPerBucket), 4), 1<<16))
	}
	if c.Version == "" {
		c.Version = "dev"
	}
	if o.Engine.Enabled() {
		if err := c.probeEngine(o.Engine); err != nil {
			return c, err
		}
	}
	if _, err := c.validateOptions(); err != nil {
		return c, err
	}
	if c.Egtb != "" {
		db, err := openTablebase(c.Egtb)
		if err == nil && db.Empty() {
			err = fmt.Errorf("no endgame database in %s (damka egtb build --dir %s)", o.Egtb, o.Egtb)
		}
		if err != nil {
			return c, fmt.Errorf("--egtb: %w", err)
		}
	}
	if c.Format == "" {
		c.Format = "parquet"
	}
	if f, err := export.ParseFormat(c.Format); err != nil || f == export.ArrowStream {
		return c, fmt.Errorf("--format: unknown format %q (parquet or arrow)", c.Format)
	}
	if len(c.Tables) == 0 {
		c.Tables = AllTables
	}
	for _, t := range c.Tables {
		if !slices.Contains(AllTables, t) {
			return c, fmt.Errorf("--tables: unknown table %q (games, moves, positions)", t)
		}
	}
	if _, err := export.ParseCompression(c.Compression); err != nil {
		return c, fmt.Errorf("--compression: %w", err)
	}
	if _, err := export.ParsePartitionBy(strings.Join(c.PartitionBy, ",")); err != nil {
		return c, fmt.Errorf("--partition-by: %w", err)
	}
	return c, nil
}

// probeEngine checks the engine's settings and starts it once on this
// machine, to fail before the run when it cannot start and to learn its
// name, version and fingerprint (damka analyze's: the start position of
// --variant when it plays it, else of International, else of Russian).
func (c *config) probeEngine(ec engine.Config) error {
	if c.Depth <= 0 {
		return errors.New("--engine analyses: give --depth")
	}
	spec, err := ec.Spec(c.Depth)
	if err != nil {
		return err
	}
	es := engine.New(spec, nil)
	defer es.Close()
	if err := es.Probe(); err != nil {
		return fmt.Errorf("--engine: %w", err)
	}
	vs := []draughts.Variant{draughts.International, draughts.Russian}
	if v, err := draughts.VariantByName(c.Variant); err == nil && c.Variant != "" {
		vs = append([]draughts.Variant{v}, vs...)
	}
	fp, _ := es.Fingerprint(vs...) // none when it plays none of them
	c.Engine = ec
	c.EngineName, c.EngineVersion, c.EngineSettings, c.EngineFingerprint = es.Name(), es.Version(), spec.Settings(), fp
	return nil
}

// engineSpec is the run's engine, as a worker resolves its command.
func (c *config) engineSpec() (*engine.Spec, error) { return c.Engine.Spec(c.Depth) }

// AllTables are the tables a run can write.
var AllTables = []string{"games", "moves", "positions"}

// writes tells whether the run writes a table.
func (c *config) writes(table string) bool { return slices.Contains(c.Tables, table) }

// format is the files' format.
func (c *config) format() export.Format {
	f, _ := export.ParseFormat(c.Format)
	return f
}

// validateOptions are the options of replay.
func (c *config) validateOptions() (validate.Options, error) {
	o := validate.Options{Repair: c.Repair}
	if c.Variant != "" {
		v, err := draughts.VariantByName(c.Variant)
		if err != nil {
			return o, err
		}
		o.Variant = v
	}
	return o, nil
}

// pipeline is the game-level pipeline of the run, for replay (the
// analysis is done position by position, not game by game).
func (c *config) pipeline() *pipeline.Pipeline {
	vopts, _ := c.validateOptions()
	return pipeline.New(pipeline.Options{Validate: vopts})
}

// analysis are the options of the searches.
func (c *config) analysis() (analyze.Options, error) {
	o := analyze.Options{Depth: c.Depth, TTSize: c.TTSize, Verify: c.Verify}
	if c.Egtb != "" {
		db, err := openTablebase(c.Egtb)
		if err != nil {
			return o, err
		}
		o.Tablebase = db
	}
	return o, nil
}

// tablebases are the endgame databases a worker process has opened, by
// folder: read once, shared by its DoFns (a DB is read-only).
var tablebases struct {
	sync.Mutex
	dbs map[string]*egtb.Set
}

func openTablebase(dir string) (*egtb.Set, error) {
	tablebases.Lock()
	defer tablebases.Unlock()
	if db, ok := tablebases.dbs[dir]; ok {
		return db, nil
	}
	db, err := egtb.OpenSet(dir)
	if err != nil {
		return nil, err
	}
	if tablebases.dbs == nil {
		tablebases.dbs = map[string]*egtb.Set{}
	}
	tablebases.dbs[dir] = db
	return db, nil
}

// meta is the files' metadata.
func (c *config) meta() export.Meta {
	variant := c.Variant
	if variant == "" {
		variant = "auto"
	}
	m := export.Meta{Version: c.Version, Variant: variant, Command: c.Command, Depth: c.Depth}
	if c.Engine.Enabled() {
		m.Engine = c.EngineName + "; " + c.Engine.Command + "; " + c.EngineSettings
		m.EngineName, m.EngineVersion, m.EngineSettings, m.EngineFingerprint = c.EngineName, c.EngineVersion, c.EngineSettings, c.EngineFingerprint
	}
	return m
}

// writerOptions are the options of the Parquet writers.
func (c *config) writerOptions() []export.Option {
	comp, _ := export.ParseCompression(c.Compression)
	return []export.Option{export.WithCompression(comp)}
}

// dataset is the layout of a shard's files.
func (c *config) dataset(prefix string) export.DatasetOptions {
	return export.DatasetOptions{PartitionBy: c.PartitionBy, MaxRowsPerFile: c.MaxRowsPerFile, FilePrefix: prefix}
}

// shardOf is the shard of the game of rank (its place in the input).
func (c *config) shardOf(rank int64) int { return int(rank / int64(c.GamesPerShard)) }

// outPath is the path of a file of the output, rel slash-separated.
func (c *config) outPath(rel string) string {
	if isURL(c.Out) {
		return c.Out + "/" + path.Clean(rel)
	}
	return filepath.Join(c.Out, filepath.FromSlash(rel))
}

// isURL tells a path on a filesystem named by its scheme (gs://, s3://).
func isURL(p string) bool { return strings.Contains(p, "://") }
