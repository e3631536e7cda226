// Package openings names the openings of draughts games, as the Lichess
// opening table names chess openings: a table of named positions (the
// tabiya each name's sources give, with the moves that reach it), and a
// game is given the name of the deepest table position it passes
// through, whatever the move order that brought it there.
//
// The table is the .tsv files beside this file, one a variant
// (russian.tsv, international.tsv; see russian.tsv's header for the
// columns and the sources); every row names its variant, and a game is
// looked up in its own variant's rows only. There is no Brazilian table:
// no source with the moves of named Brazilian openings could be read.
package openings

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

//go:embed *.tsv
var tables embed.FS

// Entry is a row of the table: a name and the moves that define it.
type Entry struct {
	Variant draughts.Variant
	Name    string   // as the source writes it (Cyrillic for Russian names)
	Lang    string   // the language Name is in, a BCP 47 tag ("ru", "en", "nl")
	Latin   string   // Name transliterated (Transliterate)
	Moves   []string // from the variant's start position, every landing square
	Source  string   // where the name and moves were read
	// Position is the position the moves reach (the tabiya).
	Position draughts.Position
}

// Plies is the number of plies of the entry's moves.
func (e *Entry) Plies() int { return len(e.Moves) }

type posKey struct {
	v    draughts.Variant
	hash uint64
}

var table struct {
	once    sync.Once
	entries []Entry
	byPos   map[posKey][]int // entries by the hash of their position
	// maxPlies is the longest row of each variant: Classify looks a game
	// up at as many depths, so that a long row of one variant (the
	// Schwarzmanvariant's 26 plies) costs nothing to the games of another.
	maxPlies map[draughts.Variant]int
}

func load() {
	table.once.Do(func() {
		entries, err := readTables(tables)
		if err != nil {
			panic("openings: " + err.Error())
		}
		table.entries = entries
		table.byPos = map[posKey][]int{}
		table.maxPlies = map[draughts.Variant]int{}
		for i := range entries {
			e := &entries[i]
			k := posKey{e.Variant, e.Position.Hash()}
			table.byPos[k] = append(table.byPos[k], i)
			table.maxPlies[e.Variant] = max(table.maxPlies[e.Variant], e.Plies())
		}
	})
}

// Table returns the entries of the table, in the order of its files
// (sorted by name) and rows.
func Table() []Entry {
	load()
	return slices.Clone(table.entries)
}

// readTables reads every .tsv file of fsys.
func readTables(fsys fs.FS) ([]Entry, error) {
	files, err := fs.Glob(fsys, "*.tsv")
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, name := range files {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		es, err := parseTable(string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, es...)
	}
	return out, checkTable(out)
}

// parseTable reads one table: comment lines start with "#", the first
// other line names the columns.
func parseTable(text string) ([]Entry, error) {
	var out []Entry
	header := true
	for i, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if header {
			if strings.Join(f, ",") != "variant,name,lang,name_latin,moves,source" {
				return nil, fmt.Errorf("line %d: columns %q, want variant, name, lang, name_latin, moves, source", i+1, f)
			}
			header = false
			continue
		}
		if len(f) != 6 {
			return nil, fmt.Errorf("line %d: %d fields, want 6", i+1, len(f))
		}
		v, err := draughts.VariantByName(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		e := Entry{Variant: v, Name: f[1], Lang: f[2], Latin: f[3], Moves: strings.Fields(f[4]), Source: f[5]}
		if e.Name == "" || e.Lang == "" || e.Source == "" || len(e.Moves) == 0 {
			return nil, fmt.Errorf("line %d: a name, its language, moves and a source are required", i+1)
		}
		if e.Position, err = play(v, e.Moves); err != nil {
			return nil, fmt.Errorf("line %d: %s: %v", i+1, e.Name, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// checkTable refuses a table in which two rows reach one position (a
// position has one name), or a name's rows disagree on its transliteration.
func checkTable(es []Entry) error {
	seen := map[posKey]*Entry{}
	latin, lang := map[string]string{}, map[string]string{}
	for i := range es {
		e := &es[i]
		k := posKey{e.Variant, e.Position.Hash()}
		if prev := seen[k]; prev != nil && prev.Position == e.Position {
			return fmt.Errorf("%s (%s) reaches the position of %s (%s)", e.Name, strings.Join(e.Moves, " "), prev.Name, strings.Join(prev.Moves, " "))
		}
		seen[k] = e
		if l, ok := latin[e.Name]; ok && l != e.Latin {
			return fmt.Errorf("%s is transliterated both %q and %q", e.Name, l, e.Latin)
		}
		latin[e.Name] = e.Latin
		if l, ok := lang[e.Name]; ok && l != e.Lang {
			return fmt.Errorf("%s is in both %q and %q", e.Name, l, e.Lang)
		}
		lang[e.Name] = e.Lang
	}
	return nil
}

// play plays moves, written with every landing square, from the start
// position of v.
func play(v draughts.Variant, moves []string) (draughts.Position, error) {
	p := draughts.Start(v)
	var buf []draughts.Move
	for n, text := range moves {
		buf = v.Moves(&p, buf[:0])
		i := slices.IndexFunc(buf, func(m draughts.Move) bool { return m.String() == text })
		if i < 0 {
			return p, fmt.Errorf("ply %d: %s is not a legal move of %s", n+1, text, p.FEN())
		}
		p = p.Play(&buf[i])
	}
	return p, nil
}

// Lookup returns the entry whose position p is, or nil.
func Lookup(v draughts.Variant, p *draughts.Position) *Entry {
	load()
	for _, i := range table.byPos[posKey{v, p.Hash()}] {
		// The hash picks the candidates; the position decides.
		if table.entries[i].Position == *p {
			return &table.entries[i]
		}
	}
	return nil
}

// Classify returns the entry of the deepest table position the game
// passes through, or nil. Only games replayed from their variant's start
// position are named, and only up to their first illegal ply (a missed
// capture: the positions after it are not of a game by the rules).
func Classify(r *validate.Report) *Entry {
	if !r.Started || r.Variant == draughts.NoVariant || r.Start != draughts.Start(r.Variant) {
		return nil
	}
	load()
	n := min(table.maxPlies[r.Variant], len(r.Plies))
	for i := range n {
		if r.Plies[i].Illegal {
			n = i
			break
		}
	}
	// The position after k plies: the one before ply k+1, or the final
	// position after the last ply.
	for k := n; k >= 1; k-- {
		p := &r.Final
		if k < len(r.Plies) {
			p = &r.Plies[k].Before
		}
		if e := Lookup(r.Variant, p); e != nil {
			return e
		}
	}
	return nil
}

// Name is the name Classify gives the game, "" when none.
func Name(r *validate.Report) string {
	if e := Classify(r); e != nil {
		return e.Name
	}
	return ""
}
