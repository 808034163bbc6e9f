//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package gitutil

import "os"

// mapFile does not map on this platform: packs are read with ReadAt.
func mapFile(*os.File, int64) []byte { return nil }

func unmapFile([]byte) {}
