package hub

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// Defaults of StartOptions.
const (
	DefaultStartTimeout = 60 * time.Second
	DefaultGrace        = 2 * time.Second
	// maxLine bounds a line of the engine: one longer is garbage.
	maxLine = 1 << 20
)

// StartOptions set up StartWith.
type StartOptions struct {
	// Dir is the folder the engine runs in (Scan finds scan.ini and data/
	// there); "" for the current one.
	Dir string
	// StartTimeout bounds the time from the start to "ready" (0:
	// DefaultStartTimeout): an engine that never says it is ready is
	// ended.
	StartTimeout time.Duration
	// Timeout bounds each reply (Until, Analyse) once started; 0: none.
	// The engine is ended when it is over.
	Timeout time.Duration
	// Grace is how long Close waits for the engine to end after "quit"
	// before killing it (0: DefaultGrace).
	Grace time.Duration
	// Stderr receives the engine's standard error (nil: discarded).
	Stderr io.Writer
	// Params are the engine's parameters to set, NAME and VALUE, sent as
	// "set-param name=NAME value=VALUE" between "hub" and "init", as Hub
	// version 2 says (Scan 3.x reads them at init; Scan 2.0 ignores the
	// command). An "error" answer to one stops the start.
	Params [][2]string
}

// ErrTimeout is the error of a reply that did not come in time (wrapped).
var ErrTimeout = errors.New("no reply in time")

// AnswerError is a search that the engine ended as the protocol says, with
// an answer that cannot be used (no move, a move that is not legal, no
// score): the engine is in a known state, and asking again gives the same
// answer, so it is neither restarted nor asked again.
type AnswerError struct {
	Engine string
	What   string
	// NoScore: the answer had a move but no score (Scan 2.0 writes its
	// score only from depth 12 on).
	NoScore bool
	// Mismatch: the engine and damka disagree on the legal moves of the
	// position (its best move is not one of damka's, or the moves it
	// lists are not damka's): the conversion of positions or moves, or
	// one of the two sides' rules, is wrong there.
	Mismatch bool
}

func (e *AnswerError) Error() string { return "engine " + e.Engine + ": " + e.What }

// Client is one running engine process that speaks the protocol. Its
// process is killed when damka's ends (on Linux), when a reply does not
// come in time, and when Close's grace period is over.
type Client struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *os.File // read end of the engine's standard output
	lines   chan lineErr
	quit    chan struct{} // closed when the process is ended
	exited  chan struct{} // closed when the process has ended
	endOnce sync.Once
	label   string // the command, for errors
	grace   time.Duration
	// Timeout bounds each reply (see StartOptions.Timeout).
	Timeout time.Duration
	Name    string // as the engine gives it ("name Scan 2.0", "id name=Scan version=3.1")
	Version string // Hub version 2's "id ... version=V"
	// Dialect is the protocol's version the engine speaks: 1 (Scan 2.0:
	// "name" at start, "depth D", "analyse", "move M") or 2 (Scan 3.x:
	// "id name=N version=V" at start, "level", "go analyze", "done
	// move=M"), found at start.
	Dialect int
	// Variants are the values of the engine's "variant" parameter, as it
	// declares it at start (Hub version 2: "param name=variant
	// value=normal type=enum values=\"normal killer bt frisian
	// losing\""): the games it plays, in the protocol's names
	// (VariantName), or its value alone when it gives no values;
	// DefaultVariant is its value. Both empty when the engine declares no
	// such parameter (Scan 2.0).
	Variants       []string
	DefaultVariant string
	// listing is whether the engine lists its legal moves ("moves" ->
	// "moves M1 M2 ...", an extension that damka hub answers and stock
	// Scan does not): 0 not known yet, found on the first position
	// analysed; 1 it does; -1 it does not.
	listing int
}

// ListsMoves reports whether the engine lists its legal moves (the
// "moves" extension), as found on the first position Analyse searched
// (false before).
func (e *Client) ListsMoves() bool { return e.listing > 0 }

