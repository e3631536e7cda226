//go:build !unix

package input

import "io/fs"

// fileID is not known here: a walk then relies on the depth of the
// folders to stop at a symbolic link loop (see maxWalkDepth).
func fileID(fs.FileInfo) (any, bool) { return nil, false }
