// Package names compares the names of players as draughts archives write
// them: in Cyrillic or in one of the Latin transliterations of Russian,
// surname first or last, given names in full or as initials. "Цирик
// З.И.", "Tsirik Z.", "Z. Tsirik", "Tsirik, Zinovy" and "ЦИРИК" are the
// same player; "Petrov A." and "Petrov S." are not.
//
// # Normalisation
//
// A name is cut into words at spaces, full stops, commas, hyphens and
// other punctuation; text in parentheses or brackets ("(RUS)", "[2300]")
// and digits are dropped. Each word is then folded:
//
//  1. lower case; Cyrillic letters (Russian, Ukrainian, Belarusian) are
//     transliterated: х kh, ц ts, ч ch, ш sh, щ shch, ж zh, й y, ы y,
//     ю yu, я ya, ё e, э e, ъ and ь dropped, the rest letter for letter;
//  2. Latin letters with diacritics lose them, after š č ž ŝ ć ś ź (the
//     ISO 9, Czech and Polish letters for ш ч ж щ) become sh ch zh shch;
//     ß is ss, ł l, ø o; apostrophes (soft signs) are dropped;
//  3. the spellings of one sound in the Latin transliterations of
//     Russian are made one: shch, szcz → one letter; tsch, cz, tch → ch;
//     sch, sz → sh; ts, tz → c; kh → h; dzh → dj; x → ks; w → v; ph → f;
//     ou → u; q and ck → k; y and j → i; i between a vowel and e, and at
//     the start of a word before e, is dropped (Andreyev Andreev,
//     Yelena Elena); a final ff is v (Petroff Petrov); doubled letters
//     are single (Dmitriy Dmitrii Dmitry: dmitri).
//
// A word is an initial when it is one letter, or two followed by a full
// stop ("Yu.", "Zh."); "З.И." is two initials. An initial stands for
// any word with its first folded letter.
//
// # Matching
//
// Two names match when they have a full word in common (the surname,
// wherever it stands) and their other words, in order, agree as far as
// the shorter list goes: two full words when they fold the same, an
// initial and a word when their first letters agree. So "Tsirik" matches
// every Tsirik, "Z. Tsirik" matches "Цирик З.И." and "Tsirik Zinovy",
// and "Petrov A." does not match "Petrov S.". Two names with no words at
// all ("", "?") match each other and nothing else; a name of initials
// alone ("N.N.") matches only the same initials.
package names

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Part is one word of a name, folded.
type Part struct {
	Text    string // the folded word
	Initial bool   // written as an initial: stands for any word with its first letter
}

// Name is a name taken apart for matching.
type Name struct {
	Parts []Part // in the order written
}

// Parse takes a name apart (see the package documentation).
func Parse(s string) Name {
	var n Name
	for _, w := range split(s) {
		f := Fold(w.text)
		if f == "" {
			continue
		}
		letters := 0
		for range w.text {
			letters++
		}
		initial := letters == 1 || letters == 2 && w.dot
		n.Parts = append(n.Parts, Part{Text: f, Initial: initial})
	}
	return n
}

// IsZero reports whether the name has no words.
func (n Name) IsZero() bool { return len(n.Parts) == 0 }

// String writes the folded name: full words as they fold, initials with
// a full stop ("cirik z. i.").
func (n Name) String() string {
	var b strings.Builder
	for i, p := range n.Parts {
		if i > 0 {
			b.WriteByte(' ')
		}
		if p.Initial {
			b.WriteString(p.Text[:1])
			b.WriteByte('.')
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// Match reports whether the names a and b can be the same player.
func Match(a, b string) bool { return Parse(a).Match(Parse(b)) }

// Match reports whether n and o can be the same player (see the package
// documentation).
func (n Name) Match(o Name) bool {
	if n.IsZero() || o.IsZero() {
		return n.IsZero() && o.IsZero()
	}
	if slices.Equal(n.Parts, o.Parts) {
		return true // "N.N." is "N.N.", though initials alone name nobody else
	}
	for i, p := range n.Parts {
		if p.Initial {
			continue
		}
		for j, q := range o.Parts {
			if q.Initial || q.Text != p.Text {
				continue
			}
			if agree(without(n.Parts, i), without(o.Parts, j)) {
				return true
			}
		}
	}
	return false
}

// without returns ps without its i-th element, in a new slice.
func without(ps []Part, i int) []Part {
	out := make([]Part, 0, len(ps)-1)
	out = append(out, ps[:i]...)
	return append(out, ps[i+1:]...)
}

// agree reports whether the words of a and b agree pairwise, as far as
// the shorter goes.
func agree(a, b []Part) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		p, q := a[i], b[i]
		if p.Initial || q.Initial {
			if p.Text[0] != q.Text[0] {
				return false
			}
			continue
		}
		if p.Text != q.Text {
			return false
		}
	}
	return true
}

type word struct {
	text string
	dot  bool // followed by a full stop
}

// split cuts a name into words, dropping text in brackets and digits.
func split(s string) []word {
	var out []word
	var cur []rune
	depth := 0
	flush := func(dot bool) {
		if len(cur) > 0 {
			out = append(out, word{string(cur), dot})
			cur = cur[:0]
		}
	}
	for _, r := range norm.NFC.String(s) {
		switch {
		case r == '(' || r == '[' || r == '{':
			flush(false)
			depth++
		case r == ')' || r == ']' || r == '}':
			flush(false)
			if depth > 0 {
				depth--
			}
		case depth > 0:
		case isApostrophe(r):
			// a soft sign written as an apostrophe is part of the word
		case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r):
			cur = append(cur, r)
		case r == '.':
			flush(true)
		default:
			flush(false)
		}
	}
	flush(false)
	return out
}

