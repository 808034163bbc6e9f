package hooks

import (
	"io/fs"

	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// judgesMemory tells whether the memory directory is judged as
// MemoryCustodian memory: the config names it (custodian.dir), or one of
// the given versions of it has a Memory Manifest. The earlier version
// counts so that deleting manifest.md is reported, not excused.
func (c *Config) judgesMemory(versions ...fs.FS) bool {
	if c.Custodian.named {
		return true
	}
	for _, v := range versions {
		if custodian.IsMemory(v) {
			return true
		}
	}
	return false
}

// notMemoryNote is the one note shown for a memory directory of another
// system.
func notMemoryNote(dir string) string {
	return dir + ": not MemoryCustodian memory (no Memory Manifest); not checked. Set custodian.dir in the config to check it anyway"
}
