// Command remnant-guard keeps repo-native agent memory honest: it validates
// Remnant and MemoryCustodian memory files, and as a git hook or CI step it
// blocks commits that stage REMNANT.md or a secret.
//
// Usage:
//
//	remnant-guard [--no-color] [--config FILE] <command> [flags] [args]
//
// The commands are check, pre-commit, pre-push, ci, scan, install,
// uninstall, init, migrate, agent-hook, route, rules, version and help;
// `remnant-guard help COMMAND` prints a command's description, flags,
// examples and exit codes (help.go renders it; the text sits in the
// command's file, next to its flags). A new command is an entry in
// commands(), which also says which global flags it takes. agent-hook
// follows the coding agents' exit codes instead (agent.go): 2 blocks, 1 is
// any fault of its own, which blocks nothing. This package only parses
// flags, writes reports (text.go, output.go, sarif.go, github.go, gitlab.go,
// junit.go) and chooses the exit code: 0 clean, 1 blocking findings, 2
// usage, configuration, git or I/O error. The work is in package hooks.
package main
