package secrets

import (
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/validate"
)

// glEngine is the built-in engine with a gitleaks configuration applied.
func glEngine(t *testing.T, config string, files map[string]string) *Engine {
	t.Helper()
	read := func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, nil
	}
	imp, err := ParseGitleaksConfig(".gitleaks.toml", []byte(config), read)
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{Extra: imp.Rules, Disabled: imp.Disabled, Allowlists: imp.Allowlists})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// scanAt scans one file's lines as the given commit adds them.
func scanAt(e *Engine, commit, path, src string) []validate.Finding {
	var b LineBatch
	b.Commit = commit
	b.AddFile(path)
	for i, l := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		b.AddLine(i+1, []byte(l))
	}
	return e.ScanBatch(&b)[0]
}

const patLine = "GITHUB_TOKEN=" + fakePAT

func TestGitleaksAllowlistCriteria(t *testing.T) {
	for _, c := range []struct {
		name, config, path, commit, src string
		found                           int
	}{
		{"no allowlist", "", "a.env", "", patLine, 1},
		{"path", "[allowlist]\npaths = ['''^testdata/''']\n", "testdata/a.env", "", patLine, 0},
		{"path elsewhere", "[allowlist]\npaths = ['''^testdata/''']\n", "src/a.env", "", patLine, 1},
		{"regex on the secret", "[[allowlists]]\nregexes = ['''^ghp_8r6J''']\n", "a.env", "", patLine, 0},
		{"regex on the secret misses the name", "[[allowlists]]\nregexes = ['''GITHUB_TOKEN''']\n", "a.env", "", patLine, 1},
		{"regex on the match", "[[allowlists]]\nregexTarget = \"match\"\nregexes = ['''ghp_8r6J''']\n", "a.env", "", patLine, 0},
		{"regex on the line", "[[allowlists]]\nregexTarget = \"line\"\nregexes = ['''fixture''']\n", "a.env", "", patLine + " # fixture", 0},
		{"stopword", "[[allowlists]]\nstopwords = [\"2LMQW\"]\n", "a.env", "", patLine, 0},
		{"commit", "[[allowlists]]\ncommits = [\"abcdef1\"]\n", "a.env", "abcdef1234567890abcdef1234567890abcdef12", patLine, 0},
		{"other commit", "[[allowlists]]\ncommits = [\"abcdef1\"]\n", "a.env", "1234567890abcdef1234567890abcdef12345678", patLine, 1},
		{"commit, staged", "[[allowlists]]\ncommits = [\"abcdef1\"]\n", "a.env", "", patLine, 1},
		{"AND, both", "[[allowlists]]\ncondition = \"AND\"\npaths = ['''\\.env$''']\nstopwords = [\"2lmqw\"]\n", "a.env", "", patLine, 0},
		{"AND, one", "[[allowlists]]\ncondition = \"AND\"\npaths = ['''\\.env$''']\nstopwords = [\"nothere\"]\n", "a.env", "", patLine, 1},
		{"OR, one", "[[allowlists]]\npaths = ['''\\.env$''']\nstopwords = [\"nothere\"]\n", "a.env", "", patLine, 0},
		{"targetRules, that rule", "[[allowlists]]\ntargetRules = [\"github-pat\"]\npaths = ['''\\.env$''']\n", "a.env", "", "x " + fakePAT, 0},
		{"targetRules, another rule", "[[allowlists]]\ntargetRules = [\"stripe-access-token\"]\npaths = ['''\\.env$''']\n", "a.env", "", patLine, 1},
		{"default rule extended", "[extend]\nuseDefault = true\n[[rules]]\nid = \"github-pat\"\n[[rules.allowlists]]\nregexTarget = \"line\"\nregexes = ['''fixture''']\n", "a.env", "", "x " + fakePAT + " # fixture", 0},
		// as in gitleaks, the generic rule still reports what a specific
		// rule's allowlist lets through
		{"default rule extended, generic", "[extend]\nuseDefault = true\n[[rules]]\nid = \"github-pat\"\n[[rules.allowlists]]\nregexTarget = \"line\"\nregexes = ['''fixture''']\n", "a.env", "", patLine + " # fixture", 1},
		{"default rule disabled", "[extend]\nuseDefault = true\ndisabledRules = [\"github-pat\"]\n", "a.env", "", "x " + fakePAT, 0},
	} {
		e := glEngine(t, c.config, nil)
		if got := len(scanAt(e, c.commit, c.path, c.src)); got != c.found {
			t.Errorf("%s: %d findings, want %d", c.name, got, c.found)
		}
	}
}

