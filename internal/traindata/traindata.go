// Package traindata is the home of the evaluation's training data: games
// of self-play, each position before a move labelled by the score of the
// search that chose the move and every position by the game's result,
// kept in chunks that accumulate from run to run (make train-data adds
// the next chunk; research/selfplay -data makes one).
//
// A data set is a folder (testdata/train/VARIANT) holding, for chunk k:
//
//   - chunk-kkkk.pdn.zst: the chunk's games, in the order of their index,
//     as PDN (zstd): each from its opening position (FEN tag), with its
//     result (Result: "2-0", "1-1" or "0-2") and its index (Round, from 0
//     for the first game of chunk 0), so that any PDN reader replays them;
//   - chunk-kkkk.scores.zst: for every game in the same order and every
//     move of it, the score of the search that chose the move, from the
//     view of the side to move, as analyze.Score writes it (centi-men, or
//     a decisive score beyond ±29,872), little-endian int16 (zstd);
//
// and manifest.tsv, a header line and one line a chunk: how it was made
// (seed, games, depth, random plies, openings, the tool's version) and
// what it holds (positions, results, the SHA-256 of its two files).
// Chunk k holds games [k*games, (k+1)*games) of one sequence: game i is
// a function of the seed, i and the openings of the chunks before it,
// whatever the number of workers.
package traindata

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/input"
	"github.com/damka/damka/internal/atomicfile"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// Game is a game of the data: its opening position, its moves, the score
// of each move's search and its result.
type Game struct {
	Index  int
	Start  draughts.Position
	Moves  []draughts.Move
	Scores []int16 // one a move: the side to move's score before it
	// White is White's score: 1, 0.5 or 0.
	White float64
	// Reason says how the game ended ("no move for black", "draw by
	// rule: ...", "search proves a win", "adjudicated at 240 plies").
	Reason string
}

// PDNName and ScoresName are the file names of chunk k.
func PDNName(k int) string    { return fmt.Sprintf("chunk-%04d.pdn.zst", k) }
func ScoresName(k int) string { return fmt.Sprintf("chunk-%04d.scores.zst", k) }

// ManifestName is the manifest's file name in a data set's folder.
const ManifestName = "manifest.tsv"

// Entry is a manifest line: one chunk.
type Entry struct {
	Chunk    int
	Variant  string
	Seed     uint64
	First    int // index of its first game
	Games    int
	Depth    int // search depth of every move
	Random   int // random plies of the openings from the start
	MaxPly   int
	Openings string // the master games that give every other opening
	Version  string // of the tool that made it
	// What it holds.
	Positions          int // moves, so scored positions
	White, Draw, Black int // wins of White, draws, wins of Black
	PDNSum, ScoresSum  string
}

var manifestHeader = []string{"chunk", "variant", "seed", "first", "games", "depth", "random", "maxply",
	"openings", "version", "positions", "white", "draws", "black", "pdn_sha256", "scores_sha256"}

func (e Entry) fields() []string {
	return []string{strconv.Itoa(e.Chunk), e.Variant, strconv.FormatUint(e.Seed, 10), strconv.Itoa(e.First),
		strconv.Itoa(e.Games), strconv.Itoa(e.Depth), strconv.Itoa(e.Random), strconv.Itoa(e.MaxPly),
		e.Openings, e.Version, strconv.Itoa(e.Positions), strconv.Itoa(e.White), strconv.Itoa(e.Draw),
		strconv.Itoa(e.Black), e.PDNSum, e.ScoresSum}
}

// Settings are the fields of e that make its games (not what they hold,
// nor the tool's version): a chunk resumed must have the same.
func (e Entry) Settings() []string { return e.fields()[:9] }

