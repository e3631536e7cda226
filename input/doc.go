// Package input finds and opens what damka reads: it expands arguments
// into input files (walking folders and zip archives, following
// symbolic links) and opens each, removing a layer of compression, so
// that package pdn's Reader gets the text. pdn knows the notation only;
// input knows files.
//
// The name: this is damka's input layer, and its names read as such at
// the call site (input.Walk, input.Open, input.Source); "source" would
// stutter (source.Source) and "pdnio" would promise the writing too,
// which stays in pdn (pdn.Writer). input imports pdn (ReadFile hands
// out pdn games); pdn does not import input.
//
// # What is where
//
// input.go: Walk, WalkSources and WalkAll expand arguments into Sources
// (directories are walked recursively for *.pdn, *.txt and *.json, each
// possibly compressed, in lexical order; "-" is standard input; what
// cannot be read or is left out is a Source with Err or Skip set,
// NoArchives for a folder with nothing to read); Walkable says which
// names a walk takes. Open opens a file, a zip member or standard input
// and decompresses it by its first bytes (Decompress, which also wraps
// any io.ReadCloser): gzip and zstd with github.com/klauspost/compress
// (zstd also after the skippable frames pzstd writes before each frame),
// bzip2 with compress/bzip2, xz with github.com/therootcompany/xz
// (which, like xz -d, hands out every byte before the cut of a truncated
// stream), lz4 frames with github.com/pierrec/lz4/v4. The decoders'
// memory is capped: a zstd window over MaxZstdWindow (128 MiB,
// ErrZstdWindow) and an xz dictionary over 64 MiB are errors.
// Compressed says whether a reader from Decompress removes compression
// (byte offsets in it are then not offsets in the file). ReadFile opens a
// file and calls a function for each game.
//
// archive.go: zip archives, walked like folders (archive/zip): their
// members are named "games.zip/dir/x.pdn" (ZipSeparator), and Open and
// OpenFile (a file or member as stored, not decompressed) open them; an
// archive is kept open while its members are read one after the other.
// A zip inside a zip is an error (ErrNestedZip), and so is a zip archive
// on standard input: it is read from its end. The lz4 reader and the
// skippable frames zstd and lz4 share are there too.
//
// fileid_unix.go, fileid_other.go: the identity of a file (device and
// inode), by which a walk that follows symbolic links knows where it has
// been.
//
// # What stays in pdn
//
// What the text of an input is, once opened, is the Reader's: its
// encoding (UTF-8, UTF-16 by its byte order mark or zero bytes, the
// code pages, detected game by game: pdn/encoding.go), binary data
// refused (pdn.ErrBinary), and JSON input (py-draughts test files: the
// string values of the document read as PDN text, pdn/json.go), which
// the Reader finds by its first bytes as it finds UTF-16, and which
// changes what it reports (a game in JSON strings is never cut, and has
// no byte range in the file). package pipeline's File and Inputs read
// the inputs of a run through this package.
package input
