package pdn

import (
	"strconv"
	"strings"
)

// Pos is a position in a source file: a byte offset into the decoded
// (UTF-8) text and a 1-based line and column. Columns count bytes of the
// decoded text, as go/token does. Line and Column are int32 to keep Move
// small; the reader counts them in 32 bits in any case.
type Pos struct {
	Offset int   // byte offset, starting at 0
	Line   int32 // line number, starting at 1
	Column int32 // column number, starting at 1 (byte count)
}

// IsValid reports whether the position is set.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "line:column", or "-" for an unset position.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return strconv.Itoa(int(p.Line)) + ":" + strconv.Itoa(int(p.Column))
}

// Tag is one tag pair, [Name "Value"]. Value has its escapes (\" and \\)
// resolved.
type Tag struct {
	Name, Value string
}

// Encoding names recorded in Game.Encoding (more in encoding.go).
const (
	UTF8        = "utf-8"
	Windows1251 = "windows-1251"
)

// Game is one game record as written: tags, movetext and where it came
// from. The package knows notation only: a Game may describe illegal moves.
type Game struct {
	File  string // name given to NewReader
	Index int    // 1-based index of the game within its file
	Pos   Pos    // of the first tag, or of the first token when there is no tag

	Tags       []Tag  // in source order, duplicates and unknown names kept
	Setup      string // FEN of a /FEN "..."/ token in the movetext ("" if none); FEN tags stay in Tags
	Moves      []Move // the main line (appending to it never touches another game's moves)
	Comment    string // comments before the first move (the non-empty ones, joined with one space)
	Terminator string // game terminator as written: "2-0", "1-0", "*", ...; "" if none

	Raw      string // the game's source text, decoded to UTF-8
	RawPos   Pos    // where Raw starts: its first token (maybe a comment before the tags)
	Encoding string // UTF8, Windows1251, CP866, KOI8R, UTF16LE or UTF16BE: how Raw was decoded
	Err      error  // the error Next returned with the game (nil when clean)

	// BadBytes are where a game read as UTF-8 had bytes that are not
	// UTF-8, each read as U+FFFD (the first 10); BadByteCount counts them
	// all. A game with more such bytes than UTF-8 characters of more than
	// one byte is read in a Cyrillic code page instead (see Encoding).
	BadBytes     []Pos
	BadByteCount int

	hint *Game // an earlier game of the file, for GameType when there is nothing to go by
	// hintType is the GameType number of the hint of a game decoded by
	// UnmarshalBinary, or built by RawGame.Build, whose reader could not keep
	// the game before (hasHintType): the game has no hint game.
	hintType    int
	hasHintType bool
}

// previousType is the GameType number the game's file gives it from an
// earlier game, and whether there is one.
func (g *Game) previousType() (int, bool) {
	switch {
	case g.hint != nil:
		return g.hint.GameType().Number, true
	case g.hasHintType:
		return g.hintType, true
	}
	return 0, false
}

// Move is one move token of a line, with what the source attached to it.
//
// A Move is small (48 bytes): what most moves have is in the struct, and
// the rest (strength, NAGs, comments, variations) is in Notes, nil for a
// move with none of them. The accessors Strength, NAGs, Comments, Before
// and Variations read Notes and work when it is nil.
type Move struct {
	// Text is the move exactly as written: "c3-d4", "c3:e5:g3", "g3xg7",
	// "1- 7", "01-06", "cd4", "c:e5", "a3b4"; "-" or "--" for an unknown
	// move.
	Text string
	Pos  Pos // of the move text
	// Notes holds the move's annotations, nil when it has none. The
	// reader allocates the Notes of a game together; to edit the notes
	// of a move shared with a game kept elsewhere, give the move a new
	// Notes (a copy) rather than writing through the pointer.
	Notes *Notes
	// Number is the move number written before this move, 0 if none.
	Number int32
	// Ellipsis is set when the number was written as a continuation
	// ("12..." or "12. ...") or a lone "..." preceded the move: the move
	// is the second of its numbered pair (Black's in most variants).
	Ellipsis bool
	Unknown  bool // Text is an unknown-move placeholder ("-" or "--")
}

