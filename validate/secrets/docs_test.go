package secrets

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDocsSecretRules keeps docs/secrets.md's account of the secret rules
// true: the number of built-in rules, and every rule-format key, check,
// gate and extract it lists is one the engine knows.
func TestDocsSecretRules(t *testing.T) {
	data, err := os.ReadFile("../../docs/secrets.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	m := regexp.MustCompile(`There are (\d+) built-in rules`).FindStringSubmatch(readme)
	if m == nil {
		t.Fatal("docs/secrets.md does not say how many built-in rules there are")
	}
	if n, _ := strconv.Atoi(m[1]); n != len(builtinTable) {
		t.Errorf("docs/secrets.md says %d built-in rules, there are %d", n, len(builtinTable))
	}
	for name := range checkFuncs() {
		if !strings.Contains(readme, "`"+name+"`") {
			t.Errorf("docs/secrets.md's rule format does not list the check %q", name)
		}
	}
	for name := range gateFuncs() {
		if !strings.Contains(readme, "`"+name+"`") {
			t.Errorf("docs/secrets.md's rule format does not list the gate %q", name)
		}
	}
	for name := range checksumFuncs() {
		if !strings.Contains(readme, "`"+name+"`") {
			t.Errorf("docs/secrets.md's rule format does not list the checksum %q", name)
		}
	}
	for name := range extractFuncs() {
		if !strings.Contains(readme, "`"+name+"`") {
			t.Errorf("docs/secrets.md's rule format does not list the extract %q", name)
		}
	}
}
