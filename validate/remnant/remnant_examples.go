package remnant

import "strings"

// exV2 is a small, clean schema v2 REMNANT.md that the rule examples edit.
const exV2 = `<!-- AGENT PROTOCOL: read this file fully before touching code.
     Never commit this file. -->
# Remnant - demo

## Session
- version: 2
- date: 2026-05-05T14:00:00Z
- agent: codex
- duration: 30

## History
- [setup] 2026-05-04 (codex, 90m): created the repository

## Done
- Added the parser.

## Failed
None

## State
- Parser works on the fixtures.

## Next
- Write the fuzz test.

## Blockers
None

## Decisions
- 2026-05-04 — use Go — one static binary

## Map
- ` + "`parse.go`" + ` — Markdown parser
`

const (
	exBanner      = "<!-- AGENT PROTOCOL: read this file fully before touching code.\n     Never commit this file. -->\n"
	exHistoryLine = "- [setup] 2026-05-04 (codex, 90m): created the repository\n"
	exStateLine   = "- Parser works on the fixtures.\n"
)

// exampleV2 returns exV2 with each old/new pair of strings replaced once.
func exampleV2(oldNew ...string) string {
	s := exV2
	for i := 0; i+1 < len(oldNew); i += 2 {
		s = strings.Replace(s, oldNew[i], oldNew[i+1], 1)
	}
	return s
}

const exV1 = `# Remnant - demo

## Session
- date: 2026-05-05
- agent: codex
- duration: 30

## Done
- Added the parser.

## Failed
None

## State
- Parser works.

## Next
- Write tests.

## Blockers
None
`

const exParseBad = `# Remnant - demo

## Next
<<<<<<< HEAD
- Write tests.
=======
- Write docs.
>>>>>>> feature
`

const exParseGood = `# Remnant - demo

## Next
- Write tests.
`

const exTemplateGood = `<!-- AGENT PROTOCOL: read this file fully before touching code. -->
# Remnant - <project-name>

## Session
- version: 2
- date: <ISO 8601>
- agent: <claude-code | codex | gemini-cli | antigravity | other>
- duration: <minutes>

## History
## Done
## Failed
## State
## Next
## Blockers
## Decisions
## Map
`
