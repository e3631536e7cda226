package hub

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/damka/damka/draughts"
)

// FingerprintDepths are the depths of the searches a fingerprint is made
// of: Scan writes no info line below depth 12.
var FingerprintDepths = []int{12, 13}

// Fingerprint identifies an engine build with its settings: "hub-" and 16
// hex digits of the hash of its program's file (exe) and of its info
// lines (depth, average ply, score, nodes and line; not the time nor the
// speed) for the start position of v at FingerprintDepths, each searched
// from empty tables. Any change of the engine's search, evaluation or
// settings (Scan's scan.ini, the options set) changes its node counts, so
// two runs with one fingerprint used the same engine. The verdicts
// harness keys its cache of engine answers by it, and damka analyze
// --engine writes it in its files' metadata: the same engine gives the
// same fingerprint in both. An engine that answers the position with an
// error (a board it does not play) gives an AnswerError.
func (e *Client) Fingerprint(exe string, v draughts.Variant) (string, error) {
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	fh := sha256.New()
	_, err = io.Copy(fh, f)
	f.Close()
	if err != nil {
		return "", fmt.Errorf("%s: %v", exe, err)
	}
	h := sha256.New()
	h.Write(fh.Sum(nil))
	p := draughts.Start(v)
	// The line below keeps the fingerprints of engine answers cached
	// before every search was made from empty tables apart.
	h.Write([]byte("new before every search\n"))
	for _, d := range FingerprintDepths {
		var c []string
		if e.Dialect == 2 {
			c = []string{"new-game", e.posCommand(&p), "level depth=" + strconv.Itoa(d), "go analyze"}
		} else {
			c = []string{"new", e.posCommand(&p), "depth " + strconv.Itoa(d), "analyse"}
		}
		if err := e.Send(c...); err != nil {
			return "", err
		}
		ls, err := e.until(e.deadline(), func(l string) bool {
			return strings.HasPrefix(l, "move ") || l == "move" || strings.HasPrefix(l, "done")
		})
		if err != nil {
			return "", fmt.Errorf("fingerprint: %s: %w", v.Name(), err)
		}
		for _, l := range ls {
			if strings.HasPrefix(l, "error") {
				return "", &AnswerError{Engine: e.label, What: fmt.Sprintf("fingerprint: the start position of %s: %s", v.Name(), l)}
			}
			fs := strings.Fields(l)
			switch {
			case len(fs) >= 7 && fs[0] == "info" && !strings.Contains(l, "="):
				// info DEPTH PLYAVG SCORE NODES TIME SPEED PV...: not the
				// time nor the speed, which change from run to run.
				fs = append(fs[:5], fs[7:]...)
			case len(fs) > 0 && fs[0] == "info":
				// Hub version 2: info depth=D ... time=T nps=S pv="...".
				var keep []string
				for _, x := range fs {
					if !strings.HasPrefix(x, "time=") && !strings.HasPrefix(x, "nps=") {
						keep = append(keep, x)
					}
				}
				fs = keep
			}
			h.Write([]byte(strings.Join(fs, " ") + "\n"))
		}
	}
	return "hub-" + hex.EncodeToString(h.Sum(nil))[:16], nil
}
