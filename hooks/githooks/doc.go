// Package githooks installs and uninstalls remnant-guard's git hooks.
//
// Each hook is a small POSIX shell script that runs remnant-guard and, when
// a hook was there before, chains it. A hook is written to a temporary
// file and renamed into place under a lock on the hooks folder, and
// carries a checksum of its body, so that a hook of ours edited by hand is
// never overwritten without --force. Install finds the hooks folder as git
// does (core.hooksPath, linked worktrees) and refuses one a hook manager
// (husky, lefthook, pre-commit) owns unless forced, naming what to add to
// that manager instead.
package githooks