func TestGitleaksExtendPath(t *testing.T) {
	base := "[[rules]]\nid = \"acme\"\nregex = '''acme_[a-z0-9]{24}'''\nkeywords = [\"acme_\"]\n" +
		"[[rules]]\nid = \"beta\"\nregex = '''beta_[a-z0-9]{24}'''\nkeywords = [\"beta_\"]\n" +
		"[[allowlists]]\npaths = ['''^vendor/''']\n"
	config := "[extend]\npath = \"ci/base.toml\"\ndisabledRules = [\"beta\"]\n" +
		"[[rules]]\nid = \"acme\"\n[[rules.allowlists]]\nstopwords = [\"sample\"]\n"
	e := glEngine(t, config, map[string]string{"ci/base.toml": base})
	src := "a = acme_k3j9x2m8q7w1z5r4t6y0u2i8\nb = beta_k3j9x2m8q7w1z5r4t6y0u2i8\nc = acme_k3j9x2m8sample1z5r4t6y0u2\n"
	fs, _ := e.ScanFile("src/a.txt", []byte(src))
	if len(fs) != 1 || fs[0].RuleID != "secret-gitleaks-acme" || fs[0].Line != 1 {
		t.Errorf("findings %v", fs)
	}
	if fs, _ := e.ScanFile("vendor/a.txt", []byte(src)); len(fs) != 0 {
		t.Errorf("base allowlist: %v", fs)
	}
	deep := map[string]string{"a.toml": "[extend]\npath = \"b.toml\"\n", "b.toml": "[extend]\npath = \"c.toml\"\n", "c.toml": ""}
	if _, err := ParseGitleaksConfig("g.toml", []byte("[extend]\npath = \"a.toml\"\n"), func(n string) ([]byte, error) { return []byte(deep[n]), nil }); err == nil || !strings.Contains(err.Error(), "more than 2 deep") {
		t.Errorf("deep extend: %v", err)
	}
	for _, out := range []string{"/etc/gitleaks.toml", "../other/g.toml", "a/../../g.toml", `C:\\g.toml`} {
		_, err := ParseGitleaksConfig("g.toml", []byte("[extend]\npath = '"+out+"'\n"), func(string) ([]byte, error) { return []byte(""), nil })
		if err == nil || !strings.Contains(err.Error(), "not a file inside the repository") {
			t.Errorf("extend.path %q: %v", out, err)
		}
	}
	if _, err := ParseGitleaksConfig("g.toml", []byte("[extend]\npath = \"gone.toml\"\n"), func(string) ([]byte, error) { return nil, nil }); err == nil || !strings.Contains(err.Error(), "g.toml:2: extend.path \"gone.toml\" does not exist") {
		t.Errorf("missing base: %v", err)
	}
	if _, err := ParseGitleaksConfig("g.toml", []byte("[extend]\npath = \"b.toml\"\n"), func(string) ([]byte, error) { return []byte("[[rules]]\nid = 'x'\nregex = 'a'\nbad = 1\n"), nil }); err == nil || !strings.Contains(err.Error(), "b.toml:4: unknown key") {
		t.Errorf("bad base: %v", err)
	}
}

func TestGitleaksIgnore(t *testing.T) {
	const c1 = "abcdef1234567890abcdef1234567890abcdef12"
	ig, err := ParseGitleaksIgnore(".gitleaksignore", []byte("# comment\n\nsrc/a.env:github-pat:1\n"+c1+":src/b.env:github-pat:2\nsrc/c.py:generic-api-key:3\nC:\\dir\\d.env:github-pat:4\nsrc/e.py:adafruit-api-key:1\n"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{GitleaksIgnore: ig})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, commit, src string
		found             int
	}{
		{"src/a.env", "", patLine, 0},
		{"src/a.env", c1, patLine, 0},
		{"src/a.env", "", "\n" + patLine, 1},
		{"src/b.env", "", "\n" + patLine, 1},
		{"src/b.env", c1, "\n" + patLine, 0},
		{"src/b.env", "1234567" + c1[7:], "\n" + patLine, 1},
		{"src/c.py", "", "\n\ndb_password = \"Xk9#mP2qLw7z\"", 0},
		{"src/c.py", "", "\n\n" + patLine, 1},
		{"C:/dir/d.env", "", "\n\n\n" + patLine, 0},
		// a gitleaks rule with no counterpart here matches the generic rules
		{"src/e.py", "", "db_password = \"Xk9#mP2qLw7z\"", 0},
		{"src/e.py", "", patLine, 1},
	} {
		if got := len(scanAt(e, c.commit, c.path, c.src)); got != c.found {
			t.Errorf("%s at %q, %q: %d findings, want %d", c.path, c.commit, c.src, got, c.found)
		}
	}
	for _, bad := range []string{"src/a.env:github-pat", "src/a.env:github-pat:x", ":github-pat:3"} {
		_, err := ParseGitleaksIgnore(".gitleaksignore", []byte("# x\n"+bad+"\n"))
		if err == nil || !strings.HasPrefix(err.Error(), ".gitleaksignore:2: ") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestGitleaksIDsMapToBuiltins(t *testing.T) {
	have := builtinIDs()
	for gl, ours := range gitleaksIDs() {
		for _, o := range ours {
			if !have[o] {
				t.Errorf("gitleaks_ids.txt: %s maps to %s, which is not a built-in rule", gl, o)
			}
		}
	}
	if m := mapGitleaksID("github-pat"); !m["secret-github-pat"] || len(m) != 1 {
		t.Errorf("github-pat maps to %v", m)
	}
}
