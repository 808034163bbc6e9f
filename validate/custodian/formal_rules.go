package custodian

import (
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// Controlled values of structured entries.
var (
	entryStatuses = []string{"active", "candidate", "superseded", "promoted"}
	facets        = []string{"adoption-policy", "version-policy", "architecture", "behavior", "compatibility",
		"security", "performance", "data-model", "interface", "workflow", "lifecycle"}
	areaEntryTypes = map[string]string{"decision": "Decision", "constraint": "Constraint",
		"preference": "Preference", "do-not-use": "Rejected", "rule": "Rule", "profile": "Profile"}
	candidateEvidence = map[string]bool{"agent-observed": true, "conversation-unconfirmed": true}
	slugRE            = validate.LazyRegexp(`^[a-z0-9][a-z0-9._-]*$`)
	evidenceRE        = validate.LazyRegexp(`^(?:user-confirmed|agent-observed|conversation-unconfirmed|legacy-unverified|(?:issue|pr):#[0-9]+|(?:repo|doc|test):([^@\s]+)(?:@[A-Za-z0-9._/-]+)?)$`)
)

// typeBody is the typed body each entry type carries.
var typeBody = sync.OnceValue(func() map[string]string {
	return map[string]string{"DEC": "Decision", "CON": "Constraint", "DNU": "Rejected", "TOMB": "Rejected",
		"PREF": "Preference", "INBOX": "Statement"}
})

// storage describes where a memory file may hold formal entries.
type storage struct {
	types []string
	scope string // required Scope
	area  string // area slug for areas/<n>.md
}

// storageOf returns the storage rules of a memory file, and false when it
// may hold no formal entries (archive/ is not judged by storage).
func storageOf(name string) (storage, bool) {
	switch name {
	case "decisions.md":
		return storage{types: []string{"DEC"}, scope: "project"}, true
	case "constraints.md":
		return storage{types: []string{"CON"}, scope: "project"}, true
	case "do-not-use.md":
		return storage{types: []string{"DNU", "TOMB"}, scope: "project"}, true
	case "preferences.md":
		return storage{types: []string{"PREF"}, scope: "project"}, true
	case "inbox.md":
		return storage{types: []string{"INBOX"}}, true
	}
	kind, file, ok := strings.Cut(name, "/")
	if !ok || strings.Contains(file, "/") || file == "README.md" || !strings.HasSuffix(file, ".md") {
		return storage{}, false
	}
	slug := strings.TrimSuffix(file, ".md")
	switch kind {
	case "areas":
		return storage{types: []string{"DEC", "CON", "DNU", "PREF", "AREA"}, scope: "area:" + slug, area: slug}, true
	case "rules", "profiles":
		return storage{types: []string{"AREA"}, scope: "project"}, true
	}
	return storage{}, false
}

// expectedBody returns the typed body an entry must carry in file name.
func expectedBody(e *FormalEntry, name string, schema int) string {
	if e.Type != "AREA" {
		return typeBody()[e.Type]
	}
	if schema >= 3 {
		return areaEntryTypes[e.One("Entry-Type")]
	}
	switch {
	case strings.HasPrefix(name, "rules/"):
		return "Rule"
	case strings.HasPrefix(name, "profiles/"):
		return "Profile"
	}
	return "Decision"
}

// owns reports whether an entry owns its (Scope, Subject, Facet) identity:
// active DEC, CON, DNU and AREA entries outside rules/ and profiles/.
func owns(e *FormalEntry) bool {
	switch e.Type {
	case "DEC", "CON", "DNU", "AREA":
	default:
		return false
	}
	return e.One("Status") == "active" && !strings.HasPrefix(e.File, "rules/") && !strings.HasPrefix(e.File, "profiles/") && !isArchive(e.File)
}
