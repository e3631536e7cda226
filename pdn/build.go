package pdn

import (
	"strings"
	"unicode/utf8"
	"unsafe"
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
	ntags    int // tag tokens (at least the number of tags)
	nmoves   int // moves of the main line

	stack      []*[]Move // lines being read: main line, then open variations
	cur        *[]Move   // the line being read: the top of stack
	block      []Move    // moves to hand out, when shared (see newMoves)
	share      bool      // share blocks of moves between games
	parens     []int     // token index of each open '('
	notes      []Notes   // where Notes are allocated: one slice per game
	lineLens   []int32   // moves of each variation, by order of its '(' (see lineLen)
	nparen     int       // '(' read so far
	pendNum    int32
	pendEll    bool
	pendBefore []string
	comments   []string // main-line comments before the first move
}

func (b *builder) build() {
	g := b.g
	g.Pos = b.pos(&b.toks[b.posToken()])
	g.RawPos = b.pos(&b.toks[0])
	// A game built into again (ReuseGame, RawGame.Build into a game of
	// the caller's) grows its arrays geometrically, so that a pool of
	// games reaches the longest in a few steps; a new game gets what it
	// needs.
	if b.ntags > cap(g.Tags) {
		g.Tags = make([]Tag, 0, max(b.ntags, 2*cap(g.Tags)))
	}
	if b.nmoves > cap(g.Moves) {
		if c := cap(g.Moves); c > 0 && !b.share {
			g.Moves = make([]Move, 0, max(b.nmoves, 2*c))
		} else {
			g.Moves = b.newMoves(b.nmoves)
		}
	}
	b.stack = append(b.stack[:0], &g.Moves)
	b.cur = &g.Moves
	for i := range b.toks {
		// Move numbers and moves, most of the tokens, take a short path.
		switch t := &b.toks[i]; t.kind {
		case tkNumber:
			b.pendNum = t.num
			b.pendEll = t.flags&flEllipsis != 0
			continue
		case tkMove:
			if b.pendBefore == nil {
				b.addMove(t)
				continue
			}
		}
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
	default: // without the empty ones: two empty comments give "", not " "
		cs := b.comments[:0]
		for _, c := range b.comments {
			if c != "" {
				cs = append(cs, c)
			}
		}
		g.Comment = strings.Join(cs, " ")
	}
	if g.Err == nil {
		b.scoreTerminator()
	}
}

// moveBlock is the number of moves in the blocks (64 KiB) that the main
// lines of consecutive games share.
const moveBlock = int(64 << 10 / unsafe.Sizeof(Move{}))

