package main

import (
	"strings"
	"testing"
)

func TestPrintAgreement(t *testing.T) {
	refs := map[int]map[string]bool{
		16: {"a": true, "b": true, "c": false, "d": true},
		17: {"a": true, "b": false, "c": true, "e": true}, // e is not in 16's sample
	}
	var b strings.Builder
	printAgreement(&b, refs)
	// Shared plies a, b, c: 16 calls a, b serious, 17 a, c; both a.
	want := "| 16 | 17 | 3 | 2 / 2 / 1 | 50% (1/2, "
	if !strings.Contains(b.String(), want) {
		t.Errorf("got\n%s\nwant a line starting %q", b.String(), want)
	}
	if n := strings.Count(b.String(), "\n| 16 |"); n != 1 {
		t.Errorf("%d rows for the pair, want 1", n)
	}
}

func TestPrecisionByClass(t *testing.T) {
	got := precisionByClass(map[string][2]int{"missed_win": {3, 12}, "blunder": {3, 4}, "mistake": {11, 25}})
	if want := "blunder 3/4, mistake 11/25, missed_win 3/12"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := precisionByClass(nil); got != "none checked" {
		t.Errorf("no class: %q", got)
	}
}
