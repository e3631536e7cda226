package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/damka/damka/internal/iostreams"
	"github.com/spf13/cobra"
)

// runSub executes one command, built by newCmd, with the given standard
// input and arguments, as the root command would (the export commands are
// tested before they are registered).
func runSub(t *testing.T, newCmd func(*streams) *cobra.Command, stdin string, args ...string) ([]byte, string, exitCode) {
	t.Helper()
	// Without the root command, the root's flags keep what the last run
	// gave them: --encoding as the root would set it.
	inputEncoding = ""
	io, out, errb := iostreams.Test(stdin)
	cmd := newCmd(io)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	cmd.SetOut(io.Out)
	cmd.SetErr(io.Err)
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &exitError{code: exitInput, err: err} })
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(context.Background())
	code := exitOK
	if err != nil {
		var ee *exitError
		code = exitInput
		if errors.As(err, &ee) {
			code = ee.code
		}
		errb.WriteString(err.Error() + "\n")
	}
	return out.Bytes(), errb.String(), code
}

// exportInputs hold games with errors (testdata/validate): the commands
// exit 1 on them, with the data written (the one exit status rule).
var exportInputs = []string{
	"../../testdata/corpus/russian/wiegerw-pdn",
	"../../testdata/oracle/games.pdn",
	"../../testdata/validate",
}