type lineErr struct {
	line string
	err  error
}

// Start starts the engine at path with args in dir (StartWith with the
// default limits and no time limit on replies).
func Start(path string, argv []string, dir string) (*Client, error) {
	return StartWith(path, argv, StartOptions{Dir: dir})
}

// StartWith starts the engine at path with args, introduces itself ("hub",
// "init") and waits until the engine is ready, at most o.StartTimeout.
func StartWith(path string, argv []string, o StartOptions) (*Client, error) {
	label := strings.Join(append([]string{path}, argv...), " ")
	cmd := exec.Command(path, argv...)
	cmd.Dir = o.Dir
	cmd.Stderr = o.Stderr
	dieWithParent(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	// The engine's output goes through a pipe of ours, read by a
	// goroutine, so that a read can be given up on (Wait never closes it
	// under a reader).
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout = pw
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		in.Close()
		return nil, fmt.Errorf("engine %s: %v", label, err)
	}
	pw.Close()
	e := &Client{cmd: cmd, in: in, out: pr, lines: make(chan lineErr, 64), quit: make(chan struct{}),
		label: label, grace: o.Grace, Dialect: 1, exited: make(chan struct{})}
	go func() {
		cmd.Wait() //nolint:errcheck // only its end matters
		close(e.exited)
	}()
	if e.grace <= 0 {
		e.grace = DefaultGrace
	}
	go e.read()
	e.Timeout = o.StartTimeout
	if e.Timeout <= 0 {
		e.Timeout = DefaultStartTimeout
	}
	deadline := time.Now().Add(e.Timeout)
	fail := func(what string, err error) (*Client, error) {
		e.Kill()
		return nil, fmt.Errorf("engine %s: %s: %w", label, what, err)
	}
	if err := e.Send("hub"); err != nil {
		return fail("hub", err)
	}
	for {
		l, err := e.lineBy(deadline)
		if err != nil {
			return fail("no answer to hub", err)
		}
		if n, ok := strings.CutPrefix(l, "name "); ok {
			e.Name = n
		}
		if rest, ok := strings.CutPrefix(l, "id "); ok {
			a := args(strings.Fields(rest))
			e.Dialect = 2
			e.Name, e.Version = a["name"], a["version"]
			if e.Version != "" {
				e.Name += " " + e.Version
			}
		}
		if rest, ok := strings.CutPrefix(l, "param "); ok {
			if a := args(strings.Fields(rest)); a["name"] == "variant" {
				e.Variants, e.DefaultVariant = strings.Fields(a["values"]), a["value"]
				if len(e.Variants) == 0 && e.DefaultVariant != "" {
					e.Variants = []string{e.DefaultVariant}
				}
			}
		}
		if l == "wait" {
			break
		}
	}
	for _, kv := range o.Params {
		if err := e.setParam(kv[0], kv[1], deadline); err != nil {
			e.Kill()
			return nil, err
		}
	}
	if err := e.Send("init"); err != nil {
		return fail("init", err)
	}
	for {
		l, err := e.lineBy(deadline)
		if err != nil {
			return fail("no answer to init", err)
		}
		if l == "ready" {
			break
		}
	}
	e.Timeout = o.Timeout
	return e, nil
}

// read hands the engine's lines to lineBy until the end of its output.
func (e *Client) read() {
	r := bufio.NewReaderSize(e.out, 64*1024)
	for {
		var l []byte
		var err error
		for {
			var part []byte
			part, err = r.ReadSlice('\n')
			l = append(l, part...)
			if err != bufio.ErrBufferFull {
				break
			}
			if len(l) > maxLine {
				err = fmt.Errorf("a line of more than %d bytes", maxLine)
				break
			}
		}
		var le lineErr
		if err != nil {
			if err == io.EOF {
				err = errors.New("the engine ended")
			}
			le.err = err
		} else {
			le.line = strings.TrimRight(string(l), "\r\n")
		}
		select {
		case e.lines <- le:
		case <-e.quit:
			return
		}
		if err != nil {
			return
		}
	}
}

