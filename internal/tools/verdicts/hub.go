package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// An external engine is driven over the Hub protocol (Scan's "scan hub";
// the protocol text ships with Scan's source): a line-based dialogue on
// the engine's standard input and output. The commands used:
//
//	hub            -> ... wait       (the engine names itself)
//	init           -> ready
//	pos P          sets the position: the side to move (w or b), then one
//	               letter a square in PDN order (w, b men, W, B kings, e empty)
//	move M         plays M ("32-28", "26x37x31": from, to, then the captured
//	               squares); the engine answers "error ..." when it is illegal
//	moves          (an extension, see below) -> moves M1 M2 ...
//	depth D        fixed depth of the next search
//	analyse        -> info lines "info DEPTH PLYAVG SCORE NODES ...", then move M
//	ping           -> pong
//
// Position and move conversion is checked both ways on every position the
// engine searches: each of damka's legal moves is played on the engine
// (no error), the engine's best move is one of damka's, and when the
// engine answers the "moves" extension (a list of its legal moves; stock
// Scan ignores the unknown command) the two lists are equal as sets.

// Scores of Scan: centi-men, with decisive scores above evalInf (a
// bitbase win below 1900, the end of the game below 2000).
const (
	hubInf     = 2000
	hubEvalInf = 1800
)

// hubEngine is one running engine process.
type hubEngine struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	name    string // as the engine gives it ("name Scan 2.0")
	listing bool   // answers "moves"; found out on the first position
	probed  bool
}

// startHub starts the engine at path (run in its own directory, where
// Scan finds scan.ini and data/) and waits until it is ready.
func startHub(path string, args []string, dir string) (*hubEngine, error) {
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &hubEngine{cmd: cmd, in: in, out: bufio.NewReader(out)}
	if err := e.send("hub"); err != nil {
		return nil, err
	}
	for {
		l, err := e.line()
		if err != nil {
			return nil, fmt.Errorf("%s: no answer to hub: %v", path, err)
		}
		if n, ok := strings.CutPrefix(l, "name "); ok {
			e.name = n
		}
		if l == "wait" {
			break
		}
	}
	if err := e.send("init"); err != nil {
		return nil, err
	}
	if _, err := e.until("ready"); err != nil {
		return nil, fmt.Errorf("%s: init: %v", path, err)
	}
	return e, nil
}

func (e *hubEngine) send(lines ...string) error {
	_, err := io.WriteString(e.in, strings.Join(lines, "\n")+"\n")
	return err
}

func (e *hubEngine) line() (string, error) {
	l, err := e.out.ReadString('\n')
	if err != nil {
		return "", err
	}
	return strings.TrimRight(l, "\r\n"), nil
}

// until reads lines up to one equal to end (or, with a trailing space,
// starting with it) and returns the lines before it and that line last.
func (e *hubEngine) until(end string) ([]string, error) {
	var ls []string
	for {
		l, err := e.line()
		if err != nil {
			return ls, err
		}
		ls = append(ls, l)
		if l == end || (strings.HasSuffix(end, " ") && strings.HasPrefix(l, end)) {
			return ls, nil
		}
	}
}

func (e *hubEngine) close() {
	e.send("quit")
	e.in.Close()
	e.cmd.Wait()
}

