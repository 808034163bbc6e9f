package custodian

import (
	"fmt"
	"math/rand"
	"strings"
)

// The mutations below reach the reference's warnings: a long inbox read
// through its fence rule, machine-specific paths, agent entry files.

var warnMutations = []mutation{mutInbox, mutInbox, mutLocalPath, mutAgentEntry}

// inboxLines are the lines a generated inbox is made of: items in every
// marker, lines that are not items, and the fence forms the reference's
// count reads differently from a Markdown reader.
var inboxLines = []string{"- Candidate note.", "* Starred note.", "+ Plus note.", " - Indented note.",
	"-\tTabbed note.", "-", "1. Numbered note.", "  continued", "", "## 2026-03-04",
	"```", "````", "```python", "~~~", "~~~~", " ```", "<!--", "-->"}

func mutInbox(rng *rand.Rand, tr memTree) string {
	var b strings.Builder
	b.WriteString("# Memory Inbox\n\n")
	form := rng.Intn(3)
	if form == 0 {
		// A fence of four backticks that the reference closes at ```.
		b.WriteString("````\n- a\n```\n")
	}
	n := 28 + rng.Intn(10)
	for i := 0; i < n; i++ {
		l := "- Candidate note."
		if form == 1 && rng.Intn(4) == 0 {
			l = pick(rng, inboxLines)
		}
		fmt.Fprintf(&b, "%s %d\n", l, i)
	}
	if form == 0 {
		b.WriteString("````\n")
	}
	tr.files["inbox.md"] = []byte(b.String())
	return fmt.Sprintf("inbox%d %d lines", form, n)
}

var localPaths = []string{"/Users/alice/src/app", "/home/bob/work", "/home/<user>/work", "/Users/Shared/data",
	"/Volumes/Backup/x", `C:\Users\me\proj`, "C:/tools/bin", "D:\\data", "see https://example.com/docs",
	"/HOME/carol/x", "~/notes", "/usr/local/bin", "file:///home/dan/x", "/Users/", "`/home/eve/.config`"}

func mutLocalPath(rng *rand.Rand, tr memTree) string {
	name := "preferences.md"
	if rng.Intn(3) == 0 {
		name = pick(rng, fileNames(tr))
	}
	p := pick(rng, localPaths)
	tr.files[name] = append(tr.files[name], []byte("\n- Keep the build at "+p+" for now.\n")...)
	return fmt.Sprintf("local-path %s %q", name, p)
}

func mutAgentEntry(rng *rand.Rand, tr memTree) string {
	name := pick(rng, []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"})
	body := "# Agents\n\nRead docs/memory/manifest.md.\n"
	switch k := rng.Intn(4); k {
	case 0:
		body += strings.Repeat("Follow the project conventions described in the manifest. ", 60)
	case 1:
		body += pick(rng, []string{"# Constraints\n", "## Do Not Use\n", "# Memory Inbox\n", "#Decisions\n"})
	case 2:
		body += pick(rng, []string{"@docs/memory/brief.md\n", "@./docs/memory/x.md\n", "@/docs/memory/y.md\n", "@docs/notes.md\n"})
	default:
		body += "- docs/memory/decisions.md\n"
	}
	tr.agents[name] = []byte(body)
	return "agent-entry " + name
}
