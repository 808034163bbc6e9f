package custodian

import (
	"bytes"
	"fmt"
	"math/rand"
	"sort"
	"strings"
)

// mutation changes a memory tree and says how.
type mutation func(rng *rand.Rand, tr memTree) string

var mutations = []mutation{
	mutDeleteFile, mutDeleteFile, mutRenameHeading, mutRenameHeading, mutHeadingSpace,
	mutTabs, mutIndentBullet, mutDuplicateEntry, mutProtocol, mutProtocol, mutNonUTF8,
	mutCROnly, mutCRLF, mutSymlink, mutHTMLComment, mutFence, mutMention, mutModule,
	mutBrief, mutLongDecision, mutBudget, mutLoadLabel, mutAlwaysLoad, mutRouteOutside,
	mutIndexBacktick, mutBOM, mutAgentFile, mutRoutePath, mutGrow,
}

func mutate(rng *rand.Rand, tr memTree) string {
	i := rng.Intn(len(mutations) + len(warnMutations))
	if i < len(mutations) {
		return mutations[i](rng, tr)
	}
	return warnMutations[i-len(mutations)](rng, tr)
}

func pick(rng *rand.Rand, xs []string) string { return xs[rng.Intn(len(xs))] }

func fileNames(tr memTree) []string {
	out := make([]string, 0, len(tr.files))
	for k := range tr.files {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func lines(b []byte) []string { return strings.Split(string(b), "\n") }

func join(ls []string) []byte { return []byte(strings.Join(ls, "\n")) }

// editLines applies f to one random line of name that satisfies match.
func editLines(rng *rand.Rand, tr memTree, name string, match func(string) bool, f func(string) []string) bool {
	b, ok := tr.files[name]
	if !ok {
		return false
	}
	ls := lines(b)
	var idx []int
	for i, l := range ls {
		if match(l) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return false
	}
	i := idx[rng.Intn(len(idx))]
	repl := f(ls[i])
	ls = append(ls[:i], append(repl, ls[i+1:]...)...)
	tr.files[name] = join(ls)
	return true
}

func mutDeleteFile(rng *rand.Rand, tr memTree) string {
	names := fileNames(tr)
	if len(names) == 0 {
		return "nothing"
	}
	n := pick(rng, names)
	if rng.Intn(3) == 0 {
		n = pick(rng, []string{"manifest.md", "brief.md", "inbox.md", "constraints.md", "decisions.md"})
	}
	if rng.Intn(4) == 0 {
		tr.files[n] = nil
		return "empty " + n
	}
	delete(tr.files, n)
	return "delete " + n
}

var headingVariants = []string{
	"### Planning", "### Debugging", "### Architecture", "### Implementation", "### Preferences",
	"### planning / architecture / refactoring", "### PREFERENCES", "### Preferences ###",
	"###  Memory maintenance", "### Memory  maintenance", "### Change history", "### Recap",
	"### Implementation / execution / debugging", "### User-facing artifact / output",
	"#### Preferences", "### Memory maintenance\t", "   ### Preferences", "### Default",
}

func mutRenameHeading(rng *rand.Rand, tr memTree) string {
	v := pick(rng, headingVariants)
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "### ") },
		func(string) []string { return []string{v} })
	return fmt.Sprintf("heading->%q(%v)", v, ok)
}

func mutHeadingSpace(rng *rand.Rand, tr memTree) string {
	forms := []func(string) string{
		func(l string) string { return strings.Replace(l, " ", "  ", 2) },
		func(l string) string { return strings.Replace(l, "## ", "##  ", 1) },
		func(l string) string { return l + "  " },
		func(l string) string { return "  " + l },
		func(l string) string { return strings.Replace(l, "## ", "##", 1) },
		func(l string) string { return strings.ToUpper(l) },
		func(l string) string { return l + " ##" },
	}
	k := rng.Intn(len(forms))
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "## ") },
		func(l string) []string { return []string{forms[k](l)} })
	return fmt.Sprintf("h2-space%d(%v)", k, ok)
}

func mutTabs(rng *rand.Rand, tr memTree) string {
	forms := []func(string) string{
		func(l string) string { return strings.Replace(l, " ", "\t", 1) },
		func(l string) string { return "\t" + l },
		func(l string) string { return l + "\t" },
	}
	k := rng.Intn(len(forms))
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "#") || strings.HasPrefix(l, "- ") },
		func(l string) []string { return []string{forms[k](l)} })
	return fmt.Sprintf("tab%d(%v)", k, ok)
}

