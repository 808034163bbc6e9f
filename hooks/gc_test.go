package hooks

import (
	"os"
	"runtime/debug"
	"testing"
)

// The commit hook and the history commands set the collector for their
// run and restore it, unless GOGC or GOMEMLIMIT in the environment say how.
func TestGCSettingsLeaveTheEnvironmentsSetting(t *testing.T) {
	prev := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(prev) })
	for _, tc := range []struct {
		name string
		set  func() func()
		want int // GC percent while set, with no variable in the environment
	}{{"commit hook", quietGC, -1}, {"history", historyGC, 400}} {
		for _, env := range []string{"", "GOGC", "GOMEMLIMIT"} {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			os.Unsetenv("GOGC")
			os.Unsetenv("GOMEMLIMIT")
			want := tc.want
			if env != "" {
				t.Setenv(env, map[string]string{"GOGC": "50", "GOMEMLIMIT": "200MiB"}[env])
				want = 50
			}
			debug.SetGCPercent(50)
			restore := tc.set()
			got := debug.SetGCPercent(0)
			debug.SetGCPercent(got)
			if got != want {
				t.Errorf("%s with %q set: GC percent %d, want %d", tc.name, env, got, want)
			}
			restore()
			if got := debug.SetGCPercent(100); got != 50 {
				t.Errorf("%s with %q set: GC percent %d after the run, want 50 again", tc.name, env, got)
			}
		}
	}
}
