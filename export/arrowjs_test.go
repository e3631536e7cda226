package export

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
)

// The Arrow JS version the IPC test reads with.
const arrowJSVersion = "21.2.0"

// arrowJS returns a folder whose node_modules holds Arrow JS: the one
// $DAMKA_ARROWJS names, else one in the user's cache, installed with npm
// the first time. It skips the test when node or npm cannot be had, but
// fails it under CI, which must run it (.ci/run installs node and npm).
func arrowJS(t *testing.T) string {
	t.Helper()
	skip := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv("CI") != "" {
			t.Fatalf("%s (CI must run the Arrow JS test: .ci/run installs node and npm)", msg)
		}
		t.Skipf("%s: Arrow IPC not read by a second implementation", msg)
	}
	if _, err := exec.LookPath("node"); err != nil {
		skip("no node on PATH")
	}
	dir := os.Getenv("DAMKA_ARROWJS")
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			skip("no cache folder: %v", err)
		}
		dir = filepath.Join(cache, "damka", "arrowjs-"+arrowJSVersion)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "apache-arrow", "package.json")); err == nil {
		return dir
	}
	if _, err := exec.LookPath("npm"); err != nil {
		skip("no npm on PATH to install apache-arrow@%s", arrowJSVersion)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		skip("%v", err)
	}
	cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", dir, "apache-arrow@"+arrowJSVersion)
	if out, err := cmd.CombinedOutput(); err != nil {
		skip("npm install apache-arrow@%s: %v\n%s", arrowJSVersion, err, out)
	}
	return dir
}

// jsTable is a table as read_arrow.cjs prints it.
type jsTable struct {
	NumRows int              `json:"numRows"`
	Fields  []string         `json:"fields"`
	Rows    []map[string]any `json:"rows"`
}

