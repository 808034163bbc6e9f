// Package agents is what remnant-guard knows of each coding agent whose
// hooks it answers (Claude Code, Gemini CLI, Codex CLI, GitHub Copilot
// CLI): one spec per agent (spec.go) holds its events and matchers, the
// tools that write files, its settings files by scope, its handler
// fields, how an answer is written in its contract, and the notes install
// prints. Adding an agent is adding its spec.
//
// It reads a hook payload (Payload, with the files a write tool names,
// apply_patch texts included), writes an Answer in the agent's contract
// (WriteAnswer), and installs and uninstalls remnant-guard's entries in
// the agent's settings file, editing it in place (internal/jsonedit) so
// that everything else in it stays as the user wrote it (GitHub Copilot's
// .github/hooks file is remnant-guard's own, written whole). It also
// tells when GitHub Copilot runs the Claude Code entries (CopilotCalls)
// and when a client runs remnant-guard's entries twice (InstalledTwice).
// What an answer says is decided in hooks (the session start, the write
// check, the stop gate).
package agents