// Notes is what the source attaches to a move besides its number: rare
// enough to be kept out of Move. The reader never gives a move an empty
// Notes.
type Notes struct {
	Strength string   // "!", "?!", "(!?!!!)" ... as written
	NAGs     []int    // $n annotations, in order
	Comments []string // comments after the move (brace, line or glued), whitespace collapsed
	// Before holds comments written between the opening of a variation
	// and its first move. (In the main line they go to Game.Comment.)
	Before []string
	// Variations are alternatives to the move: each one is a line that
	// starts in place of the move. They nest.
	Variations [][]Move
}

// IsZero reports whether n is nil or holds nothing.
func (n *Notes) IsZero() bool {
	return n == nil || n.Strength == "" && len(n.NAGs) == 0 && len(n.Comments) == 0 &&
		len(n.Before) == 0 && len(n.Variations) == 0
}

// Strength returns the move's strength ("!", "?!" ...), "" if none.
func (m Move) Strength() string {
	if m.Notes == nil {
		return ""
	}
	return m.Notes.Strength
}

// NAGs returns the move's $n annotations, nil if none.
func (m Move) NAGs() []int {
	if m.Notes == nil {
		return nil
	}
	return m.Notes.NAGs
}

// Comments returns the comments after the move, nil if none.
func (m Move) Comments() []string {
	if m.Notes == nil {
		return nil
	}
	return m.Notes.Comments
}

// Before returns the comments between the opening of a variation and
// its first move (this move), nil if none.
func (m Move) Before() []string {
	if m.Notes == nil {
		return nil
	}
	return m.Notes.Before
}

// Variations returns the alternatives to the move, nil if none.
func (m Move) Variations() [][]Move {
	if m.Notes == nil {
		return nil
	}
	return m.Notes.Variations
}

// Squares returns the move text with its whitespace removed and nothing
// else changed: "1- 7" gives "1-7"; leading zeros are kept.
func (m Move) Squares() string {
	if strings.IndexByte(m.Text, ' ') < 0 && strings.IndexByte(m.Text, '\t') < 0 {
		return m.Text
	}
	b := make([]byte, 0, len(m.Text))
	for i := 0; i < len(m.Text); i++ {
		if c := m.Text[i]; c != ' ' && c != '\t' {
			b = append(b, c)
		}
	}
	return string(b)
}

