package hub

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// ServerOptions set up Serve.
type ServerOptions struct {
	Name string // the engine's name ("damka v1.2")
	// Variant is the rules of the positions; NoVariant: read from each
	// position's length (VariantOf), or named by Hub version 2's
	// "set-param name=variant value=...".
	Variant draughts.Variant
	TTSize  int // MiB of transposition table (0: analyze's default)
	// The limits of a search until the dialogue sets others (depth,
	// nodes, movetime, time, level). Depth 0 is analyze.MaxDepth under a node or
	// time limit, analyze.DefaultDepth without.
	Depth int
	Nodes uint64
	Time  time.Duration
}

// server is the state of one dialogue.
type server struct {
	o        ServerOptions
	w        *bufio.Writer
	v        draughts.Variant
	p        draughts.Position
	havePos  bool
	searcher *analyze.Searcher
	opts     analyze.Options // searcher's, as asked for
}

// Serve makes damka's search an engine speaking the protocol on r and w
// (see the package documentation) until "quit" or the end of r. Every
// search is analyze's Search, from a fresh state: its answer is a function
// of the position and the limits (and, under a time limit, of the
// machine's speed), never of the searches before. There is no "stop": a
// search ends by its limits.
func Serve(r io.Reader, w io.Writer, o ServerOptions) error {
	s := &server{o: o, w: bufio.NewWriter(w), v: o.Variant}
	if s.v != draughts.NoVariant {
		s.p, s.havePos = draughts.Start(s.v), true
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if f[0] == "quit" {
			break
		}
		s.command(f[0], f[1:])
		if err := s.w.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}

func (s *server) say(format string, args ...any) {
	fmt.Fprintf(s.w, format+"\n", args...)
}

// args reads Hub version 2's arguments name=value (values quoted when
// they hold spaces; a flag without "=" has the empty value).
func args(f []string) map[string]string {
	line := strings.Join(f, " ")
	out := map[string]string{}
	for {
		line = strings.TrimLeft(line, " ")
		if line == "" {
			return out
		}
		i := strings.IndexAny(line, "= ")
		if i < 0 {
			out[line] = ""
			return out
		}
		k := line[:i]
		if line[i] == ' ' {
			out[k], line = "", line[i:]
			continue
		}
		rest := line[i+1:]
		if q, ok := strings.CutPrefix(rest, `"`); ok {
			val, after, _ := strings.Cut(q, `"`)
			out[k], line = val, after
		} else {
			val, after, _ := strings.Cut(rest, " ")
			out[k], line = val, after
		}
	}
}

func (s *server) command(cmd string, f []string) {
	switch cmd {
	case "hub":
		s.say("id name=damka version=%q", strings.TrimPrefix(s.o.Name, "damka "))
		s.say("name %s", s.o.Name)
		s.say("wait")
	case "init":
		s.say("ready")
	case "ping":
		s.say("pong")
	case "new", "new-game":
		// Every search starts from a fresh state already.
	case "set-param":
		a := args(f)
		if a["name"] == "variant" {
			v, err := draughts.VariantByName(a["value"])
			if err != nil {
				s.say("error %v", err)
				return
			}
			s.v, s.p, s.havePos = v, draughts.Start(v), true
		}
	case "pos":
		if len(f) == 0 {
			s.say("error pos: no position")
			return
		}
		text, moves := f[0], ""
		if strings.Contains(strings.Join(f, " "), "=") {
			a := args(f)
			text, moves = a["pos"], a["moves"]
		}
		v := s.v
		if v == draughts.NoVariant {
			var ok bool
			if v, ok = VariantOf(text); !ok {
				s.say("error bad position %s: name the variant", text)
				return
			}
		}
		p, err := ParsePosition(v, text)
		if err != nil {
			s.say("error bad position: %v", err)
			return
		}
		s.p, s.havePos = p, true
		for _, m := range strings.Fields(moves) {
			if !s.play(m) {
				return
			}
		}
	case "move":
		if len(f) == 0 || !s.havePos {
			s.say("error move: no move or no position")
			return
		}
		s.play(f[0])
	case "moves":
		if !s.havePos {
			s.say("error moves: no position")
			return
		}
		var out []string
		for _, m := range s.p.Variant().Moves(&s.p, nil) {
			out = append(out, Move(&m))
		}
		s.say("moves %s", strings.Join(out, " "))
	case "depth", "nodes", "movetime", "time":
		if len(f) == 0 {
			s.say("error %s: no value", cmd)
			return
		}
		if !s.limit(cmd, f[0]) {
			return
		}
	case "level":
		a := args(f)
		o := s.o
		s.o.Depth, s.o.Nodes, s.o.Time = 0, 0, 0
		for k, val := range a {
			switch k {
			case "depth", "nodes":
			case "move-time":
				k = "movetime"
			default:
				continue
			}
			if !s.limit(k, val) {
				s.o = o
				return
			}
		}
	case "analyse", "analyze", "go":
		s.search()
	}
}

// limit sets one limit of the searches.
func (s *server) limit(name, val string) bool {
	switch name {
	case "depth":
		d, err := strconv.Atoi(val)
		if err != nil || d < 0 {
			s.say("error depth %q", val)
			return false
		}
		s.o.Depth = min(d, analyze.MaxDepth)
	case "nodes":
		n, err := strconv.ParseUint(val, 10, 64)
		if err != nil {
			s.say("error nodes %q", val)
			return false
		}
		s.o.Nodes = n
	case "movetime", "time": // seconds; Scan 2.0's time: milliseconds
		t, err := strconv.ParseFloat(val, 64)
		if err != nil || t < 0 {
			s.say("error %s %q", name, val)
			return false
		}
		if name == "time" {
			t /= 1000
		}
		s.o.Time = time.Duration(t * float64(time.Second))
	}
	return true
}

// play plays a move of the protocol on the position.
func (s *server) play(text string) bool {
	m, err := FindMove(&s.p, text)
	if err != nil {
		s.say("error %v", err)
		return false
	}
	s.p.Make(&m)
	return true
}

// search searches the position within the limits and answers the info
// line and the move.
func (s *server) search() {
	if !s.havePos {
		s.say("error no position")
		s.say("move none")
		return
	}
	v := s.p.Variant()
	if !v.HasMoves(&s.p) {
		s.say("error no legal move")
		s.say("move none")
		return
	}
	opts := analyze.Options{Depth: s.o.Depth, TTSize: s.o.TTSize, Nodes: s.o.Nodes, Time: s.o.Time, Verify: -1}
	if opts.Depth == 0 && (opts.Nodes > 0 || opts.Time > 0) {
		opts.Depth = analyze.MaxDepth
	}
	// One Searcher, kept while the limits stay (its table is allocated
	// once; every search resets it).
	sr := s.searcher
	if sr == nil || sr.Variant() != v || s.opts != opts {
		sr = analyze.NewSearcher(v, opts)
		s.searcher, s.opts = sr, opts
	}
	start := time.Now()
	r := sr.Search(&s.p)
	el := time.Since(start).Seconds()
	var pv []string
	for i := range r.PV {
		pv = append(pv, Move(&r.PV[i]))
	}
	speed := 0.0
	if el > 0 {
		speed = float64(r.Nodes) / el / 1e6
	}
	s.say("info %d %.1f %d %d %.3f %.1f %s", r.Depth, float64(r.Depth), FromScore(r.Score), r.Nodes, el, speed, strings.Join(pv, " "))
	s.say("move %s", Move(&r.Best))
}