// hubPos writes p in the Hub protocol's position format.
func hubPos(p *draughts.Position) string {
	v := p.Variant()
	n := len(v.Geometry().Squares())
	b := make([]byte, 0, n+1)
	b = append(b, "wb"[p.Side])
	for i := 1; i <= n; i++ {
		s := v.SquareFromNumber(i)
		c := byte('e')
		switch {
		case p.Pieces[draughts.White].Has(s):
			c = 'w'
		case p.Pieces[draughts.Black].Has(s):
			c = 'b'
		}
		if c != 'e' && p.Kings.Has(s) {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// hubMove writes m in the Hub protocol's move format: start, end, then
// the captured squares in increasing order (the engine's order need not
// be the capture order; the set names the move).
func hubMove(m *draughts.Move) string {
	v := m.Variant()
	var b strings.Builder
	b.WriteString(strconv.Itoa(v.SquareNumber(m.From)))
	if !m.IsCapture() {
		b.WriteString("-")
		b.WriteString(strconv.Itoa(v.SquareNumber(m.To)))
		return b.String()
	}
	b.WriteString("x")
	b.WriteString(strconv.Itoa(v.SquareNumber(m.To)))
	var caps []int
	for _, s := range m.Captured.Squares() {
		caps = append(caps, v.SquareNumber(s))
	}
	slices.Sort(caps)
	for _, c := range caps {
		b.WriteString("x")
		b.WriteString(strconv.Itoa(c))
	}
	return b.String()
}

// normHubMove rewrites an engine's move with its captures in increasing
// order, so that it compares with hubMove's.
func normHubMove(s string) (string, error) {
	sep := "-"
	if strings.Contains(s, "x") {
		sep = "x"
	}
	f := strings.Split(s, sep)
	var n []int
	for _, x := range f {
		i, err := strconv.Atoi(x)
		if err != nil {
			return "", fmt.Errorf("bad move %q", s)
		}
		n = append(n, i)
	}
	if len(n) < 2 || (sep == "-" && len(n) != 2) {
		return "", fmt.Errorf("bad move %q", s)
	}
	slices.Sort(n[2:])
	parts := make([]string, len(n))
	for i, x := range n {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep), nil
}

// hubScore converts an engine score (side to move, centi-men) to damka's.
func hubScore(sc int) analyze.Score {
	switch {
	case sc > hubEvalInf:
		return analyze.WinIn(max(hubInf-sc, 1))
	case sc < -hubEvalInf:
		return analyze.LossIn(max(hubInf+sc, 1))
	}
	return analyze.Score(sc)
}

// checkMoves checks the conversion of p and its moves against the
// engine: every one of damka's moves is legal on the engine, and the
// engine's own list, when it gives one, is the same. It returns damka's
// moves in the Hub format.
func (e *hubEngine) checkMoves(p *draughts.Position) (map[string]bool, error) {
	pos := hubPos(p)
	ours := map[string]bool{}
	for _, m := range p.Variant().Moves(p, nil) {
		ours[hubMove(&m)] = true
	}
	for m := range ours {
		if err := e.send("pos "+pos, "move "+m, "ping"); err != nil {
			return nil, err
		}
		ls, err := e.until("pong")
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
		if err := e.send("pos "+pos, "moves", "ping"); err != nil {
			return nil, err
		}
		ls, err := e.until("pong")
		if err != nil {
			return nil, err
		}
		listed := false
		theirs := map[string]bool{}
		for _, l := range ls {
			if f, ok := strings.CutPrefix(l+" ", "moves "); ok {
				listed = true
				for _, m := range strings.Fields(f) {
					n, err := normHubMove(m)
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
	if err := e.send("new", "pos "+hubPos(p), "depth "+strconv.Itoa(depth), "analyse"); err != nil {
		return refResult{}, err
	}
	ls, err := e.until("move ")
	if err != nil {
		return refResult{}, fmt.Errorf("analyse %s: %v", p.FEN(), err)
	}
	score, found := 0, false
	for _, l := range ls {
		if strings.HasPrefix(l, "error") {
			return refResult{}, fmt.Errorf("analyse %s (%s): %s", p.FEN(), hubPos(p), l)
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
	best, err := normHubMove(strings.TrimPrefix(ls[len(ls)-1], "move "))
	if err != nil {
		return refResult{}, err
	}
	if !ours[best] {
		return refResult{}, fmt.Errorf("engine's best move %s of %s is not one of damka's", best, p.FEN())
	}
	// damka's notation of the move: the first of its moves with that
	// start, end and captures (moves by other paths have the same result).
	for _, m := range p.Variant().Moves(p, nil) {
		if hubMove(&m) == best {
			return refResult{score: hubScore(score), best: m.String()}, nil
		}
	}
	panic("unreachable")
}

// identifyHub fingerprints an engine: the hash of its file and of its
// info lines (depth, average ply, score, nodes and the principal
// variation; not the time nor the speed) on the variant's start position at depths 12
// and 13 (Scan writes no info line below depth 12), which change with any change of its search, evaluation or
// settings (Scan's scan.ini).
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
	defer e.close()
	b.engine = e.name
	h := sha256.New()
	h.Write(sum[:])
	p := draughts.Start(v)
	// The searches are made as search makes them, each from empty
	// tables; the line below keeps the fingerprints of engine answers
	// cached before they were (tables kept from search to search) apart.
	h.Write([]byte("new before every search\n"))
	for _, d := range []int{12, 13} {
		if err := e.send("new", "pos "+hubPos(&p), "depth "+strconv.Itoa(d), "analyse"); err != nil {
			return err
		}
		ls, err := e.until("move ")
		if err != nil {
			return fmt.Errorf("%s: analyse: %v", b.path, err)
		}
		for _, l := range ls {
			f := strings.Fields(l)
			// info DEPTH PLYAVG SCORE NODES TIME SPEED PV...: not the
			// time nor the speed, which change from run to run.
			if len(f) >= 7 && f[0] == "info" {
				f = append(f[:5], f[7:]...)
			}
			h.Write([]byte(strings.Join(f, " ") + "\n"))
		}
	}
	b.fp = "hub-" + hex.EncodeToString(h.Sum(nil))[:16]
	return nil
}
