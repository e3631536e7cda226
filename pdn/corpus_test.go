package pdn

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// corpusDir returns the corpus directory: the copy of the shared corpus
// in testdata/corpus (byte for byte, with its SOURCES.md), or
// DAMKA_CORPUS when set; it skips the test when the directory is not
// there.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("DAMKA_CORPUS")
	if dir == "" {
		dir = "../testdata/corpus"
	}
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("corpus not found: %v", err)
	}
	return dir
}

// corpusFiles returns the corpus inputs (walkFiles).
func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	names, err := walkFiles(corpusDir(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return names
}

// golden gives, for every file of the corpus, what Reader finds.
//
// What is counted: a game is a tag section with what follows it, or a
// movetext that follows a terminator with no tags before it (the PDN
// grammar: Game (GameSeparator Game)*). SOURCES.md counts tag blocks;
// the two agree for every file but three, noted below, where the extra
// games are tagless movetexts. A JSON file gives the PDN text held in
// its strings, joined by blank lines; a string of tags followed by a
// string of moves then reads as one game (whether or not they belonged
// together: SOURCES.md says they cannot be re-paired).
//
// Columns: games, games with tags, games with a syntax error, note.
var golden = []struct {
	file   string
	games  int
	tagged int
	errors int
	note   string
}{
	{"brazilian/py-draughts/random_pdns.json", 25, 25, 0, ""},
	{"czech/wiegerw-pdn/fail/mrdrcd07.pdn", 72, 72, 0, ""},
	{"czech/wiegerw-pdn/fail/mrdrcd08.pdn", 40, 40, 0, ""},
	{"czech/wiegerw-pdn/succeed/mrcd2000kval.pdn", 40, 40, 0, ""},
	{"czech/wiegerw-pdn/succeed/mrcd2006.pdn", 44, 44, 0, ""},
	{"czech/wiegerw-pdn/succeed/mrcd2007.pdn", 102, 102, 0, ""},
	{"edge_cases/wiegerw-pdn/fail/nested_comment.pdn", 1, 0, 1, "ErrNestedComment"},
	{"edge_cases/wiegerw-pdn/succeed/alphanumeric.pdn", 1, 0, 1, "\"1.a3b4\" and the end of the file: no result (ErrCut)"},
	{"edge_cases/wiegerw-pdn/succeed/fen.pdn", 3, 3, 0, ""},
	{"edge_cases/wiegerw-pdn/succeed/gameterminator.pdn", 1, 0, 0, ""},
	{"edge_cases/wiegerw-pdn/succeed/linecomment.pdn", 1, 1, 1, "no result before the end of the file (ErrCut)"},
	{"edge_cases/wiegerw-pdn/succeed/movestrength.pdn", 1, 0, 0, ""},
	{"edge_cases/wiegerw-pdn/succeed/string.pdn", 1, 1, 1, "no result before the end of the file (ErrCut)"},
	{"edge_cases/wiegerw-pdn/succeed/unicode.pdn", 1, 1, 1, "no result before the end of the file (ErrCut)"},
	{"edge_cases/wiegerw-pdn/succeed/variation.pdn", 1, 0, 1, "no result before the end of the file (ErrCut)"},
	{"english/py-draughts/american/1.txt", 1, 0, 1, "bare move list, no tags: one game; no result before the end (ErrCut)"},
	{"english/py-draughts/american/random_pdns.json", 30, 30, 0, ""},
	{"english/raven-checkers/tests/sample.pdn", 1, 1, 0, "duplicate Event tags: one game"},
	{"english/raven-checkers/training/german_open_2004.pdn", 1, 1, 0, ""},
	{"english/raven-checkers/training/tinsley.pdn", 724, 724, 0, ""},
	{"english/wiegerw-pdn/succeed/OCA_2.0.pdn", 43, 43, 0, ""},
	{"english/wiegerw-pdn/succeed/Principles of Strategy.pdn", 16, 16, 0, ""},
	{"english/wiegerw-pdn/succeed/Tricks traps and shots.pdn", 91, 91, 0, ""},
	{"english/wiegerw-pdn/succeed/beginner.pdn", 58, 58, 0, ""},
	{"english/wiegerw-pdn/succeed/borderclassics.pdn", 183, 183, 0, ""},
	{"english/wiegerw-pdn/succeed/bridges.pdn", 267, 267, 0, ""},
	{"english/wiegerw-pdn/succeed/gem.pdn", 162, 162, 0, ""},
	{"english/wiegerw-pdn/succeed/goulds.pdn", 262, 262, 0, ""},
	{"english/wiegerw-pdn/succeed/inferno.pdn", 68, 68, 0, ""},
	{"english/wiegerw-pdn/succeed/lpc.pdn", 100, 100, 0, ""},
	{"frisian/py-draughts/random_pdns.json", 24, 16, 0, "JSON: 16 tag blocks + 8 movetexts with no tags before them (SOURCES: tags/moves split)"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/1er Open International Allinges 2007.pdn", 45, 45, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/29eme Open d'Avignon 2014.pdn", 97, 97, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/2ème Open national du Léman.pdn", 147, 147, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/48th Polish Team Championship.pdn", 82, 82, 2, "81 Event tags + \"[Empty] 1. 32-28 ...\" (a game with one [Empty] tag); errors: \"[\" and \"[[Event\""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn", 48, 48, 0, "47 Event tags + one \"[&#x00c9;v&#x00e9;nement\" block"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Brigitte.pdn", 1, 1, 0, "[PlyCount] after a blank line is still the same game"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/BrunoOuverture.pdn", 1, 1, 1, "no result before the end of the file (ErrCut)"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/BrunoVsScan31.pdn", 11, 11, 1, "the last game stops at move 38 with no result (ErrCut)"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Championnat de France 2021.pdn", 58, 58, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/ChapionnatSurinam2025.pdn", 98, 98, 1, "97 \"[Event\" + one \"Event ...\" line with no \"[\" (ErrBadTag, kept)"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Match Samb-Buggy2.pdn", 6, 6, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Mini.pdn", 6, 6, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Moby_vs_Programs.pdn", 9, 9, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Montpellier Open Serie A.pdn", 56, 56, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Montpellier Open Serie B.pdn", 49, 49, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Partie_avec_FEN1.pdn", 4, 4, 1, "the last game has no result (ErrCut)"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Sijbrands_vs_Andreiko.pdn", 20, 20, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/TOURNOI DES CHAMPION REGIONAUX.pdn", 12, 12, 1, "\"[\" alone on a line before \"Event ...]\" (ErrBadTag, kept)"},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Van der Wal_vs_Wiersma.pdn", 20, 20, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/World Title Match Women 2024.pdn", 2, 2, 0, ""},
	{"international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/test.pdn", 2, 2, 1, "the last game stops after \"7. 39x30\" (ErrCut)"},
	{"international/py-draughts/random_pdns.json", 30, 30, 0, "JSON: 13 complete + 17 header-only"},
	{"international/wiegerw-pdn/fail/40Camp.DamaInternazionaleAssoluto.pdn", 45, 45, 0, ""},
	{"international/wiegerw-pdn/fail/Cat.A1.pdn", 35, 35, 0, ""},
	{"international/wiegerw-pdn/fail/Cat.C1.pdn", 46, 45, 0, "45 tag blocks + a stray \"36x27 1-0\" after a terminator: a tagless game"},
	{"international/wiegerw-pdn/fail/delfts.pdn", 2, 2, 0, "match-score terminators \"4-6\", \"1-9\" (= Result tag)"},
	{"international/wiegerw-pdn/succeed/090417ronde12.pdn", 7, 7, 0, ""},
	{"international/wiegerw-pdn/succeed/Cat.B1.pdn", 37, 37, 0, ""},
	{"international/wiegerw-pdn/succeed/Cat.D1.pdn", 19, 19, 0, ""},
	{"international/wiegerw-pdn/succeed/DUTCH96H.pdn", 13, 13, 0, ""},
	{"international/wiegerw-pdn/succeed/PROF2.pdn", 16, 16, 0, ""},
	{"international/wiegerw-pdn/succeed/PWCP 2a.pdn", 59, 59, 0, ""},
	{"international/wiegerw-pdn/succeed/PWCP_2.pdn", 51, 51, 0, ""},
	{"international/wiegerw-pdn/succeed/candidate95.pdn", 8, 8, 0, ""},
	{"international/wiegerw-pdn/succeed/kurnik.pdn", 4, 4, 0, ""},
	{"international/wiegerw-pdn/succeed/nk ronde 01.pdn", 7, 7, 0, ""},
	{"international/wiegerw-pdn/succeed/nk ronde 02.pdn", 7, 7, 0, ""},
	{"international/wiegerw-pdn/succeed/nk2003-amsterdam.pdn", 33, 33, 0, ""},
	{"international/wiegerw-pdn/succeed/rk ronde 12.pdn", 7, 7, 0, ""},
	{"international/wiegerw-pdn/succeed/schildpad.pdn", 34, 34, 0, ""},
	{"international/wiegerw-pdn/succeed/windragon.pdn", 1, 1, 0, ""},
	{"international/wiegerw-pdn/succeed/wk2003.pdn", 23, 23, 0, ""},
	{"italian/wiegerw-pdn/succeed/Campionato Assoluto 2005.pdn", 53, 53, 0, ""},
	{"other-lidraughts/py-draughts/antidraughts/random_pdns.json", 25, 25, 0, ""},
	{"other-lidraughts/py-draughts/breakthrough/random_pdns.json", 25, 25, 0, ""},
	{"other-lidraughts/py-draughts/frysk/random_pdns.json", 25, 25, 0, ""},
	{"russian/py-draughts/random_pdns.json", 22, 21, 0, "JSON: 21 tag blocks (SOURCES ≈21) + 1 movetext right after another movetext"},
	{"russian/wiegerw-pdn/fail/abatsiev.pdn", 56, 56, 0, "includes a game of unknown moves \"1. - - 2. - -\""},
	{"russian/wiegerw-pdn/succeed/ussr1947.pdn", 153, 153, 0, ""},
}

