package custodian

import (
	"fmt"
	"math/rand"
	"strings"
	"testing/fstest"
)

// insertAt inserts ls into file name of tr before a random line that
// satisfies match (after line 0), and reports whether it found one.
func insertAt(rng *rand.Rand, tr memTree, name string, match func(prev, l string) bool, ls ...string) bool {
	b, ok := tr.files[name]
	if !ok {
		return false
	}
	all := lines(b)
	var idx []int
	for i := 1; i < len(all); i++ {
		if match(all[i-1], all[i]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return false
	}
	i := idx[rng.Intn(len(idx))]
	all = append(all[:i], append(append([]string(nil), ls...), all[i:]...)...)
	tr.files[name] = join(all)
	return true
}

// genCommentBesideText: an HTML comment, on one line or several, with or
// without text after its "-->", at 0-4 spaces of indentation, in the
// manifest or a file of entries.
func genCommentBesideText(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, formalBases...)
	file := pick(rng, []string{"manifest.md", "manifest.md", "constraints.md", "decisions.md", "do-not-use.md", "subjects.md"})
	indent := strings.Repeat(" ", pick4(rng, []int{0, 0, 0, 1, 3, 4}))
	after := pick(rng, []string{" 2026-10-01", " text", " -->", " <!-- again -->", "  ", "\t", "", "x"})
	var ls []string
	if rng.Intn(2) == 0 {
		ls = []string{indent + "<!-- " + pick(rng, []string{"reviewed", "", "a -- b"}) + " -->" + after}
	} else {
		ls = []string{indent + "<!--", pick(rng, []string{"hidden", "## hidden", "- hidden"}), pick(rng, []string{"", "end "}) + "-->" + after}
	}
	where := pick(rng, []string{"blank", "any", "heading"})
	ok := insertAt(rng, tr, file, func(prev, l string) bool {
		switch where {
		case "blank":
			return l == ""
		case "heading":
			return strings.HasPrefix(l, "## ")
		}
		return true
	}, ls...)
	return edgeCase{label: fmt.Sprintf("%s %s %q before a %s line (%v)", base, file, strings.Join(ls, "⏎"), where, ok), tr: tr, reads: someReads(rng, 2)}
}

func pick4(rng *rand.Rand, xs []int) int { return xs[rng.Intn(len(xs))] }

// genFieldName: a line that upstream's field pattern
// (`^[A-Za-z][A-Za-z-]*:`) may or may not read as a field, in the body of
// a formal entry or a Subject: URLs, lower-case and hyphenated names,
// digits, spaces, underscores, indentation.
func genFieldName(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, formalBases...)
	file := pick(rng, []string{"constraints.md", "decisions.md", "do-not-use.md", "subjects.md", "preferences.md", "inbox.md"})
	var l string
	switch rng.Intn(3) {
	case 0:
		l = pick(rng, []string{"https://example.com/spec", "mailto:dev@example.com", "reason: legacy clients", "See-also: x",
			"Foo--Bar: x", "x-y:z", "Note:", "A:", "9a: x", "a b: x", "snake_case: x", " Indented: x", "Why -: x", "-Lead: x",
			"ÄÖ: x", "Owner: me", "C:\\path", "HTTP/1.1: x"})
	default:
		const first = "aZbYq9_-"
		const rest = "abcXYZ--_ 7"
		var b strings.Builder
		b.WriteByte(first[rng.Intn(len(first))])
		for k := rng.Intn(7); k > 0; k-- {
			b.WriteByte(rest[rng.Intn(len(rest))])
		}
		l = b.String() + ":" + pick(rng, []string{"", " x", "//example.com/a", " legacy clients", "x"})
	}
	// after a body or scalar line of an entry, never at the heading
	ok := insertAt(rng, tr, file, func(prev, cur string) bool {
		return prev != "" && !strings.HasPrefix(prev, "#") && !strings.HasSuffix(prev, ":") && strings.Contains(string(tr.files[file]), "\n## MC-")
	}, l)
	return edgeCase{label: fmt.Sprintf("%s %s %q (%v)", base, file, l, ok), tr: tr, reads: someReads(rng, 2)}
}