func mutIndentBullet(rng *rand.Rand, tr memTree) string {
	ind := pick(rng, []string{"  ", " ", "    ", "\t"})
	name := "manifest.md"
	if rng.Intn(3) == 0 {
		name = pick(rng, fileNames(tr))
	}
	ok := editLines(rng, tr, name, func(l string) bool { return strings.HasPrefix(l, "- ") },
		func(l string) []string { return []string{ind + l} })
	return fmt.Sprintf("indent %s %q(%v)", name, ind, ok)
}

func mutDuplicateEntry(rng *rand.Rand, tr memTree) string {
	if rng.Intn(2) == 0 {
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "- ") && strings.HasSuffix(l, ".md") },
			func(l string) []string { return []string{l, l} })
		return fmt.Sprintf("dup-route-line(%v)", ok)
	}
	if rng.Intn(2) == 0 {
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return l == "Load:" },
			func(l string) []string { return []string{l, "- brief.md"} })
		return fmt.Sprintf("always-in-route(%v)", ok)
	}
	name := pick(rng, fileNames(tr))
	b := tr.files[name]
	i := bytes.Index(b, []byte("\n## "))
	if i < 0 {
		return "dup-unit(none)"
	}
	j := bytes.Index(b[i+1:], []byte("\n## "))
	unit := b[i+1:]
	if j >= 0 {
		unit = b[i+1 : i+1+j+1]
	}
	tr.files[name] = append(append([]byte(nil), b...), append([]byte("\n"), unit...)...)
	return "dup-unit " + name
}

var protocolLines = []string{
	"- protocol_version: 0.4", "- protocol_version: 0.6", "- protocol_version: 0.5.0",
	"- protocol_version: `0.5`", "- protocol_version : 0.5", "- protocol_version: 05",
	"- protocol_version: 0.5 ", "- protocol_version:0.5", "- protocol_version: v0.5",
	"- protocol_version: 1.0", "- protocol_version:", "* protocol_version: 0.5",
	"  - protocol_version: 0.5", "- Protocol_Version: 0.5", "- protocol_version: 0.9",
	"- protocol_version: 0.8", "- protocol_version: 00.5",
}

func mutProtocol(rng *rand.Rand, tr memTree) string {
	v := pick(rng, protocolLines)
	switch rng.Intn(4) {
	case 0: // replace
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.Contains(l, "protocol_version") },
			func(string) []string { return []string{v} })
		return fmt.Sprintf("protocol %q(%v)", v, ok)
	case 1: // add after
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.Contains(l, "protocol_version") },
			func(l string) []string { return []string{l, v} })
		return fmt.Sprintf("protocol+after %q(%v)", v, ok)
	case 2: // add before
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.Contains(l, "protocol_version") },
			func(l string) []string { return []string{v, l} })
		return fmt.Sprintf("protocol+before %q(%v)", v, ok)
	}
	// a second Protocol section
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return l == "## Always load" },
		func(l string) []string { return []string{"## MemoryCustodian Protocol", v, "", l} })
	return fmt.Sprintf("protocol-section2 %q(%v)", v, ok)
}

func mutNonUTF8(rng *rand.Rand, tr memTree) string {
	name := pick(rng, fileNames(tr))
	if rng.Intn(2) == 0 {
		name = pick(rng, []string{"manifest.md", "brief.md", "decisions.md", "inbox.md", "preferences.md"})
		if _, ok := tr.files[name]; !ok {
			return "nonutf8(none)"
		}
	}
	b := tr.files[name]
	at := rng.Intn(len(b) + 1)
	tr.files[name] = append(append(append([]byte(nil), b[:at]...), 0xff, 0xfe), b[at:]...)
	return "nonutf8 " + name
}

func mutCROnly(rng *rand.Rand, tr memTree) string {
	name := pick(rng, fileNames(tr))
	if rng.Intn(2) == 0 {
		name = "manifest.md"
	}
	if b, ok := tr.files[name]; ok {
		tr.files[name] = bytes.ReplaceAll(b, []byte("\n"), []byte("\r"))
	}
	return "cr-only " + name
}

