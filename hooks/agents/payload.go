package agents

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// InputError is a hook payload remnant-guard cannot act on.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return "hook payload: " + e.Msg }

// Payload is what agent-hook reads of a hook's stdin, in the fields the
// agents share. GitHub Copilot's camelCase events name the same things in
// camelCase (sessionId, toolName, toolArgs, toolResult) and no event;
// under Claude Code's event names it sends snake_case, with the result of
// a tool as tool_result.
type Payload struct {
	Event          string          `json:"hook_event_name"`
	SessionID      string          `json:"session_id"`
	Cwd            string          `json:"cwd"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolResponse   json.RawMessage `json:"tool_response"`
	StopHookActive bool            `json:"stop_hook_active"`

	// ToolResult is GitHub Copilot's result of the tool: under Claude
	// Code's event names tool_result {result_type, ...}, under its own
	// toolResult {resultType, ...}.
	ToolResult json.RawMessage `json:"tool_result"`
	// What tells two runs of one event from two events (RunKey).
	Timestamp json.RawMessage `json:"timestamp"`
	ToolUseID string          `json:"tool_use_id"`
	TurnID    string          `json:"turn_id"`
	copilotFields
}

// copilotFields are the fields of GitHub Copilot's camelCase payloads.
type copilotFields struct {
	CSessionID      string          `json:"sessionId"`
	CToolName       string          `json:"toolName"`
	CToolArgs       json.RawMessage `json:"toolArgs"`
	CToolResult     json.RawMessage `json:"toolResult"`
	CStopHookActive bool            `json:"stopHookActive"`
}

// WithEvent is a payload with the event name added in front, for a
// payload that names none (GitHub Copilot's camelCase events): a
// hook_event_name the payload holds itself comes later and wins.
func WithEvent(data []byte, event string) []byte {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if event == "" || len(trimmed) == 0 || trimmed[0] != '{' {
		return data
	}
	name, _ := json.Marshal(event)
	out := make([]byte, 0, len(trimmed)+len(name)+24)
	out = append(out, `{"hook_event_name":`...)
	out = append(out, name...)
	rest := bytes.TrimLeft(trimmed[1:], " \t\r\n")
	if len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, rest...)
}

func ParsePayload(data []byte) (*Payload, error) {
	var p Payload
	if err := json.Unmarshal(data, &p); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case len(strings.TrimSpace(string(data))) == 0:
			return nil, &InputError{Msg: "stdin is empty: the agent passes the event as JSON on stdin"}
		case errors.As(err, &se):
			return nil, &InputError{Msg: fmt.Sprintf("not JSON (at byte %d): %v", se.Offset, se)}
		case errors.As(err, &te):
			if te.Field == "" { // the payload itself is not an object
				return nil, &InputError{Msg: fmt.Sprintf("want a JSON object, not %s %s", article(te.Value), te.Value)}
			}
			return nil, &InputError{Msg: fmt.Sprintf("field %s: want a %s", te.Field, te.Type)}
		}
		return nil, &InputError{Msg: err.Error()}
	}
	switch {
	case p.Event == "":
		return nil, &InputError{Msg: "no hook_event_name"}
	case p.Cwd == "":
		return nil, &InputError{Msg: "no cwd"}
	case !filepath.IsAbs(p.Cwd):
		return nil, &InputError{Msg: fmt.Sprintf("cwd %q is not an absolute path", p.Cwd)}
	}
	p.fromCamelCase()
	return &p, nil
}

// fromCamelCase fills the shared fields from GitHub Copilot's camelCase
// ones where the payload has no snake_case form of them.
func (p *Payload) fromCamelCase() {
	c := p.copilotFields
	if p.SessionID == "" {
		p.SessionID = c.CSessionID
	}
	if p.ToolName == "" {
		p.ToolName = c.CToolName
	}
	// A snake_case field given as null names nothing: the camelCase one,
	// when there is one, does.
	if absent(p.ToolInput) {
		p.ToolInput = c.CToolArgs
	}
	if absent(p.ToolResult) {
		p.ToolResult = c.CToolResult
	}
	p.StopHookActive = p.StopHookActive || c.CStopHookActive
	p.copilotFields = copilotFields{}
}

// absent tells a JSON field that is missing or null.
func absent(v json.RawMessage) bool { return len(v) == 0 || string(v) == "null" }

// toolInput holds the fields of the write tools' input that name files.
type toolInput struct {
	FilePath     string          `json:"file_path"`
	Path         string          `json:"path"` // GitHub Copilot's create and edit
	NotebookPath string          `json:"notebook_path"`
	Command      json.RawMessage `json:"command"`
	Patch        string          `json:"patch"`
	Input        string          `json:"input"`
}

// WrittenPaths returns the files a write tool call names, as the payload
// gives them (absolute, or relative to cwd).
func (p *Payload) WrittenPaths(agent Agent) ([]string, error) {
	var in toolInput
	var raw string
	isText := len(p.ToolInput) > 0 && p.ToolInput[0] == '"' && json.Unmarshal(p.ToolInput, &raw) == nil
	switch {
	case isText && !agent.spec().patches:
		// GitHub Copilot's documentation has toolArgs as a JSON text.
		if err := json.Unmarshal([]byte(raw), &in); err != nil {
			return nil, &InputError{Msg: "tool arguments: " + err.Error()}
		}
	case isText:
		in.Patch = raw // the patch itself, as a string
	case len(p.ToolInput) > 0 && string(p.ToolInput) != "null":
		if err := json.Unmarshal(p.ToolInput, &in); err != nil {
			return nil, &InputError{Msg: "tool_input: " + err.Error()}
		}
	}
	if !agent.spec().patches {
		var out []string
		for _, f := range []string{in.FilePath, in.NotebookPath, in.Path} {
			if f != "" {
				out = append(out, f)
			}
		}
		return out, nil
	}
	return patchPaths(in.patchText()), nil
}

// patchText finds the apply_patch text: tool_input.command as a string or
// as an argument vector, or a patch or input field.
func (in toolInput) patchText() string {
	var s string
	if json.Unmarshal(in.Command, &s) == nil && s != "" {
		return s
	}
	var argv []string
	if json.Unmarshal(in.Command, &argv) == nil {
		for _, a := range argv {
			if strings.Contains(a, "*** Begin Patch") {
				return a
			}
		}
	}
	if in.Patch != "" {
		return in.Patch
	}
	return in.Input
}

// ToolFailed tells a tool call that failed: Gemini CLI's AfterTool fires
// for those too, with tool_response.error set; GitHub Copilot's result
// type is other than "success".
func (p *Payload) ToolFailed() bool {
	if len(p.ToolResult) > 0 && p.ToolResult[0] == '{' {
		var r struct {
			Snake string `json:"result_type"`
			Camel string `json:"resultType"`
		}
		if json.Unmarshal(p.ToolResult, &r) == nil {
			if t := r.Snake + r.Camel; t != "" && t != "success" {
				return true
			}
		}
	}
	var r struct {
		Error json.RawMessage `json:"error"`
	}
	if len(p.ToolResponse) == 0 || p.ToolResponse[0] != '{' || json.Unmarshal(p.ToolResponse, &r) != nil {
		return false
	}
	e := strings.TrimSpace(string(r.Error))
	return e != "" && e != "null" && e != `""` && e != "false"
}

// article is "a" or "an" for a JSON kind ("array", "number", ...).
func article(kind string) string {
	if kind != "" && strings.IndexByte("aeiou", kind[0]) >= 0 {
		return "an"
	}
	return "a"
}