// String is the engine's command line.
func (e *Client) String() string { return e.label }

// Send writes lines to the engine.
func (e *Client) Send(lines ...string) error {
	_, err := io.WriteString(e.in, strings.Join(lines, "\n")+"\n")
	if err != nil {
		return fmt.Errorf("engine %s: %v", e.label, err)
	}
	return nil
}

// Line reads the engine's next line, waiting at most Timeout.
func (e *Client) Line() (string, error) {
	return e.lineBy(e.deadline())
}

func (e *Client) deadline() time.Time {
	if e.Timeout <= 0 {
		return time.Time{}
	}
	return time.Now().Add(e.Timeout)
}

// lineBy reads the next line, waiting until deadline (zero: no limit);
// past it, the engine is killed.
func (e *Client) lineBy(deadline time.Time) (string, error) {
	var timer <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timer = t.C
	}
	select {
	case le, ok := <-e.lines:
		if !ok {
			return "", errors.New("the engine ended")
		}
		if le.err != nil {
			e.lines = closedLines
		}
		return le.line, le.err
	case <-e.quit:
		return "", errors.New("the engine was ended")
	case <-timer:
		e.Kill()
		return "", ErrTimeout
	}
}

var closedLines = func() chan lineErr {
	c := make(chan lineErr)
	close(c)
	return c
}()

// Until reads lines up to one equal to end (or, with a trailing space,
// starting with it) and returns the lines before it and that line last.
// The whole reply takes at most Timeout.
func (e *Client) Until(end string) ([]string, error) {
	return e.until(e.deadline(), func(l string) bool {
		return l == end || (strings.HasSuffix(end, " ") && strings.HasPrefix(l, end))
	})
}

func (e *Client) until(deadline time.Time, last func(string) bool) ([]string, error) {
	var ls []string
	for {
		l, err := e.lineBy(deadline)
		if err != nil {
			return ls, fmt.Errorf("engine %s: %w", e.label, err)
		}
		ls = append(ls, l)
		if last(l) {
			return ls, nil
		}
	}
}

// Close asks the engine to quit and waits for it to end, at most the
// grace period, then kills it.
func (e *Client) Close() {
	select {
	case <-e.quit:
		return
	default:
	}
	e.Send("quit")
	e.in.Close()
	select {
	case <-e.exited:
	case <-time.After(e.grace):
	}
	e.Kill()
}

// Kill ends the engine at once (one that hung or broke the protocol). It
// may be called more than once.
func (e *Client) Kill() {
	e.endOnce.Do(func() {
		close(e.quit)
		e.cmd.Process.Kill()
		e.in.Close()
		<-e.exited
		e.out.Close()
	})
}

// Limits are the limits of a search; zero values are no limit.
type Limits struct {
	Depth int
	Nodes uint64
	Time  time.Duration
}