// genRepeatedField: a field given twice in one entry: a scalar, a list,
// a body, Reason or Promotion-Requirement, next to the first or at the
// end of the entry, in Entries, the inbox and the registry.
func genRepeatedField(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, formalBases...)
	file := pick(rng, []string{"constraints.md", "decisions.md", "do-not-use.md", "subjects.md", "inbox.md", "preferences.md", "areas/storage.md"})
	var add []string
	switch rng.Intn(4) {
	case 0:
		add = []string{"Reason:", pick(rng, []string{"Because.", "Legacy clients."})}
	case 1:
		add = []string{"Promotion-Requirement:", "Confirm with the user."}
	case 2:
		add = []string{pick(rng, []string{"Status: active", "Scope: project", "Facet: security", "Subject: MC-SUBJ-20261001-0a1b2c3d",
			"Kind: feature", "Canonical-Ref: feature:x", "Candidate-Type: decision", "Entry-Type: constraint"})}
	default:
		add = strings.Split(pick(rng, []string{"Evidence:\n- user-confirmed", "Aliases:\n- another name", "Decision:\nAgain.",
			"Constraint:\nAgain.", "Statement:\nAgain.", "Rejected:\nAgain."}), "\n")
	}
	at := pick(rng, []string{"before a field", "before a heading", "before a heading", "at the end", "before a blank"})
	if at == "at the end" {
		b := tr.files[file]
		if b == nil || !strings.Contains(string(b), "\n## MC-") {
			at = "before a heading"
		} else {
			tr.files[file] = append(append(b, '\n'), []byte(strings.Join(add, "\n")+"\n")...)
			return edgeCase{label: fmt.Sprintf("%s %s %q %s", base, file, strings.Join(add, "⏎"), at), tr: tr, reads: someReads(rng, 2)}
		}
	}
	ok := insertAt(rng, tr, file, func(prev, l string) bool {
		switch at {
		case "before a field":
			_, _, f := fieldLine(l)
			return f && prev == "" || f && !strings.HasSuffix(prev, ":") && !strings.HasPrefix(prev, "- ")
		case "before a heading":
			return strings.HasPrefix(l, "## ") && prev == ""
		}
		return l == "" && !strings.HasPrefix(prev, "#")
	}, append(append([]string{""}, add...), "")...)
	return edgeCase{label: fmt.Sprintf("%s %s %q %s (%v)", base, file, strings.Join(add, "⏎"), at, ok), tr: tr, reads: someReads(rng, 2)}
}

// genInboxCandidate: a candidate (in the inbox, or a candidate entry
// elsewhere) with its Candidate-Type, Promotion-Requirement,
// Provisional-Subject and Provisional-Facet missing, doubled, empty or
// naming what does not exist.
func genInboxCandidate(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, formalBases...)
	// each defect is rare enough that about a third of the variants are
	// valid candidates
	often := func(good string, bad ...string) string {
		if rng.Intn(5) != 0 {
			return good
		}
		return pick(rng, bad)
	}
	subj := often("MC-SUBJ-20261001-0a1b2c3d", "MC-SUBJ-20261001-0A1B2C3D", "MC-SUBJ-20261009-deadbeef", "MC-SUBJ-20261001-0a1b2c3d ", "", " ")
	facet := often("security", "styling", "Security", "performance ", "", "architecture")
	var f []string
	f = append(f, "Status: "+often("candidate", "promoted", "active", "candidate"))
	if rng.Intn(8) != 0 {
		f = append(f, "Candidate-Type: "+often("decision", "constraint", "", "preference"))
	}
	if rng.Intn(8) == 0 {
		f = append(f, "Candidate-Type: decision")
	}
	f = append(f, "Scope: project")
	if rng.Intn(8) != 0 {
		f = append(f, "Provisional-Subject: "+subj)
	}
	if rng.Intn(8) != 0 {
		f = append(f, "Provisional-Facet: "+facet)
	}
	f = append(f, "Evidence:", "- agent-observed", "", "Statement:", "Something might hold.", "")
	for k := pick4(rng, []int{0, 1, 1, 1, 1, 1, 1, 2}); k > 0; k-- {
		f = append(f, "Promotion-Requirement:", often("Confirm with the user.", "", "   "), "")
	}
	if f[len(f)-1] == "" && rng.Intn(2) == 0 {
		f = f[:len(f)-1]
	}
	id := fmt.Sprintf("MC-INBOX-202611%02d-%08x", 1+rng.Intn(28), rng.Uint32())
	head := []string{"## " + id + " — A candidate", ""}
	tr.files["inbox.md"] = append(tr.files["inbox.md"], []byte("\n"+strings.Join(append(head, f...), "\n")+"\n")...)
	return edgeCase{label: fmt.Sprintf("%s inbox %q", base, strings.Join(f, "⏎")), tr: tr, reads: append(someReads(rng, 1), read12Job{task: "maintenance"})}
}

