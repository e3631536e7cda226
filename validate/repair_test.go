package validate

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/damka/damka/pdn"
)

// slipCases describes the games of testdata/repair/slips.pdn: the first
// game of the USSR championship archive with slips planted, and what the
// first suggestion must be.
var slipCases = []struct {
	what    string
	kind    Kind // of the first error
	ply     int
	edit    Edit
	move    string
	repairs int // applied by a repairing replay: 0 when none is certain
}{
	{"3. e3-f4 written e3-f5 (a rank one off)", IllegalMove, 5, EditSquare, "e3-f4", 1},
	{"5. c1-b2 written b2-c1", IllegalMove, 9, EditSwapSquares, "c1-b2", 1},
	// A look-alike is no error: read as the Latin letter, with a warning
	// (issue 13); the Cyrillic key letters are slips.
	{"3. e3-f4 written with a Cyrillic е", CyrillicLetter, 5, "", "", 0},
	{"1. c3-d4 written c3-в4 (the d key on a Russian keyboard)", IllegalMove, 1, EditCyrillic, "c3-d4", 1},
	{"numeric notation, 4. f2-e3 (27-23) written 27-24", IllegalMove, 7, EditSquare, "27-23", 1},
	{"6. d4:b6 written d4:a7 (landing a square too far)", IllegalMove, 11, EditCapturePath, "d4:b6", 1},
	{"6... a5:c7 written a5-b6 (onto the piece taken)", IllegalMove, 12, EditDashCapture, "a5:c7", 1},
	{"30... c5:g5 written c5:e3 (stops short)", IncompleteCapture, 60, EditCapturePath, "c5:e3:g5", 1},
	{"4... c7-b6 left out", IllegalMove, 8, EditInsert, "c7-b6", 1},
	{"7. c3-d4 and 8. b2:d4 written the other way round", IllegalMove, 13, EditSwapMoves, "c3-d4", 1},
	{"2... e7-d6 written twice", IllegalMove, 5, EditDelete, "e7-d6", 1},
	{"3. e3-f4 written e3-f5 and 16. c3-b4 written b4-c3", IllegalMove, 5, EditSquare, "e3-f4", 2},
	{"31. h4:f6 written a1-h8, the last move: nothing confirms a repair", IllegalMove, 61, EditDelete, "a1-h8", 0},
}

