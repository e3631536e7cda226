package pdn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Sentinel errors, found in SyntaxError.Err.
var (
	ErrBadTag              = errors.New("malformed tag pair")
	ErrUnterminatedComment = errors.New("unterminated comment")
	ErrNestedComment       = errors.New("nested comment")
	ErrBadMove             = errors.New("malformed move")
	ErrBadToken            = errors.New("unexpected text")
	ErrMisplaced           = errors.New("misplaced token")
	ErrUnclosedVariation   = errors.New("unclosed variation")
	ErrVariationDepth      = errors.New("variations nested too deep")
	ErrGameTooLarge        = errors.New("game too large")
	// ErrCut is the error of a game whose movetext the input ends in,
	// with no result: a truncated download, a file cut by head -c.
	ErrCut = errors.New("the input ends inside this game; it may be cut")
	// ErrBinary is returned by Next, for the whole input, when its first
	// bytes hold a NUL byte, as no text does: an executable, an image, a
	// UTF-16 file.
	ErrBinary = errors.New("not a PDN file (binary data)")
)

func errFor(ec uint8) error {
	switch ec {
	case ecBadTag:
		return ErrBadTag
	case ecUnterminatedComment:
		return ErrUnterminatedComment
	case ecNestedComment:
		return ErrNestedComment
	case ecBadMove:
		return ErrBadMove
	}
	return ErrBadToken
}

// SyntaxError reports a game that does not follow the notation. Like
// encoding/csv.ParseError it says where, and wraps a sentinel (ErrBadTag,
// ErrBadMove, ErrUnterminatedComment ...) for errors.Is.
type SyntaxError struct {
	File   string // file name given to NewReader
	Game   int    // 1-based index of the game in the file
	Line   int    // line of the offending text (1-based)
	Column int    // column of the offending text (1-based, bytes)
	Text   string // the offending text, shortened when long
	Err    error  // the sentinel
	// For ErrGameTooLarge: the byte range of the whole game in the input
	// (after decompression, before decoding), so that a caller can copy
	// it; Start is -1 when the input was JSON or UTF-16 (the range is
	// then in the text of its strings, or in the UTF-8 it was decoded to).
	Start, End int64
}

func (e *SyntaxError) Error() string {
	s := fmt.Sprintf("%s:%d:%d: game %d: %v", e.File, e.Line, e.Column, e.Game, e.Err)
	if e.Text != "" {
		s += ": " + strconv.Quote(e.Text)
	}
	return s
}

func (e *SyntaxError) Unwrap() error { return e.Err }

const (
	defaultMaxGameBytes      = 4 << 20
	defaultMaxVariationDepth = 32
	maxGameBytesLimit        = 1 << 30 // token offsets are int32
	readChunk                = 64 << 10
	maxJSONBytes             = 256 << 20 // JSON input is decoded with encoding/json: cap it
	sniffBytes               = 8 << 10   // looked at for binary data and JSON before the first game
	keepTokens               = 4096      // tokens a RawGame hands back to the reader for the next game
	maxRawText               = 256 << 10 // NextRaw builds a bigger game itself (its tokens are not kept)
)

// ErrJSONTooLarge is returned (wrapped) for JSON input over 256 MiB.
var ErrJSONTooLarge = errors.New("JSON input too large")

