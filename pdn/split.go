package pdn

import "bytes"

// splitState decides where games end, from the tokens as they come:
//   - a tag pair after movetext or a terminator starts a new game;
//   - so does a tag pair after a blank line when the game already has a
//     tag of that name (tag sections of games with no movetext);
//   - after a terminator (outside variations), any movetext starts a new
//     game, and so does a comment on a later line.
type splitState struct {
	body     bool // movetext seen
	term     bool // terminator seen
	termLine int
	depth    int
	tags     int // tag tokens
	moves    int // moves of the main line
	builds       // what the builder will find, for NextRaw
}

// builds is what the builder will find in a game, as its tokens come
// (track), for NextRaw to tell without building it (see RawGame.scan,
// which works it out from the tokens of a whole game, and
// RawGame.fromSplit).
type builds struct {
	stop     bool // the builder stops at a token before this one (an error)
	failed   bool // it records a syntax error
	unknowns int  // unknown moves ("-", "--") of the main line
	evMoves  int  // main-line moves that are not unknown, up to the stop
	evTag    bool // a tag that gives GameType something to go by
	evSetup  bool // a setup token with a FEN
}

// endsCut tells whether g, the last game of the input, looks cut: it has
// no result and the input ends in its movetext, or in its tags before a
// Result tag (the last of the seven standard tags: a tag section cut by
// head -c). A JSON document's strings are whole (a cut document does not
// parse), and its movetext strings carry no terminator: not there.
func (r *Reader) endsCut(g *Game) bool {
	if g.Terminator != "" || r.json {
		return false
	}
	if r.sp.body {
		return true
	}
	_, result := g.Tag("Result")
	return len(g.Tags) > 0 && !result
}

// markCut marks g, which the input ends in without a result, with ErrCut
// at its last move (or its start).
func (r *Reader) markCut(g *Game) {
	p := g.Pos
	if n := len(g.Moves); n > 0 {
		p = g.Moves[n-1].Pos
	}
	g.Err = &SyntaxError{File: r.name, Game: g.Index, Line: int(p.Line), Column: int(p.Column), Err: ErrCut}
}

func (r *Reader) boundary(t *token) bool {
	sp := &r.sp
	kind := t.kind
	if kind == tkBad && t.flags&flTagLike != 0 {
		kind = tkTag
	}
	switch kind {
	case tkTag:
		if sp.body || sp.term {
			return true
		}
		if t.flags&flBlank != 0 && t.kind == tkTag && r.hasTag(t) {
			return true
		}
		sp.tags++
		return false
	case tkComment, tkLineComment:
		if sp.term && int(t.line) > sp.termLine {
			return true
		}
		if t.err != ecNone {
			if sp.term {
				return true
			}
			sp.body = true
		}
		return false
	case tkGlued:
		return false
	case tkResult:
		if sp.term {
			return true
		}
		if sp.depth > 0 {
			sp.body = true
			return false
		}
		sp.term = true
		sp.termLine = int(t.line)
		return false
	}
	if sp.term {
		return true
	}
	sp.body = true
	switch kind {
	case tkMove, tkUnknown:
		if sp.depth == 0 {
			sp.moves++
		}
	case tkLParen:
		sp.depth++
	case tkRParen:
		if sp.depth > 0 {
			sp.depth--
		}
	}
	return false
}

// track follows t, a token of the game that is not a move or a move
// number (those take readGame's short path: they never stop the
// builder), after the tokens toks before it, as builder.token will take
// it: whether it stops the builder at an error, and what GameType can go
// by up to there. depth is the depth of variations before t; the split
// state (its depth, the moves of the main line) is as boundary left it
// after t, and is the builder's up to its stop.
func (r *Reader) track(t *token, toks []token, depth int) {
	sp := &r.sp
	if sp.stop {
		return
	}
	switch t.kind {
	case tkTag:
		if t.err != ecNone {
			sp.failed = true
		}
		if !sp.evTag {
			sp.evTag = evidenceTag(r.tagName(t))
		}
		return
	case tkUnknown:
		if sp.depth == 0 {
			sp.unknowns++
		}
		return
	case tkSetup:
		sp.evSetup = setupFEN(string(r.lx.d[r.lx.base+int(t.start)+1:r.lx.base+int(t.end)-1])) != ""
		return
	case tkBad:
		sp.failed = true
		sp.stop = t.err != ecBadTag
	case tkComment, tkLineComment, tkGlued:
		sp.stop = t.err != ecNone
	case tkStrength, tkNAG:
		sp.stop = !lineHasMove(toks)
	case tkLParen:
		sp.stop = !lineHasMove(toks) || depth+1 > r.maxDepth()
	case tkRParen:
		sp.stop = depth == 0
	case tkResult:
		sp.stop = depth > 0
	}
	if sp.stop {
		sp.failed = true
		sp.evMoves = sp.moves - sp.unknowns
	}
}

