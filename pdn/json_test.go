package pdn

import (
	"io"
	"strings"
	"testing"
)

func TestJSONSniff(t *testing.T) {
	tests := []struct {
		in   string
		json bool
	}{
		{`{"pdn_positions": ["1. 32-28 *"]}`, true},
		{"\ufeff  \n[ \"1. 32-28 *\"]", true},
		{`{"a":1}`, true},
		{`{ "games" : []}`, true},
		{`{a comment} 1. 32-28 *`, false},
		{`{"quoted" comment} 1. 32-28 *`, false},
		{`[Event "x"] 1. 32-28 *`, false},
		{`[`, false},
		{``, false},
	}
	for _, tt := range tests {
		if got := isJSON([]byte(tt.in)); got != tt.json {
			t.Errorf("isJSON(%q) = %v", tt.in, got)
		}
	}
	games := readString(t, `{"a": {"b": ["[Event \"x\"]", 3, null, true, {"k": "1. 32-28 *"}]}, "c": "[Event \"y\"] *"}`)
	var events []string
	for _, g := range games {
		events = append(events, g.Event())
	}
	eq(t, "events", events, []string{"x", "y"})
	eq(t, "moves", len(games[0].Moves), 1)

	// A JSON document's last movetext string has no terminator (py-draughts
	// writes none): the document parsed whole, so the game is not cut.
	games = readString(t, `{"pdn_positions": ["[Result \"2-0\"]", "1. c3-d4 d6-c5"]}`)
	if len(games) != 1 || games[0].Err != nil || len(games[0].Moves) != 2 {
		t.Errorf("last JSON game without a terminator: %d games, err %v", len(games), games[0].Err)
	}

	r := NewReader(strings.NewReader(`{"a": ["[Event \"x\"] *", `), "bad.json")
	if g, err := r.Next(); err != nil || g.Event() != "x" {
		t.Fatalf("first game: %v", err)
	}
	if _, err := r.Next(); err == nil || err == io.EOF {
		t.Errorf("truncated JSON: %v", err)
	}
}
