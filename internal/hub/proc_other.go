//go:build !linux

package hub

import "os/exec"

// dieWithParent does nothing here: Close and Kill end the engine.
func dieWithParent(*exec.Cmd) {}
