//go:build research

package analyze

import "testing"

// TestLevers: a measurement build reads its levers over the defaults and
// refuses an unknown one (the product's build has none to read).
func TestLevers(t *testing.T) {
	l, err := parseLevers("lmr=0,pcdepth=5,ipattern=0")
	if err != nil {
		t.Fatal(err)
	}
	want := defaultLevers()
	want.lmr, want.pcDepth, want.intlPattern = false, 5, false
	if l != want {
		t.Errorf("parseLevers: %+v, want %+v", l, want)
	}
	if _, err := parseLevers("nosuch=1"); err == nil {
		t.Error("parseLevers(nosuch=1): no error")
	}
	if _, err := parseLevers("ttbucket=3"); err == nil {
		t.Error("parseLevers(ttbucket=3): no error")
	}
}
