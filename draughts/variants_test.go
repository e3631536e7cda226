package draughts

import "testing"

// Published perft counts from the start position: rhalbersma/dctl,
// test/src/algo/traversal/initial/board_08x08.cpp and board_10x10.cpp
// (from the shashki.com "Standard validation generator moves" and the
// damforum.nl "Perft for all recognized draughts variants" threads). Two
// series each: "keep duplicates" (CountSequences, perft's default) and
// "drop duplicates" (CountResults, --dedup).
var dctlPerft = []struct {
	v          Variant
	keep, drop []uint64
}{
	{Brazilian,
		[]uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847, 21566606, 105534946, 512171742, 2483592238},
		[]uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477, 2481546396}},
	{Pool,
		[]uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615, 22442551, 110877932, 544300084, 2670481140},
		[]uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955, 110833952, 544005148, 2668385616}},
	{Russian,
		[]uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628, 110961169, 545059387, 2675994747},
		[]uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444, 2673979569}},
	{English,
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673, 1766623630},
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388617999, 1766564893}},
	{Czech,
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386267783, 1749766090},
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386262109, 1749707352}},
	{Spanish,
		[]uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365734003, 1638016958},
		[]uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365728331, 1637958247}},
	{Italian,
		[]uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367917147, 1655269811},
		[]uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367911475, 1655211086}},
	{International,
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614, 258935682, 1666207133},
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398}},
	// test/src/algo/traversal/initial/board_10x10.cpp, Frisian (from the
	// damforum.nl thread t=2822): listed to depth 8 of the 11 published,
	// as the generator, not the bulk counter, counts Frisian (about 5
	// million nodes a second).
	{Frisian,
		[]uint64{9, 81, 658, 3880, 21345, 103584, 550314, 2907905},
		[]uint64{9, 81, 658, 3874, 21265, 102431, 540126, 2825779}},
	// Breakthrough has International's moves until a man is crowned,
	// which no game reaches in 7 plies: its tree is the same there, counted
	// by the generator (the game ends at a king, which the bulk counter
	// does not know).
	{Breakthrough,
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442},
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442}},
	// Antidraughts has International's moves; its tree is the same.
	{Antidraughts,
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614},
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423}},
}

// TestPerftVariants checks every variant against dctl's counts: to depth 10
// on 8x8 and 9 on 10x10 (7 and 6 with -short, 11 and 10 with -long). Russian
// is deeper in TestPerftStart.
func TestPerftVariants(t *testing.T) {
	for _, tt := range dctlPerft {
		t.Run(tt.v.Name(), func(t *testing.T) {
			depth := 10
			if tt.v.Geometry() == Board10x10() {
				depth = 9
			}
			switch {
			case *long:
				depth++
			case testing.Short():
				depth -= 3
			}
			p := Start(tt.v)
			for d := 1; d <= min(depth, len(tt.keep)); d++ {
				if got := tt.v.Perft(&p, d, CountSequences); got != tt.keep[d-1] {
					t.Errorf("perft(%d) = %d, want %d", d, got, tt.keep[d-1])
				}
				if got := tt.v.Perft(&p, d, CountResults); got != tt.drop[d-1] {
					t.Errorf("dedup perft(%d) = %d, want %d", d, got, tt.drop[d-1])
				}
			}
		})
	}
}

