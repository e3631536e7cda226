package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
)

const selectArchive = `[Event "X чемпионат СССР"]
[White "Цирик З.И."]
[Black "Петров С."]
[Date "1955.05.12"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 f6-g5 2. g3-f4 2-0

[Event "Moscow Open"]
[White "Ivanov A."]
[Black "Z. Tsirik"]
[Date "1961"]
[Result "1-1"]
[GameType "25"]

1. g3-f4 f6-g5
2. c3-d4   g5-h4 1-1

[Event "missed capture"]
[White "Tsirik"]
[Date "1957"]
[Result "*"]
[GameType "25"]

1. c3-d4 f6-e5 2. a3-b4 e5:a5 *
`

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSelect(t *testing.T) {
	in := writeTemp(t, "a.pdn", selectArchive)
	dir := t.TempDir()
	out, ids := filepath.Join(dir, "out.pdn"), filepath.Join(dir, "ids.txt")

	// Games written unchanged, in input order, with their ids.
	_, errOut, code := run(t, "", "select", "-q", in, "--player", "Цирик З.И.", "--from", "1950", "--to", "1959", "-o", out, "--ids", ids)
	if code != exitOK || errOut != "3 games read: 2 selected\n" {
		t.Fatalf("exit %d: %q", code, errOut)
	}
	data, _ := os.ReadFile(out)
	games := strings.Split(selectArchive, "\n\n[")
	want := games[0] + "\n\n[" + strings.TrimRight(games[2], "\n") + "\n"
	if string(data) != want {
		t.Errorf("selected:\n%s\nwant\n%s", data, want)
	}
	idData, _ := os.ReadFile(ids)
	if lines := strings.Fields(string(idData)); len(lines) != 2 || len(lines[0]) != 16 {
		t.Errorf("ids: %q", idData)
	}
	// The selection reads back the same.
	_, errOut, _ = run(t, "", "select", "-q", out, "--player", "tsirik", "-o", filepath.Join(dir, "again.pdn"))
	if errOut != "2 games read: 2 selected\n" {
		t.Errorf("re-read: %q", errOut)
	}

	// Canonical output of the selection.
	stdout, _, code := run(t, "", "select", "-q", in, "--black", "Tsirik", "--canonical", "-o", "-")
	if code != exitOK || !strings.Contains(stdout, "[Event \"Moscow Open\"]\n[Site \"?\"]") || !strings.Contains(stdout, "1. g3-f4 f6-g5 2. c3-d4 g5-h4 1-1") {
		t.Errorf("canonical: exit %d\n%s", code, stdout)
	}

	// JSON: one object per selected game.
	stdout, errOut, _ = run(t, "", "select", "-q", in, "--has", "missed_capture", "--json")
	var j map[string]any
	if err := json.Unmarshal([]byte(stdout), &j); err != nil {
		t.Fatalf("%v: %q", err, stdout)
	}
	if j["game"] != 3.0 || j["status"] != "errors" || j["white"] != "Tsirik" || j["variant"] != "russian" || j["plies"] != 4.0 || len(j["id"].(string)) != 16 {
		t.Errorf("JSON %s", stdout)
	}
	if errOut != "3 games read: 1 selected\n" {
		t.Errorf("JSON summary %q", errOut)
	}

	// Every criterion together.
	stdout, _, _ = run(t, "", "select", "-q", in, "--json", "--tag", "Event~open", "--white", "Иванов", "--black", "Tsirik Z.",
		"--min-plies", "4", "--max-plies", "4", "--result", "1/2-1/2", "--variant", "russian", "--status", "clean",
		"--fen", "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,d4,e3,f4:Bb6,d6,g5,h6,a7,c7,e7,g7,b8,d8,f8,h8", "--after-ply", "3")
	if strings.Count(stdout, "\n") != 1 || !strings.Contains(stdout, `"game":2`) {
		t.Errorf("all criteria:\n%s", stdout)
	}
}