// Tag returns the value of the first tag with the given name, compared
// without regard to case.
func (g *Game) Tag(name string) (string, bool) {
	// tagNameIs, its test of the first letters inline: a tag look-up
	// compares the name with every tag before the one it finds.
	c := byte(0x80) // name does not begin with an ASCII byte
	if len(name) > 0 && name[0] < 0x80 {
		c = lowerASCII(name[0])
	}
	for i := range g.Tags {
		t := &g.Tags[i]
		if c < 0x80 && len(t.Name) > 0 && t.Name[0] < 0x80 && lowerASCII(t.Name[0]) != c {
			continue
		}
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// tagNameIs reports whether name is want without regard to case, as
// strings.EqualFold does; names that begin with different ASCII letters
// (nearly every pair a tag look-up compares) at one comparison.
func tagNameIs(name, want string) bool {
	if len(name) > 0 && len(want) > 0 && name[0]|want[0] < 0x80 && lowerASCII(name[0]) != lowerASCII(want[0]) {
		return false
	}
	return strings.EqualFold(name, want)
}

func lowerASCII(c byte) byte {
	if c-'A' < 26 {
		c += 'a' - 'A'
	}
	return c
}

// Tag names accepted, in order, by the accessors. The first name is the
// PDN standard one; the others are equivalents seen in Italian (Bianco,
// Nero, Risultato, Dati, Anno, Turno...), French (Blanc, Noir, Manche,
// Lieu...), Dutch and playstrategy (P1, P2) archives.
var (
	eventNames  = []string{"Event", "Evento", "Torneo", "Evenement", "Événement", "Evénement", "Toernooi", "Dati"}
	siteNames   = []string{"Site", "Luogo", "Lieu", "Plaats"}
	dateNames   = []string{"Date", "Data", "Datum", "Anno"}
	roundNames  = []string{"Round", "Turno", "Manche", "Ronde"}
	whiteNames  = []string{"White", "Bianco", "Blanc", "Blancs", "Wit", "P1"}
	blackNames  = []string{"Black", "Nero", "Noir", "Noirs", "Zwart", "P2"}
	resultNames = []string{"Result", "Risultato", "Resultat", "Résultat", "Uitslag"}
)

// Ratings go by two names: PGN's WhiteElo, and WhiteRating in older
// archives and some servers' exports.
var (
	whiteEloNames = []string{"WhiteElo", "WhiteRating"}
	blackEloNames = []string{"BlackElo", "BlackRating"}
)

// tagGroups are the names that stand for one tag.
var tagGroups = [][]string{eventNames, siteNames, dateNames, roundNames, whiteNames, blackNames, resultNames, whiteEloNames, blackEloNames}

// TagNames returns the names a tag goes by: name itself first, then its
// equivalents in the order the accessors try them (Event: Evento,
// Torneo...; WhiteElo: WhiteRating). A name without equivalents gives
// only itself. Every reader of a tag by name (select --tag, the dataset's
// columns) looks it up so, and so agrees with the others.
func TagNames(name string) []string {
	for _, g := range tagGroups {
		for i, n := range g {
			if strings.EqualFold(n, name) {
				out := append([]string{name}, g[:i]...)
				return append(out, g[i+1:]...)
			}
		}
	}
	return []string{name}
}

// TagValue returns the value of tag name, else of its first equivalent
// the game has (TagNames), trimmed; a tag written empty counts as absent,
// so that the next name is tried.
func (g *Game) TagValue(name string) (string, bool) {
	for _, n := range TagNames(name) {
		if v, ok := g.Tag(n); ok {
			if v = strings.TrimSpace(v); v != "" {
				return v, true
			}
		}
	}
	return "", false
}

// UnknownValue reports whether a tag value says only that the value is
// not known: "?", "-", "***", "????"... (PDN and PGN write "?" for an
// unknown value; archives write the other forms). The dataset's columns
// are NULL there, and select --tag takes the tag as absent.
func UnknownValue(v string) bool {
	return strings.Trim(v, "?*- ") == ""
}

// StandardTags are the seven PDN standard tags, in the order Writer
// writes them.
var StandardTags = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

var standardAliases = [7][]string{eventNames, siteNames, dateNames, roundNames, whiteNames, blackNames, resultNames}

func (g *Game) first(names []string) string {
	for _, n := range names {
		if v, ok := g.Tag(n); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Event returns the Event tag, else an equivalent (Evento, Torneo,
// Evenement, Dati...), trimmed; "" if none.
func (g *Game) Event() string { return g.first(eventNames) }

// Site returns the Site tag, else Luogo, Lieu or Plaats, trimmed.
func (g *Game) Site() string { return g.first(siteNames) }

// Date returns the Date tag, else Data, Datum or Anno (a year), trimmed.
func (g *Game) Date() string { return g.first(dateNames) }

// Round returns the Round tag, else Turno, Manche or Ronde, trimmed.
func (g *Game) Round() string { return g.first(roundNames) }

// White returns the White tag, else Bianco, Blanc, Wit or P1, trimmed.
func (g *Game) White() string { return g.first(whiteNames) }

// Black returns the Black tag, else Nero, Noir, Zwart or P2, trimmed.
func (g *Game) Black() string { return g.first(blackNames) }

// Result returns the Result tag, else Risultato or Resultat, trimmed; ""
// if none. It may disagree with Terminator; both are kept.
func (g *Game) Result() string { return g.first(resultNames) }

// FEN returns the FEN tag, else the /FEN "..."/ setup token, else "".
func (g *Game) FEN() string {
	if v, ok := g.Tag("FEN"); ok {
		return strings.TrimSpace(v)
	}
	return g.Setup
}
