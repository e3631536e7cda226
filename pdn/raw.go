package pdn

import (
	"bytes"
	"errors"
	"sync/atomic"
)

// A RawGame is one game as Reader.NextRaw cuts it from the input, not
// yet built: its text (decoded to UTF-8), its tokens, and what the
// reader carries from game to game (its index in the file, its
// position, the type of the game before for GameType). Build turns it
// into the Game Next would have returned. Cutting games must be done in
// order, by one goroutine at a time; building them need not: a program
// that reads on several goroutines in turn, under a lock, cuts under
// the lock and builds outside it, on each its own goroutine.
//
// A RawGame's memory (its tokens) is reused by the next NextRaw into it.
// Until built, it holds a slice of the reader's buffer (64 KiB, the
// reader reads on into another): a RawGame cut and dropped unbuilt costs
// only garbage. The zero RawGame is ready for NextRaw.
type RawGame struct {
	file     string
	index    int
	raw      string // the text, decoded; "" when in a chunk (text)
	text     []byte // the text, in a buffer of the reader's (ch), copied by Build
	ch       *chunk // the buffer text is in, held until Build
	built    atomic.Bool
	toks     []token
	tags     []tagSpan
	off      int   // offset of raw in the decoded input
	line     int   // line of the first token
	col      int32 // column of the first token
	enc      string
	bad      []int // offsets in raw of bytes that were not UTF-8
	decoded  bool
	ntags    int // tag tokens, when !decoded (else counted on building)
	nmoves   int // main-line moves, when !decoded
	maxDepth int

	// From scan, for a game left unbuilt.
	evidence bool  // GameType has something in the game to go by
	failed   bool  // the game has a syntax error
	pos      Pos   // Game.Pos
	hint     int   // the type of the game before, for GameType, when !evidence
	hasHint  bool  // there was one
	pre      *Game // the game already built by the reader, if it was

	bs scratch // Build's
}

// Errors of Build.
var (
	ErrNotCut = errors.New("pdn: Build of a RawGame that NextRaw did not fill")
	ErrBuilt  = errors.New("pdn: RawGame built already")
)

// Build builds the game into g, reusing the memory of the game g held
// before (its Tags and Moves; nil: a new game), and
// returns it with its syntax error (Game.Err), as Next does: the game is
// the one Next would have returned in its place. The strings of the
// game and the Notes of its moves are never reused. The reader may have
// built the game already (a game over MaxGameBytes, the last game of the
// input): Build then returns that game, and g is left as it is.
//
// Build may run on another goroutine than the reader's, while the
// reader goes on; the caller must be done with g. A game is built once:
// Build returns ErrBuilt after that, until the next NextRaw into c.
func (c *RawGame) Build(g *Game) (*Game, error) {
	if len(c.toks) == 0 && c.pre == nil {
		return nil, ErrNotCut
	}
	if !c.built.CompareAndSwap(false, true) {
		return nil, ErrBuilt
	}
	if c.pre != nil {
		return c.pre, c.pre.Err
	}
	if g == nil {
		g = new(Game)
	}
	g = c.build(g, &c.bs, buildOwn)
	if c.ch != nil {
		c.ch.refs.Add(-1) // the reader may read into the buffer again
	}
	if !c.evidence {
		g.hintType, g.hasHintType = c.hint, c.hasHint
	}
	return g, g.Err
}

// Index is the 1-based index of the game in its file (Game.Index).
func (c *RawGame) Index() int {
	if c.pre != nil {
		return c.pre.Index
	}
	return c.index
}

// Pos is the position of the game (Game.Pos).
func (c *RawGame) Pos() Pos {
	if c.pre != nil {
		return c.pre.Pos
	}
	return c.pos
}

// Failed reports whether the game has a syntax error (Game.Err is set
// once it is built), as the reader can already tell.
func (c *RawGame) Failed() bool {
	if c.pre != nil {
		return c.pre.Err != nil
	}
	return c.failed
}

// Len is the length of the game's text (len(Game.Raw)).
func (c *RawGame) Len() int {
	if c.pre != nil {
		return len(c.pre.Raw)
	}
	return len(c.raw) + len(c.text)
}

// How build allocates the Notes and moves of a game.
type buildMode uint8

const (
	buildOwn   buildMode = iota // Notes of its own (RawGame.Build)
	buildReuse                  // the Notes of the game before (ReuseGame)
	buildShare                  // main lines from blocks shared by games (Next)
)

