package openings

import (
	"fmt"
	"strings"
	"unicode"
)

// cyrillic is the transliteration of Russian letters: BGN/PCGN without
// its diacritics and apostrophes (ё as e, ъ and ь left out), the
// spelling most Latin-script draughts texts use.
var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e",
	'ж': "zh", 'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m",
	'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u",
	'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch",
	'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya",
}

// Transliterate writes a name in Latin letters (see cyrillic), keeping
// capitals and every other character: "Игра Бодянского" gives "Igra
// Bodyanskogo".
func Transliterate(s string) string {
	var sb strings.Builder
	for _, r := range s {
		lower := unicode.ToLower(r)
		t, ok := cyrillic[lower]
		if !ok {
			sb.WriteRune(r)
			continue
		}
		if r != lower && t != "" {
			t = strings.ToUpper(t[:1]) + t[1:]
		}
		sb.WriteString(t)
	}
	return sb.String()
}

// Key is the form in which two names are compared, so that players can
// write a name as they say it: in either alphabet (Cyrillic, or Latin
// letters as Transliterate writes them, with j for y and yo for ё also
// taken), in any case, with ё or е, and with any spaces, hyphens and
// punctuation. "Перекрёсток", "перекресток", "Perekrestok" and
// "PEREKRYOSTOK" have one key.
func Key(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if t, ok := cyrillic[r]; ok {
			sb.WriteString(t)
		} else if unicode.IsLetter(r) || unicode.IsDigit(r) {
			sb.WriteRune(r)
		}
	}
	k := sb.String()
	// Other common spellings of the same letters, folded to
	// Transliterate's: j for й and the j of я, ю (ja, ju); yo and jo for
	// ё (after j has become y); ё written with its dots.
	k = strings.ReplaceAll(k, "ë", "e")
	k = strings.ReplaceAll(k, "j", "y")
	k = strings.ReplaceAll(k, "yo", "e")
	return k
}

// Names returns the names of the table, each once, in table order.
func Names() []string {
	load()
	var out []string
	seen := map[string]bool{}
	for _, e := range table.entries {
		if !seen[e.Name] {
			seen[e.Name] = true
			out = append(out, e.Name)
		}
	}
	return out
}

// Find returns the name of the table that s writes (see Key), or an
// error naming the table's names when there is none.
func Find(s string) (string, error) {
	k := Key(s)
	for _, n := range Names() {
		if Key(n) == k && k != "" {
			return n, nil
		}
	}
	return "", fmt.Errorf("no opening %q in the table; its names: %s", s, strings.Join(Names(), ", "))
}
