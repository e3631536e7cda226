package pdn

// Terminated reports whether text, the text of one game, ends with a game
// terminator ("*", "2-0", "1-0", "1/2-1/2" ...) outside any variation:
// whether another game written after it would read as a game of its own
// even when that game has no tags. Writers of games as they were read
// (clean's rejects) use it to end an unterminated game, which a reader
// would otherwise join to the next untagged one.
func Terminated(text string) bool {
	var lx lexer
	lx.reset([]byte(text), true, 1, 1, true)
	var t token
	depth, last := 0, tokKind(0)
	for lx.next(&t) == lexOK {
		switch {
		case t.kind == tkLParen:
			depth++
			last = tkLParen
		case t.kind == tkRParen:
			depth = max(depth-1, 0)
			last = tkRParen
		case depth == 0:
			last = t.kind
		}
	}
	return last == tkResult && depth == 0
}
