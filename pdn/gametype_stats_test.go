package pdn

import (
	"strings"
	"testing"
)

// TestSquareStatsShort: the five-byte moves short takes ("c3-d4") count
// as scan, which reads a character at a time, counts them: every string
// of five of the characters that matter, alone and after another move.
func TestSquareStatsShort(t *testing.T) {
	chars := []byte("abhiwxyzA0189-:x./")
	b := make([]byte, 5)
	taken := 0
	for n := 0; n < 1<<20*2; n++ {
		k := n
		for i := range b {
			b[i] = chars[k%len(chars)]
			k /= len(chars)
		}
		if k > 0 {
			break
		}
		text := string(b)
		for _, before := range []string{"", "b6-a5", "h8:j0"} {
			var got, want squareStats
			got.text(before)
			want.text(before)
			if got.short(text) {
				taken++
			} else {
				got.scan(text)
			}
			want.scan(text)
			got.fold()
			want.fold()
			got.files, got.ranks, want.files, want.ranks = 0, 0, 0, 0
			if got != want {
				t.Fatalf("%q after %q: %+v, a character at a time %+v", text, before, got, want)
			}
		}
	}
	if taken == 0 {
		t.Fatal("short took no move")
	}
}

// TestTagNameIs: tagNameIs answers as strings.EqualFold, the names that
// fold to another length or begin with a byte that is not ASCII included.
func TestTagNameIs(t *testing.T) {
	names := []string{"", "F", "f", "FEN", "fen", "FEn ", "Result", "RESULT", "result", "Résultat", "résultat", "RÉSULTAT",
		"\u212Aey", "key", "Key", "\u017Fite", "Site", "SITE", "@x", "`x", "[x", "{x", "Z", "z", "Événement", "événement"}
	for _, a := range names {
		for _, b := range names {
			if got, want := tagNameIs(a, b), strings.EqualFold(a, b); got != want {
				t.Errorf("tagNameIs(%q, %q) = %v, strings.EqualFold %v", a, b, got, want)
			}
			// Game.Tag has the same test inline: it finds the tag a
			// when asked for b exactly then, after another tag.
			g := &Game{Tags: []Tag{{Name: "Other", Value: "o"}, {Name: a, Value: "v"}}}
			v, ok := g.Tag(b)
			want := strings.EqualFold(a, b) || strings.EqualFold("Other", b)
			if ok != want || ok && v != "v" && !strings.EqualFold("Other", b) {
				t.Errorf("Tag(%q) with a tag %q: %q %v", b, a, v, ok)
			}
		}
	}
}
