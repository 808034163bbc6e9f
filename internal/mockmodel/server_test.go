package mockmodel

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestScriptedAnswers: each API answers the main loop's requests with the
// script's steps in order, in its own stream format, keeps their bodies,
// and answers side requests without taking a step.
func TestScriptedAnswers(t *testing.T) {
	for _, c := range []struct {
		api          API
		path, body   string
		side, sideAt string
		want         []string
	}{
		{Anthropic, "/v1/messages", `{"stream":true,"tools":[{"name":"Write"}]}`, `{"stream":false}`, "/v1/messages",
			[]string{"event: message_start", `"type":"tool_use"`, `"partial_json":"{\"file_path\":\"a.md\"}"`, `"stop_reason":"tool_use"`}},
		{Gemini, "/v1beta/models/m:streamGenerateContent", `{"contents":[]}`, `{}`, "/v1beta/models/m:generateContent",
			[]string{"data: ", `"functionCall":{"args":{"file_path":"a.md"},"name":"Write"}`}},
		{OpenAI, "/v1/responses", `{"input":[]}`, ``, "/v1/models",
			[]string{"event: response.output_item.done", `"type":"function_call"`, `"arguments":"{\"file_path\":\"a.md\"}"`, "event: response.completed"}},
	} {
		s, err := Start(c.api, []Step{{Tool: "Write", Input: map[string]any{"file_path": "a.md"}}})
		if err != nil {
			t.Fatal(err)
		}
		post := func(path, body string) string {
			resp, err := http.Post(s.URL+path, "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			out, _ := io.ReadAll(resp.Body)
			return string(out)
		}
		post(c.sideAt, c.side)
		got := post(c.path, c.body)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("api %d: no %s in\n%s", c.api, w, got)
			}
		}
		if again := post(c.path, c.body); !strings.Contains(again, "Done.") {
			t.Errorf("api %d: after the script, not the final text:\n%s", c.api, again)
		}
		if reqs := s.Requests(); len(reqs) != 2 || reqs[0] != c.body {
			t.Errorf("api %d: requests kept: %q", c.api, reqs)
		}
		s.Close()
	}
}
