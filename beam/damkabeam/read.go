package damkabeam

import (
	"context"
	"errors"
	"io"
	"io/fs"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths; gs:// and s3:// are registered by damka-beam
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
)

func init() {
	register.DoFn4x1[context.Context, source, func(gameRec), func(message), error](&readFn{})
	register.Emitter1[gameRec]()
	register.Emitter1[message]()
}

// gameRec is a game as read, in its binary form (pdn.Game.MarshalBinary),
// with its place: the input it comes from and its index there.
type gameRec struct {
	Ordinal  int
	Index    int
	DataName string
	Data     []byte
}

// readFn reads the games of one input file, whole and in order, as damka
// does (pipeline.File): the reader's state carries from game to game (a
// comment left open, the GameType an earlier game gives, the game's
// index for game_id), so a file is not split at byte offsets. The games
// go on to be replayed and analysed on every worker.
type readFn struct {
	Encoding string

	games, errors beam.Counter
}

func (fn *readFn) Setup() {
	fn.games = beam.NewCounter("damka", "games_read")
	fn.errors = beam.NewCounter("damka", "input_errors")
}

func (fn *readFn) ProcessElement(ctx context.Context, src source, emit func(gameRec), say func(message)) error {
	rc, err := openInput(ctx, src)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Path = src.Name // as damka names it, not the worker's absolute path
		}
		fn.errors.Inc(ctx, 1)
		say(message{Ordinal: src.Ordinal, Text: describeInputError(err), Error: true})
		return nil
	}
	f, err := pipeline.NewFile(src.Name, rc, fn.Encoding)
	if err != nil {
		fn.errors.Inc(ctx, 1)
		say(message{Ordinal: src.Ordinal, Text: describeInputError(err), Error: true})
		return nil
	}
	defer f.Close()
	for {
		g, err := f.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			// As damka says it, after the games read before it.
			fn.errors.Inc(ctx, 1)
			say(message{Ordinal: src.Ordinal, Seq: f.Games() + 1, Text: describeInputError(err), Error: true})
			return nil
		}
		data, err := g.MarshalBinary()
		if err != nil {
			return err
		}
		emit(gameRec{Ordinal: src.Ordinal, Index: g.Index, DataName: src.DataName, Data: data})
		fn.games.Inc(ctx, 1)
	}
	if f.Games() == 0 {
		say(message{Ordinal: src.Ordinal, Text: pipeline.NoGamesNote(src.Name)})
	}
	return nil
}

// openInput opens an input as stored: a member of a local zip archive
// (looked up inside the archive), a local file, or a file of a
// filesystem of Beam's.
func openInput(ctx context.Context, src source) (io.ReadCloser, error) {
	name := src.Path
	switch {
	case src.Member != "":
		return input.OpenMember(name, src.Member)
	case !isURL(name):
		return input.OpenFile(name)
	}
	fsys, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	rc, err := fsys.OpenRead(ctx, name)
	if err != nil {
		fsys.Close()
		return nil, err
	}
	return &fsCloser{rc, fsys}, nil
}

type fsCloser struct {
	io.ReadCloser
	fs filesystem.Interface
}

func (c *fsCloser) Close() error {
	err := c.ReadCloser.Close()
	c.fs.Close()
	return err
}

// decodeGame decodes a game of a gameRec.
func decodeGame(data []byte) (*pdn.Game, error) {
	g := new(pdn.Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	return g, nil
}
