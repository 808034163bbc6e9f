//go:build !linux

package gitutil

import "os"

// widenPipe is a no-op where the pipe size cannot be set.
func widenPipe(*os.File, int) {}
