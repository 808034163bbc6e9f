package agents

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/jsonedit"
)

// FuzzSettingsEditor: the parser agrees with encoding/json; on any object, install gives valid JSON holding our three
// entries once, and uninstall takes all of ours out again.
func FuzzSettingsEditor(f *testing.F) {
	for _, s := range settingsFixtures {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		v, err := jsonedit.Parse([]byte(src), false)
		if (err == nil) != json.Valid([]byte(src)) {
			t.Fatalf("%q: parser err=%v, json.Valid=%v", src, err, json.Valid([]byte(src)))
		}
		if err != nil || v.Kind != '{' {
			return
		}
		se := settingsEditor{name: "f.json", agent: Codex}
		out, err := se.add([]byte(src))
		if err != nil {
			return // a "hooks" of the wrong shape is an error, not an edit
		}
		if !json.Valid(out) || strings.Count(string(out), "agent-hook --agent codex") < 3 {
			t.Fatalf("install of %q gave %q", src, out)
		}
		back, _, err := se.remove(out)
		if err != nil || !json.Valid(back) || len(oursAll(t, back)) != 0 {
			t.Fatalf("uninstall of %q gave %q (%v)", out, back, err)
		}
		// undo gives back a file that install turns into the same file.
		undone, _, gone, err := se.undo(out)
		if err != nil || !json.Valid(undone) || len(oursAll(t, undone)) != 0 {
			t.Fatalf("undo of %q gave %q (%v)", out, undone, err)
		}
		if !gone {
			if again, err := se.add(undone); err != nil || string(again) != string(out) {
				t.Fatalf("undo of %q gave %q, which installs to %q", out, undone, again)
			}
		}
	})
}

// oursAll lists our handlers left anywhere under "hooks".
func oursAll(t *testing.T, src []byte) []ourHandler {
	root, err := jsonedit.Parse(src, false)
	if err != nil {
		t.Fatal(err)
	}
	hooks := root.Member("hooks")
	if hooks == nil || hooks.Value.Kind != '{' {
		return nil
	}
	var out []ourHandler
	for _, m := range hooks.Value.Members {
		if m.Value.Kind == '[' {
			out = append(out, oursIn(m.Value)...)
		}
	}
	return out
}

// FuzzPatchPaths: never panics, never returns an empty path.
func FuzzPatchPaths(f *testing.F) {
	f.Add("*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** End Patch")
	f.Add("*** Add File: \n*** Delete File: x")
	f.Fuzz(func(t *testing.T, patch string) {
		for _, p := range patchPaths(patch) {
			if p == "" {
				t.Fatalf("empty path from %q", patch)
			}
		}
	})
}
