package pdn

import "unicode/utf8"

// knownType works out knownNum, the GameType number of the game known,
// and lets go of the game.
func (r *Reader) knownType() {
	r.knownNum, r.hasKnownNum = r.known.GameType().Number, true
	r.known = nil
}

// finish makes the game of buf[gs:end] from r.toks: it cuts it (cut)
// and builds it, or, for NextRaw, leaves the building to the caller
// when it can (see RawGame). atEOF is set for the last game of the
// input. It returns false for a stretch of input that holds only
// comments; the game is nil when NextRaw left it unbuilt.
func (r *Reader) finish(gs, end int, tooBig error, atEOF bool) (*Game, bool) {
	c := &r.own
	if r.raw != nil {
		c = r.raw
	}
	if !r.cut(c, gs, end, tooBig != nil) {
		r.ownTokens(c)
		return nil, false
	}
	defer r.ownTokens(c)
	if r.raw != nil && tooBig == nil && !atEOF && end-gs <= maxRawText && r.tells(c) {
		if c.text != nil {
			r.lend(c)
		}
		if !c.decoded {
			// c takes the tokens; the reader lexes the next game into
			// the ones c had, unless many (those of a big game, let go
			// of: the memory of a RawGame is bounded by its own game's).
			toks, tags := r.oldToks, r.oldTags
			if cap(toks) > keepTokens {
				toks, tags = nil, nil
			}
			r.toks, r.lx.tags = toks, tags
			r.oldToks, r.oldTags, r.aliased = nil, nil, false
		}
		if c.evidence {
			r.setKnownRaw(c)
		} else {
			c.hint, c.hasHint = r.knownNumber()
		}
		return nil, true
	}
	if c.text != nil {
		c.raw, c.text = string(c.text), nil
	}
	var g *Game
	switch {
	case r.raw != nil:
		// A game over the size cap, the last of the input (whether it is
		// cut depends on the game built), a big game (over maxRawText:
		// building it here, the reader's tokens are not held by a
		// RawGame) or one whose tokens do not tell GameType's evidence:
		// built here, in a game of its own.
		g = c.build(new(Game), &r.bs, buildOwn)
	case r.ReuseGame:
		g = c.build(r.game, &r.bs, buildReuse)
		r.game = g
	default:
		g = c.build(nil, &r.bs, buildShare)
		r.game = g
	}
	switch {
	case r.raw != nil:
		if g.evidence() {
			r.setKnownRaw(nil)
			r.known = nil
			r.knownNum, r.hasKnownNum = g.GameType().Number, true
		} else {
			g.hintType, g.hasHintType = r.knownNumber()
		}
		c.pre = g
	case !g.evidence():
		if r.knownRaw != nil {
			r.knownNumber() // g may outlive known
		}
		g.hint, g.hintType, g.hasHintType = r.known, r.knownNum, r.hasKnownNum
	case !r.ReuseGame:
		r.setKnownRaw(nil)
		r.known, r.hasKnownNum = g, false
	}
	if tooBig != nil && g.Err == nil {
		g.Err = &SyntaxError{File: r.name, Game: g.Index, Line: c.line, Column: int(c.col), Err: tooBig}
		if g.Pos.Line == 0 {
			g.Pos = Pos{Offset: c.off, Line: int32(c.line), Column: c.col}
		}
	}
	return g, true
}

// ownTokens gives c back the tokens it had before cut, unless it took
// the reader's (finish, for a game NextRaw leaves unbuilt): the reader
// keeps its own for the next game.
func (r *Reader) ownTokens(c *RawGame) {
	if r.aliased {
		c.toks, c.tags = r.oldToks, r.oldTags
	}
	r.oldToks, r.oldTags, r.aliased = nil, nil, false
}

// tells works out, for NextRaw, what the builder will find in the game
// cut into c (RawGame.scan), and whether that tells GameType's evidence.
func (r *Reader) tells(c *RawGame) bool {
	if c.decoded {
		return c.scan() // lexed again
	}
	return c.fromSplit(&r.sp)
}

