package main

import "sync"

// helpDocs holds each command's help text; the flags come from the
// command's flag set. A new command adds an entry here.
var helpDocs = sync.OnceValue(func() map[string]helpDoc {
	return map[string]helpDoc{
		"check": {
			about: "Validates memory files in the working tree: with no PATH, the repository's root " +
				"REMNANT.md, REMNANT.template.md, AGENTS.md, CLAUDE.md and GEMINI.md, the MemoryCustodian " +
				"directory (docs/memory) and the config's paths; with PATHs, exactly those files and " +
				"directories. The local REMNANT.md is also judged against git: ignored, not stale, " +
				"Decisions append-only. --routing, --reachability, --freshness or --conflicts instead " +
				"runs one focused check of the MemoryCustodian directory (or the one PATH given) and " +
				"prints upstream's report: `MemoryCustodian <check> check: OK|FAILED` and one " +
				"`- <code> <SEVERITY>: <message>` line per finding; exit 1 when one is an ERROR.",
			examples: []string{
				"remnant-guard check  # the repository's memory files",
				"remnant-guard check docs/memory REMNANT.md  # just these",
				"remnant-guard check --format json --output report.json  # a report for a tool, the listing on the terminal",
				"remnant-guard check --freshness  # MemoryCustodian Evidence against the repository and HEAD (also --routing, --reachability, --conflicts)",
			},
		},
		"pre-commit": {
			about: "Checks what is being committed: the staged content of the files the commit changes, " +
				"against HEAD. A staged REMNANT.md, a secret in an added line, a memory file that breaks " +
				"its schema or an edited decision blocks the commit. This is what the installed git hook " +
				"and the pre-commit framework's hooks run; given FILEs that the commit does not change " +
				"(pre-commit run --all-files), it checks those files as the working tree has them.",
			examples: []string{
				"remnant-guard pre-commit  # what git commit would record",
				"remnant-guard pre-commit --write-ignore  # accept today's staged secret findings as a baseline",
				"REMNANT_GUARD=0 git commit -m wip  # skip the hook once",
			},
		},
		"pre-push": {
			about: "Checks every commit a push sends, read from git's pre-push input on stdin " +
				"(\"<local ref> <local sha> <remote ref> <remote sha>\" lines), so that commits made with " +
				"git commit --no-verify are caught before they leave the machine. Install it with " +
				"remnant-guard install --hook pre-push.",
			examples: []string{
				"remnant-guard install --hook pre-push  # run it on every git push",
				"echo \"refs/heads/main $(git rev-parse HEAD) refs/heads/main $(git rev-parse origin/main)\" | remnant-guard pre-push  # by hand",
			},
		},
		"ci": {
			about: "Checks every commit of a pull request, merge request or range, oldest first: secrets " +
				"in added lines, a committed REMNANT.md, the memory rules on each memory file a commit " +
				"changes, and the Decisions base against head. Without --base the range comes from the " +
				"GitHub event file, GitLab's merge request variables, or the merge base with origin/HEAD. " +
				"The rules are read from the base commit, so a pull request cannot turn them off.",
			examples: []string{
				"remnant-guard ci  # the pull request's commits, found from the environment",
				"remnant-guard ci --base origin/main --format github  # annotations in GitHub Actions",
				"remnant-guard ci --format junit --output remnant-guard.xml  # a test report for GitLab, Jenkins or Azure",
			},
		},
		"scan": {
			about: "Scans the working tree for secrets and validates its memory files, for adopting " +
				"remnant-guard on an existing repository: every file git tracks or would add, or exactly " +
				"the PATHs given. With --history it scans every commit reachable from HEAD for secrets " +
				"and applies the memory rules to the memory files as HEAD has them (nobody can fix an " +
				"old commit's format; a secret in history must be rotated). --write-ignore accepts the " +
				"secret findings as a baseline in .remnant-guard-ignore.",
			examples: []string{
				"remnant-guard scan  # every file of the working tree",
				"remnant-guard scan --history  # every commit reachable from HEAD",
				"remnant-guard scan --write-ignore  # accept the findings of today as a baseline",
			},
		},
		"install": {
			about: "Installs remnant-guard as a plain git hook where git runs hooks (core.hooksPath is " +
				"honoured): pre-commit and pre-merge-commit by default. A hook that is already there is " +
				"kept and runs first. When a hook manager (husky, lefthook) owns core.hooksPath, install " +
				"prints the snippet for its configuration instead.",
			examples: []string{
				"remnant-guard install  # pre-commit and pre-merge-commit",
				"remnant-guard install --hook pre-push  # also check pushes",
				"remnant-guard install --force  # write the hooks even in a hook manager's folder",
				"remnant-guard install --agent claude  # the hooks of Claude Code sessions (also gemini, codex)",
			},
			exits: exitsAction,
		},
		"uninstall": {
			about: "Removes the hooks remnant-guard installed and restores any hook they chained, byte for byte.",
			examples: []string{
				"remnant-guard uninstall  # every remnant-guard hook",
				"remnant-guard uninstall --hook pre-push  # just one",
			},
			exits: exitsAction,
		},
		"init": {
			about: "Sets a repository up for Remnant: writes REMNANT.template.md, ignores REMNANT.md in " +
				".gitignore, adds CLAUDE.md and GEMINI.md pointers to AGENTS.md when it exists, and a " +
				".remnant-guard.toml with every key at its default. It never overwrites a file, and " +
				"running it again changes nothing.",
			examples: []string{
				"remnant-guard init  # the files",
				"remnant-guard init --hooks  # and the git hooks",
			},
			exits: exitsAction,
		},
		"migrate": {
			about: "Turns a schema v1 REMNANT.md into schema v2 the way the Remnant protocol says, keeping " +
				"every line. Without --write it only shows the change as a unified diff.",
			examples: []string{
				"remnant-guard migrate  # show what would change in REMNANT.md at the repository root",
				"remnant-guard migrate --write  # and write it",
				"remnant-guard migrate --write path/to/REMNANT.md",
			},
			exits: "0 done or nothing to do; 2 usage error, missing file, or not a Remnant file",
		},
		"route": {
			about: "Explains what a task loads from MemoryCustodian memory: the route manifest.md gives " +
				"the task's category, the files loaded (required or optional), their token counts and " +
				"budgets, and what was left out.",
			examples: []string{
				"remnant-guard route --task debugging  # what a debugging session loads",
				"remnant-guard route --task planning --area api --budget  # the packed context within budgets",
				"remnant-guard route --task general --names-only  # only the file names",
			},
			exits: "0 done; 1 a required memory file is missing; 2 usage, configuration or I/O error",
		},
		"agent-hook": {
			about: "Answers one hook of a coding agent's session, read as JSON from stdin: at session " +
				"start it gives the model the memory context (REMNANT.md's staleness against git log, " +
				"the MemoryCustodian route), after a write to a memory file it checks that file, and at " +
				"the end of a turn it asks for an updated REMNANT.md when the session changed the " +
				"repository. Any other file is passed at once. The answer follows the agent's own " +
				"contract. remnant-guard install --agent writes the entries that run it.",
			examples: []string{
				"remnant-guard install --agent claude  # the entries in .claude/settings.json",
				"remnant-guard agent-hook --agent codex < payload.json  # one hook by hand",
			},
			exits: "0 done (the answer is on stdout); 2 blocked: the agent shows stderr to the model; " +
				"1 a fault of remnant-guard's own, which blocks nothing",
		},
		"rules": {
			about: "Lists every rule with its severity and summary, or explains one rule with a bad and a " +
				"good example and how to change its severity in .remnant-guard.toml.",
			examples: []string{
				"remnant-guard rules  # every rule",
				"remnant-guard rules remnant-decisions-append-only  # one, with examples",
			},
			exits: "0 done; 2 unknown rule or usage error",
		},
		"version": {
			about:    "Prints the version, the commit and the Go version the binary was built with.",
			examples: []string{"remnant-guard version", "remnant-guard --version"},
			exits:    "0 always",
		},
		"help": {
			about: "Shows the commands and global flags, or one command's description, flags, examples " +
				"and exit codes. remnant-guard COMMAND --help prints the same.",
			examples: []string{
				"remnant-guard help  # the commands",
				"remnant-guard help check  # one command",
				"remnant-guard check --help  # the same",
			},
			exits: "0 done; 2 unknown command",
		},
	}
})
