package agents

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// TestOversizedSettingsLeftAlone: a settings or hooks file larger than
// remnant-guard reads, its own hooks past the part read, is refused by
// install and uninstall and left byte for byte, never taken for the part
// read (blank, so empty: the user's hooks were overwritten).
func TestOversizedSettingsLeftAlone(t *testing.T) {
	for _, a := range []Agent{Copilot, Claude, Codex} {
		home := t.TempDir()
		file := filepath.Join(home, filepath.FromSlash(a.spec().settings["user"]))
		os.MkdirAll(filepath.Dir(file), 0o755)
		src := append(bytes.Repeat([]byte(" "), safefile.MaxReadLimit+1024), `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"echo mine"}]}}`...)
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		opt := InstallOptions{Agent: a, Scope: "user", Home: home}
		if _, err := Install(opt); err == nil {
			t.Errorf("%s: install took an oversized %s", a, file)
		}
		if _, err := Uninstall(opt); err == nil {
			t.Errorf("%s: uninstall took an oversized %s", a, file)
		}
		if got, _ := os.ReadFile(file); !bytes.Equal(got, src) {
			t.Errorf("%s: %s changed (%d bytes, was %d)", a, file, len(got), len(src))
		}
	}
}