// Positions with perft counts from dctl's tests (shashki.cpp, fmjd.cpp,
// gilbert.cpp): kings, long captures and the Italian precedence rules.
func TestPerftPositions(t *testing.T) {
	tests := []struct {
		name string
		v    Variant
		fen  string
		c    Counting
		want []uint64
	}{
		{"International front rows", International, "W:B16,17,18,19,20:W31,32,33,34,35", CountSequences,
			[]uint64{9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317}},
		{"International Random178", International, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", CountResults,
			[]uint64{14, 55, 1168, 5432, 87195, 629010}},
		{"International Woldouby", International, "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", CountResults,
			[]uint64{6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436}},
		{"International all kings", International, "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20", CountResults,
			[]uint64{17, 79, 352, 1399, 7062, 37589, 217575}},
		{"International almost promotion", International, "W:W6,7,8,9,10:B41,42,43,44,45", CountResults,
			[]uint64{9, 81, 795, 7578, 86351, 936311}},
		// dctl test/src/algo/traversal/initial/board_08x08.cpp, Thai: the
		// published counts (damforum.nl t=2822) start from twelve men each
		// (initial(2), a gap of two rows), not Thai's eight.
		{"Thai from twelve men each", Thai, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8", CountSequences,
			[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523}},
		{"Thai from twelve men each, dedup", Thai, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8", CountResults,
			[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523}},
		{"Italian Gilbert 1", Italian, "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3", CountSequences,
			[]uint64{5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164177, 628686}},
		{"Italian Gilbert 2", Italian, "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", CountSequences,
			[]uint64{6, 47, 271, 1916, 10810, 73137, 389809, 2469050}},
		{"Italian Gilbert 3", Italian, "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", CountSequences,
			[]uint64{13, 112, 828, 6756, 46241, 368908, 2468110}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.v.ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			n := len(tt.want)
			if testing.Short() {
				n = min(n, 5)
			}
			for d := 1; d <= n; d++ {
				if got := tt.v.Perft(&p, d, tt.c); got != tt.want[d-1] {
					t.Errorf("perft(%d) = %d, want %d", d, got, tt.want[d-1])
				}
			}
		})
	}
}

// TestBreakthroughFirstKing: in Breakthrough the first king wins at once
// (lidraughts): after a man is crowned the other side has no move, and
// the crowning side has won; International plays on.
func TestBreakthroughFirstKing(t *testing.T) {
	for _, tt := range []struct {
		v    Variant
		want Outcome
		more bool
	}{{Breakthrough, WhiteWins, false}, {International, Ongoing, true}} {
		p, err := tt.v.ParseFEN("W:W6:B45")
		if err != nil {
			t.Fatal(err)
		}
		ms := tt.v.Moves(&p, nil)
		if len(ms) != 1 || ms[0].String() != "6-1" || !ms[0].Promotes {
			t.Fatalf("%s: moves %v, want the crowning 6-1", tt.v, ms)
		}
		q := p.Play(&ms[0])
		if got := tt.v.Outcome(&q); got != tt.want {
			t.Errorf("%s: after 6-1 the outcome is %v, want %v", tt.v, got, tt.want)
		}
		if got := tt.v.HasMoves(&q); got != tt.more {
			t.Errorf("%s: after 6-1 black has moves: %v, want %v", tt.v, got, tt.more)
		}
		if n := len(tt.v.Moves(&q, nil)); (n > 0) != tt.more {
			t.Errorf("%s: after 6-1 black has %d moves", tt.v, n)
		}
	}
}

// TestFryskStart: lidraughts' Frysk! starts from five men each on the
// back rows (its initial FEN W:W46,47,48,49,50:B1,2,3,4,5) and plays the
// Frisian rules.
func TestFryskStart(t *testing.T) {
	p := Start(Frysk)
	if got, want := p.FEN(), "W:W46,47,48,49,50:B1,2,3,4,5"; got != want {
		t.Errorf("Frysk! start %s, want %s", got, want)
	}
	if Frysk.Rules() != Frisian.Rules() {
		t.Error("Frysk! does not play the Frisian rules")
	}
	// From the start each man has its diagonal steps forward: 46 one,
	// 47-50 two each.
	if got := Frysk.Perft(&p, 1, CountSequences); got != 9 {
		t.Errorf("Frysk! perft(1) = %d, want 9", got)
	}
}

// TestThaiStart: Thai draughts starts from eight men each on the two back
// rows (dctl's thai.hpp, initial_position_gap 4).
func TestThaiStart(t *testing.T) {
	p := Start(Thai)
	if got, want := p.FEN(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8"; got != want {
		t.Errorf("Thai start %s, want %s", got, want)
	}
}
