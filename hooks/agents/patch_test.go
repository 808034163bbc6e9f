package agents

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPatchPaths(t *testing.T) {
	for _, c := range []struct {
		patch string
		want  []string
	}{
		{"*** Begin Patch\n*** Add File: a/REMNANT.md\n+x\n*** End Patch\n", []string{"a/REMNANT.md"}},
		{"*** Begin Patch\r\n*** Update File: x.go\r\n@@\r\n-a\r\n+b\r\n*** Update File: AGENTS.md\r\n*** End Patch", []string{"x.go", "AGENTS.md"}},
		{"*** Begin Patch\n*** Update File: old.md\n*** Move to: docs/memory/brief.md\n@@\n*** End Patch", []string{"docs/memory/brief.md"}},
		{"*** Begin Patch\n*** Delete File: REMNANT.md\n*** End Patch", nil},
		{"*** Begin Patch\n*** Add File: a\n*** Update File: a\n*** End Patch", []string{"a"}},
		{"*** Begin Patch\n+*** Add File: inside-content\n*** End Patch", nil},
		{"not a patch", nil},
		// Codex trims a hunk header line before reading it...
		{"*** Begin Patch\n  *** Update File: REMNANT.md\n@@\n-a\n+b\n*** End Patch\n", []string{"REMNANT.md"}},
		{"*** Begin Patch\n*** Add File: x.go\n+x\n\t*** Add File: AGENTS.md\n+y\n*** End Patch", []string{"x.go", "AGENTS.md"}},
		// ...but not a Move to line, nor a context line of an update.
		{"*** Begin Patch\n*** Update File: a.md\n  *** Move to: b.md\n@@\n-a\n+b\n*** End Patch", []string{"a.md"}},
		{"*** Begin Patch\n*** Update File: x.go\n@@\n *** Add File: CLAUDE.md\n-a\n+b\n*** End Patch", []string{"x.go"}},
		{"apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: notes.md\n*** Move to: REMNANT.md\n@@\n-a\n+b\n*** End Patch\nEOF\n", []string{"REMNANT.md"}},
	} {
		if got := patchPaths(c.patch); !slices.Equal(got, c.want) {
			t.Errorf("PatchPaths(%q) = %q, want %q", c.patch, got, c.want)
		}
	}
}

// TestAgentCommandRuns runs the installed commands through sh as the
// agents do: remnant-guard from PATH; with none, a warning and exit 1,
// which blocks nothing in any agent.
func TestAgentCommandRuns(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := filepath.Join(t.TempDir(), "it's here")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "remnant-guard"), []byte("#!/bin/sh\necho \"ran $*\"; cat\n"), 0o755)
	run := func(a Agent, path string) (string, int) {
		cmd := exec.Command("sh", "-c", hookCommand(a))
		cmd.Env = []string{"PATH=" + path}
		cmd.Stdin = strings.NewReader("{payload}")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return string(out), code
	}
	for _, a := range All() {
		if out, code := run(a, dir+":/usr/bin:/bin"); code != 0 || out != "ran agent-hook --agent "+string(a)+"\n{payload}" {
			t.Errorf("%s, on PATH: %q, exit %d", a, out, code)
		}
		if out, code := run(a, "/usr/bin:/bin"); code != 1 || out != missingText(a)+"\n" {
			t.Errorf("%s, not on PATH: %q, exit %d (want the warning and 1, which blocks nothing)", a, out, code)
		}
	}
}

// TestSettingsNameNoPath: the settings, which a team commits, name no path
// of the machine install ran on, in any scope.
func TestSettingsNameNoPath(t *testing.T) {
	home := t.TempDir()
	for _, a := range All() {
		res, err := Install(InstallOptions{Agent: a, Scope: "user", Home: home})
		if err != nil {
			t.Fatal(err)
		}
		out, _ := os.ReadFile(res.File)
		if strings.Contains(string(out), home) || strings.Count(string(out), "exec remnant-guard agent-hook --agent "+string(a)) != 3 {
			t.Errorf("%s: settings:\n%s", a, out)
		}
	}
}

func TestWrittenPaths(t *testing.T) {
	for _, c := range []struct {
		agent Agent
		input string
		want  []string
	}{
		{Claude, `{"file_path":"/r/REMNANT.md","content":"x"}`, []string{"/r/REMNANT.md"}},
		{Claude, `{"notebook_path":"/r/n.ipynb","new_source":"x"}`, []string{"/r/n.ipynb"}},
		{Gemini, `{"file_path":"docs/memory/brief.md","old_string":"a","new_string":"b"}`, []string{"docs/memory/brief.md"}},
		{Codex, `{"command":"*** Begin Patch\n*** Add File: AGENTS.md\n+x\n*** End Patch"}`, []string{"AGENTS.md"}},
		{Codex, `{"command":["apply_patch","*** Begin Patch\n*** Update File: REMNANT.md\n*** End Patch"]}`, []string{"REMNANT.md"}},
		{Codex, `"*** Begin Patch\n*** Add File: GEMINI.md\n*** End Patch"`, []string{"GEMINI.md"}},
		{Codex, `null`, nil},
	} {
		p := &Payload{ToolInput: []byte(c.input)}
		got, err := p.WrittenPaths(c.agent)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s %s: %q, %v; want %q", c.agent, c.input, got, err, c.want)
		}
	}
	if _, err := (&Payload{ToolInput: []byte(`[1]`)}).WrittenPaths(Claude); err == nil {
		t.Error("tool_input that is an array: no error")
	}
}