// aliasForms are spellings of one alias that NFKC and case folding may
// or may not make equal.
var aliasForms = [][]string{
	{"notes store", "Ｎｏｔｅｓ store", "NOTES STORE", "notes  store", "ｎｏｔｅｓ　ｓｔｏｒｅ", "notes\u00a0store", "notés store", "note store"},
	{"strasse", "STRAßE", "Straße", "straße", "STRASSE", "strase"},
	{"kelvin scale", "\u212Aelvin scale", "KELVIN SCALE", "kelvin-scale"},
	{"file index", "\ufb01le index", "FILE INDEX", "ﬁle ındex"},
	{"long s", "\u017Fong s", "LONG S", "long ß"},
	{"sigma", "ΣIGMA", "σigma", "ςigma"},
}

// genAlias: two Subjects with aliases that are or are not one identity
// to upstream (NFKC, case folding, white space), and Canonical-Refs in
// full-width, case-folded or path-normalised spellings.
func genAlias(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, "0.8 project", "0.7 schema 2", "0.8 template", "0.6 project")
	forms := aliasForms[rng.Intn(len(aliasForms))]
	a, b := pick(rng, forms), pick(rng, forms)
	refs := []string{"feature:ｎｏｔｅｓ", "feature:Notes", "feature:notes", "feature：notes", "ＦＥＡＴＵＲＥ:notes", "area:Straße", "area:strasse",
		"repo-path:./src/app", "repo-path:src/app", "repo-path:src//app/", "repo-path:src/./app", "repo-path:../x", "repo-path:C:/x", "repo-path:/x",
		"repo-path:.", "repo-path:src\\app", "dependency:pypi:Foo_Bar", "dependency:pypi:foo-bar", "dependency:npm:@Scope/Pkg", "dependency:npm:@scope/pkg",
		"feature:\u212Aelvin", "feature:kelvin", "api:ﬁle", "api:file"}
	ra, rb := pick(rng, refs), pick(rng, refs)
	subj := func(id, title, ref, alias string) string {
		return "## " + id + " — " + title + "\n\nStatus: active\nKind: feature\nCanonical-Ref: " + ref + "\nEvidence:\n- user-confirmed\n\nAliases:\n- " + alias + "\n"
	}
	add := "\n" + subj("MC-SUBJ-20261110-aaaa0001", "First edge", ra, a)
	if rng.Intn(4) != 0 {
		add += "\n" + subj("MC-SUBJ-20261111-aaaa0002", "Second edge", rb, b)
	}
	tr.files["subjects.md"] = append(tr.files["subjects.md"], []byte(add)...)
	return edgeCase{label: fmt.Sprintf("%s aliases %q %q refs %q %q", base, a, b, ra, rb), tr: tr, reads: someReads(rng, 2)}
}

// genModuleFile: a module file below a module folder, or with a suffix
// or README name in another case, indexed or not.
func genModuleFile(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, "0.8 project", "0.8 template", "0.7 schema 2", "0.6 project", "0.7 from 0.6 index")
	dir := pick(rng, []string{"areas", "rules", "profiles"})
	name := dir + "/" + pick(rng, []string{"sub/deep.md", "Ghost.MD", "ghost.Md", "sub/x.MD", "README.MD", "readme.md", "sub/README.md", "a/b/c.md", "notes.markdown", "plain.md"})
	tr.files[name] = []byte("# Module\n\nSome notes.\n")
	if rng.Intn(3) == 0 {
		// listed in the index, as an explicit-only declaration
		m := string(tr.files["manifest.md"])
		sec := map[string]string{"areas": "### Enabled areas\n", "rules": "### Enabled rules\n", "profiles": "### Enabled profiles\n"}[dir]
		if i := strings.Index(m, sec); i >= 0 {
			m = m[:i+len(sec)] + "- `" + name + "`\n  - activation: explicit-only\n" + m[i+len(sec):]
			tr.files["manifest.md"] = []byte(m)
			name += " (indexed)"
		}
	}
	return edgeCase{label: fmt.Sprintf("%s %s", base, name), tr: tr, reads: append(someReads(rng, 1), read12Job{task: "implementation", areas: []string{"ghost", "deep", "sub/deep"}})}
}

