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
// agents do. The project's command runs remnant-guard from PATH; a local
// or user one the binary install saw, else remnant-guard from PATH. With
// none, both say so and exit 1, which blocks nothing in any agent.
func TestAgentCommandRuns(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "it's here", "remnant-guard")
	os.MkdirAll(filepath.Dir(bin), 0o755)
	os.WriteFile(bin, []byte("#!/bin/sh\necho \"ran $*\"; cat\n"), 0o755)
	run := func(a Agent, binary, path string) (string, int) {
		cmd := exec.Command("sh", "-c", hookCommand(a, binary))
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
		if out, code := run(a, bin, "/usr/bin:/bin"); code != 0 || out != "ran agent-hook --agent "+string(a)+"\n{payload}" {
			t.Errorf("%s, with the binary in place: %q, exit %d", a, out, code)
		}
		if out, code := run(a, "", filepath.Dir(bin)+":/usr/bin:/bin"); code != 0 || out != "ran agent-hook --agent "+string(a)+"\n{payload}" {
			t.Errorf("%s, project command, on PATH: %q, exit %d", a, out, code)
		}
	}
	os.Rename(bin, filepath.Join(dir, "remnant-guard"))
	if out, code := run(Gemini, bin, dir+":/usr/bin:/bin"); code != 0 || !strings.HasPrefix(out, "ran agent-hook") {
		t.Errorf("from PATH: %q, exit %d", out, code)
	}
	for _, a := range All() {
		for _, b := range []string{bin, ""} {
			out, code := run(a, b, "/usr/bin:/bin")
			if code != 1 || out != missingText(a)+"\n" {
				t.Errorf("%s %q with no binary: %q, exit %d (want the note and 1, which blocks nothing)", a, b, out, code)
			}
		}
	}
}

// TestProjectCommandNamesNoPath: the project's settings, which a team
// commits, name no path of the machine install ran on.
func TestProjectCommandNamesNoPath(t *testing.T) {
	for _, a := range All() {
		out, err := InstallOptions{Agent: a}.editor("x").add([]byte("{}"), InstallOptions{Agent: a, Binary: "/home/me/go/bin/remnant-guard"}.binary())
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), "/home/me") || !strings.Contains(string(out), "exec remnant-guard agent-hook --agent "+string(a)) {
			t.Errorf("%s: project settings:\n%s", a, out)
		}
		local := InstallOptions{Agent: a, Scope: "user", Binary: "/home/me/go/bin/remnant-guard"}.binary()
		if got, ok := commandBinary(a, hookCommand(a, local)); !ok || got != local {
			t.Errorf("%s: commandBinary of a user command = %q, %v", a, got, ok)
		}
		if got, ok := commandBinary(a, hookCommand(a, "")); !ok || got != "" {
			t.Errorf("%s: commandBinary of the project command = %q, %v", a, got, ok)
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