func mutCRLF(rng *rand.Rand, tr memTree) string {
	name := pick(rng, fileNames(tr))
	if b, ok := tr.files[name]; ok {
		tr.files[name] = bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n"))
	}
	return "crlf " + name
}

func mutSymlink(rng *rand.Rand, tr memTree) string {
	name := pick(rng, fileNames(tr))
	switch rng.Intn(3) {
	case 0: // the file becomes a link to a copy inside the directory
		tr.files["archive/copy-"+strings.ReplaceAll(name, "/", "-")] = tr.files[name]
		delete(tr.files, name)
		tr.links[name] = strings.Repeat("../", strings.Count(name, "/")) + "archive/copy-" + strings.ReplaceAll(name, "/", "-")
		return "symlink-inside " + name
	case 1: // a link out of the memory directory
		delete(tr.files, name)
		tr.links[name] = strings.Repeat("../", strings.Count(name, "/")+2) + "outside.md"
		tr.agents["outside.md"] = []byte("# Outside\n\n- text\n")
		return "symlink-outside " + name
	}
	delete(tr.files, name)
	tr.links[name] = "missing-target.md"
	return "symlink-dangling " + name
}

func mutHTMLComment(rng *rand.Rand, tr memTree) string {
	switch rng.Intn(3) {
	case 0:
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "### ") },
			func(l string) []string { return []string{"<!--", l, "-->"} })
		return fmt.Sprintf("comment-heading(%v)", ok)
	case 1:
		name := pick(rng, []string{"decisions.md", "do-not-use.md", "constraints.md"})
		if b, ok := tr.files[name]; ok {
			tr.files[name] = append(b, []byte("\n<!--\n## Old entry\nDecision:\nnot an entry\n-->\n")...)
		}
		return "comment-entry " + name
	}
	tr.files["brief.md"] = []byte("# Projektbrief\n\n<!-- Beschreibe hier, was das Projekt tut und wem es dient. -->\n")
	return "brief-comment-only"
}

func mutFence(rng *rand.Rand, tr memTree) string {
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "## ") || strings.HasPrefix(l, "### ") },
		func(l string) []string { return []string{"```", l, "```"} })
	return fmt.Sprintf("fence(%v)", ok)
}

func mutMention(rng *rand.Rand, tr memTree) string {
	term := pick(rng, []string{"archive/", "rules/", "profiles/", "areas/", "do-not-use.md", "brief.md"})
	if b, ok := tr.files["manifest.md"]; ok {
		tr.files["manifest.md"] = bytes.ReplaceAll(b, []byte(term), []byte(strings.ToUpper(term)))
	}
	return "drop-mention " + term
}

func mutModule(rng *rand.Rand, tr memTree) string {
	kind := pick(rng, []string{"rules", "profiles", "areas"})
	name := pick(rng, []string{"frontend", "git", "README", "extra", "sub/deep"})
	p := kind + "/" + name + ".md"
	tr.files[p] = []byte("# Module\n\n- One line of " + name + " memory.\n")
	if rng.Intn(2) == 0 {
		line := pick(rng, []string{"- `" + p + "`: load when relevant.", "- Load `" + p + "` for that work.", "- " + p + ": load when relevant."})
		editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "### Enabled") },
			func(l string) []string { return []string{l, line} })
		return "module+index " + p
	}
	return "module " + p
}

func mutBrief(rng *rand.Rand, tr memTree) string {
	b := tr.files["brief.md"]
	line := pick(rng, []string{
		"- TODO: Describe what this project does and who it serves.",
		"TODO: Describe the current product or engineering priorities.",
		"  - TODO: Name the runtime, architecture, and external boundaries that matter across tasks.",
		"This project uses MemoryCustodian to maintain local, plain-text project memory.",
		"- TODO: describe what this project does and who it serves.",
	})
	tr.files["brief.md"] = append(b, []byte("\n"+line+"\n")...)
	return "brief " + line
}

func mutLongDecision(rng *rand.Rand, tr memTree) string {
	name := pick(rng, []string{"decisions.md", "areas/storage.md", "constraints.md", "preferences.md", "inbox.md"})
	label := pick(rng, []string{"Decision:", "Decision: inline", "decision:", "**Decision:**"})
	body := strings.Repeat("word ", 100+rng.Intn(40))
	tr.files[name] = append(tr.files[name], []byte("\n## Long one\n"+label+"\n"+body+"\n")...)
	return "long-decision " + name + " " + label
}