// genPseudoID: an H2 that looks like an Entry's without an Entry ID
// (`## MC-PREF-20261001-LOGO — Logo direction`, the pattern of a real 0.6
// project) followed by bullets, prose or fields.
func genPseudoID(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, formalBases...)
	file := pick(rng, []string{"preferences.md", "decisions.md", "constraints.md", "do-not-use.md", "inbox.md", "areas/storage.md"})
	id := pick(rng, []string{"MC-PREF-20261001-LOGO", "mc-dec-20261001-x", "MC-CON-2026", "MC-SUBJ-20261001-LOGO", "MC-DNU-", "MC-REC-20261001-LOGO",
		"MC-TOMB-20261001-zzzzzzzz", "MC-AREA-20261001-12345678x", "MCX-DEC-20261001-LOGO"})
	head := pick(rng, []string{"## ", "##  ", "##\t", " ## "}) + id + " — Logo direction"
	var body []string
	switch rng.Intn(5) {
	case 0:
		body = []string{"- Status: active", "- Decision: use the round logo"}
	case 1:
		body = []string{"", "- Status: active", "- Scope: project"}
	case 2:
		body = []string{"", "- a bullet", "Status: active"}
	case 3:
		body = []string{"", "Prose about the logo.", "", "* starred", "+ plus"}
	default:
		body = []string{"  - indented bullet", "-not a bullet", "-"}
	}
	add := "\n" + head + "\n" + strings.Join(body, "\n") + "\n"
	if rng.Intn(2) == 0 {
		tr.files[file] = append(tr.files[file], []byte(add)...)
	} else {
		b := string(tr.files[file])
		if i := strings.Index(b, "\n## "); i >= 0 {
			b = b[:i+1] + add[1:] + "\n" + b[i+1:]
		} else {
			b += add
		}
		tr.files[file] = []byte(b)
	}
	return edgeCase{label: fmt.Sprintf("%s %s %q", base, file, strings.TrimSpace(add)), tr: tr, reads: someReads(rng, 2)}
}

// genVersionSpelling: protocol_version written with white space before
// the colon, full-width digits, a no-break space, other separators.
func genVersionSpelling(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, "0.8 project", "0.8 template", "0.7 schema 2", "0.6 project")
	v := strings.TrimPrefix(base[:3], "")
	forms := []string{
		"- protocol_version : " + v, "- protocol_version  :  " + v, "- protocol_version\t: " + v, "- protocol_version:\u00a0" + v,
		"- protocol_version: " + strings.NewReplacer("0", "０", "5", "５", "6", "６", "7", "７", "8", "８", ".", "．").Replace(v),
		"- protocol_version: ０.５", "- protocol_version: ０.８", "- protocol_version: 0.８", "- protocol_version:" + v,
		"- protocol_version: " + v + "\u00a0", "- protocol_version: ٠.٨", "- protocol_version : 0.5", "- Protocol_Version: " + v,
		"- protocol_version:　" + v, "-  protocol_version: " + v,
		"- protocol_version: ０.７", "- protocol_version: 0.7.0", "- protocol_version: 0.６", "- entry_schema_version : 3\n- protocol_version : " + v,
	}
	f := pick(rng, forms)
	differs := ""
	if p, ok := versionParts(strings.TrimSpace(f[strings.LastIndex(f, ":")+1:])); ok && len(p) >= 2 && p[0] == 0 && (p[1] == 6 || p[1] == 7) &&
		!strings.HasSuffix(f, ": 0.6") && !strings.HasSuffix(f, ": 0.7") {
		differs = "a 0.6 or 0.7 version not written canonically"
	}
	ok := editLines(rng, tr, "manifest.md", func(l string) bool { return strings.HasPrefix(l, "- protocol_version:") },
		func(string) []string { return strings.Split(f, "\n") })
	reads := append(someReads(rng, 1), read12Job{task: "implementation", paths: []string{"internal/storage/db.go"}})
	return edgeCase{label: fmt.Sprintf("%s %q (%v)", base, f, ok), tr: tr, reads: reads, differs: differs}
}

