package analyze

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestCurveFit: results drawn from the expected score of a known slope
// give that slope back, the error at it is below the error at k = 0, and
// the fit counts its positions.
func TestCurveFit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, want := range []float64{0.006, 0.012} {
		var c CurveFit
		for range 20000 {
			e := math.Round(rng.Float64()*600 - 300)
			r := 0.0
			if rng.Float64() < 1/(1+math.Exp(-want*e)) {
				r = 1
			}
			c.Add(e, r)
		}
		k, err := c.Fit()
		if math.Abs(k-want) > 0.001 || c.Len() != 20000 {
			t.Errorf("k %.5f, want about %.5f (%d positions)", k, want, c.Len())
		}
		if e0 := c.Error(0); err >= e0 {
			t.Errorf("error at the fit %.4f, at k = 0 %.4f", err, e0)
		}
	}
	var empty CurveFit
	if e := empty.Error(0.006); e != 0 {
		t.Errorf("no position: error %v", e)
	}
}
