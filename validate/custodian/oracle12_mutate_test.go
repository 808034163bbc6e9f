package custodian

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"unicode/utf16"
)

// The mutations of protocols 0.6 to 0.8: Protocol metadata, formal
// entries and their relations, the Subject registry, the module index and
// its globs, areas, encodings; a third of the time one of the 0.5
// mutations (routes, headings, files, budgets) instead.
var mutations12 = []mutation{
	mutMeta12, mutMeta12, mutMeta12, mutEntry12, mutEntry12, mutEntry12, mutRelation12,
	mutSubject12, mutSubject12, mutIndex12, mutIndex12, mutIndex12, mutGlob12, mutArea12,
	mutEncoding12, mutLegacy12, mutIDCase12, mutManifestProse12,
}

func mutate12(rng *rand.Rand, tr memTree) string {
	if rng.Intn(3) == 0 {
		return mutations[rng.Intn(len(mutations))](rng, tr)
	}
	return mutations12[rng.Intn(len(mutations12))](rng, tr)
}

var metaLines12 = []string{
	"- protocol_version: 0.8.0", "- protocol_version: 0.9", "- protocol_version: 0.7", "- protocol_version: 0.6",
	"- protocol_version: 0.8", "- protocol_version: 0.5", "- protocol_version:", "- protocol_version: 08",
	"- entry_schema_version: 1", "- entry_schema_version: 2", "- entry_schema_version: 3", "- entry_schema_version: 3 ",
	"- project_id: 7D3E9B1A-52C4-4F0E-A6D8-3B9C1E2F4A5D", "- project_id: 7d3e9b1a-52c4-1f0e-a6d8-3b9c1e2f4a5d",
	"- project_id: not-a-uuid", "- subject_registry: registry.md", "- admission_policy: open",
	"- routing_policy: explicit-task-and-scope ", "- custom_key: anything", "- bad key: x", "protocol notes here",
	"- initialized_with:", "| key | value |", "  - nested: x", "- conflict_identity_policy: scope-subject-facet",
	"- routing_schema_version: 2",
}

func mutMeta12(rng *rand.Rand, tr memTree) string {
	v := pick(rng, metaLines12)
	inMeta := func(l string) bool {
		return strings.HasPrefix(l, "- ") && strings.Contains(l, "_") && strings.Contains(l, ": ") && !strings.Contains(l, "`")
	}
	switch rng.Intn(4) {
	case 0: // replace a line with the same key, or any metadata line
		key, _, _ := strings.Cut(strings.TrimPrefix(v, "- "), ":")
		ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "- "+key+":") },
			func(string) []string { return []string{v} })
		if !ok {
			ok = editLines(rng, tr, "manifest.md", inMeta, func(string) []string { return []string{v} })
		}
		return fmt.Sprintf("meta=%q(%v)", v, ok)
	case 1: // add
		ok := editLines(rng, tr, "manifest.md", inMeta, func(l string) []string { return []string{l, v} })
		return fmt.Sprintf("meta+%q(%v)", v, ok)
	case 2: // delete one
		ok := editLines(rng, tr, "manifest.md", inMeta, func(string) []string { return nil })
		return fmt.Sprintf("meta-delete(%v)", ok)
	}
	// trailing white space on a value
	ok := editLines(rng, tr, "manifest.md", inMeta, func(l string) []string { return []string{l + pick(rng, []string{" ", "\t", "  "})} })
	return fmt.Sprintf("meta-trailing(%v)", ok)
}

// formalFiles are the files with formal entries.
func formalFiles(tr memTree) []string {
	var out []string
	for _, n := range fileNames(tr) {
		if bytes.Contains(tr.files[n], []byte("\n## MC-")) {
			out = append(out, n)
		}
	}
	return out
}