// genPathRoute: --path values written with doubled slashes, `.`
// segments, a trailing slash, backslashes, drive letters; area globs with
// a leading digit and colon, a trailing `**` that could match the
// directory itself; Evidence paths of the same shapes.
func genPathRoute(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, "0.8 project", "0.7 schema 2", "0.7 from 0.6 index")
	globs := []string{"`internal/storage/**`", "`internal/storage`", "`1:x/**`", "`C:x/**`", "`internal/**/db.go`", "`**`", "`internal/storage/*`",
		"`internal/st?rage/**`", "`internal//storage/**`", "`./internal/storage/**`", "`internal/storage/**/**`"}
	g := pick(rng, globs)
	if rng.Intn(3) != 0 {
		m := string(tr.files["manifest.md"])
		if i := strings.Index(m, "  - paths: "); i >= 0 {
			j := strings.Index(m[i:], "\n")
			m = m[:i] + "  - paths: " + g + ", `cmd/nightnotes/store*.go`" + m[i+j:]
			tr.files["manifest.md"] = []byte(m)
		}
	}
	if rng.Intn(3) == 0 {
		ev := pick(rng, []string{"- repo:1:x/go.mod", "- repo:C:/go.mod", "- repo:./go.mod", "- repo:a//go.mod", "- repo:go.mod@v1"})
		editLines(rng, tr, "constraints.md", func(l string) bool { return strings.HasPrefix(l, "- repo:") },
			func(string) []string { return []string{ev} })
		g += " evidence " + ev
	}
	paths := []string{"src//x.go", "src/./x.go", "src/backend/", "internal/storage", "internal/storage/", "internal/storage/db.go",
		"./internal/storage/db.go", "././internal/storage/db.go", "internal\\storage\\db.go", "C:/x", "1:x/y.go", "internal/storage//db.go",
		"internal/storage/sub/deep.go", ".\\internal\\storage\\db.go", "/abs.go", "internal/./storage/db.go"}
	var reads []read12Job
	for k := 0; k < 3; k++ {
		reads = append(reads, read12Job{task: pick(rng, []string{"implementation", "planning", "review"}), paths: []string{pick(rng, paths)}})
	}
	return edgeCase{label: fmt.Sprintf("%s glob %s", base, g), tr: tr, reads: reads}
}

// genFieldSpace: the white space after a field's colon and at the end
// of its value: a no-break space, an em space, an ideographic space, a
// tab, none.
func genFieldSpace(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, formalBases...)
	file := pick(rng, []string{"constraints.md", "decisions.md", "do-not-use.md", "subjects.md", "inbox.md"})
	sp := pick(rng, []string{"\u00a0", "\u2003", "\u3000", "\t", "", "  ", " \u00a0", "\u200b", "\u0085"})
	end := pick(rng, []string{"", "", "\u00a0", " ", "\u3000"})
	name := pick(rng, []string{"Status", "Scope", "Facet", "Subject", "Kind", "Canonical-Ref", "Candidate-Type", "Entry-Type"})
	ok := editLines(rng, tr, file, func(l string) bool { return strings.HasPrefix(l, name+": ") },
		func(l string) []string { return []string{name + ":" + sp + strings.TrimPrefix(l, name+": ") + end} })
	return edgeCase{label: fmt.Sprintf("%s %s %s:%q…%q (%v)", base, file, name, sp, end, ok), tr: tr, reads: someReads(rng, 2)}
}

