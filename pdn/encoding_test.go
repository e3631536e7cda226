package pdn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// readEncoded reads every game of data with the encoding forced (or "").
func readEncoded(t *testing.T, data []byte, encoding string) ([]*Game, error) {
	t.Helper()
	r := NewReader(bytes.NewReader(data), "t.pdn")
	r.Encoding = encoding
	var out []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if g == nil {
			return out, err
		}
		if err != nil {
			t.Errorf("game %d: %v", len(out)+1, err)
		}
		out = append(out, g)
	}
}

// sameGames checks that got are the games of want, read from another
// encoding of the same text.
func sameGames(t *testing.T, what string, got, want []*Game) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d games, want %d", what, len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.White() != w.White() || g.Black() != w.Black() || g.Event() != w.Event() || len(g.Moves) != len(w.Moves) ||
			g.Raw != w.Raw || g.Pos.Line != w.Pos.Line {
			t.Errorf("%s: game %d: %q - %q (%q), %d moves, line %d; want %q - %q (%q), %d moves, line %d", what, i+1,
				g.White(), g.Black(), g.Event(), len(g.Moves), g.Pos.Line, w.White(), w.Black(), w.Event(), len(w.Moves), w.Pos.Line)
		}
	}
}

// The fixtures of testdata/pdn/encodings: six games of the Russian corpus
// converted with iconv (see testdata/README.md).
func TestEncodingFixtures(t *testing.T) {
	dir := "../testdata/pdn/encodings/"
	base, err := os.ReadFile(dir + "russian.utf8.pdn")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := readEncoded(t, base, "")
	if len(want) != 6 || want[0].White() != "Блиндер Б." {
		t.Fatalf("%d games, first %q", len(want), want[0].White())
	}
	for _, c := range []struct {
		file, encoding string
	}{
		{"russian.utf8.pdn", UTF8},
		{"russian.utf8bom.pdn", UTF8},
		{"russian.cp1251.pdn", Windows1251},
		{"russian.cp866.pdn", CP866},
		{"russian.koi8r.pdn", KOI8R},
		{"russian.utf16le.pdn", UTF16LE},
		{"russian.utf16be.pdn", UTF16BE},
		{"russian.utf16le-nobom.pdn", UTF16LE},
	} {
		data, err := os.ReadFile(dir + c.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, forced := range []string{"", c.encoding} {
			got, err := readEncoded(t, data, forced)
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			sameGames(t, c.file+" forced "+forced, got, want)
			for _, g := range got {
				if g.Encoding != c.encoding {
					t.Errorf("%s (forced %q): game %d read as %s", c.file, forced, g.Index, g.Encoding)
				}
			}
		}
	}
}

// Every game of the Russian corpus, written in each Cyrillic code page,
// is detected in it: the detection accuracy on the converted corpus is
// 100%. Each game is decoded on its own, so a file whose games come from
// different code pages reads whole.
func TestDetectCodePageCorpus(t *testing.T) {
	var games []*Game
	for _, f := range []string{"../testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn", "../testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		gs, _ := readEncoded(t, data, "")
		games = append(games, gs...)
	}
	pages := []struct {
		name string
		cm   *charmap.Charmap
	}{{Windows1251, charmap.Windows1251}, {CP866, charmap.CodePage866}, {KOI8R, charmap.KOI8R}}
	var mixed bytes.Buffer
	var mixedWant []string
	for pi, p := range pages {
		var buf bytes.Buffer
		for _, g := range games {
			enc, err := p.cm.NewEncoder().String(g.Raw)
			if err != nil {
				t.Fatal(err)
			}
			buf.WriteString(enc + "\n\n")
		}
		got, _ := readEncoded(t, buf.Bytes(), "")
		sameGames(t, p.name, got, reread(t, games))
		wrong := 0
		for i, g := range got {
			if g.Encoding != p.name {
				wrong++
				if wrong <= 3 {
					t.Errorf("%s: game %d (%s) read as %s", p.name, i+1, games[i].White(), g.Encoding)
				}
			}
		}
		t.Logf("%s: %d of %d games detected", p.name, len(got)-wrong, len(got))
		for i, g := range games {
			if i%3 == pi {
				enc, _ := p.cm.NewEncoder().String(g.Raw)
				mixed.WriteString(enc + "\n\n")
				mixedWant = append(mixedWant, p.name)
			}
		}
	}
	got, _ := readEncoded(t, mixed.Bytes(), "")
	if len(got) != len(mixedWant) {
		t.Fatalf("mixed: %d games, want %d", len(got), len(mixedWant))
	}
	for i, g := range got {
		if g.Encoding != mixedWant[i] {
			t.Errorf("mixed: game %d read as %s, want %s", i+1, g.Encoding, mixedWant[i])
		}
	}
}

// reread returns the games as they read once written one after the
// other, as the test writes them in a code page.
func reread(t *testing.T, gs []*Game) []*Game {
	var buf bytes.Buffer
	for _, g := range gs {
		buf.WriteString(g.Raw + "\n\n")
	}
	out, _ := readEncoded(t, buf.Bytes(), "")
	return out
}

// Short texts: a name or two is enough.
func TestDetectCodePageShort(t *testing.T) {
	for _, s := range []string{"Цирик З.И.", "Тюнев Е. - Блиндер С.", "X чемпионат СССР", "Шашки", "ЁЛКИН А.", "ЦИРИК З.И.", "ПЕТРОВ - СИДОРОВ", "Москва, 1965 г.", "Ёлкин", "Съезд"} {
		for _, p := range codePages {
			b, err := p.cm.NewEncoder().Bytes([]byte(s))
			if err != nil {
				t.Fatal(err)
			}
			if _, name := detectCodePage(b); name != p.name {
				t.Errorf("%q in %s: detected %s", s, p.name, name)
			}
		}
	}
}

func TestForcedEncoding(t *testing.T) {
	data, err := os.ReadFile("../testdata/pdn/encodings/russian.cp1251.pdn")
	if err != nil {
		t.Fatal(err)
	}
	// Forced, a wrong code page is used as it is told.
	got, _ := readEncoded(t, data, "koi8-r")
	if got[0].Encoding != KOI8R || got[0].White() == "Блиндер Б." {
		t.Errorf("forced KOI8-R: %s %q", got[0].Encoding, got[0].White())
	}
	// UTF-8 forced on bytes that are not: U+FFFD, and the game is read.
	got, _ = readEncoded(t, data, "utf8")
	if got[0].Encoding != UTF8 || !strings.Contains(got[0].White(), "\uFFFD") || len(got[0].Moves) == 0 {
		t.Errorf("forced UTF-8: %s %q", got[0].Encoding, got[0].White())
	}
	// A code page forced on valid UTF-8 decodes it too (mojibake, as told).
	utf, _ := os.ReadFile("../testdata/pdn/encodings/russian.utf8.pdn")
	got, _ = readEncoded(t, utf, "cp1251")
	if got[0].Encoding != Windows1251 || got[0].White() != "Р‘Р»РёРЅРґРµСЂ Р‘." {
		t.Errorf("forced windows-1251 on UTF-8: %s %q", got[0].Encoding, got[0].White())
	}
	r := NewReader(bytes.NewReader(data), "t.pdn")
	r.Encoding = "ebcdic"
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "ebcdic") {
		t.Errorf("unknown encoding: %v", err)
	}
	for in, want := range map[string]string{"UTF8": UTF8, "cp1251": Windows1251, "IBM866": CP866, "koi8r": KOI8R, "utf-16": UTF16LE, "UTF-16BE": UTF16BE, "auto": ""} {
		if got, err := ParseEncoding(in); err != nil || got != want {
			t.Errorf("ParseEncoding(%q) = %q, %v", in, got, err)
		}
	}
}

