//go:build unix

package input

import (
	"io/fs"
	"syscall"
)

// fileID identifies a file or folder by device and inode, so that a walk
// that follows symbolic links knows where it has been.
func fileID(fi fs.FileInfo) (any, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil, false
	}
	return [2]uint64{uint64(st.Dev), uint64(st.Ino)}, true
}
