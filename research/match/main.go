// Command match plays two engines against each other over the Hub
// protocol (internal/hub; damka's own engine is "damka hub"), and reports
// the score and the Elo difference (make match; docs/engine.md, "Matches").
//
// At the repository's root (the default paths name its files), after
// make research, which builds the tools of research/ into bin/research:
//
//	bin/research/match -a 'bin/damka hub' -b '/tmp/old/damka hub' \
//		-variant russian -time 0.1 -games 200 -o out/match
//
// Each engine is a command line (split at spaces; the first word is the
// program, found as exec.Command finds it), started in the program's
// folder once per worker and reused from game to game ("new" before each
// game).
//
// Openings: opening k is drawn as internal/selfplay draws openings, with
// a generator seeded by (-seed, k): -random plies drawn uniformly among
// the legal moves from the start position or, with -openings, for every
// other opening a position of a master game of the tuning half (even
// index in the file) at a ply from 6 to 20 followed by 2 random plies;
// drawn again (up to 50 times) while the position is not balanced (a
// depth-4 search scores it beyond ±0.60), the game ended in it, or an
// earlier opening of the match has the same position. Each
// opening is played twice: game 2k with A as White, game 2k+1 with B as
// White. The same seed gives the same openings, whatever -j.
//
// Play: every move is the engine's answer to "pos P" and "go", within the
// limits sent at the start of each game (-time: "movetime S", -nodes:
// "nodes N", -depth: "depth D"). The rules engine (package draughts)
// referees: a side with no legal move loses (R-END-1); a draw by rule
// (draughts.Tracker, from the opening position on) ends the game drawn;
// after -maxply plies the game is adjudicated drawn; an engine that
// answers an illegal move, an error, nothing within the time allowed, or
// ends, loses the game (the reason is written with the result) and is
// started again.
//
// Output, in -o: results.tsv, a header line with the settings and one
// line a game, appended as each game ends (a match that is stopped and run
// again with the same settings plays only the games that are missing; other
// settings are refused), and games.pdn, the games, from the opening
// position (FEN tag), each appended after its result line (so a game cut
// between the two is missing from the PDN, never doubled).
//
// Report (at the end, or of an existing file with -report): wins, draws
// and losses of A, its score, and the Elo difference A-B with its 95%
// interval, by the normal approximation of the pentanomial distribution
// (the pairs of games of an opening, colours swapped, are the samples:
// their correlation is accounted for), and the trinomial one (games as
// independent samples) beside it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/hub"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/research/internal/selfplay"
	"github.com/damka/damka/validate"
)

// config is the settings of a match; its header line names them, so that
// a match is resumed only with the same.
type config struct {
	a, b     string // command lines
	variant  draughts.Variant
	time     float64 // seconds a move
	nodes    uint64
	depth    int
	games    int
	seed     uint64
	random   int
	openings string
	maxPly   int
}

// header is the first line of the results file: the settings that make
// the games (not -games, which a resumed match may raise).
func (c *config) header() string {
	return fmt.Sprintf("# match variant=%s a=%q b=%q time=%g nodes=%d depth=%d seed=%d random=%d openings=%q maxply=%d",
		c.variant.Name(), c.a, c.b, c.time, c.nodes, c.depth, c.seed, c.random, c.openings, c.maxPly)
}

const columns = "game\topening\twhite\tresult\tscore_a\tplies\treason\tmoves_a\tms_a\tmoves_b\tms_b"

func main() {
	var c config
	var variant string
	flag.StringVar(&c.a, "a", "", "engine A: a command line (e.g. 'bin/damka hub')")
	flag.StringVar(&c.b, "b", "", "engine B: a command line")
	flag.StringVar(&variant, "variant", "russian", "rules: russian or international")
	flag.Float64Var(&c.time, "time", 0, "seconds a move (0: none)")
	flag.Uint64Var(&c.nodes, "nodes", 0, "nodes a move (0: none)")
	flag.IntVar(&c.depth, "depth", 0, "depth a move (0: none)")
	flag.IntVar(&c.games, "games", 100, "games: half as many openings, each played with both colours")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	flag.IntVar(&c.random, "random", 8, "random plies of an opening from the start position")
	flag.StringVar(&c.openings, "openings", "", "PDN files (comma-separated) whose games of even index give every other opening")
	flag.IntVar(&c.maxPly, "maxply", 300, "plies after which a game is adjudicated drawn")
	jobs := flag.Int("j", 2, "games played at once")
	out := flag.String("o", "out/match", "output folder: results.tsv and games.pdn")
	report := flag.Bool("report", false, "report on the results in -o and play nothing")
	flag.Parse()
	results := filepath.Join(*out, "results.tsv")
	if *report {
		rs, _, err := readResults(results)
		if err != nil {
			fatal(err)
		}
		printReport(os.Stdout, rs)
		return
	}
	v, err := draughts.VariantByName(variant)
	if err != nil || (v != draughts.Russian && v != draughts.International) {
		usage("-variant is russian or international, not %q", variant)
	}
	c.variant = v
	if c.a == "" || c.b == "" {
		usage("-a and -b are required")
	}
	if c.time <= 0 && c.nodes == 0 && c.depth <= 0 {
		usage("set -time, -nodes or -depth")
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fatal(err)
	}
	rs, err := run(c, *out, *jobs, os.Stderr)
	if err != nil {
		fatal(err)
	}
	printReport(os.Stdout, rs)
}

