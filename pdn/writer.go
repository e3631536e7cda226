package pdn

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxLine is the longest line Writer writes, when it can: lines stay
// under 80 columns unless one word is longer.
const maxLine = 79

// Writer writes games as canonical PDN, like encoding/csv.Writer writes
// records: Write buffers, Flush flushes, Error reports.
//
// The canonical form of a game is the one Canonical describes: the seven
// standard tags, GameType, the other tags in their order, then the
// movetext with move numbers, strength, NAGs, comments, variations and
// the terminator, wrapped under 80 columns. Games are separated by a
// blank line. Writer writes Move.Text as it is; callers that want
// canonical move text set it before writing.
type Writer struct {
	w     *bufio.Writer
	err   error
	n     int      // games written
	items []string // words of the movetext being written
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriter(w)}
}

// Flush writes buffered data to the underlying writer.
func (w *Writer) Flush() {
	if err := w.w.Flush(); err != nil && w.err == nil {
		w.err = err
	}
}

// Error returns the first error of a previous Write or Flush.
func (w *Writer) Error() error {
	if w.err != nil {
		return w.err
	}
	_, err := w.w.Write(nil)
	return err
}

// Write writes g in canonical form. The game itself is not changed.
func (w *Writer) Write(g *Game) error {
	if w.err != nil {
		return w.err
	}
	c := g.Canonical()
	if w.n > 0 {
		w.w.WriteByte('\n')
	}
	w.n++
	for _, t := range c.Tags {
		w.w.WriteByte('[')
		w.w.WriteString(t.Name)
		w.w.WriteString(` "`)
		w.w.WriteString(escape(t.Value))
		w.w.WriteString("\"]\n")
	}
	w.w.WriteByte('\n')
	w.movetext(c)
	w.wrap()
	_, err := w.w.WriteString("\n")
	if err != nil {
		w.err = err
	}
	return w.err
}

// movetext sets w.items to the words of c's movetext.
func (w *Writer) movetext(c *Game) {
	w.items = w.items[:0]
	if c.Setup != "" {
		w.items = append(w.items, `/FEN "`+c.Setup+`"/`)
	}
	if c.Comment != "" {
		w.comment(c.Comment)
	}
	w.moves(c.Moves)
	w.items = append(w.items, c.Terminator)
}

// moves appends the words of a line to w.items.
func (w *Writer) moves(ms []Move) {
	for i := range ms {
		m := &ms[i]
		for _, c := range m.Before() {
			w.comment(c)
		}
		if m.Number > 0 {
			if m.Ellipsis {
				w.items = append(w.items, strconv.Itoa(int(m.Number))+"...")
			} else {
				w.items = append(w.items, strconv.Itoa(int(m.Number))+".")
			}
		} else if m.Ellipsis {
			w.items = append(w.items, "...")
		}
		w.items = append(w.items, m.Text+m.Strength())
		for _, n := range m.NAGs() {
			w.items = append(w.items, "$"+strconv.Itoa(n))
		}
		for _, c := range m.Comments() {
			w.comment(c)
		}
		for _, v := range m.Variations() {
			k := len(w.items)
			w.moves(v)
			switch {
			case k == len(w.items):
				w.items = append(w.items, "()")
			default:
				w.items[k] = "(" + w.items[k]
				if last := w.items[len(w.items)-1]; strings.HasPrefix(last, ";") || strings.HasPrefix(last, "(;") {
					w.items = append(w.items, ")")
				} else {
					w.items[len(w.items)-1] += ")"
				}
			}
		}
	}
}

// comment appends {text}, in words so that it can be broken at its
// spaces. Text with a brace in it becomes a ";" comment, which runs to the
// end of its line.
func (w *Writer) comment(s string) {
	if strings.ContainsAny(s, "{}") {
		w.items = append(w.items, ";"+s)
		return
	}
	if strings.IndexByte(s, ' ') < 0 {
		w.items = append(w.items, "{"+s+"}")
		return
	}
	k := len(w.items)
	w.items = append(w.items, strings.Split(s, " ")...)
	w.items[k] = "{" + w.items[k]
	w.items[len(w.items)-1] += "}"
}

// wrap writes w.items separated by spaces, in lines under 80 columns
// when no word is longer. A ";" comment ends its line.
func (w *Writer) wrap() {
	col := 0
	for _, s := range w.items {
		if s == "" {
			continue
		}
		n := utf8.RuneCountInString(s)
		if col > 0 {
			if col+1+n > maxLine {
				w.w.WriteByte('\n')
				col = 0
			} else {
				w.w.WriteByte(' ')
				col++
			}
		}
		w.w.WriteString(s)
		col += n
		if s[0] == ';' || (s[0] == '(' && len(s) > 1 && s[1] == ';') {
			w.w.WriteByte('\n')
			col = 0
		}
	}
}