func TestCorpusGolden(t *testing.T) {
	dir := corpusDir(t)
	seen := map[string]bool{}
	total := 0
	for _, want := range golden {
		seen[want.file] = true
		games, tagged, errs := 0, 0, 0
		err := readGames(filepath.Join(dir, want.file), func(g *Game, err error) error {
			games++
			if len(g.Tags) > 0 {
				tagged++
			}
			if err != nil {
				errs++
			}
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", want.file, err)
			continue
		}
		total += games
		if games != want.games || tagged != want.tagged || errs != want.errors {
			t.Errorf("%s: %d games, %d tagged, %d errors; want %d, %d, %d", want.file, games, tagged, errs, want.games, want.tagged, want.errors)
		}
	}
	// Every file of the corpus is in the table.
	for _, name := range corpusFiles(t) {
		rel, _ := filepath.Rel(dir, name)
		if !seen[filepath.ToSlash(rel)] {
			t.Errorf("%s: not in the golden table", rel)
		}
	}
	if total != 3982 {
		t.Errorf("%d games in all, want 3982", total)
	}
}

// TestCorpusNoLoss checks that no text of a corpus file is lost: each
// game's Raw is the file's text at RawPos, and what lies between games is
// blank (whitespace, literal \r, byte order mark).
func TestCorpusNoLoss(t *testing.T) {
	dir := corpusDir(t)
	for _, name := range corpusFiles(t) {
		if strings.HasSuffix(name, ".json") {
			continue // positions refer to the text inside the JSON strings
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
		rel, _ := filepath.Rel(dir, name)
		end := 0
		err = readGames(name, func(g *Game, err error) error {
			if g.Encoding != UTF8 {
				t.Fatalf("%s: game %d is %s", rel, g.Index, g.Encoding)
			}
			off := g.RawPos.Offset
			if off < end || off+len(g.Raw) > len(text) || text[off:off+len(g.Raw)] != g.Raw {
				t.Fatalf("%s: game %d: Raw is not the text at offset %d", rel, g.Index, off)
			}
			if gap := text[end:off]; !blank(gap) {
				t.Errorf("%s: text lost before game %d: %q", rel, g.Index, gap)
			}
			if line := lineOf(text, off); int(g.RawPos.Line) != line {
				t.Errorf("%s: game %d at line %d, want %d", rel, g.Index, g.RawPos.Line, line)
			}
			end = off + len(g.Raw)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if gap := text[end:]; !blank(gap) {
			t.Errorf("%s: text lost at the end: %q", rel, gap)
		}
	}
}

// lineOf returns the line of text[off], counting CRLF, LF and CR line
// ends.
func lineOf(text string, off int) int {
	line := 1
	for i := 0; i < off; i++ {
		switch text[i] {
		case '\n':
			line++
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			line++
		}
	}
	return line
}

func blank(s string) bool {
	s = strings.ReplaceAll(s, `\r`, "")
	return strings.Trim(s, " \t\r\n\v\f") == ""
}

// TestCorpusTokens checks some facts about every move of the corpus.
func TestCorpusTokens(t *testing.T) {
	shapes := map[string]int{}
	for _, name := range corpusFiles(t) {
		readGames(name, func(g *Game, err error) error {
			var walk func([]Move)
			walk = func(ms []Move) {
				for _, m := range ms {
					if m.Text == "" || strings.ContainsAny(m.Text, "{}()[]!?$*") {
						t.Errorf("%s: game %d: move %q", name, g.Index, m.Text)
					}
					shapes[shape(m.Text)]++
					for _, v := range m.Variations() {
						walk(v)
					}
				}
			}
			walk(g.Moves)
			return nil
		})
	}
	var got []string
	for s := range shapes {
		got = append(got, s)
	}
	sort.Strings(got)
	want := []string{"-", "N- N", "N-N", "Nx N", "NxN", "NxNxN", "NxNxNxN", "aN-aN", "aN:aN", "aNaN", "aNxaN", "aNxaNxaN", "aNxaNxaNxaN", "aNxaNxaNxaNxaNxaN"}
	eq(t, "move shapes", got, want)
}

// shape writes a move with N for a number and a for a letter.
func shape(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
			if len(b) == 0 || b[len(b)-1] != 'N' {
				b = append(b, 'N')
			}
		case isLetter(c) && !isX(c):
			b = append(b, 'a')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
