package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/hub"
)

// An external engine is driven over the Hub protocol (Scan's "scan hub";
// the protocol text ships with Scan's source; the formats and the client
// are internal/hub's): hub, init, new, pos, move, moves (an extension, see
// below), depth, analyse and ping.
//
// Position and move conversion is checked both ways on every position the
// engine searches: each of damka's legal moves is played on the engine
// (no error), the engine's best move is one of damka's, and when the
// engine answers the "moves" extension (a list of its legal moves; stock
// Scan ignores the unknown command) the two lists are equal as sets.

// hubEngine is one running engine process, and what the harness found
// out about it.
type hubEngine struct {
	*hub.Client
	listing bool // answers "moves"; found out on the first position
	probed  bool
}

// startHub starts the engine at path (run in its own directory, where
// Scan finds scan.ini and data/) and waits until it is ready.
func startHub(path string, args []string, dir string) (*hubEngine, error) {
	c, err := hub.Start(path, args, dir)
	if err != nil {
		return nil, err
	}
	return &hubEngine{Client: c}, nil
}

// checkMoves checks the conversion of p and its moves against the
// engine: every one of damka's moves is legal on the engine, and the
// engine's own list, when it gives one, is the same. It returns damka's
// moves in the Hub format.
func (e *hubEngine) checkMoves(p *draughts.Position) (map[string]bool, error) {
	pos := hub.Position(p)
	ours := map[string]bool{}
	for _, m := range p.Variant().Moves(p, nil) {
		ours[hub.Move(&m)] = true
	}
	for m := range ours {
		if err := e.Send("pos "+pos, "move "+m, "ping"); err != nil {
			return nil, err
		}
		ls, err := e.Until("pong")
		if err != nil {
			return nil, err
		}
		for _, l := range ls {
			if strings.HasPrefix(l, "error") {
				return nil, fmt.Errorf("engine rejects damka's move %s of %s (%s): %s", m, p.FEN(), pos, l)
			}
		}
	}
	if !e.probed || e.listing {
		if err := e.Send("pos "+pos, "moves", "ping"); err != nil {
			return nil, err
		}
		ls, err := e.Until("pong")
		if err != nil {
			return nil, err
		}
		listed := false
		theirs := map[string]bool{}
		for _, l := range ls {
			if f, ok := strings.CutPrefix(l+" ", "moves "); ok {
				listed = true
				for _, m := range strings.Fields(f) {
					n, err := hub.NormMove(m)
					if err != nil {
						return nil, err
					}
					theirs[n] = true
				}
			}
		}
		e.probed, e.listing = true, listed
		if listed {
			for m := range theirs {
				if !ours[m] {
					return nil, fmt.Errorf("engine has move %s in %s that damka has not", m, p.FEN())
				}
			}
			for m := range ours {
				if !theirs[m] {
					return nil, fmt.Errorf("engine lacks damka's move %s in %s", m, p.FEN())
				}
			}
		}
	}
	return ours, nil
}

// search searches p to depth and returns the engine's score (side to
// move) and best move in damka's notation, after checking the moves.
func (e *hubEngine) search(p *draughts.Position, depth int) (refResult, error) {
	ours, err := e.checkMoves(p)
	if err != nil {
		return refResult{}, err
	}
	// "new" empties the engine's tables (Scan: its transposition table;
	// its move-ordering tables are cleared by every search), so that the
	// answer is a function of the position and the depth, not of the
	// searches this process made before (a table kept from them changes
	// node counts and, at times, scores and moves).
	if err := e.Send("new", "pos "+hub.Position(p), "depth "+strconv.Itoa(depth), "analyse"); err != nil {
		return refResult{}, err
	}
	ls, err := e.Until("move ")
	if err != nil {
		return refResult{}, fmt.Errorf("analyse %s: %v", p.FEN(), err)
	}
	score, found := 0, false
	for _, l := range ls {
		if strings.HasPrefix(l, "error") {
			return refResult{}, fmt.Errorf("analyse %s (%s): %s", p.FEN(), hub.Position(p), l)
		}
		f := strings.Fields(l)
		if len(f) >= 4 && f[0] == "info" {
			if s, err := strconv.Atoi(f[3]); err == nil {
				score, found = s, true
			}
		}
	}
	if !found {
		// Scan writes its info lines from depth 12 on (see -engine-depth).
		return refResult{}, fmt.Errorf("analyse %s at depth %d: no score", p.FEN(), depth)
	}
	best, err := hub.NormMove(strings.TrimPrefix(ls[len(ls)-1], "move "))
	if err != nil {
		return refResult{}, err
	}
	if !ours[best] {
		return refResult{}, fmt.Errorf("engine's best move %s of %s is not one of damka's", best, p.FEN())
	}
	// damka's notation of the move: the first of its moves with that
	// start, end and captures (moves by other paths have the same result).
	for _, m := range p.Variant().Moves(p, nil) {
		if hub.Move(&m) == best {
			return refResult{score: hub.Score(score), best: m.String()}, nil
		}
	}
	panic("unreachable")
}

// identifyHub fingerprints an engine: the hash of its file, and its
// fingerprint (hub.Client.Fingerprint: its file and its info lines on the
// variant's start position at depths 12 and 13), which changes with any
// change of its search, evaluation or settings (Scan's scan.ini); damka
// analyze --engine writes the same fingerprint in its files' metadata.
func identifyHub(b *damkaBin, v draughts.Variant) error {
	data, err := os.ReadFile(b.path)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	b.sha = hex.EncodeToString(sum[:])
	e, err := startHub(b.path, []string{"hub"}, filepath.Dir(b.path))
	if err != nil {
		return err
	}
	defer e.Close()
	b.engine = e.Name
	b.fp, err = e.Fingerprint(b.path, v)
	return err
}
