//go:build duckdb

// These tests read the files back with an independent reader, DuckDB
// (through cgo), so they sit behind the duckdb build tag: plain go test
// needs no C toolchain. Run them with go test -tags duckdb ./export/.

package export

import (
	"database/sql"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/openings"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// duckFiles writes the three tables of reports to a temporary directory
// as Parquet and returns it with a DuckDB connection whose working
// directory is there (queries name the files as users do).
func duckFiles(t *testing.T, reports []*validate.Report, evals []*analyze.GameAnalysis, opts ...Option) (*sql.DB, string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("games.parquet", writeGames(t, reports, Parquet, opts...))
	write("moves.parquet", writeMoves(t, reports, evals, Parquet, opts...))
	o := NewOpenings(DefaultOpeningsPlies)
	for i, r := range reports {
		var e *analyze.GameAnalysis
		if evals != nil {
			e = evals[i]
		}
		o.Add(r, e)
	}
	f, err := os.Create(filepath.Join(dir, "positions.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Write(f, Parquet, testMeta, opts...); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // one connection: SET file_search_path holds for every query
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(fmt.Sprintf("SET file_search_path = '%s'", dir)); err != nil {
		t.Fatal(err)
	}
	return db, dir
}

func queryInt(t *testing.T, db *sql.DB, q string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func TestDuckDBRowsAndTypes(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	db, _ := duckFiles(t, reports, nil)

	if n := queryInt(t, db, `SELECT count(*) FROM 'games.parquet'`); n != int64(len(reports)) {
		t.Errorf("games: %d rows, want %d", n, len(reports))
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet'`); n != int64(countPlies(reports)) {
		t.Errorf("moves: %d rows, want %d", n, countPlies(reports))
	}
	// Per game, the moves table has plies_replayed rows.
	if n := queryInt(t, db, `SELECT count(*) FROM 'games.parquet' g
		LEFT JOIN (SELECT game_id, count(*) AS n FROM 'moves.parquet' GROUP BY game_id) m USING (game_id)
		WHERE coalesce(m.n, 0) <> g.plies_replayed`); n != 0 {
		t.Errorf("%d games whose moves rows differ from plies_replayed", n)
	}
	if n := queryInt(t, db, `SELECT count(DISTINCT game_id) FROM 'games.parquet'`); n != int64(len(reports)) {
		t.Errorf("%d distinct game ids for %d games", n, len(reports))
	}

	types := map[string]map[string]string{
		"games.parquet": {
			"game_id": "VARCHAR", "game_index": "INTEGER", "date_parsed": "DATE", "year": "INTEGER",
			"variant_inferred": "BOOLEAN", "tags": "STRUCT(\"name\" VARCHAR, \"value\" VARCHAR)[]",
			"findings": "STRUCT(kind VARCHAR, severity VARCHAR, ply INTEGER, \"move\" VARCHAR, line INTEGER, \"column\" INTEGER, message VARCHAR)[]",
			"status":   "VARCHAR", "plies_replayed": "INTEGER", "opening_name": "VARCHAR",
		},
		"moves.parquet": {
			"ply": "INTEGER", "from": "VARCHAR", "path": "VARCHAR[]", "captured": "VARCHAR[]",
			"is_capture": "BOOLEAN", "hash_before": "BIGINT", "hash_after": "BIGINT",
			"eval_before": "INTEGER", "best_pv": "VARCHAR[]", "nodes": "BIGINT", "class": "VARCHAR",
			"verdict_depth": "INTEGER",
		},
		"positions.parquet": {
			"hash": "BIGINT", "games": "BIGINT", "score": "DOUBLE", "avg_eval": "DOUBLE", "min_ply": "INTEGER",
			"opening_name": "VARCHAR",
		},
	}
	for file, want := range types {
		rows, err := db.Query(fmt.Sprintf(`DESCRIBE SELECT * FROM '%s'`, file))
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		got := map[string]string{}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			got[fmt.Sprint(vals[0])] = fmt.Sprint(vals[1])
		}
		rows.Close()
		for col, typ := range want {
			if got[col] != typ {
				t.Errorf("%s: %s is %q, want %q", file, col, got[col], typ)
			}
		}
	}
}

func TestDuckDBValues(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	db, _ := duckFiles(t, reports, nil)

	// A few moves against the replay, hashes included.
	for _, k := range []int{0, 150, 208, 250} {
		r := reports[k]
		if len(r.Plies) < 3 {
			continue
		}
		pl := &r.Plies[2]
		after := pl.After()
		var move, fen, side string
		var hb, ha int64
		var path string
		err := db.QueryRow(`SELECT move, fen_before, side, hash_before, hash_after, array_to_string(path, ' ')
			FROM 'moves.parquet' WHERE game_id = ? AND ply = 3`, GameID(r.Game)).Scan(&move, &fen, &side, &hb, &ha, &path)
		if err != nil {
			t.Fatal(err)
		}
		var sq []string
		for _, s := range pl.Move.Path() {
			sq = append(sq, r.Variant.SquareName(s))
		}
		if move != pl.Move.String() || fen != pl.Before.FEN() || side != pl.Side.String() ||
			uint64(hb) != pl.Before.Hash() || uint64(ha) != after.Hash() || path != strings.Join(sq, " ") {
			t.Errorf("game %d ply 3: %s %s %s %x %x %q", k, move, fen, side, hb, ha, path)
		}
	}

	// The first game of the USSR championship file.
	var white, date, status, result, encoding string
	var year int
	var parsed sql.NullTime
	err := db.QueryRow(`SELECT white, date, date_parsed, year, status, result, encoding FROM 'games.parquet'
		WHERE source_file LIKE '%ussr1947.pdn' AND game_index = 1`).Scan(&white, &date, &parsed, &year, &status, &result, &encoding)
	if err != nil {
		t.Fatal(err)
	}
	g := reports[0].Game
	if white != g.White() || date != g.Date() || year != 1950 || parsed.Valid || status != "warnings" || result != reports[0].Result || encoding != g.Encoding {
		t.Errorf("game 1: %q %q %v %d %s %s %s", white, date, parsed, year, status, result, encoding)
	}
	// A parsed date.
	if n := queryInt(t, db, `SELECT count(*) FROM 'games.parquet' WHERE date_parsed = DATE '1987-01-01'`); n != 8 {
		t.Errorf("%d games of 1.1.1987, want 8", n)
	}

	// Findings of the hand-made games, by kind, against the reports.
	want := map[string]int64{}
	for _, r := range reports {
		for _, f := range r.Findings {
			want[string(f.Kind)]++
		}
	}
	rows, err := db.Query(`SELECT f.kind, count(*) FROM (SELECT unnest(findings) AS f FROM 'games.parquet') GROUP BY ALL`)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for rows.Next() {
		var k string
		var n int64
		if err := rows.Scan(&k, &n); err != nil {
			t.Fatal(err)
		}
		got[k] = n
	}
	rows.Close()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("findings by kind: %v, want %v", got, want)
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' WHERE capture_was_compulsory AND NOT is_capture`); n < 1 {
		t.Errorf("no missed capture in the moves table")
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'games.parquet', unnest(tags) AS t(tag) WHERE tag.name = 'Event'`); n < 300 {
		t.Errorf("%d Event tags", n)
	}
}

func TestDuckDBLayout(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	const group = 2000
	db, _ := duckFiles(t, reports, nil, WithRowGroupRows(group))
	plies := int64(countPlies(reports))

	rows, err := db.Query(`SELECT row_group_id, any_value(row_group_num_rows), list(DISTINCT compression)::VARCHAR
		FROM parquet_metadata('moves.parquet') GROUP BY row_group_id ORDER BY row_group_id`)
	if err != nil {
		t.Fatal(err)
	}
	var groups, total int64
	for rows.Next() {
		var id, n int64
		var codecs string
		if err := rows.Scan(&id, &n, &codecs); err != nil {
			t.Fatal(err)
		}
		if codecs != "[ZSTD]" {
			t.Errorf("row group %d: compression %s", id, codecs)
		}
		if id != groups || (n != group && (id+1)*group < plies) {
			t.Errorf("row group %d: %d rows", id, n)
		}
		groups++
		total += n
	}
	rows.Close()
	if want := (plies + group - 1) / group; groups != want || total != plies {
		t.Errorf("%d row groups, %d rows; want %d, %d", groups, total, want, plies)
	}
	// Dictionary pages for repeated strings, none for FENs.
	for col, want := range map[string]bool{"side": true, "game_id": true, "move_written": true, "fen_before": false} {
		n := queryInt(t, db, `SELECT count(*) FROM parquet_metadata('moves.parquet')
			WHERE path_in_schema = ? AND dictionary_page_offset IS NOT NULL`, col)
		if (n == groups) != want || (n == 0) == want {
			t.Errorf("%s: %d of %d row groups with a dictionary", col, n, groups)
		}
	}
	// Statistics where they can prune a row group, not on FENs or hashes.
	if n := queryInt(t, db, `SELECT count(*) FROM parquet_metadata('moves.parquet')
		WHERE path_in_schema = 'ply' AND stats_min_value IS NOT NULL`); n != groups {
		t.Errorf("ply: statistics in %d of %d row groups", n, groups)
	}
	if n := queryInt(t, db, `SELECT count(*) FROM parquet_metadata('moves.parquet')
		WHERE path_in_schema IN ('fen_before', 'hash_before') AND stats_min_value IS NOT NULL`); n != 0 {
		t.Errorf("fen_before, hash_before: statistics in %d row groups", n)
	}
	// Key/value metadata.
	kv := map[string]string{}
	rows, err = db.Query(`SELECT decode(key), decode(value) FROM parquet_kv_metadata('moves.parquet')`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		kv[k] = v
	}
	rows.Close()
	for k, want := range map[string]string{KeyVersion: "test", KeyVariant: "auto", KeyCommand: "export testdata", KeyDepth: "0", KeyTable: "moves"} {
		if kv[k] != want {
			t.Errorf("metadata %s = %q, want %q", k, kv[k], want)
		}
	}
	if kv["ARROW:schema"] == "" {
		t.Error("no ARROW:schema")
	}
}

// The explorer statistics per named opening of docs/datasets.md: games, White's
// wins, draws, Black's wins and White's score, from games.opening_name.
func TestDuckDBNamedOpenings(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	db, _ := duckFiles(t, reports, nil)
	type stat struct {
		games, white, draws, black int64
		score, scored              float64
	}
	want := map[string]*stat{}
	for _, r := range reports {
		name := openings.Name(r)
		if name == "" {
			continue
		}
		if want[name] == nil {
			want[name] = &stat{}
		}
		s := want[name]
		s.games++
		switch r.Result {
		case "2-0":
			s.white++
		case "1-1":
			s.draws++
		case "0-2":
			s.black++
		}
		if ws := whiteScore(r.Result); !math.IsNaN(ws) {
			s.score += ws
			s.scored++
		}
	}
	if len(want) == 0 {
		t.Fatal("no named game in the corpus")
	}
	rows, err := db.Query(`SELECT opening_name, count(*) AS games,
		count_if(result = '2-0') AS white, count_if(result = '1-1') AS draws, count_if(result = '0-2') AS black,
		round(avg(white_score), 3) AS white_score
		FROM 'games.parquet' WHERE opening_name IS NOT NULL
		GROUP BY opening_name ORDER BY games DESC, opening_name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var name string
		var games, white, draws, black int64
		var score sql.NullFloat64
		if err := rows.Scan(&name, &games, &white, &draws, &black, &score); err != nil {
			t.Fatal(err)
		}
		n++
		s := want[name]
		if s == nil || s.games != games || s.white != white || s.draws != draws || s.black != black ||
			s.scored > 0 && math.Abs(math.Round(s.score/s.scored*1000)/1000-score.Float64) > 1e-9 {
			t.Errorf("%s: %d games %d/%d/%d %v; want %+v", name, games, white, draws, black, score, s)
		}
	}
	if n != len(want) {
		t.Errorf("%d names, want %d", n, len(want))
	}
}

// The opening explorer query of docs/datasets.md: the moves from the start
// position, most played first, with the mover's score.
func TestDuckDBOpeningQuery(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	db, _ := duckFiles(t, reports, nil)
	type stat struct{ games, white, draws, black int64 }
	want := map[string]*stat{}
	for _, r := range reports {
		if r.Variant != draughts.Russian || len(r.Plies) == 0 || r.Plies[0].Before.FEN() != draughts.StartFEN {
			continue
		}
		m := r.Plies[0].Move.String()
		if want[m] == nil {
			want[m] = &stat{}
		}
		s := want[m]
		s.games++
		switch r.Result {
		case "2-0":
			s.white++
		case "1-1":
			s.draws++
		case "0-2":
			s.black++
		}
	}
	rows, err := db.Query(`SELECT move, games, score FROM 'positions.parquet' WHERE fen = ? ORDER BY games DESC, move`, draughts.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n, last := 0, int64(math.MaxInt64)
	for rows.Next() {
		var move string
		var games int64
		var score sql.NullFloat64
		if err := rows.Scan(&move, &games, &score); err != nil {
			t.Fatal(err)
		}
		n++
		s := want[move]
		if s == nil || s.games != games || games > last {
			t.Errorf("%s: %d games, want %+v", move, games, s)
			continue
		}
		last = games
		if d := s.white + s.draws + s.black; d > 0 {
			if w := (float64(s.white) + float64(s.draws)/2) / float64(d); !score.Valid || math.Abs(score.Float64-w) > 1e-12 {
				t.Errorf("%s: score %v, want %v", move, score, w)
			}
		} else if score.Valid {
			t.Errorf("%s: score %v with no result", move, score)
		}
	}
	if n != len(want) || n < 3 {
		t.Errorf("%d first moves, want %d", n, len(want))
	}
}

// The snippets of docs/datasets.md run as written, on analysed data.
func TestDuckDBDocsQueries(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	evals := fakeEvals(reports)
	plyRows := fakeRows(reports, evals)
	db, _ := duckFiles(t, reports, evals)
	nulls, analysed := 0, 0
	for i := range reports {
		for _, e := range plyRows[i] {
			if e == nil {
				nulls++
			} else {
				analysed++
			}
		}
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' WHERE best_pv IS NULL AND eval_before IS NULL AND class IS NULL AND verdict_depth IS NULL`); n != int64(nulls) {
		t.Errorf("%d rows not analysed, want %d", n, nulls)
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' WHERE len(best_pv) = 1 AND best_pv[1] = best_move
		AND (eval_before_white = CASE side WHEN 'white' THEN eval_before ELSE -eval_before END OR mate_before IS NOT NULL)`); n != int64(analysed) {
		t.Errorf("%d analysed rows read back, want %d", n, analysed)
	}
	var player string
	if err := db.QueryRow(`SELECT white FROM 'games.parquet' WHERE white IS NOT NULL LIMIT 1`).Scan(&player); err != nil {
		t.Fatal(err)
	}
	want := int64(0)
	for i, r := range reports {
		for j, pl := range r.Plies {
			e := plyRows[i][j]
			if e == nil || e.Class != "blunder" {
				continue
			}
			if (pl.Side == draughts.White && r.Game.White() == player) || (pl.Side == draughts.Black && r.Game.Black() == player) {
				want++
			}
		}
	}
	rows, err := db.Query(`
SELECT g.white, g.black, g.date, m.move_number, m.side, m.move, m.best_move, m.loss
FROM 'moves.parquet' m JOIN 'games.parquet' g USING (game_id)
WHERE m.class = 'blunder'
  AND ((m.side = 'white' AND g.white = $1) OR (m.side = 'black' AND g.black = $1))
ORDER BY m.loss DESC`, player)
	if err != nil {
		t.Fatal(err)
	}
	got := int64(0)
	for rows.Next() {
		got++
	}
	rows.Close()
	if got != want || want == 0 {
		t.Errorf("blunders of %s: %d rows, want %d", player, got, want)
	}
	if n := queryInt(t, db, `
SELECT count(*) FROM (
  SELECT move, sum(games) AS games, sum(white_wins + draws / 2) / sum(white_wins + draws + black_wins) AS score
  FROM 'positions.parquet'
  WHERE min_ply = 1 AND variant = 'russian'
  GROUP BY move ORDER BY games DESC)`); n < 3 {
		t.Errorf("first moves: %d", n)
	}
}

// tagFiles are real archives whose tags fill the new columns of the games
// table: PlayOK (WhiteElo "0000"), KNDB/Dambo exports (WhiteRating,
// WhiteTitle, Time "0:31:00"), the hand-made columns.pdn.
var tagFiles = []string{
	testdata + "corpus/international/wiegerw-pdn/succeed/kurnik.pdn",
	testdata + "corpus/international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/Montpellier Open Serie A.pdn",
	testdata + "corpus/international/BrunoGUI_Dames/Dames_PartiesPdn_FEN/World Title Match Women 2024.pdn",
	columnsFile,
}

// firstTag is the trimmed value of the first of names the game has with a
// value, as the tests expect the columns to read it.
func firstTag(g *pdn.Game, names ...string) (string, bool) {
	for _, n := range names {
		for _, tg := range g.Tags {
			if strings.EqualFold(tg.Name, n) && strings.TrimSpace(tg.Value) != "" {
				return strings.TrimSpace(tg.Value), true
			}
		}
	}
	return "", false
}

// The new columns of the games table, read back by DuckDB, against the
// tags they come from: every game of the test files and real archives
// with rating, title and time tags, and the hand-made games of
// columns.pdn value by value, absent and malformed tags included.
func TestDuckDBGameColumns(t *testing.T) {
	reports := readReports(t, append(allFiles(t), tagFiles...)...)
	db, _ := duckFiles(t, reports, nil)
	rows, err := db.Query(`SELECT game_id, game_key, source_file, white_elo, black_elo, white_rating_diff, black_rating_diff,
		white_title, black_title, time_control, termination, utc_date, utc_time::VARCHAR, white_score,
		opening_name, opening_moves, movetext, year, typeof(white_elo), typeof(utc_time), typeof(utc_date)
		FROM 'games.parquet'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	i := 0
	ratings := 0
	for rows.Next() {
		var id, key, source, movetext, eloType, timeType, dateType string
		var welo, belo, wdiff, bdiff, year sql.NullInt64
		var wtitle, btitle, tc, term, utcTime, openingName, openingMoves sql.NullString
		var utcDate sql.NullTime
		var score sql.NullFloat64
		if err := rows.Scan(&id, &key, &source, &welo, &belo, &wdiff, &bdiff, &wtitle, &btitle, &tc, &term, &utcDate, &utcTime, &score,
			&openingName, &openingMoves, &movetext, &year, &eloType, &timeType, &dateType); err != nil {
			t.Fatal(err)
		}
		if i >= len(reports) {
			t.Fatal("more rows than games")
		}
		r := reports[i]
		g := r.Game
		i++
		where := fmt.Sprintf("%s game %d", g.File, g.Index)
		if eloType != "SMALLINT" || timeType != "TIME" || dateType != "DATE" {
			t.Fatalf("types %s %s %s", eloType, timeType, dateType)
		}
		if id != GameID(g) || key != GameKey(r) || source != g.File || movetext != Movetext(r) || openingMoves.String != Opening(r, DefaultOpeningPlies) {
			t.Errorf("%s: id %s key %s source %s movetext %q opening_moves %q", where, id, key, source, movetext, openingMoves.String)
		}
		// Ratings: the tag as a number in int16, else NULL.
		rating := func(col string, got sql.NullInt64, names ...string) {
			v, ok := firstTag(g, names...)
			n, err := strconv.ParseInt(strings.TrimPrefix(v, "+"), 10, 16)
			want := ok && err == nil && !strings.HasPrefix(v, "+-")
			if got.Valid != want || want && got.Int64 != n {
				t.Errorf("%s: %s %v, tag %q", where, col, got, v)
			}
			if got.Valid {
				ratings++
			}
		}
		rating("white_elo", welo, "WhiteElo", "WhiteRating")
		rating("black_elo", belo, "BlackElo", "BlackRating")
		rating("white_rating_diff", wdiff, "WhiteRatingDiff")
		rating("black_rating_diff", bdiff, "BlackRatingDiff")
		text := func(col string, got sql.NullString, name string) {
			v, ok := firstTag(g, name)
			if ok && v == "?" {
				ok = false
			}
			if got.Valid != ok || got.String != v && ok {
				t.Errorf("%s: %s %v, tag %q", where, col, got, v)
			}
		}
		text("white_title", wtitle, "WhiteTitle")
		text("black_title", btitle, "BlackTitle")
		text("time_control", tc, "TimeControl")
		text("termination", term, "Termination")
		// utc_date: UTCDate, else Date, when it is a whole date.
		if v, ok := firstTag(g, "UTCDate", "Date"); ok {
			_, d, whole := ParseDate(v)
			if utcDate.Valid != whole || whole && !utcDate.Time.Equal(d) {
				t.Errorf("%s: utc_date %v, tag %q", where, utcDate, v)
			}
		} else if utcDate.Valid {
			t.Errorf("%s: utc_date %v without a tag", where, utcDate)
		}
		// utc_time: UTCTime, else Time, when it is HH:MM[:SS].
		if v, ok := firstTag(g, "UTCTime", "Time"); ok {
			parts := strings.Split(v, ":")
			want := ""
			if len(parts) == 2 {
				parts = append(parts, "0")
			}
			if len(parts) == 3 {
				h, e1 := strconv.Atoi(parts[0])
				m, e2 := strconv.Atoi(parts[1])
				s, e3 := strconv.Atoi(parts[2])
				if e1 == nil && e2 == nil && e3 == nil && h >= 0 && h < 24 && m >= 0 && m < 60 && s >= 0 && s < 60 && len(parts[0]) <= 2 {
					want = fmt.Sprintf("%02d:%02d:%02d", h, m, s)
				}
			}
			if utcTime.Valid != (want != "") || utcTime.String != want && want != "" {
				t.Errorf("%s: utc_time %v, tag %q", where, utcTime, v)
			}
		} else if utcTime.Valid {
			t.Errorf("%s: utc_time %v without a tag", where, utcTime)
		}
		wantScore := map[string]float64{"2-0": 1, "1-1": 0.5, "0-2": 0}
		if w, ok := wantScore[r.Result]; score.Valid != ok || ok && score.Float64 != w {
			t.Errorf("%s: white_score %v for %s", where, score, r.Result)
		}
		if want := openings.Name(r); openingName.Valid != (want != "") || openingName.String != want {
			t.Errorf("%s: opening_name %v, want %q", where, openingName, want)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if i != len(reports) || ratings < 100 {
		t.Errorf("%d rows for %d games, %d ratings", i, len(reports), ratings)
	}

	// columns.pdn, value by value.
	type want struct {
		welo, belo, wdiff, bdiff any
		wtitle, btitle, tc, term any
		utcDate, utcTime         any
		score                    any
		openingName, movetext    any
		year                     any
	}
	null := any(nil)
	// opening_name: the Opening tags of games 1 and 3 do not name them,
	// and the old table's name of game 4 is gone (issue 47).
	cases := []want{
		{int64(1850), int64(2031), int64(12), int64(-12), "GM", "MF", "120+0", "Normal", "2024-12-19", "09:30:19", 1.0,
			null, "1. c3-d4 f6-g5 2. d4-c5 b6:d4 3. e3:c5 d6:b4 4. a3:c5 2-0", int64(2024)},
		{null, null, null, null, null, null, null, null, null, null, null,
			"Перекрёсток", "1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 b6-a5 *", int64(1950)},
		{null, int64(2031), null, null, null, null, null, null, "1947-05-12", "17:20:00", 0.5,
			null, "1... f6-g5 2. b2-c3 1-1", int64(1947)},
		{null, null, null, null, null, null, null, null, null, null, 1.0,
			null, "1. c3-d4 f6-g5 2. d4-c5 b6:d4 3. e3:c5 d6:b4 4. a3:c5 2-0", null},
		{int64(0), int64(1500), int64(0), null, null, null, null, null, "2001-02-03", null, 0.0,
			null, "1. c3-d4 f6-g5 2. c3-d4 g5-h4 0-2", int64(2001)},
		{null, null, null, null, null, null, null, null, null, null, null,
			null, "1. 32-28 19-23 *", null},
	}
	rows, err = db.Query(`SELECT white_elo::BIGINT, black_elo::BIGINT, white_rating_diff::BIGINT, black_rating_diff::BIGINT,
		white_title, black_title, time_control, termination, strftime(utc_date, '%Y-%m-%d'), utc_time::VARCHAR,
		white_score, opening_name, movetext, year::BIGINT
		FROM 'games.parquet' WHERE source_file LIKE '%export/columns.pdn' ORDER BY game_index`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	k := 0
	for rows.Next() {
		got := make([]any, 14)
		ptrs := make([]any, len(got))
		for j := range got {
			ptrs[j] = &got[j]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		w := cases[k]
		exp := []any{w.welo, w.belo, w.wdiff, w.bdiff, w.wtitle, w.btitle, w.tc, w.term, w.utcDate, w.utcTime, w.score, w.openingName, w.movetext, w.year}
		for j := range exp {
			if fmt.Sprint(got[j]) != fmt.Sprint(exp[j]) {
				t.Errorf("columns.pdn game %d, column %d: %v, want %v", k+1, j+1, got[j], exp[j])
			}
		}
		k++
	}
	if k != len(cases) {
		t.Errorf("%d games of columns.pdn", k)
	}
	// The same game in two notations: one game_key, two game_ids.
	if n := queryInt(t, db, `SELECT count(DISTINCT game_key) FROM 'games.parquet' WHERE source_file LIKE '%export/columns.pdn'`); n != 5 {
		t.Errorf("%d keys for the 6 games of columns.pdn", n)
	}
}

// The new columns of the moves table, read back by DuckDB: fen_after is
// the next row's fen_before (the final FEN at the end), hashes are the
// engine's 64 bits as BIGINT, annotations as written; and after analysis
// eval is NULL where mate is set.
func TestDuckDBMoveColumns(t *testing.T) {
	reports := readReports(t, append(allFiles(t), columnsFile)...)
	evals := fakeEvals(reports)
	db, _ := duckFiles(t, reports, evals)
	if n := queryInt(t, db, `SELECT count(*) FROM (
		SELECT fen_after, lead(fen_before) OVER (PARTITION BY game_id ORDER BY ply) AS next, hash_after,
		       lead(hash_before) OVER (PARTITION BY game_id ORDER BY ply) AS next_hash
		FROM 'moves.parquet') WHERE next IS NOT NULL AND (fen_after <> next OR hash_after <> next_hash)`); n != 0 {
		t.Errorf("%d rows whose fen_after or hash_after is not the next fen_before, hash_before", n)
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' m JOIN 'games.parquet' g USING (game_id)
		WHERE m.ply = g.plies_replayed AND m.fen_after <> g.final_fen`); n != 0 {
		t.Errorf("%d last plies whose fen_after is not final_fen", n)
	}
	// hash_before joins positions.hash, and casts to BIGINT as it is.
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' m JOIN 'positions.parquet' p ON p.hash = m.hash_before::BIGINT AND p.move = m.move`); n == 0 {
		t.Error("no move joins the positions table by hash")
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' WHERE hash_before < 0`); n == 0 {
		t.Error("no negative hash: the high bit is lost")
	}
	// The cast of docs/datasets.md gives the unsigned hash back.
	for _, r := range reports[:20] {
		if len(r.Plies) == 0 {
			continue
		}
		var u string
		if err := db.QueryRow(`SELECT ((hash_before::HUGEINT & 18446744073709551615)::UBIGINT)::VARCHAR FROM 'moves.parquet' WHERE game_id = ? AND ply = 1`,
			GameID(r.Game)).Scan(&u); err != nil || u != strconv.FormatUint(r.Plies[0].Before.Hash(), 10) {
			t.Errorf("unsigned hash %s (%v), want %d", u, err, r.Plies[0].Before.Hash())
		}
	}
	var comment, strength, nags string
	if err := db.QueryRow(`SELECT string_agg(coalesce(comment, '-'), '|' ORDER BY ply), string_agg(coalesce(strength, '-'), '|' ORDER BY ply),
		string_agg(nags::VARCHAR, '|' ORDER BY ply)
		FROM 'moves.parquet' m JOIN 'games.parquet' g USING (game_id) WHERE g.source_file LIKE '%columns.pdn' AND g.game_index = 1`).Scan(&comment, &strength, &nags); err != nil {
		t.Fatal(err)
	}
	if comment != "a comment|-|two comments|-|-|-|-" || strength != "-|!|-|?!|-|-|-" || nags != "[]|[1]|[]|[6, 13]|[]|[]|[]" {
		t.Errorf("annotations: %q %q %q", comment, strength, nags)
	}
	// Analysis: eval NULL and mate set where the score is decisive.
	var mates, evalsNull int64
	rows := fakeRows(reports, evals)
	for i := range reports {
		for _, e := range rows[i] {
			if e != nil && e.MateBefore != 0 {
				mates++
			}
		}
	}
	evalsNull = queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' WHERE depth IS NOT NULL AND eval_before IS NULL AND eval_before_white IS NULL AND mate_before IS NOT NULL`)
	if mates == 0 || evalsNull != mates {
		t.Errorf("%d rows with mate_before and no eval, %d decisive in the analysis", evalsNull, mates)
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' WHERE (eval_before IS NULL) = (mate_before IS NULL) AND depth IS NOT NULL
		OR (eval_after IS NULL) = (mate_after IS NULL) AND depth IS NOT NULL`); n != 0 {
		t.Errorf("%d analysed rows with both or neither of eval and mate", n)
	}
	if n := queryInt(t, db, `SELECT count(*) FROM 'moves.parquet' WHERE abs(eval_before) >= 10000 OR abs(eval_after) >= 10000`); n != 0 {
		t.Errorf("%d evaluations that are forced wins", n)
	}
}

// dirFiles is a CreateFunc writing under dir.
func dirFiles(t *testing.T, dir string) CreateFunc {
	return func(p string) (io.Writer, error) {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		f, err := os.Create(full)
		if err == nil {
			t.Cleanup(func() { f.Close() })
		}
		return f, err
	}
}

// One archive exported partitioned by year (and by variant and year),
// read back through DuckDB's hive partitioning: every game and move is
// there once, with the year and variant of its game, NULL where the game
// has none.
func TestDuckDBHivePartitions(t *testing.T) {
	reports := readReports(t, append(allFiles(t), tagFiles...)...)
	db, dir := duckFiles(t, reports, nil)
	plies := int64(countPlies(reports))
	for _, by := range [][]string{{"year"}, {"variant", "year"}} {
		out := filepath.Join(dir, strings.Join(by, "_"))
		d := DatasetOptions{PartitionBy: by, MaxRowsPerFile: 50}
		create := dirFiles(t, out)
		gw, _ := NewPartitionedWriter("games", Parquet, testMeta, d, create)
		mw, _ := NewPartitionedWriter("moves", Parquet, testMeta, d, create)
		po := NewPartitionedOpenings(DefaultOpeningsPlies, by)
		for _, r := range reports {
			p := PrepareGame(r, nil)
			if gw.AddPrepared(p) != nil || mw.AddPrepared(p) != nil {
				t.Fatal("add")
			}
			po.AddPrepared(p)
		}
		if err := gw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := mw.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := po.Write(create, Parquet, testMeta, d); err != nil {
			t.Fatal(err)
		}
		games := fmt.Sprintf("read_parquet('%s/games/**/*.parquet', hive_partitioning = true)", out)
		moves := fmt.Sprintf("read_parquet('%s/moves/**/*.parquet', hive_partitioning = true)", out)
		positions := fmt.Sprintf("read_parquet('%s/positions/**/*.parquet', hive_partitioning = true)", out)
		if n := queryInt(t, db, `SELECT count(*) FROM `+games); n != int64(len(reports)) {
			t.Errorf("%v: %d games, want %d", by, n, len(reports))
		}
		if n := queryInt(t, db, `SELECT count(DISTINCT game_id) FROM `+games); n != int64(len(reports)) {
			t.Errorf("%v: %d distinct games", by, n)
		}
		if n := queryInt(t, db, `SELECT count(*) FROM `+moves); n != plies {
			t.Errorf("%v: %d moves, want %d", by, n, plies)
		}
		if n := queryInt(t, db, `SELECT count(*) FROM (SELECT DISTINCT game_id, ply FROM `+moves+`)`); n != plies {
			t.Errorf("%v: %d distinct moves", by, n)
		}
		// The partition columns as the unpartitioned file has them.
		if n := queryInt(t, db, `SELECT count(*) FROM `+games+` g JOIN 'games.parquet' u USING (game_id)
			WHERE g.year IS NOT DISTINCT FROM u.year`); n != int64(len(reports)) {
			t.Errorf("%v: %d games with their year", by, n)
		}
		if n := queryInt(t, db, `SELECT count(*) FROM `+moves+` m JOIN 'games.parquet' u USING (game_id)
			WHERE m.year IS NOT DISTINCT FROM u.year`); n != plies {
			t.Errorf("%v: %d moves with the year of their game", by, n)
		}
		if n := queryInt(t, db, `SELECT count(*) FROM `+games+` WHERE year IS NULL`); n == 0 {
			t.Errorf("%v: no game without a year", by)
		}
		var typ string
		if err := db.QueryRow(`SELECT typeof(year) FROM ` + games + ` LIMIT 1`).Scan(&typ); err != nil || typ != "BIGINT" {
			t.Errorf("%v: year is %s (%v)", by, typ, err)
		}
		if len(by) == 2 {
			if n := queryInt(t, db, `SELECT count(*) FROM `+games+` g JOIN 'games.parquet' u USING (game_id)
				WHERE g.variant IS NOT DISTINCT FROM u.variant`); n != int64(len(reports)) {
				t.Errorf("%v: %d games with their variant", by, n)
			}
			if n := queryInt(t, db, `SELECT count(*) FROM `+games+` WHERE variant IS NULL`); n == 0 {
				t.Errorf("%v: no game without a variant", by)
			}
		}
		// A NULL year is the folder DuckDB reads as NULL; a name such as
		// "unknown" would make the year a string.
		if len(by) == 1 {
			renamed := filepath.Join(dir, "unknown")
			if err := os.CopyFS(renamed, os.DirFS(filepath.Join(out, "games"))); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(filepath.Join(renamed, "year="+DefaultPartition), filepath.Join(renamed, "year=unknown")); err != nil {
				t.Fatal(err)
			}
			var typ string
			if err := db.QueryRow(`SELECT typeof(year) FROM read_parquet('` + renamed + `/**/*.parquet', hive_partitioning = true) LIMIT 1`).Scan(&typ); err != nil || typ != "VARCHAR" {
				t.Errorf("year=unknown: year is %s (%v)", typ, err)
			}
		}
		// The positions of each partition sum to those of all games.
		if n := queryInt(t, db, `SELECT sum(games) FROM `+positions); n != queryInt(t, db, `SELECT sum(games) FROM 'positions.parquet'`) {
			t.Errorf("%v: %d games of positions over the partitions", by, n)
		}
	}
}

// Every statement of the DuckDB examples of docs/datasets.md runs as written on the
// datasets of the test files with an analysis (out/ as export and analyze
// write it, out/ds/ partitioned by year), and each returns rows.
func TestDuckDBDocsSQL(t *testing.T) {
	text, err := os.ReadFile("../docs/datasets.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(text), "DuckDB:\n\n```sql\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("no DuckDB block in docs/datasets.md")
	}
	reports := readReports(t, append(allFiles(t), tagFiles...)...)
	evals := fakeEvals(reports)
	db, dir := duckFiles(t, reports, evals)
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	for _, f := range []string{"games.parquet", "moves.parquet", "positions.parquet"} {
		if err := os.Rename(filepath.Join(dir, f), filepath.Join(out, f)); err != nil {
			t.Fatal(err)
		}
	}
	d := DatasetOptions{PartitionBy: []string{"year"}}
	create := dirFiles(t, filepath.Join(out, "ds"))
	gw, _ := NewPartitionedWriter("games", Parquet, testMeta, d, create)
	mw, _ := NewPartitionedWriter("moves", Parquet, testMeta, d, create)
	for i, r := range reports {
		p := PrepareGame(r, evals[i])
		if gw.AddPrepared(p) != nil || mw.AddPrepared(p) != nil {
			t.Fatal("add")
		}
	}
	if gw.Close() != nil || mw.Close() != nil {
		t.Fatal("close")
	}
	n := 0
	for _, stmt := range strings.Split(block, ";\n") {
		var lines []string
		for _, l := range strings.Split(stmt, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "--") {
				lines = append(lines, l)
			}
		}
		q := strings.TrimSpace(strings.Join(lines, "\n"))
		if q == "" {
			continue
		}
		n++
		rows, err := db.Query(q)
		if err != nil {
			t.Errorf("%s\n: %v", q, err)
			continue
		}
		k := 0
		for rows.Next() {
			k++
		}
		rows.Close()
		if k == 0 && !strings.Contains(q, "HAVING count(*) > 1") {
			t.Errorf("%s\n: no row", q)
		}
	}
	if n < 10 {
		t.Errorf("%d statements in docs/datasets.md", n)
	}
}
