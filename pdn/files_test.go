package pdn

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// walkFiles lists the plain text files under roots, for the tests: a
// file given is taken as it is; folders are walked for *.pdn, *.txt and
// *.json (in any case), in lexical order, those whose name starts with a
// dot skipped. Compressed files, zip archives and symbolic links are the
// input package's (input.Walk, input.Open): its tests read them.
func walkFiles(roots ...string) ([]string, error) {
	var out []string
	var first error
	for _, root := range roots {
		fi, err := os.Stat(root)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		if !fi.IsDir() {
			out = append(out, root)
			continue
		}
		var found []string
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if first == nil {
					first = err
				}
				return nil
			}
			if d.IsDir() {
				if p != root && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			switch strings.ToLower(filepath.Ext(p)) {
			case ".pdn", ".txt", ".json":
				if d.Type().IsRegular() {
					found = append(found, p)
				}
			}
			return nil
		})
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, first
}

// readGames reads the plain file name and calls fn for each game with the
// error Next returned with it, as input.ReadFile does for any input.
func readGames(name string, fn func(*Game, error) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	r := NewReader(f, name)
	for {
		g, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if g == nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := fn(g, err); err != nil {
			return err
		}
	}
}
