package hub

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the engine killed when damka ends, however it ends
// (the signal is sent when the thread that started it ends; Go's threads
// live as long as the process, but for those of a locked goroutine).
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