func TestSelectErrors(t *testing.T) {
	in := writeTemp(t, "a.pdn", selectArchive)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tag", "Event", "-o", "-"}, "--tag"},
		{[]string{"--player", "Z.", "-o", "-"}, "--player"},
		{[]string{"--from", "someday", "-o", "-"}, "--from"},
		{[]string{"--result", "3-0", "-o", "-"}, "--result"},
		{[]string{"--variant", "chess960", "-o", "-"}, "--variant"},
		{[]string{"--fen", "W:Wz9", "-o", "-"}, "--fen"},
		{[]string{"--material", "W:3Q", "-o", "-"}, "--material"},
		{[]string{"--has", "blunder", "-o", "-"}, "--has"},
		{[]string{"--status", "fine", "-o", "-"}, "--status"},
		{[]string{"--after-ply", "3", "-o", "-"}, "--after-ply"},
		{[]string{"--min-plies", "5", "--max-plies", "4", "-o", "-"}, "--min-plies"},
		{[]string{"--result", "2-0"}, "-o/--output, --json or --ids"},
		{[]string{"--json", "-o", "-"}, "standard output"},
	} {
		_, errOut, code := run(t, "", append([]string{"select", "-q", in}, c.args...)...)
		if code != exitInput || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, %q", c.args, code, errOut)
		}
	}
	_, errOut, code := run(t, "", "select", "-q", in, "missing.pdn", "--result", "2-0", "-o", "-")
	if code != exitInput || !strings.Contains(errOut, "missing.pdn") || !strings.Contains(errOut, "3 games read: 1 selected") {
		t.Errorf("missing input: exit %d, %q", code, errOut)
	}
}

// The corpus with two criteria, against the same selection counted from
// the games as read.
func TestSelectCorpus(t *testing.T) {
	stdout, errOut, code := run(t, "", "select", "-q", "../../testdata/corpus", "--tag", "Event~чемпионат", "--min-plies", "60", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	n := 0
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var j struct {
			Event string
			Plies int
		}
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.ToLower(j.Event), "чемпионат") || j.Plies < 60 {
			t.Errorf("selected %s", sc.Text())
		}
		n++
	}
	// Counted independently, from the reader's games.
	want := 0
	files, err := input.Walk([]string{"../../testdata/corpus"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		err := input.ReadFile(f, func(g *pdn.Game, _ error) error {
			if strings.Contains(strings.ToLower(g.Event()), "чемпионат") && len(g.Moves) >= 60 {
				want++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n != want || n == 0 {
		t.Errorf("%d selected, want %d", n, want)
	}
}

func TestSelectOpening(t *testing.T) {
	in := writeTemp(t, "o.pdn", `[GameType "25"]
[Result "2-0"]

1. c3-d4 d6-c5 2. b2-c3 e7-d6 3. g3-f4 2-0

[GameType "25"]
[Result "1-1"]

1. cb4 fe5 2. bc5 b:d4 3. e:c5 d:b4 4. a:c5 1-1

[GameType "25"]
[Result "0-2"]

1. cb4 fe5 2. bc5 d:b4 3. a:c5 b:d4 4. e:c5 h6-g5 0-2
`)
	// Either alphabet and any case; the two move orders of one tabiya.
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"СТАРАЯ ПАРТИЯ"}, "3 games read: 1 selected\n"},
		{[]string{"Tychok"}, "3 games read: 2 selected\n"},
		{[]string{"тычок", "Staraja partija"}, "3 games read: 3 selected\n"},
	} {
		args := []string{"select", "-q", in, "--ids", "-"}
		for _, n := range c.names {
			args = append(args, "--opening", n)
		}
		_, errOut, code := run(t, "", args...)
		if code != exitOK || errOut != c.want {
			t.Errorf("%q: exit %d, %q", c.names, code, errOut)
		}
	}
	_, errOut, code := run(t, "", "select", "-q", in, "--opening", "Нет такого дебюта", "--ids", "-")
	if code != exitInput || !strings.Contains(errOut, "--opening") || !strings.Contains(errOut, "Старая партия") {
		t.Errorf("a name not in the table: exit %d, %q", code, errOut)
	}
}
