package hooks

import (
	"os"
	"runtime/debug"
)

// hookHeap is the heap the commit hook grows to before the garbage
// collector runs at all.
const hookHeap = 32 << 20

// quietGC turns the collector off up to hookHeap for a short run such as
// the commit hook, where collecting a heap of a few megabytes costs more
// CPU than the run's own work; past hookHeap it collects as usual, so
// memory stays bounded. GOGC or GOMEMLIMIT in the environment win. The
// returned function restores the settings.
func quietGC() func() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	pct := debug.SetGCPercent(-1)
	lim := debug.SetMemoryLimit(hookHeap)
	return func() {
		debug.SetMemoryLimit(lim)
		debug.SetGCPercent(pct)
	}
}
