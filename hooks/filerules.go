package hooks

import (
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
)

// fileRules judge how a memory or config file is stored rather than what
// it says.
var fileRules = []validate.Rule{
	{
		ID: config.NotRegularRule, Severity: validate.Error, Family: validate.Memory,
		Summary: "a memory or config file is a directory, FIFO, socket, device or symbolic link loop, so it cannot be read",
		Bad:     "mkfifo REMNANT.md",
		Good:    "printf '# REMNANT\\n' > REMNANT.md   # a regular file",
	},
	{
		ID: linksOutRule, Severity: validate.Error, Family: validate.Memory,
		Summary: "a memory file is, or is reached through, a symbolic link that leads out of the repository, so it is not read",
		Bad:     "ln -s ../../elsewhere/REMNANT.md REMNANT.md",
		Good:    "ln -s docs/REMNANT.md REMNANT.md   # a link that stays inside",
	},
	{
		ID: unsaltedRule, Severity: validate.Warning, Family: validate.Secrets, Local: true,
		Summary: ".remnant-guard-ignore holds unsalted fingerprints, which confirm a guessed secret to anyone who can read the file",
		Bad:     "# .remnant-guard-ignore\n3f1c0a9e5b7d2468ace013579bdf2468 # secret-generic at app.env:3",
		Good:    "# .remnant-guard-ignore\nsalt 9c1f...(64 hex digits)\n5be0c2a17f93d8e4b6a1c0d2e3f4a5b6 # secret-generic at app.env:3",
	},
}
