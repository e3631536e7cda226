package pdn

import "bytes"

// The lexer is a hand-written byte scanner over the Reader's buffer. It
// knows nothing of games; the Reader groups its tokens into games and a
// builder turns a game's tokens into a Game.

type tokKind uint8

const (
	tkTag         tokKind = iota + 1 // [Name "Value"]
	tkComment                        // {...}
	tkLineComment                    // % or ; to the end of the line
	tkGlued                          // comment text glued to the move before it
	tkNumber                         // 12. or 12... (num = value, flEllipsis)
	tkEllipsis                       // ... or stray dots
	tkMove                           // move text
	tkUnknown                        // "-" or "--": unknown move
	tkStrength                       // ! ? !? (!?!!!) ...
	tkNAG                            // $n (num = n)
	tkLParen                         // (
	tkRParen                         // )
	tkSetup                          // /FEN "..."/
	tkResult                         // game terminator
	tkBad                            // anything else (err says what)
)

const (
	flBlank    = 1 << iota // a blank line precedes the token
	flEllipsis             // tkNumber written with an ellipsis
	flEscape               // tkTag value has a backslash
	flTagLike              // tkBad that stands for a tag pair (for splitting games)
	flBOL                  // only blanks precede the token on its line
)

// Error codes carried by tokens; see errFor.
const (
	ecNone uint8 = iota
	ecBadTag
	ecUnterminatedComment
	ecNestedComment
	ecBadMove
	ecBadToken
)

// token is one lexeme: 24 bytes. Offsets are relative to the start of
// the game (its first token) so they index Game.Raw; line is relative to
// the line of the first token.
type token struct {
	start, end int32
	line       int32
	col        int32
	num        int32 // number, NAG, or the offset of a nested '{'
	kind       tokKind
	flags      uint8
	err        uint8
}

type lexStatus uint8

const (
	lexOK   lexStatus = iota
	lexMore           // need more input to finish the token
	lexEOF            // only whitespace left
)

// Character classes.
const (
	cSpace  = 1 << iota // whitespace
	cDelim              // ends a move: whitespace and punctuation
	cDigit              // 0-9
	cLetter             // A-Z a-z
	cSep                // - x X :
	cStop               // ends a bad token: whitespace { } [ ] ( )
	cSkip               // may start whitespace: blanks, \ (of a literal \r), 0xEF (of a BOM)
)

var class = func() (t [256]uint8) {
	for _, c := range " \t\n\r\v\f" {
		t[c] |= cSpace | cDelim | cStop | cSkip
	}
	t['\\'] |= cSkip
	t[0xEF] |= cSkip
	for _, c := range "{}[]()!?$%;*\"/.\\" {
		t[c] |= cDelim
	}
	for _, c := range "{}[]()" {
		t[c] |= cStop
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cDigit
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cLetter
		t[c-'a'+'A'] |= cLetter
	}
	for _, c := range "-xX:" {
		t[c] |= cSep
	}
	return t
}()

// Classes of the bytes of the usual move "c3-d4" and the delimiter
// after it, one bit a place (isShortMove).
const (
	smFile  = 1 << iota // a letter but x or X
	smRank              // 1 to 9
	smSep               // - x X :
	smDelim             // class cDelim
)

var shortMoveClass = func() (t [256]uint8) {
	for c := range 256 {
		if class[c]&cLetter != 0 && !isX(byte(c)) {
			t[c] |= smFile
		}
		if c >= '1' && c <= '9' {
			t[c] |= smRank
		}
		if class[c]&cSep != 0 {
			t[c] |= smSep
		}
		if class[c]&cDelim != 0 {
			t[c] |= smDelim
		}
	}
	return t
}()

