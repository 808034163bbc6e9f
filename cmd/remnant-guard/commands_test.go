package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCommandTableFlags: dispatch hands a command the global --config and
// --no-color by what the command table says, so each command's flag set
// must define exactly the ones the table gives it. A flag set that defines
// the flag parses it and goes on to --help (exit 0); one that does not
// stops at it with a usage error.
func TestCommandTableFlags(t *testing.T) {
	for _, c := range commands() {
		for _, f := range []struct {
			arg   string
			takes bool
		}{
			{"--config=x", c.takesConfig},
			{"--no-color=true", c.takesNoColor},
		} {
			var out bytes.Buffer
			code := c.run([]string{f.arg, "--help"}, strings.NewReader(""), &out, &out)
			flag, _, _ := strings.Cut(f.arg, "=")
			if defined := code == exitClean; defined != f.takes {
				t.Errorf("%s %s --help: exit %d, so its flag set defines %s: %v; the command table says %v\n%s",
					c.name, f.arg, code, flag, defined, f.takes, out.String())
			}
		}
	}
}

// TestCommandTableHelp: every command's entry carries its help text.
func TestCommandTableHelp(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands() {
		if seen[c.name] {
			t.Errorf("%s: two entries in the command table", c.name)
		}
		seen[c.name] = true
		if c.help.about == "" || len(c.help.examples) == 0 {
			t.Errorf("%s: no help text (about and examples) in the command table", c.name)
		}
	}
}
