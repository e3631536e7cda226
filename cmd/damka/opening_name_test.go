package main

import (
	"html"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every game has one opening name, the same in the games table
// (opening_name), for select --opening and in the report's Openings
// section (issue 47): on the whole corpus, on its Russian games with
// -short.
func TestOneOpeningName(t *testing.T) {
	in := "../../testdata/corpus"
	if testing.Short() {
		in = "../../testdata/corpus/russian"
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if _, errOut, code := run(t, "", "export", "-q", "-o", out, in); code != exitOK && code != exitFindings {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	games := filepath.Join(out, "games.parquet")
	// One column names the game: opening_name (schema 3 removed opening).
	tbl := readParquet(t, games)
	defer tbl.Release()
	for _, f := range tbl.Schema().Fields() {
		if strings.HasPrefix(f.Name, "opening") && f.Name != "opening_name" && f.Name != "opening_moves" {
			t.Errorf("games has a column %s beside opening_name", f.Name)
		}
	}
	ids, names := readStrings(t, games, "game_id"), readStrings(t, games, "opening_name")
	if rows, nulls := readColumnNulls(t, games, "opening_name"); rows != int64(len(ids)) || int(nulls) != countEmpty(names) {
		t.Fatalf("opening_name: %d rows for %d games, %d NULL", rows, len(ids), nulls)
	}
	byName := map[string][]string{}
	for i, name := range names {
		if name != "" {
			byName[name] = append(byName[name], ids[i])
		}
	}
	if len(byName) < 10 {
		t.Fatalf("%d names in the games table of %s", len(byName), in)
	}

	page := filepath.Join(dir, "check.html")
	if _, errOut, code := run(t, "", "check", "-q", "--report", page, in); code != exitOK && code != exitFindings {
		t.Fatalf("check --report: exit %d: %s", code, errOut)
	}
	_, sec, _ := strings.Cut(string(readFile(t, page)), `<section id="openings">`)
	sec, _, _ = strings.Cut(sec, "</section>")
	// A name in Latin letters has no transliteration after it.
	rowRE := regexp.MustCompile(`<tr><th scope="row"[^>]*>(.*?)(?: <span class="latin"[^>]*>.*?</span>)?</th><td>([0-9]+)</td>`)
	reported := map[string]int{}
	for _, m := range rowRE.FindAllStringSubmatch(sec, -1) {
		n, _ := strconv.Atoi(m[2])
		reported[html.UnescapeString(m[1])] = n
	}

	all := map[string]bool{}
	for name := range byName {
		all[name] = true
	}
	for name := range reported {
		all[name] = true
	}
	for name := range all {
		want := slices.Sorted(slices.Values(byName[name]))
		if reported[name] != len(want) {
			t.Errorf("%s: %d games in the report, %d in the games table", name, reported[name], len(want))
		}
		stdout, errOut, code := run(t, "", "select", "-q", in, "--opening", name, "--ids", "-")
		if code != exitOK && code != exitFindings {
			t.Fatalf("select --opening %s: exit %d: %s", name, code, errOut)
		}
		got := slices.Sorted(slices.Values(strings.Fields(stdout)))
		if !slices.Equal(got, want) {
			t.Errorf("%s: select --opening takes %d games, the games table names %d (%v, %v)", name, len(got), len(want), got, want)
		}
	}
	t.Logf("%s: %d games, %d named, %d names", in, len(ids), len(ids)-countEmpty(names), len(byName))
}

func countEmpty(s []string) int {
	n := 0
	for _, x := range s {
		if x == "" {
			n++
		}
	}
	return n
}