// limitReader is io.LimitReader with an error at the limit.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, ErrJSONTooLarge
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// Reader reads games from PDN text one at a time, like
// encoding/csv.Reader reads records. Set the exported fields before the
// first call to Next.
type Reader struct {
	// MaxGameBytes caps the size of one game (default 4 MiB). A bigger
	// game is returned truncated with ErrGameTooLarge and the rest of it
	// is skipped up to the next line that starts with a tag pair.
	MaxGameBytes int
	// MaxVariationDepth caps the nesting of variations (default 32).
	// Deeper nesting is a syntax error (ErrVariationDepth).
	MaxVariationDepth int
	// ReuseGame, like encoding/csv.Reader.ReuseRecord, lets Next return
	// the same *Game each time, its slices and the Notes of its moves
	// reused, for speed. The caller must not keep the game (or its Tags,
	// Moves and Notes) across calls. With it, GameType does not fall back
	// to the type of the game before.
	//
	// Without it, the main lines of consecutive games share blocks of
	// 64 KiB: keeping one game keeps its block alive (see the package
	// documentation).
	//
	// ReuseGame is the Reader's one reuse switch. The other way to read,
	// NextRaw then RawGame.Build, is there for what one reused Game
	// cannot do: building games on other goroutines than the reader's,
	// and into games of the caller's (Build(g) reuses g), many in flight
	// at once and given back in any order, as damka's pipeline does with
	// its batches of games.
	ReuseGame bool
	// Encoding forces the text encoding of the input, one of Encodings
	// (see ParseEncoding), instead of detecting it (see the package
	// documentation): a code page decodes every game, UTF-8 reads bytes
	// that are not UTF-8 as U+FFFD, UTF-16 decodes the whole input. A
	// name ParseEncoding does not know is the error of the first Next.
	Encoding string

	enc     string // Encoding checked; UTF8 for UTF-16 input once decoded
	wide    string // UTF16LE or UTF16BE for UTF-16 input
	name    string
	src     io.Reader
	json    bool // src reads the strings of a JSON document
	started bool
	err     error // sticky: io.EOF or a read error

	buf   []byte // buf[:n] holds input not yet consumed
	ch    *chunk // buf's, once games cut by NextRaw hold slices of it
	spare []*chunk
	n     int
	eof   bool
	rerr  error // read error, reported once the buffer is used up
	base  int   // offset in the input of buf[0]
	delta int   // decoded size minus raw size of the games before
	lx    lexer
	index int
	toks  []token
	known *Game    // the last game with something to infer its type from
	game  *Game    // the game to reuse (ReuseGame)
	raw   *RawGame // the game NextRaw cuts into, nil in Next
	own   RawGame  // the game cut, in Next
	// knownNum is the GameType number of the last game with something to
	// infer its type from, once worked out (hasKnownNum).
	knownNum    int
	hasKnownNum bool
	// knownRaw is the last game cut by NextRaw, unbuilt, with something
	// to infer its type from (known is then nil): the reader builds it
	// (into typeGame) for its type when a game after it has nothing.
	knownRaw *RawGame
	knownCh  *chunk // the buffer of knownRaw's text, held
	// oldToks and oldTags are the tokens of the RawGame being cut, from
	// before (see cut and ownTokens).
	oldToks  []token
	oldTags  []tagSpan
	aliased  bool // the RawGame's tokens are the reader's
	typeGame *Game
	pos      int // input offset after the last game
	stuck    int // games returned in a row without progress
	sp       splitState
	bs       scratch
}

// scratch holds the slices a builder uses, kept from one game to the next.
type scratch struct {
	stack    []*[]Move
	parens   []int
	lineLens []int32
	comments []string
	notes    []Notes // with ReuseGame only
	block    []Move  // without ReuseGame: the block of moves being handed out
}

// NewReader returns a Reader of the PDN text in r. name is used in
// positions and errors (for example the file name). If r holds a JSON
// document instead (its first byte is '{' followed by a "key": or '['
// followed by a string), the strings in it are read as pieces of PDN
// text, joined by blank lines; positions then refer to that text.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{
		MaxGameBytes:      defaultMaxGameBytes,
		MaxVariationDepth: defaultMaxVariationDepth,
		name:              name,
		src:               r,
		index:             0,
	}
}

func (r *Reader) maxGame() int {
	m := r.MaxGameBytes
	if m <= 0 {
		m = defaultMaxGameBytes
	}
	if m > maxGameBytesLimit {
		m = maxGameBytesLimit
	}
	return m
}

func (r *Reader) maxDepth() int {
	if r.MaxVariationDepth <= 0 {
		return defaultMaxVariationDepth
	}
	return r.MaxVariationDepth
}

func (r *Reader) start() {
	r.started = true
	r.buf = make([]byte, readChunk)
	r.lx.reset(nil, false, 1, 1, true)
	// Sniff for binary data (like grep, a NUL byte in the first block)
	// and JSON.
	for r.n < sniffBytes && !r.eof && r.rerr == nil {
		r.read(sniffBytes - r.n)
	}
	// UTF-16 first: its ASCII characters have zero bytes.
	if r.startEncoding(); r.err != nil {
		return
	}
	if bytes.IndexByte(r.buf[:min(r.n, sniffBytes)], 0) >= 0 {
		r.err = ErrBinary
		return
	}
	if r.rerr == nil && isJSON(r.buf[:r.n]) {
		head := append([]byte(nil), bytes.TrimPrefix(r.buf[:r.n], []byte("\xef\xbb\xbf"))...)
		var src io.Reader = bytes.NewReader(head)
		if !r.eof {
			src = io.MultiReader(src, r.src)
		}
		r.src = newJSONText(&limitReader{r: src, n: maxJSONBytes})
		r.json = true
		r.n, r.eof, r.rerr = 0, false, nil
	}
	r.lx.d = r.buf[:r.n]
	r.lx.eof = r.eof
	// A byte order mark is not part of the text: positions start after it.
	if bytes.HasPrefix(r.lx.d, []byte("\xef\xbb\xbf")) {
		r.lx.p, r.lx.ls, r.delta = 3, 3, -3
	}
}

