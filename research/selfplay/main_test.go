package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/internal/traindata"
)

func testConfig(jobs int) config {
	return config{v: draughts.International, chunkGames: 4, depth: 2, random: 8, maxPly: 60, seed: 3, jobs: jobs}
}

func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

// Two chunks made with one worker and with two are the same files, and
// a chunk stopped after a game (and in the middle of the next line) and
// run again gives them too.
func TestChunksReproducibleAndResumed(t *testing.T) {
	one, two, cut := t.TempDir(), t.TempDir(), t.TempDir()
	for range 2 {
		if err := chunk(testConfig(1), one, nil); err != nil {
			t.Fatal(err)
		}
		if err := chunk(testConfig(2), two, nil); err != nil {
			t.Fatal(err)
		}
	}
	a, b := files(t, one), files(t, two)
	if len(a) != 5 {
		t.Fatalf("files %v, want two chunks and a manifest", len(a))
	}
	for name := range a {
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("%s differs between -j 1 and -j 2", name)
		}
	}

	// The stopped run: chunk 0 whole, chunk 1's partial file with its
	// first game and half of its second.
	if err := chunk(testConfig(1), cut, nil); err != nil {
		t.Fatal(err)
	}
	games, err := traindata.ReadChunk(one, draughts.International, 1)
	if err != nil {
		t.Fatal(err)
	}
	e := traindata.Entry{Chunk: 1, Variant: "international", Seed: 3, First: 4, Games: 4, Depth: 2, Random: 8, MaxPly: 60}
	second := partialLine(games[1])
	text := strings.Join(e.Settings(), "\t") + "\n" + partialLine(games[0]) + second[:len(second)/2]
	partial := filepath.Join(cut, ".chunk-1.partial")
	if err := os.WriteFile(partial, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chunk(testConfig(2), cut, nil); err != nil {
		t.Fatal(err)
	}
	c := files(t, cut)
	for name := range a {
		if !bytes.Equal(a[name], c[name]) {
			t.Errorf("%s differs after a resumed run", name)
		}
	}
	if _, err := os.Stat(partial); !os.IsNotExist(err) {
		t.Errorf("the partial file is left: %v", err)
	}

	// A partial chunk made with other settings is refused, naming its
	// file, and so is a seed other than the manifest's.
	e.Chunk, e.First = 2, 8
	partial = filepath.Join(cut, ".chunk-2.partial")
	if err := os.WriteFile(partial, []byte(strings.Join(e.Settings(), "\t")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := testConfig(1)
	bad.depth = 3
	if err := chunk(bad, cut, nil); err == nil || !strings.Contains(err.Error(), partial) {
		t.Errorf("other depth: %v, want an error naming %s", err, partial)
	}
	bad = testConfig(1)
	bad.seed = 4
	if err := chunk(bad, cut, nil); err == nil || !strings.Contains(err.Error(), "seed 3") {
		t.Errorf("other seed: %v, want an error naming the manifest's seed", err)
	}
}
