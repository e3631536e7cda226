package pdn

import "testing"

func TestTerminated(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"1. c3-d4 d6-c5 *", true},
		{"1. c3-d4 d6-c5 2-0", true},
		{"[Result \"1-0\"]\n1. 32-28 19-23 1-0\n", true},
		{"1. 32-28 19-23 1/2-1/2", true},
		{"1. c3-d4 d6-c5 1-1", true},
		{"1. c3-d4 d6-c5", false},
		{"[Result \"2-0\"]\n1. c3-d4 d6-c5\n", false},
		{"[Event \"x\"]", false},
		{"1. c3-d4 (1. a3-b4 *) d6-c5", false}, // a terminator in a variation ends nothing
		{"1. c3-d4 (1. a3-b4 *", false},
		{"1. c3-d4 {1-0}", false},
		{"1. c3-d4 d6-c5 * {after}", false},
		{"", false},
	} {
		if got := Terminated(c.text); got != c.want {
			t.Errorf("Terminated(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