// The slips planted into a real game: the intended move is the first
// suggestion, and a repairing replay (damka clean --repair) gives back
// the original game exactly, a comment at each move it changed.
func TestRepairSlips(t *testing.T) {
	original := Game(readGames(t, corpusFile(t, "ussr1947.pdn"))[0], Options{})
	want := cleanText(t, original)
	games := readGames(t, testdata+"repair/slips.pdn")
	if len(games) != len(slipCases) {
		t.Fatalf("%d games, want %d", len(games), len(slipCases))
	}
	for i, tc := range slipCases {
		t.Run(tc.what, func(t *testing.T) {
			g := games[i]
			r := Game(g, Options{})
			if tc.kind == CyrillicLetter {
				var got []Finding
				for _, f := range r.Findings {
					if f.Kind != VariantInferred {
						got = append(got, f)
					}
				}
				if len(got) != 1 || got[0].Kind != CyrillicLetter || got[0].Ply != tc.ply || r.Stopped {
					t.Fatalf("findings %+v, want a cyrillic_letter warning at ply %d", r.Findings, tc.ply)
				}
				if got := cleanText(t, r); got != want {
					t.Errorf("game read:\n%s\nwant the original:\n%s", got, want)
				}
				return
			}
			e := r.Findings.FirstError()
			if e == nil || e.Kind != tc.kind || e.Ply != tc.ply {
				t.Fatalf("first error %+v, want %s at ply %d", e, tc.kind, tc.ply)
			}
			if len(e.Repairs) == 0 {
				t.Fatal("no repair suggested")
			}
			best := e.Repairs[0]
			if best.Edit != tc.edit || best.Move != tc.move {
				t.Errorf("first suggestion %s %s, want %s %s (%s)", best.Edit, best.Move, tc.edit, tc.move, e.Suggestion())
			}
			rep := Game(g, Options{Repair: true})
			if len(rep.Repairs) != tc.repairs {
				t.Fatalf("%d repairs applied, want %d: %+v", len(rep.Repairs), tc.repairs, rep.Findings)
			}
			if tc.repairs == 0 {
				if rep.Findings.Errors() == 0 || rep.Findings.FirstError().Ply != tc.ply {
					t.Errorf("not repaired, yet the findings are %+v", rep.Findings)
				}
				return
			}
			if !strings.HasSuffix(e.Suggestion(), "(the rest of the game then replays)") && tc.repairs == 1 {
				t.Errorf("suggestion %q", e.Suggestion())
			}
			if rep.Findings.Errors() > 0 || rep.Status() != Warnings || rep.Stopped {
				t.Errorf("repaired game: status %s, findings %+v", rep.Status(), rep.Findings)
			}
			if got := cleanText(t, rep); got != want {
				t.Errorf("repaired game:\n%s\nwant the original:\n%s", got, want)
			}
			notes, fixed := 0, 0
			for _, m := range rep.Line(false) {
				for _, c := range append(m.Comments(), m.Before()...) {
					if isRepairNote(c) {
						notes++
					}
				}
			}
			for _, pl := range rep.Plies {
				if pl.Repaired {
					fixed++
				}
			}
			if notes != tc.repairs || fixed == 0 && tc.edit != EditDelete {
				t.Errorf("%d repair notes, %d plies marked repaired", notes, fixed)
			}
			n := 0
			for _, f := range rep.Findings {
				if f.Kind == Repaired {
					n++
					if f.Severity != Warning || len(f.Repairs) != 1 || !strings.Contains(f.Message, "; repaired") {
						t.Errorf("repaired finding %+v", f)
					}
				}
			}
			if n != tc.repairs {
				t.Errorf("%d repaired findings, want %d", n, tc.repairs)
			}
		})
	}
}

// What a repaired ply says of itself: the move as the record had it, and
// none for a move left out.
func TestRepairedPlies(t *testing.T) {
	games := readGames(t, testdata+"repair/slips.pdn")
	r := Game(games[0], Options{Repair: true})
	pl := r.Plies[4]
	if !pl.Repaired || pl.Written != "e3-f5" || pl.Move.String() != "e3-f4" || pl.Index != 4 {
		t.Errorf("replaced ply %+v", pl)
	}
	for i := range r.Plies {
		if i != 4 && r.Plies[i].Repaired {
			t.Errorf("ply %d marked repaired", i+1)
		}
	}
	r = Game(games[8], Options{Repair: true})
	pl = r.Plies[7]
	if !pl.Repaired || pl.Written != "" || pl.Index != -1 || pl.Move.String() != "c7-b6" {
		t.Errorf("inserted ply %+v", pl)
	}
	if next := r.Plies[8]; next.Repaired || next.Index != 7 || next.Written != "c1-b2" {
		t.Errorf("ply after the insertion %+v", next)
	}
	r = Game(games[10], Options{Repair: true})
	if len(r.Plies) != len(games[10].Moves)-1 || r.Plies[4].Index != 5 {
		t.Errorf("deletion: %d plies of %d moves, ply 5 from move %d", len(r.Plies), len(games[10].Moves), r.Plies[4].Index)
	}
}

// The words of the suggestions.
func TestSuggestionText(t *testing.T) {
	games := readGames(t, testdata+"repair/slips.pdn")
	for _, tc := range []struct {
		game int
		want string
	}{
		{0, "did you mean e3-f4? (the rest of the game then replays)"},
		{8, "did you mean c7-b6, left out before c1-b2? (the rest of the game then replays)"},
		{9, "did you mean c3-d4 before b2:d4, the moves the other way round? (the rest of the game then replays)"},
		{10, "did you mean e7-d6 deleted, a move written twice? (the rest of the game then replays)"},
		{11, "did you mean e3-f4? (then 25 more plies replay)"},
	} {
		r := Game(games[tc.game], Options{})
		if got := r.Findings.FirstError().Suggestion(); got != tc.want {
			t.Errorf("game %d: %q, want %q", tc.game+1, got, tc.want)
		}
	}
}

