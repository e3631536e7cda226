package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// datasetFiles lists the files under dir, slash-separated, relative.
func datasetFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// export --partition-by writes the datasets, byte for byte the same
// whatever -j is; a second run into the folder with other partitions
// leaves one dataset (the first run's files and folders gone), and no
// file of the user's.
func TestExportPartitioned(t *testing.T) {
	inputs := inputsOrSkip(t)
	dir := filepath.Join(t.TempDir(), "out")
	args := append([]string{"-q", "--partition-by", "variant,year", "--max-rows-per-file", "100", "-o"}, inputs...)
	for _, j := range []string{"1", "2"} {
		out := dir + j
		_, errOut, code := runSub(t, newExportCommand, "", append([]string{"-j", j}, append(args[:len(args)-len(inputs)], append([]string{out}, inputs...)...)...)...)
		if code != exitFindings {
			t.Fatalf("-j %s: exit %d: %s", j, code, errOut)
		}
		if !strings.Contains(errOut, "games/ (") || !strings.Contains(errOut, "partitions)") {
			t.Errorf("summary: %s", errOut)
		}
	}
	files := datasetFiles(t, dir+"1")
	if !slices.Equal(files, datasetFiles(t, dir+"2")) {
		t.Fatalf("-j 1 and -j 2 wrote other files")
	}
	for _, f := range files {
		a, b := readFile(t, filepath.Join(dir+"1", f)), readFile(t, filepath.Join(dir+"2", f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between -j 1 and -j 2", f)
		}
	}
	for _, want := range []string{
		"games/variant=russian/year=1950/part-00000.parquet", "games/variant=russian/year=1950/part-00001.parquet",
		"moves/variant=russian/year=1950/part-00000.parquet",
		"games/variant=__HIVE_DEFAULT_PARTITION__/year=__HIVE_DEFAULT_PARTITION__/part-00000.parquet",
	} {
		if !slices.Contains(files, want) {
			t.Errorf("no %s in %v", want, files)
		}
	}
	games := int64(0)
	for _, f := range files {
		if strings.HasPrefix(f, "games/") {
			games += parquetRows(t, readFile(t, filepath.Join(dir+"1", f)))
		}
	}
	if games < 309 {
		t.Errorf("%d games", games)
	}

	// Again, by year only, with a file of the user's in the dataset
	// folder: one dataset, the user's file kept.
	out := dir + "1"
	notes := filepath.Join(out, "games", "notes.txt")
	os.WriteFile(notes, []byte("mine"), 0o644)
	if _, errOut, code := runSub(t, newExportCommand, "", append([]string{"-q", "--partition-by", "year", "-o", out}, inputs...)...); code != exitFindings {
		t.Fatalf("by year: exit %d: %s", code, errOut)
	}
	for _, f := range datasetFiles(t, out) {
		if !strings.Contains(f, "/year=") && f != "games/notes.txt" || strings.Contains(f, "variant=") {
			t.Errorf("left: %s", f)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "games", "variant=russian")); err == nil {
		t.Error("the folders of the first run are left")
	}
	if _, err := os.Stat(notes); err != nil {
		t.Error("the user's file is gone")
	}

	// --max-rows-per-file alone: a dataset without partitions.
	flat := filepath.Join(t.TempDir(), "flat")
	if _, errOut, code := runSub(t, newExportCommand, "", "-q", "--max-rows-per-file", "2000", "--format", "arrow", "-o", flat, "../../testdata/corpus/russian/wiegerw-pdn"); code != exitOK && code != exitFindings {
		t.Fatalf("flat: exit %d: %s", code, errOut)
	}
	if got := datasetFiles(t, flat); strings.Join(got, " ") != "games/part-00000.arrow moves/part-00000.arrow moves/part-00001.arrow moves/part-00002.arrow moves/part-00003.arrow moves/part-00004.arrow moves/part-00005.arrow" {
		t.Errorf("flat dataset: %v", got)
	}

	// Refused before any work.
	for _, bad := range [][]string{
		{"-o", "-", "--partition-by", "year"},
		{"-o", dir, "--partition-by", "month"},
		{"-o", dir, "--max-rows-per-file", "-1"},
		{"-o", dir, "--compression", "brotli"},
	} {
		if _, errOut, code := runSub(t, newExportCommand, "", bad...); code != exitInput {
			t.Errorf("%v: exit %d: %s", bad, code, errOut)
		}
	}
}

// analyze and openings write the positions table per partition.
func TestAnalyzeOpeningsPartitioned(t *testing.T) {
	out := filepath.Join(t.TempDir(), "a")
	if _, errOut, code := run(t, "", "analyze", "-q", "--depth", "2", "--partition-by", "year", "-o", out, "../../testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn"); code != exitFindings && code != exitOK {
		t.Fatalf("analyze: exit %d: %s", code, errOut)
	}
	files := datasetFiles(t, out)
	for _, want := range []string{"annotated.pdn", "games/year=1987/part-00000.parquet", "moves/year=1987/part-00000.parquet", "positions/year=1987/part-00000.parquet"} {
		if !slices.Contains(files, want) {
			t.Errorf("analyze: no %s in %v", want, files)
		}
	}
	out = filepath.Join(t.TempDir(), "o")
	if _, errOut, code := run(t, "", "openings", "-q", "--partition-by", "variant", "-o", out, "../../testdata/corpus/russian/wiegerw-pdn"); code != exitFindings && code != exitOK {
		t.Fatalf("openings: exit %d: %s", code, errOut)
	}
	if files := datasetFiles(t, out); strings.Join(files, " ") != "positions/variant=russian/part-00000.parquet" {
		t.Errorf("openings: %v", files)
	}
}
