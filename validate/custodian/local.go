package custodian

import "strings"

// Local overlays: files under the memory directory's local/ folder (for
// example local/preferences.md) hold memory of one user or one machine.
// They are read and scanned like every other memory file; a formal entry
// in them must carry a local Scope (local-user or local-machine), which
// is valid nowhere else. Whether an overlay is bound to a checkout is
// private state of upstream's CLI and is not judged here.

// localScopes are the Scopes of local overlay entries.
var localScopes = []string{"local-user", "local-machine"}

// isLocal reports a file of the local/ overlay folder.
func isLocal(name string) bool { return strings.HasPrefix(name, "local/") }

// localEntry checks a formal entry of a local overlay: its Scope must be
// local (an invalid Scope is reported by the schema rule).
func (c *checker) localEntry(e *FormalEntry, name string) {
	s := e.One("Scope")
	if s == "" || contains(localScopes, s) || !validScope(s) {
		return
	}
	c.add(RuleLocalScope, name, e.Line, 1, "%s has non-local Scope %s", e.ID, quote(s))
}

// validScope reports a Scope the schema accepts outside local/.
func validScope(s string) bool {
	return s == "project" || strings.HasPrefix(s, "area:") && slugRE().MatchString(s[5:])
}
