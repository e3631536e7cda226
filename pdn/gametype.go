package pdn

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// PDN GameType numbers of the standard table, plus those lidraughts uses
// for its own variants.
const (
	International = 20 // 10x10, numeric
	English       = 21 // 8x8 checkers, numeric 1-32
	Italian       = 22
	AmericanPool  = 23
	Spanish       = 24
	Russian       = 25 // 8x8, algebraic
	Brazilian     = 26
	Canadian      = 27
	Portuguese    = 28
	Czech         = 29
	Turkish       = 30
	Thai          = 31
	Frisian       = 40
	Breakthrough  = 96 // lidraughts
	Frysk         = 97 // lidraughts
	Antidraughts  = 98 // lidraughts
)

// GameTypeName names a PDN GameType number ("Russian draughts"), for
// messages; "GameType N" for a number the table does not have.
func GameTypeName(n int) string {
	if s, ok := gameTypeNames[n]; ok {
		return s
	}
	return fmt.Sprintf("GameType %d", n)
}

// From the PDN 3.0 standard's table, plus numbers lidraughts uses.
var gameTypeNames = map[int]string{
	0:             "chess",
	1:             "Chinese chess",
	International: "International draughts",
	English:       "English checkers",
	Italian:       "Italian draughts",
	AmericanPool:  "American pool checkers",
	Spanish:       "Spanish draughts",
	Russian:       "Russian draughts",
	Brazilian:     "Brazilian draughts",
	Canadian:      "Canadian draughts",
	Portuguese:    "Portuguese draughts",
	Czech:         "Czech draughts",
	Turkish:       "Turkish draughts",
	Thai:          "Thai draughts",
	Frisian:       "Frisian draughts",
	41:            "Spantsiretti",
	Breakthrough:  "Breakthrough draughts (lidraughts)",
	Frysk:         "Frysk! (lidraughts)",
	Antidraughts:  "Antidraughts (lidraughts)",
}

// GameType is the variant of a game as its GameType tag gives it
// ("25" or "25,W,8,8,A0,0"), or as guessed when the tag is missing.
type GameType struct {
	Number   int    // PDN GameType number: any number seen is kept (96, 97, 98...)
	Raw      string // the tag as written ("" when there is no tag)
	Inferred bool   // no usable GameType tag: Number was guessed (see Game.GameType)
	// Source says what an inferred Number was guessed from: "variant" (a
	// [Variant] tag), "squares" (the squares of the moves and the FEN),
	// "previous" (an earlier game of the file) or "default" (20).
	Source string

	// Optional fields of the long form, zero when absent.
	StartColor string // "W" or "B"
	Width      int    // board width
	Height     int    // board height
	Notation   string // "A0", "N2", "S0"...: A alpha, N numeric, S short; digit = corner of square 1
	Invert     bool   // invert flag: the bottom-left corner is not a playing square
	HasInvert  bool   // the invert flag is written (it is optional)
}

// ParseGameType parses a GameType tag value. ok is false when it does not
// start with a number.
func ParseGameType(s string) (gt GameType, ok bool) {
	gt.Raw = s
	f := strings.Split(strings.TrimSpace(s), ",")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 0 {
		return gt, false
	}
	gt.Number = n
	if len(f) > 1 {
		gt.StartColor = strings.ToUpper(f[1])
	}
	if len(f) > 2 {
		gt.Width, _ = strconv.Atoi(f[2])
	}
	if len(f) > 3 {
		gt.Height, _ = strconv.Atoi(f[3])
	}
	if len(f) > 4 {
		gt.Notation = f[4]
	}
	if len(f) > 5 {
		gt.Invert = f[5] == "1"
		gt.HasInvert = f[5] == "0" || f[5] == "1"
	}
	return gt, true
}

// LongForm writes a GameType tag's long form, as PDN 3.0 gives it: the
// number, the start colour, the board's width and height, the notation
// (letter and corner digit) and the invert flag: "20,W,10,10,N2,0".
func LongForm(number int, start string, width, height int, notation string, invert bool) string {
	flag := 0
	if invert {
		flag = 1
	}
	return fmt.Sprintf("%d,%s,%d,%d,%s,%d", number, start, width, height, notation, flag)
}