// genCredential: token-shaped text of every length around upstream's
// thresholds, placeholders and real-looking ones, inside words and
// URLs, in any memory file.
func genCredential(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, "0.8 project", "0.8 template", "0.7 schema 2", "0.6 project")
	file := pick(rng, []string{"brief.md", "constraints.md", "decisions.md", "manifest.md", "inbox.md", "archive/old.md"})
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	run := func(n int, chars string) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = chars[rng.Intn(len(chars))]
		}
		return string(b)
	}
	n := 14 + rng.Intn(12)
	var tok string
	switch rng.Intn(9) {
	case 0:
		tok = "sk-ant-" + pick(rng, []string{strings.Repeat("x", n), run(n, alnum+"-_"), "api03-" + run(n, alnum)})
	case 1:
		tok = pick(rng, []string{"ghp_", "gho_", "ghs_", "ghx_", "GHP_"}) + pick(rng, []string{strings.Repeat("x", n), run(n, alnum), "...."})
	case 2:
		tok = "github_pat_" + run(n, alnum+"_")
	case 3:
		tok = pick(rng, []string{"sk-", "sk-proj-"}) + run(n, alnum+"-_")
	case 4:
		tok = pick(rng, []string{"AKIA", "ASIA", "akia"}) + run(14+rng.Intn(4), "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
	case 5:
		tok = pick(rng, []string{"Bearer ", "bearer\t", "Bearer  "}) + run(n, alnum+"._~+/-")
	case 6:
		tok = pick(rng, []string{"-----BEGIN PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN PUBLIC KEY-----", "BEGIN PRIVATE KEY"})
	case 7:
		tok = pick(rng, []string{"https://user:pa55word@example.com/x", "postgres://app:secret@db/x", "https://example.com/a:b@c", "ftp://user@host/x"})
	default:
		tok = pick(rng, []string{"task-ant-" + run(n, alnum), "xsk-ant-" + run(n, alnum), "sk_ant_" + run(n, alnum), "ghp-" + run(n, alnum)})
	}
	line := pick(rng, []string{"- Use %s for the API.", "Key: `%s`", "%s", "see (%s).", "token=%s"})
	line = fmt.Sprintf(line, tok)
	if _, ok := tr.files[file]; !ok {
		tr.files[file] = []byte("# Archived notes\n")
	}
	tr.files[file] = append(tr.files[file], []byte("\n"+line+"\n")...)
	return edgeCase{label: fmt.Sprintf("%s %s %q", base, file, line), tr: tr, reads: someReads(rng, 1)}
}

// genManifestLost: manifest.md deleted, emptied or made a stub beside
// some of the core files.
func genManifestLost(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, "0.8 project", "0.8 template", "0.6 project", "0.7 schema 1")
	how := pick(rng, []string{"deleted", "deleted", "emptied", "blank lines", "title only"})
	switch how {
	case "deleted":
		delete(tr.files, "manifest.md")
	case "emptied":
		tr.files["manifest.md"] = nil
	case "blank lines":
		tr.files["manifest.md"] = []byte("\n\n")
	default:
		tr.files["manifest.md"] = []byte("# Memory Manifest\n")
	}
	var gone []string
	for _, f := range []string{"do-not-use.md", "brief.md", "decisions.md", "constraints.md", "inbox.md"} {
		if rng.Intn(4) == 0 {
			delete(tr.files, f)
			gone = append(gone, f)
		}
	}
	c := edgeCase{label: fmt.Sprintf("%s manifest %s, without %v", base, how, gone), tr: tr, reads: someReads(rng, 2)}
	mapfs := fstest.MapFS{}
	for name, b := range tr.files {
		mapfs[name] = &fstest.MapFile{Data: b}
	}
	if !IsMemory(mapfs) {
		c.differs = "not MemoryCustodian memory by its content (no Memory Manifest, no do-not-use.md and two more core files)"
	}
	return c
}

// genBudgetUnits: a file pushed over its budget by legacy bullets, prose
// or entries after its structured entries, as the 0.12 CLI cuts units.
func genBudgetUnits(rng *rand.Rand, bases map[string]memTree) edgeCase {
	base, tr := baseOf(rng, bases, "0.8 project", "0.7 schema 2", "0.6 project")
	file := pick(rng, []string{"decisions.md", "constraints.md", "do-not-use.md", "preferences.md"})
	var add []string
	for k := 1 + rng.Intn(8); k > 0; k-- {
		switch rng.Intn(6) {
		case 0:
			add = append(add, "", "Some prose after the entries, number "+fmt.Sprint(k)+", about the notes tool.")
		case 1:
			add = append(add, "  continued text under a bullet")
		case 2:
			add = append(add, "* A starred legacy note "+strings.Repeat("with more words ", rng.Intn(6)))
		default:
			add = append(add, "- Legacy bullet "+fmt.Sprint(k)+" about an older decision that still holds"+strings.Repeat(" for the notes tool", rng.Intn(5))+".")
		}
	}
	tr.files[file] = append(tr.files[file], []byte("\n"+strings.Join(add, "\n")+"\n")...)
	reads := []read12Job{{task: pick(rng, []string{"planning", "implementation", "artifact", "preferences"})}, {task: pick(rng, []string{"history", "maintenance", "review"})}}
	return edgeCase{label: fmt.Sprintf("%s %s + %d lines", base, file, len(add)), tr: tr, reads: reads}
}