// isShortMove reports whether the six bytes of s are a letter (not x),
// a digit 1 to 9, a separator, a letter, a digit 1 to 9 and a
// delimiter: "c3-d4 ", the usual move, as lexMove reads it.
func isShortMove(s []byte) bool {
	s = s[:6]
	t := &shortMoveClass
	return t[s[0]]&(t[s[1]]>>1)&(t[s[2]]>>2)&t[s[3]]&(t[s[4]]>>1)&(t[s[5]]>>3)&1 != 0
}

func isDigit(c byte) bool  { return c-'0' < 10 }
func isLetter(c byte) bool { return class[c]&cLetter != 0 }
func isX(c byte) bool      { return c == 'x' || c == 'X' }

// lexer scans d. Positions are indexes into d.
type lexer struct {
	d     []byte
	eof   bool // d holds the rest of the input
	p     int  // next byte
	line  int  // line of p
	ls    int  // index of the first byte of the current line (may be < 0)
	nl    int  // index of a line end at or after p, or < p when unknown
	nls   int  // newlines in the whitespace skipped so far before the next token
	glued int  // a glued comment starts here (right after a move), or -1
	base  int  // start of the game: token offsets are relative to it
	line0 int  // line of base: token lines are relative to it
	// rebase makes the next token start the game.
	rebase bool
	bol    bool      // only blanks since the start of the line
	tags   []tagSpan // name and value of each tag token (token.num indexes it)
}

// tagSpan locates the name and the value of a tag token, relative to the
// game start.
type tagSpan struct {
	ns, ne, vs, ve int32
}

// addTag records the spans of a scanned tag for token t.
func (lx *lexer) addTag(t *token, ts *tagScan) {
	t.num = int32(len(lx.tags))
	b := lx.base
	lx.tags = append(lx.tags, tagSpan{int32(ts.ns - b), int32(ts.ne - b), int32(ts.vs - b), int32(ts.ve - b)})
}

func (lx *lexer) reset(d []byte, eof bool, line, col int, bol bool) {
	*lx = lexer{d: d, eof: eof, line: line, line0: line, ls: 1 - col, nl: -1, glued: -1, bol: bol}
}

// shift moves every index by -k after the buffer was compacted.
func (lx *lexer) shift(k int) {
	lx.p -= k
	lx.ls -= k
	lx.nl = -1
	if lx.glued >= 0 {
		lx.glued -= k
	}
	lx.base -= k
}

// unread puts t back: the next call to next returns it again.
func (lx *lexer) unread(t *token) {
	lx.p = lx.base + int(t.start)
	lx.line = lx.line0 + int(t.line)
	lx.ls = lx.p - int(t.col) + 1
	lx.glued = -1
	lx.nls = 0
	lx.bol = t.flags&flBOL != 0
}

