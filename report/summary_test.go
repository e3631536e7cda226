package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// The worst moves of analyze's summary are labelled from the game's first
// mover: in English Black's moves are "N." and White's "N...".
func TestWorstMovesLabels(t *testing.T) {
	var buf bytes.Buffer
	g := &pdn.Game{Index: 1, File: "x.pdn"}
	worst := analyze.NewWorst[worstMove](10)
	worst.Offer(analyze.BadMove[worstMove]{Drop: 0.5, Seq: 1, Item: worstMove{file: "x.pdn", game: g, ply: validate.Ply{Ply: 3, MoveNumber: 2, Side: draughts.Black}, class: analyze.ClassBlunder, played: "8-11", best: "9-13", first: draughts.Black}})
	worst.Offer(analyze.BadMove[worstMove]{Drop: 0.4, Seq: 2, Item: worstMove{file: "x.pdn", game: g, ply: validate.Ply{Ply: 4, MoveNumber: 2, Side: draughts.White}, class: analyze.ClassBlunder, played: "27-23", best: "26-22", first: draughts.Black}})
	s := NewAnalysisSummary(1)
	s.worst = worst
	s.Write(&buf, time.Second)
	for _, want := range []string{"ply 3 (2. 8-11): blunder", "ply 4 (2... 27-23): blunder"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, buf.String())
		}
	}
}
