// Package heapcost lets tests prove that work grows linearly with its input
// by counting what it allocates, which comes out the same on an idle and on
// a loaded machine, instead of timing it.
package heapcost

import (
	"runtime"
	"testing"
	"time"
)

// Cost is what one call of f allocates: the number of heap objects and
// their bytes. Unlike a time, both come out the same on an idle machine
// and on a loaded one. Two collections first empty every sync.Pool, so
// that what f finds there does not depend on when the collector last ran.
func Cost(f func()) (objects, bytes uint64) {
	runtime.GC()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// CheckLinear fails the test when large, the work of small on an input
// eight times as large, allocates more than 16 times as many objects or
// bytes as small, give or take a small constant: work that grows with its
// input allocates about 8 times as much, work that grows with its square
// (a copy of the rest of the input per item, say) about 64 times. small is
// run once first, so that state built once (compiled patterns, tables) is
// not counted.
func CheckLinear(t *testing.T, name string, small, large func()) {
	t.Helper()
	small()
	o1, b1 := Cost(small)
	o8, b8 := Cost(large)
	t.Logf("%-36s %8d objects %10d bytes; 8 times the input: %8d objects %11d bytes", name, o1, b1, o8, b8)
	if o8 > 16*o1+64 || b8 > 16*b1+64<<10 {
		t.Errorf("%s: %d objects and %d bytes allocated, 8 times the input %d objects and %d bytes: more than 16 times as much",
			name, o1, b1, o8, b8)
	}
}

// Finishes runs f and fails the test when f has not returned shortly
// before the test's own deadline (go test -timeout), instead of letting
// the whole binary time out: a guard against a hang, for hostile inputs
// that a linear scan reads in milliseconds and a quadratic one in hours.
// It asserts no duration: however loaded the machine, f gets all the time
// the test run was given.
func Finishes(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-Deadline(t):
		t.Fatalf("%s has not finished before the test run's deadline: a hang", what)
	}
}

// Deadline is a channel that receives shortly before the test run's
// deadline, or never when the run has none: for a test to report a hang
// itself, with what hung, instead of the run's timeout.
func Deadline(t *testing.T) <-chan time.Time {
	d, ok := t.Deadline()
	if !ok {
		return nil
	}
	timer := time.NewTimer(time.Until(d) * 19 / 20)
	t.Cleanup(func() { timer.Stop() })
	return timer.C
}
