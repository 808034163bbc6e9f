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
// history need. A soft limit of historyHeap makes the collector run
// sooner once the heap nears it, so that a long history (whose live heap
// grows with the findings and commits remembered) does not grow the
// process five times over. GOGC or GOMEMLIMIT in the environment win.
// The returned function restores the settings.
func historyGC() func() {
	if gcFromEnv() {
		return func() {}
	}
	pct := debug.SetGCPercent(400)
	lim := debug.SetMemoryLimit(historyHeap)
	return func() {
		debug.SetMemoryLimit(lim)
		debug.SetGCPercent(pct)
	}
}

// historyHeap is the soft limit of the Go memory of a history run.
const historyHeap = 80 << 20

// gcFromEnv tells whether the environment sets how Go collects garbage.
func gcFromEnv() bool {
	return os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
}
