package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/remnant-guard/remnant-guard/hooks/agents"
	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

var updateAgentGolden = flag.Bool("update-agent-golden", false, "rewrite testdata/agent/*.golden")

// allowedKeys are the keys each agent documents for an answer's JSON:
// Codex voids an answer with any other key, and has no hookSpecificOutput
// on Stop.
var allowedKeys = map[agents.Agent]map[string][]string{
	agents.Codex: {
		"SessionStart": {"hookSpecificOutput", "continue", "stopReason", "systemMessage", "suppressOutput"},
		"PostToolUse":  {"hookSpecificOutput", "decision", "reason", "continue", "stopReason", "systemMessage", "suppressOutput"},
		"Stop":         {"decision", "reason", "continue", "stopReason", "systemMessage", "suppressOutput"},
	},
	// GitHub Copilot's command hooks: sessionStart {additionalContext,
	// modifiedConfig}, postToolUse {modifiedResult, additionalContext,
	// suppressOutput}, agentStop {decision, reason}.
	agents.Copilot: {
		"sessionStart": {"additionalContext", "modifiedConfig"},
		"postToolUse":  {"additionalContext", "modifiedResult", "suppressOutput"},
		"agentStop":    {"decision", "reason"},
	},
}

// TestAgentAnswersGolden writes every kind of answer in each agent's
// contract and compares stdout, stderr and the exit code with golden files.
func TestAgentAnswersGolden(t *testing.T) {
	events := map[agents.Agent][3]string{
		agents.Claude:  {"SessionStart", "PostToolUse", "Stop"},
		agents.Gemini:  {"SessionStart", "AfterTool", "AfterAgent"},
		agents.Codex:   {"SessionStart", "PostToolUse", "Stop"},
		agents.Copilot: {"sessionStart", "postToolUse", "agentStop"},
	}
	// GitHub Copilot CLI running the Claude Code entries: "claude-copilot".
	for _, agent := range append(agents.All(), "claude-copilot") {
		var client agents.Agent
		name := string(agent)
		if agent == "claude-copilot" {
			agent, client = agents.Claude, agents.Copilot
		}
		ev := events[agent]
		answers := []struct {
			name string
			ans  agents.Answer
		}{
			{"start", agents.Answer{Action: agents.Context, Event: ev[0], Text: "Remnant: read <REMNANT.md> & \"trust\" git log"}},
			{"findings", agents.Answer{Action: agents.Findings, Event: ev[1], Text: "REMNANT.md:3:1: error: x [rule]"}},
			{"block", agents.Answer{Action: agents.Block, Event: ev[2], Text: "- update REMNANT.md"}},
			{"note", agents.Answer{Action: agents.Note, Event: ev[2], Text: "letting it stop"}},
			{"silent", agents.Answer{Action: agents.Silent, Event: ev[1]}},
		}
		var all bytes.Buffer
		for _, a := range answers {
			a.ans.Client = client
			var stdout, stderr bytes.Buffer
			code := agents.WriteAnswer(agent, a.ans, &stdout, &stderr)
			all.WriteString("== " + a.name + " (" + a.ans.Event + ")\nexit " + string(rune('0'+code)) + "\nstdout: " + stdout.String() + "\nstderr: " + stderr.String() + "\n")
			checkAnswerJSON(t, agent, a.ans.Event, stdout.Bytes())
		}
		golden := filepath.Join("testdata", "agent", name+".golden")
		if *updateAgentGolden {
			os.MkdirAll(filepath.Dir(golden), 0o755)
			os.WriteFile(golden, all.Bytes(), 0o644)
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if all.String() != string(want) {
			t.Errorf("%s answers differ from %s:\n%s", agent, golden, all.String())
		}
	}
}

// checkAnswerJSON: stdout is empty or exactly one JSON object (Gemini
// wants it alone), with only keys the agent knows.
func checkAnswerJSON(t *testing.T, agent agents.Agent, event string, out []byte) {
	t.Helper()
	if len(out) == 0 {
		return
	}
	var m map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(out))
	if err := dec.Decode(&m); err != nil || dec.More() {
		t.Errorf("%s %s: stdout is not one JSON object: %q", agent, event, out)
	}
	allowed, ok := allowedKeys[agent][event]
	if !ok {
		return
	}
	for k := range m {
		found := false
		for _, a := range allowed {
			found = found || a == k
		}
		if !found {
			t.Errorf("%s %s: key %q is not one %s accepts", agent, event, k, agent)
		}
	}
}

// panicReader panics on the first read: a stand-in for any bug of ours.
type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("boom") }

func TestAgentHookRecoversFromPanics(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := runAgentHook([]string{"--agent", "gemini"}, panicReader{}, &stdout, &stderr)
	if code != agents.ExitFault || stdout.Len() != 0 || !bytes.Contains(stderr.Bytes(), []byte("remnant-guard: error: agent-hook failed unexpectedly (boom)")) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, nothing on stdout, the error on stderr", code, stdout.String(), stderr.String())
	}
}

// TestAgentHookGivesUp: a call that gets no end of stdin (or a check that
// takes too long) ends with exit 1 and a message, never holding the agent.
func TestAgentHookGivesUp(t *testing.T) {
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	var stdout, stderr bytes.Buffer
	var code int
	heapcost.Finishes(t, "an agent hook with no end of stdin", func() {
		code = agentHookWithin(200*time.Millisecond, []string{"--agent", "claude"}, r, &stdout, &stderr)
	})
	if code != agents.ExitFault || stdout.Len() != 0 || !bytes.Contains(stderr.Bytes(), []byte("no answer after 200ms")) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and the message", code, stdout.String(), stderr.String())
	}
}
