package draughts

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"strings"
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

// TestOraclePerftVariants checks the oracle's perft.tsv of the other
// variants in its three conventions: every path (CountLandings), one per
// sequence of captured pieces (CountSequences), one per resulting position
// (CountResults).
func TestOraclePerftVariants(t *testing.T) {
	for dir, v := range map[string]Variant{"international": International, "brazilian": Brazilian, "english": English, "italian": Italian, "frisian": Frisian} {
		data, err := os.ReadFile(oracleDir + dir + "/perft.tsv")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
		for _, line := range lines {
			f := strings.Split(line, "\t")
			p, err := v.ParseFEN(f[0])
			if err != nil {
				t.Fatal(err)
			}
			d, _ := strconv.Atoi(f[1])
			if testing.Short() && d > 3 {
				continue
			}
			for i, c := range []Counting{CountLandings, CountSequences, CountResults} {
				want, _ := strconv.ParseUint(f[2+i], 10, 64)
				if got := v.Perft(&p, d, c); got != want {
					t.Errorf("%s %s perft(%d) counting %s = %d, want %d", dir, f[0], d, c, got, want)
				}
			}
		}
	}
}