// next scans the next token into t.
func (lx *lexer) next(t *token) lexStatus {
	d := lx.d
	p := lx.p
	if p+1 < len(d) && d[p] == ' ' && class[d[p+1]]&cSkip == 0 {
		p++ // the usual single space
		goto token
	}
	// Whitespace. Progress through it is kept even when more input is
	// needed, so runs of blank input never have to be buffered whole.
	for p < len(d) {
		c := d[p]
		if class[c]&cSkip == 0 {
			goto token
		}
		switch c {
		case ' ', '\t', '\v', '\f':
			p++
		case '\n':
			p++
			lx.line++
			lx.ls = p
			lx.nls++
			lx.bol = true
		case '\r':
			if p+1 >= len(d) && !lx.eof {
				lx.p = p
				return lexMore
			}
			p++
			if p < len(d) && d[p] == '\n' {
				p++
			}
			lx.line++
			lx.ls = p
			lx.nls++
			lx.bol = true
		case '\\': // a literal two-character \r or \n (KNDB/Dambo exports)
			if p+1 >= len(d) {
				if lx.eof {
					goto token
				}
				lx.p = p
				return lexMore
			}
			if d[p+1] != 'r' && d[p+1] != 'n' {
				goto token
			}
			p += 2
		default: // 0xEF: byte order mark?
			if p+2 >= len(d) && !lx.eof {
				lx.p = p
				return lexMore
			}
			if p+2 >= len(d) || d[p+1] != 0xBB || d[p+2] != 0xBF {
				goto token
			}
			p += 3
		}
	}
	lx.p = p
	if lx.eof {
		return lexEOF
	}
	return lexMore

token:
	lx.p = p
	// Make sure the rest of the line is in d, so that scanners of
	// one-line tokens never run off the end.
	if lx.nl < p {
		i := bytes.IndexByte(d[p:], '\n')
		if i < 0 {
			i = bytes.IndexByte(d[p:], '\r')
		}
		if i < 0 {
			if !lx.eof {
				return lexMore
			}
			lx.nl = len(d)
		} else {
			lx.nl = p + i
		}
	}
	if lx.rebase {
		lx.base = p
		lx.line0 = lx.line
		lx.tags = lx.tags[:0]
	}
	*t = token{line: int32(lx.line - lx.line0), col: int32(p - lx.ls + 1)}
	if lx.nls >= 2 {
		t.flags = flBlank
	}
	if lx.bol {
		t.flags |= flBOL
	}
	// lexMove sets glued again for a move with comment text glued to it.
	var e int
	if c := d[p]; isDigit(c) {
		lx.glued = -1
		e = lx.lexDigits(t, p)
	} else if p == lx.glued {
		lx.glued = -1
		e = lx.lexGlued(t, p)
	} else {
		lx.glued = -1
		e = lx.lexToken(t, p)
		if e < 0 { // more input needed (multi-line tokens only)
			return lexMore
		}
	}
	t.start = int32(p - lx.base)
	t.end = int32(e - lx.base)
	lx.p = e
	lx.nls = 0
	lx.bol = false
	return lexOK
}

// run scans into toks, up to their capacity, the usual tokens that
// follow the last one next returned, on its line: move numbers ("12.",
// "12...") and moves ("c3-d4", "32-28", "24x15x6"), each after a single
// space, as next would scan them. It stops before any other token (or
// at the end of the line), which it leaves to next, and after a token
// that ends past lim. It returns toks with the tokens added and how many
// of them are moves. The token before must be one of this game (not
// the first: lx.rebase is not set) with no glued comment after it.
func (lx *lexer) run(toks []token, lim int) ([]token, int) {
	d := lx.d
	p, nl := lx.p, lx.nl
	if nl < p {
		return toks, 0 // the end of the line is not known: next finds it
	}
	line := int32(lx.line - lx.line0)
	col := 1 - lx.ls // a token's column, less its index
	base := lx.base
	moves := 0
	for n := len(toks); n < cap(toks); n++ {
		q := p + 1
		if q >= nl || d[p] != ' ' {
			break
		}
		// Written in place, past the tokens' length until taken.
		t := &toks[:n+1][n]
		e := 0
		if c := d[q]; isDigit(c) {
			// A move number of up to three digits and one dot, as
			// lexDigits scans it; anything else goes to lexDigits.
			v, r := int32(c-'0'), q+1
			for r < nl && r-q < 3 && isDigit(d[r]) {
				v = v*10 + int32(d[r]-'0')
				r++
			}
			if r+1 < nl && d[r] == '.' && d[r+1] != '.' {
				*t = token{kind: tkNumber, num: v}
				e = r + 1
				goto took
			}
			*t = token{}
			e = lx.lexDigits(t, q)
			if t.kind != tkNumber && t.kind != tkMove || lx.glued >= 0 {
				lx.glued = -1 // next scans it again
				break
			}
			if t.kind == tkMove {
				moves++
			}
		} else if q+5 < len(d) && isShortMove(d[q:]) {
			// lexMove's usual "c3-d4", reached through lexToken.
			*t = token{kind: tkMove}
			e = q + 5
			moves++
		} else {
			break
		}
	took:
		t.start, t.end, t.line, t.col = int32(q-base), int32(e-base), line, int32(q+col)
		toks = toks[:n+1]
		p = e
		if e > lim {
			break
		}
	}
	lx.p = p
	return toks, moves
}

