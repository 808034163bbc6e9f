package agents

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// settingsFixtures are settings files that already hold other keys and
// hooks, in the styles people write them.
var settingsFixtures = map[string]string{
	"empty":               `{}`,
	"one line":            `{"model": "opus", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
	"tabs":                "{\n\t\"env\": {\"A\": \"1\"},\n\t\"hooks\": {\n\t\t\"SessionStart\": [\n\t\t\t{\"hooks\": [{\"type\": \"command\", \"command\": \"hello\"}]}\n\t\t]\n\t}\n}\n",
	"four":                "{\n    \"hooks\": {},\n    \"z\": [1, 2, 3],\n    \"a\": null\n}\n",
	"no hooks":            "{\n  \"permissions\": {\n    \"deny\": [\"Read(.env)\"]\n  }\n}\n",
	"crlf":                "{\r\n  \"hooks\": {\r\n    \"Stop\": [\r\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}\r\n    ]\r\n  }\r\n}\r\n",
	"hooks only comments": "{\n  \"ui\": {\"theme\": \"dark\"},\n  \"hooks\": {\n    // none yet\n  }\n}\n",
	"stop empty":          "{\n  \"hooks\": {\n    \"Stop\": [],\n    \"PostToolUse\": [\n      {\n        \"matcher\": \"Write\",\n        \"hooks\": [\n          {\"type\": \"command\", \"command\": \"fmt\"}\n        ]\n      }\n    ]\n  }\n}\n",
}

func TestSettingsInstallUninstallRoundTrip(t *testing.T) {
	for _, agent := range All() {
		for name, src := range settingsFixtures {
			if strings.Contains(name, "comments") && agent != Gemini {
				continue // only Gemini CLI reads comments in its settings
			}
			se := settingsEditor{name: name, agent: agent, comments: agent == Gemini}
			out, err := se.add([]byte(src))
			if err != nil {
				t.Fatalf("%s %s: %v", agent, name, err)
			}
			again, err := se.add(out)
			if err != nil || string(again) != string(out) {
				t.Errorf("%s %s: a second install changed the file:\n%s", agent, name, again)
			}
			checkInstalled(t, agent, name, src, out)
			if name == "crlf" && strings.Count(string(out), "\n") != strings.Count(string(out), "\r\n") {
				t.Errorf("%s crlf: a bare LF was added:\n%q", agent, out)
			}
			// Entries of an earlier version (another command) are replaced.
			cur, _ := json.Marshal(hookCommand(agent))
			older := strings.ReplaceAll(string(out), strings.Trim(string(cur), `"`), "/opt/bin/remnant-guard agent-hook --agent "+string(agent))
			moved, err := se.add([]byte(older))
			if err != nil || strings.Count(string(moved), "agent-hook --agent") != 3 || strings.Contains(string(moved), "/opt/bin") {
				t.Errorf("%s %s: install did not replace the entries of an earlier version:\n%s", agent, name, moved)
			}
			back, n, gone, err := se.undo(out)
			if err != nil || n != 3 || gone {
				t.Fatalf("%s %s: undo: %d removed, gone %v, %v", agent, name, n, gone, err)
			}
			if string(back) != src {
				t.Errorf("%s %s: uninstall did not give back the file:\n got %q\nwant %q", agent, name, back, src)
			}
		}
	}
}

// checkInstalled parses the installed file back as the agent reads it: our
// three events, each with one command handler, the other keys and hooks
// kept.
func checkInstalled(t *testing.T, agent Agent, name, before string, out []byte) {
	t.Helper()
	var got, orig map[string]any
	lineComment := regexp.MustCompile(`(?m)^\s*//.*$`)
	out = lineComment.ReplaceAll(out, nil)
	before = lineComment.ReplaceAllString(before, "")
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%s %s: installed file is not JSON: %v\n%s", agent, name, err, out)
	}
	if err := json.Unmarshal([]byte(before), &orig); err != nil {
		t.Fatal(err)
	}
	for k, v := range orig {
		if k == "hooks" {
			continue
		}
		if a, b := mustJSON(v), mustJSON(got[k]); a != b {
			t.Errorf("%s %s: key %q changed: %s -> %s", agent, name, k, a, b)
		}
	}
	hooks, _ := got["hooks"].(map[string]any)
	for _, ev := range agent.spec().events {
		list, _ := hooks[ev.name].([]any)
		n := 0
		for _, g := range list {
			gm := g.(map[string]any)
			for _, h := range gm["hooks"].([]any) {
				hm := h.(map[string]any)
				if isOurCommand(hm["command"].(string)) {
					n++
					if hm["type"] != "command" || (ev.matcher != "" && gm["matcher"] != ev.matcher) {
						t.Errorf("%s %s: %s entry %v", agent, name, ev.name, gm)
					}
					if to := hm["timeout"].(float64); (agent == Gemini) != (to == 30000) {
						t.Errorf("%s %s: timeout %v", agent, name, to)
					}
				}
			}
		}
		if n != 1 {
			t.Errorf("%s %s: %d entries of ours for %s", agent, name, n, ev.name)
		}
	}
	if oh, ok := orig["hooks"].(map[string]any); ok {
		for ev, list := range oh {
			if !strings.Contains(mustJSON(hooks[ev]), strings.Trim(mustJSON(list), "[]")) {
				t.Errorf("%s %s: the hooks of %s were not kept", agent, name, ev)
			}
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestSettingsRemoveKeepsForeignHandlersInOurGroup(t *testing.T) {
	cmd := hookCommand(Claude)
	cj, _ := json.Marshal(cmd)
	src := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "mine"}, {"type": "command", "command": ` + string(cj) + `}]}]}}`
	out, n, err := settingsEditor{agent: Claude}.remove([]byte(src))
	want := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "mine"}]}]}}`
	if err != nil || n != 1 || string(out) != want {
		t.Errorf("got %q (%d, %v), want %q", out, n, err, want)
	}
}
