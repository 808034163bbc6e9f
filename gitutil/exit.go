package gitutil

import (
	"errors"
	"os/exec"
	"syscall"
)

// syscallNotDir is what Lstat returns when a path component is a file.
var syscallNotDir = syscall.ENOTDIR

func exitCode(e *CommandError) int {
	var ee *exec.ExitError
	if errors.As(e.Err, &ee) {
		return ee.ExitCode()
	}
	return -1
}