// The Arrow IPC files damka writes by default (uncompressed) open in
// Arrow JS, a second implementation, with their types and values: the
// games of the test files, their moves with an analysis, the positions.
func TestArrowJSReadsIPC(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node: not with -short")
	}
	js := arrowJS(t)
	reports := readReports(t, append(corpusFiles, columnsFile)...)
	evals := fakeEvals(reports)
	rows := fakeRows(reports, evals)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	o := NewOpenings(DefaultOpeningsPlies)
	for i, r := range reports {
		o.Add(r, evals[i])
	}
	var pos strings.Builder
	if err := o.Write(&pos, ArrowFile, testMeta); err != nil {
		t.Fatal(err)
	}
	files := []string{
		write("games.arrow", writeGames(t, reports, ArrowFile)),
		write("moves.arrow", writeMoves(t, reports, evals, ArrowFile, WithRowGroupRows(4000))),
		write("positions.arrow", []byte(pos.String())),
		write("moves.arrows", writeMoves(t, reports[:3], nil, ArrowStream)),
	}
	cmd := exec.Command("node", append([]string{filepath.Join("testdata", "read_arrow.cjs"), js}, files...)...)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node: %v\n%s", err, stderr)
	}
	var tables map[string]jsTable
	if err := json.Unmarshal(out, &tables); err != nil {
		t.Fatal(err)
	}

	// Types as Arrow JS names them.
	for name, want := range map[string][]string{
		"games.arrow": {"game_key:Utf8", "white_elo:Int16", "utc_date:Date32<DAY>", "utc_time:Time32<SECOND>", "white_score:Float64",
			"tags:List<Struct<{name:Utf8, value:Utf8}>>", "movetext:Utf8"},
		"moves.arrow":     {"hash_before:Int64", "fen_after:Utf8", "nags:List<Int32>", "mate_before:Int32", "nodes:Int64", "path:List<Utf8>"},
		"positions.arrow": {"hash:Int64", "score:Float64"},
	} {
		for _, f := range want {
			if !strings.Contains(strings.Join(tables[name].Fields, " "), f) {
				t.Errorf("%s: no field %s in %v", name, f, tables[name].Fields)
			}
		}
	}

	games := tables["games.arrow"]
	if games.NumRows != len(reports) || len(games.Rows) != len(reports) {
		t.Fatalf("games: %d rows, want %d", games.NumRows, len(reports))
	}
	num := func(v any) (float64, bool) {
		f, ok := v.(float64)
		return f, ok
	}
	for i, r := range reports {
		row := games.Rows[i]
		p := PrepareGame(r, nil)
		g := p.game
		where := fmt.Sprintf("game %d", i+1)
		if row["game_id"] != GameID(r.Game) || row["game_key"] != GameKey(r) || row["movetext"] != Movetext(r) {
			t.Errorf("%s: %v %v %q", where, row["game_id"], row["game_key"], row["movetext"])
		}
		if elo, ok := num(row["white_elo"]); ok != g.whiteElo.ok || ok && int16(elo) != g.whiteElo.v {
			t.Errorf("%s: white_elo %v", where, row["white_elo"])
		}
		if secs, ok := num(row["utc_time"]); ok != g.hasUTCTime || ok && int32(secs) != int32(g.utcTime) {
			t.Errorf("%s: utc_time %v", where, row["utc_time"])
		}
		// Date32 as Arrow JS gives it: milliseconds since the epoch.
		if ms, ok := num(row["utc_date"]); ok != g.hasUTCDate || ok && int64(ms) != int64(g.utcDate)*86400000 {
			t.Errorf("%s: utc_date %v", where, row["utc_date"])
		}
		if s, ok := num(row["white_score"]); ok == (r.Result == "*") || ok && s != g.whiteScore {
			t.Errorf("%s: white_score %v for %s", where, row["white_score"], r.Result)
		}
		if op, _ := row["opening_name"].(string); op != g.openingName {
			t.Errorf("%s: opening_name %v, want %q", where, row["opening_name"], g.openingName)
		}
	}

	moves := tables["moves.arrow"]
	if moves.NumRows != countPlies(reports) {
		t.Fatalf("moves: %d rows, want %d", moves.NumRows, countPlies(reports))
	}
	k := 0
	for i, r := range reports {
		for j := range r.Plies {
			pl := &r.Plies[j]
			row := moves.Rows[k]
			k++
			after := pl.After()
			if row["hash_before"] != strconv.FormatInt(int64(pl.Before.Hash()), 10) || row["hash_after"] != strconv.FormatInt(int64(after.Hash()), 10) ||
				row["fen_after"] != after.FEN() || row["move"] != pl.Move.String() {
				t.Fatalf("move %d: %v %v %v %v", k, row["hash_before"], row["hash_after"], row["fen_after"], row["move"])
			}
			e := rows[i][j]
			switch {
			case e == nil:
				if row["depth"] != nil || row["eval_before"] != nil || row["mate_before"] != nil {
					t.Fatalf("move %d: not analysed, yet %v %v", k, row["depth"], row["eval_before"])
				}
			case e.MateBefore != 0:
				if m, _ := num(row["mate_before"]); row["eval_before"] != nil || int32(m) != e.MateBefore {
					t.Fatalf("move %d: eval %v mate %v, want mate %d", k, row["eval_before"], row["mate_before"], e.MateBefore)
				}
			default:
				if v, _ := num(row["eval_before"]); row["mate_before"] != nil || int32(v) != e.EvalBefore || row["nodes"] != strconv.FormatUint(e.Nodes, 10) {
					t.Fatalf("move %d: eval %v mate %v nodes %v", k, row["eval_before"], row["mate_before"], row["nodes"])
				}
			}
		}
	}
	// The annotations of the first game of columns.pdn.
	first := len(reports) - 6
	start := 0
	for _, r := range reports[:first] {
		start += len(r.Plies)
	}
	if row := moves.Rows[start+3]; row["strength"] != "?!" || fmt.Sprint(row["nags"]) != "[6 13]" || row["comment"] != nil {
		t.Errorf("annotations: %v %v %v", row["strength"], row["nags"], row["comment"])
	}
	if row := moves.Rows[start]; row["comment"] != "a comment" || fmt.Sprint(row["nags"]) != "[]" {
		t.Errorf("annotations: %v %v", row["comment"], row["nags"])
	}

	positions := tables["positions.arrow"]
	if positions.NumRows != o.Len() {
		t.Errorf("positions: %d rows, want %d", positions.NumRows, o.Len())
	}
	found := false
	start0 := draughts.Start(draughts.Russian)
	for _, row := range positions.Rows {
		if row["fen"] == draughts.StartFEN && row["move"] == "c3-d4" {
			found = row["hash"] == strconv.FormatInt(int64(start0.Hash()), 10)
		}
	}
	if !found {
		t.Error("positions: no c3-d4 from the start with its hash")
	}
	if n := tables["moves.arrows"].NumRows; n != countPlies(reports[:3]) {
		t.Errorf("stream: %d rows", n)
	}
}
