package custodian

import (
	"strings"
	"unicode"

	"github.com/remnant-guard/remnant-guard/validate"
)

// subjectFieldRE is a field line as the registry reader takes it.
var subjectFieldRE = validate.LazyRegexp(`^([A-Za-z][A-Za-z-]*):`)

var subjectListFields = []string{"Aliases", "Evidence", "Merged-From"}

// subjectStrayLines returns the visible lines of a Subject section that
// are neither a field nor an item of a list field (a table row, a
// sentence), and the `##` headings that are no Subject heading:
// upstream's registry reader refuses each.
func subjectStrayLines(f *File) []entryProblem {
	lx := lex(f.Lines)
	vis := lx.Visible(f.Lines)
	var out []entryProblem
	id, list := "", ""
	for i, l := range vis {
		if strings.HasPrefix(l, "## ") || l == "##" {
			id, list = "", ""
			if eid, typ, _, ok := entryHeading(l); ok && typ == "SUBJ" {
				id = eid
			} else if !entryIDRE().MatchString(l) {
				out = append(out, entryProblem{i + 1, "malformed Subject heading " + quote(short(pyStrip(l))) + "; expected `## <SUBJECT_ID> — <title>`"})
			}
			continue
		}
		if id == "" {
			continue
		}
		if g := subjectFieldRE().FindStringSubmatch(l); g != nil {
			list = ""
			if contains(subjectListFields, g[1]) {
				list = g[1]
			}
			continue
		}
		switch {
		case strings.HasPrefix(l, "- ") && list != "":
		case strings.TrimFunc(l, unicode.IsSpace) != "":
			out = append(out, entryProblem{i + 1, id + " has unexpected line " + quote(short(l))})
			list = ""
		}
	}
	return out
}

// subjectEvidence returns why a Subject's Evidence is invalid, or "":
// a Subject needs confirmed Evidence, as active memory does, and never
// the migration's legacy-unverified.
func subjectEvidence(items []string) string {
	if len(items) == 0 {
		return "Evidence must contain at least one item"
	}
	for _, it := range items {
		g := evidenceRE().FindStringSubmatch(it)
		switch {
		case g == nil || g[1] != "" && pathUnsafe(g[1]):
			return "has invalid Evidence " + quote(short(it))
		case candidateEvidence[it]:
			return it + " Evidence cannot create an active Subject; use user-confirmed or source-backed Evidence"
		case it == "legacy-unverified":
			return "legacy-unverified Evidence is reserved for migrated entries"
		}
	}
	return ""
}

// simpleRefRE and npmRefRE are the identifiers of a Canonical-Ref.
var (
	simpleRefRE = validate.LazyRegexp(`^[a-z0-9][a-z0-9._-]*$`)
	npmRefRE    = validate.LazyRegexp(`^(?:@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*$`)
	pypiRunRE   = validate.LazyRegexp(`[-_.]+`)
)

// canonicalRef returns a Canonical-Ref in its normal form, or why it is
// invalid: upstream knows dependency:pypi:, dependency:npm:, repo-path:,
// area:, api:, service: and feature: references.
func canonicalRef(written string) (string, string) {
	raw := nfkc(written)
	switch {
	case strings.HasPrefix(raw, "dependency:pypi:"):
		name := pypiRunRE().ReplaceAllString(casefold(strings.TrimPrefix(raw, "dependency:pypi:")), "-")
		if !simpleRefRE().MatchString(name) {
			return "", "invalid PyPI Canonical-Ref " + quote(short(written))
		}
		return "dependency:pypi:" + name, ""
	case strings.HasPrefix(raw, "dependency:npm:"):
		name := casefold(strings.TrimPrefix(raw, "dependency:npm:"))
		if !npmRefRE().MatchString(name) {
			return "", "invalid npm Canonical-Ref " + quote(short(written))
		}
		return "dependency:npm:" + name, ""
	case strings.HasPrefix(raw, "repo-path:"):
		p, ok := repoPath(strings.TrimPrefix(raw, "repo-path:"))
		if !ok {
			return "", "invalid repo-path Canonical-Ref " + quote(short(written))
		}
		return "repo-path:" + p, ""
	}
	for _, prefix := range []string{"area:", "api:", "service:", "feature:"} {
		if strings.HasPrefix(raw, prefix) {
			id := casefold(strings.TrimPrefix(raw, prefix))
			if !simpleRefRE().MatchString(id) {
				return "", "invalid " + strings.TrimSuffix(prefix, ":") + " Canonical-Ref " + quote(short(written))
			}
			return prefix + id, ""
		}
	}
	return "", "has unsupported Canonical-Ref " + quote(short(written)) + " (want dependency:pypi:, dependency:npm:, repo-path:, area:, api:, service: or feature:)"
}

// repoPath normalises the path of a repo-path reference as a POSIX path
// is read (upstream's PurePosixPath): backslashes are slashes, empty and
// "." segments vanish ("./src//x/" is "src/x"); an empty, absolute or
// drive-letter path, or one with "..", is invalid.
func repoPath(p string) (string, bool) {
	p = strings.ReplaceAll(p, `\`, "/")
	if p == "" || strings.HasPrefix(p, "/") || driveLetter(p) {
		return "", false
	}
	var parts []string
	for _, s := range strings.Split(p, "/") {
		switch s {
		case "", ".":
		case "..":
			return "", false
		default:
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return ".", true
	}
	return strings.Join(parts, "/"), true
}
