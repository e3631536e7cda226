package export

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Movetext writes the main line of a game as PDN movetext: moves numbered
// afresh, the replayed plies with every landing square (as damka clean
// --full-paths writes them), the moves after the ply where replay stopped
// as written, and the game's terminator ("*" when it has none); no tags,
// comments, NAGs or variations. A game that starts with the second side
// of a pair begins "1... ". Read back as PDN, it gives the same moves.
func Movetext(r *validate.Report) string {
	text, _ := gameTexts(r)
	return text
}

// gameTexts returns the movetext and the game key of r, formatting each
// move once for both.
func gameTexts(r *validate.Report) (movetext, key string) {
	var keyBuf []byte
	buf := appendMoves(nil, r, -1, &keyBuf)
	term := r.Game.Terminator
	if term == "" {
		term = "*"
	}
	if len(buf) > 0 {
		buf = append(buf, ' ')
	}
	sum := sha256.Sum256(keyBuf)
	return string(append(buf, term...)), hex.EncodeToString(sum[:8])
}

// Opening writes the first n plies of a replay with move numbers and
// every landing square: "1. c3-d4 f6-g5 2. b2-c3"; a game that starts
// with the second side of a pair begins "1... ". It returns "" when
// nothing was replayed. It is the games table's opening_moves.
func Opening(r *validate.Report, n int) string {
	n = max(n, 0)
	return string(appendMoves(nil, r, min(n, len(r.Plies)), nil))
}

// appendMoves appends the numbered moves of the main line of r: its
// first n replayed plies, or with n < 0 every replayed ply and then the
// written moves replay did not reach. With key set (and n < 0), it
// writes the text GameKey hashes there too.
func appendMoves(buf []byte, r *validate.Report, n int, key *[]byte) []byte {
	if key != nil {
		*key = appendKeyStart(*key, r)
	}
	first := r.FirstMove()
	number, starts := 1, true // the next move's number, and whether it starts a pair
	word := func(text []byte) {
		if len(buf) > 0 {
			buf = append(buf, ' ')
		}
		switch {
		case starts:
			buf = strconv.AppendInt(buf, int64(number), 10)
			buf = append(buf, ". "...)
		case len(buf) == 0:
			buf = strconv.AppendInt(buf, int64(number), 10)
			buf = append(buf, "... "...)
		}
		buf = append(buf, text...)
		if !starts {
			number++
		}
		starts = !starts
	}
	plies := r.Plies
	if n >= 0 {
		plies = plies[:n]
	}
	var text []byte
	style := r.Variant.DefaultStyle()
	for i := range plies {
		pl := &plies[i]
		number, starts = pl.MoveNumber, pl.Side == first
		text = pl.Move.AppendFormat(text[:0], style)
		word(text)
		if key != nil {
			*key = append(append(*key, text...), ' ')
		}
	}
	if n >= 0 {
		return buf
	}
	rest := r.Game.Moves[unreplayed(r):]
	if len(r.Plies) == 0 && len(rest) > 0 {
		number, starts = max(1, int(rest[0].Number)), !rest[0].Ellipsis
	}
	for i := range rest {
		text = append(text[:0], rest[i].Squares()...)
		word(text)
		if key != nil {
			*key = append(append(*key, '?'), movesKeyText(rest[i])...)
		}
	}
	return buf
}

// unreplayed is the index in r.Game.Moves of the first written move that
// replay did not reach: after the last one a ply came from.
func unreplayed(r *validate.Report) int {
	next := 0
	for i := range r.Plies {
		next = max(next, r.Plies[i].Index+1)
	}
	return min(next, len(r.Game.Moves))
}

// gameKeyPrefix starts the text GameKey hashes: it names the definition,
// so that another definition can never give the same keys.
const gameKeyPrefix = "damka game_key 1"

// GameKey returns the content key of a game: the same rules, start
// position and moves give the same key, whatever file, tags, notation
// (numeric or algebraic, captures abbreviated or not) or annotations the
// records have. It is the first 8 bytes of the SHA-256 of
//
//	"damka game_key 1" NUL variant NUL start NUL moves
//
// as 16 lower-case hex digits, where variant is the name of the rules the
// game was replayed by ("russian"), start the canonical FEN of the
// position replay started from, and moves the replayed moves with every
// landing square, each followed by a space, then the written moves replay
// did not reach, as written, each preceded by "?". For a game damka could
// not replay from a known position (a variant it does not play, a bad
// setup), variant is "gametype N" with the record's GameType number and
// start is "?" followed by the FEN as written, so that such keys never
// equal the key of a replayed game.
func GameKey(r *validate.Report) string {
	_, key := gameTexts(r)
	return key
}

// appendKeyStart appends the start of the text GameKey hashes: the
// prefix, the variant and the start position, each followed by NUL.
func appendKeyStart(b []byte, r *validate.Report) []byte {
	b = append(b, gameKeyPrefix...)
	b = append(b, 0)
	if r.Variant != draughts.NoVariant {
		b = append(b, r.Variant.Name()...)
	} else {
		b = append(b, "gametype "...)
		b = strconv.AppendInt(b, int64(r.GameType.Number), 10)
	}
	b = append(b, 0)
	if r.Started {
		b = r.Start.AppendFEN(b)
	} else {
		b = append(b, '?')
		b = append(b, r.Game.FEN()...)
	}
	return append(b, 0)
}

// movesKeyText is a written move in the game key: its squares, or "-"
// for an unknown move.
func movesKeyText(m pdn.Move) string {
	if m.Unknown {
		return "-"
	}
	return m.Squares()
}
