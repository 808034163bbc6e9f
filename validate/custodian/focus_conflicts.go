package custodian

import "strings"

// conflicts reports what upstream's `check --conflicts` does: every
// conflict finding of the plain check over the whole directory, with its
// MC-CONFLICT code and status (CONFLICT and INVALID are ERRORs, REVIEW a
// WARNING). MC-CONFLICT-009 (two matched areas) needs a route and is
// reported by route only.
func (f *focus) conflicts() {
	for _, c := range f.plain() {
		code, ok := conflictCode(c.rule, c.msg)
		if !ok {
			continue
		}
		status := conflictStatus(code)
		sev := SevError
		if status == "REVIEW" {
			sev = SevWarning
		}
		msg := c.msg
		if pre, rest, found := strings.Cut(msg, ": "); found && pre == code {
			msg = rest
		}
		f.res.add(FocusFinding{Code: code, Severity: sev, Status: status, Path: c.name, Line: c.line,
			EntryID: entryIDRE().FindString(msg), Message: msg})
	}
}
