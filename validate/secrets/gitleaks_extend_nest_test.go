package secrets

import (
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// TestExtendedConfigNestingBounded gives a gitleaks config an [extend]
// path to a file nested as deep as its size allows: the decoder's work
// grows with the square of the depth (60 KB of inline tables ran past a
// minute and 2 GB), so the file is refused naming it and its line, in
// work linear in its size, like the config that names it.
func TestExtendedConfigNestingBounded(t *testing.T) {
	parse := func(depth int) error {
		read := func(name string) ([]byte, error) {
			if name != "other.toml" {
				return nil, nil
			}
			return []byte("title = \"x\"\na = " + strings.Repeat("{b = ", depth) + "\n"), nil
		}
		_, err := ParseGitleaksConfig(".gitleaks.toml", []byte("[extend]\npath = \"other.toml\"\n"), read)
		return err
	}
	if err := parse(4000); err == nil || !strings.Contains(err.Error(), "other.toml:2: arrays and tables nest more than") {
		t.Errorf("a deeply nested extended file: %v, want an error naming other.toml:2", err)
	}
	heapcost.CheckLinear(t, "extended config nested",
		func() { parse(2000) }, func() { parse(16000) })
}
