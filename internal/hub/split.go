package hub

import (
	"errors"
	"strings"
)

// SplitCommand splits an engine's command line into words as a POSIX
// shell does, without expanding anything: blanks separate words; 'single
// quotes' keep everything; "double quotes" keep everything but a
// backslash before \ " $ ` or a newline; a backslash outside quotes keeps
// the next character ("/opt/my\ scan/scan hub", "'/opt/my scan/scan' hub").
func SplitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\\':
			inWord = true
			if i+1 == len(rs) {
				return nil, errors.New("command line ends with a backslash")
			}
			i++
			if rs[i] != '\n' {
				w.WriteRune(rs[i])
			}
		case c == '\'':
			inWord = true
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, errors.New("unterminated ' in the command line")
			}
			w.WriteString(string(rs[i+1 : j]))
			i = j
		case c == '"':
			inWord = true
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && strings.ContainsRune("\\\"$`\n", rs[j+1]) {
					j++
					if rs[j] != '\n' {
						w.WriteRune(rs[j])
					}
					continue
				}
				w.WriteRune(rs[j])
			}
			if j == len(rs) {
				return nil, errors.New(`unterminated " in the command line`)
			}
			i = j
		default:
			inWord = true
			w.WriteRune(c)
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}