// result is one line of the results file.
type result struct {
	game, opening int
	white         string // "A" or "B"
	result        string // "1-0", "0-1", "1/2-1/2"
	scoreA        float64
	plies         int
	reason        string
	moves, ms     [2]int // of A and B: moves played and milliseconds spent
}

func (r *result) line() string {
	return fmt.Sprintf("%d\t%d\t%s\t%s\t%g\t%d\t%s\t%d\t%d\t%d\t%d", r.game, r.opening, r.white, r.result, r.scoreA, r.plies, r.reason, r.moves[0], r.ms[0], r.moves[1], r.ms[1])
}

func parseResult(l string) (result, error) {
	f := strings.Split(l, "\t")
	if len(f) != 11 {
		return result{}, fmt.Errorf("results line %q: %d fields, want 11", l, len(f))
	}
	var r result
	var err error
	n := func(s string) int {
		i, e := strconv.Atoi(s)
		if e != nil && err == nil {
			err = e
		}
		return i
	}
	r.game, r.opening, r.white, r.result = n(f[0]), n(f[1]), f[2], f[3]
	r.scoreA, err = strconv.ParseFloat(f[4], 64)
	r.plies, r.reason = n(f[5]), f[6]
	r.moves[0], r.ms[0], r.moves[1], r.ms[1] = n(f[7]), n(f[8]), n(f[9]), n(f[10])
	if err != nil {
		return result{}, fmt.Errorf("results line %q: %v", l, err)
	}
	return r, nil
}

// readResults reads a results file: its header and its games. A last line
// cut short (a match stopped while writing) is left out.
func readResults(name string) ([]result, string, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, "", err
	}
	text := string(data)
	if i := strings.LastIndexByte(text, '\n'); i < len(text)-1 {
		text = text[:i+1]
	}
	var rs []result
	header := ""
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "# match "):
			header = l
		case l == "" || strings.HasPrefix(l, "#") || l == columns:
		default:
			r, err := parseResult(l)
			if err != nil {
				return nil, "", err
			}
			rs = append(rs, r)
		}
	}
	return rs, header, nil
}

// run plays the games of the match that the results file in dir lacks,
// appending each as it ends, and returns all the results.
func run(c config, dir string, jobs int, log *os.File) ([]result, error) {
	name := filepath.Join(dir, "results.tsv")
	rs, header, err := readResults(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.WriteFile(name, []byte(c.header()+"\n"+columns+"\n"), 0o644); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	case header != c.header():
		return nil, fmt.Errorf("%s is a match of other settings:\n  %s\nnot\n  %s\n(another -o, or the same settings)", name, header, c.header())
	default:
		// Cut a last line written in part.
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if i := strings.LastIndexByte(string(data), '\n'); i < len(data)-1 {
			if err := os.Truncate(name, int64(i+1)); err != nil {
				return nil, err
			}
		}
	}
	done := map[int]bool{}
	for _, r := range rs {
		done[r.game] = true
	}
	var todo []int
	for g := range c.games {
		if !done[g] {
			todo = append(todo, g)
		}
	}
	if len(todo) == 0 {
		return rs, nil
	}
	// Both engines must start: a command that does not is no game lost.
	for _, cmd := range []string{c.a, c.b} {
		e, err := startEngine(cmd)
		if err != nil {
			return nil, fmt.Errorf("engine %q: %v", cmd, err)
		}
		e.Close()
	}
	masters, err := selfplay.MasterLines(c.variant, c.openings)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	opens := openings(c, (c.games+1)/2, masters)
	fmt.Fprintf(log, "match: %d games to play (%d done), %d openings (%.1fs)\n", len(todo), len(rs), len(opens), time.Since(start).Seconds())
	resF, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer resF.Close()
	pdnF, err := os.OpenFile(filepath.Join(dir, "games.pdn"), os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	defer pdnF.Close()

	var mu sync.Mutex
	var firstErr error
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{c: &c}
			defer w.close()
			for g := range next {
				r, game := w.play(g, opens[g/2])
				var b strings.Builder
				pw := pdn.NewWriter(&b)
				pw.Write(game)
				pw.Flush()
				mu.Lock()
				// The result first: the results file is the record; a game
				// cut between the two writes is missing from the PDN.
				_, err1 := resF.WriteString(r.line() + "\n")
				_, err2 := pdnF.WriteString(b.String() + "\n")
				if err := errors.Join(err1, err2); err != nil && firstErr == nil {
					firstErr = err
				}
				rs = append(rs, r)
				n := len(rs)
				mu.Unlock()
				fmt.Fprintf(log, "game %d (opening %d, A %s): %s %s, %d plies; %d/%d games, %.0fs\n",
					g+1, g/2, map[string]string{"A": "White", "B": "Black"}[r.white], r.result, r.reason, r.plies, n, c.games, time.Since(start).Seconds())
			}
		}()
	}
	for _, g := range todo {
		next <- g
	}
	close(next)
	wg.Wait()
	return rs, firstErr
}

