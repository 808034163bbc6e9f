package hooks

import (
	"errors"
	"fmt"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
	"github.com/remnant-guard/remnant-guard/validate"
)

// notRegularRule is the rule for a memory or config file that cannot be
// read as a regular file.
const notRegularRule = "file-not-regular"

// fileRules judge how a memory or config file is stored rather than what
// it says.
var fileRules = []validate.Rule{
	{
		ID: notRegularRule, Severity: validate.Error, Family: validate.Memory,
		Summary: "a memory or config file is a directory, FIFO, socket, device or symbolic link loop, so it cannot be read",
		Bad:     "mkfifo REMNANT.md",
		Good:    "printf '# REMNANT\\n' > REMNANT.md   # a regular file",
	},
	{
		ID: unsaltedRule, Severity: validate.Warning, Family: validate.Secrets, Local: true,
		Summary: ".remnant-guard-ignore holds unsalted fingerprints, which confirm a guessed secret to anyone who can read the file",
		Bad:     "# .remnant-guard-ignore\n3f1c0a9e5b7d2468ace013579bdf2468 # secret-generic at app.env:3",
		Good:    "# .remnant-guard-ignore\nsalt 9c1f...(64 hex digits)\n5be0c2a17f93d8e4b6a1c0d2e3f4a5b6 # secret-generic at app.env:3",
	},
}

// notRegularFinding turns a *NotRegularError into a finding about the file
// shown as display; ok is false for any other error.
func notRegularFinding(err error, display string) (validate.Finding, bool) {
	var nr *safefile.NotRegularError
	if !errors.As(err, &nr) {
		return validate.Finding{}, false
	}
	return validate.Finding{
		RuleID: notRegularRule, Severity: validate.Error, Path: display,
		Message: fmt.Sprintf("%s is a %s, not a regular file: it is not read", display, nr.Kind),
		Hint:    "replace it with a regular file, or remove it",
	}, true
}
