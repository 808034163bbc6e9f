package gitutil

import (
	"os"
	"strings"
	"testing"
)

// TestIndexTruncatedUnderReader truncates the index in place (as a copy
// over it does; git itself always renames a new index into place) after
// OpenStaged has mapped it: StagedChanges and InIndex must return git's
// answer or an error, never kill the process with a memory fault.
func TestIndexTruncatedUnderReader(t *testing.T) {
	env := testEnv(t)
	for _, name := range []string{"HOME", "GIT_CONFIG_NOSYSTEM"} {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, name+"="); ok {
				t.Setenv(name, v)
			}
		}
	}
	for _, step := range []string{"staged", "inindex"} {
		t.Run(step, func(t *testing.T) {
			dir := wideRepo(t, env)
			writeFile(t, dir, "new.txt", "new\n")
			git(t, dir, env, "add", "new.txt")
			index := dir + "/.git/index"
			saved, err := os.ReadFile(index)
			if err != nil {
				t.Fatal(err)
			}
			r, err := OpenStaged(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if step == "staged" {
				if err := os.Truncate(index, 0); err != nil {
					t.Fatal(err)
				}
			}
			changes, err := r.StagedChanges()
			if step == "staged" {
				if err == nil && len(changes) != 0 {
					t.Errorf("an emptied index: got %d changes, want an error or none", len(changes))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(index, 0); err != nil {
				t.Fatal(err)
			}
			defer os.WriteFile(index, saved, 0o644)
			if _, err := r.InIndex([]string{"d00/f000.txt", "nope"}, changes); err != nil {
				t.Logf("InIndex: %v", err)
			}
		})
	}
}