var fieldEdits12 = []struct{ prefix, repl string }{
	{"Status: ", "Status: active "}, {"Status: ", "Status: Active"}, {"Status: ", "Status: retired"},
	{"Status: ", "Status: superseded"}, {"Status: ", "Status: candidate"}, {"Status: ", "Status:"},
	{"Scope: ", "Scope: project "}, {"Scope: ", "Scope: area:storage"}, {"Scope: ", "Scope: Project"},
	{"Scope: ", "Scope: local-user"}, {"Facet: ", "Facet: styling"}, {"Facet: ", "Facet: Security"},
	{"Facet: ", "Facet: performance "}, {"Subject: ", "Subject: MC-SUBJ-20261009-deadbeef"},
	{"Subject: ", "Subject: MC-SUBJ-20261001-0A1B2C3D"}, {"Evidence:", "Evidence: user-confirmed"},
	{"- repo:", "- agent-observed"}, {"- repo:", "- repo:../x.go"}, {"- repo:", "- issue:#12"},
	{"- user-confirmed", "- conversation-unconfirmed"}, {"- user-confirmed", "- legacy-unverified"},
	{"Entry-Type: ", "Entry-Type: rule"}, {"Entry-Type: ", "Entry-Type: Constraint"},
	{"Decision:", "Constraint:"}, {"Constraint:", "Decision:"}, {"Rejected:", "Rejected: inline text"},
	{"Status: ", "Owner: me\nStatus: "}, {"Evidence:", "Evidence:\n-"}, {"Scope: ", "Scope: project\nScope: "},
	{"Reason:", "Reason: inline"}, {"Facet: ", "Facet:\nnext"},
}

func mutEntry12(rng *rand.Rand, tr memTree) string {
	files := formalFiles(tr)
	if len(files) == 0 {
		return "entry(none)"
	}
	name := pick(rng, files)
	e := fieldEdits12[rng.Intn(len(fieldEdits12))]
	ok := editLines(rng, tr, name, func(l string) bool { return strings.HasPrefix(l, e.prefix) },
		func(string) []string { return strings.Split(e.repl, "\n") })
	if rng.Intn(4) == 0 { // a whole entry repeated
		b := tr.files[name]
		if i := bytes.Index(b, []byte("\n## MC-")); i >= 0 {
			j := bytes.Index(b[i+1:], []byte("\n## "))
			unit := b[i+1:]
			if j >= 0 {
				unit = b[i+1 : i+2+j]
			}
			tr.files[name] = append(append(append([]byte(nil), b...), '\n'), unit...)
		}
		return fmt.Sprintf("entry %s %q(%v)+dup", name, e.repl, ok)
	}
	return fmt.Sprintf("entry %s %q(%v)", name, e.repl, ok)
}

var headingEdits12 = []func(string) string{
	func(l string) string { return strings.Replace(l, " — ", " - ", 1) },
	func(l string) string { return strings.Replace(l, " — ", " —", 1) },
	func(l string) string { return strings.Replace(l, " — ", "  — ", 1) },
	func(l string) string { return strings.SplitN(l, " — ", 2)[0] + " — " },
	func(l string) string { return " " + l },
	func(l string) string { return strings.Replace(l, "## ", "##  ", 1) },
	func(l string) string { return l + " ##" },
}

func mutIDCase12(rng *rand.Rand, tr memTree) string {
	files := formalFiles(tr)
	if len(files) == 0 {
		return "id(none)"
	}
	name := pick(rng, files)
	k := rng.Intn(len(headingEdits12) + 2)
	ok := editLines(rng, tr, name, func(l string) bool { return strings.HasPrefix(l, "## MC-") },
		func(l string) []string {
			switch {
			case k == len(headingEdits12): // the ID in upper case
				id, rest, _ := strings.Cut(l[3:], " ")
				return []string{"## " + strings.ToUpper(id) + " " + rest}
			case k > len(headingEdits12): // an ID-like heading
				return []string{"## MC-DEC-20261001-LOGO — A look-alike"}
			}
			return []string{headingEdits12[k](l)}
		})
	return fmt.Sprintf("heading%d %s(%v)", k, name, ok)
}

func mutRelation12(rng *rand.Rand, tr memTree) string {
	files := formalFiles(tr)
	if len(files) == 0 {
		return "relation(none)"
	}
	name := pick(rng, files)
	rel := pick(rng, []string{"Supersedes: MC-DEC-20260101-00000000", "Superseded-By: MC-DEC-20260101-00000000",
		"Exception-To: MC-CON-20260101-00000000", "Promoted-From: MC-INBOX-20260101-00000000"})
	ok := editLines(rng, tr, name, func(l string) bool { return strings.HasPrefix(l, "Scope: ") },
		func(l string) []string { return []string{l, rel} })
	return fmt.Sprintf("relation %s %q(%v)", name, rel, ok)
}

