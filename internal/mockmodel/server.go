package mockmodel

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
)

// API is the model API a server speaks.
type API int

const (
	Anthropic API = iota + 1 // POST /v1/messages, SSE when "stream" is true
	Gemini                   // POST /v1beta/models/<m>:generateContent and :streamGenerateContent?alt=sse
	OpenAI                   // POST /v1/responses, SSE
)

// Step is one answer of the scripted model: a call of Tool with Input
// (Custom: a free-form tool whose input is the string Raw, as Codex's
// apply_patch), or, with no Tool, the final Text of a turn.
type Step struct {
	Tool   string
	Input  map[string]any
	Custom bool
	Raw    string
	Text   string
}

// Server is a running mock of one API.
type Server struct {
	URL string // http://127.0.0.1:PORT

	api   API
	srv   *http.Server
	ln    net.Listener
	mu    sync.Mutex
	steps []Step
	reqs  []string
	other []string
	calls int
}

// Start serves api on a free port of 127.0.0.1 with the script steps;
// once they are used up, each request gets the final text "Done.".
func Start(api API, steps []Step) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{URL: "http://" + ln.Addr().String(), api: api, ln: ln, steps: steps}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve)}
	go s.srv.Serve(ln)
	return s, nil
}

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

// Requests returns the bodies of the main loop's requests, in order.
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.reqs...)
}

// next records a main-loop request and returns its step.
func (s *Server) next(body string) Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, body)
	if len(s.steps) == 0 {
		return Step{Text: "Done."}
	}
	st := s.steps[0]
	s.steps = s.steps[1:]
	return st
}

func (s *Server) id() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	return s.calls
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	body := string(data)
	switch {
	case s.api == Anthropic && r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
		s.anthropic(w, body)
	case s.api == Gemini && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, ":streamGenerateContent"):
		s.gemini(w, body)
	case s.api == Gemini && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, ":generateContent"):
		s.note(r)
		// The client's own side questions (which model to route to, who
		// speaks next) get one answer that fits each.
		writeJSON(w, map[string]any{"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": `{"complexity_reasoning":"simple","complexity_score":5,"reasoning":"the model is done","next_speaker":"user"}`}}},
			"finishReason": "STOP", "index": 0,
		}}, "usageMetadata": map[string]any{"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}})
	case s.api == Gemini && strings.HasSuffix(r.URL.Path, ":countTokens"):
		s.note(r)
		writeJSON(w, map[string]any{"totalTokens": 10})
	case s.api == OpenAI && r.Method == http.MethodPost && r.URL.Path == "/v1/responses":
		s.openAI(w, body)
	default:
		s.note(r)
		http.NotFound(w, r)
	}
}

func (s *Server) note(r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.other = append(s.other, r.Method+" "+r.URL.Path)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// sse writes server-sent events: each is an event name (or "") and data.
type sse struct {
	w http.ResponseWriter
}

func newSSE(w http.ResponseWriter) sse {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	return sse{w}
}

func (e sse) send(event string, data any) {
	b, _ := json.Marshal(data)
	if event != "" {
		fmt.Fprintf(e.w, "event: %s\n", event)
	}
	fmt.Fprintf(e.w, "data: %s\n\n", b)
	if f, ok := e.w.(http.Flusher); ok {
		f.Flush()
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