// escape escapes backslashes and quotes of a tag value.
func escape(s string) string {
	if !strings.ContainsAny(s, `"\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// Canonical returns a copy of g as Writer writes it, so that reading the
// written text gives back Canonical's game (apart from positions, Raw,
// File, Index and Encoding):
//
//   - Tags: the seven standard tags Event, Site, Date, Round, White,
//     Black, Result first, in that order, named so. Each takes the value
//     of the first tag of that name (any case), else of its first
//     Italian/French equivalent (Bianco, Blanc, P1 for White ...; see the
//     accessors), which is kept too, else "?". Result falls back to the
//     terminator, then "*". Then GameType: the first GameType tag, else
//     the inferred number. Then every other tag in its original order.
//   - Terminator: as read. When there was none, the Result tag's value
//     if that is a terminator, so that the game written ends as its tag
//     says (a checker reading it back finds them agreeing, as they did);
//     else "*".
//   - Moves: numbered afresh. The first move of the game and of each
//     variation keeps its number (1 when it had none) and its ellipsis;
//     every move that starts a pair is numbered; a move that ends a pair
//     is numbered "N..." only when a comment or a variation comes between
//     it and the move before.
func (g *Game) Canonical() *Game {
	c := *g
	c.Err = nil
	c.Tags = g.CanonicalTags()
	c.Terminator = g.Ending()
	c.Moves = renumber(g.Moves, 1, false)
	return &c
}

// Ending is the terminator Writer ends g with: as read; when there was
// none, the Result tag's value if that is a terminator, else "*".
func (g *Game) Ending() string {
	if g.Terminator != "" {
		return g.Terminator
	}
	if res := strings.TrimSpace(g.Result()); res != "" && !strings.ContainsAny(res, " \t\r\n") && Terminated(res) {
		return res
	}
	return "*"
}

// CanonicalTags returns the tags in the order Writer writes them (see
// Canonical).
func (g *Game) CanonicalTags() []Tag {
	out := make([]Tag, 0, len(g.Tags)+8)
	used := make([]bool, len(g.Tags))
	for k, std := range StandardTags {
		val, found := "", false
		for i, t := range g.Tags {
			if !used[i] && strings.EqualFold(t.Name, std) {
				used[i], val, found = true, t.Value, true
				break
			}
		}
		if !found {
			for _, alias := range standardAliases[k][1:] {
				if v, ok := g.Tag(alias); ok {
					val, found = v, true
					break
				}
			}
		}
		if !found {
			val = "?"
			if std == "Result" {
				val = g.Terminator
				if val == "" {
					val = "*"
				}
			}
		}
		out = append(out, Tag{Name: std, Value: val})
	}
	gt := ""
	for i, t := range g.Tags {
		if !used[i] && strings.EqualFold(t.Name, "GameType") {
			used[i], gt = true, t.Value
			break
		}
	}
	if gt == "" {
		gt = strconv.Itoa(g.GameType().Number)
	}
	out = append(out, Tag{Name: "GameType", Value: gt})
	for i, t := range g.Tags {
		if !used[i] {
			out = append(out, t)
		}
	}
	return out
}

// renumber returns a deep copy of a line with the numbers Writer writes.
// n and second give the place of the line's first move when it has no
// number of its own: a variation starts where the move it replaces was.
func renumber(ms []Move, n int, second bool) []Move {
	if len(ms) == 0 {
		return nil
	}
	if ms[0].Number > 0 {
		n, second = int(ms[0].Number), ms[0].Ellipsis
	} else if ms[0].Ellipsis {
		second = true
	}
	out := make([]Move, len(ms))
	for i := range ms {
		m := ms[i]
		if m.Notes.IsZero() {
			m.Notes = nil
		} else {
			nt := *m.Notes
			nt.NAGs = clone(nt.NAGs)
			nt.Comments = clone(nt.Comments)
			nt.Before = clone(nt.Before)
			if nt.Variations != nil {
				vs := make([][]Move, len(nt.Variations))
				for k, v := range nt.Variations {
					vs[k] = renumber(v, n, second)
				}
				nt.Variations = vs
			}
			m.Notes = &nt
		}
		switch {
		case !second:
			m.Number, m.Ellipsis = int32(n), false
		case i == 0 || interrupted(&ms[i-1]) || len(m.Before()) > 0:
			m.Number, m.Ellipsis = int32(n), true
		default:
			m.Number, m.Ellipsis = 0, false
		}
		if second {
			n++
		}
		second = !second
		out[i] = m
	}
	return out
}

// clone copies a slice; empty slices become nil.
func clone[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append([]T(nil), s...)
}

func interrupted(m *Move) bool {
	return len(m.Comments()) > 0 || len(m.Variations()) > 0
}
