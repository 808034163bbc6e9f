package validate

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoFormatImports: validate holds what the formats share, so it never
// depends on one of them.
func TestNoFormatImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	const self = "github.com/remnant-guard/remnant-guard/validate"
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, self+"/") {
			t.Errorf("validate depends on %s", dep)
		}
	}
}