var subjectEdits12 = []struct{ prefix, repl string }{
	{"Status: ", "Status: merged"}, {"Status: ", "Status: active "}, {"Kind: ", "Kind: library"},
	{"Kind: ", "Kind: Feature"}, {"Canonical-Ref: ", "Canonical-Ref: dependency:go"},
	{"Canonical-Ref: ", "Canonical-Ref: dependency:pypi:Some_Lib"}, {"Canonical-Ref: ", "Canonical-Ref: feature:sync"},
	{"Aliases:", "Aliases: inline"}, {"- user-confirmed", "- agent-observed"}, {"Evidence:", "Evidence:\n- repo:go.mod\n-"},
	{"Status: ", "| Subject | Kind |\nStatus: "}, {"Status: ", "A stray sentence.\nStatus: "},
	{"Aliases:", "Aliases:\n- sync transport"}, {"Status: ", "Merged-Into: MC-SUBJ-20261002-1b2c3d4e\nStatus: "},
	{"Aliases:", "Notes:\n- x\nAliases:"},
}

func mutSubject12(rng *rand.Rand, tr memTree) string {
	if _, ok := tr.files["subjects.md"]; !ok {
		return "subjects(none)"
	}
	if rng.Intn(6) == 0 { // a Subject without its Aliases block
		ls := lines(tr.files["subjects.md"])
		for i, l := range ls {
			if l == "Aliases:" {
				j := i + 1
				for j < len(ls) && strings.HasPrefix(ls[j], "- ") {
					j++
				}
				ls = append(ls[:i], ls[j:]...)
				break
			}
		}
		tr.files["subjects.md"] = join(ls)
		return "subject-no-aliases"
	}
	if rng.Intn(5) == 0 {
		tr.files["subjects.md"] = append(tr.files["subjects.md"], []byte("\n## MC-SUBJ-20261020-9f8e7d6c — Extra\n\nStatus: active\nKind: concept\nEvidence:\n- user-confirmed\n\n| a | b |\n")...)
		return "subject+table"
	}
	e := subjectEdits12[rng.Intn(len(subjectEdits12))]
	ok := editLines(rng, tr, "subjects.md", func(l string) bool { return strings.HasPrefix(l, e.prefix) },
		func(string) []string { return strings.Split(e.repl, "\n") })
	return fmt.Sprintf("subject %q(%v)", e.repl, ok)
}

var indexLines12 = []string{
	"### Enabled widgets", "### Enabled areas", "### Enabled rules", "- `areas/storage.md`", "- `areas/extra.md`",
	"- `rules/output.md`", "- `rules/output.md`: Load for text.", "  - activation: explicit-only",
	"  - activation: task", "  - activation: always", "  - tasks: artifact", "  - tasks: output",
	"  - paths: `src/**`", "  - exclusive-group: x", "- None enabled.", "Some prose about modules.",
	"  continuation", "- `profiles/reviewer.md`", "  - activation: path", "  - description: Extra text.",
}

func indexRange(tr memTree) (int, int) {
	ls := lines(tr.files["manifest.md"])
	start, end := -1, len(ls)
	for i, l := range ls {
		if strings.HasPrefix(l, "## ") {
			if start >= 0 {
				end = i
				break
			}
			if strings.EqualFold(l, "## Optional module index") {
				start = i
			}
		}
	}
	return start, end
}

func mutIndex12(rng *rand.Rand, tr memTree) string {
	start, end := indexRange(tr)
	if start < 0 {
		return "index(none)"
	}
	ls := lines(tr.files["manifest.md"])
	at := start + 1 + rng.Intn(end-start)
	v := pick(rng, indexLines12)
	switch rng.Intn(3) {
	case 0:
		ls = append(ls[:at], append([]string{v}, ls[at:]...)...)
	case 1:
		if at < end && at > start {
			ls[at] = v
		}
	default:
		if at < end && at > start {
			ls = append(ls[:at], ls[at+1:]...)
		}
	}
	tr.files["manifest.md"] = join(ls)
	return fmt.Sprintf("index@%d %q", at-start, v)
}

var globs12 = []string{"`internal/storage/**`", "`internal/**/db.go`", "`**`", "`*.go`", "`internal/storage/**.go`",
	"`/abs/**`", "`src\\x`", "`a/[ab].go`", "`a//b`", "`./x`", "`cmd/nightnotes/store?.go`", "internal/**",
	"`internal/storage/*`, `docs/**`", "``", "`cmd/*/store*.go`", "`src/***`", "`Internal/Storage/**`"}

func mutGlob12(rng *rand.Rand, tr memTree) string {
	g := pick(rng, globs12)
	act := pick(rng, []string{"", "path", "path-or-explicit", "explicit-only"})
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "  - paths: ") },
		func(string) []string { return []string{"  - paths: " + g} })
	if act != "" {
		editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "  - activation: ") && !strings.Contains(l, "task") },
			func(string) []string { return []string{"  - activation: " + act} })
	}
	return fmt.Sprintf("glob %s %s(%v)", g, act, ok)
}