// ReadManifest reads the manifest of the data set in dir (none: no
// entries). Its lines must be chunks 0, 1, ... in order.
func ReadManifest(dir string) ([]Entry, error) {
	name := filepath.Join(dir, ManifestName)
	b, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 {
			if line != strings.Join(manifestHeader, "\t") {
				return nil, fmt.Errorf("%s:1: not the header of a manifest", name)
			}
			continue
		}
		if len(f) != len(manifestHeader) {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d", name, i+1, len(f), len(manifestHeader))
		}
		var e Entry
		ints := []*int{&e.Chunk, &e.First, &e.Games, &e.Depth, &e.Random, &e.MaxPly, &e.Positions, &e.White, &e.Draw, &e.Black}
		cols := []int{0, 3, 4, 5, 6, 7, 10, 11, 12, 13}
		for j, p := range ints {
			if *p, err = strconv.Atoi(f[cols[j]]); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %v", name, i+1, manifestHeader[cols[j]], err)
			}
		}
		if e.Seed, err = strconv.ParseUint(f[2], 10, 64); err != nil {
			return nil, fmt.Errorf("%s:%d: seed: %v", name, i+1, err)
		}
		e.Variant, e.Openings, e.Version, e.PDNSum, e.ScoresSum = f[1], f[8], f[9], f[14], f[15]
		if e.Chunk != len(out) {
			return nil, fmt.Errorf("%s:%d: chunk %d, want %d", name, i+1, e.Chunk, len(out))
		}
		out = append(out, e)
	}
	return out, nil
}

// WriteChunk writes the files of chunk e.Chunk of the data set in dir
// from its games (in order), fills in what e holds and appends e to the
// manifest, each file replaced whole or not at all.
func WriteChunk(dir string, v draughts.Variant, e *Entry, games []Game) error {
	entries, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	if e.Chunk != len(entries) {
		return fmt.Errorf("%s: chunk %d is not the next one (%d)", dir, e.Chunk, len(entries))
	}
	var text, scores bytes.Buffer
	pw := pdn.NewWriter(&text)
	e.Positions, e.White, e.Draw, e.Black = 0, 0, 0, 0
	for i := range games {
		g := &games[i]
		if len(g.Scores) != len(g.Moves) {
			return fmt.Errorf("game %d: %d scores for %d moves", g.Index, len(g.Scores), len(g.Moves))
		}
		if err := pw.Write(g.pdn(v)); err != nil {
			return err
		}
		for _, s := range g.Scores {
			scores.Write(binary.LittleEndian.AppendUint16(nil, uint16(s)))
		}
		e.Positions += len(g.Moves)
		switch g.White {
		case 1:
			e.White++
		case 0:
			e.Black++
		default:
			e.Draw++
		}
	}
	pw.Flush()
	if err := pw.Error(); err != nil {
		return err
	}
	e.Games = len(games)
	files := []struct {
		name string
		data []byte
		sum  *string
	}{{PDNName(e.Chunk), text.Bytes(), &e.PDNSum}, {ScoresName(e.Chunk), scores.Bytes(), &e.ScoresSum}}
	for _, f := range files {
		z := compress(f.data)
		sum := sha256.Sum256(z)
		*f.sum = hex.EncodeToString(sum[:])
		if err := writeFile(filepath.Join(dir, f.name), z); err != nil {
			return err
		}
	}
	var m bytes.Buffer
	m.WriteString(strings.Join(manifestHeader, "\t") + "\n")
	for _, old := range append(entries, *e) {
		m.WriteString(strings.Join(old.fields(), "\t") + "\n")
	}
	return writeFile(filepath.Join(dir, ManifestName), m.Bytes())
}

// writeFile replaces the file name with data, whole or not at all.
func writeFile(name string, data []byte) error {
	f, err := atomicfile.Create(name)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

func compress(b []byte) []byte {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err)
	}
	defer enc.Close()
	return enc.EncodeAll(b, nil)
}

// pdn is g as a PDN game.
func (g *Game) pdn(v draughts.Variant) *pdn.Game {
	result := map[float64]string{1: "2-0", 0.5: "1-1", 0: "0-2"}[g.White]
	moves := make([]pdn.Move, len(g.Moves))
	for i := range g.Moves {
		moves[i] = pdn.Move{Text: g.Moves[i].String()}
	}
	if len(moves) > 0 {
		moves[0].Number = 1
		moves[0].Ellipsis = g.Start.Side == draughts.Black
	}
	return &pdn.Game{
		Tags: []pdn.Tag{
			{Name: "Event", Value: "damka self-play"},
			{Name: "Round", Value: strconv.Itoa(g.Index)},
			{Name: "White", Value: "damka"},
			{Name: "Black", Value: "damka"},
			{Name: "Result", Value: result},
			{Name: "GameType", Value: strconv.Itoa(validate.GameTypeOf(v))},
			{Name: "FEN", Value: g.Start.FEN()},
			{Name: "Termination", Value: g.Reason},
		},
		Moves:      moves,
		Terminator: result,
	}
}