func inputsOrSkip(t *testing.T) []string {
	t.Helper()
	for _, in := range exportInputs {
		if _, err := os.Stat(in); err != nil {
			t.Fatal(err)
		}
	}
	return exportInputs
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// parquetRows counts the rows of a Parquet file.
func parquetRows(t *testing.T, data []byte) int64 {
	t.Helper()
	r, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	return r.NumRows()
}

func TestExportCommand(t *testing.T) {
	inputs := inputsOrSkip(t)
	dir := filepath.Join(t.TempDir(), "out") // created by export
	_, errOut, code := runSub(t, newExportCommand, "", append([]string{"-o", dir, "-q"}, inputs...)...)
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "games.parquet (") || !strings.Contains(errOut, "reading") {
		t.Errorf("summary: %q", errOut)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "games.parquet moves.parquet" {
		t.Errorf("files %v (temporary files left?)", names)
	}
	games := parquetRows(t, readFile(t, filepath.Join(dir, "games.parquet")))
	moves := parquetRows(t, readFile(t, filepath.Join(dir, "moves.parquet")))
	if games < 309 || moves < 10000 {
		t.Errorf("%d games, %d moves", games, moves)
	}

	// -o - streams the moves table as Arrow IPC.
	out, errOut, code := runSub(t, newExportCommand, "", append([]string{"-o", "-", "-q"}, inputs...)...)
	if code != exitFindings {
		t.Fatalf("-o -: exit %d: %s", code, errOut)
	}
	r, err := ipc.NewReader(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	n := int64(0)
	for r.Next() {
		n += r.RecordBatch().NumRows()
	}
	if r.Err() != nil || n != moves {
		t.Errorf("stream: %d rows (%v), want %d", n, r.Err(), moves)
	}
	if cmd, _ := r.Schema().Metadata().GetValue("damka.command"); !strings.HasPrefix(cmd, "export --format arrow-stream --table moves ") {
		t.Errorf("damka.command = %q", cmd)
	}
	r.Release()

	// --format arrow writes IPC files.
	adir := filepath.Join(t.TempDir(), "arrow")
	if _, errOut, code := runSub(t, newExportCommand, "", append([]string{"-o", adir, "-q", "--format", "arrow"}, inputs...)...); code != exitFindings {
		t.Fatalf("--format arrow: exit %d: %s", code, errOut)
	}
	fr, err := ipc.NewFileReader(bytes.NewReader(readFile(t, filepath.Join(adir, "games.arrow"))))
	if err != nil {
		t.Fatal(err)
	}
	n = 0
	for i := 0; i < fr.NumRecords(); i++ {
		rec, err := fr.RecordBatch(i)
		if err != nil {
			t.Fatal(err)
		}
		n += rec.NumRows()
	}
	fr.Close()
	if n != games {
		t.Errorf("games.arrow: %d rows, want %d", n, games)
	}
}

// -j 1 and -j 4 give the same bytes, and so do different output
// directories: -j, -q and -o are not in the metadata.
func TestExportDeterministic(t *testing.T) {
	inputs := inputsOrSkip(t)
	base := t.TempDir()
	for _, j := range []string{"1", "4"} {
		if _, errOut, code := runSub(t, newExportCommand, "", append([]string{"-o", filepath.Join(base, "j"+j), "-j", j}, inputs...)...); code != exitFindings {
			t.Fatalf("-j %s: exit %d: %s", j, code, errOut)
		}
		if _, errOut, code := runSub(t, newOpeningsCommand, "", append([]string{"-o", filepath.Join(base, "j"+j, "positions.parquet"), "-j", j, "-q"}, inputs...)...); code != exitFindings {
			t.Fatalf("openings -j %s: exit %d: %s", j, code, errOut)
		}
	}
	for _, name := range []string{"games.parquet", "moves.parquet", "positions.parquet"} {
		a := readFile(t, filepath.Join(base, "j1", name))
		b := readFile(t, filepath.Join(base, "j4", name))
		if !bytes.Equal(a, b) {
			t.Errorf("%s: -j 1 and -j 4 differ (%d and %d bytes)", name, len(a), len(b))
		}
	}
}

func TestOpeningsCommand(t *testing.T) {
	inputs := inputsOrSkip(t)
	path := filepath.Join(t.TempDir(), "positions.parquet")
	_, errOut, code := runSub(t, newOpeningsCommand, "", append([]string{"-o", path, "--plies", "8", "-q"}, inputs...)...)
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if rows := parquetRows(t, readFile(t, path)); rows < 100 {
		t.Errorf("%d rows", rows)
	}
	out, errOut, code := runSub(t, newOpeningsCommand, "", "-o", "-", "-q")
	if code != exitOK {
		t.Fatalf("-o - on the sample: exit %d: %s", code, errOut)
	}
	r, err := ipc.NewReader(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	if v, _ := r.Schema().Metadata().GetValue("damka.plies"); v != "24" {
		t.Errorf("damka.plies = %q", v)
	}
}

func TestExportErrors(t *testing.T) {
	dir := t.TempDir()
	// An input that cannot be read: exit 2, the others are written.
	_, errOut, code := runSub(t, newExportCommand, "", "-o", dir, "-q", "no-such-file.pdn", "../../testdata/validate/clean.pdn")
	if code != exitInput || !strings.Contains(errOut, "no-such-file.pdn") {
		t.Errorf("missing input: exit %d, %q", code, errOut)
	}
	if rows := parquetRows(t, readFile(t, filepath.Join(dir, "games.parquet"))); rows != 1 {
		t.Errorf("%d games written, want 1", rows)
	}
	for _, args := range [][]string{
		{},                                   // no -o
		{"-o", dir, "--format", "csv"},       // unknown format
		{"-o", "-", "--format", "parquet"},   // Parquet to a pipe
		{"-o", "-", "--table", "positions"},  // not a table of export
		{"-o", dir, "--variant", "klondike"}, // unknown variant
	} {
		if _, errOut, code := runSub(t, newExportCommand, "", args...); code != exitInput {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	if _, _, code := runSub(t, newOpeningsCommand, "", "-o", "x.parquet", "--plies", "0"); code != exitInput {
		t.Errorf("--plies 0: exit %d", code)
	}
}

// No dataset records where the user keeps files: source_file and
// damka.command name an input given by an absolute path from its last
// element on.
func TestExportNoAbsolutePaths(t *testing.T) {
	in, err := filepath.Abs("../../testdata/validate")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, errOut, code := runSub(t, newExportCommand, "", "-q", "-o", out, in); code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, f := range []string{"games.parquet", "moves.parquet"} {
		data := readFile(t, filepath.Join(out, f))
		if bytes.Contains(data, []byte(filepath.Dir(in))) {
			t.Errorf("%s holds the absolute path %s", f, in)
		}
		if !bytes.Contains(data, []byte("export --format parquet validate")) {
			t.Errorf("%s: no damka.command naming the input validate", f)
		}
	}
	names := readStrings(t, filepath.Join(out, "games.parquet"), "source_file")
	if len(names) < 10 || !slices.Contains(names, "validate/missed_capture.pdn") {
		t.Errorf("source_file: %v", names)
	}
	for _, n := range names {
		if !strings.HasPrefix(n, "validate/") {
			t.Errorf("source_file %s", n)
		}
	}
}

// BenchmarkExportCommand runs damka export on a large archive: the file
// named by $DAMKA_BENCH_ARCHIVE, else the real games of the tests
// repeated to about a million plies. The summary line (rows written, and
// the time spent reading, replaying and writing) is logged: run with -v.
func BenchmarkExportCommand(b *testing.B) {
	b.ReportAllocs()
	input := os.Getenv("DAMKA_BENCH_ARCHIVE")
	if input == "" {
		var one []byte
		for _, f := range []string{"../../testdata/oracle/games.pdn", "../../testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn"} {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Skipf("not available: %v", err)
			}
			one = append(append(one, data...), "\n\n"...)
		}
		input = filepath.Join(b.TempDir(), "large.pdn")
		big := bytes.Repeat(one, 60) // 253 games, 16k plies each time
		if err := os.WriteFile(input, big, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, format := range []string{"parquet", "arrow"} {
		b.Run(format, func(b *testing.B) {
			for range b.N {
				out := filepath.Join(b.TempDir(), "out")
				io, _, errb := iostreams.Test("")
				opts := ExportOptions{Output: out, layoutFlags: layoutFlags{Format: format}, Table: "moves", gameFlags: gameFlags{Quiet: true}}
				if err := runExport(context.Background(), io, opts, []string{input}); err != nil {
					b.Fatal(err, errb.String())
				}
				b.Log(strings.TrimSpace(errb.String()))
			}
		})
	}
}