// Commands are the commands that set l in an engine's dialect
// (Engine.Dialect).
func (l Limits) Commands(dialect int) []string {
	var c []string
	if dialect == 2 {
		var a []string
		if l.Depth > 0 {
			a = append(a, "depth="+strconv.Itoa(l.Depth))
		}
		if l.Nodes > 0 {
			a = append(a, "nodes="+strconv.FormatUint(l.Nodes, 10))
		}
		if l.Time > 0 {
			a = append(a, "move-time="+strconv.FormatFloat(l.Time.Seconds(), 'g', -1, 64))
		}
		if len(a) > 0 {
			c = append(c, "level "+strings.Join(a, " "))
		}
		return c
	}
	if l.Depth > 0 {
		c = append(c, "depth "+strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		c = append(c, "nodes "+strconv.FormatUint(l.Nodes, 10))
	}
	if l.Time > 0 {
		// Scan 2.0's "time MS": the time of the search, in milliseconds
		// (it knows no "movetime", and would search without end).
		c = append(c, "time "+strconv.FormatInt(max(l.Time.Milliseconds(), 1), 10))
	}
	return c
}

// SetOption sets one of the engine's parameters: "set-param name=N
// value=V" (Hub version 2's form; an engine of version 1 such as Scan 2.0
// ignores it and reads its parameters from its own files, scan.ini). An
// "error" answer is an error.
func (e *Client) SetOption(name, value string) error {
	return e.setParam(name, value, e.deadline())
}

// setParam is SetOption, its answer waited for until deadline.
func (e *Client) setParam(name, value string, deadline time.Time) error {
	if strings.ContainsAny(name, " \"=") || strings.Contains(value, `"`) {
		return fmt.Errorf("engine option %s=%s: a name has no space, quote nor =, a value no quote", name, value)
	}
	v := value
	if v == "" || strings.ContainsAny(v, " ") {
		v = `"` + v + `"`
	}
	if err := e.Send("set-param name="+name+" value="+v, "ping"); err != nil {
		return err
	}
	ls, err := e.until(deadline, func(l string) bool { return l == "pong" })
	if err != nil {
		return err
	}
	for _, l := range ls {
		if strings.HasPrefix(l, "error") {
			return fmt.Errorf("engine %s: option %s=%s: %s", e.label, name, value, l)
		}
	}
	return nil
}

// probeListing finds out whether the engine lists its legal moves: it
// asks "moves" of p and waits for the answer to a "ping"; an "error"
// answer (Scan 3.x: "error message=\"bad command\"") or none is "no".
func (e *Client) probeListing(p *draughts.Position) error {
	pos := e.posCommand(p)
	if err := e.Send(pos, "moves", "ping"); err != nil {
		return err
	}
	ls, err := e.Until("pong")
	if err != nil {
		return err
	}
	e.listing = -1
	for _, l := range ls {
		if strings.HasPrefix(l+" ", "moves ") {
			e.listing = 1
		}
	}
	return nil
}

// checkPlays plays each of damka's legal moves of p on the engine, from
// p ("pos", then "move M"; Hub version 2: "pos pos=P moves=M"), each
// followed by a "ping", all in one go: a move it answers with an "error"
// ("error illegal move") is one it does not take for legal, an
// AnswerError (Mismatch) naming the moves. The verdicts harness checks
// engines so; this is the check of an engine that does not list its
// moves.
func (e *Client) checkPlays(p *draughts.Position) error {
	var ms []string
	seen := map[string]bool{}
	for _, m := range p.Variant().Moves(p, nil) {
		if h := Move(&m); !seen[h] {
			seen[h] = true
			ms = append(ms, h)
		}
	}
	slices.Sort(ms)
	var c []string
	for _, m := range ms {
		if e.Dialect == 2 {
			c = append(c, e.posCommand(p)+" moves="+m)
		} else {
			c = append(c, e.posCommand(p), "move "+m)
		}
		c = append(c, "ping")
	}
	if len(c) == 0 {
		return nil
	}
	if err := e.Send(c...); err != nil {
		return err
	}
	deadline := e.deadline()
	var refused []string
	for _, m := range ms {
		ls, err := e.until(deadline, func(l string) bool { return l == "pong" })
		if err != nil {
			return err
		}
		for _, l := range ls {
			if strings.HasPrefix(l, "error") {
				refused = append(refused, fmt.Sprintf("%s (%s)", m, l))
				break
			}
		}
	}
	if len(refused) > 0 {
		return &AnswerError{Engine: e.label, What: "it refuses damka's legal move(s) " + strings.Join(refused, ", "), Mismatch: true}
	}
	return nil
}

// checkMoves compares the engine's legal moves of p, the fields of its
// "moves" line (listed: there was one), with damka's: a difference is an
// AnswerError (Mismatch) naming the moves; an engine that lists its
// moves (probeListing) and then does not is an error.
func (e *Client) checkMoves(p *draughts.Position, theirs []string, listed bool) error {
	if !listed {
		if e.listing > 0 {
			return &AnswerError{Engine: e.label, What: "no list of its legal moves, as it gave before"}
		}
		return nil
	}
	ours := map[string]bool{}
	for _, m := range p.Variant().Moves(p, nil) {
		ours[Move(&m)] = true
	}
	have := map[string]bool{}
	var extra, lack []string
	for _, m := range theirs {
		n, err := NormMove(m)
		if err != nil {
			return &AnswerError{Engine: e.label, What: fmt.Sprintf("its list of legal moves: %v", err), Mismatch: true}
		}
		have[n] = true
		if !ours[n] {
			extra = append(extra, n)
		}
	}
	for m := range ours {
		if !have[m] {
			lack = append(lack, m)
		}
	}
	if len(extra) == 0 && len(lack) == 0 {
		return nil
	}
	slices.Sort(extra)
	slices.Sort(lack)
	var what []string
	if len(extra) > 0 {
		what = append(what, "it lists "+strings.Join(extra, " ")+", which damka does not have")
	}
	if len(lack) > 0 {
		what = append(what, "it lacks damka's "+strings.Join(lack, " "))
	}
	return &AnswerError{Engine: e.label, What: "its legal moves differ from damka's: " + strings.Join(what, "; "), Mismatch: true}
}

// posCommand is the command that sets p in the engine's dialect: "pos
// wbbb...", or Hub version 2's "pos pos=Wbbb...", whose side to move is a
// capital (Scan 3.x takes no other).
func (e *Client) posCommand(p *draughts.Position) string {
	if e.Dialect == 2 {
		pos := Position(p)
		return "pos pos=" + strings.ToUpper(pos[:1]) + pos[1:]
	}
	return "pos " + Position(p)
}

// Takes reports whether the engine takes the position p: whether it
// answers "pos" without an error (Scan 2.0: "error bad position" for any
// board but 10x10); what is the error line when it does not.
func (e *Client) Takes(p *draughts.Position) (ok bool, what string, err error) {
	pos := e.posCommand(p)
	if err := e.Send(pos, "ping"); err != nil {
		return false, "", err
	}
	ls, err := e.Until("pong")
	if err != nil {
		return false, "", err
	}
	for _, l := range ls {
		if strings.HasPrefix(l, "error") {
			return false, l, nil
		}
	}
	return true, "", nil
}

// Analysis is the answer to a search.
type Analysis struct {
	Score analyze.Score   // side to move's view
	Best  draughts.Move   // a legal move of the position
	PV    []draughts.Move // the engine's line, starting with Best, up to its first move that is not legal
	Depth int
	Nodes uint64
}

// Analyse searches p within l, from empty tables ("new" first, so that
// the answer is a function of the position, the limits and the engine's
// settings), and returns the score, the best move and the line of its
// last info line. The moves must agree both ways: the best move must be
// one of damka's legal moves, and an engine that lists its legal moves
// ("moves", an extension; found out on the first position) must list
// damka's, no more, no fewer; a difference is an AnswerError with
// Mismatch set. An error names the engine and the position. The engine is killed when the reply takes longer than
// Timeout.
func (e *Client) Analyse(p *draughts.Position, l Limits) (Analysis, error) {
	a, err := e.analyse(p, l)
	if err != nil {
		return a, fmt.Errorf("position %s: %w", p.FEN(), err)
	}
	return a, nil
}

func (e *Client) analyse(p *draughts.Position, l Limits) (Analysis, error) {
	// "moves" (an extension) asks for the legal moves, answered before
	// the search, of an engine found to answer it on the first position
	// (probeListing); one that does not (Scan 2.0 ignores it, Scan 3.x
	// answers "error") is not asked again.
	if e.listing == 0 {
		if err := e.probeListing(p); err != nil {
			return Analysis{}, err
		}
	}
	if e.listing < 0 {
		// It does not list its moves: each of damka's is played on it.
		if err := e.checkPlays(p); err != nil {
			return Analysis{}, err
		}
	}
	var c []string
	if e.Dialect == 2 {
		c = append(c, "new-game", e.posCommand(p))
	} else {
		c = append(c, "new", e.posCommand(p))
	}
	if e.listing > 0 {
		c = append(c, "moves")
	}
	if e.Dialect == 2 {
		c = append(c, l.Commands(2)...)
		c = append(c, "go analyze")
	} else {
		c = append(c, l.Commands(1)...)
		c = append(c, "analyse")
	}
	if err := e.Send(c...); err != nil {
		return Analysis{}, err
	}
	ls, err := e.until(e.deadline(), func(l string) bool {
		return strings.HasPrefix(l, "move ") || l == "move" || strings.HasPrefix(l, "done")
	})
	if err != nil {
		return Analysis{}, err
	}
	var a Analysis
	var pv, theirs []string
	found, listed := false, false
	for _, l := range ls[:len(ls)-1] {
		if strings.HasPrefix(l, "error") {
			return Analysis{}, fmt.Errorf("engine %s: %s", e.label, l)
		}
		if f, ok := strings.CutPrefix(l+" ", "moves "); ok {
			theirs, listed = strings.Fields(f), true
			continue
		}
		f := strings.Fields(l)
		if len(f) == 0 || f[0] != "info" {
			continue
		}
		if strings.Contains(l, "=") {
			// Hub version 2: info depth=D score=S nodes=N pv="..."
			kv := args(f[1:])
			men, err := strconv.ParseFloat(kv["score"], 64)
			if err != nil || math.IsNaN(men) || math.IsInf(men, 0) {
				continue
			}
			a.Score, found = Score2(men), true
			a.Depth, _ = strconv.Atoi(kv["depth"])
			a.Nodes, _ = strconv.ParseUint(kv["nodes"], 10, 64)
			pv = strings.Fields(kv["pv"])
			continue
		}
		// info DEPTH PLYAVG SCORE NODES TIME SPEED PV...
		if len(f) < 4 {
			continue
		}
		s, err := strconv.Atoi(f[3])
		if err != nil {
			continue
		}
		a.Score, found = Score(s), true
		a.Depth, _ = strconv.Atoi(f[1])
		if len(f) >= 5 {
			a.Nodes, _ = strconv.ParseUint(f[4], 10, 64)
		}
		pv = nil
		if len(f) >= 8 {
			pv = f[7:]
		}
	}
	if err := e.checkMoves(p, theirs, listed); err != nil {
		return Analysis{}, err
	}
	last := ls[len(ls)-1]
	var best string
	if rest, ok := strings.CutPrefix(last, "done"); ok {
		best = args(strings.Fields(rest))["move"]
	} else {
		best = strings.TrimSpace(strings.TrimPrefix(last, "move"))
	}
	if best == "" || best == "none" {
		return Analysis{}, &AnswerError{Engine: e.label, What: fmt.Sprintf("no move (%q)", last)}
	}
	m, err := FindMove(p, best)
	if err != nil {
		return Analysis{}, &AnswerError{Engine: e.label, What: fmt.Sprintf("its best move %q is not one of damka's legal moves", best), Mismatch: true}
	}
	if !found {
		return Analysis{}, &AnswerError{Engine: e.label, What: "no score (no info line; Scan 2.0 writes none below depth 12)", NoScore: true}
	}
	a.Best = m
	// The line, as far as its moves are legal; it starts with the best
	// move.
	q := *p
	for _, s := range pv {
		pm, err := FindMove(&q, s)
		if err != nil {
			break
		}
		a.PV = append(a.PV, pm)
		q.Make(&pm)
	}
	if len(a.PV) == 0 || !a.PV[0].SameResult(&m) {
		a.PV = []draughts.Move{m}
	} else {
		a.PV[0] = m
	}
	return a, nil
}
