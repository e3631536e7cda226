package dupes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// listing adds the games of each text, under its file name, to a
// Listing of kind k and finishes it.
func listing(t *testing.T, k Kind, files map[string]string, order ...string) *Listing {
	t.Helper()
	l := NewListing(k)
	for _, name := range order {
		r := pdn.NewReader(strings.NewReader(files[name]), name)
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if g == nil {
				t.Fatal(err)
			}
			l.Add(g, validate.Game(g, validate.Options{}))
		}
	}
	l.Finish()
	return l
}

// The listing is written a game at a time, and its bytes are those of
// the groups as a whole (Others), encoded by a json.Encoder without HTML
// escaping, and as fmt formats them: damka dupes' output is a contract.
func TestListingBytes(t *testing.T) {
	short, mid, long := game(tsirikCyr, 8), game(tsirikLat, 16), game(tsirikLat, 24)
	fork := game(tsirikCyr, 0, append(append([]string(nil), played[:8]...), "g3-h4", "e5:g3", "h2:f4")...)
	bad := game(tsirikCyr, 0, "c3-d4", "f6-e5", "c3-b4")
	files := map[string]string{
		"a <&> \"é\".pdn":  short + long + mid + bad,
		"b\x1b\xff.pdn":    mid + fork + short + long + bad,
		"Цирик/Петров.pdn": long + short + short + game(ivanov, 20),
	}
	order := []string{"a <&> \"é\".pdn", "b\x1b\xff.pdn", "Цирик/Петров.pdn"}
	for _, k := range []Kind{Exact, Moves, Prefix, Players} {
		l := listing(t, k, files, order...)
		if len(l.Groups()) == 0 {
			t.Fatalf("%s: no group", k)
		}
		var wantText, wantJSON bytes.Buffer
		enc := json.NewEncoder(&wantJSON)
		enc.SetEscapeHTML(false)
		describe := func(m Member) string {
			errs := ""
			if !m.Sound {
				errs = ", with errors"
			}
			return fmt.Sprintf("%s:%d (game %d, %d plies, %d tags%s)", strings.ToUpper(l.File(m)), m.Line, m.Game, m.Plies, m.Tags, errs)
		}
		member := func(m Member) JSONMember {
			return JSONMember{File: l.File(m), Line: int(m.Line), Game: int(m.Game), Plies: m.Plies, Tags: m.Tags, Errors: !m.Sound}
		}
		for _, g := range l.Groups() {
			fmt.Fprintf(&wantText, "%s: keep %s\n", k, describe(g.Kept))
			j := JSONGroup{Kind: k.String(), Kept: member(g.Kept), Dropped: []JSONMember{}}
			for _, m := range l.Finder.Others(g) {
				fmt.Fprintf(&wantText, "  drop %s\n", describe(m))
				j.Dropped = append(j.Dropped, member(m))
			}
			if err := enc.Encode(j); err != nil {
				t.Fatal(err)
			}
		}
		var text, js bytes.Buffer
		if err := l.WriteText(&text, strings.ToUpper); err != nil {
			t.Fatal(err)
		}
		if err := l.WriteJSON(&js); err != nil {
			t.Fatal(err)
		}
		if text.String() != wantText.String() {
			t.Errorf("%s: text\n%s\nwant\n%s", k, text.String(), wantText.String())
		}
		if js.String() != wantJSON.String() {
			t.Errorf("%s: JSON\n%s\nwant\n%s", k, js.String(), wantJSON.String())
		}
	}
}

// heapSampler is a writer that measures the heap in use (after a
// collection) at the first write and every so many writes after, and
// keeps the most.
type heapSampler struct {
	writes, every int
	most          uint64
}

func (h *heapSampler) Write(p []byte) (int, error) {
	if h.writes%h.every == 0 {
		h.sample()
	}
	h.writes++
	return len(p), nil
}

func (h *heapSampler) sample() {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	h.most = max(h.most, m.HeapAlloc)
}

// Issue 44, item 10: damka dupes keeps 20 bytes a game to list the
// groups (docs/commands/dupes.md), however large a group: 200,000 copies of a short game
// in one group, over four files, are held in about 20 bytes a game once
// found, and listing them, as text or JSON, takes no more (the games of a
// group were copied whole to be listed: 190 bytes a game, 450 with
// --json).
func TestListingMemory(t *testing.T) {
	const n = 200_000
	text := game(tsirikCyr, 8)
	g, err := pdn.NewReader(strings.NewReader(text), "a.pdn").Next()
	if g == nil {
		t.Fatal(err)
	}
	r := validate.Game(g, validate.Options{})
	files := []string{"corpus/a.pdn", "corpus/b.pdn", "corpus/c.pdn", "corpus/d.pdn"}

	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	l := NewListing(Moves)
	for i := range n {
		g.File = files[i*len(files)/n]
		g.Index = i%(n/len(files)) + 1
		g.Pos.Line = int32(9*(g.Index-1) + 1)
		l.Add(g, r)
	}
	groups := l.Finish()
	runtime.GC()
	runtime.ReadMemStats(&m1)
	held := float64(m1.HeapAlloc-m0.HeapAlloc) / n
	if len(groups) != 1 || groups[0].Size != n {
		t.Fatalf("%d groups, the first of %d games; want 1 of %d", len(groups), groups[0].Size, n)
	}

	text0, json0 := &heapSampler{every: 50}, &heapSampler{every: 50}
	if err := l.WriteText(text0, func(s string) string { return s }); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteJSON(json0); err != nil {
		t.Fatal(err)
	}
	text0.sample()
	json0.sample()
	runtime.KeepAlive(l)
	listText := float64(text0.most-m0.HeapAlloc) / n
	listJSON := float64(json0.most-m0.HeapAlloc) / n
	t.Logf("%d copies in one group: %.1f bytes a game held, %.1f while listed as text, %.1f as JSON", n, held, listText, listJSON)
	// 20 bytes a game, a bit a game for the games dropped, and the
	// listing's buffers.
	const most = 21
	if held > most || listText > most || listJSON > most {
		t.Errorf("%.1f bytes a game held, %.1f while listed as text, %.1f as JSON; want at most %d (docs/commands/dupes.md: 20)", held, listText, listJSON, most)
	}
}
