package export

import (
	"fmt"
	"regexp"
)

// The tables, by the names their files and folders have in an output
// folder (games.parquet, moves/, positions/) and in their metadata.
const (
	GamesTable     = "games"
	MovesTable     = "moves"
	PositionsTable = "positions"
)

// TableFile is the file of a table written whole: games.parquet,
// moves.arrow.
func TableFile(table string, f Format) string { return table + f.Ext() }

// DefaultFilePrefix starts the names of a dataset's files
// (DatasetOptions.FilePrefix).
const DefaultFilePrefix = "part"

// PartFile is the name of file k of a partition of a dataset:
// part-00000.parquet, with prefix (DefaultFilePrefix when "").
func PartFile(prefix string, k int, f Format) string {
	if prefix == "" {
		prefix = DefaultFilePrefix
	}
	return fmt.Sprintf("%s-%05d%s", prefix, k, f.Ext())
}

// ShardPrefix is the FilePrefix of the files shard writes of a dataset
// that many writers write together (damka-beam's shards):
// part-00003, whose files are part-00003-00000.parquet...
func ShardPrefix(shard int) string { return fmt.Sprintf("%s-%05d", DefaultFilePrefix, shard) }

// partFile tells the files of a dataset that damka writes on one
// machine (part-00000.parquet) and that damka-beam's shards write
// (part-00003-00000.parquet: ShardPrefix).
var partFile = regexp.MustCompile(`^` + DefaultFilePrefix + `-[0-9]{5}(-[0-9]{5})?\.(parquet|arrow)$`)

// IsPartFile reports whether name is the name of a file damka or
// damka-beam writes in a dataset (PartFile with the default prefix or a
// ShardPrefix): what a later run into the same folder replaces, so that
// a folder never holds the files of two runs.
func IsPartFile(name string) bool { return partFile.MatchString(name) }
