package damkabeam

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
)

// TestEvalBinary: an analysis reads back from its binary form with every
// field of analyze.PlyAnalysis, each set to a value of its own (a field
// added to PlyAnalysis and not to appendEval fails here), its moves
// those of a search; a cut form is an error, never a wrong analysis, and
// so is a move that is not one of the position.
func TestEvalBinary(t *testing.T) {
	before := draughts.Start(draughts.Russian)
	moves := draughts.Russian.Moves(&before, nil)
	e := analyze.NewSearcher(draughts.Russian, analyze.Options{Depth: 4, TTSize: 1}).AnalyzePly(&before, &moves[0])
	if !e.HasBest() || len(e.BestPV) < 2 {
		t.Fatalf("the search gave best %s, a line of %d moves", e.Best, len(e.BestPV))
	}
	v := reflect.ValueOf(&e).Elem()
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		switch {
		case name == "Best" || name == "BestPV":
			// The search's.
		case name == "Depth" || name == "VerdictDepth":
			f.SetInt(int64(i + 7))
		case f.CanInt():
			f.SetInt(int64(-(i + 1) * 1000003 % 70000))
			if f.Kind() == reflect.Int8 {
				f.SetInt(int64(-i))
			}
		case f.Kind() == reflect.Uint64:
			f.SetUint(1<<40 + uint64(i))
		case f.Kind() == reflect.String:
			f.SetString(name + "-x")
		case f.Kind() == reflect.Bool:
			f.SetBool(true)
		default:
			t.Fatalf("PlyAnalysis.%s: a field of kind %s that the test does not fill", name, f.Kind())
		}
	}
	b := appendEval(nil, &e)
	got, err := decodeEval(b, &before)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(e, got) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, e)
	}
	for n := range len(b) {
		if _, err := decodeEval(b[:n], &before); err == nil {
			t.Errorf("cut at %d of %d bytes: no error", n, len(b))
		}
	}
	other := before.Play(&moves[0])
	if _, err := decodeEval(b, &other); err == nil {
		t.Error("an analysis read against another position: no error")
	}

	// Batches of tasks and of analyses.
	tasks := []plyTask{{Key: "russian|W:Wa1:Bh8", Move: "a1-b2", Rank: 7, Ply: 3}, {Key: "k", Move: "", Rank: 1 << 40, Ply: 0}}
	var tb []byte
	for i := range tasks {
		tb = appendTask(tb, &tasks[i])
	}
	for i, rest := 0, tb; len(rest) > 0; i++ {
		var task plyTask
		if rest, err = readTask(rest, &task); err != nil || task != tasks[i] {
			t.Fatalf("task %d: %+v, %v", i, task, err)
		}
	}
	eb := appendEvalRec(nil, &evalRec{Rank: 12, Ply: 40, Eval: b})
	var rec evalRec
	if rest, err := readEvalRec(eb, &rec); err != nil || len(rest) != 0 || rec.Rank != 12 || rec.Ply != 40 || string(rec.Eval) != string(b) {
		t.Errorf("evalRec: %+v, %d bytes left, %v", rec, len(rest), err)
	}
	if _, err := readEvalRec(eb[:len(eb)-1], &rec); err == nil {
		t.Error("a cut evalRec: no error")
	}
}

// TestTasksBatched: the plies of a bundle's games go out as one element
// per bucket (and per maxBatch bytes), not one per ply, and every ply is
// in them once (issue 44, item 3: an element per ply was most of the
// memory of a run on Prism).
func TestTasksBatched(t *testing.T) {
	cfg, err := Options{Inputs: []string{"x"}, Out: t.TempDir(), Depth: 1, Buckets: 8}.config(0)
	if err != nil {
		t.Fatal(err)
	}
	game := "[GameType \"25\"]\n\n1. c3-d4 f6-g5 2. g3-f4 g7-f6 3. b2-c3 h8-g7 4. a1-b2 b6-a5 *\n"
	g, err := pdn.NewReader(strings.NewReader(game), "t.pdn").Next()
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	fn := &tasksFn{Cfg: cfg}
	fn.Setup()
	elements, plies := 0, 0
	seen := map[[2]int64]bool{}
	emit := func(bucket int, b []byte) {
		elements++
		for len(b) > 0 {
			var task plyTask
			if b, err = readTask(b, &task); err != nil {
				t.Fatal(err)
			}
			if bucketOf(task.Key, cfg.Buckets) != bucket || seen[[2]int64{task.Rank, int64(task.Ply)}] {
				t.Fatalf("task %+v in bucket %d, or twice", task, bucket)
			}
			seen[[2]int64{task.Rank, int64(task.Ply)}] = true
			plies++
		}
	}
	fn.StartBundle(context.Background(), emit)
	const games = 50
	for rank := range games {
		if err := fn.ProcessElement(context.Background(), 0, rankedGame{Rank: int64(rank), Data: data}, emit); err != nil {
			t.Fatal(err)
		}
	}
	fn.FinishBundle(context.Background(), emit)
	if plies != games*8 {
		t.Errorf("%d plies in the batches, want %d", plies, games*8)
	}
	if elements > cfg.Buckets {
		t.Errorf("%d elements for %d plies in %d buckets: not batched", elements, plies, cfg.Buckets)
	}
}
