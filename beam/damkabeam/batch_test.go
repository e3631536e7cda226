package damkabeam

import (
	"reflect"
	"testing"

	"github.com/damka/damka/export"
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