func isApostrophe(r rune) bool {
	switch r {
	case '\'', '’', 'ʼ', 'ʹ', '`', '´', '‘':
		return true
	}
	return false
}

// cyrillic transliterates the Cyrillic letters of Russian, Ukrainian and
// Belarusian (lower case).
var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh",
	'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o",
	'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts",
	'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu",
	'я': "ya", 'і': "i", 'ї': "i", 'є': "e", 'ґ': "g", 'ў': "u",
}

// latin spells out the Latin letters whose diacritics carry a sound of
// their own in the transliterations of Russian.
var latin = map[rune]string{
	'š': "sh", 'č': "ch", 'ž': "zh", 'ŝ': "shch", 'ć': "ch", 'ś': "sh", 'ź': "zh",
	'ß': "ss", 'ł': "l", 'ø': "o", 'æ': "ae", 'œ': "oe",
}

// folds are the spellings of one sound made one, tried in order at each
// position (longest first where they overlap). 'q' never survives as
// itself (it becomes k first), so it stands for щ.
var folds = []struct{ from, to string }{
	{"shch", "q"}, {"szcz", "q"}, {"tsch", "ch"}, {"sch", "sh"}, {"dzh", "di"},
	{"tch", "ch"}, {"cz", "ch"}, {"sz", "sh"}, {"ts", "c"}, {"tz", "c"},
	{"kh", "h"}, {"ck", "k"}, {"ph", "f"}, {"ou", "u"}, {"x", "ks"},
	{"w", "v"}, {"y", "i"}, {"j", "i"},
}

// Fold folds one word (see the package documentation): "Цирик" and
// "Tsirik" give "cirik".
func Fold(w string) string {
	var b strings.Builder
	for _, r := range norm.NFC.String(w) {
		r = unicode.ToLower(r)
		if t, ok := cyrillic[r]; ok {
			b.WriteString(t)
			continue
		}
		if t, ok := latin[r]; ok {
			b.WriteString(t)
			continue
		}
		for _, d := range norm.NFD.String(string(r)) {
			switch {
			case d >= 'a' && d <= 'z':
				if d == 'q' {
					d = 'k'
				}
				b.WriteRune(d)
			case unicode.IsLetter(d) && d >= 0x80 && !unicode.Is(unicode.Mn, d):
				b.WriteRune(d) // another script: kept as it is
			}
		}
	}
	s := b.String()
	// Sounds.
	var o strings.Builder
	for i := 0; i < len(s); {
		done := false
		for _, f := range folds {
			if strings.HasPrefix(s[i:], f.from) {
				o.WriteString(f.to)
				i += len(f.from)
				done = true
				break
			}
		}
		if !done {
			o.WriteByte(s[i])
			i++
		}
	}
	s = o.String()
	// Vowels around i, final ff, doubled letters.
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 'i' && i+1 < len(s) && s[i+1] == 'e' && (i == 0 || isVowel(s[i-1])) {
			continue
		}
		if len(out) > 0 && out[len(out)-1] == c && c < 0x80 {
			continue
		}
		out = append(out, c)
	}
	if n := len(out); n >= 2 && strings.HasSuffix(s, "ff") && out[n-1] == 'f' {
		out[n-1] = 'v'
	}
	return string(out)
}

func isVowel(c byte) bool {
	switch c {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}
