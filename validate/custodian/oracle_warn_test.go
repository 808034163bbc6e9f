package custodian

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/remnant-guard/remnant-guard/internal/mcoracle"
	"github.com/remnant-guard/remnant-guard/validate"
)

// The differential test compares warnings by kind: each warning of the
// reference's check maps to the rule here that corresponds, with the file
// it names and, for the inbox, the item count. The rules of
// refWarningRules must give exactly the reference's warnings, save the
// documented extensions (allowedWarnExtra); the other warning rules are
// remnant-guard's own (ownWarnings).

// refWarning is one form of the reference's warnings: a pattern over its
// `- ...` line and the kind it stands for (rule, file, detail).
type refWarning struct {
	re   *regexp.Regexp
	kind func(m []string) string
}

var refWarnings = []refWarning{
	{regexp.MustCompile(`^inbox\.md: (\d+) items, compaction recommended$`),
		func(m []string) string { return warnKind(RuleInboxFull, "inbox.md", m[1]+" items") }},
	{regexp.MustCompile(`^preferences\.md: contains a machine-specific absolute path; confirm it belongs in shared project memory$`),
		func([]string) string { return warnKind(RuleMachinePath, "preferences.md", "") }},
	{regexp.MustCompile(`^(AGENTS|CLAUDE|GEMINI)\.md: may be too long for a thin entry file \(\d+ tokens\)$`),
		func(m []string) string { return warnKind(RuleAgentFileEntry, m[1]+".md", "long") }},
	{regexp.MustCompile(`^(AGENTS|CLAUDE|GEMINI)\.md: appears to copy memory content instead of pointing to docs/memory$`),
		func(m []string) string { return warnKind(RuleAgentFileEntry, m[1]+".md", "copies") }},
	{regexp.MustCompile(`^GEMINI\.md: should not import docs/memory files; point to the manifest instead$`),
		func([]string) string { return warnKind(RuleAgentFileEntry, "GEMINI.md", "imports") }},
}

// refWarningRules are the rules that correspond to the reference's
// warnings.
var refWarningRules = map[string]bool{RuleInboxFull: true, RuleMachinePath: true, RuleAgentFileEntry: true}

// ownWarnings are the warning rules the reference has no counterpart for,
// documented in README.md as remnant-guard's.
var ownWarnings = map[string]bool{
	RuleManifestSyntax: true, RuleInboxRoute: true, RuleMissingIndexedModule: true,
	RuleNearBudget: true, RuleDecisionNoReason: true, RuleTombstoneNoReason: true,
	RuleDuplicateUnit: true, RulePersonalEmail: true, RulePhoneNumber: true,
	RuleAgentFileCopy: true, RuleEntryOrder: true, RuleSubjectCoverage: true,
	RuleConflictReview: true, RuleEvidenceLegacy: true, RuleStale: true, RuleMigration: true,
}

// refLocalPath is the reference's machine-specific path pattern
// (LOCAL_PATH_RE of its check), which it applies to preferences.md only.
var refLocalPath = regexp.MustCompile(`(?:/Users/|/home/|/Volumes/|[A-Za-z]:[\\/])`)

// refLocalPathFold is that pattern in any case.
var refLocalPathFold = regexp.MustCompile(`(?i)(?:/Users/|/home/|/Volumes/|[A-Za-z]:[\\/])`)

// allowedWarnExtra reports whether a warning of a refWarningRules rule
// that the reference does not give is a documented extension (README.md,
// "Agreement with the MemoryCustodian CLI").
func allowedWarnExtra(kind, mem string) bool {
	rule, file, _ := strings.Cut(kind, " ")
	if rule != RuleMachinePath {
		return false
	}
	if file != "preferences.md" {
		// custodian-machine-path looks at every memory file, archive/
		// included; the reference at preferences.md only.
		return true
	}
	// Paths in any case: /HOME/carol/ and C:\USERS\DANA\ too.
	text := readMem(mem, file)
	return !refLocalPath.MatchString(text) && refLocalPathFold.MatchString(text)
}

// allowedWarnMissing reports whether a warning of the reference that no
// finding here matches is a documented narrowing: every path the
// reference's pattern finds in preferences.md is one that
// custodian-machine-path deliberately ignores (localPathExcuse).
func allowedWarnMissing(kind, mem string) bool {
	if kind != warnKind(RuleMachinePath, "preferences.md", "") {
		return false
	}
	text := readMem(mem, "preferences.md")
	ms := refLocalPath.FindAllStringIndex(text, -1)
	for _, m := range ms {
		if localPathExcuse(text, m[0], m[1]) == "" {
			return false
		}
	}
	return len(ms) > 0
}

var plainName = regexp.MustCompile(`^[A-Za-z0-9._-]*`)

// localPathExcuse says why the reference's match text[start:end] is no
// machine-specific path, or "" if it is one.
func localPathExcuse(text string, start, end int) string {
	before := byte(' ')
	if start > 0 {
		before = text[start-1]
	}
	word := func(c byte) bool {
		return c == '_' || c < 0x80 && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)))
	}
	if text[start] != '/' {
		if word(before) {
			return "the end of a word or URL scheme (https://), not a drive"
		}
		rest := strings.ToLower(text[end:])
		if !strings.HasPrefix(rest, "users") || len(rest) < 6 || (rest[5] != '/' && rest[5] != '\\') {
			return ""
		}
		end += 6
	} else if word(before) || before == '.' {
		return "inside a word or URL path, not an absolute path"
	}
	name := plainName.FindString(text[end:])
	if name == "" || end+len(name) >= len(text) || (text[end+len(name)] != '/' && text[end+len(name)] != '\\') {
		return "no plain user name and separator follow: a placeholder such as /home/<user>/"
	}
	if n := strings.ToLower(name); n == "shared" || n == "guest" {
		return "/Users/Shared/ and /Users/Guest/ belong to no one"
	}
	return ""
}

