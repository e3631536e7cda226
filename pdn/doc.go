// Package pdn reads and writes draughts games in Portable Draughts
// Notation (PDN 3.0, reading form), as real archives write it.
//
// The package knows notation only: tags, move tokens, comments,
// variations, terminators. It has no rules of play and does not know
// whether a move is legal, or even whether a square exists on the board.
//
// # Reading
//
// A Reader reads games one at a time from an io.Reader, like
// encoding/csv.Reader reads records:
//
//	r := pdn.NewReader(f, "games.pdn")
//	for {
//		g, err := r.Next()
//		if err == io.EOF {
//			break
//		}
//		if g == nil {
//			return err // a read error
//		}
//		if err != nil {
//			log.Print(err) // a *SyntaxError: g holds what was read before it
//		}
//		use(g)
//	}
//
// A Game keeps its tags in source order (duplicates and unknown names
// kept), the main line as Moves with the move text exactly as written,
// move numbers, strength (!?), NAGs ($n), comments attached to the move
// they follow, variations as nested lines, the terminator, a /FEN "..."/
// setup, the positions (file, offset, line, column) of its first tag and
// of every move, and its raw text. A Move holds its text, position and
// number; what is rarer (strength, NAGs, comments, variations) is in its
// Notes, nil for a move with none, and read with the accessors
// m.Strength(), m.NAGs(), m.Comments(), m.Before(), m.Variations(),
// which work on a nil Notes:
//
//	for _, m := range g.Moves {
//		fmt.Println(m.Number, m.Text, m.Comments())
//	}
//
// Besides PDN 3.0 (captures with x or :, the results 1-0 0-1 1/2-1/2 2-0
// 0-2 1-1 0-0 *, "1..." and "1. ..." continuations, "-" for an unknown
// move), the reader accepts what real archives do: CRLF, LF and CR line
// ends mixed; a literal two-character \r at the end of lines; padded
// tags ([Event    "x"], [ Event "x" ]), tag names with spaces, [Name]
// with no value; games on one line, no blank line between tags and moves,
// 0-1[Event with no space; squares with leading zeros or a space after the
// separator (01-06, 1- 7); a Cyrillic letter typed for a file ("с3-d4" with
// a Cyrillic с: kept as written, for replay to report and mend); comment
// text glued to a move
// (8-11Redoverstepped... gives the move 8-11 and a comment); (!?!!!)
// strength; escaped quotes in tag values; a Result tag that disagrees
// with the terminator (both kept); a match score as terminator when it
// equals the Result tag (4-6); games with no moves; Italian and French
// tag names (Game.White and the other accessors fall back to Bianco,
// Blanc, P1 ...).
//
// Comments attach to the move before them; comments before the first
// move of the game go to Game.Comment, those before the first move of a
// variation to that move's Notes.Before; a comment after the terminator on
// the same line is kept with the last move, one on a later line belongs
// to the next game. "-" (or "--") is an unknown move, one per dash: "1.
// - -" is two moves.
//
// Where one game ends: a tag pair after movetext or a terminator starts a
// new game, as does a tag after a blank line when the game already has a
// tag of that name (tag sections with no movetext), and so does movetext
// after a terminator (a game with no tags). A game is returned when at
// least one of its tokens is not a comment; comments after the last game
// are dropped.
//
// Errors: a game that breaks the notation is returned with a
// *SyntaxError (file, game, line, column, offending text, and a sentinel
// such as ErrUnterminatedComment, ErrNestedComment, ErrUnclosedVariation,
// ErrBadMove or ErrBadToken) together with what was read of it; the
// reader goes on at the next game. Broken tag pairs (ErrBadTag) are
// reported but the rest of the game is still read. A comment left open
// ends before the next line that looks like a tag pair. Nothing makes the
// reader panic or loop: one game is capped at MaxGameBytes (4 MiB by
// default; a bigger one is returned cut, with ErrGameTooLarge, and the
// reader skips to the next line that starts with a tag pair) and
// variations at MaxVariationDepth (32) levels. Memory use is bounded in
// proportion to MaxGameBytes.
//
// Speed: the reader scans bytes by hand and keeps each game's text as one
// string; move texts, tag names and values are slices of it. It reads
// its input in chunks of 64 KiB or more. Allocation is what costs most,
// so a game gets few and small ones: a Move is 48 bytes; the Game and
// its tags (up to 12) are one allocation; Moves is sized once, from a
// count made while reading; the Notes of a game are allocated together,
// for the moves that have some. The main lines of consecutive games
// share blocks of 64 KiB (each game's slice has its capacity clipped, so
// appending to it is safe): a program that keeps a few games out of many
// keeps their whole blocks alive, with the text of the games next to
// them, and can copy g.Moves (slices.Clone) to keep only its own. Set
// ReuseGame (like encoding/csv's ReuseRecord) to have the same Game,
// slices and Notes reused from one call to the next when the games are
// not kept: it is the one reuse switch of the Reader.
//
// Reading on several goroutines: a stream is cut into games in order,
// but the games need not be built in order. NextRaw cuts the next game
// into a RawGame (its text, its tokens, its index and position, the type
// of the game before for GameType's fall-back, whether it has a syntax
// error), leaving it unbuilt; RawGame.Build, on any goroutine, builds the
// Game Next would have returned, copying its text out of the reader's
// buffer (which the reader does not write over until then), into a game
// of the caller's whose memory it reuses (or a new one). damka's workers
// cut in turn, under a lock, and each builds its own games; with one or
// two workers the reader builds each game as soon as it is cut, into
// the games of a batch given back. This split is kept because
// ReuseGame's one Game cannot serve games built elsewhere or many in
// flight at once.
//
// Positions: offsets count bytes of the decoded (UTF-8) text, after a
// byte order mark; columns count bytes; lines end at LF, CRLF or CR.
// Pos keeps lines and columns as int32, offsets as int.
//
// # Encodings
//
// A UTF-8 byte order mark is skipped. UTF-16 input, little or big endian,
// is found by its byte order mark or, without one, by the zero bytes of
// its ASCII characters in the first 512 bytes, and decoded as it is read.
// Otherwise each game is decoded on its own: a game whose bytes are valid
// UTF-8 is read as UTF-8; one with a few bytes that are not (fewer than
// its UTF-8 characters of more than one byte: a bad copy, not another code
// page) is read as UTF-8 too, each bad byte as U+FFFD, and Game.BadBytes
// says where they were; one whose other bytes stand one or two together
// inside Latin words (French, Dutch, German names) is in Windows-1252,
// the Western code page (Latin-1 is read as it); any other is in one of
// the Cyrillic code pages of old Russian archives, Windows-1251, CP866 (DOS) or KOI8-R, the one in
// which its letters read most like Russian (the log-likelihood of Russian
// letter frequencies, with penalties for characters that are no letters
// and for capitals after small letters, where a wrong code page puts
// them). Every game of the Russian corpus, converted to each code page,
// is detected right (TestDetectCodePageCorpus). Game.Encoding says which
// (utf-8, utf-16le, utf-16be, windows-1251, cp866, koi8-r, windows-1252).
// Reader.Encoding forces one instead.
//
// Input that is not text is refused: Next returns ErrBinary when the
// first 8 KiB hold a NUL byte (as grep does), an executable or an image
// (once UTF-16 has been decoded).
// A game that the input ends in, inside its movetext and with no result,
// has ErrCut: the file may have been cut (a truncated download, head -c,
// a compressed stream cut short, whose read error follows the game).
//
// # Inputs
//
// The Reader reads an io.Reader. Finding the files to read (walks of
// folders and zip archives) and opening them (decompressing gzip,
// bzip2, zstd, xz and lz4) is package input's (input.Walk, input.Open,
// input.ReadFile), which imports pdn.
//
// JSON input (py-draughts test files, {"pdn_positions": [...]}) is found
// by its first bytes: the string values of the document are read as
// pieces of PDN text joined by blank lines, so a string of tags followed
// by a string of moves reads as one game. Positions then refer to that
// text.
//
// # Variants
//
// Game.GameType returns the GameType tag (short "25" or long
// "25,W,8,8,A0,0" form; any number is kept, such as lidraughts' 96, 97,
// 98), or, without one, a guess marked Inferred: from a [Variant "..."]
// tag, else from the squares (algebraic within a-h/1-8: 25 Russian;
// numeric up to 32: 21 English, or 22 with Italian tag names; numeric
// above 32 or algebraic beyond h8: 20 International), else from the game
// before in the same file, else 20.
//
// # Writing
//
// A Writer writes canonical PDN, like encoding/csv.Writer: the seven
// standard tags first in standard order (taking an Italian/French
// equivalent or "?" when missing, the terminator for Result), then
// GameType (inferred when missing), then the other tags in their order;
// the movetext numbered, with strength, NAGs, comments, variations and
// the terminator (when missing, the Result tag's value if it is one, else
// "*"), in lines under 80 columns. Game.Canonical
// returns the game as written: reading Writer's output gives it back.
package pdn
