package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/internal/mockmodel"
)

// TestRealCodex drives Codex CLI through scripted sessions with
// remnant-guard's hooks installed.
func TestRealCodex(t *testing.T) {
	codex := realClient(t, "codex")
	r := newRealRepo(t, buildBinary(t))
	codexHome := filepath.Join(r.home, ".codex")
	os.MkdirAll(codexHome, 0o755)
	hooksFile := filepath.Join(r.dir, ".codex", "hooks.json")
	os.MkdirAll(filepath.Dir(hooksFile), 0o755)
	before := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}` + "\n"
	os.WriteFile(hooksFile, []byte(before), 0o644)
	r.remnantGuard(t, "install", "--agent", "codex")

	run := func(dir string, steps []mockmodel.Step) ([]string, string) {
		setup := func(url string) {
			cfg := fmt.Sprintf("model = \"gpt-5.5\"\nmodel_provider = \"mock\"\n\n[model_providers.mock]\nname = \"mock\"\nbase_url = %q\nwire_api = \"responses\"\nenv_key = \"MOCK_API_KEY\"\n\n[projects.%q]\ntrust_level = \"trusted\"\n",
				url+"/v1", r.dir)
			if err := os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		srv, out := runClient(t, mockmodel.OpenAI, steps, dir, setup, []string{
			"HOME=" + r.home, "PATH=" + r.path, "CODEX_HOME=" + codexHome, "MOCK_API_KEY=dummy", "NO_COLOR=1",
		}, codex, "exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "--dangerously-bypass-hook-trust", "Work on the task.")
		return srv.Requests(), out
	}
	patch := func(body string) mockmodel.Step {
		return mockmodel.Step{Tool: "apply_patch", Custom: true, Raw: "*** Begin Patch\n" + body + "*** End Patch\n"}
	}
	shell := func(cmd string) mockmodel.Step {
		return mockmodel.Step{Tool: "exec_command", Input: map[string]any{"cmd": cmd}}
	}
	now := time.Now().UTC().Format(time.RFC3339)
	t.Run("session", func(t *testing.T) {
		reqs, out := run(r.dir, []mockmodel.Step{
			patch("*** Update File: REMNANT.md\n@@\n-- 2026-05-04 — Keep it small — easier to read.\n+- 2026-05-04 — Keep it big — easier to read.\n"),
			patch("*** Update File: REMNANT.md\n@@\n-- Empty.\n+- token " + realSecret + "\n"),
			patch("*** Update File: REMNANT.md\n@@\n-- date: 2026-05-05\n+- date: " + now + "\n@@\n-- Nothing yet.\n+- Wrote the handoff.\n@@\n-- token " + realSecret + "\n+- Empty.\n@@\n-- 2026-05-04 — Keep it big — easier to read.\n+- 2026-05-04 — Keep it small — easier to read.\n"),
			patch("*** Add File: notes.go\n+package main\n"),
			shell("cp " + filepath.Join(r.fixtures, "broken.md") + " REMNANT.md"),
			{Text: "Done."},
			{Text: "Done."},
		})
		checkSession(t, "Codex", reqs, out, "hook_prompt")
		// The note when the gate lets the turn end goes to the hook's
		// stderr, which codex exec shows nowhere (docs/agents.md says so).
		if strings.Contains(out, "letting it stop") {
			t.Errorf("codex exec now shows the gate's note: docs/agents.md says it does not\n%s", out)
		}
	})
	r.reset(t)
	t.Run("shell", func(t *testing.T) {
		// A patch sent through the shell: Codex applies it itself and
		// fires no write hook.
		p, _ := os.ReadFile(filepath.Join(r.fixtures, "patch.txt"))
		reqs, out := run(r.dir, []mockmodel.Step{
			shell("apply_patch <<'EOF'\n" + string(p) + "EOF\n"),
			{Text: "Done."},
			{Text: "Done."},
		})
		checkShell(t, "Codex", reqs, out)
	})
	r.reset(t)
	t.Run("subfolder", func(t *testing.T) {
		reqs, out := run(filepath.Join(r.dir, "sub"), []mockmodel.Step{{Text: "Done."}})
		if len(reqs) == 0 || !strings.Contains(reqs[0], "Remnant (REMNANT.md") {
			t.Fatalf("a session started in a subfolder got no start context\n%s", out)
		}
	})
	r.reset(t)
	t.Run("not-on-path", func(t *testing.T) {
		srv, out := runClient(t, mockmodel.OpenAI, []mockmodel.Step{{Text: "Done."}}, r.dir, func(url string) {
			cfg := fmt.Sprintf("model = \"gpt-5.5\"\nmodel_provider = \"mock\"\n\n[model_providers.mock]\nname = \"mock\"\nbase_url = %q\nwire_api = \"responses\"\nenv_key = \"MOCK_API_KEY\"\n\n[projects.%q]\ntrust_level = \"trusted\"\n", url+"/v1", r.dir)
			os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(cfg), 0o644)
		}, []string{"HOME=" + r.home, "PATH=" + pathWithout("remnant-guard"), "CODEX_HOME=" + codexHome, "MOCK_API_KEY=dummy", "NO_COLOR=1"},
			codex, "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "--dangerously-bypass-hook-trust", "Work on the task.")
		if len(srv.Requests()) == 0 {
			t.Fatalf("no request reached the model\n%s", out)
		}
		// The hooks fail with the warning on stderr; codex exec says only
		// that they failed (docs/agents.md says so).
		if !strings.Contains(out, "SessionStart Failed") || strings.Contains(out, "memory files are not checked") {
			t.Errorf("codex exec without remnant-guard on PATH: want the hook's failure and not its warning shown, as docs/agents.md says\n%s", out)
		}
	})
	// Installed for the user too: Codex runs both files' entries, and
	// each check still answers once.
	r.reset(t)
	r.remnantGuard(t, "install", "--agent", "codex", "--scope", "user")
	t.Run("project-and-user", func(t *testing.T) {
		reqs, out := run(r.dir, []mockmodel.Step{
			patch("*** Update File: REMNANT.md\n@@\n-- 2026-05-04 — Keep it small — easier to read.\n+- 2026-05-04 — Keep it big — easier to read.\n"),
			{Text: "Done."},
			{Text: "Done."},
		})
		if len(reqs) != 3 {
			t.Fatalf("Codex made %d requests, want 3 (a patch, a stop the gate blocks, a stop it lets end)\n%s", len(reqs), out)
		}
		if got := countIn(reqs, "breaks the memory rules"); got[1] != 1 || strings.Count(reqs[0], "Remnant (REMNANT.md, local handoff memory)") != 1 || strings.Count(reqs[2], "Then end your turn again.") != 1 {
			t.Errorf("with project and user hooks: findings per request %v, start context %d times, the gate's to-do %d times; want each once\n%s",
				got, strings.Count(reqs[0], "Remnant (REMNANT.md, local handoff memory)"), strings.Count(reqs[2], "Then end your turn again."), out)
		}
	})
	r.remnantGuard(t, "uninstall", "--agent", "codex", "--scope", "user")
	r.remnantGuard(t, "uninstall", "--agent", "codex")
	if got, _ := os.ReadFile(hooksFile); string(got) != before {
		t.Errorf("after uninstall, hooks.json is\n%s\nwant it as before install:\n%s", got, before)
	}
}
