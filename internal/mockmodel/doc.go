// Package mockmodel is a scripted stand-in for the model APIs of the
// coding agents, served on 127.0.0.1, so that the real clients (Claude
// Code, Gemini CLI, Codex CLI, and GitHub Copilot CLI through its
// bring-your-own-key Anthropic provider) can be driven through a session
// in tests:
// the Anthropic Messages API, Gemini's generateContent, and OpenAI's
// Responses API, each with streaming as the clients ask for it. Each
// request of the agent's main loop gets the next step of a script (a tool
// call, or a final text); the requests are kept for the test to read.
package mockmodel