// build builds c into g (nil: a new game), with the scratch slices of bs.
func (c *RawGame) build(g *Game, bs *scratch, mode buildMode) *Game {
	raw := c.raw
	if c.ch != nil {
		raw = string(c.text) // out of the reader's lock, when Build runs there
	}
	// The builder lives on the stack (no write barriers); its scratch
	// slices are kept in bs from one game to the next.
	b := &builder{raw: raw, toks: c.toks, tags: c.tags, off: c.off, line: c.line, maxDepth: c.maxDepth,
		stack: bs.stack[:0], parens: bs.parens[:0], lineLens: bs.lineLens[:0], comments: bs.comments[:0]}
	switch mode {
	case buildReuse:
		b.notes = bs.notes[:0] // the Notes of the game before
	case buildShare:
		b.block, b.share = bs.block, true
	}
	if !c.decoded {
		b.ntags, b.nmoves = c.ntags, c.nmoves
	} else {
		b.count()
	}
	oldMoves := 0
	if g != nil {
		oldMoves = len(g.Moves)
		*g = Game{Tags: g.Tags[:0], Moves: g.Moves[:0]}
	} else {
		g = newGame(b.ntags)
	}
	g.File, g.Index, g.Raw, g.Encoding = c.file, c.index, raw, c.enc
	b.g = g
	b.build()
	if len(c.bad) > 0 {
		g.BadBytes, g.BadByteCount = badPositions(raw, c.bad, c.off, c.line, int(c.col)), len(c.bad)
	}
	clear(b.stack[:cap(b.stack)]) // pointers into the game
	bs.stack, bs.parens, bs.lineLens, bs.comments = b.stack, b.parens, b.lineLens, b.comments
	switch mode {
	case buildReuse:
		bs.notes = b.notes
	case buildShare:
		bs.block = b.block
	}
	if oldMoves > len(g.Moves) { // let go of the strings of the game before
		clear(g.Moves[len(g.Moves):oldMoves])
	}
	if se, ok := g.Err.(*SyntaxError); ok {
		se.File, se.Game = c.file, g.Index
	}
	return g
}

// scan tells from the tokens, as the builder will read them, whether
// the game has a syntax error, whether GameType has something in it to
// go by (Game.evidence), and its position, for a game left unbuilt. It
// returns false when the tokens do not tell the evidence: a game whose
// only main-line move is its last token, which the builder may take for
// a match score ending the game (scoreTerminator). Each case follows one
// of builder.token's; TestRawGameScan checks the two agree.
func (c *RawGame) scan() bool {
	toks := c.toks
	depth := 0      // variations open (the builder's stack, less the main line)
	empty := true   // the line being read has no move yet (builder.last is nil)
	failed := false // a syntax error recorded
	setup, tag := false, false
	moves := 0 // main-line moves that are not unknown
	c.setPos()
	stop := false
	for i := 0; i < len(toks) && !stop; i++ {
		t := &toks[i]
		switch t.kind {
		case tkMove:
			if depth == 0 {
				moves++
			}
			empty = false
		case tkUnknown:
			empty = false
		case tkTag:
			if t.err != ecNone {
				failed = true
			}
			if !tag {
				sp := &c.tags[t.num]
				tag = evidenceTag(c.textOf(int(sp.ns), int(sp.ne)))
			}
		case tkStrength, tkNAG:
			stop = empty
		case tkComment, tkLineComment, tkGlued:
			stop = t.err != ecNone
		case tkLParen:
			if empty || depth+1 > c.maxDepth {
				stop = true
				break
			}
			depth++
			empty = true
		case tkRParen:
			if depth == 0 {
				stop = true
				break
			}
			depth--
			empty = false
		case tkResult:
			stop = depth > 0
		case tkSetup:
			setup = setupFEN(string(c.textOf(int(t.start)+1, int(t.end)-1))) != ""
		case tkBad:
			failed = true
			stop = t.err != ecBadTag
		}
	}
	c.failed = failed || stop || depth > 0
	c.evidence = setup || tag || moves > 0
	return setup || tag || moves != 1 || toks[len(toks)-1].kind != tkMove
}

// fromSplit is scan with what the reader tracked as the tokens came
// (splitState.builds), for tokens lexed from the input as they are (not
// decoded and lexed again).
func (c *RawGame) fromSplit(sp *splitState) bool {
	c.setPos()
	b := sp.builds
	if !b.stop {
		b.evMoves = sp.moves - b.unknowns
		b.failed = b.failed || sp.depth > 0 // a variation left open
	}
	c.failed = b.failed
	c.evidence = b.evSetup || b.evTag || b.evMoves > 0
	return b.evSetup || b.evTag || b.evMoves != 1 || c.toks[len(c.toks)-1].kind != tkMove
}

// setPos sets the position of the game (builder.posToken).
func (c *RawGame) setPos() {
	toks := c.toks
	i := 0
	for i < len(toks) && (toks[i].kind == tkComment || toks[i].kind == tkLineComment) {
		i++
	}
	if i == len(toks) {
		i = 0
	}
	c.pos = Pos{Offset: c.off + int(toks[i].start), Line: int32(c.line) + toks[i].line, Column: toks[i].col}
}

// textOf returns the bytes i to j of the game's text.
func (c *RawGame) textOf(i, j int) []byte {
	if c.ch != nil {
		return c.text[i:j]
	}
	return []byte(c.raw[i:j])
}

// A chunk is a buffer the reader reads the input into, with a count of
// the holders of slices of it, which the reader must not write over:
// games cut by NextRaw and not yet built, and the reader itself while it
// may build one of them for its type (Reader.knownRaw).
type chunk struct {
	b    []byte
	refs atomic.Int32
}

// evidenceTag reports whether a tag of that name gives GameType
// something to go by (Game.evidence).
func evidenceTag(name []byte) bool {
	if len(name) == 0 {
		return false
	}
	switch name[0] | 0x20 {
	case 'g', 'v', 'f':
		return bytes.EqualFold(name, []byte("GameType")) || bytes.EqualFold(name, []byte("Variant")) || bytes.EqualFold(name, []byte("FEN"))
	}
	return false
}
