package export

import (
	"math"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// The tags the games table reads into columns of their own (they stay in
// tags too). A column takes the first tag of the first name listed that
// the game has, compared without regard to case.
var (
	whiteEloTags  = pdn.TagNames("WhiteElo") // and WhiteRating
	blackEloTags  = pdn.TagNames("BlackElo")
	utcDateTags   = []string{"UTCDate", "Date"}
	utcTimeTags   = []string{"UTCTime", "Time"}
	whiteDiffTags = []string{"WhiteRatingDiff"}
	blackDiffTags = []string{"BlackRatingDiff"}
	whiteTitle    = []string{"WhiteTitle"}
	blackTitle    = []string{"BlackTitle"}
	timeControl   = []string{"TimeControl"}
	termination   = []string{"Termination"}
)

// tagValue returns the trimmed value of the first of names that g has,
// and whether there is one; a tag written empty counts as absent, so that
// the next name is tried.
func tagValue(g *pdn.Game, names []string) (string, bool) {
	for _, n := range names {
		if v, ok := g.Tag(n); ok {
			if v = strings.TrimSpace(v); v != "" {
				return v, true
			}
		}
	}
	return "", false
}

// textTag is a text column: the tag as written, NULL ("") when absent,
// empty or unknown.
func textTag(g *pdn.Game, names []string) string {
	v, ok := tagValue(g, names)
	if !ok || pdn.UnknownValue(v) {
		return ""
	}
	return v
}

// optInt16 is a nullable int16.
type optInt16 struct {
	v  int16
	ok bool
}

// ParseRating reads a rating or a rating change as PGN writes them:
// "1850", "+12", "-7". It fails on anything else ("?", "1850?", "") and
// on values outside int16.
func ParseRating(s string) (int16, bool) {
	s = strings.TrimSpace(s)
	if s == "" || s[0] == '+' && len(s) > 1 && s[1] == '-' {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, 16)
	if err != nil {
		return 0, false
	}
	return int16(n), true
}

func ratingTag(g *pdn.Game, names []string) optInt16 {
	v, ok := tagValue(g, names)
	if !ok {
		return optInt16{}
	}
	n, ok := ParseRating(v)
	return optInt16{n, ok}
}

// ParseTime reads a time of day as PDN and PGN write it: "HH:MM:SS", or
// "HH:MM", with one or two digits a field, and returns the seconds since
// midnight. It fails on anything else: "14h03", "??:??:??", "25:00".
func ParseTime(s string) (int, bool) {
	parts := strings.Split(strings.TrimSpace(s), ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	limits := []int{24, 60, 60}
	secs := 0
	for i, p := range parts {
		if len(p) < 1 || len(p) > 2 || strings.Trim(p, "0123456789") != "" {
			return 0, false
		}
		n, _ := strconv.Atoi(p)
		if n >= limits[i] {
			return 0, false
		}
		secs = secs*60 + n
	}
	if len(parts) == 2 {
		secs *= 60
	}
	return secs, true
}

// dateTag reads the first of names that g has as a date: its year (0
// when unknown) and the date when day, month and year are all known.
func dateTag(g *pdn.Game, names []string) (year int, date arrow.Date32, ok bool) {
	v, found := tagValue(g, names)
	if !found {
		return 0, 0, false
	}
	y, d, ok := ParseDate(v)
	if ok {
		date = arrow.Date32FromTime(d)
	}
	return y, date, ok
}

// whiteScore is White's score of a normalised result: 1, 0.5 or 0, NaN
// for an unknown one ("*").
func whiteScore(result string) float64 {
	if s, ok := validate.WhiteScore(result); ok {
		return s
	}
	return math.NaN()
}

// timeTag reads the first of names that g has as a time of day.
func timeTag(g *pdn.Game, names []string) (arrow.Time32, bool) {
	v, ok := tagValue(g, names)
	if !ok {
		return 0, false
	}
	secs, ok := ParseTime(v)
	return arrow.Time32(secs), ok
}
