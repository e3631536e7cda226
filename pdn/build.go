package pdn

import (
	"strings"
	"unicode/utf8"
)

// builder turns the tokens of one game into a Game. Strings are slices of
// raw, except tag values with escapes and comments whose whitespace is
// collapsed.
type builder struct {
	g        *Game
	raw      string
	toks     []token
	tags     []tagSpan
	off      int // offset of raw in the decoded input
	line     int // line of the first token
	maxDepth int
	ntags    int // tag tokens, or -1 when unknown
	nmoves   int // moves of the main line, or -1 when unknown

	stack      []*[]Move // lines being read: main line, then open variations
	parens     []int     // token index of each open '('
	pendNum    int
	pendEll    bool
	pendBefore []string
	comments   []string // main-line comments before the first move
}

func (b *builder) build() {
	g := b.g
	if b.ntags < 0 {
		b.count()
	}
	g.Pos = b.pos(&b.toks[b.posToken()])
	g.RawPos = b.pos(&b.toks[0])
	if b.ntags > cap(g.Tags) {
		g.Tags = make([]Tag, 0, b.ntags)
	}
	if b.nmoves > cap(g.Moves) {
		g.Moves = make([]Move, 0, b.nmoves)
	}
	b.stack = append(b.stack[:0], &g.Moves)
	for i := range b.toks {
		if !b.token(i) {
			break
		}
	}
	if g.Err == nil && len(b.parens) > 0 {
		t := &b.toks[b.parens[len(b.parens)-1]]
		b.fail(t, ErrUnclosedVariation, b.pos(t), "(")
	}
	switch len(b.comments) {
	case 0:
	case 1:
		g.Comment = b.comments[0]
	default:
		g.Comment = strings.Join(b.comments, " ")
	}
	if g.Err == nil {
		b.scoreTerminator()
	}
}

// count counts the tags and the main-line moves.
func (b *builder) count() {
	b.ntags, b.nmoves = 0, 0
	depth := 0
	for i := range b.toks {
		switch b.toks[i].kind {
		case tkTag:
			b.ntags++
		case tkMove, tkUnknown:
			if depth == 0 {
				b.nmoves++
			}
		case tkLParen:
			depth++
		case tkRParen:
			if depth > 0 {
				depth--
			}
		}
	}
}

// posToken returns the index of the token that gives the game's
// position: the first one that is not a comment (the first tag, if there
// are tags: they come before the movetext), else the first.
func (b *builder) posToken() int {
	for i := range b.toks {
		if k := b.toks[i].kind; k != tkComment && k != tkLineComment {
			return i
		}
	}
	return 0
}

func (b *builder) pos(t *token) Pos {
	return Pos{Offset: b.off + int(t.start), Line: b.line + int(t.line), Column: int(t.col)}
}

// posAt is the position of raw[i], inside token t.
func (b *builder) posAt(t *token, i int) Pos {
	p := b.pos(t)
	p.Offset = b.off + i
	for j := int(t.start); j < i; j++ {
		switch c := b.raw[j]; c {
		case '\n':
			p.Line++
			p.Column = 1
		case '\r':
			if j+1 < i && b.raw[j+1] == '\n' {
				continue
			}
			p.Line++
			p.Column = 1
		default:
			p.Column++
		}
	}
	return p
}

func (b *builder) text(t *token) string { return b.raw[t.start:t.end] }

// fail records the game's syntax error (the first one wins).
func (b *builder) fail(t *token, err error, p Pos, text string) {
	if b.g.Err != nil {
		return
	}
	b.g.Err = &SyntaxError{Line: p.Line, Column: p.Column, Text: shorten(text), Err: err}
}