// mutArea12 adds an area, a rule or a profile with its declaration, in
// the nested form or the one-line form of 0.6.
func mutArea12(rng *rand.Rand, tr memTree) string {
	kind := pick(rng, []string{"areas", "rules", "profiles"})
	name := pick(rng, []string{"frontend", "output", "reviewer", "sync"})
	p := kind + "/" + name + ".md"
	body := map[string]string{
		"areas":    "# Area: " + name + "\n\nEntries are newest first.\n\n- Frontend code lives in web/.\n",
		"rules":    "# Rule: " + name + "\n\n- Write short sentences.\n",
		"profiles": "# Profile: " + name + "\n\n- Review for clarity.\n",
	}[kind]
	tr.files[p] = []byte(body)
	meta := map[string][]string{
		"areas":    {"  - activation: path", "  - paths: `web/**`, `internal/storage/**`"},
		"rules":    {"  - activation: task-or-explicit", "  - tasks: artifact, review"},
		"profiles": {"  - activation: explicit-only"},
	}[kind]
	decl := []string{"- `" + p + "`"}
	switch rng.Intn(4) {
	case 0:
		decl = []string{"- `" + p + "`: Load when relevant."}
	case 1:
		decl = append(decl, meta...)
	case 2:
		decl = append(decl, meta[0])
	default:
		decl = append(decl, "  - activation: explicit-only", "  - paths: `web/**`")
	}
	sub := map[string]string{"areas": "### Enabled areas", "rules": "### Enabled rules", "profiles": "### Enabled profiles"}[kind]
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return l == sub },
		func(l string) []string { return append([]string{l}, decl...) })
	// a "- None enabled." left beside a declaration is a contradiction
	if rng.Intn(2) == 0 {
		start, end := indexRange(tr)
		ls := lines(tr.files["manifest.md"])
		for i := start + 1; i > 0 && i < end && i < len(ls); i++ {
			if ls[i] == sub && i+len(decl)+1 < len(ls) && ls[i+len(decl)+1] == "- None enabled." {
				ls = append(ls[:i+len(decl)+1], ls[i+len(decl)+2:]...)
				break
			}
		}
		tr.files["manifest.md"] = join(ls)
	}
	return fmt.Sprintf("module %s %q(%v)", p, decl, ok)
}

func mutEncoding12(rng *rand.Rand, tr memTree) string {
	name := pick(rng, fileNames(tr))
	b := tr.files[name]
	switch rng.Intn(3) {
	case 0: // UTF-16 with a byte order mark
		u := utf16.Encode([]rune(string(b)))
		out := []byte{0xff, 0xfe}
		for _, c := range u {
			out = append(out, byte(c), byte(c>>8))
		}
		tr.files[name] = out
		return "utf16 " + name
	case 1: // Latin-1
		tr.files[name] = append(append([]byte(nil), b...), []byte("\nCaf\xe9 notes.\n")...)
		return "latin1 " + name
	}
	tr.files[name] = append(append([]byte(nil), b...), []byte("\n- Caf\u00e9 \u2014 notes.\n")...)
	return "utf8-text " + name
}

func mutLegacy12(rng *rand.Rand, tr memTree) string {
	name := pick(rng, []string{"decisions.md", "constraints.md", "do-not-use.md", "preferences.md", "inbox.md", "areas/storage.md"})
	if _, ok := tr.files[name]; !ok {
		return "legacy(none)"
	}
	add := pick(rng, []string{"\n- A legacy bullet.\n", "\n## A legacy heading\n\nSome text.\n", "\n* star bullet\n"})
	tr.files[name] = append(append([]byte(nil), tr.files[name]...), []byte(add)...)
	return fmt.Sprintf("legacy %s %q", name, add)
}

func mutManifestProse12(rng *rand.Rand, tr memTree) string {
	v := pick(rng, []string{"```", "<!-- note", "<!-- a comment -->", "    ## Always load", "## Always load", "## Load by task",
		"### Review", "## MemoryCustodian Protocol", "### MemoryCustodian Protocol", "MemoryCustodian Protocol\n---"})
	ls := lines(tr.files["manifest.md"])
	at := rng.Intn(len(ls) + 1)
	ls = append(ls[:at], append(strings.Split(v, "\n"), ls[at:]...)...)
	tr.files["manifest.md"] = join(ls)
	return fmt.Sprintf("manifest+%q@%d", v, at)
}
