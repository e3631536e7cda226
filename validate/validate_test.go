package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func report(t *testing.T, name string) *Report {
	t.Helper()
	games := readGames(t, "../testdata/validate/"+name)
	if len(games) != 1 {
		t.Fatalf("%s: %d games", name, len(games))
	}
	return Game(games[0], Options{})
}

// One hand-written game per kind of finding (testdata/validate).
func TestFindingKinds(t *testing.T) {
	tests := []struct {
		file     string
		kind     Kind
		severity Severity
		ply      int
		plies    int    // plies replayed
		message  string // part of the message
	}{
		{"missed_capture.pdn", MissedCapture, Error, 3, 4, "a3-b4 was played but a capture was compulsory: d4:f6"},
		{"illegal_move.pdn", IllegalMove, Error, 3, 2, "c3-e5: there is no piece on c3"},
		{"incomplete_capture.pdn", IncompleteCapture, Error, 1, 0, "c3:e5 stops on e5 but the capture must go on: c3:e5:g7"},
		{"ambiguous_resolved.pdn", AmbiguousMove, Warning, 1, 2, "only e1:g3:e5:c3:a5 lets the rest of the game replay"},
		{"ambiguous.pdn", AmbiguousMove, Error, 1, 0, "e1:a5 can be e1:c3:a5 or e1:g3:e5:c3:a5, and the rest of the game does not tell them apart"},
		{"wrong_result.pdn", WrongResult, Error, 2, 1, "white has no legal move at the end and loses (R-END-1), so the result is 0-2, not 2-0"},
		{"wrong_result_terminator.pdn", WrongResult, Error, 3, 2, "the Result tag says 2-0 but the game ends with 0-2"},
		{"draw_by_rule.pdn", DrawByRule, Warning, 8, 9, "threefold repetition (R-DRW-1) after this move, yet the game went on for 1 more plies and it was scored 2-0"},
		{"bad_setup.pdn", BadSetup, Error, 0, 0, "white man on b8"},
		{"unknown_moves.pdn", UnknownMoves, Warning, 3, 2, "placeholders"},
		{"variant_inferred.pdn", VariantInferred, Warning, 0, 2, "read as Russian draughts"},
		{"unknown_variant.pdn", UnknownVariant, Warning, 0, 0, "Spantsiretti"},
		{"syntax_error.pdn", SyntaxError, Error, 0, 1, "comment"},
		{"cyrillic_letter.pdn", CyrillicLetter, Warning, 1, 5, "с3-d4 is written with Cyrillic letters that look like Latin ones; read as c3-d4"},
		{"gametype_mismatch.pdn", GameTypeMismatch, Warning, 0, 5, `numbers the squares from White's bottom right (1 = i1), but the moves are numbered from White's top left (1 = b10)`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			r := report(t, tt.file)
			if len(r.Findings) != 1 {
				t.Fatalf("findings %+v, want one %s", r.Findings, tt.kind)
			}
			f := r.Findings[0]
			if f.Kind != tt.kind || f.Severity != tt.severity || f.Ply != tt.ply {
				t.Errorf("got %s %s at ply %d, want %s %s at ply %d (%s)", f.Kind, f.Severity, f.Ply, tt.kind, tt.severity, tt.ply, f.Message)
			}
			if !strings.Contains(f.Message, tt.message) {
				t.Errorf("message %q does not say %q", f.Message, tt.message)
			}
			if len(r.Plies) != tt.plies {
				t.Errorf("%d plies replayed, want %d", len(r.Plies), tt.plies)
			}
			if f.Line == 0 {
				t.Error("finding has no line")
			}
		})
	}
}

func TestCleanGame(t *testing.T) {
	r := report(t, "clean.pdn")
	if len(r.Findings) != 0 || r.Status() != Clean {
		t.Fatalf("findings %+v", r.Findings)
	}
	if r.Result != "0-2" || r.Outcome.String() != "0-2" {
		t.Errorf("result %s, outcome %s", r.Result, r.Outcome)
	}
	pl := r.Plies[0]
	if pl.Ply != 1 || pl.MoveNumber != 1 || pl.Side.String() != "black" || pl.Move.String() != "a3-b2" || pl.LegalMoves != 3 {
		t.Errorf("ply %+v", pl)
	}
}

