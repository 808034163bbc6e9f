// Package hooks is what each remnant-guard command does: it reads the
// configuration, asks gitutil what git is about to commit (or what a range
// of commits holds), hands the content to the pure validators in validate,
// validate/custodian and validate/secrets, and returns a Report of flat
// findings. The command line (cmd/remnant-guard) only parses flags, writes
// the report and picks the exit code.
//
//   - Check: memory files in the working tree, and the git-aware local
//     rules (remnant-not-ignored, remnant-state-stale, remnant-map-stale,
//     the recorded Decisions of the untracked REMNANT.md, custodian-stale).
//   - PreCommit: the staged content, against HEAD (remnant-staged, every
//     memory rule, Decisions append-only, secrets in added lines); files
//     named that the commit does not change are checked as they are; under
//     pre-commit --from-ref/--to-ref, the range, as CI.
//   - CI and PrePush: every commit of a range, each finding at the commit
//     that introduced it, with the configuration of the base commit (CI);
//     the range rules compare head with the merge base; content that could
//     not be scanned is a secret-unscanned finding ([ci] block_skipped).
//   - Scan: the working tree; with --history (--all for every ref) the
//     secret rules on every commit and the memory rules on the files as
//     HEAD has them.
//   - Init, Migrate, Route: setting a repository up for Remnant or, with
//     Custodian, for MemoryCustodian (init_custodian.go), moving a schema
//     v1 REMNANT.md to v2, explaining a MemoryCustodian route.
//   - AgentHook: one hook call of a coding agent (Claude Code, Gemini CLI,
//     Codex CLI): the session's start context and record, the check of a
//     memory file just written, the handoff gate at the end of a turn; its
//     answer is agent-neutral, and hooks/agents writes it in the agent's
//     contract.
//
// The concerns around the commands are packages of their own: hooks/config
// (.remnant-guard.toml as plain data), hooks/githooks (install and
// uninstall of the git hooks), hooks/agents (what each agent is, its
// payloads and answers, its settings), hooks/judge (a run's judging).
// ARCHITECTURE.md at the repository root draws the whole layout.
//
// A run's judging is a judge.Judge: it applies the configured severities,
// masks, through the run's secret engine, anything reported in a message,
// hint or path, and seals secret fingerprints with the repository's salt,
// so every report passes through it on its way out. The run's
// judge.Masker, made by cmd, masks what is printed after.
//
// The commands share Options and the path and configuration helpers of
// options.go. CI (ci.go), PrePush (prepush.go) and scan --history judge
// commits one by one with a historyCheck (historycheck.go), which scans
// the secrets of a commit's changes in batches (historysecrets.go) from a
// history read as historylog.go says.
// Every file of the working tree is read through internal/safefile:
// regular files only, never blocking on open, bounded in size before
// reading.
package hooks