func mutBudget(rng *rand.Rand, tr memTree) string {
	forms := []string{"- brief.md: 5 tokens max", "- decisions.md: 5000 tokens max", "- brief.md: no limit", "- areas/*.md: 10 tokens max"}
	f := pick(rng, forms)
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return l == "## Context budget" },
		func(l string) []string { return []string{l, f} })
	return fmt.Sprintf("budget %q(%v)", f, ok)
}

func mutLoadLabel(rng *rand.Rand, tr memTree) string {
	forms := []string{"Load if present", "load if present:", "Load If Present:", "Also load:", "Load :", "  Load:", "Load if present: "}
	f := pick(rng, forms)
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return l == "Load if present:" || l == "Load:" },
		func(string) []string { return []string{f} })
	return fmt.Sprintf("label %q(%v)", f, ok)
}

func mutAlwaysLoad(rng *rand.Rand, tr memTree) string {
	switch rng.Intn(3) {
	case 0:
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return l == "## Always load" },
			func(string) []string { return []string{"## Load always"} })
		return fmt.Sprintf("always-renamed(%v)", ok)
	case 1:
		tr.files["manifest.md"] = append(tr.files["manifest.md"], []byte("\n## Always load\n- decisions.md\n")...)
		return "always-twice"
	}
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return l == "## Always load" },
		func(l string) []string { return []string{l, "- constraints.md", "- missing.md"} })
	return fmt.Sprintf("always-more(%v)", ok)
}

func mutRouteOutside(rng *rand.Rand, tr memTree) string {
	h := pick(rng, []string{"### Preferences", "### Memory maintenance", "### Planning / architecture / refactoring", "### Deployment"})
	tr.files["manifest.md"] = append(tr.files["manifest.md"], []byte("\n## Notes\n"+h+"\nLoad:\n- changelog.md\n")...)
	return "route-outside " + h
}

func mutIndexBacktick(rng *rand.Rand, tr memTree) string {
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "- `") && strings.Contains(l, "/") },
		func(l string) []string {
			return []string{pick(rng, []string{"- Load " + l[2:], strings.ReplaceAll(l, "`", ""), "* " + l[2:], "  " + l})}
		})
	return fmt.Sprintf("index-form(%v)", ok)
}

func mutBOM(rng *rand.Rand, tr memTree) string {
	name := pick(rng, fileNames(tr))
	tr.files[name] = append([]byte("\ufeff"), tr.files[name]...)
	return "bom " + name
}

func mutAgentFile(rng *rand.Rand, tr memTree) string {
	name := pick(rng, []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"})
	switch rng.Intn(3) {
	case 0:
		tr.agents[name] = []byte("# Agents\n\nRead docs/memory/manifest.md.\n\xff\n")
		return "agent-nonutf8 " + name
	case 1:
		tr.agents[name] = []byte("# Agents\n\n# Decisions\n- copied\n")
		return "agent-copy " + name
	}
	tr.agents[name] = []byte("# Agents\n\nRead docs/memory/manifest.md and load what it routes.\n")
	return "agent-ok " + name
}

func mutRoutePath(rng *rand.Rand, tr memTree) string {
	p := pick(rng, []string{"./brief.md", "../README.md", "/etc/passwd.md", `sub\x.md`, "c:x.md", "notes.txt",
		"a//b.md", "`decisions.md`", "decisions.md ", "rules/", "DECISIONS.md", ".md", "x/../brief.md", "- brief.md"})
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "- ") && strings.HasSuffix(l, ".md") },
		func(l string) []string { return []string{pick(rng, []string{l, ""}), "- " + p} })
	return fmt.Sprintf("route-path %q(%v)", p, ok)
}

func mutGrow(rng *rand.Rand, tr memTree) string {
	name := pick(rng, fileNames(tr))
	var b strings.Builder
	b.Write(tr.files[name])
	n := 5 + rng.Intn(40)
	bullets := rng.Intn(2) == 0
	for i := 0; i < n; i++ {
		if bullets {
			fmt.Fprintf(&b, "\n- Item %d says something about the project in several words.\n", i)
		} else {
			fmt.Fprintf(&b, "\n## Entry %d\n\nDecision: keep item %d.\nReason: it says something about the project.\n", i, i)
		}
	}
	tr.files[name] = []byte(b.String())
	return fmt.Sprintf("grow %s %d", name, n)
}