// The edit model: how far a legal move is from a written one.
func TestMoveCost(t *testing.T) {
	r := Game(readString(t, "1. c3-d4 f6-g5 2. d4-c5 *"), Options{})
	p := r.Final // black to move, b6:d4 and d6:b4 compulsory
	legal := r.Variant.Moves(&p, nil)
	find := func(s string) int {
		for i := range legal {
			if legal[i].String() == s {
				return i
			}
		}
		t.Fatalf("no legal move %s in %s", s, p.FEN())
		return -1
	}
	for _, tc := range []struct {
		written, move string
		cost          int
		edit          Edit
	}{
		{"b6:d4", "b6:d4", 0, EditCapturePath},
		{"b6-c5", "b6:d4", costCaptured, EditDashCapture},
		{"b6:d5", "b6:d4", costOneOff, EditSquare},
		{"d4:b6", "b6:d4", costSwapSquares, EditSwapSquares},
		{"Б6:d4", "b6:d4", costCyrillicKey + costCase, EditCyrillic},
		{"B6:D4", "b6:d4", 2 * costCase, EditCase},
		{"b6:e3", "b6:d4", costDiagonal, EditCapturePath},
		{"b6:d4:f2", "b6:d4", costPathSquare, EditCapturePath},
		{"d6:b4", "d6:b4", 0, EditCapturePath},
		{"d6:a3", "d6:b4", costDiagonal, EditCapturePath},
		{"9x18", "b6:d4", 0, EditCapturePath},
		{"9x19", "b6:d4", costOneOff, EditSquare},
		{"8x18", "b6:d4", costOneOff, EditSquare},
		{"9x81", "b6:d4", costOneOff, EditSquare},
		{"9x1", "b6:d4", costOneOff, EditSquare},
		{"9-14", "b6:d4", costCaptured, EditDashCapture},
		{"10x17", "d6:b4", 0, EditCapturePath},
	} {
		w := readWritten(tc.written)
		opts := make([][]letterOption, len(w.squares))
		for k := range w.squares {
			opts[k] = letterOptions(&w.squares[k], nil)
		}
		cost, edit := moveCost(r.Naming(), &w, opts, &legal[find(tc.move)])
		if cost != tc.cost || edit != tc.edit {
			t.Errorf("%s as %s: cost %d %s, want %d %s", tc.written, tc.move, cost, edit, tc.cost, tc.edit)
		}
	}
}

func TestDigitDistance(t *testing.T) {
	for _, tc := range []struct {
		w, r string
		d    int
	}{
		{"22", "22", 0}, {"22", "23", costOneOff}, {"22", "21", costOneOff}, {"22", "25", costDigit},
		{"12", "21", costOneOff}, {"2", "22", costOneOff}, {"222", "22", costOneOff}, {"10", "19", costOneOff},
		{"1", "32", 2 * costOneOff}, {"13579", "1", costOtherSquare},
	} {
		if d := digitDistance(tc.w, tc.r); d != tc.d {
			t.Errorf("digitDistance(%s, %s) = %d, want %d", tc.w, tc.r, d, tc.d)
		}
	}
}

func readString(t *testing.T, text string) *pdn.Game {
	t.Helper()
	g, err := pdn.NewReader(strings.NewReader(text), "test").Next()
	if g == nil || err != nil && err != io.EOF {
		t.Fatalf("%q: %v", text, err)
	}
	return g
}

