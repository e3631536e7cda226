package output_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/damka/damka/export"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

// A run from an archive to Parquet: the games and moves tables of the
// sample archive built into damka, as damka export writes them.
func Example() {
	dir, _ := os.MkdirTemp("", "damka")
	defer os.RemoveAll(dir)
	gf, _ := os.Create(filepath.Join(dir, "games.parquet"))
	mf, _ := os.Create(filepath.Join(dir, "moves.parquet"))
	meta := export.Meta{Version: "example", Command: "example"}
	games, _ := export.NewGamesWriter(gf, export.Parquet, meta)
	moves, _ := export.NewMovesWriter(mf, export.Parquet, meta)
	tables := &output.Tables{Games: games, Moves: moves}

	in := pipeline.OpenInputs([]string{"sample:ussr1947.pdn"}, pipeline.InputOptions{})
	counts, err := pipeline.Run(context.Background(), in, pipeline.Options{Rows: true, Reuse: true}, tables.Add)
	if err == nil {
		err = tables.Close()
	}
	gf.Close()
	mf.Close()
	fmt.Println(counts.Games, "games,", counts.Errors, "with errors;", games.Rows(), "game rows,", moves.Rows(), "move rows; error:", err)
	// Output: 153 games, 0 with errors; 153 game rows, 8730 move rows; error: <nil>
}
