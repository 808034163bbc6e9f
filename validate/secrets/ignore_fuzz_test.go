package secrets

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// FuzzParseIgnore checks that no ignore file panics, that an error names a
// line inside the file, and that a fingerprint read back matches a finding
// that carries it.
func FuzzParseIgnore(f *testing.F) {
	f.Add("")
	f.Add("# comment\n0123456789abcdef0123456789abcdef\n")
	f.Add("0123456789abcdef0123456789abcdef src/**/*.go # why\n")
	f.Add("salt " + strings.Repeat("ab", 32) + "\n0123456789abcdef0123456789abcdef\n")
	f.Add("salt xyz\n")
	f.Add("salt " + strings.Repeat("ab", 32) + "\nsalt " + strings.Repeat("cd", 32) + "\n")
	f.Add("0123456789abcdef0123456789abcdef [bad\n")
	f.Add("nothex\n")
	f.Fuzz(func(t *testing.T, src string) {
		ig, err := ParseIgnore(".remnant-guard-ignore", []byte(src))
		if err != nil {
			var ie *IgnoreError
			if !errors.As(err, &ie) || ie.Line < 1 || ie.Line > bytes.Count([]byte(src), []byte("\n"))+1 {
				t.Fatalf("error without a line inside the file: %v", err)
			}
			return
		}
		for fp := range ig.entries {
			if ig.sealer != nil {
				continue // sealed entries match only the fingerprint they seal
			}
			if globs := ig.entries[fp]; globs == nil && !ig.Match(validate.Finding{Fingerprint: fp, Path: "x"}) {
				t.Fatalf("entry %s does not match its own fingerprint", fp)
			}
		}
	})
}

// FuzzGitleaksImport checks that no gitleaks config panics the import and
// that every rule it returns validates and compiles into an engine.
func FuzzGitleaksImport(f *testing.F) {
	f.Add("")
	f.Add("[[rules]]\nid = \"a\"\nregex = '''ab[0-9]{4}'''\nkeywords = [\"ab\"]\n")
	f.Add("[extend]\nuseDefault = true\n[[rules]]\nid = \"b\"\nregex = \"x+\"\n[rules.allowlist]\nstopwords = [\"y\"]\n")
	f.Add("[[rules]]\nid = \"c\"\nregex = \"(\"\n")
	f.Add("[[rules]]\nid = \"d\"\npath = '''\\.env$'''\n")
	f.Add("title = 1\n[[rules]\n")
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Count(src, "[")+strings.Count(src, "{") > 64 {
			return // the caller bounds nesting before decoding (tomlcheck.Precheck)
		}
		noFiles := func(string) ([]byte, error) { return nil, nil }
		imp, err := ParseGitleaksConfig(".gitleaks.toml", []byte(src), noFiles)
		if err != nil {
			return
		}
		if _, err := NewEngine(nil, Options{Extra: imp.Rules, Allowlists: imp.Allowlists}); err != nil {
			var re *RuleError
			if !errors.As(err, &re) {
				t.Fatalf("an imported rule fails without naming itself: %v", err)
			}
		}
	})
}
