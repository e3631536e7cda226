package analyze

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/damka/damka/draughts"
)

// TestPatternRegions: nine regions of eight dark squares each, every dark
// square in at least one, and the set of regions closed under the half
// turn (Black's view of a region is a region).
func TestPatternRegions(t *testing.T) {
	covered := map[draughts.Square]int{}
	var sets []draughts.Bitboard
	for r := range patRegionsOf {
		var b draughts.Bitboard
		for _, s := range patRegionsOf[r].squares {
			if !board.Has(s) {
				t.Fatalf("region %d: square %d is not a dark square", r, s)
			}
			b |= s.Bit()
			covered[s]++
		}
		if b.PopCount() != patSquares {
			t.Fatalf("region %d: %d distinct squares", r, b.PopCount())
		}
		sets = append(sets, b)
	}
	if len(covered) != board.NumSquares() {
		t.Errorf("regions cover %d of %d squares", len(covered), board.NumSquares())
	}
	for r, b := range sets {
		if !slices.Contains(sets, flip(b)) {
			t.Errorf("region %d turned round is no region", r)
		}
	}
}

// TestPatternIndex: the gather by bytes gives the base-3 number of the
// region's squares, read square by square.
func TestPatternIndex(t *testing.T) {
	for _, p := range randomPositions(draughts.Russian, 30, 5) {
		wm, bm := p.Men(draughts.White), p.Men(draughts.Black)
		for r := range patRegionsOf {
			want, pow := 0, 1
			for _, s := range patRegionsOf[r].squares {
				switch {
				case wm.Has(s):
					want += pow
				case bm.Has(s):
					want += 2 * pow
				}
				pow *= 3
			}
			if got := patIndex(r, dense(wm), dense(bm)); got != want {
				t.Fatalf("%s region %d: index %d, want %d", p.FEN(), r, got, want)
			}
		}
	}
}

// TestPatternFold: the folded table scores a position as the unfolded
// weights do (White's regions less Black's on the board turned round),
// and the score of the position seen from the other side (Mirror) is the
// negation.
func TestPatternFold(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = patRegions * patConfigs
	w := make([]int16, 2*n)
	for i := range w {
		w[i] = int16(rng.IntN(201) - 100)
	}
	pat := foldPatterns(w)
	for _, p := range randomPositions(draughts.Russian, 30, 6) {
		wm, bm := p.Men(draughts.White), p.Men(draughts.Black)
		plus, minus := patFeatures(wm, bm)
		wantMG, wantEG := 0, 0
		for r := range plus {
			wantMG += int(w[plus[r]]) - int(w[minus[r]])
			wantEG += int(w[n+plus[r]]) - int(w[n+minus[r]])
		}
		if mg, eg := patternScore(pat, wm, bm); mg != wantMG || eg != wantEG {
			t.Fatalf("%s: folded %d %d, unfolded %d %d", p.FEN(), mg, eg, wantMG, wantEG)
		}
		q := p.Mirror()
		if mg, eg := patternScore(pat, q.Men(draughts.White), q.Men(draughts.Black)); mg != -wantMG || eg != -wantEG {
			t.Fatalf("%s: mirrored %d %d, want %d %d", p.FEN(), mg, eg, -wantMG, -wantEG)
		}
	}
}

// TestPatternsFile: the weights file in the build decodes, and encoding
// gives it back.
func TestPatternsFile(t *testing.T) {
	w, err := decodePatterns(patternsRussian)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(encodePatterns(w), patternsRussian) {
		t.Error("encode(decode(file)) differs from the file")
	}
	if _, err := decodePatterns(patternsRussian[1:]); err == nil {
		t.Error("a short file decodes")
	}
}