// A game over the size cap in UTF-16 input says where it is in the text
// decoded (Start -1), not at byte offsets of the file.
func TestUTF16TooLarge(t *testing.T) {
	text := "[Event \"big\"]\n\n1. c3-d4 {" + strings.Repeat("x", 300) + "} *\n\n[Event \"small\"]\n\n1. c3-d4 *\n"
	data := []byte{0xFF, 0xFE}
	for _, r := range text {
		data = append(data, byte(r), byte(r>>8))
	}
	r := NewReader(bytes.NewReader(data), "t.pdn")
	r.MaxGameBytes = 100
	g, err := r.Next()
	var se *SyntaxError
	if !errors.As(err, &se) || se.Err != ErrGameTooLarge || se.Start != -1 || g.Encoding != UTF16LE {
		t.Fatalf("big game: %v, start %d, encoding %s", err, se.Start, g.Encoding)
	}
	if g, err := r.Next(); err != nil || g.Event() != "small" || g.Encoding != UTF16LE {
		t.Errorf("next game: %v %q", err, g.Event())
	}
}

// Issue 29, item 6: Western archives (French, Dutch, German names in
// Windows-1252 or Latin-1) are read in Windows-1252, not as Cyrillic
// ("Hervé Müller" read as "HervИ MЭller"); Cyrillic text stays Cyrillic
// (the Russian corpus in three code pages: TestDetectCodePageCorpus).
func TestWesternCodePage(t *testing.T) {
	names := [][2]string{
		{"Hervé Müller", "François Dupré"},
		{"Jörg Größe", "Ton Sijbrands"},
		{"Gérard Jansen", "Anaël Ibañez"},
		{"Baba Sy", "Jean-Marc Ndjofang"}, // ASCII: UTF-8, whatever
	}
	var buf bytes.Buffer
	for _, n := range names {
		game := "[Event \"Championnat de France, Besançon\"]\n[White \"" + n[0] + "\"]\n[Black \"" + n[1] + "\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
		enc, err := charmap.Windows1252.NewEncoder().String(game)
		if err != nil {
			t.Fatal(err)
		}
		buf.WriteString(enc)
	}
	got, _ := readEncoded(t, buf.Bytes(), "")
	if len(got) != len(names) {
		t.Fatalf("%d games, want %d", len(got), len(names))
	}
	for i, g := range got {
		if g.White() != names[i][0] || g.Black() != names[i][1] || g.Event() != "Championnat de France, Besançon" {
			t.Errorf("game %d read as %q - %q (%q) in %s", i+1, g.White(), g.Black(), g.Event(), g.Encoding)
		}
		if want := Windows1252; g.Encoding != want && i < 3 {
			t.Errorf("game %d: encoding %s, want %s", i+1, g.Encoding, want)
		}
	}
	// Cyrillic names, short or in capitals, are not taken for Western.
	for _, s := range []string{"Цирик З.И.", "Тюнев Е. - Блиндер С.", "X чемпионат СССР", "Шашки", "ЁЛКИН А.", "Москва, 1965 г.", "Ёлкин", "Ivanov - Петров", "в", "по 2"} {
		for _, p := range codePages {
			b, _ := p.cm.NewEncoder().Bytes([]byte(s))
			if westernText(b) {
				t.Errorf("%q in %s taken for Western text", s, p.name)
			}
		}
	}
	// By name: Windows-1252 and Latin-1, forced even on UTF-8.
	for _, in := range []string{"windows-1252", "CP1252", "1252", "latin-1", "Latin1", "ISO-8859-1"} {
		if got, err := ParseEncoding(in); err != nil || got != Windows1252 {
			t.Errorf("ParseEncoding(%q) = %q, %v", in, got, err)
		}
	}
	got, _ = readEncoded(t, []byte("[White \"Hervé\"]\n\n1. 32-28 *\n"), "latin-1")
	if len(got) != 1 || got[0].White() != "HervÃ©" || got[0].Encoding != Windows1252 {
		t.Errorf("forced latin-1 on UTF-8 bytes: %q", got[0].White())
	}
}