// A hostile record cannot make the look-ahead slow: with a small budget
// the repairs of a move before a long game are cut short, ranked as not
// confirmed, and not applied.
func TestRepairBudget(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("[GameType \"25\"]\n[FEN \"W:WKa1:BKg1\"]\n\n1. a1-b3 g1-h2")
	for range 1000 {
		sb.WriteString(" b2-a1 h2-g1 a1-b2 g1-h2")
	}
	sb.WriteString(" *")
	g := readString(t, sb.String())
	start := time.Now()
	r := Game(g, Options{RepairBudget: 100, Repair: true})
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("replay took %v", d)
	}
	e := r.Findings.FirstError()
	if e == nil || len(e.Repairs) == 0 || len(r.Repairs) != 0 {
		t.Fatalf("findings %+v, repairs %+v", r.Findings, r.Repairs)
	}
	if c := e.Repairs[0]; c.Move != "a1-b2" || c.ReplaysToEnd || !strings.Contains(e.Suggestion(), "the look-ahead stopped there") {
		t.Errorf("best repair %+v: %s", c, e.Suggestion())
	}
	// With the default budget the whole game is looked at, and mended.
	r = Game(g, Options{Repair: true})
	if len(r.Repairs) != 1 || r.Findings.Errors() != 0 || len(r.Plies) != len(g.Moves) {
		t.Errorf("default budget: %d repairs, findings %+v", len(r.Repairs), r.Findings)
	}
}

// Repairs never give a game an error: over the oracle's games with a
// planted defect, a repaired game has none, and its moves are the
// original game's (the defects are not typing slips, but the look-ahead
// finds most of the moves they replaced).
func TestRepairOracleMutated(t *testing.T) {
	orig := readGames(t, testdata+"oracle/games.pdn")
	mut := readGames(t, testdata+"oracle/mutated.pdn")
	repaired := 0
	for i, g := range mut {
		r := Game(g, Options{Repair: true})
		if len(r.Repairs) == 0 {
			continue
		}
		repaired++
		if r.Findings.Errors() > 0 {
			t.Errorf("game %d: repaired with an error %+v", i+1, r.Findings.FirstError())
		}
		if !sameMoves(r, Game(orig[i], Options{})) {
			t.Errorf("game %d: repaired into a game other than the original: %+v", i+1, r.Repairs)
		}
	}
	t.Logf("%d of the 100 games repaired", repaired)
	if repaired < 80 {
		t.Errorf("%d of the 100 games repaired; want at least 80", repaired)
	}
}

// manyErrors is a game of n plies where every move of White misses the
// capture its king on a1 has of the man on b2: n/2 missed captures, each
// searched for repairs.
func manyErrors(n int) string {
	var sb strings.Builder
	sb.WriteString("[GameType \"25\"]\n[FEN \"W:WKa1,Kh8:Bb2,Ke1\"]\n\n")
	white, black := [2]string{"h8-g7", "g7-h8"}, [2]string{"e1-f2", "f2-e1"}
	for i := range n / 2 {
		fmt.Fprintf(&sb, "%d. %s %s ", i+1, white[i%2], black[i%2])
	}
	sb.WriteString("*\n")
	return sb.String()
}

// The repair search of a game with an error every other ply costs time
// in proportion to its length, not to its length squared (issue 29, item
// 4: 10,000 plies took 10 s, reading every move again for each error). The
// work is counted in allocations, which do not depend on the machine's
// load: four times the plies must cost about four times as many, not
// sixteen.
func TestRepairSearchLinear(t *testing.T) {
	allocs := func(n int) float64 {
		g := readString(t, manyErrors(n))
		var r *Report
		a := testing.AllocsPerRun(1, func() { r = Game(g, Options{}) })
		got := 0
		for _, f := range r.Findings {
			if f.Kind == MissedCapture {
				got++
			}
		}
		if got != n/2 {
			t.Fatalf("%d plies: %d missed captures, want %d", n, got, n/2)
		}
		return a
	}
	small, large := allocs(1000), allocs(4000)
	if ratio := large / small; ratio > 6 {
		t.Errorf("4x the plies cost %.1fx the allocations (%.0f vs %.0f): the repair search is not linear", ratio, large, small)
	}
}

func BenchmarkRepairManyErrors(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			g, err := pdn.NewReader(strings.NewReader(manyErrors(n)), "bench").Next()
			if err != nil && err != io.EOF {
				b.Fatal(err)
			}
			for b.Loop() {
				Game(g, Options{})
			}
		})
	}
}