// cut fills c with the game of buf[gs:end] and r.toks, taking r.toks
// and the lexer's tag spans (and giving c's own back for the next game):
// its text, decoded and copied out of the buffer, its tokens and
// position, its index in the file. It returns false for a stretch of
// input that holds only comments (unless big: a game over the size cap).
func (r *Reader) cut(c *RawGame, gs, end int, big bool) bool {
	r.oldToks, r.oldTags = c.toks[:0], c.tags[:0]
	rawb := r.buf[gs:end]
	first := &r.toks[0]
	c.pre, c.ch = nil, nil
	c.built.Store(false)
	c.off = r.base + gs + r.delta
	c.line, c.col = r.lx.line0, first.col
	c.file, c.maxDepth = r.name, r.maxDepth()
	c.enc = UTF8
	if r.wide != "" {
		c.enc = r.wide
	}
	c.bad = nil
	c.decoded = !utf8.Valid(rawb) || forcedCodePage(r.enc)
	if !c.decoded {
		c.raw, c.text = "", rawb // copied out of the buffer by finish, or by Build
		// c reads the reader's tokens (finish gives them to c, or takes
		// c's own back).
		c.toks, c.tags = r.toks, r.lx.tags
		r.aliased = true
		c.ntags, c.nmoves = r.sp.tags, r.sp.moves
	} else {
		var dec []byte
		if multi, invalid := utf8Damage(rawb); r.enc == UTF8 || r.enc == "" && multi > invalid {
			// UTF-8 text with a few bad bytes (a bad copy, a cut line),
			// or UTF-8 forced: the names in it are UTF-8, read them so,
			// and say where the bad bytes were.
			dec, c.bad = replaceInvalid(rawb)
		} else {
			dec, c.enc = decodeGame(rawb, r.enc)
		}
		var lx lexer
		lx.reset(dec, true, r.lx.line0, int(first.col), first.flags&flBOL != 0)
		c.toks = relex(&lx, nil)
		c.tags = lx.tags
		c.raw, c.text = string(dec), nil
		r.delta += len(dec) - len(rawb)
	}
	if !big && commentsOnly(c.toks) {
		return false
	}
	r.index++
	c.index = r.index
	return true
}

// setKnownRaw makes c, a game cut and not built, the last game with
// something to infer its type from (none when c is nil), holding the
// buffer of its text for knownNumber.
func (r *Reader) setKnownRaw(c *RawGame) {
	if r.knownCh != nil {
		r.knownCh.refs.Add(-1)
		r.knownCh = nil
	}
	r.knownRaw = c
	if c != nil {
		r.known, r.hasKnownNum = nil, false
		if c.ch != nil {
			r.knownCh = c.ch
			c.ch.refs.Add(1)
		}
	}
}

// knownNumber returns the GameType number of the last game with
// something to infer its type from, for the games after it that have
// nothing, and whether there was one; the game known is let go of (its
// number kept).
func (r *Reader) knownNumber() (int, bool) {
	switch {
	case r.knownRaw != nil:
		c := r.knownRaw
		if r.typeGame == nil {
			r.typeGame = new(Game)
		}
		g := c.build(r.typeGame, &r.bs, buildOwn) // c.text is held: knownCh
		r.knownNum, r.hasKnownNum = g.GameType().Number, true
		r.setKnownRaw(nil)
	case r.known != nil:
		r.knownType()
	}
	return r.knownNum, r.hasKnownNum
}

// newGame allocates a Game together with room for n tags, in one
// allocation for the usual numbers of tags.
func newGame(n int) *Game {
	switch {
	case n == 0:
		return new(Game)
	case n <= 4:
		b := new(struct {
			g Game
			t [4]Tag
		})
		b.g.Tags = b.t[:0]
		return &b.g
	case n <= 8:
		b := new(struct {
			g Game
			t [8]Tag
		})
		b.g.Tags = b.t[:0]
		return &b.g
	case n <= 12:
		b := new(struct {
			g Game
			t [12]Tag
		})
		b.g.Tags = b.t[:0]
		return &b.g
	}
	return &Game{Tags: make([]Tag, 0, n)}
}

// relex scans a whole decoded game again.
func relex(lx *lexer, toks []token) []token {
	var t token
	for {
		if lx.next(&t) != lexOK {
			return toks
		}
		toks = append(toks, t)
	}
}

func commentsOnly(toks []token) bool {
	for i := range toks {
		if k := toks[i].kind; (k != tkComment && k != tkLineComment) || toks[i].err != ecNone {
			return false
		}
	}
	return true
}
