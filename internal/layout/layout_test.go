package layout

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/remnant-guard/remnant-guard"

// allowed says which of the module's packages a package may import (its
// non-test imports): the command line anything; hooks its concern
// packages, the validators, gitutil and internal; a concern package of
// hooks the validators, gitutil, internal and hooks/config (the
// configuration as plain data, which imports no other package of hooks);
// a validator validate and the pure helpers of internal; validate, gitutil
// and internal nothing of the module.
func allowed(pkg, dep string) bool {
	under := func(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }
	pure := dep == "internal/tomlcheck" || dep == "internal/crc16" || dep == "internal/jsonedit" || dep == "internal/shquote" || dep == "internal/textsafe"
	switch {
	case under(pkg, "cmd"):
		return true
	case pkg == "hooks":
		return under(dep, "hooks") || under(dep, "validate") || dep == "gitutil" || under(dep, "internal")
	case under(pkg, "hooks/config"):
		return under(dep, "validate") || dep == "gitutil" || under(dep, "internal")
	case under(pkg, "hooks"):
		return under(dep, "validate") || dep == "gitutil" || under(dep, "internal") || dep == "hooks/config"
	case pkg == "validate", pkg == "gitutil", under(pkg, "internal"):
		return false
	case under(pkg, "validate"):
		return dep == "validate" || pure
	}
	return false
}

// TestDependenciesPointDown fails when a package imports one above it or
// beside it: every import of the module's packages is checked against
// allowed.
func TestDependenciesPointDown(t *testing.T) {
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", module+"/...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := 0
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		seen++
		pkg := strings.TrimPrefix(p.ImportPath, module+"/")
		for _, imp := range p.Imports {
			dep, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			if !allowed(pkg, dep) {
				t.Errorf("%s imports %s: dependencies point down (see ARCHITECTURE.md)", pkg, dep)
			}
		}
	}
	if seen < 10 {
		t.Fatalf("go list listed %d packages", seen)
	}
}

// TestAllowedRefusesUpwardImports keeps the rule itself honest.
func TestAllowedRefusesUpwardImports(t *testing.T) {
	for _, c := range []struct {
		pkg, dep string
		ok       bool
	}{
		{"cmd/remnant-guard", "hooks", true},
		{"hooks", "hooks/agents", true},
		{"hooks/agents", "hooks", false},
		{"hooks/agents", "hooks/githooks", false},
		{"hooks/judge", "hooks", false},
		{"hooks/judge", "hooks/config", true},
		{"hooks/config", "hooks/judge", false},
		{"hooks/config", "validate/secrets", true},
		{"validate/secrets", "hooks/config", false},
		{"validate/secrets", "internal/tomlcheck", true},
		{"validate/report", "internal/safefile", false},
		{"validate", "validate/remnant", false},
		{"gitutil", "validate", false},
		{"internal/safefile", "gitutil", false},
		{"validate/custodian", "gitutil", false},
	} {
		if got := allowed(c.pkg, c.dep); got != c.ok {
			t.Errorf("allowed(%s, %s) = %v, want %v", c.pkg, c.dep, got, c.ok)
		}
	}
}
