package validate

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

var (
	long        = flag.Bool("long", false, "measure the repairs over every game of the Russian corpus (TestRepairMeasure)")
	measureSeed = flag.Uint64("seed", 14, "seed of the slips planted by TestRepairMeasure")
)

// A slip is a typing mistake planted into a real game: plant returns the
// game's moves with one slip (and the ply it is at), or false when the
// game has no place for one of its kind.
type slip struct {
	name  string
	plant func(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool)
}

// slips are the kinds of slip the measurement plants, one at a time.
var slips = []slip{
	{"square", plantSquare},
	{"swap_squares", plantSwapSquares},
	{"cyrillic", plantCyrillic},
	{"numeric", plantDigit},
	{"capture_path", plantLanding},
	{"dash_for_capture", plantDash},
	{"insert", plantOmission},
	{"swap_moves", plantOrder},
	{"delete", plantDuplicate},
}

// squareSpans returns the byte spans of the squares of a move as written
// (a letter and a digit, or digits).
func squareSpans(text string) [][2]int {
	var out [][2]int
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c >= 'a' && c <= 'h' && i+1 < len(text) && text[i+1] >= '1' && text[i+1] <= '8':
			out = append(out, [2]int{i, i + 2})
			i += 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			out = append(out, [2]int{i, j})
			i = j
		default:
			i++
		}
	}
	return out
}

func setText(g *pdn.Game, k int, text string) []pdn.Move {
	ms := slices.Clone(g.Moves)
	ms[k].Text = text
	return ms
}