// lexToken scans the token at p and returns its end, or -1 when more
// input is needed.
func (lx *lexer) lexToken(t *token, p int) int {
	d := lx.d
	c := d[p]
	switch c {
	case '[':
		return lx.lexTag(t, p)
	case '{':
		return lx.lexComment(t, p)
	case '%', ';':
		q := p + 1
		for q < len(d) && d[q] != '\n' && d[q] != '\r' {
			q++
		}
		t.kind = tkLineComment
		return q
	case '(':
		q := p + 1
		for q < len(d) && (d[q] == '!' || d[q] == '?') {
			q++
		}
		if q > p+1 && q < len(d) && d[q] == ')' {
			t.kind = tkStrength
			return q + 1
		}
		t.kind = tkLParen
		return p + 1
	case ')':
		t.kind = tkRParen
		return p + 1
	case '!', '?':
		q := p + 1
		for q < len(d) && (d[q] == '!' || d[q] == '?') {
			q++
		}
		t.kind = tkStrength
		return q
	case '$':
		q := p + 1
		n := 0
		for q < len(d) && isDigit(d[q]) {
			n = n*10 + int(d[q]-'0')
			q++
			if q-p > 7 {
				return lx.bad(t, p, ecBadToken)
			}
		}
		if q == p+1 {
			return lx.bad(t, p, ecBadToken)
		}
		t.kind = tkNAG
		t.num = int32(n)
		return q
	case '*':
		t.kind = tkResult
		return p + 1
	case '/':
		q := p + 1
		for q < len(d) && d[q] != '/' && d[q] != '\n' && d[q] != '\r' {
			q++
		}
		if q >= len(d) || d[q] != '/' {
			return lx.bad(t, p, ecBadToken)
		}
		t.kind = tkSetup
		return q + 1
	case '.':
		q := p + 1
		for q < len(d) && d[q] == '.' {
			q++
		}
		t.kind = tkEllipsis
		return q
	case '-':
		q := p + 1
		for q < len(d) && d[q] == '-' {
			q++
		}
		if q-p <= 2 && lx.delimAt(q) {
			t.kind = tkUnknown
			return q
		}
		return lx.bad(t, p, ecBadToken)
	case '}', ']':
		t.kind = tkBad
		t.err = ecBadToken
		return p + 1
	}
	if isLetter(c) && !isX(c) {
		e := lx.lexMove(t, p)
		if t.kind == tkBad && t.flags&flBOL != 0 && lx.nameLineAt(p) == 1 {
			// Name "value"] with its '[' missing (or on the line before).
			ts := tagBody(d, p)
			if ts.kind != tagNot {
				t.kind, t.err = tkTag, ecBadTag
				if ts.esc {
					t.flags |= flEscape
				}
				lx.addTag(t, &ts)
				return ts.end
			}
		}
		return e
	}
	if isCyrillicLead(c) {
		if e := lx.cyrillicMove(t, p); e > 0 {
			return e
		}
	}
	return lx.bad(t, p, ecBadToken)
}