func TestMissedCaptureGoesOn(t *testing.T) {
	r := report(t, "missed_capture.pdn")
	pl := r.Plies[2]
	if !pl.Illegal || !pl.CaptureCompulsory || pl.Move.String() != "a3-b4" {
		t.Errorf("ply 3: %+v", pl)
	}
	if got, want := r.Final.FEN(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,e3,g3:Ba5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8"; got != want {
		t.Errorf("final %s, want %s", got, want)
	}
}

func TestResolvedAmbiguityIsWrittenInFull(t *testing.T) {
	r := report(t, "ambiguous_resolved.pdn")
	pl := &r.Plies[0]
	if !pl.Resolved || pl.Canonical(r.Variant, false) != "e1:g3:e5:c3:a5" {
		t.Errorf("resolved %v canonical %s", pl.Resolved, pl.Canonical(r.Variant, false))
	}
}

func TestNormalizeResult(t *testing.T) {
	for in, want := range map[string]string{"1-0": "2-0", "2-0": "2-0", " 0-1": "0-2", "1/2-1/2": "1-1", "1-1": "1-1", "*": "*", "": "*", "4-6": "*"} {
		if got := NormalizeResult(in); got != want {
			t.Errorf("NormalizeResult(%q) = %q, want %q", in, got, want)
		}
	}
}

// Cyrillic look-alikes (а с е, capitals А В С Е Н, х for x) are read as
// the Latin letters, with a warning each; other Cyrillic letters are not
// guessed at here (в for d is a typing slip, not a look-alike).
func TestCyrillicLookalikes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cyrillic.pdn")
	os.WriteFile(path, []byte(`[GameType "25"]

1. С3-d4 b6-а5 2. d4-с5 d6хb4 3. а3Хc5 *

[GameType "25"]

1. c3-в4 *
`), 0o644)
	games := readGames(t, path)
	r := Game(games[0], Options{})
	if len(r.Plies) != 5 || r.Status() != Warnings {
		t.Fatalf("%d plies, findings %+v", len(r.Plies), r.Findings)
	}
	var got []string
	for _, f := range r.Findings {
		if f.Kind != CyrillicLetter {
			t.Errorf("finding %+v", f)
		}
		got = append(got, f.Move)
	}
	if strings.Join(got, " ") != "С3-d4 b6-а5 d4-с5 d6хb4 а3Хc5" {
		t.Errorf("warned of %q", got)
	}
	var canon []string
	for i := range r.Plies {
		canon = append(canon, r.Plies[i].Canonical(r.Variant, false))
	}
	if strings.Join(canon, " ") != "c3-d4 b6-a5 d4-c5 d6:b4 a3:c5" {
		t.Errorf("canonical %q", canon)
	}
	r = Game(games[1], Options{})
	if len(r.Findings) != 1 || r.Findings[0].Kind != IllegalMove {
		t.Errorf("в for d: %+v", r.Findings)
	}
}

// A finding's text form, the one damka check prints after the game.
func TestFindingString(t *testing.T) {
	g := readString(t, "[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. a3-b4 *")
	r := Game(g, Options{})
	f := r.Findings.FirstError()
	if f == nil {
		t.Fatal("no error")
	}
	if got, want := f.Where(), "ply 3 (2. a3-b4)"; got != want {
		t.Errorf("Where = %q, want %q", got, want)
	}
	s := f.String()
	if want := "ply 3 (2. a3-b4): missed_capture: " + f.Message + "; " + f.Suggestion(); s != want || f.Suggestion() == "" {
		t.Errorf("String = %q, want %q", s, want)
	}
	whole := Finding{Kind: VariantInferred, Message: "no GameType tag"}
	if got := whole.String(); got != "variant_inferred: no GameType tag" {
		t.Errorf("a finding on the whole game: %q", got)
	}
}
