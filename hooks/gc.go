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
	if gcFromEnv() {
		return func() {}
	}
	pct := debug.SetGCPercent(-1)
	lim := debug.SetMemoryLimit(hookHeap)
	return func() {
		debug.SetMemoryLimit(lim)
		debug.SetGCPercent(pct)
	}
}

// historyGC collects garbage less often while history is read (ci,
// pre-push, scan --history): the heap is mostly the log text, read and
// dropped a commit at a time, so collecting at five times the live heap
// instead of twice saves CPU time that the git processes printing the
// history need, and the heap stays bounded by what is live. GOGC or
// GOMEMLIMIT in the environment win. The returned function restores the
// setting.
func historyGC() func() {
	if gcFromEnv() {
		return func() {}
	}
	pct := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(pct) }
}

// gcFromEnv tells whether the environment sets how Go collects garbage.
func gcFromEnv() bool {
	return os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
}
