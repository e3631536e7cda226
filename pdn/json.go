package pdn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// JSON input (py-draughts test files, {"pdn_positions": [...]}) is a
// matter of the Reader, not of the input layer (package input): the
// Reader finds it by its first bytes, as it finds UTF-16 and binary
// data, after decoding UTF-16, and a game read from JSON strings is never
// cut (Reader.endsCut) and has no byte range in the file (tooLarge).

// isJSON reports whether head starts like a JSON document that holds
// strings: '{' then a key ("...":) or '[' then a string, after optional
// whitespace and byte order mark. A PDN comment or tag cannot look like
// that in practice.
func isJSON(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) == 0 {
		return false
	}
	open := head[0]
	if open != '{' && open != '[' {
		return false
	}
	rest := bytes.TrimLeft(head[1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return false
	}
	if open == '[' {
		return true
	}
	// {"key": -- find the end of the key.
	for i := 1; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case '"':
			return len(bytes.TrimLeft(rest[i+1:], " \t\r\n")) > 0 && bytes.TrimLeft(rest[i+1:], " \t\r\n")[0] == ':'
		case '\n':
			return false
		}
	}
	return false
}

// jsonText reads the string values of a JSON document (not the keys),
// in order, separated by blank lines.
type jsonText struct {
	dec   *json.Decoder
	stack []bool // per open container: true for an object
	key   []bool // per open object: the next string is a key
	cur   []byte
	first bool
	err   error
}

func newJSONText(r io.Reader) *jsonText {
	return &jsonText{dec: json.NewDecoder(r), first: true}
}

func (j *jsonText) Read(p []byte) (int, error) {
	for len(j.cur) == 0 {
		if j.err != nil {
			return 0, j.err
		}
		s, err := j.nextString()
		if err != nil {
			if err == io.EOF && len(j.stack) > 0 {
				err = io.ErrUnexpectedEOF
			}
			if err != io.EOF {
				err = fmt.Errorf("json: %w", err)
			}
			j.err = err
			continue
		}
		if j.first {
			j.cur = append(j.cur[:0], s...)
			j.first = false
		} else {
			j.cur = append(append(j.cur[:0], "\n\n"...), s...)
		}
	}
	n := copy(p, j.cur)
	j.cur = j.cur[n:]
	return n, nil
}

func (j *jsonText) nextString() (string, error) {
	for {
		tok, err := j.dec.Token()
		if err != nil {
			return "", err
		}
		isKey := false
		if n := len(j.stack); n > 0 && j.stack[n-1] {
			isKey = j.key[len(j.key)-1]
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				j.value()
				j.stack = append(j.stack, true)
				j.key = append(j.key, true)
			case '[':
				j.value()
				j.stack = append(j.stack, false)
			case '}':
				j.stack = j.stack[:len(j.stack)-1]
				j.key = j.key[:len(j.key)-1]
			case ']':
				j.stack = j.stack[:len(j.stack)-1]
			}
			continue
		case string:
			if isKey {
				j.key[len(j.key)-1] = false
				continue
			}
			j.value()
			return v, nil
		default:
			j.value()
		}
	}
}

// value notes that a value was read in the current container.
func (j *jsonText) value() {
	if n := len(j.stack); n > 0 && j.stack[n-1] {
		j.key[len(j.key)-1] = true
	}
}
