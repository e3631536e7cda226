package damkabeam

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/damka/damka/export"
	"github.com/damka/damka/pdn"
)

// TestEvalBinary: an analysis reads back from its binary form with every
// field of export.PlyEval, each set to a value of its own (a field added
// to PlyEval and not to appendEval fails here), and a cut form is an
// error, never a wrong analysis.
func TestEvalBinary(t *testing.T) {
	var e export.PlyEval
	v := reflect.ValueOf(&e).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Int, reflect.Int32, reflect.Int64:
			f.SetInt(int64(-(i + 1) * 1000003 % 70000))
			if v.Type().Field(i).Name == "Depth" || v.Type().Field(i).Name == "VerdictDepth" {
				f.SetInt(int64(i + 7))
			}
		case reflect.Uint64:
			f.SetUint(1<<40 + uint64(i))
		case reflect.String:
			f.SetString(v.Type().Field(i).Name + "-x")
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"32-28", "19x28", ""}))
		default:
			t.Fatalf("PlyEval.%s: a field of kind %s that the test does not fill", v.Type().Field(i).Name, f.Kind())
		}
	}
	b := appendEval(nil, &e)
	got, err := decodeEval(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&e, got) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, &e)
	}
	for n := range len(b) {
		if _, err := decodeEval(b[:n]); err == nil {
			t.Errorf("cut at %d of %d bytes: no error", n, len(b))
		}
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
