package agents

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

// TestCodexConfigNestingLinear reads a Codex config.toml nested as deep
// as its size allows (arrays, inline tables) in linear work: the TOML
// decoder's work grows with the square of the depth (a 1 MiB file of
// "[" cost it 28 s and 588 MB), so such a file is not decoded; a config
// that turns hooks off is still read.
func TestCodexConfigNestingLinear(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, open := range []string{"[", "{b="} {
		small := write("small.toml", "a="+strings.Repeat(open, 2000))
		large := write("large.toml", "a="+strings.Repeat(open, 16000))
		heapcost.CheckLinear(t, "config.toml nested "+open,
			func() { codexHooksOff(nil, small) },
			func() { codexHooksOff(nil, large) })
	}
	off := write("off.toml", "[features]\nhooks = false\n")
	if got, err := codexHooksOff(nil, off); !got || err != nil {
		t.Errorf("hooks = false: %v, %v; want true", got, err)
	}
}