// variantNames maps words of lidraughts/playstrategy [Variant "..."] tags
// to GameType numbers. Checked in order, on the lower-cased tag.
var variantNames = []struct {
	word string
	num  int
}{
	{"frysk", Frysk},
	{"frisian", Frisian},
	{"antidraughts", Antidraughts},
	{"breakthrough", Breakthrough},
	{"brazil", Brazilian},
	{"russian", Russian},
	{"american", English},
	{"english", English},
	{"checkers", English},
	{"italian", Italian},
	{"pool", AmericanPool},
	{"spanish", Spanish},
	{"canadian", Canadian},
	{"portuguese", Portuguese},
	{"czech", Czech},
	{"turkish", Turkish},
	{"thai", Thai},
	{"international", International},
	{"standard", International},
}

// GameType returns the game's variant. With a GameType tag that starts
// with a number, that number (and the long-form fields) is returned as
// written, whatever it is. Otherwise Inferred is set and the number is
// guessed, in this order:
//
//  1. a [Variant "..."] tag (lidraughts, playstrategy): "American/English"
//     gives 21, "Brazilian" 26, "Russian" 25, "Frisian" 40, "Frysk!" 97 ...;
//  2. the squares of the moves (all lines) and of the FEN tag or setup:
//     algebraic squares within a-h and 1-8 give 25 (Russian, the usual
//     8x8 algebraic game), or 30 (Turkish) when a quarter of them (and
//     at least two) are light squares ("d3", "a2": Turkish draughts plays
//     on every square; a Russian record names one only by a slip);
//     algebraic squares beyond h or 8 give 20;
//     numeric squares up to 32 give 21 (English), or 22 (Italian) when the
//     tags are Italian (Bianco, Nero, Risultato); numeric squares above 32
//     give 20 (International);
//  3. nothing to go by (no moves, no FEN): the type of the last game
//     before it in the same file that had something to go by, else 20,
//     the PDN default.
func (g *Game) GameType() GameType {
	var raw string
	if v, ok := g.Tag("GameType"); ok {
		if gt, ok := ParseGameType(v); ok {
			return gt
		}
		raw = v
	}
	gt := GameType{Raw: raw, Inferred: true}
	gt.Number, gt.Source = g.inferNumber()
	return gt
}

func (g *Game) inferNumber() (int, string) {
	if v, ok := g.Tag("Variant"); ok {
		lv := strings.ToLower(v)
		for _, vn := range variantNames {
			if strings.Contains(lv, vn.word) {
				return vn.num, "variant"
			}
		}
	}
	var sq squareStats
	sq.moves(g.Moves)
	if fen := g.FEN(); fen != "" {
		sq.text(fen)
	}
	sq.fold()
	switch {
	case sq.alpha:
		if sq.maxFile <= 'h' && sq.maxRank <= 8 {
			if sq.turkish() {
				return Turkish, "squares"
			}
			return Russian, "squares"
		}
		return International, "squares"
	case sq.maxNum > 32:
		return International, "squares"
	case sq.maxNum > 0:
		if g.hasItalianTags() {
			return Italian, "squares"
		}
		return English, "squares"
	}
	if n, ok := g.previousType(); ok {
		return n, "previous"
	}
	return International, "default"
}

// evidence reports whether GameType has something in g itself to go by.
func (g *Game) evidence() bool {
	if g.Setup != "" {
		return true
	}
	for i := range g.Moves {
		if !g.Moves[i].Unknown {
			return true
		}
	}
	for _, t := range g.Tags {
		if tagNameIs(t.Name, "GameType") || tagNameIs(t.Name, "Variant") || tagNameIs(t.Name, "FEN") {
			return true
		}
	}
	return false
}

func (g *Game) hasItalianTags() bool {
	for _, t := range g.Tags {
		if tagNameIs(t.Name, "Bianco") || tagNameIs(t.Name, "Nero") || tagNameIs(t.Name, "Risultato") {
			return true
		}
	}
	return false
}

