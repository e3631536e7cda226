package analyze

import "math"

// CurveFit fits the slope k of the winning-chances curve,
// 2/(1+exp(-k*s))-1 for a score s in centi-men, to the results of games:
// the k that minimises the mean squared error between the expected score
// (1+chances)/2 and the game's result, over the positions added. damka
// analyze --engine-fit-k fits an engine's k on a user's games with it, and
// the verdicts harness (make calibrate-engine) on the master games. The
// positions are kept as counts of (score, result), so a big archive costs
// memory for its distinct scores only.
type CurveFit struct {
	counts map[curvePoint]float64
	n      int
}

type curvePoint struct{ eval, result float64 }

// Add adds a position: its score from White's view (centi-men, not a
// decisive score) and White's result (1, 0.5 or 0).
func (c *CurveFit) Add(eval, result float64) {
	if c.counts == nil {
		c.counts = map[curvePoint]float64{}
	}
	c.counts[curvePoint{eval, result}]++
	c.n++
}

// Len is the number of positions added.
func (c *CurveFit) Len() int { return c.n }

// Error is the mean squared error between 1/(1+exp(-k*s)) and the results
// (0 with no position).
func (c *CurveFit) Error(k float64) float64 {
	var sum float64
	for p, n := range c.counts {
		x := 1/(1+math.Exp(-k*p.eval)) - p.result
		sum += n * x * x
	}
	return sum / float64(max(c.n, 1))
}

// The range Fit searches, and its step.
const (
	curveFitMin  = 0.0005
	curveFitMax  = 0.03
	curveFitStep = 0.00025
)

// CurveFitRange is the range of k that Fit searches: a fit at one of its
// ends says the positions do not pin k down.
func CurveFitRange() (lo, hi float64) { return curveFitMin, curveFitMax }

// Fit is the k in 0.0005..0.03, in steps of 0.00025, with the least
// Error, and that error.
func (c *CurveFit) Fit() (k, err float64) {
	err = math.Inf(1)
	for i := 0; ; i++ {
		x := curveFitMin + float64(i)*curveFitStep
		if x > curveFitMax+1e-12 {
			break
		}
		if e := c.Error(x); e < err {
			k, err = x, e
		}
	}
	return k, err
}