// newMoves returns an empty slice with room for n moves. When b.share is
// set (the Reader without ReuseGame), the main lines of games up to
// moveBlock/8 moves come from blocks shared by consecutive games: fewer,
// larger allocations, and a faster reader. Each game's slice has its
// capacity clipped to n, so appending to it never touches the moves of
// another game.
func (b *builder) newMoves(n int) []Move {
	if !b.share || n > moveBlock/8 {
		return make([]Move, 0, n)
	}
	if cap(b.block)-len(b.block) < n {
		b.block = make([]Move, 0, moveBlock)
	}
	k := len(b.block)
	b.block = b.block[:k+n]
	return b.block[k : k : k+n]
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
	return Pos{Offset: b.off + int(t.start), Line: int32(b.line) + t.line, Column: t.col}
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
	b.g.Err = &SyntaxError{Line: int(p.Line), Column: int(p.Column), Text: shorten(text), Err: err}
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

// addMove appends the move of t to the current line, with the pending
// number.
func (b *builder) addMove(t *token) *Move {
	// Fill the next slot field by field: fewer write barriers than
	// appending a Move.
	line := b.cur
	n := len(*line)
	if n < cap(*line) {
		*line = (*line)[:n+1]
	} else {
		*line = append(*line, Move{})
	}
	m := &(*line)[n]
	m.Text = b.raw[t.start:t.end]
	m.Pos = b.pos(t)
	m.Number = b.pendNum
	m.Ellipsis = b.pendEll
	m.Unknown = t.kind == tkUnknown
	if m.Notes != nil { // a move of an earlier game, with ReuseGame
		m.Notes = nil
	}
	b.pendNum, b.pendEll = 0, false
	return m
}

// last returns the last move of the current line, or nil.
func (b *builder) last() *Move {
	line := b.cur
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
		m := b.addMove(t)
		if b.pendBefore != nil {
			b.notesOf(m, i).Before = b.pendBefore
			b.pendBefore = nil
		}

	case tkNumber:
		b.pendNum = t.num
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
		n := b.notesOf(m, i)
		n.Strength += b.text(t)

	case tkNAG:
		m := b.last()
		if m == nil {
			b.fail(t, ErrMisplaced, b.pos(t), b.text(t))
			return false
		}
		n := b.notesOf(m, i)
		n.NAGs = append(n.NAGs, int(t.num))

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
			n := b.notesOf(m, i)
			n.Comments = append(n.Comments, c)
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
		n := b.notesOf(m, i)
		var line []Move // nil for "()"
		if k := b.lineLen(i); k > 0 {
			line = make([]Move, 0, k)
		}
		n.Variations = append(n.Variations, line)
		b.stack = append(b.stack, &n.Variations[len(n.Variations)-1])
		b.cur = b.stack[len(b.stack)-1]
		b.parens = append(b.parens, i)
		b.pendNum, b.pendEll, b.pendBefore = 0, false, nil

	case tkRParen:
		if len(b.stack) == 1 {
			b.fail(t, ErrMisplaced, b.pos(t), ")")
			return false
		}
		b.stack = b.stack[:len(b.stack)-1]
		b.cur = b.stack[len(b.stack)-1]
		b.parens = b.parens[:len(b.parens)-1]
		if len(b.pendBefore) > 0 { // comments in a variation with no move
			n := b.last().Notes // set: the move has the variation
			n.Comments = append(n.Comments, b.pendBefore...)
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
	if lt.kind != tkMove || b.text(lt) != m.Text || m.Number != 0 || m.Ellipsis || m.Notes != nil {
		return
	}
	if res := g.Result(); res == m.Text && isScore(res) {
		g.Terminator = m.Text
		g.Moves = g.Moves[:len(g.Moves)-1]
	}
}

// notesOf returns the Notes of m, giving it one when it has none. The
// Notes of a game are allocated in one slice: the first time a move
// needs one, room is made for as many as the tokens from toks[i] on may
// need.
func (b *builder) notesOf(m *Move, i int) *Notes {
	if m.Notes != nil {
		return m.Notes
	}
	if len(b.notes) == cap(b.notes) {
		n := 0
		for j := i; j < len(b.toks); j++ {
			switch b.toks[j].kind {
			case tkStrength, tkNAG, tkComment, tkLineComment, tkGlued, tkLParen:
				n++
			}
		}
		b.notes = make([]Notes, 0, max(n, 1))
	}
	b.notes = b.notes[:len(b.notes)+1]
	n := &b.notes[len(b.notes)-1]
	*n = Notes{} // a Notes of an earlier game, with ReuseGame
	m.Notes = n
	return n
}

// lineLen returns the number of moves of the variation opened by the
// '(' of toks[i] (not counting its own variations), to size it. The
// counts of all the variations of a game are made in one pass, the first
// time.
func (b *builder) lineLen(i int) int {
	if b.nparen == 0 {
		b.lineLens = b.lineLens[:0]
		var open []int // indexes into lineLens of the open '('
		for j := i; j < len(b.toks); j++ {
			switch b.toks[j].kind {
			case tkLParen:
				open = append(open, len(b.lineLens))
				b.lineLens = append(b.lineLens, 0)
			case tkRParen:
				if len(open) > 0 {
					open = open[:len(open)-1]
				}
			case tkMove, tkUnknown:
				if len(open) > 0 {
					b.lineLens[open[len(open)-1]]++
				}
			}
		}
	}
	n := 0
	if b.nparen < len(b.lineLens) {
		n = int(b.lineLens[b.nparen])
	}
	b.nparen++
	return n
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