type squareStats struct {
	alpha   bool
	maxFile byte
	maxRank int
	maxNum  int
	// squares counts the algebraic squares seen, light those of them on
	// 8x8 squares that are light where a1 is dark ("a2", "b1"): no
	// variant of the dark squares names one but by a slip ("e3-f5"),
	// Turkish draughts, which plays on every square, names them all the
	// time.
	squares, light int
	// files and ranks are the files (bit f-'a') and ranks (bit r-'0') of
	// the usual five-byte moves ("c3-d4"), which short notes without a
	// comparison a square; fold adds them to alpha, maxFile and maxRank.
	files uint32
	ranks uint16
}

// lightRanks has bit r of lightRanks[f] set when the square of file
// 'a'+f and rank r is light (lightSquare); ranks 0 and 9 and the files
// beyond h have none.
var lightRanks = func() (t [26]uint16) {
	for f := range 8 {
		for r := 1; r <= 8; r++ {
			t[f] |= uint16(lightSquare(byte('a'+f), r)) << r
		}
	}
	return t
}()

// turkish reports whether the light squares are too many for slips: at
// least two, and a quarter of the squares (half of a Turkish game's
// squares are light, on average).
func (s *squareStats) turkish() bool { return s.light >= 2 && 4*s.light >= s.squares }

// note records the algebraic square of file and rank.
func (s *squareStats) note(file byte, rank int) {
	s.alpha = true
	s.maxFile = max(s.maxFile, file)
	s.maxRank = max(s.maxRank, rank)
	s.squares++
	s.light += lightSquare(file, rank)
}

// fold adds the squares short noted to alpha, maxFile and maxRank.
func (s *squareStats) fold() {
	if s.files != 0 {
		s.alpha = true
		s.maxFile = max(s.maxFile, byte('a'+bits.Len32(s.files)-1))
		s.maxRank = max(s.maxRank, bits.Len16(s.ranks)-1)
	}
}

// lightSquare is 1 when file (a lower-case letter) and rank name a light
// square of the 8x8 board whose a1 is dark, else 0.
func lightSquare(file byte, rank int) int {
	if file <= 'h' && rank >= 1 && rank <= 8 {
		return int(uint(file-'a')+uint(rank-1)) & 1
	}
	return 0
}

// short notes the squares of t when it is the usual "c3-d4" (two
// algebraic squares of one digit, '-', ':' or 'x' between them), as text
// would, and reports whether it was.
func (s *squareStats) short(t string) bool {
	if len(t) != 5 {
		return false
	}
	f0, r0, f1, r1 := t[0]-'a', t[1]-'0', t[3]-'a', t[4]-'0'
	if f0 >= 26 || f1 >= 26 || r0 >= 10 || r1 >= 10 || f0 == 'x'-'a' || f1 == 'x'-'a' ||
		(t[2] != '-' && t[2] != ':' && t[2] != 'x') {
		return false
	}
	s.files |= 1<<f0 | 1<<f1
	s.ranks |= 1<<r0 | 1<<r1
	s.squares += 2
	s.light += int(lightRanks[f0]>>r0&1 + lightRanks[f1]>>r1&1)
	return true
}

// moves notes the squares of ms and their variations (fold them after).
func (s *squareStats) moves(ms []Move) {
	for i := range ms {
		if !s.short(ms[i].Text) {
			s.text(ms[i].Text)
		}
		if ms[i].Notes != nil {
			for _, v := range ms[i].Variations() {
				s.moves(v)
			}
		}
	}
}

// text scans a move text or a FEN for squares: a lower-case letter
// followed by digits is an algebraic square, other digit runs are numeric
// squares. In a FEN, upper-case letters (colours, K) are skipped.
func (s *squareStats) text(t string) {
	if !s.short(t) {
		s.scan(t)
	}
}

// scan is text's reading of t a character at a time.
func (s *squareStats) scan(t string) {
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c >= 'a' && c <= 'z' && c != 'x':
			j := i + 1
			n, k := digitsAt(t, j)
			if k > j {
				s.note(c, n)
			}
			i = k
		case c >= '0' && c <= '9':
			n, k := digitsAt(t, i)
			if n > s.maxNum {
				s.maxNum = n
			}
			i = k
		default:
			i++
		}
	}
}

func digitsAt(t string, i int) (n, j int) {
	j = i
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		if n < 1e6 {
			n = n*10 + int(t[j]-'0')
		}
		j++
	}
	return n, j
}
