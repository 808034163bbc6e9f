package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/mockmodel"
	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// TestRealCopilot drives GitHub Copilot CLI through scripted sessions
// against the mock model (its bring-your-own-key provider, offline), with
// the Claude Code entries alone (Copilot runs .claude/settings.json too),
// its own entries alone, and both.
func TestRealCopilot(t *testing.T) {
	testtier.Slow(t)
	copilot := realClient(t, "copilot")
	r := newRealRepo(t, buildBinary(t))
	settings := filepath.Join(r.dir, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o755)
	before := "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]}\n}\n"
	os.WriteFile(settings, []byte(before), 0o644)
	// A hooks file of the user's own beside remnant-guard's.
	other := filepath.Join(r.dir, ".github", "hooks", "team.json")
	os.MkdirAll(filepath.Dir(other), 0o755)
	otherText := `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "true", "timeoutSec": 5}]}}` + "\n"
	os.WriteFile(other, []byte(otherText), 0o644)
	// Copilot unpacks itself into its cache folder: one for every session.
	cache := filepath.Join(clientsDir(), "copilot-cache")

	runIn := func(dir string, steps []mockmodel.Step, trust ...string) ([]string, string) {
		srv, out := runClient(t, mockmodel.Anthropic, steps, dir, nil, []string{
			"HOME=" + r.home, "PATH=" + r.path, "XDG_CACHE_HOME=" + cache,
			"COPILOT_PROVIDER_TYPE=anthropic", "COPILOT_PROVIDER_BASE_URL=@URL@", "COPILOT_PROVIDER_API_KEY=dummy",
			"COPILOT_OFFLINE=true", "COPILOT_MODEL=claude-sonnet-4.5", "COPILOT_AUTO_UPDATE=false", "NO_COLOR=1",
		}, append([]string{copilot, "-p", "Work on the task.", "--allow-all-tools", "--output-format", "json"}, trust...)...)
		return srv.Requests(), out
	}
	run := func(steps []mockmodel.Step) ([]string, string) { return runIn(r.dir, steps, "--trust-folder") }
	remnant := filepath.Join(r.dir, "REMNANT.md")
	edit := func(old, new string) mockmodel.Step {
		return mockmodel.Step{Tool: "edit", Input: map[string]any{"path": remnant, "old_str": old, "new_str": new}}
	}
	big := strings.Replace(handoff("2026-05-05", "Keep it small"), "Keep it small", "Keep it big", 1)
	session := func(t *testing.T) {
		reqs, out := run([]mockmodel.Step{
			edit("Keep it small", "Keep it big"),
			edit("- Empty.", "- token "+realSecret),
			edit(strings.Replace(big, "- Empty.", "- token "+realSecret, 1), validHandoff()),
			{Tool: "create", Input: map[string]any{"path": filepath.Join(r.dir, "notes.go"), "file_text": "package main\n"}},
			{Tool: "bash", Input: map[string]any{"command": "cp " + filepath.Join(r.fixtures, "broken.md") + " REMNANT.md", "description": "copy a file"}},
			{Text: "Done."},
			{Text: "Done."},
		})
		checkSession(t, "GitHub Copilot CLI", reqs, out, "this session changed the repository")
		// The note when the gate lets the turn end goes to the hook's
		// stderr, which copilot -p shows nowhere (docs/agents.md says so).
		if strings.Contains(out, "letting it stop") {
			t.Errorf("copilot -p now shows the gate's note: docs/agents.md says it does not\n%s", out)
		}
		if len(reqs) == 7 {
			if n := strings.Count(reqs[0], "Remnant (REMNANT.md, local handoff memory)"); n != 1 {
				t.Errorf("the start context reached the model %d times, want once", n)
			}
			if n := strings.Count(reqs[6], "so REMNANT.md needs its handoff before you finish"); n != 1 {
				t.Errorf("the stop gate's to-do reached the model %d times, want once", n)
			}
		}
	}
	reset := func(t *testing.T) {
		r.reset(t)
		if out, err := os.ReadFile(filepath.Join(r.dir, "notes.go")); err == nil {
			t.Fatalf("notes.go survived the reset: %s", out)
		}
	}

	r.remnantGuard(t, "install", "--agent", "claude")
	t.Run("claude-entries", session)
	reset(t)
	r.remnantGuard(t, "install", "--agent", "copilot")
	t.Run("both", session)
	reset(t)
	r.remnantGuard(t, "uninstall", "--agent", "claude")
	if got, _ := os.ReadFile(settings); string(got) != before {
		t.Errorf("after uninstall, settings.json is\n%s\nwant it as before install:\n%s", got, before)
	}
	t.Run("copilot-entries", session)
	reset(t)
	// The user's hooks file too: Copilot runs both files' entries, and
	// each check still answers once.
	r.remnantGuard(t, "install", "--agent", "copilot", "--scope", "user")
	t.Run("project-and-user", session)
	r.remnantGuard(t, "uninstall", "--agent", "copilot", "--scope", "user")
	reset(t)
	t.Run("subfolder", func(t *testing.T) {
		sub := filepath.Join(r.dir, "sub")
		// --trust-folder in a subfolder trusts the subfolder only: the
		// repository's hooks do not run, and Copilot does not say so.
		reqs, out := runIn(sub, []mockmodel.Step{{Text: "Done."}}, "--trust-folder")
		if len(reqs) == 0 || strings.Contains(reqs[0], "Remnant (REMNANT.md") {
			t.Fatalf("a session started in a subfolder with --trust-folder: %d requests; Copilot CLI was expected to run no repository hooks there\n%s", len(reqs), out)
		}
		// With the repository's top trusted, they run from any folder.
		cfg := filepath.Join(r.home, ".copilot", "config.json")
		os.MkdirAll(filepath.Dir(cfg), 0o755)
		if err := os.WriteFile(cfg, []byte(`{"trustedFolders": [`+strconv.Quote(r.dir)+`]}`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(cfg)
		reqs, out = runIn(sub, []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || strings.Count(reqs[0], "Remnant (REMNANT.md, local handoff memory)") != 1 {
			t.Fatalf("a session started in a subfolder of a trusted repository did not get the start context once\n%s", out)
		}
	})
	r.remnantGuard(t, "uninstall", "--agent", "copilot")
	if _, err := os.Stat(filepath.Join(r.dir, ".github", "hooks", "remnant-guard.json")); err == nil {
		t.Error("uninstall --agent copilot left .github/hooks/remnant-guard.json")
	}
	if got, _ := os.ReadFile(other); string(got) != otherText {
		t.Errorf("after uninstall, the user's own hooks file is\n%s\nwant it as before:\n%s", got, otherText)
	}
}
