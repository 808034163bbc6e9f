package agents

import (
	"errors"
	"testing"
)

// TestParsePayloadErrors: each payload remnant-guard cannot act on is an
// *InputError saying what is wrong, in words, not in Go's type names.
func TestParsePayloadErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "hook payload: stdin is empty: the agent passes the event as JSON on stdin"},
		{"[1,2,3]", "hook payload: want a JSON object, not an array"},
		{"42", "hook payload: want a JSON object, not a number"},
		{`"x"`, "hook payload: want a JSON object, not a string"},
		{`{"session_id": 1}`, "hook payload: field session_id: want a string"},
		{`{"hook_event_name": "Stop"}`, "hook payload: no cwd"},
		{`{"hook_event_name": "Stop", "cwd": "rel"}`, `hook payload: cwd "rel" is not an absolute path`},
		{`{`, "hook payload: not JSON (at byte 1): unexpected end of JSON input"},
	} {
		_, err := ParsePayload([]byte(tc.in))
		var ie *InputError
		if !errors.As(err, &ie) || err.Error() != tc.want {
			t.Errorf("ParsePayload(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestPayloadNullBesideCamelCase: a payload carrying both forms, the
// snake_case one null, is read by its camelCase fields: the file written
// is found, a failed tool is seen as failed.
func TestPayloadNullBesideCamelCase(t *testing.T) {
	p, err := ParsePayload([]byte(`{"hook_event_name":"postToolUse","cwd":"/r","tool_input":null,"tool_result":null,"toolName":"edit","toolArgs":{"path":"/r/REMNANT.md"},"toolResult":{"resultType":"failure"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := p.WrittenPaths(Copilot); err != nil || len(got) != 1 || got[0] != "/r/REMNANT.md" {
		t.Errorf("WrittenPaths = %q, %v; want the toolArgs path", got, err)
	}
	if !p.ToolFailed() {
		t.Error("the failed tool's toolResult was not read")
	}
}