func shorten(s string) string {
	const max = 40
	s = strings.TrimRight(s, " \t\r\n")
	if len(s) <= max {
		return s
	}
	i := max
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// last returns the last move of the current line, or nil.
func (b *builder) last() *Move {
	line := b.stack[len(b.stack)-1]
	if len(*line) == 0 {
		return nil
	}
	return &(*line)[len(*line)-1]
}

// token handles toks[i]; it returns false at an error.
func (b *builder) token(i int) bool {
	g := b.g
	t := &b.toks[i]
	switch t.kind {
	case tkTag:
		if t.err != ecNone { // kept, and the game goes on
			b.fail(t, ErrBadTag, b.pos(t), b.text(t))
		}
		sp := &b.tags[t.num]
		val := b.raw[sp.vs:sp.ve]
		if t.flags&flEscape != 0 {
			val = unescape(val)
		}
		g.Tags = append(g.Tags, Tag{Name: b.raw[sp.ns:sp.ne], Value: val})

	case tkMove, tkUnknown:
		// Fill the next slot in place: it is zero unless ReuseGame left
		// a move of an earlier game there (every move has a Text).
		line := b.stack[len(b.stack)-1]
		n := len(*line)
		if n < cap(*line) {
			*line = (*line)[:n+1]
		} else {
			*line = append(*line, Move{})
		}
		m := &(*line)[n]
		if m.Text != "" {
			*m = Move{}
		}
		m.Number = b.pendNum
		m.Ellipsis = b.pendEll
		m.Text = b.text(t)
		m.Unknown = t.kind == tkUnknown
		if b.pendBefore != nil {
			m.Before = b.pendBefore
		}
		m.Pos = b.pos(t)
		b.pendNum, b.pendEll, b.pendBefore = 0, false, nil

	case tkNumber:
		b.pendNum = int(t.num)
		b.pendEll = t.flags&flEllipsis != 0

	case tkEllipsis:
		if t.end-t.start > 1 { // a single stray dot means nothing
			b.pendEll = true
		}

	case tkStrength:
		m := b.last()
		if m == nil {
			b.fail(t, ErrMisplaced, b.pos(t), b.text(t))
			return false
		}
		m.Strength += b.text(t)

	case tkNAG:
		m := b.last()
		if m == nil {
			b.fail(t, ErrMisplaced, b.pos(t), b.text(t))
			return false
		}
		m.NAGs = append(m.NAGs, int(t.num))

	case tkComment, tkLineComment, tkGlued:
		switch t.err {
		case ecNone:
		case ecNestedComment:
			b.fail(t, ErrNestedComment, b.posAt(t, int(t.num)), "{")
			return false
		default:
			b.fail(t, errFor(t.err), b.pos(t), b.text(t))
			return false
		}
		var c string
		switch t.kind {
		case tkComment:
			c = normComment(b.raw[t.start+1 : t.end-1])
		case tkLineComment:
			c = normComment(b.raw[t.start+1 : t.end])
		default:
			c = b.raw[t.start:t.end]
		}
		if m := b.last(); m != nil {
			m.Comments = append(m.Comments, c)
		} else if len(b.stack) == 1 {
			b.comments = append(b.comments, c)
		} else {
			b.pendBefore = append(b.pendBefore, c)
		}

	case tkLParen:
		m := b.last()
		if m == nil {
			b.fail(t, ErrMisplaced, b.pos(t), "(")
			return false
		}
		if len(b.stack) > b.maxDepth {
			b.fail(t, ErrVariationDepth, b.pos(t), "(")
			return false
		}
		m.Variations = append(m.Variations, nil)
		b.stack = append(b.stack, &m.Variations[len(m.Variations)-1])
		b.parens = append(b.parens, i)
		b.pendNum, b.pendEll, b.pendBefore = 0, false, nil

	case tkRParen:
		if len(b.stack) == 1 {
			b.fail(t, ErrMisplaced, b.pos(t), ")")
			return false
		}
		b.stack = b.stack[:len(b.stack)-1]
		b.parens = b.parens[:len(b.parens)-1]
		if len(b.pendBefore) > 0 { // comments in a variation with no move
			m := b.last()
			m.Comments = append(m.Comments, b.pendBefore...)
		}
		b.pendNum, b.pendEll, b.pendBefore = 0, false, nil

	case tkResult:
		if len(b.stack) > 1 {
			b.fail(t, ErrMisplaced, b.pos(t), b.text(t))
			return false
		}
		g.Terminator = b.text(t)

	case tkSetup:
		g.Setup = setupFEN(b.raw[t.start+1 : t.end-1])

	case tkBad:
		b.fail(t, errFor(t.err), b.pos(t), b.text(t))
		return t.err == ecBadTag // a bad tag does not end the game
	}
	return true
}

// scoreTerminator handles archives that end a game with a match score
// ("4-6", delfts.pdn): when the last token of the game is a numeric
// "a-b" move with no number and the Result tag says exactly that, it is
// the terminator.
func (b *builder) scoreTerminator() {
	g := b.g
	if g.Terminator != "" || len(g.Moves) == 0 {
		return
	}
	m := &g.Moves[len(g.Moves)-1]
	lt := &b.toks[len(b.toks)-1]
	if lt.kind != tkMove || b.text(lt) != m.Text || m.Number != 0 || m.Ellipsis ||
		m.Strength != "" || m.NAGs != nil || m.Comments != nil || m.Variations != nil || m.Before != nil {
		return
	}
	if res := g.Result(); res == m.Text && isScore(res) {
		g.Terminator = m.Text
		g.Moves = g.Moves[:len(g.Moves)-1]
	}
}

// isScore reports whether s is digits, '-', digits.
func isScore(s string) bool {
	i := strings.IndexByte(s, '-')
	if i <= 0 || i == len(s)-1 {
		return false
	}
	for j := 0; j < len(s); j++ {
		if j != i && !isDigit(s[j]) {
			return false
		}
	}
	return true
}

// unescape resolves \" and \\ in a tag value; other backslashes stay.
func unescape(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
			c = s[i]
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// normComment trims a comment and collapses each run of whitespace in it
// to one space. It allocates only when something changes.
func normComment(s string) string {
	s = strings.Trim(s, " \t\n\r\v\f")
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' {
			if i+1 < len(s) && class[s[i+1]]&cSpace != 0 {
				clean = false
				break
			}
		} else if class[c]&cSpace != 0 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if class[c]&cSpace != 0 {
			space = true
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// setupFEN extracts the FEN of a /FEN "..."/ token: the text between the
// first and the last quote, else the text with a leading FEN word removed.
func setupFEN(s string) string {
	if i := strings.IndexByte(s, '"'); i >= 0 {
		if j := strings.LastIndexByte(s, '"'); j > i {
			return s[i+1 : j]
		}
	}
	s = strings.TrimSpace(s)
	if len(s) >= 3 && strings.EqualFold(s[:3], "FEN") {
		s = strings.TrimSpace(s[3:])
	}
	return s
}