// ReadChunk reads chunk k of the data set in dir: its games replayed by
// the rules (a game that does not replay clean is an error naming it),
// each with its scores.
func ReadChunk(dir string, v draughts.Variant, k int) ([]Game, error) {
	name := filepath.Join(dir, PDNName(k))
	var games []Game
	err := input.ReadFile(name, func(pg *pdn.Game, err error) error {
		if err != nil {
			return fmt.Errorf("%s: game %d: %v", name, pg.Index, err)
		}
		r := validate.Game(pg, validate.Options{Variant: v})
		if r.Stopped || !r.Started || len(r.Plies) != len(pg.Moves) {
			return fmt.Errorf("%s: game %d does not replay (%d of %d moves)", name, pg.Index, len(r.Plies), len(pg.Moves))
		}
		g := Game{Start: r.Start, Moves: make([]draughts.Move, len(r.Plies))}
		for i := range r.Plies {
			g.Moves[i] = r.Plies[i].Move
		}
		for _, t := range pg.Tags {
			switch t.Name {
			case "Round":
				g.Index, err = strconv.Atoi(t.Value)
			case "Termination":
				g.Reason = t.Value
			}
		}
		if err != nil {
			return fmt.Errorf("%s: game %d: Round: %v", name, pg.Index, err)
		}
		switch r.Result {
		case "2-0":
			g.White = 1
		case "1-1":
			g.White = 0.5
		case "0-2":
			g.White = 0
		default:
			return fmt.Errorf("%s: game %d: result %q", name, pg.Index, r.Result)
		}
		games = append(games, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sname := filepath.Join(dir, ScoresName(k))
	raw, err := input.OpenFile(sname)
	if err != nil {
		return nil, err
	}
	f, err := input.Decompress(raw)
	if err != nil {
		raw.Close()
		return nil, fmt.Errorf("%s: %v", sname, err)
	}
	defer f.Close()
	br := bufio.NewReader(f)
	var two [2]byte
	for i := range games {
		g := &games[i]
		g.Scores = make([]int16, len(g.Moves))
		for j := range g.Scores {
			if _, err := io.ReadFull(br, two[:]); err != nil {
				return nil, fmt.Errorf("%s: scores end in game %d (index %d), move %d", sname, i+1, g.Index, j+1)
			}
			g.Scores[j] = int16(binary.LittleEndian.Uint16(two[:]))
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%s: more scores than moves", sname)
	}
	return games, nil
}

// Verify checks chunk e of the data set in dir against its manifest line:
// the SHA-256 of its two files, and that its games replay with as many
// scores as moves and hold the positions and results the line says.
func Verify(dir string, v draughts.Variant, e Entry) error {
	for _, f := range []struct{ name, sum string }{{PDNName(e.Chunk), e.PDNSum}, {ScoresName(e.Chunk), e.ScoresSum}} {
		b, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != f.sum {
			return fmt.Errorf("%s: SHA-256 %s, the manifest says %s", filepath.Join(dir, f.name), got, f.sum)
		}
	}
	games, err := ReadChunk(dir, v, e.Chunk)
	if err != nil {
		return err
	}
	got := Entry{Games: len(games)}
	for i, g := range games {
		if g.Index != e.First+i {
			return fmt.Errorf("%s: game %d has index %d, want %d", filepath.Join(dir, PDNName(e.Chunk)), i+1, g.Index, e.First+i)
		}
		got.Positions += len(g.Moves)
		switch g.White {
		case 1:
			got.White++
		case 0:
			got.Black++
		default:
			got.Draw++
		}
	}
	if got.Games != e.Games || got.Positions != e.Positions || got.White != e.White || got.Draw != e.Draw || got.Black != e.Black {
		return fmt.Errorf("%s: chunk %d holds %d games, %d positions, %d-%d-%d; the manifest says %d, %d, %d-%d-%d",
			dir, e.Chunk, got.Games, got.Positions, got.White, got.Draw, got.Black, e.Games, e.Positions, e.White, e.Draw, e.Black)
	}
	return nil
}
