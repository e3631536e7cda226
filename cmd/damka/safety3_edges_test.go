package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The third safety round (issue 44): the edges. One test per item, named
// after it; each failed on the code before the item was fixed.

// Item 8: select refuses an impossible date as a bound (a month of 13,
// February the 31st, month and day 0) with exit 2, as it refuses other
// text that is not a date; a possible one, 29 February of a leap year
// included, is taken.
func TestRound3Item8ImpossibleDates(t *testing.T) {
	in := writeFile(t, filepath.Join(t.TempDir(), "a.pdn"), russianGame)
	for _, c := range [][]string{
		{"--from", "1950.13"},
		{"--from", "1950.02.31"},
		{"--to", "1950.00.00"},
		{"--from", "1950.04.31"},
		{"--to", "1900.02.29"},
		{"--from", "32.01.1950"},
		{"--from", "1950.02.30 - 1950.03.01"},
	} {
		_, errOut, code := run(t, "", append([]string{"select", "-q", in, "-o", "-"}, c...)...)
		if code != exitInput || !strings.Contains(errOut, c[0]+": ") || !strings.Contains(errOut, "not a date") {
			t.Errorf("%q: exit %d, %q", c, code, errOut)
		}
	}
	for _, c := range [][]string{
		{"--from", "2000.02.29"},
		{"--to", "1950.12.31"},
		{"--from", "1950.??.??"},
		{"--from", "1950.12"},
	} {
		if _, errOut, code := run(t, "", append([]string{"select", "-q", in, "-o", "-"}, c...)...); code != exitOK {
			t.Errorf("%q: exit %d, %q", c, code, errOut)
		}
	}
}
