package report

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// The openings section: the named openings of the run, most played
// first, with their results; both move orders of one tabiya count as one.
func TestOpeningsSection(t *testing.T) {
	const text = `[GameType "25"]
[Result "2-0"]

1. c3-d4 d6-c5 2. b2-c3 e7-d6 2-0

[GameType "25"]
[Result "1-1"]

1. cb4 fe5 2. bc5 b:d4 3. e:c5 d:b4 4. a:c5 1-1

[GameType "25"]
[Result "0-2"]

1. cb4 fe5 2. bc5 d:b4 3. a:c5 b:d4 4. e:c5 0-2

[GameType "25"]
[Result "1-1"]

1. ab4 hg5 1-1
`
	c := NewCheck(0)
	rd := pdn.NewReader(strings.NewReader(text), "o.pdn")
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			t.Fatal(err)
		}
		c.Add("o.pdn", validate.Game(g, validate.Options{}))
	}
	var b bytes.Buffer
	if err := c.Write(&b, Meta{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	_, sec, ok := strings.Cut(page, `<section id="openings">`)
	sec, _, _ = strings.Cut(sec, "</section>")
	if !ok || !strings.Contains(page, `<a href="#openings">Openings (2)</a>`) {
		t.Fatalf("no openings section:\n%s", page)
	}
	if !strings.Contains(sec, "3 of the games pass through") {
		t.Errorf("named count: %s", sec)
	}
	tychok := `<tr><th scope="row" lang="ru">Тычок <span class="latin" lang="ru-Latn">Tychok</span></th><td>2</td><td>0</td><td>1</td><td>1</td><td>25%</td></tr>`
	old := `<tr><th scope="row" lang="ru">Старая партия <span class="latin" lang="ru-Latn">Staraya partiya</span></th><td>1</td><td>1</td><td>0</td><td>0</td><td>100%</td></tr>`
	i, j := strings.Index(sec, tychok), strings.Index(sec, old)
	if i < 0 || j < 0 || i > j {
		t.Errorf("rows (Тычок first, 2 games):\n%s", sec)
	}
	// A run without a named game says so.
	var e bytes.Buffer
	if err := NewCheck(0).Write(&e, Meta{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.String(), `<tr><td colspan="6">none</td></tr>`) {
		t.Error("an empty run has no 'none' row")
	}
}

// The openings of International draughts are named in English and Dutch,
// not Russian: each row says its name's language, and a name in Latin
// letters is not written a second time.
func TestOpeningsSectionLanguages(t *testing.T) {
	const text = `[GameType "20"]
[Result "2-0"]

1. 32-28 19-23 2-0

[GameType "20"]
[Result "1-1"]

1. 32-28 17-22 2. 28x17 11x22 3. 37-32 12-17 4. 41-37 6-11 5. 46-41 7-12
6. 34-29 2-7 7. 40-34 19-23 8. 45-40 14-19 9. 32-28 23x32 10. 37x28 20-24
11. 29x20 15x24 12. 41-37 16-21 13. 31-26 11-16 1-1

[GameType "25"]
[Result "0-2"]

1. c3-d4 d6-c5 2. b2-c3 e7-d6 0-2
`
	c := NewCheck(0)
	rd := pdn.NewReader(strings.NewReader(text), "o.pdn")
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			t.Fatal(err)
		}
		c.Add("o.pdn", validate.Game(g, validate.Options{}))
	}
	var b bytes.Buffer
	if err := c.Write(&b, Meta{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	_, sec, _ := strings.Cut(b.String(), `<section id="openings">`)
	sec, _, _ = strings.Cut(sec, "</section>")
	for _, want := range []string{
		`<tr><th scope="row" lang="en">Symmetrical variation</th><td>1</td>`,
		`<tr><th scope="row" lang="nl">Schwarzmanvariant</th><td>1</td>`,
		`<tr><th scope="row" lang="ru">Старая партия <span class="latin" lang="ru-Latn">Staraya partiya</span></th><td>1</td>`,
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("no row %s in\n%s", want, sec)
		}
	}
}
