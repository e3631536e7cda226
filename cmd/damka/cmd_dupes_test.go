package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/damka/damka/dupes"
)

const dupesArchive = `[Event "X чемпионат СССР"]
[White "Цирик З.И."]
[Black "Петров С."]
[Date "1955"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 b6-a5 4. f2-e3 c7-b6 2-0

[Event "USSR ch."]
[White "Tsirik Z."]
[Black "S. Petrov"]
[Date "1955.05.12"]
[Round "3"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 b6-a5 4. f2-e3 c7-b6 1-0

[Event "USSR ch."]
[White "Ivanov A."]
[Black "S. Petrov"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 d6-e5 2. b2-c3 e7-d6 2-0

[Event "USSR ch."]
[White "Ivanov A."]
[Black "S. Petrov"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 b6-a5 4. f2-e3 c7-b6 5. c1-b2 b6-c5 2-0
`

func TestDupes(t *testing.T) {
	in := writeTemp(t, "a.pdn", dupesArchive)
	for _, c := range []struct {
		kind string
		want string
	}{
		{"players", "players: keep a.pdn:10 (game 2, 8 plies, 7 tags)\n  drop a.pdn:1 (game 1, 8 plies, 6 tags)\n" +
			"4 games read: 3 distinct, 1 groups of duplicates (players), 1 games to drop\n"},
		{"moves", "moves: keep a.pdn:10 (game 2, 8 plies, 7 tags)\n  drop a.pdn:1 (game 1, 8 plies, 6 tags)\n" +
			"4 games read: 3 distinct, 1 groups of duplicates (moves), 1 games to drop\n"},
		{"prefix", "prefix: keep a.pdn:28 (game 4, 10 plies, 5 tags)\n  drop a.pdn:1 (game 1, 8 plies, 6 tags)\n" +
			"  drop a.pdn:10 (game 2, 8 plies, 7 tags)\n  drop a.pdn:20 (game 3, 4 plies, 5 tags)\n" +
			"4 games read: 1 distinct, 1 groups of duplicates (prefix), 3 games to drop\n"},
		{"exact", "4 games read: 4 distinct, 0 groups of duplicates (exact), 0 games to drop\n"},
	} {
		out, errOut, code := run(t, "", "dupes", "-q", "--kind", c.kind, in)
		out = strings.ReplaceAll(out, in, "a.pdn")
		if code != exitOK || out != c.want {
			t.Errorf("--kind %s: exit %d %s\n%s\nwant\n%s", c.kind, code, errOut, out, c.want)
		}
	}
	// Twice the same file: every game an exact duplicate.
	out, _, _ := run(t, "", "dupes", "-q", "--kind", "exact", in, in)
	if !strings.HasSuffix(out, "8 games read: 4 distinct, 4 groups of duplicates (exact), 4 games to drop\n") {
		t.Errorf("twice:\n%s", out)
	}
	out, errOut, _ := run(t, "", "dupes", "-q", "--json", in)
	var j struct {
		Kind    string
		Kept    dupes.JSONMember
		Dropped []dupes.JSONMember
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || j.Kind != "moves" || j.Kept.Game != 2 || j.Kept.Line != 10 || len(j.Dropped) != 1 || j.Dropped[0].Game != 1 {
		t.Errorf("JSON %v: %s", err, out)
	}
	if !strings.Contains(errOut, "4 games read") {
		t.Errorf("JSON summary %q", errOut)
	}
	if _, errOut, code := run(t, "", "dupes", "--kind", "fuzzy", in); code != exitInput || !strings.Contains(errOut, "--kind") {
		t.Errorf("bad kind: exit %d %q", code, errOut)
	}
	if _, errOut, code := run(t, "", "dupes", "-q", in, "missing.pdn"); code != exitInput || !strings.Contains(errOut, "missing.pdn") {
		t.Errorf("missing input: exit %d %q", code, errOut)
	}
}

// The corpus given three times: every game is found twice more, whatever
// the number of workers. (The whole corpus: 3,982 games of every variant.)
func TestDupesCorpus(t *testing.T) {
	dir := "../../testdata/corpus"
	one, _, _ := run(t, "", "dupes", "-q", "--kind", "exact", dir)
	m := regexp.MustCompile(`(\d+) games read: (\d+) distinct`).FindStringSubmatch(one)
	if m == nil {
		t.Fatalf("summary: %s", one)
	}
	var games, distinct int
	fmt.Sscan(m[1], &games)
	fmt.Sscan(m[2], &distinct)
	_, cleanErr, _ := run(t, "", "clean", "-q", dir, "-o", filepath.Join(t.TempDir(), "c.pdn"))
	m = regexp.MustCompile(`(\d+) rejected`).FindStringSubmatch(cleanErr)
	if m == nil {
		t.Fatalf("clean's summary: %s", cleanErr)
	}
	var rejected int
	fmt.Sscan(m[1], &rejected)
	var outs []string
	for _, j := range []string{"1", "3"} {
		out, _, code := run(t, "", "dupes", "-q", "-j", j, "--kind", "exact", dir, dir, dir)
		if code != exitFindings { // the corpus has games with errors, and of variants damka does not play
			t.Fatalf("exit %d", code)
		}
		// The games of the corpus that clean rejects are dropped twice
		// each too, and counted apart.
		want := fmt.Sprintf("%d games read: %d distinct, %d groups of duplicates (exact), %d games to drop (%d with errors: damka clean rejects them, and drops %d)\n",
			3*games, distinct, distinct, 3*games-distinct, 2*rejected, 3*games-distinct-2*rejected)
		if !strings.HasSuffix(out, want) {
			t.Errorf("-j %s: %s\nwant %s", j, out[max(0, len(out)-200):], want)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Error("-j 1 and -j 3 differ")
	}
}

// clean --drop-duplicates=KIND writes the game dupes keeps of each group,
// in its place in the input, and no other of the group.
func TestCleanDropDuplicateKinds(t *testing.T) {
	in := writeTemp(t, "a.pdn", dupesArchive)
	out := writeTemp(t, "out.pdn", "")
	for _, c := range []struct {
		kind    string
		summary string
		white   []string // of the games written, in order
	}{
		{"exact", "4 games read: 4 written, 0 rejected, 0 duplicates dropped", []string{"Цирик З.И.", "Tsirik Z.", "Ivanov A.", "Ivanov A."}},
		{"all", "4 games read: 4 written, 0 rejected, 0 duplicates dropped", []string{"Цирик З.И.", "Tsirik Z.", "Ivanov A.", "Ivanov A."}},
		{"players", "4 games read: 3 written, 0 rejected, 1 duplicates dropped", []string{"Tsirik Z.", "Ivanov A.", "Ivanov A."}},
		{"moves", "4 games read: 3 written, 0 rejected, 1 duplicates dropped", []string{"Tsirik Z.", "Ivanov A.", "Ivanov A."}},
		{"prefix", "4 games read: 1 written, 0 rejected, 3 duplicates dropped", []string{"Ivanov A."}},
	} {
		_, errOut, code := run(t, "", "clean", "-q", in, "-o", out, "--drop-duplicates="+c.kind)
		if code != exitOK || !strings.Contains(errOut, c.summary) {
			t.Errorf("%s: exit %d %q", c.kind, code, errOut)
		}
		stdout, _, _ := run(t, "", "select", "-q", out, "--json")
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
			var j struct{ White string }
			json.Unmarshal([]byte(l), &j)
			got = append(got, j.White)
		}
		if strings.Join(got, "|") != strings.Join(c.white, "|") {
			t.Errorf("%s: written %q, want %q", c.kind, got, c.white)
		}
	}
	if _, errOut, code := run(t, "", "clean", in, "-o", out, "--drop-duplicates=fuzzy"); code != exitInput || !strings.Contains(errOut, "--drop-duplicates") {
		t.Errorf("bad kind: exit %d %q", code, errOut)
	}
}

// Of two copies of a game, dupes keeps the one that replays without an
// error, as clean --drop-duplicates does (issue 29, item 9: dupes kept
// the copy with more tags and an error, which clean rejects), and its
// summary counts the copies with errors apart, so that its drops and
// clean's agree.
func TestDupesKeepsTheSoundCopy(t *testing.T) {
	const archive = `[Event "a"]
[Site "x"]
[Round "1"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 d6-c5 2. b2-c3 c7-d6 0-2

[Event "a"]
[GameType "25"]

1. c3-d4 d6-c5 2. b2-c3 c7-d6 *
`
	out, _, _ := run(t, archive, "dupes", "-")
	if !strings.Contains(out, "moves: keep -:9 (game 2, 4 plies, 2 tags)") ||
		!strings.Contains(out, "drop -:1 (game 1, 4 plies, 5 tags, with errors)") {
		t.Errorf("dupes did not keep the copy without errors:\n%s", out)
	}
	if !strings.Contains(out, "1 games to drop (1 with errors: damka clean rejects them, and drops 0)") {
		t.Errorf("summary:\n%s", out)
	}
	js, _, _ := run(t, archive, "dupes", "--json", "-")
	var g dupes.JSONGroup
	if err := json.Unmarshal([]byte(js), &g); err != nil {
		t.Fatalf("%v: %s", err, js)
	}
	if g.Kept.Game != 2 || g.Kept.Errors || len(g.Dropped) != 1 || !g.Dropped[0].Errors {
		t.Errorf("JSON: %+v", g)
	}
	_, errOut, _ := run(t, archive, "clean", "--drop-duplicates=moves", "-", "-o", "-")
	if !strings.Contains(errOut, "1 written, 1 rejected, 0 duplicates dropped") {
		t.Errorf("clean: %s", errOut)
	}
}
