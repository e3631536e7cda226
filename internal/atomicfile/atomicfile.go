// Package atomicfile writes a file so that it appears whole or not at
// all: data goes to a temporary file in the same directory, renamed into
// place only by Commit. An interrupted run never leaves a file that looks
// complete.
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// File is a file being written. Write to it, then Commit or Abort.
type File struct {
	*os.File
	path string
	done bool
}

// Create starts writing path. "-" is not a file: callers handle stdout.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, err
	}
	return &File{File: f, path: path}, nil
}

// Commit flushes the data to disk and renames the file into place.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: already committed or aborted")
	}
	f.done = true
	err := f.File.Sync()
	if cerr := f.File.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.File.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.File.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.File.Name())
	}
	return err
}

// Abort removes the temporary file. It is safe to call after Commit, so
// `defer f.Abort()` cleans up on every early return.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	os.Remove(f.File.Name())
}

// Close is Abort: a file that is closed without Commit is not kept. (It
// lets writers that close their destination, like arrow-go's Parquet
// writer, be given a File: call Commit on the File afterwards instead.)
func (f *File) Close() error {
	return nil
}