// lexDigits scans a token that starts with a digit: a result, a move
// number or a move. Plain numeric moves ("32-28", "24x15x6") take a fast
// path; anything else goes to result and lexMove.
func (lx *lexer) lexDigits(t *token, p int) int {
	d := lx.d
	q := p
	n := 0
	for q < len(d) && isDigit(d[q]) {
		n = n*10 + int(d[q]-'0')
		q++
		if q-p > 9 {
			return lx.bad(t, p, ecBadToken)
		}
	}
	if q >= len(d) {
		return lx.lexMove(t, p)
	}
	switch d[q] {
	case '.':
		r := q + 1
		for r < len(d) && d[r] == '.' {
			r++
		}
		t.kind = tkNumber
		t.num = int32(n)
		if r-q >= 2 {
			t.flags |= flEllipsis
		}
		return r
	case '-', 'x', ':':
		if n == 0 || n > 99 {
			break
		}
		r := q + 1
		for {
			s := r
			m := 0
			for r < len(d) && isDigit(d[r]) {
				m = m*10 + int(d[r]-'0')
				r++
			}
			if r == s || r-s > 2 || m == 0 {
				break
			}
			if r < len(d) {
				c := d[r]
				if c == '-' || c == 'x' || c == ':' {
					r++
					continue
				}
				if class[c]&cDelim == 0 {
					break
				}
			}
			if r-p == 3 && d[p] == '1' && d[p+2] == '1' && d[p+1] == '-' {
				t.kind = tkResult // 1-1
				return r
			}
			t.kind = tkMove
			return r
		}
	case '/':
	default:
		return lx.lexMove(t, p)
	}
	if e := lx.result(p); e > 0 {
		t.kind = tkResult
		return e
	}
	return lx.lexMove(t, p)
}

// delimAt reports whether a token may end before d[q].
func (lx *lexer) delimAt(q int) bool {
	return q >= len(lx.d) || class[lx.d[q]]&cDelim != 0
}

// bad makes a tkBad token of the run of bytes at p up to whitespace or
// a bracket.
func (lx *lexer) bad(t *token, p int, ec uint8) int {
	d := lx.d
	q := p + 1
	for q < len(d) && class[d[q]]&cStop == 0 {
		q++
	}
	t.kind = tkBad
	t.err = ec
	return q
}

// result returns the end of a result token at p (1-0 0-1 2-0 0-2 1-1
// 0-0 1/2-1/2), or 0.
func (lx *lexer) result(p int) int {
	d := lx.d
	if p+2 >= len(d) {
		return 0
	}
	a, sep, b := d[p], d[p+1], d[p+2]
	switch sep {
	case '-':
		if a <= '2' && b <= '2' && isDigit(b) && int(a)+int(b)-2*'0' <= 2 && lx.delimAt(p+3) {
			return p + 3
		}
	case '/':
		if a == '1' && b == '2' && len(d)-p >= 7 && string(d[p+3:p+7]) == "-1/2" && lx.delimAt(p+7) {
			return p + 7
		}
	}
	return 0
}

// lexMove scans a move: squares (a letter and/or digits) joined by
// separators - x X :, or glued ("a3b4", "cd4"). A separator may be
// followed by spaces before a number ("1- 7"). Comment text glued to the
// end of a move (two letters or more) is left for lexGlued. Numeric
// squares must be 1 to 99 (leading zeros allowed).
func (lx *lexer) lexMove(t *token, p int) int {
	d := lx.d
	// The usual "c3-d4", "c3:e5" and a delimiter, as the loop below reads
	// them.
	if q := p + 5; q < len(d) && isShortMove(d[p:]) {
		t.kind = tkMove
		return q
	}
	q := p
	units, squares := 0, 0
	good := -1
	badSq := false
	for {
		u := q
		letter := false
		if q < len(d) && class[d[q]]&cLetter != 0 && !isX(d[q]) {
			q++
			letter = true
		}
		ds := q
		v := 0
		for q < len(d) && isDigit(d[q]) {
			if v < 1000 {
				v = v*10 + int(d[q]-'0')
			}
			q++
		}
		if q == ds && !letter {
			q = u
			break
		}
		units++
		if q > ds {
			squares++
			good = q
			if v == 0 || v > 99 {
				badSq = true
			}
		}
		if q < len(d) && class[d[q]]&cSep != 0 {
			r := q + 1
			if r < len(d) && (d[r] == ' ' || d[r] == '\t') {
				s := r
				for s < len(d) && (d[s] == ' ' || d[s] == '\t') && s-r < 3 {
					s++
				}
				if s < len(d) && isDigit(d[s]) && q > ds {
					r = s
				} else {
					break
				}
			}
			if r < len(d) && (isDigit(d[r]) || (class[d[r]]&cLetter != 0 && !isX(d[r]))) {
				q = r
				continue
			}
			break
		}
		if q+1 < len(d) && class[d[q]]&cLetter != 0 && !isX(d[q]) && isDigit(d[q+1]) {
			continue
		}
		break
	}
	ok := q == good && (squares >= 2 || (squares == 1 && units >= 2))
	if q-p == 3 && string(d[p:q]) == "1-1" { // the result, with text glued to it
		ok = false
	}
	if ok && !badSq {
		if q >= len(d) || class[d[q]]&cDelim != 0 {
			t.kind = tkMove
			return q
		}
		if q+1 < len(d) && isLetter(d[q]) && isLetter(d[q+1]) {
			t.kind = tkMove // glued comment follows
			lx.glued = q
			return q
		}
	}
	if ok && badSq && lx.delimAt(q) {
		return lx.bad(t, p, ecBadMove)
	}
	if lx.hasCyrillic(p) {
		if e := lx.cyrillicMove(t, p); e > 0 {
			return e
		}
	}
	return lx.bad(t, p, ecBadToken)
}

