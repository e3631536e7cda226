package pdn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
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
		if r.sp.term || lx.glued >= 0 {
			continue
		}
		// The move numbers and moves after it on the line, most of the
		// tokens, in one go: readGame's short path for each.
		n, moves := len(toks), 0
		toks, moves = lx.run(toks, gs+max)
		if len(toks) == n {
			continue
		}
		r.sp.body = true
		if r.sp.depth == 0 {
			r.sp.moves += moves
		}
		last = lx.base + int(toks[len(toks)-1].end)
		if last-gs > max {
			r.toks = toks
			return r.tooLarge(gs, last), true, nil
		}
	}
}