// lineHasMove reports whether the line being read after toks has a move
// (builder.last is not nil), for toks with no error before: the tokens
// since the '(' that opened it hold a move or a variation closed (which
// came after a move).
func lineHasMove(toks []token) bool {
	for i := len(toks) - 1; i >= 0; i-- {
		switch toks[i].kind {
		case tkMove, tkUnknown, tkRParen:
			return true
		case tkLParen:
			return false
		}
	}
	return false
}

// hasTag reports whether the game has a tag of the same name as t.
func (r *Reader) hasTag(t *token) bool {
	name := r.tagName(t)
	for i := range r.toks {
		u := &r.toks[i]
		if u.kind == tkTag && bytes.EqualFold(r.tagName(u), name) {
			return true
		}
	}
	return false
}

func (r *Reader) tagName(t *token) []byte {
	sp := &r.lx.tags[t.num]
	b := r.lx.base
	return r.lx.d[b+int(sp.ns) : b+int(sp.ne)]
}

// tooLarge returns what was read of a game over MaxGameBytes, then skips
// the input up to the next line that starts with a tag pair.
func (r *Reader) tooLarge(gs, last int) *Game {
	var g *Game
	if last < 0 || len(r.toks) == 0 {
		r.index++
		line, col := r.lx.line, gs-r.lx.ls+1
		p := Pos{Offset: r.base + gs + r.delta, Line: int32(line), Column: int32(col)}
		g = &Game{File: r.name, Index: r.index, Encoding: UTF8, Pos: p, RawPos: p}
		if r.wide != "" {
			g.Encoding = r.wide
		}
		g.Err = &SyntaxError{File: r.name, Game: g.Index, Line: line, Column: col, Err: ErrGameTooLarge}
		if c := r.raw; c != nil {
			c.pre, c.index, c.ch, c.raw, c.text = g, g.Index, nil, "", nil
			c.built.Store(false)
		}
	} else {
		g, _ = r.finish(gs, last, ErrGameTooLarge, false)
		// The error of a truncated game is its size, whatever else the
		// truncation broke.
		if se, ok := g.Err.(*SyntaxError); !ok || se.Err != ErrGameTooLarge {
			g.Err = &SyntaxError{File: r.name, Game: g.Index, Line: int(g.Pos.Line), Column: int(g.Pos.Column), Err: ErrGameTooLarge}
		}
	}
	start := int64(r.base + gs)
	r.skipToTagLine()
	if se, ok := g.Err.(*SyntaxError); ok {
		se.Start, se.End = start, int64(r.base+r.lx.p)
		if r.json || r.wide != "" {
			se.Start = -1
		}
	}
	return g
}

// skipToTagLine drops input up to the next line that starts with a tag
// pair, counting lines on the way.
func (r *Reader) skipToTagLine() {
	lx := &r.lx
	p := lx.p
	check := false
	for {
		if check {
			switch lx.tagLineAt(p) {
			case 1:
				lx.p = p
				lx.nls = 0
				lx.glued = -1
				lx.bol = true
				return
			case -1:
				lx.p = p
				if !r.fill(p) {
					lx.p = r.n
					return
				}
				p = lx.p
				continue
			}
			check = false
		}
		i := bytes.IndexByte(r.buf[p:r.n], '\n')
		if i < 0 {
			if r.eof || r.rerr != nil {
				lx.p = r.n
				lx.nls = 0
				return
			}
			lx.p = r.n
			if !r.fill(r.n) {
				lx.p = r.n
				return
			}
			p = lx.p
			continue
		}
		p += i + 1
		lx.line++
		lx.ls = p
		check = true
	}
}