func readMem(mem, name string) string {
	b, _ := os.ReadFile(filepath.Join(mem, name))
	s, _ := decodeText(b)
	return s
}

func warnKind(rule, file, detail string) string {
	return strings.TrimSpace(rule + " " + file + " " + detail)
}

// refWarningKinds reads the warnings of the reference's check output;
// unknown lists the lines no form matches.
func refWarningKinds(out string) (kinds, unknown []string) {
	_, warn, ok := strings.Cut(out, "\nWarnings:\n")
	if !ok {
		if !strings.HasPrefix(out, "Warnings:\n") {
			return nil, nil
		}
		warn = strings.TrimPrefix(out, "Warnings:\n")
	}
	for _, l := range strings.Split(warn, "\n") {
		if l == "" {
			continue
		}
		matched := false
		for _, w := range refWarnings {
			if m := w.re.FindStringSubmatch(strings.TrimPrefix(l, "- ")); m != nil {
				kinds, matched = append(kinds, w.kind(m)), true
				break
			}
		}
		if !matched {
			unknown = append(unknown, l)
		}
	}
	sort.Strings(kinds)
	return kinds, unknown
}

// ourWarningKinds are the kinds of this package's warnings of the
// refWarningRules rules; unclassified lists the warning rules that are
// neither those nor ownWarnings.
func ourWarningKinds(fs []validate.Finding) (kinds, unclassified []string) {
	seen := map[string]bool{}
	for _, f := range fs {
		if f.Severity != validate.Warning {
			continue
		}
		if !refWarningRules[f.RuleID] {
			if !ownWarnings[f.RuleID] {
				unclassified = append(unclassified, f.RuleID)
			}
			continue
		}
		k := warnKind(f.RuleID, strings.TrimPrefix(f.Path, DefaultDir+"/"), ourWarnDetail(f))
		if !seen[k] {
			seen[k] = true
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	return kinds, unclassified
}

// agentEntryDetails tell the kinds of custodian-agent-file-entry apart by
// their messages.
var agentEntryDetails = [][2]string{{"may be too long", "long"}, {"appears to copy", "copies"}, {"imports memory files", "imports"}}

// ourWarnDetail is the detail of a finding's kind, read from its message.
func ourWarnDetail(f validate.Finding) string {
	switch f.RuleID {
	case RuleInboxFull:
		var n int
		if _, err := fmt.Sscanf(f.Message, "inbox.md has %d items", &n); err == nil {
			return fmt.Sprintf("%d items", n)
		}
	case RuleAgentFileEntry:
		for _, d := range agentEntryDetails {
			if strings.Contains(f.Message, d[0]) {
				return d[1]
			}
		}
	}
	return ""
}

// warningDiff compares the reference's warning kinds with ours: what only
// the reference gives and what only we give, beyond the allowed
// differences.
func warningDiff(ref, ours []string, mem string) (missing, extra []string) {
	in := func(xs []string, x string) bool {
		i := sort.SearchStrings(xs, x)
		return i < len(xs) && xs[i] == x
	}
	for _, k := range ref {
		if !in(ours, k) && !allowedWarnMissing(k, mem) {
			missing = append(missing, k)
		}
	}
	for _, k := range ours {
		if !in(ref, k) && !allowedWarnExtra(k, mem) {
			extra = append(extra, k)
		}
	}
	return missing, extra
}

// compareWarnings compares the warnings of one check and returns the
// number of differences (0 or 1); seen counts the reference's warnings
// compared, by rule.
func compareWarnings(t *testing.T, name, mem string, ref mcoracle.Result, fs []validate.Finding, newer bool, seen map[string]int) int {
	t.Helper()
	ours, unclassified := ourWarningKinds(fs)
	for _, r := range unclassified {
		t.Errorf("%s: warning rule %s is neither one of the reference's (refWarningRules) nor listed as remnant-guard's own (ownWarnings)", name, r)
	}
	if newer || ref.Code == 2 || !strings.HasPrefix(ref.Out, "MemoryCustodian check: ") {
		// The 0.9.1 CLI's warnings are the reference for protocol 0.5
		// only, and a run that stopped early printed none.
		return 0
	}
	kinds, unknown := refWarningKinds(ref.Out)
	for _, k := range kinds {
		rule, _, _ := strings.Cut(k, " ")
		seen[rule]++
	}
	for _, l := range unknown {
		t.Errorf("%s: the reference warns %q, a form refWarnings does not know", name, l)
	}
	missing, extra := warningDiff(kinds, ours, mem)
	if len(missing) == 0 && len(extra) == 0 && len(unknown) == 0 {
		return 0
	}
	t.Errorf("%s: warnings differ:\n  only the reference: %q\n  only remnant-guard: %q\n%s", name, missing, extra, ref.Out)
	return 1
}

// TestWarningRulesClassified keeps every warning rule either one of the
// reference's or one of remnant-guard's own, so that a new warning rule is
// compared with the reference or listed as an extension.
func TestWarningRulesClassified(t *testing.T) {
	for _, r := range Rules() {
		if r.Severity == validate.Warning && refWarningRules[r.ID] == ownWarnings[r.ID] {
			t.Errorf("warning rule %s: in refWarningRules %v, in ownWarnings %v; want exactly one", r.ID, refWarningRules[r.ID], ownWarnings[r.ID])
		}
	}
	for id := range ownWarnings {
		found := false
		for _, r := range Rules() {
			found = found || r.ID == id && r.Severity == validate.Warning
		}
		if !found {
			t.Errorf("ownWarnings lists %s, which is no warning rule", id)
		}
	}
}
