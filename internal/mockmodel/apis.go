package mockmodel

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// anthropic answers a Messages request. A request without tools is one of
// the client's side questions (a title, a summary): it gets a short text
// and takes no step of the script.
func (s *Server) anthropic(w http.ResponseWriter, body string) {
	var req struct {
		Model  string            `json:"model"`
		Stream bool              `json:"stream"`
		Tools  []json.RawMessage `json:"tools"`
	}
	json.Unmarshal([]byte(body), &req)
	st := Step{Text: "ok"}
	if len(req.Tools) > 0 {
		st = s.next(body)
	}
	n := s.id()
	var block map[string]any
	stop := "end_turn"
	if st.Tool != "" {
		block = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%04d", n), "name": st.Tool, "input": st.Input}
		stop = "tool_use"
	} else {
		block = map[string]any{"type": "text", "text": st.Text}
	}
	usage := map[string]any{"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	msg := map[string]any{"id": fmt.Sprintf("msg_%04d", n), "type": "message", "role": "assistant", "model": req.Model,
		"stop_reason": nil, "stop_sequence": nil, "usage": usage, "content": []any{}}
	if !req.Stream {
		msg["content"] = []any{block}
		msg["stop_reason"] = stop
		writeJSON(w, msg)
		return
	}
	e := newSSE(w)
	e.send("message_start", map[string]any{"type": "message_start", "message": msg})
	if st.Tool != "" {
		e.send("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": block["id"], "name": st.Tool, "input": map[string]any{}}})
		e.send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": mustJSON(st.Input)}})
	} else {
		e.send("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		e.send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": st.Text}})
	}
	e.send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	e.send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 5}})
	e.send("message_stop", map[string]any{"type": "message_stop"})
}

// gemini answers a streamGenerateContent request of the main loop.
func (s *Server) gemini(w http.ResponseWriter, body string) {
	st := s.next(body)
	part := map[string]any{"text": st.Text}
	if st.Tool != "" {
		part = map[string]any{"functionCall": map[string]any{"name": st.Tool, "args": st.Input}}
	}
	e := newSSE(w)
	e.send("", map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP", "index": 0,
		}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  "gemini-2.5-pro",
	})
}

// openAI answers a Responses request: one output item, then the end.
func (s *Server) openAI(w http.ResponseWriter, body string) {
	st := s.next(body)
	n := s.id()
	resp := map[string]any{"id": fmt.Sprintf("resp_%04d", n), "object": "response", "status": "in_progress", "output": []any{}}
	var item map[string]any
	switch {
	case st.Tool != "" && st.Custom:
		item = map[string]any{"type": "custom_tool_call", "id": fmt.Sprintf("ctc_%04d", n), "call_id": fmt.Sprintf("call_%04d", n),
			"name": st.Tool, "input": st.Raw, "status": "completed"}
	case st.Tool != "":
		item = map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_%04d", n), "call_id": fmt.Sprintf("call_%04d", n),
			"name": st.Tool, "arguments": mustJSON(st.Input), "status": "completed"}
	default:
		item = map[string]any{"type": "message", "id": fmt.Sprintf("msg_%04d", n), "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": st.Text, "annotations": []any{}}}}
	}
	e := newSSE(w)
	e.send("response.created", map[string]any{"type": "response.created", "response": resp})
	e.send("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item})
	e.send("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	resp["status"] = "completed"
	resp["output"] = []any{item}
	resp["usage"] = map[string]any{"input_tokens": 10, "input_tokens_details": map[string]any{"cached_tokens": 0},
		"output_tokens": 5, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 15}
	e.send("response.completed", map[string]any{"type": "response.completed", "response": resp})
}
