package filter

import (
	"fmt"
	"strconv"
	"strings"
)

// Date is a date as game records write it, maybe partial, kept as the
// span of days it may be: from First to Last, each written yyyymmdd as
// a number. A year alone spans the year, a year and month the month, a
// range ("2004.10.27 - 2004.11.01") its days. The zero Date is unknown.
type Date struct {
	First, Last int
}

// IsZero reports whether the date is unknown.
func (d Date) IsZero() bool { return d.First == 0 }

// String writes the span: "1950", "1950.05", "1950.05.12", or
// "1950.05.12 - 1950.06.01".
func (d Date) String() string {
	full := func(n int) string { return fmt.Sprintf("%d.%02d.%02d", n/10000, n/100%100, n%100) }
	switch {
	case d.IsZero():
		return "?"
	case d.First == d.Last:
		return full(d.First)
	case d.First/10000 == d.Last/10000 && d.First%10000 == 101 && d.Last%10000 == 1231:
		return strconv.Itoa(d.First / 10000)
	case d.First/100 == d.Last/100 && d.First%100 == 1 && d.Last%100 == 31:
		return fmt.Sprintf("%d.%02d", d.First/10000, d.First/100%100)
	}
	return full(d.First) + " - " + full(d.Last)
}

// Within reports whether the whole span of d lies between the first day
// of from and the last day of to (an unknown bound is no bound): with
// --from 1950 --to 1959, "1955", "1955.??.??" and "12.05.1959" are in,
// "1949.12.31 - 1950.01.02" is not.
func (d Date) Within(from, to Date) bool {
	if d.IsZero() {
		return false
	}
	return (from.IsZero() || d.First >= from.First) && (to.IsZero() || d.Last <= to.Last)
}

// Compatible reports whether d and o can be the same day: one of them
// is unknown, or their spans overlap ("1955" and "1955.05.12" are, "1955.05"
// and "1955.06" are not).
func (d Date) Compatible(o Date) bool {
	if d.IsZero() || o.IsZero() {
		return true
	}
	return d.First <= o.Last && o.First <= d.Last
}

// ParseDate reads a date as archives write it: "1947.05.12",
// "1947-05-12", "1947/05/12", "12.05.1947", "1.1.1965", "1950", "1950.",
// "1950.05", "05.1950", "1947.??.??", "1841-??-??", or a range of two of
// those joined by " - ". Unknown parts ("??") widen the span. It returns
// false when the year is unknown ("????.??.??", "03.07.20": a two-digit
// year is not read).
func ParseDate(s string) (Date, bool) { return parseDate(s, false) }

// ParseBound reads a date a user gives as a bound of a selection (damka
// select --from, --to) as ParseDate reads it, but refuses a month or a
// day that is written and cannot be: "1950.13", "1950.02.31",
// "1900.02.29", "1950.00.00" are no date (where ParseDate, reading an
// archive, takes them for a partial one). Unknown parts ("1950.??.??")
// are taken as ParseDate takes them.
func ParseBound(s string) (Date, bool) { return parseDate(s, true) }

// parseDate is ParseDate, or ParseBound when strict.
func parseDate(s string, strict bool) (Date, bool) {
	s = strings.TrimSpace(s)
	for _, sep := range []string{" - ", " – ", " — ", "–", "—", ".."} {
		if a, b, ok := strings.Cut(s, sep); ok {
			d1, ok1 := parseDate(a, strict)
			d2, ok2 := parseDate(b, strict)
			if ok1 && ok2 && d1.First <= d2.Last {
				return Date{d1.First, d2.Last}, true
			}
			return Date{}, false
		}
	}
	s = strings.TrimSuffix(s, ".")
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == '-' || r == '/' || r == ' ' })
	impossible := false
	num := func(p string, max int) int { // 0 for unknown
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > max {
			// Strictly, only question marks are unknown: a number out of
			// range, or other text, is no date.
			impossible = impossible || strings.Trim(p, "?") != ""
			return 0
		}
		return n
	}
	isYear := func(p string) bool { return len(p) == 4 }
	var y, m, d int
	switch {
	case len(parts) == 1 && isYear(parts[0]):
		y = num(parts[0], 9999)
	case len(parts) == 2 && isYear(parts[0]) && len(parts[1]) <= 2:
		y, m = num(parts[0], 9999), num(parts[1], 12)
	case len(parts) == 2 && isYear(parts[1]) && len(parts[0]) <= 2:
		y, m = num(parts[1], 9999), num(parts[0], 12)
	case len(parts) == 3 && isYear(parts[0]) && len(parts[1]) <= 2 && len(parts[2]) <= 2:
		y, m, d = num(parts[0], 9999), num(parts[1], 12), num(parts[2], 31)
	case len(parts) == 3 && isYear(parts[2]) && len(parts[0]) <= 2 && len(parts[1]) <= 2:
		y, m, d = num(parts[2], 9999), num(parts[1], 12), num(parts[0], 31)
	}
	if y < 1000 || strict && (impossible || d > daysIn(y, m)) {
		return Date{}, false
	}
	switch {
	case m == 0:
		return Date{y*10000 + 101, y*10000 + 1231}, true
	case d == 0 || d > daysIn(y, m):
		return Date{y*10000 + m*100 + 1, y*10000 + m*100 + 31}, true
	}
	n := y*10000 + m*100 + d
	return Date{n, n}, true
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
