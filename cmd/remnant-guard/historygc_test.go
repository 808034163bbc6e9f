package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// The history commands collect garbage less often, unless GOGC or
// GOMEMLIMIT in the environment say how, as for the commit hook.
func TestHistoryGCLeavesTheEnvironmentsSetting(t *testing.T) {
	prev := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(prev) })
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			os.Unsetenv("GOGC")
			os.Unsetenv("GOMEMLIMIT")
			t.Setenv(env, map[string]string{"GOGC": "50", "GOMEMLIMIT": "200MiB"}[env])
			debug.SetGCPercent(50)
			historyGC()
			if got := debug.SetGCPercent(100); got != 50 {
				t.Errorf("with %s set: GC percent %d, want 50 as set", env, got)
			}
		})
	}
	os.Unsetenv("GOGC")
	os.Unsetenv("GOMEMLIMIT")
	historyGC()
	if got := debug.SetGCPercent(100); got != 400 {
		t.Errorf("GC percent %d, want 400", got)
	}
}
