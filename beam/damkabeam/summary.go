package damkabeam

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/pipeline"
)

func init() {
	register.Function1x2[[]byte, int, []byte](keyBytes)
	register.Function1x2[message, int, message](keyMessage)
	register.Function1x2[analysisStats, int, analysisStats](keyStats)
	register.DoFn5x1[context.Context, int, func(*[]byte) bool, func(*message) bool, func(*analysisStats) bool, error](&summaryFn{})
	register.Iter1[message]()
	register.Iter1[analysisStats]()
}

// Summary is what a run read and found, as damka check reports it
// (Counts, the inputs that could not be read among them), what it said
// about the inputs, in input order, and the work of its analysis.
// OUT/summary.txt is its text, OUT/summary.json its JSON.
type Summary struct {
	Counts   pipeline.Counts
	Messages []string // "damka: x.pdn: no games in this file", as damka says them
	Depth    int
	// Plies analysed, distinct Positions and (position, move) Pairs
	// searched, the Nodes of those searches.
	Plies, Positions, Pairs int64
	Nodes                   uint64
	// With --engine: Engine names it (name; settings; fingerprint), and
	// the pairs it analysed, those damka's own search analysed because it
	// failed on them or its moves disagreed with damka's, and those of
	// the variants it does not play (OwnVariants, comma-separated).
	Engine                                              string `json:",omitempty"`
	EnginePairs, EngineFailed, EngineMismatch, OwnPairs int64  `json:",omitempty"`
	OwnVariants                                         string `json:",omitempty"`
}

// Text is the summary as damka check prints it (its messages, its
// counts), with a line on the analysis.
func (s *Summary) Text() string {
	var b strings.Builder
	for _, m := range s.Messages {
		b.WriteString(display.Text(m) + "\n")
	}
	s.Counts.Write(&b)
	if s.Depth > 0 {
		ratio := func(n int64) float64 {
			if s.Plies == 0 {
				return 0
			}
			return 100 * float64(n) / float64(s.Plies)
		}
		fmt.Fprintf(&b, "analysed %d plies at depth %d: %d distinct positions (%.1f%% of the plies), %d distinct positions and moves (%.1f%%) searched, %d nodes\n",
			s.Plies, s.Depth, s.Positions, ratio(s.Positions), s.Pairs, ratio(s.Pairs), s.Nodes)
	}
	if s.Engine != "" {
		fmt.Fprintf(&b, "engine %s: %d distinct positions and moves analysed by it\n", s.Engine, s.EnginePairs)
		if s.OwnPairs > 0 {
			fmt.Fprintf(&b, "the engine does not play %s: %d distinct positions and moves analysed by damka's own search\n", strings.ReplaceAll(s.OwnVariants, ",", ", "), s.OwnPairs)
		}
		if s.EngineMismatch > 0 {
			fmt.Fprintf(&b, "the engine's moves disagreed with damka's on %d distinct positions and moves, analysed by damka's own search\n", s.EngineMismatch)
		}
		if s.EngineFailed > 0 {
			fmt.Fprintf(&b, "the engine failed on %d distinct positions and moves, analysed by damka's own search\n", s.EngineFailed)
		}
	}
	return b.String()
}

// Exit is the exit status damka gives such a run: 2 when an input could
// not be read, 1 when a game has an error or could not be checked, else
// 0.
func (s *Summary) Exit() int { return s.Counts.ExitStatus() }

// ReadSummary reads the summary of a run from its output folder.
func ReadSummary(ctx context.Context, out string) (*Summary, error) {
	c := config{Out: strings.TrimSuffix(out, "/")}
	p := c.outPath("summary.json")
	fsys, err := filesystem.New(ctx, p)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	data, err := filesystem.Read(ctx, fsys, p)
	if err != nil {
		return nil, err
	}
	s := new(Summary)
	return s, json.Unmarshal(data, s)
}

func keyBytes(b []byte) (int, []byte)                { return 0, b }
func keyMessage(m message) (int, message)            { return 0, m }
func keyStats(st analysisStats) (int, analysisStats) { return 0, st }

// summaryFn merges the counts of the shards, the messages and the
// analysis' work into the summary, and writes it.
type summaryFn struct {
	Cfg config
}

func (fn *summaryFn) ProcessElement(ctx context.Context, _ int, counts func(*[]byte) bool, msgs func(*message) bool, stats func(*analysisStats) bool) error {
	s := Summary{Depth: fn.Cfg.Depth}
	var b []byte
	for counts(&b) {
		var c pipeline.Counts
		if err := json.Unmarshal(b, &c); err != nil {
			return err
		}
		s.Counts.Merge(&c)
	}
	var all []message
	var m message
	for msgs(&m) {
		all = append(all, m)
		if m.Error {
			s.Counts.InputErrors++
		}
	}
	slices.SortFunc(all, func(a, b message) int { return cmp.Or(cmp.Compare(a.Ordinal, b.Ordinal), cmp.Compare(a.Seq, b.Seq)) })
	for _, m := range all {
		s.Messages = append(s.Messages, "damka: "+m.Text)
	}
	var st analysisStats
	for stats(&st) {
		s.Plies += st.Plies
		s.Positions += st.Positions
		s.Pairs += st.Pairs
		s.Nodes += st.Nodes
		s.EnginePairs += st.EnginePairs
		s.EngineFailed += st.EngineFailed
		s.EngineMismatch += st.EngineMismatch
		s.OwnPairs += st.OwnPairs
		s.OwnVariants = mergeNames(s.OwnVariants, st.OwnVariants)
	}
	if c := &fn.Cfg; c.Engine.Enabled() {
		s.Engine = c.EngineName + "; " + c.EngineSettings
		if c.EngineFingerprint != "" {
			s.Engine += "; fingerprint " + c.EngineFingerprint
		}
	}
	data, err := json.MarshalIndent(&s, "", "  ")
	if err != nil {
		return err
	}
	if err := writeWhole(ctx, fn.Cfg.outPath("summary.txt"), []byte(s.Text())); err != nil {
		return err
	}
	return writeWhole(ctx, fn.Cfg.outPath("summary.json"), append(data, '\n'))
}

// writeWhole writes a small file.
func writeWhole(ctx context.Context, path string, data []byte) error {
	f, err := createFile(ctx, path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, bytes.NewReader(data)); err != nil {
		f.Finish()
		return err
	}
	return f.Finish()
}

// summarise writes the summary: the counts of the shards, the messages,
// the analysis' work, each with a first element that is empty, so that
// there is a summary whatever the input.
func summarise(s beam.Scope, cfg config, counts, msgs, stats beam.PCollection) {
	s = s.Scope("summary")
	zero, _ := json.Marshal(&pipeline.Counts{})
	counts = beam.Flatten(s, counts, beam.Create(s, zero))
	stats = beam.Flatten(s, stats, beam.Create(s, analysisStats{}))
	beam.ParDo0(s, &summaryFn{Cfg: cfg}, beam.CoGroupByKey(s,
		beam.ParDo(s, keyBytes, counts), beam.ParDo(s, keyMessage, msgs), beam.ParDo(s, keyStats, stats)))
}
