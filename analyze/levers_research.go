//go:build research

package analyze

import (
	"fmt"
	"strconv"
	"strings"
)

// Levers is set at build time (go build -tags research -ldflags "-X
// github.com/damka/damka/analyze.Levers=lmr=0,pc=0") to measure a
// search without one of its parts; empty means the defaults. Only a
// build with the tag research has it: the product's build parses no
// switch of the search (levers_default.go).
var Levers = ""

var levers = mustLevers()

// mustLevers is Levers read over the defaults.
func mustLevers() leverSet {
	l, err := parseLevers(Levers)
	if err != nil {
		panic("analyze: Levers: " + err.Error())
	}
	return l
}

// parseLevers reads "name=value,..." over the defaults.
func parseLevers(s string) (leverSet, error) {
	l := defaultLevers()
	if s == "" {
		return l, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return l, fmt.Errorf("%q: want name=value", kv)
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return l, fmt.Errorf("%q: %v", kv, err)
		}
		switch k {
		case "lmr":
			l.lmr = n != 0
		case "lmrdepth":
			l.lmrDepth = n
		case "lmrmoves":
			l.lmrMoves = n
		case "lmrdeep":
			l.lmrDeep = n
		case "lmr3":
			l.lmr3 = n
		case "iir":
			l.iir = n
		case "lmrpv":
			l.lmrPV = n != 0
		case "pc":
			l.probCut = n != 0
		case "pclow":
			l.pcLow = n != 0
		case "pcdepth":
			l.pcDepth = n
		case "pcr":
			l.pcR = n
		case "pcmargin":
			l.pcMargin = n
		case "asp":
			l.aspWindow = n
		case "aspfrom":
			l.aspFrom = n
		case "vstep":
			l.verifyStep = n
		case "vmaxmild":
			l.verifyMaxMild = n
		case "vjump":
			l.verifyJump = n != 0
		case "vplain":
			l.verifyPlain = n != 0
		case "vagree":
			l.verifyAgree = n
		case "vmin":
			l.verifyMin = n
		case "vminmild":
			l.verifyMinMild = n
		case "screen": // in thousandths
			l.screenDrop = float64(n) / 1000
		case "safe":
			l.safeFirst = n != 0
		case "malus":
			l.histMalus = n != 0
		case "unstable": // in thousandths
			l.unstable = float64(n) / 1000
		case "intlfit":
			l.intlFit = n != 0
		case "pattern":
			l.pattern = n != 0
		case "ipattern":
			l.intlPattern = n != 0
		case "hand":
			l.handEval = n != 0
		case "ttbucket":
			if n != 2 && n != 4 {
				return l, fmt.Errorf("ttbucket is 2 or 4")
			}
			l.ttBucket = n
		default:
			return l, fmt.Errorf("unknown lever %q", k)
		}
	}
	return l, nil
}
