package draughts

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestOraclePerft checks perft to depth 4, in both counting conventions, of
// nine positions with kings and multi-captures (../shared/oracle).
func TestOraclePerft(t *testing.T) {
	f, err := os.Open(oracleDir + "perft_positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	re := regexp.MustCompile(`^(\S+)\s+perft\((\d+)\) = (\d+)\s+dedup = (\d+)`)
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		m := re.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		p, err := Russian.ParseFEN(m[1])
		if err != nil {
			t.Fatal(err)
		}
		d, _ := strconv.Atoi(m[2])
		want, _ := strconv.ParseUint(m[3], 10, 64)
		wantDedup, _ := strconv.ParseUint(m[4], 10, 64)
		if got := Russian.Perft(&p, d, CountLandings); got != want {
			t.Errorf("%s perft(%d) = %d, want %d", m[1], d, got, want)
		}
		if got := Russian.Perft(&p, d, CountResults); got != wantDedup {
			t.Errorf("%s dedup perft(%d) = %d, want %d", m[1], d, got, wantDedup)
		}
		n++
	}
	if n != 36 {
		t.Errorf("read %d lines, want 36", n)
	}
}
