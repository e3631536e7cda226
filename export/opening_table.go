package export

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// openingNames is the opening table: see the file's header for what is
// in it and where each entry comes from.
//
//go:embed opening_names.tsv
var openingNames string

// OpeningEntry is an entry of the opening table.
type OpeningEntry struct {
	Variant draughts.Variant
	Name    string
	Moves   []string // the moves from the start position, every landing square
	Source  string   // where the name and its moves come from
}

// openingPos is the position an entry's moves reach: a game that reaches
// it after as many plies is given the entry's name.
type openingPos struct {
	variant draughts.Variant
	plies   int
	hash    uint64
}

var openingTable struct {
	once     sync.Once
	entries  []OpeningEntry
	byPos    map[openingPos]string
	maxPlies int
}

// OpeningTable returns the entries of the opening table, in the order of
// the table.
func OpeningTable() []OpeningEntry {
	loadOpeningTable()
	return append([]OpeningEntry(nil), openingTable.entries...)
}

func loadOpeningTable() {
	openingTable.once.Do(func() {
		entries, err := parseOpeningTable(openingNames)
		if err != nil {
			panic("export: opening_names.tsv: " + err.Error())
		}
		openingTable.entries = entries
		openingTable.byPos = map[openingPos]string{}
		for _, e := range entries {
			p, _ := playOpening(e.Variant, e.Moves)
			openingTable.byPos[openingPos{e.Variant, len(e.Moves), p.Hash()}] = e.Name
			openingTable.maxPlies = max(openingTable.maxPlies, len(e.Moves))
		}
	})
}

// parseOpeningTable reads the table's text: lines of variant, name,
// moves and source, tab-separated; "#" starts a comment line. Every
// entry's moves must be legal from the start position, and two entries
// must not reach one position after as many plies with different names.
func parseOpeningTable(text string) ([]OpeningEntry, error) {
	var out []OpeningEntry
	seen := map[openingPos]string{}
	for i, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("line %d: %d fields, want 4", i+1, len(f))
		}
		v, err := draughts.VariantByName(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		e := OpeningEntry{Variant: v, Name: f[1], Moves: strings.Fields(f[2]), Source: f[3]}
		p, err := playOpening(v, e.Moves)
		if err != nil || e.Name == "" || e.Source == "" || len(e.Moves) == 0 {
			return nil, fmt.Errorf("line %d: %q: %v", i+1, e.Name, err)
		}
		k := openingPos{v, len(e.Moves), p.Hash()}
		if prev, ok := seen[k]; ok && prev != e.Name {
			return nil, fmt.Errorf("line %d: %s reaches the position of %s", i+1, e.Name, prev)
		}
		seen[k] = e.Name
		out = append(out, e)
	}
	return out, nil
}

// playOpening plays moves, written with every landing square, from the
// start position of v.
func playOpening(v draughts.Variant, moves []string) (draughts.Position, error) {
	p := draughts.Start(v)
	var buf []draughts.Move
	for _, text := range moves {
		buf = v.Moves(&p, buf[:0])
		found := false
		for k := range buf {
			if buf[k].String() == text {
				p = p.Play(&buf[k])
				found = true
				break
			}
		}
		if !found {
			return p, fmt.Errorf("%s is not a legal move of %s", text, p.FEN())
		}
	}
	return p, nil
}

// OpeningName is the games table's opening: the game's Opening tag,
// unless it is empty or a placeholder ("?", "***"), else the name of the
// longest entry of the opening table whose moves lead to the position the
// game reached after as many plies, from the variant's start position and
// without a missed capture on the way; "" when there is none.
func OpeningName(r *validate.Report) string {
	if name := textTag(r.Game, openingTags); name != "" {
		return name
	}
	return tableOpening(r)
}

// tableOpening is the name the opening table gives r, or "".
func tableOpening(r *validate.Report) string {
	if !r.Started || r.Variant == draughts.NoVariant || r.Start != draughts.Start(r.Variant) {
		return ""
	}
	loadOpeningTable()
	n := min(openingTable.maxPlies, len(r.Plies))
	for i := range n {
		if r.Plies[i].Illegal {
			n = i
			break
		}
	}
	for k := n; k >= 1; k-- {
		var p draughts.Position
		if k < len(r.Plies) {
			p = r.Plies[k].Before
		} else {
			p = r.Final
		}
		if name, ok := openingTable.byPos[openingPos{r.Variant, k, p.Hash()}]; ok {
			return name
		}
	}
	return ""
}
