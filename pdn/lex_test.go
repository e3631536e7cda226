package pdn

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// lexRunPieces are what the inputs of TestLexRun are made of: the
// tokens run takes (move numbers, moves of letters and of numbers), the
// ones it must leave to next (results, moves with a glued comment, a
// Cyrillic letter, capitals, bad squares, comments, tags, brackets),
// and every kind of white space.
var lexRunPieces = []string{
	"1.", "12.", "12...", "3..", "0.", "1234567890.",
	"c3-d4", "c3:e5", "h8xg7", "a1-b2", "C3-D4", "x3-d4", "c3-x4", "c0-d4", "c3-d0", "i9-j10", "a10-b9", "c3-d4-e5",
	"c3-d4ab", "32-28ab", "c3-d4!", "c3-d4?!", "c3-d4{c}", "c3-d4)", "с3-d4", "c3хe5", "a1b2", "cd4", "c3-", "c3",
	"32-28", "24x15x6", "9:18", "1-7", "1- 7", "99-100", "0-5", "5-0", "100-5", "12-", "07-11",
	"1-0", "0-1", "1-1", "2-0", "0-2", "0-0", "1/2-1/2", "2-1", "*", "1-0ab",
	"{c}", "{a\nb}", "{", "}", "(", ")", "(!)", "$1", "$", "!", "?!", "-", "--", "---", "...", ".",
	"%x\n", ";y\r\n", "[Event \"x\"]", "[", "]", "/FEN \"W:W1\"/", "abc", "é", "\\r\\n", "\xef\xbb\xbf",
	" ", " ", " ", " ", "  ", "\t", "\n", "\r\n", "\r", "\n\n", " \r\n",
}

// lexAll lexes d whole, as readGame does: next for each token, and with
// useRun, run after each one (lim the end past which run stops). It
// returns the tokens, the tag spans, the lexer at the end and how many
// tokens run scanned.
func lexAll(t *testing.T, d []byte, useRun bool, lim int) ([]token, []tagSpan, lexer, int) {
	var lx lexer
	lx.reset(d, true, 1, 1, true)
	lx.rebase = true
	toks := make([]token, 0, 3) // a small capacity, which run stops at
	ran := 0
	for {
		if len(toks) == cap(toks) {
			toks = append(toks, token{})[:len(toks)]
		}
		if lx.next(&toks[:len(toks)+1][len(toks)]) != lexOK {
			break
		}
		lx.rebase = false
		toks = toks[:len(toks)+1]
		if !useRun || lx.glued >= 0 {
			continue
		}
		n := len(toks)
		var moves int
		toks, moves = lx.run(toks, lim)
		ran += len(toks) - n
		for i := n; i < len(toks); i++ {
			if k := toks[i].kind; k == tkMove {
				moves--
			} else if k != tkNumber {
				t.Fatalf("%q: run gave a token of kind %d", d, k)
			}
			if e := lx.base + int(toks[i].end); e > lim && i < len(toks)-1 {
				t.Fatalf("%q: run went on past %d", d, lim)
			}
		}
		if moves != 0 {
			t.Fatalf("%q: run miscounted its moves by %d", d, moves)
		}
	}
	return toks, lx.tags, lx, ran
}

// run gives the tokens next gives, on inputs made of pieces of every
// kind, and leaves the lexer where next would.
func TestLexRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(49, 1))
	ran := 0
	for range 20000 {
		var sb strings.Builder
		for range 1 + rng.IntN(24) {
			sb.WriteString(lexRunPieces[rng.IntN(len(lexRunPieces))])
			if rng.IntN(4) > 0 {
				sb.WriteByte(' ')
			}
		}
		d := []byte(sb.String())
		want, wantTags, wantLx, _ := lexAll(t, d, false, len(d))
		lim := rng.IntN(len(d) + 1)
		got, gotTags, gotLx, n := lexAll(t, d, true, lim)
		ran += n
		if len(got) != len(want) {
			t.Fatalf("%q: %d tokens with run, %d without", d, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%q: token %d: %+v with run, %+v without", d, i, got[i], want[i])
			}
		}
		if len(gotTags) != len(wantTags) || gotLx.p != wantLx.p || gotLx.line != wantLx.line || gotLx.ls != wantLx.ls {
			t.Fatalf("%q: run leaves tags %v, p %d, line %d, line start %d; next %v, %d, %d, %d",
				d, gotTags, gotLx.p, gotLx.line, gotLx.ls, wantTags, wantLx.p, wantLx.line, wantLx.ls)
		}
	}
	if ran < 10000 {
		t.Errorf("run scanned only %d tokens", ran)
	}
}

// isShortMove is the comparisons lexMove made a byte at a time, for
// every byte at each of the six places of "c3-d4 " and for random
// strings of the bytes that matter.
func TestIsShortMove(t *testing.T) {
	slow := func(d []byte) bool {
		return class[d[0]]&cLetter != 0 && !isX(d[0]) && d[1]-'1' < 9 && class[d[2]]&cSep != 0 &&
			class[d[3]]&cLetter != 0 && !isX(d[3]) && d[4]-'1' < 9 && class[d[5]]&cDelim != 0
	}
	check := func(d []byte) {
		if got, want := isShortMove(d), slow(d); got != want {
			t.Fatalf("isShortMove(%q) = %v, want %v", d, got, want)
		}
	}
	for i := range 6 {
		for c := range 256 {
			d := []byte("c3-d4 ")
			d[i] = byte(c)
			check(d)
		}
	}
	bytes := []byte("aAhHxXzZ019:-/ \r\n.!({}\xd0\xff")
	rng := rand.New(rand.NewPCG(49, 2))
	for range 200000 {
		var d [6]byte
		for i := range d {
			d[i] = bytes[rng.IntN(len(bytes))]
		}
		check(d[:])
	}
}
