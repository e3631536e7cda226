package validate

import (
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// Moves are numbered from the side that moves first: "17." for its move,
// "17..." for the other side's. In English and Pool Black moves first
// (laws 1.11; APCA 5), so Black's moves are "17." and White's "17...".
func TestLabel(t *testing.T) {
	for _, tt := range []struct {
		side, first draughts.Color
		want        string
	}{
		{draughts.White, draughts.White, "17."},
		{draughts.Black, draughts.White, "17..."},
		{draughts.Black, draughts.Black, "17."},
		{draughts.White, draughts.Black, "17..."},
	} {
		if got := Label(17, tt.side, tt.first); got != tt.want {
			t.Errorf("%s, %s first: %q, want %q", tt.side, tt.first, got, tt.want)
		}
	}
}

// The labels of an English game's findings and repairs: a White move
// (second) is "N...", a Black move (first) "N.", in the finding's label,
// in the suggestion of a move before the one that fails, and in the
// finding of the repair applied.
func TestLabelsEnglish(t *testing.T) {
	const game = "1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 6. 7x14 24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11. 23x30 11x4 *"
	for _, tt := range []struct {
		old, new   string // an edit that plants a slip in the game
		label      string // the finding's
		suggestion string
		applied    string // in the message of the repair, applied
	}{
		{"2. 8-11 27-23", "2. 8-11 27-24", "2... 27-24", "did you mean 27-23? (the rest of the game then replays)", ""},
		{"3. 4-8", "3. 4-9", "3. 4-9", "did you mean 4-8? (the rest of the game then replays)", ""},
		// A slip that is legal, shown only by a later move: the move
		// before is named by its label.
		{"2. 8-11 27-23", "2. 8-11 24-19", "3. 4-8", "did you mean 27-23 instead of 24-19 at 2...? (the rest of the game then replays)", "at 2..."},
		{"8. 11-15", "8. 11-16", "8... 28-24", "did you mean 11-15 instead of 11-16 at 8.? (the rest of the game then replays)", "at 8."},
	} {
		text := strings.Replace(game, tt.old, tt.new, 1)
		r := Game(readString(t, "[GameType \"21\"]\n\n"+text+"\n"), Options{})
		e := r.Findings.FirstError()
		if e == nil {
			t.Fatalf("%s: no error", tt.new)
		}
		if e.MoveLabel() != tt.label || e.Suggestion() != tt.suggestion {
			t.Errorf("%s: %s: %s", tt.new, e.MoveLabel(), e.Suggestion())
		}
		r = Game(readString(t, "[GameType \"21\"]\n\n"+text+"\n"), Options{Repair: true})
		if len(r.Repairs) != 1 || r.Findings.Errors() != 0 {
			t.Fatalf("%s: repairs %+v", tt.new, r.Findings)
		}
		var msg string
		for _, f := range r.Findings {
			if f.Kind == Repaired {
				msg = f.Message
			}
		}
		if !strings.Contains(msg, tt.applied) {
			t.Errorf("%s: repaired %q", tt.new, msg)
		}
	}
}
