package dupes

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// played is a legal Russian game (the first of ussr1947.pdn), ply by ply.
var played = strings.Fields(`c3-d4 d6-e5 b2-c3 e7-d6 e3-f4 b6-a5 f2-e3 c7-b6 c1-b2 b6-c5
d4:b6 a5:c7 c3-d4 e5:c3 b2:d4 d6-c5 d4:b6 a7:c5 d2-c3 f8-e7 c3-d4 c7-b6 a1-b2 e7-d6`)

// game writes a game of the first n plies of played (or of moves when
// given), with tags.
func game(tg map[string]string, n int, moves ...string) string {
	if moves == nil {
		moves = played[:n]
	}
	var b strings.Builder
	for _, k := range []string{"Event", "Date", "White", "Black", "Result", "Round", "GameType"} {
		if v, ok := tg[k]; ok {
			fmt.Fprintf(&b, "[%s %q]\n", k, v)
		}
	}
	b.WriteString("\n")
	for i, m := range moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m + " ")
	}
	res := tg["Result"]
	if res == "" {
		res = "*"
	}
	b.WriteString(res + "\n\n")
	return b.String()
}

func tags(kv ...string) map[string]string {
	m := map[string]string{"GameType": "25"}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// find runs a finder of kind k over the games of text and returns its
// groups written "kept<dropped,dropped" with 1-based game numbers. It
// checks that a finder without Refs drops the same games and keeps the
// same ones.
func find(tb testing.TB, k Kind, text string) []string {
	tb.Helper()
	r := pdn.NewReader(strings.NewReader(text), "t.pdn")
	f, bare := NewFinder(k), NewFinder(k)
	f.Refs = true
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			tb.Fatal(err)
		}
		key := KeyOf(validate.Game(g, validate.Options{}), k)
		f.Add(&key, Ref{Game: int32(g.Index)})
		bare.Add(&key, Ref{})
	}
	var out []string
	groups, bareGroups := f.Finish(), bare.Finish()
	if len(groups) != len(bareGroups) {
		tb.Fatalf("%d groups, %d without Refs", len(groups), len(bareGroups))
	}
	for i, grp := range groups {
		s := fmt.Sprint(grp.Kept.Game, "<")
		others := f.Others(grp)
		for i, m := range others {
			if i > 0 {
				s += ","
			}
			s += fmt.Sprint(m.Game)
			if !f.Dropped(m.Seq) {
				tb.Errorf("game %d dropped but not Dropped", m.Game)
			}
		}
		if f.Dropped(grp.Kept.Seq) {
			tb.Errorf("game %d kept but Dropped", grp.Kept.Game)
		}
		if b := bareGroups[i]; b.Kept.Seq != grp.Kept.Seq || b.Size != grp.Size || grp.Size != len(others)+1 || bare.Others(b) != nil {
			tb.Errorf("group %s: without Refs kept %d of %d, with kept %d of %d", s, b.Kept.Seq, b.Size, grp.Kept.Seq, grp.Size)
		}
		out = append(out, s)
	}
	for seq := range f.Games() {
		if f.Dropped(seq) != bare.Dropped(seq) {
			tb.Errorf("game %d: dropped %v, without Refs %v", seq+1, f.Dropped(seq), bare.Dropped(seq))
		}
	}
	return out
}

func eq(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s: groups %q, want %q", what, got, want)
	}
}

var (
	tsirikCyr = tags("Event", "X чемпионат СССР", "White", "Цирик З.И.", "Black", "Петров С.", "Date", "1955", "Result", "2-0")
	tsirikLat = tags("Event", "USSR ch.", "White", "Tsirik Z.", "Black", "S. Petrov", "Date", "1955.05.12", "Result", "1-0")
	ivanov    = tags("Event", "X чемпионат СССР", "White", "Ivanov A.", "Black", "Петров С.", "Date", "1955", "Result", "2-0")
	tsirik56  = tags("Event", "USSR ch.", "White", "Tsirik Z.", "Black", "S. Petrov", "Date", "1956", "Result", "1-0")
	drawn     = tags("Event", "USSR ch.", "White", "Tsirik Z.", "Black", "S. Petrov", "Date", "1955", "Result", "1-1")
)

func TestExact(t *testing.T) {
	a := game(tsirikCyr, 20)
	eq(t, "same game thrice", find(t, Exact, a+a+a), "1<2,3")
	// The same moves written another way.
	b := strings.Replace(a, "d4:b6", "d4xb6", 1)
	eq(t, "x for :", find(t, Exact, a+b), "1<2")
	eq(t, "a tag differs", find(t, Exact, a+game(tsirikLat, 20)))
	eq(t, "a move differs", find(t, Exact, a+game(tsirikCyr, 19)))
}

