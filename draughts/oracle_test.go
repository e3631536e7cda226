package draughts

import (
	"bufio"
	"os"
	"sort"
	"strings"
	"testing"
)

const oracleDir = "../testdata/oracle/"

// TestOracleMovegen compares the legal moves of 4,705 positions with those
// of an independent implementation (pydraughts 0.6.7, ../shared/oracle).
func TestOracleMovegen(t *testing.T) {
	f, err := os.Open(oracleDir + "movegen.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fen, want, _ := strings.Cut(sc.Text(), "\t")
		p, err := Russian.ParseFEN(fen)
		if err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("line %d: FEN round trip: %q, want %q", n+1, got, fen)
		}
		var moves []string
		for _, m := range Russian.Moves(&p, nil) {
			moves = append(moves, m.String())
		}
		sort.Strings(moves)
		if got := strings.Join(moves, " "); got != want {
			t.Errorf("line %d: %s\n got  %s\n want %s", n+1, fen, got, want)
		}
		n++
	}
	if n != 4705 {
		t.Errorf("read %d positions, want 4705", n)
	}
}

// TestOracleVariants compares the legal moves of the random positions of
// ../shared/oracle's other variants with pydraughts'. Frisian's lines
// ignore the three-move king rule; a position read from a FEN has no
// king's moves counted (Position.KingRun), so Moves bars none there
// either.
func TestOracleVariants(t *testing.T) {
	for _, tt := range []struct {
		dir   string
		v     Variant
		lines int
	}{
		{"international", International, 2075},
		{"brazilian", Brazilian, 1157},
		{"english", English, 2077},
		{"italian", Italian, 1857},
		{"frisian", Frisian, 1569},
	} {
		t.Run(tt.dir, func(t *testing.T) {
			f, err := os.Open(oracleDir + tt.dir + "/movegen.tsv")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			n, bad := 0, 0
			for sc.Scan() {
				n++
				fen, want, _ := strings.Cut(sc.Text(), "\t")
				p, err := tt.v.ParseFEN(fen)
				if err != nil {
					t.Fatalf("line %d: %v", n, err)
				}
				if got := p.FEN(); got != fen {
					t.Errorf("line %d: FEN round trip: %q, want %q", n, got, fen)
				}
				var moves []string
				for _, m := range tt.v.Moves(&p, nil) {
					moves = append(moves, m.String())
				}
				sort.Strings(moves)
				if got := strings.Join(moves, " "); got != want {
					if bad++; bad <= 10 {
						t.Errorf("line %d: %s\n got  %s\n want %s", n, fen, got, want)
					}
				}
			}
			if n != tt.lines || bad > 0 {
				t.Errorf("%d positions (want %d), %d differ", n, tt.lines, bad)
			}
		})
	}
}