// read reads at least min more bytes into buf (less at the end of the
// input or at an error), growing buf when needed.
func (r *Reader) read(min int) {
	want := r.n + min
	if want > len(r.buf) {
		size := 2 * len(r.buf)
		for size < want {
			size *= 2
		}
		nb := make([]byte, size)
		copy(nb, r.buf[:r.n])
		r.buf = nb
		r.retire()
	}
	for empty := 0; r.n < want && !r.eof && r.rerr == nil; {
		m, err := r.src.Read(r.buf[r.n:])
		r.n += m
		switch {
		case err == io.EOF:
			r.eof = true
		case err != nil:
			r.rerr = err
		case m == 0:
			if empty++; empty > 100 {
				r.rerr = io.ErrNoProgress
			}
		}
	}
}

// fill makes more input available, keeping buf[keep:]. It returns false
// when nothing more could be read because of a read error.
func (r *Reader) fill(keep int) bool {
	if r.ch != nil && r.ch.refs.Load() > 0 {
		// Games cut by NextRaw hold slices of buf, until Build: go on in
		// another buffer (one they have let go of, or a new one).
		ch := r.freeChunk()
		r.n = copy(ch.b, r.buf[keep:r.n])
		r.retire()
		r.buf, r.ch = ch.b, ch
		r.base += keep
		r.lx.shift(keep)
	} else if keep > 0 {
		copy(r.buf, r.buf[keep:r.n])
		r.n -= keep
		r.base += keep
		r.lx.shift(keep)
	}
	before := r.n
	if !r.eof && r.rerr == nil {
		min := readChunk
		if r.n > min {
			min = r.n // grow geometrically when one game spans many reads
		}
		r.read(min)
	}
	r.lx.d = r.buf[:r.n]
	r.lx.eof = r.eof
	return r.n > before || r.eof
}

// maxSpare is how many buffers held by games cut by NextRaw the reader
// keeps, to read into again once they are let go of; it keeps none over
// maxSpareBytes (the buffer grown for a big game).
const (
	maxSpare      = 8
	maxSpareBytes = 4 * readChunk
)

// retire puts the chunk of buf, which the reader leaves, among the
// spares (or lets go of it, and of the oldest spare when there are
// maxSpare).
func (r *Reader) retire() {
	if r.ch == nil {
		return
	}
	if len(r.ch.b) > maxSpareBytes {
		r.ch = nil
		return
	}
	if len(r.spare) == maxSpare {
		copy(r.spare, r.spare[1:])
		r.spare = r.spare[:maxSpare-1]
	}
	r.spare = append(r.spare, r.ch)
	r.ch = nil
}

// freeChunk returns a spare buffer of buf's size that no game holds, or
// a new one.
func (r *Reader) freeChunk() *chunk {
	for i, ch := range r.spare {
		if ch.refs.Load() == 0 && len(ch.b) == len(r.buf) {
			r.spare = append(r.spare[:i], r.spare[i+1:]...)
			return ch
		}
	}
	return &chunk{b: make([]byte, len(r.buf))}
}

// lend hands c, a game cut from buf and not built, a slice of buf
// (RawGame.text), which the reader will not write over until c is built.
func (r *Reader) lend(c *RawGame) {
	if r.ch == nil {
		r.ch = &chunk{b: r.buf}
	}
	r.ch.refs.Add(1)
	c.ch = r.ch
}

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

// Next returns the next game. At the end of the input it returns nil,
// io.EOF. A game with a syntax error is returned together with a
// *SyntaxError (also in Game.Err); what was read before the error is kept
// in the game, and the next call goes on with the next game. Read errors
// are returned as they are, with a nil game.
func (r *Reader) Next() (*Game, error) {
	return r.next()
}

// NextRaw is Next without the building: it cuts the next game from
// the input into c (a new RawGame when c is nil; its memory reused) and
// returns it, for RawGame.Build to build, maybe on another goroutine.
// The game Build gives, with its syntax error, is the one Next would
// have returned; NextRaw returns an error only when Next would return
// it with no game: io.EOF at the end of the input, a read error. The
// caller must be done with c (its Build) before the call. The reader
// may keep c, unchanged, until the next call that cuts into it, to
// give its type to the games after it that have nothing to infer
// theirs from (GameType); so a RawGame cut by one Reader may be cut into
// by another only once the first is no longer used.
func (r *Reader) NextRaw(c *RawGame) (*RawGame, error) {
	if c == nil {
		c = new(RawGame)
	}
	if c == r.knownRaw {
		r.knownNumber() // before c is cut into
	}
	r.raw = c
	defer func() { r.raw = nil }()
	if g, err := r.next(); g == nil && err != nil {
		return nil, err
	}
	return c, nil
}

// knownType works out knownNum, the GameType number of the game known,
// and lets go of the game.
func (r *Reader) knownType() {
	r.knownNum, r.hasKnownNum = r.known.GameType().Number, true
	r.known = nil
}