// opening is a game's start position.
type opening struct {
	pos draughts.Position
}

// openings draws the n openings of the match (internal/selfplay; see the
// package documentation), in order.
func openings(c config, n int, masters [][]draughts.Position) []opening {
	d := selfplay.NewOpenings(c.variant, c.seed, c.random, masters)
	out := make([]opening, n)
	for k := range out {
		out[k] = opening{pos: d.Draw(k).Pos}
	}
	return out
}

// startEngine starts the engine of command line cmd (split at spaces) in
// its program's folder (Scan reads scan.ini and data/ from there), as
// analyze --engine runs one.
func startEngine(cmd string) (*hub.Client, error) {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return nil, fmt.Errorf("an engine's command line is empty")
	}
	path, err := exec.LookPath(f[0])
	if err == nil {
		path, err = filepath.Abs(path)
	}
	if err != nil {
		return nil, err
	}
	return hub.Start(path, f[1:], filepath.Dir(path))
}

// worker plays games one after another with its own two engines.
type worker struct {
	c   *config
	eng [2]*hub.Client // A, B; nil until started, or after a failure
}

func (w *worker) close() {
	for _, e := range w.eng {
		if e != nil {
			e.Close()
		}
	}
}

// engine returns engine i (0 A, 1 B), started if need be, set up for a
// new game.
func (w *worker) engine(i int) (*hub.Client, error) {
	if w.eng[i] == nil {
		e, err := startEngine([]string{w.c.a, w.c.b}[i])
		if err != nil {
			return nil, err
		}
		w.eng[i] = e
	}
	return w.eng[i], nil
}

// limits are the limits of every search of the match.
func (c *config) limits() hub.Limits {
	return hub.Limits{Depth: c.depth, Nodes: c.nodes, Time: time.Duration(c.time * float64(time.Second))}
}

// answerTime is how long an engine may take to answer a search.
func (c *config) answerTime() time.Duration {
	if c.time > 0 {
		return time.Duration(c.time*float64(time.Second))*10 + 10*time.Second
	}
	return 120 * time.Second
}

// ask sends a search of p to engine i and returns its move, or an error
// that loses the game (the engine is then ended).
func (w *worker) ask(i int, p *draughts.Position) (draughts.Move, error) {
	e := w.eng[i]
	// The limits after the position: Scan 2.0 resets them at "pos".
	cmds := append(append([]string{"pos " + hub.Position(p)}, w.c.limits().Commands(1)...), "go")
	if err := e.Send(cmds...); err != nil {
		return draughts.Move{}, w.fail(i, fmt.Errorf("engine ended: %v", err))
	}
	type answer struct {
		ls  []string
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		ls, err := e.Until("move ")
		ch <- answer{ls, err}
	}()
	var a answer
	select {
	case a = <-ch:
	case <-time.After(w.c.answerTime()):
		e.Kill()
		w.eng[i] = nil
		<-ch
		return draughts.Move{}, fmt.Errorf("no answer in %v", w.c.answerTime())
	}
	if a.err != nil {
		return draughts.Move{}, w.fail(i, fmt.Errorf("engine ended: %v", a.err))
	}
	for _, l := range a.ls {
		if strings.HasPrefix(l, "error") {
			return draughts.Move{}, w.fail(i, fmt.Errorf("engine error: %s", l))
		}
	}
	// "move M" or, from Scan 2.0, "move M PONDER": the first is the move.
	text := ""
	if f := strings.Fields(strings.TrimPrefix(a.ls[len(a.ls)-1], "move ")); len(f) > 0 {
		text = f[0]
	}
	m, err := hub.FindMove(p, text)
	if err != nil {
		return draughts.Move{}, w.fail(i, fmt.Errorf("illegal move %q", text))
	}
	return m, nil
}

