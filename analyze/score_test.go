package analyze

import "testing"

func TestScoreString(t *testing.T) {
	for _, c := range []struct {
		s    Score
		want string
	}{
		{0, "0.00"},
		{125, "+1.25"},
		{-50, "-0.50"},
		{5, "+0.05"},
		{-1005, "-10.05"},
		{WinIn(1), "#1"},
		{WinIn(12), "#12"},
		{LossIn(0), "-#0"},
		{LossIn(12), "-#12"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("Score(%d).String() = %q, want %q", c.s, got, c.want)
		}
		back, ok := ParseScore(c.want)
		if !ok || back != c.s {
			t.Errorf("ParseScore(%q) = %d, %v; want %d", c.want, back, ok, c.s)
		}
	}
	for _, bad := range []string{"", "#", "-#x", "abc", "#999", "400.00"} {
		if _, ok := ParseScore(bad); ok {
			t.Errorf("ParseScore(%q) accepted", bad)
		}
	}
}

func TestScoreDecisive(t *testing.T) {
	for n := 0; n < MaxPly; n++ {
		w, l := WinIn(n), LossIn(n)
		if !w.IsWin() || w.IsLoss() || !w.IsDecisive() || w.Plies() != n {
			t.Errorf("WinIn(%d) = %d: IsWin %v IsLoss %v Plies %d", n, w, w.IsWin(), w.IsLoss(), w.Plies())
		}
		if !l.IsLoss() || l.IsWin() || l.Plies() != n || -l != w {
			t.Errorf("LossIn(%d) = %d: IsLoss %v Plies %d", n, l, l.IsLoss(), l.Plies())
		}
		if n > 0 && !(WinIn(n-1) > w && LossIn(n-1) < l) {
			t.Errorf("a nearer win must score more, a nearer loss less (n=%d)", n)
		}
	}
	for _, s := range []Score{0, 100, -100, 5000, -5000} {
		if s.IsDecisive() || s.Plies() != 0 {
			t.Errorf("%d is not decisive", s)
		}
	}
}

func TestScoreBack(t *testing.T) {
	for _, c := range []struct{ in, want Score }{
		{LossIn(0), WinIn(1)}, // the opponent has no move: the mover wins with it
		{LossIn(6), WinIn(7)},
		{WinIn(4), LossIn(5)},
		{37, -37},
		{0, 0},
	} {
		if got := c.in.Back(); got != c.want {
			t.Errorf("%v.Back() = %v, want %v", c.in, got, c.want)
		}
	}
}