func (r *Reader) next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	if !r.started {
		if r.start(); r.err != nil {
			return nil, r.err
		}
	}
	for {
		g, ok, err := r.readGame()
		if err != nil {
			r.err = err
			return nil, err
		}
		if ok {
			// Each game takes some input: a guard against any loop.
			if pos := r.base + r.lx.p; pos > r.pos || r.eof && r.lx.p >= r.n {
				r.pos, r.stuck = pos, 0
			} else if r.stuck++; r.stuck > 2 {
				r.err = fmt.Errorf("%s: no progress at offset %d: %w", r.name, pos, io.ErrNoProgress)
				return nil, r.err
			}
			if g == nil { // cut by NextRaw, not built
				return nil, nil
			}
			return g, g.Err
		}
	}
}

// readGame reads the tokens of one game and builds it (see finish). It
// returns false, and no error, for a stretch of input that holds only
// comments; the game is nil when NextRaw left it unbuilt.
func (r *Reader) readGame() (*Game, bool, error) {
	lx := &r.lx
	r.toks = r.toks[:0]
	toks := r.toks // stored back in r.toks for boundary, finish and tooLarge
	r.sp = splitState{}
	gs := -1   // start of the game in buf
	last := -1 // end of its last token
	max := r.maxGame()
	lx.rebase = true
	for {
		if len(toks) == cap(toks) {
			toks = append(toks, token{})[:len(toks)]
		}
		t := &toks[:len(toks)+1][len(toks)]
		switch lx.next(t) {
		case lexMore:
			// The game so far, or the token that would start it.
			start := gs
			if start < 0 {
				start = lx.p
			}
			r.toks = toks
			if r.n-start >= max {
				return r.tooLarge(start, last), true, nil
			}
			keep := gs
			if keep < 0 {
				keep = lx.p
			}
			ok := r.fill(keep)
			if gs >= 0 {
				gs -= keep
				last -= keep
			}
			if !ok {
				// A read error: read what came before it as the end of
				// the input; the error comes after the last game.
				r.eof, lx.eof = true, true
			}
			continue
		case lexEOF:
			if gs < 0 {
				if r.rerr != nil {
					return nil, false, r.rerr
				}
				return nil, false, io.EOF
			}
			r.toks = toks
			g, ok := r.finish(gs, last, nil, true)
			if g != nil && g.Err == nil && r.endsCut(g) {
				r.markCut(g)
			}
			return g, ok, nil
		}
		if gs < 0 {
			gs = lx.base
			lx.rebase = false
			r.boundary(t)
			r.track(t, toks, 0)
		} else if k := t.kind; (k == tkMove || k == tkNumber) && !r.sp.term {
			// the common case of boundary
			r.sp.body = true
			if k == tkMove && r.sp.depth == 0 {
				r.sp.moves++
			}
		} else {
			r.toks = toks
			depth := r.sp.depth
			if r.boundary(t) {
				lx.unread(t)
				g, ok := r.finish(gs, last, nil, false)
				return g, ok, nil
			}
			r.track(t, toks, depth)
		}
		toks = toks[:len(toks)+1]
		last = lx.base + int(t.end)
		if last-gs > max {
			r.toks = toks
			return r.tooLarge(gs, last), true, nil
		}
	}
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

// utf8Damage counts, in b, the valid UTF-8 sequences of more than one
// byte and the bytes that are not UTF-8. Text in a one-byte code page
// has many of the second and next to none of the first; UTF-8 text with
// a bad byte, the other way round.
func utf8Damage(b []byte) (multi, invalid int) {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			invalid++
		} else {
			multi++
		}
		i += n
	}
	return multi, invalid
}

// replaceInvalid returns b with each byte that is not UTF-8 replaced by
// U+FFFD, and the offsets of the replacements in the result.
func replaceInvalid(b []byte) ([]byte, []int) {
	out := make([]byte, 0, len(b)+16)
	var at []int
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			at = append(at, len(out))
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out, at
}

// maxBadBytes is how many positions of bad bytes a Game keeps.
const maxBadBytes = 10

// badPositions turns offsets into raw (which starts at line, col and at
// offset off of the text) into positions, the first maxBadBytes of them.
func badPositions(raw string, at []int, off, line, col int) []Pos {
	if len(at) > maxBadBytes {
		at = at[:maxBadBytes]
	}
	out := make([]Pos, 0, len(at))
	k := 0
	for i := 0; i < len(raw) && k < len(at); i++ {
		if i == at[k] {
			out = append(out, Pos{Offset: off + i, Line: int32(line), Column: int32(col)})
			k++
		}
		switch raw[i] {
		case '\n':
			line, col = line+1, 1
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				col++
				continue
			}
			line, col = line+1, 1
		default:
			col++
		}
	}
	return out
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
