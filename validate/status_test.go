package validate

import (
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
)

func readOne(t *testing.T, text string) *pdn.Game {
	t.Helper()
	g, err := pdn.NewReader(strings.NewReader(text), "test.pdn").Next()
	if g == nil {
		t.Fatal(err)
	}
	return g
}

// A game of a variant damka does not play is unchecked, apart from clean
// and warnings: it was never replayed (issue 10, item 3). Spantsiretti
// (GameType 41) is played on 10x8, a board no Geometry has.
func TestUnchecked(t *testing.T) {
	r := Game(readOne(t, "[GameType \"41\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2-0\n"), Options{})
	if st := r.Status(); st != Unchecked {
		t.Errorf("status %s, want %s", st, Unchecked)
	}
	if len(r.Findings) != 1 || r.Findings[0].Kind != UnknownVariant ||
		r.Findings[0].Message != `Spantsiretti (GameType "41") is not a variant damka plays; the game is not checked` {
		t.Errorf("findings %+v", r.Findings)
	}
	if r.Started || len(r.Plies) > 0 {
		t.Error("an unchecked game was replayed")
	}
}

// The message of a variant guessed without a tag says it was guessed,
// and a game that could not be read gets no finding about the variant
// guessed from it (item 11).
func TestVariantMessages(t *testing.T) {
	// No GameType and nothing to go by: inferred from the game before it
	// in the file as Spantsiretti (41), unplayed.
	rd := pdn.NewReader(strings.NewReader("[GameType \"41\"]\n\n1. 32-28 19-23 *\n\n[Event \"x\"]\n\n*\n"), "test.pdn")
	if _, err := rd.Next(); err != nil {
		t.Fatal(err)
	}
	g, err := rd.Next()
	if g == nil {
		t.Fatal(err)
	}
	r := Game(g, Options{})
	if len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, "(no GameType tag: inferred from the game)") ||
		strings.Contains(r.Findings[0].Message, "GameType \"") {
		t.Errorf("inferred variant: %+v", r.Findings)
	}
	r = Game(readOne(t, "1. 32-28 {unterminated\n"), Options{})
	for _, f := range r.Findings {
		if f.Kind == UnknownVariant || f.Kind == VariantInferred {
			t.Errorf("an unreadable game has a variant finding: %s", f.Message)
		}
	}
	if r.Status() != Unreadable {
		t.Errorf("status %s", r.Status())
	}
}

// An empty board is a bad setup (item 11), not a clean game.
func TestEmptyBoard(t *testing.T) {
	r := Game(readOne(t, "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:W:B\"]\n\n*\n"), Options{})
	if r.Status() != Errors || len(r.Findings) != 1 || r.Findings[0].Kind != BadSetup {
		t.Fatalf("status %s, findings %+v", r.Status(), r.Findings)
	}
	if !strings.Contains(r.Findings[0].Message, "no pieces") {
		t.Errorf("message %q", r.Findings[0].Message)
	}
}

// A UTF-8 game with a bad byte gets a warning that says where (item 19).
func TestInvalidUTF8Finding(t *testing.T) {
	r := Game(readOne(t, "[GameType \"25\"]\n[White \"Петров\xff\"]\n\n1. c3-d4 *\n"), Options{})
	if r.Status() != Warnings || len(r.Findings) != 1 || r.Findings[0].Kind != InvalidUTF8 {
		t.Fatalf("status %s, findings %+v", r.Status(), r.Findings)
	}
	f := r.Findings[0]
	if f.Line != 2 || f.Col != 21 || !strings.Contains(f.Message, "(at 2:21)") {
		t.Errorf("finding at %d:%d: %s", f.Line, f.Col, f.Message)
	}
}
