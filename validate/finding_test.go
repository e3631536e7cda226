package validate

import (
	"strings"
	"testing"
)

// A kind is read as users write it, in any case and with spaces around;
// an unknown one is an error that lists the kinds.
func TestParseKind(t *testing.T) {
	for _, s := range []string{"illegal_move", "Illegal_Move", " ILLEGAL_MOVE "} {
		if k, err := ParseKind(s); err != nil || k != IllegalMove {
			t.Errorf("ParseKind(%q) = %q, %v", s, k, err)
		}
	}
	_, err := ParseKind("nonsense")
	if err == nil || !strings.Contains(err.Error(), `unknown kind "nonsense"`) || !strings.Contains(err.Error(), string(MissedCapture)) {
		t.Errorf("ParseKind(nonsense): %v", err)
	}
}

// Choose shows every finding when nothing is asked, else the errors, the
// kinds given, or the errors of the kinds given.
func TestChoose(t *testing.T) {
	if Choose(false, nil) != nil {
		t.Error("Choose(false, nil) is not nil")
	}
	errMissed := &Finding{Kind: MissedCapture, Severity: Error}
	warnInferred := &Finding{Kind: VariantInferred, Severity: Warning}
	errIllegal := &Finding{Kind: IllegalMove, Severity: Error}
	for _, c := range []struct {
		errorsOnly bool
		kinds      []Kind
		want       [3]bool // errMissed, warnInferred, errIllegal
	}{
		{true, nil, [3]bool{true, false, true}},
		{false, []Kind{VariantInferred, IllegalMove}, [3]bool{false, true, true}},
		{true, []Kind{VariantInferred, IllegalMove}, [3]bool{false, false, true}},
	} {
		f := Choose(c.errorsOnly, c.kinds)
		got := [3]bool{f(errMissed), f(warnInferred), f(errIllegal)}
		if got != c.want {
			t.Errorf("Choose(%v, %v) = %v, want %v", c.errorsOnly, c.kinds, got, c.want)
		}
	}
}