// fail ends engine i, which broke the protocol, and returns err.
func (w *worker) fail(i int, err error) error {
	if w.eng[i] != nil {
		w.eng[i].Kill()
		w.eng[i] = nil
	}
	return err
}

// play plays game g from its opening and returns its result and record.
func (w *worker) play(g int, o opening) (result, *pdn.Game) {
	c := w.c
	v := c.variant
	r := result{game: g, opening: g / 2, white: "A"}
	// side[color] is the engine (0 A, 1 B) playing that colour.
	side := [2]int{0, 1}
	if g%2 == 1 {
		r.white, side = "B", [2]int{1, 0}
	}
	p := o.pos
	tr := draughts.NewTracker(&p)
	var moves []pdn.Move
	white := 0.5 // White's score
	forfeit := func(i int, err error) {
		r.reason = fmt.Sprintf("%s loses: %v", "AB"[i:i+1], err)
		white = 0
		if side[draughts.White] != i {
			white = 1
		}
	}
	for i := range 2 {
		e, err := w.engine(i)
		if err == nil {
			// The match speaks Hub 1, Scan 2.0's dialect, as damka hub does.
			err = e.Send(append([]string{"new"}, c.limits().Commands(1)...)...)
		}
		if err != nil {
			forfeit(i, w.fail(i, err))
			return w.finish(r, white, o, moves)
		}
	}
	for ply := 0; ; ply++ {
		if !v.HasMoves(&p) {
			r.reason = "no move for " + strings.ToLower(p.Side.String())
			white = 1
			if p.Side == draughts.White {
				white = 0
			}
			break
		}
		if ply >= c.maxPly {
			r.reason = fmt.Sprintf("adjudicated at %d plies", c.maxPly)
			break
		}
		i := side[p.Side]
		start := time.Now()
		m, err := w.ask(i, &p)
		r.ms[i] += int(time.Since(start).Milliseconds())
		if err != nil {
			forfeit(i, err)
			break
		}
		r.moves[i]++
		moves = append(moves, pdn.Move{Text: m.String()})
		before := p
		p.Make(&m)
		if d := tr.Push(&before, &m, &p); d != draughts.NoDraw {
			r.reason = "draw by rule: " + v.DrawText(d)
			break
		}
	}
	r.plies = len(moves)
	return w.finish(r, white, o, moves)
}

// finish fills in the result from White's score and writes the game.
func (w *worker) finish(r result, white float64, o opening, moves []pdn.Move) (result, *pdn.Game) {
	c := w.c
	r.result = map[float64]string{1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[white]
	r.scoreA = white
	if r.white == "B" {
		r.scoreA = 1 - white
	}
	if len(moves) > 0 {
		moves[0].Number = 1
		moves[0].Ellipsis = o.pos.Side == draughts.Black
	}
	names := [2]string{"A: " + c.a, "B: " + c.b}
	wn, bn := names[0], names[1]
	if r.white == "B" {
		wn, bn = bn, wn
	}
	limit := []string{}
	if c.time > 0 {
		limit = append(limit, fmt.Sprintf("%gs/move", c.time))
	}
	if c.nodes > 0 {
		limit = append(limit, fmt.Sprintf("%d nodes/move", c.nodes))
	}
	if c.depth > 0 {
		limit = append(limit, fmt.Sprintf("depth %d", c.depth))
	}
	game := &pdn.Game{
		Tags: []pdn.Tag{
			{Name: "Event", Value: "damka match, " + strings.Join(limit, ", ")},
			{Name: "Site", Value: "-"},
			{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
			{Name: "Round", Value: strconv.Itoa(r.game + 1)},
			{Name: "White", Value: wn},
			{Name: "Black", Value: bn},
			{Name: "Result", Value: r.result},
			{Name: "GameType", Value: strconv.Itoa(validate.GameTypeOf(c.variant))},
			{Name: "FEN", Value: o.pos.FEN()},
			{Name: "Termination", Value: r.reason},
		},
		Moves:      moves,
		Terminator: r.result,
	}
	return r, game
}

func usage(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "match: "+format+"\n", args...)
	os.Exit(2)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "match:", err)
	os.Exit(1)
}
