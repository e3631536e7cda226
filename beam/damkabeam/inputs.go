package damkabeam

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/damka/damka/input"
	"github.com/damka/damka/pipeline"
)

// source is an input file to read, numbered in input order.
type source struct {
	Ordinal  int    // place among the inputs, from 0
	Name     string // as damka names it (the walk's path; a URL)
	Path     string // where a worker opens it: a local path made absolute, as workers run elsewhere; a zip member's archive
	Member   string // a zip member's name as the archive stores it (input.Source.Member), opened inside Path, never joined to it
	DataName string // games.source_file (pipeline.SourceFile)
	Size     int64  // bytes as stored
}

// message is something said about the inputs: an input that could not
// be read (Error), or a note (a folder with no archive, a file with no
// game), in input order (Ordinal, then Seq within an input).
type message struct {
	Ordinal int
	Seq     int
	Text    string
	Error   bool
}

// expandInputs lists the files of the inputs, on the machine that builds
// the pipeline: local files and folders as damka walks them (zip archives
// as folders), local globs expanded first, and on other filesystems
// (gs://, s3://) a file or a glob, of which the archives (*.pdn, *.txt,
// *.json, plain or compressed) are taken. It also returns what could not
// be read or was left out, and the size of the inputs.
func expandInputs(ctx context.Context, args []string) ([]source, []message, int64) {
	var srcs []source
	var msgs []message
	var total int64
	ordinal := 0
	add := func(arg string, s input.Source) {
		switch {
		case s.Err != nil:
			msgs = append(msgs, message{Ordinal: ordinal, Text: describeInputError(s.Err), Error: true})
		case s.Skip != "":
			msgs = append(msgs, message{Ordinal: ordinal, Text: pipeline.SkipNote(s.Name, s.Skip)})
		default:
			// Only the name of a file on disk is made absolute: a zip
			// member's name joined to its archive's and cleaned would
			// climb out of the archive with its "..", to a file on disk
			// (issue 44).
			path := s.Name
			if s.Member != "" {
				path = s.Archive
			}
			if !isURL(path) {
				if abs, err := filepath.Abs(path); err == nil {
					path = abs
				}
			}
			srcs = append(srcs, source{Ordinal: ordinal, Name: s.Name, Path: path, Member: s.Member, DataName: pipeline.SourceFile(arg, s.Name), Size: s.Size})
			total += max(s.Size, 0)
		}
		ordinal++
	}
	for _, arg := range args {
		if isURL(arg) {
			for _, s := range listRemote(ctx, arg) {
				add(arg, s)
			}
			continue
		}
		if !hasGlob(arg) {
			for _, s := range input.WalkAll([]string{arg}) {
				add(arg, s)
			}
			continue
		}
		matches, err := filepath.Glob(arg)
		if err != nil || len(matches) == 0 {
			if err == nil {
				err = fs.ErrNotExist
			}
			add(arg, input.Source{Name: arg, Err: &fs.PathError{Op: "glob", Path: arg, Err: err}})
			continue
		}
		for _, m := range matches { // sorted by filepath.Glob
			for _, s := range input.WalkAll([]string{m}) {
				add(m, s)
			}
		}
	}
	return srcs, msgs, total
}

// listRemote lists a file or a glob on a filesystem of Beam's.
func listRemote(ctx context.Context, arg string) []input.Source {
	fsys, err := filesystem.New(ctx, arg)
	if err != nil {
		return []input.Source{{Name: arg, Err: err}}
	}
	defer fsys.Close()
	names, err := fsys.List(ctx, arg)
	if err != nil {
		return []input.Source{{Name: arg, Err: err}}
	}
	slices.Sort(names)
	var out []input.Source
	for _, n := range names {
		if hasGlob(arg) && !input.Walkable(n) {
			continue
		}
		size, err := fsys.Size(ctx, n)
		if err != nil {
			out = append(out, input.Source{Name: n, Err: err})
			continue
		}
		out = append(out, input.Source{Name: n, Size: size})
	}
	if len(out) == 0 {
		out = append(out, input.Source{Name: arg, Err: fmt.Errorf("%s: %w", arg, fs.ErrNotExist)})
	}
	return out
}

func hasGlob(p string) bool { return strings.ContainsAny(p, "*?[") }

// describeInputError is pipeline.DescribeInputError: an input is named
// as damka names it.
func describeInputError(err error) string { return pipeline.DescribeInputError(err) }