func TestMoves(t *testing.T) {
	a, lat, iv := game(tsirikCyr, 20), game(tsirikLat, 20), game(ivanov, 20)
	eq(t, "any tags", find(t, Moves, a+lat+iv+game(tsirikCyr, 21)), "1<2,3")
	// The kept game: the one with the most tags, then the first.
	more := game(tags("Event", "x", "Round", "3", "White", "a", "Black", "b", "Date", "1955", "Result", "*"), 20)
	eq(t, "most tags", find(t, Moves, a+more+lat), "2<1,3")
	// The same start position written as a FEN tag.
	fen := strings.Replace(a, "[GameType \"25\"]\n", "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\"]\n", 1)
	eq(t, "start as FEN", find(t, Moves, fen+a), "1<2")
	other := strings.Replace(fen, "Bb6,d6", "Bd6", 1)
	eq(t, "another start", find(t, Moves, other+a))
	// Games damka does not replay compare as written.
	intl := "[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
	eq(t, "international", find(t, Moves, intl+intl+strings.Replace(intl, "14x23", "13x24", 1)), "1<2")
}

func TestPlayers(t *testing.T) {
	cyr, lat := game(tsirikCyr, 20), game(tsirikLat, 20)
	// Equal but for the names spelled in Cyrillic in one and in Latin in
	// the other (and "1-0" for "2-0", a year for the full date).
	eq(t, "Cyrillic and Latin", find(t, Players, cyr+lat), "1<2")
	eq(t, "another player", find(t, Players, cyr+game(ivanov, 20)))
	eq(t, "another year", find(t, Players, cyr+game(tsirik56, 20)))
	eq(t, "another result", find(t, Players, cyr+game(drawn, 20)))
	eq(t, "other moves", find(t, Players, cyr+game(tsirikLat, 19)))
	// Two groups under one hash: Ivanov's game and Tsirik's.
	eq(t, "two groups", find(t, Players, cyr+game(ivanov, 20)+lat+game(ivanov, 20)), "1<3", "2<4")
	// Not exact duplicates, but moves duplicates.
	eq(t, "exact", find(t, Exact, cyr+lat))
	eq(t, "moves", find(t, Moves, cyr+lat+game(ivanov, 20)), "1<2,3")
}

func TestPrefix(t *testing.T) {
	short, mid, long := game(tsirikCyr, 8), game(tsirikLat, 16), game(tsirikLat, 24)
	// The longer is kept, whatever the order.
	eq(t, "prefix", find(t, Prefix, short+long), "2<1")
	eq(t, "prefix after", find(t, Prefix, long+short), "1<2")
	eq(t, "chain", find(t, Prefix, mid+short+long), "3<1,2")
	eq(t, "equal moves", find(t, Prefix, long+long), "1<2")
	// A game that parts from the line after the fragment: the fragment
	// goes with the longest game that extends it; the two long games are
	// not duplicates.
	fork := game(tsirikCyr, 0, append(append([]string(nil), played[:8]...), "g3-h4", "e5:g3", "h2:f4")...)
	eq(t, "fork", find(t, Prefix, short+fork+long), "3<1")
	eq(t, "fork only", find(t, Prefix, short+fork), "2<1")
	// A game with no moves is nobody's prefix, and headers without their
	// moves are duplicates only when they are the same header.
	empty := game(tsirikCyr, 0, []string{}...)
	eq(t, "no moves", find(t, Prefix, empty+long))
	eq(t, "no moves twice", find(t, Prefix, empty+long+empty), "1<3")
	other := game(tsirikLat, 0, []string{}...)
	for _, k := range []Kind{Exact, Moves, Prefix, Players} {
		eq(t, "no moves, "+k.String(), find(t, k, empty+empty+other), "1<2")
	}
	// A position with no moves (a problem) is a duplicate of the same
	// position.
	problem := "[GameType \"25\"]\n[FEN \"W:Wa1:Bh8\"]\n\n1-1\n\n"
	eq(t, "problem", find(t, Moves, problem+problem+strings.Replace(problem, "h8", "g7", 1)), "1<2")
	// Not a prefix: a move differs.
	eq(t, "differs", find(t, Prefix, game(tsirikCyr, 0, "c3-b4", "f6-g5")+long))
	// Not prefixes under the moves kind.
	eq(t, "moves kind", find(t, Moves, short+long))
}

func TestParseKind(t *testing.T) {
	for s, want := range map[string]Kind{"exact": Exact, "all": Exact, "Moves": Moves, "prefix": Prefix, "players": Players} {
		if k, err := ParseKind(s); err != nil || k != want {
			t.Errorf("ParseKind(%q) = %v, %v", s, k, err)
		}
	}
	if _, err := ParseKind("fuzzy"); err == nil {
		t.Error("ParseKind(fuzzy): no error")
	}
}