// hasCyrillic reports whether the run of bytes at p, up to whitespace or
// a bracket, has a Cyrillic letter.
func (lx *lexer) hasCyrillic(p int) bool {
	d := lx.d
	for q := p; q < len(d) && class[d[q]]&cStop == 0; q++ {
		if isCyrillicLead(d[q]) {
			return true
		}
	}
	return false
}

// isCyrillicLead reports whether c starts the UTF-8 encoding of a letter
// of the Russian alphabet (U+0400-U+047F).
func isCyrillicLead(c byte) bool { return c == 0xD0 || c == 0xD1 }

// isCyrillicX reports whether b0, b1 are the UTF-8 encoding of the
// Cyrillic х or Х, which look like the capture mark x.
func isCyrillicX(b0, b1 byte) bool { return b0 == 0xD1 && b1 == 0x85 || b0 == 0xD0 && b1 == 0xA5 }

// cyrillicMove returns the end of a move at p that has a Cyrillic letter
// for a file ("с3-d4" with a Cyrillic с, "в4:d6"), or 0 when there is
// none: squares of an optional letter (Latin, or Cyrillic) and one or two
// digits, joined by separators (or a Cyrillic х for x), at least two of
// them, one with a Cyrillic letter. Such a move is a typing slip, not
// notation; it is kept as written, so that replay can say so and suggest
// (or read) the move meant, rather than the whole game being lost to a
// syntax error. Only tokens that
// would otherwise be bad come here, so it costs well-formed input
// nothing.
func (lx *lexer) cyrillicMove(t *token, p int) int {
	d := lx.d
	q := p
	squares, cyrillic := 0, false
	for {
		switch {
		case q < len(d) && isLetter(d[q]) && !isX(d[q]):
			q++
		case q+1 < len(d) && isCyrillicLead(d[q]) && d[q+1] >= 0x80 && d[q+1] < 0xC0:
			q += 2
			cyrillic = true
		}
		ds := q
		for q < len(d) && isDigit(d[q]) && q-ds < 2 {
			q++
		}
		if q == ds {
			return 0
		}
		squares++
		if q+1 < len(d) && class[d[q]]&cSep != 0 {
			q++
			continue
		}
		if q+2 < len(d) && isCyrillicX(d[q], d[q+1]) { // х for the capture mark x
			q += 2
			cyrillic = true
			continue
		}
		break
	}
	if !cyrillic || squares < 2 || !lx.delimAt(q) {
		return 0
	}
	t.kind = tkMove
	return q
}