// randomPly picks a replayed ply whose move satisfies ok.
func randomPly(rng *rand.Rand, r *Report, ok func(*Ply) bool) (*Ply, bool) {
	var cands []int
	for i := range r.Plies {
		if ok(&r.Plies[i]) {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return nil, false
	}
	return &r.Plies[cands[rng.IntN(len(cands))]], true
}

func anyPly(*Ply) bool { return true }

// plantSquare puts one square's file or rank one off.
func plantSquare(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, _ := randomPly(rng, r, anyPly)
	text := pl.Written
	sp := squareSpans(text)
	s := sp[rng.IntN(len(sp))]
	b := []byte(text)
	for range 10 {
		k, d := s[0]+rng.IntN(2), 1-2*rng.IntN(2)
		lo, hi := byte('a'), byte('h')
		if k > s[0] {
			lo, hi = '1', '8'
		}
		if c := b[k] + byte(d); c >= lo && c <= hi {
			b[k] = c
			return setText(g, pl.Index, string(b)), true
		}
	}
	return nil, false
}

// plantSwapSquares writes a two-square move's squares the other way round.
func plantSwapSquares(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, ok := randomPly(rng, r, func(p *Ply) bool { return len(squareSpans(p.Written)) == 2 })
	if !ok {
		return nil, false
	}
	t := pl.Written
	sp := squareSpans(t)
	a, b := t[sp[0][0]:sp[0][1]], t[sp[1][0]:sp[1][1]]
	return setText(g, pl.Index, b+t[sp[0][1]:sp[1][0]]+a+t[sp[1][1]:]), true
}

// Cyrillic letters typed for Latin ones: the look-alikes, the letter of
// the same key on a Russian keyboard, and the letter of the same place in
// the alphabet.
var cyrillicFor = map[byte][]string{
	'a': {"а", "ф"}, 'b': {"и", "б"}, 'c': {"с", "в"}, 'd': {"в", "г"},
	'e': {"е", "у", "д"}, 'f': {"а", "е"}, 'g': {"п", "ж"}, 'h': {"р", "з"},
}

// plantCyrillic types one file letter as a Cyrillic letter.
func plantCyrillic(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, _ := randomPly(rng, r, anyPly)
	t := pl.Written
	sp := squareSpans(t)
	s := sp[rng.IntN(len(sp))]
	opts := cyrillicFor[t[s[0]]]
	if len(opts) == 0 {
		return nil, false
	}
	return setText(g, pl.Index, t[:s[0]]+opts[rng.IntN(len(opts))]+t[s[0]+1:]), true
}

// numericGame writes g's moves with numeric squares (abbreviated where the
// record abbreviated), GameType 25: the original of the numeric slips.
func numericGame(g *pdn.Game, r *Report) *pdn.Game {
	n := *g
	n.Moves = slices.Clone(g.Moves)
	for i := range r.Plies {
		pl := &r.Plies[i]
		st := draughts.Numeric
		st.Abbreviated = pl.Abbreviated
		n.Moves[pl.Index].Text = pl.Move.Format(st)
	}
	n.Tags = append(slices.Clone(g.Tags), pdn.Tag{Name: "GameType", Value: "25"})
	return &n
}

// plantDigit mistypes one digit of a numeric square: one key off, left
// out, doubled, or two digits swapped.
func plantDigit(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, _ := randomPly(rng, r, anyPly)
	t := pl.Written
	sp := squareSpans(t)
	s := sp[rng.IntN(len(sp))]
	d := t[s[0]:s[1]]
	var nd string
	switch k := rng.IntN(len(d)); rng.IntN(4) {
	case 0:
		c := int(d[k]-'0') + 1 - 2*rng.IntN(2)
		if c < 0 || c > 9 {
			return nil, false
		}
		nd = d[:k] + string(rune('0'+c)) + d[k+1:]
	case 1:
		if len(d) < 2 {
			return nil, false
		}
		k = rng.IntN(len(d) - 1)
		nd = d[:k] + d[k+1:k+2] + d[k:k+1] + d[k+2:]
	case 2:
		if len(d) < 2 {
			return nil, false
		}
		nd = d[:k] + d[k+1:]
	default:
		nd = d[:k] + d[k:k+1] + d[k:]
	}
	if nd == d || strings.TrimLeft(nd, "0") == "" {
		return nil, false
	}
	return setText(g, pl.Index, t[:s[0]]+nd+t[s[1]:]), true
}

// plantLanding puts a capture's last landing square one step further or
// one step back along its last jump.
func plantLanding(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, ok := randomPly(rng, r, func(p *Ply) bool { return p.Move.IsCapture() })
	if !ok {
		return nil, false
	}
	path := pl.Move.Path()
	a, b := path[len(path)-2], path[len(path)-1]
	geo := r.Variant.Geometry()
	df, dr := sign(geo.Col(b)-geo.Col(a)), sign(geo.Row(b)-geo.Row(a))
	if rng.IntN(2) == 0 {
		df, dr = -df, -dr
	}
	s := geo.SquareAt(geo.Col(b)+df, geo.Row(b)+dr)
	if s == draughts.NoSquare {
		return nil, false
	}
	t := pl.Written
	sp := squareSpans(t)
	last := sp[len(sp)-1]
	return setText(g, pl.Index, t[:last[0]]+r.Variant.SquareName(s)+t[last[1]:]), true
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// plantDash writes a capture of one piece as a move onto the piece taken.
func plantDash(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, ok := randomPly(rng, r, func(p *Ply) bool { return p.Move.NumCaptured() == 1 })
	if !ok {
		return nil, false
	}
	return setText(g, pl.Index, r.Variant.SquareName(pl.Move.From)+"-"+r.Variant.SquareName(pl.Move.CapturedInOrder()[0])), true
}

// plantOmission leaves a move out.
func plantOmission(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, _ := randomPly(rng, r, anyPly)
	return slices.Delete(slices.Clone(g.Moves), pl.Index, pl.Index+1), true
}

// plantOrder swaps a move with the same side's next one.
func plantOrder(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, ok := randomPly(rng, r, func(p *Ply) bool { return p.Index+2 < len(r.Plies) })
	if !ok {
		return nil, false
	}
	ms := slices.Clone(g.Moves)
	ms[pl.Index].Text, ms[pl.Index+2].Text = ms[pl.Index+2].Text, ms[pl.Index].Text
	return ms, true
}

// plantDuplicate writes a move twice.
func plantDuplicate(rng *rand.Rand, g *pdn.Game, r *Report) ([]pdn.Move, bool) {
	pl, _ := randomPly(rng, r, anyPly)
	m := g.Moves[pl.Index]
	m.Notes, m.Number, m.Ellipsis = nil, 0, false
	return slices.Insert(slices.Clone(g.Moves), pl.Index+1, m), true
}

// cleanText is the game as damka clean writes it, repair notes left out.
func cleanText(t testing.TB, r *Report) string {
	t.Helper()
	g := *r.Game
	g.Moves = r.Line(false)
	for i := range g.Moves {
		m := &g.Moves[i]
		if m.Notes == nil {
			continue
		}
		n := *m.Notes
		n.Comments = slices.DeleteFunc(slices.Clone(n.Comments), isRepairNote)
		n.Before = slices.DeleteFunc(slices.Clone(n.Before), isRepairNote)
		m.Notes = &n
	}
	var b bytes.Buffer
	w := pdn.NewWriter(&b)
	w.Write(&g)
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func isRepairNote(s string) bool { return strings.HasPrefix(s, "damka: repaired") }

// sameMoves reports whether two reports replayed the same moves.
func sameMoves(a, b *Report) bool {
	if len(a.Plies) != len(b.Plies) {
		return false
	}
	for i := range a.Plies {
		if !a.Plies[i].Move.SameResult(&b.Plies[i].Move) {
			return false
		}
	}
	return true
}

// outcome is what became of one planted slip.
type outcome struct {
	first    bool // the first suggestion gives back the original game
	restored bool // clean --repair wrote the original game
	wrong    bool // clean --repair wrote a game other than the original
	detail   string
}

// trySlip plants one slip of kind k into the game of report r0 (drawing
// again while the slip leaves a game without an error, up to 100 times)
// and measures the repairs. ok is false when the game has no place for
// the slip; undetected counts the draws that replayed without error.
func trySlip(t testing.TB, k slip, rng *rand.Rand, g0 *pdn.Game, r0 *Report) (o outcome, undetected int, ok bool) {
	if k.name == "numeric" {
		g0 = numericGame(g0, r0)
		r0 = Game(g0, Options{})
	}
	for range 100 {
		ms, planted := k.plant(rng, g0, r0)
		if !planted {
			continue
		}
		g := *g0
		g.Moves = ms
		r := Game(&g, Options{})
		e := r.Findings.FirstError()
		if e == nil {
			undetected++
			continue
		}
		o.detail = fmt.Sprintf("%s: %s", e.Kind, e.Message)
		if s := e.Suggestion(); s != "" {
			o.detail += "; " + s
		}
		// The first suggestion is right when it gives back the original
		// game and no other ranks as high (the order of a tie is no
		// answer).
		alone := len(e.Repairs) < 2 || e.Repairs[1].Score > e.Repairs[0].Score
		if f := play(nil, &g, Options{}, true); alone && f.Findings.Errors() == 0 && sameMoves(f, r0) {
			o.first = true
		}
		rep := Game(&g, Options{Repair: true})
		if len(rep.Repairs) > 0 {
			if rep.Findings.Errors() > 0 {
				t.Errorf("%s: game %d repaired with an error: %+v", k.name, g0.Index, rep.Findings.FirstError())
			}
			o.restored = cleanText(t, rep) == cleanText(t, r0)
			o.wrong = !o.restored
		}
		return o, undetected, true
	}
	return o, undetected, false
}

// gameSeed seeds the slips of kind k planted into g: by the game's file
// name and index, so that moving the archive does not change the draw.
func gameSeed(k int, g *pdn.Game) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %s %d", k, filepath.Base(g.File), g.Index)
	return h.Sum64()
}

// corpusGames reads the Russian corpus: the 209 games of the USSR
// championships.
func corpusGames(t testing.TB) []*pdn.Game {
	games := readGames(t, corpusFile(t, "ussr1947.pdn"))
	return append(games, readGames(t, corpusFile(t, "abatsiev.pdn"))...)
}

// corpusFile finds a file of the Russian corpus by its name, wherever
// under testdata/corpus/russian it is.
func corpusFile(t testing.TB, name string) string {
	t.Helper()
	found := ""
	filepath.WalkDir(testdata+"corpus/russian", func(path string, d fs.DirEntry, err error) error {
		if err == nil && found == "" && !d.IsDir() && d.Name() == name {
			found = path
		}
		return nil
	})
	if found == "" {
		t.Fatalf("no %s under %scorpus/russian", name, testdata)
	}
	return found
}

// TestRepairMeasure plants one random slip of each kind into every game
// of the Russian corpus (seeded: -seed) and reports, per kind, how often
// the first suggestion is the original move and how often a repairing
// replay (damka clean --repair) gives back the original game exactly.
// Behind -long; make measure-repairs runs it.
func TestRepairMeasure(t *testing.T) {
	if !*long {
		t.Skip("behind -long (make measure-repairs)")
	}
	games := corpusGames(t)
	type sums struct{ n, undetected, first, restored, wrong, rejected int }
	var total sums
	var out strings.Builder
	fmt.Fprintf(&out, "seed %d, %d games\n", *measureSeed, len(games))
	fmt.Fprintf(&out, "%-17s %5s %10s %12s %9s %7s %8s\n", "slip", "games", "undetected", "first right", "restored", "wrong", "rejected")
	for ki, k := range slips {
		var s sums
		var misses []string
		for _, g := range games {
			r0 := Game(g, Options{})
			if len(r0.Plies) < 2 || r0.Findings.Errors() > 0 {
				continue
			}
			rng := rand.New(rand.NewPCG(*measureSeed, gameSeed(ki, g)))
			o, und, ok := trySlip(t, k, rng, g, r0)
			s.undetected += und
			if !ok {
				continue
			}
			s.n++
			if o.first {
				s.first++
			} else if len(misses) < 3 {
				misses = append(misses, fmt.Sprintf("    %s game %d: %s", g.File[strings.LastIndex(g.File, "/")+1:], g.Index, trim(o.detail, 200)))
			}
			if o.first && !o.restored && len(misses) < 3 {
				misses = append(misses, fmt.Sprintf("    %s game %d (first right, not restored): %s", g.File[strings.LastIndex(g.File, "/")+1:], g.Index, trim(o.detail, 200)))
			}
			switch {
			case o.restored:
				s.restored++
			case o.wrong:
				s.wrong++
				t.Logf("%s: %s game %d written repaired into another game: %s", k.name, g.File, g.Index, o.detail)
			default:
				s.rejected++
			}
		}
		pct := func(x int) string { return fmt.Sprintf("%.1f%%", 100*float64(x)/float64(max(s.n, 1))) }
		fmt.Fprintf(&out, "%-17s %5d %10d %12s %9s %7s %8s\n", k.name, s.n, s.undetected, pct(s.first), pct(s.restored), pct(s.wrong), pct(s.rejected))
		for _, m := range misses {
			fmt.Fprintln(&out, m)
		}
		total.n += s.n
		total.undetected += s.undetected
		total.first += s.first
		total.restored += s.restored
		total.wrong += s.wrong
		total.rejected += s.rejected
	}
	pct := func(x int) string { return fmt.Sprintf("%.1f%%", 100*float64(x)/float64(max(total.n, 1))) }
	fmt.Fprintf(&out, "%-17s %5d %10d %12s %9s %7s %8s\n", "all", total.n, total.undetected, pct(total.first), pct(total.restored), pct(total.wrong), pct(total.rejected))
	t.Log("\n" + out.String())
	if 100*total.first < 90*total.n || 100*total.restored < 85*total.n || 100*total.wrong > total.n {
		t.Errorf("targets missed: first right %s (>= 90%%), restored %s (>= 85%%), wrong %s (<= 1%%)", pct(total.first), pct(total.restored), pct(total.wrong))
	}
}

func trim(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
