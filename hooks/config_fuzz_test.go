package hooks

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/internal/heapcost"
	"github.com/remnant-guard/remnant-guard/internal/safefile"
)

// configSeeds are configs of every shape the README documents, and broken
// ones.
var configSeeds = []string{
	"",
	"paths = [\"docs/*/REMNANT.md\"]\n[limits]\nmax_lines = 200\nmax_file_size = 65536\n",
	"[rules]\nremnant-title = \"warning\"\nsecret-generic = \"off\"\n",
	"[hook]\nblock_local = true\nblock_skipped = true\n",
	"[secrets]\nmax_file_size = 1048576\nexclude_paths = [\"testdata/**\"]\ngitleaks_config = \"ci/gitleaks.toml\"\n",
	"[[secrets.rules]]\nid = \"secret-x\"\ndescription = \"x\"\nregex = \"xk_[a-z]{8}\"\ntp = [\"xk_abcdefgh\"]\nfp = [\"b\"]\n",
	"[custodian]\ndir = \"docs/memory\"\nstale_commits = 3\n[custodian.areas]\napi = [\"src/api/**\"]\n[custodian.budgets]\n\"*.md\" = 400\n",
	"[limits]\nmax_file_size = 9223372036854775807\n",
	"[secrets]\nmax_file_size = -1\n",
	"x = " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n",
	"x = {a = {b = {c = 1}}}\n",
	"s = \"\"\"\n[[[[\n\"\"\"\nt = '''{{{{'''\n",
	"[limits\nmax_lines = 1\n",
}

// FuzzParseConfig checks that no config panics, that a bad one is a
// *config.Error whose line lies inside the file, and that parsing stays
// finishes whatever the nesting.
func FuzzParseConfig(f *testing.F) {
	for _, s := range configSeeds {
		f.Add(s)
	}
	known := allRules()
	f.Fuzz(func(t *testing.T, src string) {
		var c *config.Config
		var err error
		heapcost.Finishes(t, "parsing the config", func() { c, err = config.Parse(".remnant-guard.toml", []byte(src), known) })
		if err != nil {
			var ce *config.Error
			if errors.As(err, &ce) && (ce.Line < 0 || ce.Line > bytes.Count([]byte(src), []byte("\n"))+1) {
				t.Fatalf("error line %d outside the file: %v", ce.Line, err)
			}
			return
		}
		lim := c.ValidateLimits()
		if lim.MaxFileSize <= 0 || lim.MaxFileSize > safefile.MaxReadLimit || c.Secrets.MaxFileSize <= 0 || c.Secrets.MaxFileSize > safefile.MaxReadLimit {
			t.Fatalf("a config with unbounded limits was accepted: %+v, secrets %d", lim, c.Secrets.MaxFileSize)
		}
	})
}