// lexGlued scans comment text glued to a move, up to whitespace or a
// bracket.
func (lx *lexer) lexGlued(t *token, p int) int {
	d := lx.d
	q := p
	for q < len(d) && class[d[q]]&cStop == 0 {
		q++
	}
	t.kind = tkGlued
	return q
}

// lexTag scans a tag pair (see tagBody). Before the name, extra '[' are
// reported (ErrBadTag) but the tag is kept. A lone '[' ending its line is
// a bad tag (kept among the tags for splitting games).
func (lx *lexer) lexTag(t *token, p int) int {
	d := lx.d
	q := p + 1
	for q < len(d) && d[q] == '[' {
		q++
		t.err = ecBadTag
	}
	for q < len(d) && (d[q] == ' ' || d[q] == '\t') {
		q++
	}
	if q >= len(d) || d[q] == '\n' || d[q] == '\r' {
		// A lone '[': a broken tag, in the tag section (tag-like, for
		// splitting games).
		t.kind = tkBad
		t.err = ecBadTag
		t.flags |= flTagLike
		return q
	}
	ts := tagBody(d, q)
	switch ts.kind {
	case tagNot:
		t.kind = tkBad
		t.err = ecBadTag
	case tagBroken:
		t.kind = tkTag
		t.err = ecBadTag
		lx.addTag(t, &ts)
	default:
		t.kind = tkTag
		lx.addTag(t, &ts)
	}
	if ts.esc {
		t.flags |= flEscape
	}
	return ts.end
}

// Kinds of tagScan.
const (
	tagOK     = iota
	tagBroken // kept, but reported: no closing quote and bracket
	tagNot    // not a tag pair: the rest of the line is a bad token
)

type tagScan struct {
	end            int
	ns, ne, vs, ve int
	kind           int
	esc            bool
}

type text interface{ ~string | ~[]byte }

// Classes of bytes that stop the scan of a tag name or value.
const (
	tcName  = 1 << iota // " ] [ \n \r
	tcValue             // " \ \n \r
)

var tagClass = func() (t [256]uint8) {
	for _, c := range "\"][\n\r" {
		t[c] |= tcName
	}
	for _, c := range "\"\\\n\r" {
		t[c] |= tcValue
	}
	return t
}()

// tagBody scans a tag pair from its name at q, on one line: Name "Value"
// ]. Names may hold spaces ("Type de jeu"). Inside the value a backslash
// escapes the next byte; a quote ends the value only when a ']' follows
// it (blanks allowed), so stray quotes stay in the value. Also accepted:
// [Name] with no value (an empty value). The lexer and the builder both
// use it, on the buffer and on Game.Raw.
func tagBody[T text](d T, q int) (ts tagScan) {
	ns := q
	for q < len(d) && tagClass[d[q]]&tcName == 0 {
		q++
	}
	ne := q
	for ne > ns && (d[ne-1] == ' ' || d[ne-1] == '\t') {
		ne--
	}
	ts.ns, ts.ne = ns, ne
	if ne == ns || q >= len(d) {
		return notTag(d, q)
	}
	if d[q] == ']' { // [Name]
		for i := ns; i < ne; i++ {
			if c := d[i]; !isLetter(c) && !isDigit(c) && c != '_' {
				return notTag(d, q)
			}
		}
		ts.vs, ts.ve = q, q
		ts.end = q + 1
		return ts
	}
	if d[q] != '"' {
		return notTag(d, q)
	}
	q++
	ts.vs = q
	for q < len(d) {
		if tagClass[d[q]]&tcValue == 0 {
			q++
			continue
		}
		switch d[q] {
		case '\n', '\r':
			// No closing quote and bracket: keep what there is.
			e := q
			for e > ts.vs && (d[e-1] == ' ' || d[e-1] == '\t') {
				e--
			}
			if e > ts.vs && d[e-1] == ']' {
				e--
			}
			if e > ts.vs && d[e-1] == '"' {
				e--
			}
			ts.ve, ts.end, ts.kind = e, q, tagBroken
			return ts
		case '\\':
			ts.esc = true
			q++
			if q < len(d) && d[q] != '\n' && d[q] != '\r' {
				q++
			}
			continue
		case '"':
			r := q + 1
			for r < len(d) && (d[r] == ' ' || d[r] == '\t') {
				r++
			}
			if r < len(d) && d[r] == ']' {
				ts.ve, ts.end = q, r+1
				return ts
			}
		}
		q++
	}
	ts.ve, ts.end, ts.kind = q, q, tagBroken
	return ts
}

// notTag returns a tagNot scan ending at the end of the line.
func notTag[T text](d T, q int) tagScan {
	for q < len(d) && d[q] != '\n' && d[q] != '\r' {
		q++
	}
	return tagScan{end: q, kind: tagNot}
}

// nameLineAt reports whether the line at i reads Name "...: blanks, a
// letter, name characters or blanks, '"'. It returns 1 for yes, 0 for
// no and -1 when more input is needed.
func (lx *lexer) nameLineAt(i int) int {
	d := lx.d
	for i < len(d) && (d[i] == ' ' || d[i] == '\t') {
		i++
	}
	if i >= len(d) {
		return lx.moreOrNo()
	}
	if !isLetter(d[i]) {
		return 0
	}
	for i < len(d) && (isLetter(d[i]) || isDigit(d[i]) || d[i] == '_' || d[i] == ' ' || d[i] == '\t') {
		i++
	}
	if i >= len(d) {
		return lx.moreOrNo()
	}
	if d[i] == '"' {
		return 1
	}
	return 0
}

// tagLineAt reports whether the line at i starts like a tag pair:
// optional blanks, '[', blanks, then a Name "... line (nameLineAt). It
// returns 1 for yes, 0 for no and -1 when more input is needed.
func (lx *lexer) tagLineAt(i int) int {
	d := lx.d
	for i < len(d) && (d[i] == ' ' || d[i] == '\t') {
		i++
	}
	if i >= len(d) {
		return lx.moreOrNo()
	}
	if d[i] != '[' {
		return 0
	}
	return lx.nameLineAt(i + 1)
}

func (lx *lexer) moreOrNo() int {
	if lx.eof {
		return 0
	}
	return -1
}

// lexComment scans {...}. Comments may span lines but do not nest: a '{'
// inside one is reported. A comment still open at a line that looks like
// a tag pair ends before that line, as unterminated, so that one missing
// '}' costs one game and not the rest of the file.
func (lx *lexer) lexComment(t *token, p int) int {
	d := lx.d
	t.kind = tkComment
	q := p + 1
	limit := len(d)
	if i := bytes.IndexByte(d[q:], '}'); i >= 0 {
		limit = q + i
	}
	nested := -1
	line, ls := lx.line, lx.ls
	for i := q; i < limit; i++ {
		c := d[i]
		if c == '{' {
			if nested < 0 {
				nested = i
			}
			continue
		}
		if c != '\n' && c != '\r' {
			continue
		}
		nlAt := i
		if c == '\r' && i+1 < len(d) && d[i+1] == '\n' {
			i++
		}
		switch lx.tagLineAt(i + 1) {
		case 1:
			// Unterminated: the comment ends before this line end, which
			// is left for the whitespace scanner.
			lx.line, lx.ls = line, ls
			t.err = ecUnterminatedComment
			return nlAt
		case -1:
			return -1
		}
		line++
		ls = i + 1
	}
	if limit == len(d) && !lx.eof {
		return -1
	}
	lx.line, lx.ls = line, ls
	if nested >= 0 {
		t.err = ecNestedComment
		t.num = int32(nested - lx.base)
	}
	if limit == len(d) {
		t.err = ecUnterminatedComment
		return limit
	}
	return limit + 1
}
