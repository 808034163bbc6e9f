package secrets

import (
	"strings"
	"testing"
)

const gitleaksConfigText = `
title = "custom"
[extend]
useDefault = true

[[rules]]
id = "Acme_Token"
description = "Acme internal token"
regex = '''acme_(?P<x>[a-z0-9]{24})'''
secretGroup = 1
entropy = 2.0
keywords = ["ACME_"]
tags = ["internal"]
[[rules.allowlists]]
regexes = ['''acme_0{24}''']
stopwords = ["sample"]

[[rules]]
id = "keys-by-path"
path = '''\.key$'''

[allowlist]
paths = ['''vendor/''']
`

func TestParseGitleaksConfig(t *testing.T) {
	imp, err := ParseGitleaksConfig(".gitleaks.toml", []byte(gitleaksConfigText), nil)
	if err != nil {
		t.Fatal(err)
	}
	defs := imp.Rules
	if len(defs) != 2 || defs[0].ID != "secret-gitleaks-acme-token" || defs[1].ID != "secret-gitleaks-keys-by-path" {
		t.Fatalf("defs %+v", defs)
	}
	d := defs[0]
	if d.SecretGroup != 1 || d.Entropy != 2 || d.Keywords[0] != "acme_" || len(imp.Allowlists) != 2 {
		t.Errorf("rule %+v, allowlists %d", d, len(imp.Allowlists))
	}
	e, err := NewEngine(nil, Options{Extra: defs, Allowlists: imp.Allowlists})
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := e.ScanFile("a.txt", []byte("x = acme_k3j9x2m8q7w1z5r4t6y0u2i8\ny = acme_000000000000000000000000\nz = acme_k3j9x2m8sample1z5r4t6y0u2\n"))
	if len(fs) != 1 || fs[0].Line != 1 || fs[0].Column != 10 {
		t.Errorf("findings %v", fs)
	}
	if fs, _ := e.ScanFile("vendor/a.txt", []byte("x = acme_k3j9x2m8q7w1z5r4t6y0u2i8\n")); len(fs) != 0 {
		t.Errorf("global path allowlist: %v", fs)
	}
	if fs, _ := e.ScanFile("certs/server.key", nil); len(fs) != 1 {
		t.Errorf("path rule: %v", fs)
	}
}

func TestParseGitleaksConfigErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"[[rules]]\nid = \"x\"\nregex = \"(\"\n", "g.toml:1: secret rule secret-gitleaks-x: bad regex"},
		{"[[rules]\n", "g.toml:2:"},
		{"title = \"t\"\n[[rules]]\nid = \"x\"\nregex = 'a'\nseverity = 1\n", `g.toml:5: unknown key "rules.severity"`},
		{"[extend]\nuseDefault = true\nuse_default = true\n", `g.toml:3: unknown key "extend.use_default"`},
		{"[[allowlists]]\npaths = ['a']\nregexTarget = \"line\"\nconditions = \"AND\"\n", `g.toml:4: unknown key "allowlists.conditions"`},
		{"[[rules]]\nid = \"x\"\nregex = 'a'\n[[rules.required]]\nid = \"y\"\n", "g.toml:4: rules.required: composite rules"},
		{"[[rules]]\nid = \"x\"\nregex = 'a'\n[[rules.allowlists]]\ncondition = \"and\"\npaths = ['b']\n", `g.toml:4: allowlist of rule "x": condition "and"`},
		{"[[rules]]\nid = 'a'\nregex = 'a'\n[[rules.allowlists]]\npaths = ['x']\n[[rules]]\nid = 'b'\nregex = 'b'\n[[rules.allowlists]]\ncondition = 'and'\npaths = ['y']\n", `g.toml:9: allowlist of rule "b": condition "and"`},
		{"[allowlist]\nregexTarget = \"secret\"\n", "g.toml:1: global allowlist: it has no commits"},
		{"[[allowlists]]\nregexTarget = \"all\"\nregexes = ['a']\n", `g.toml:1: global allowlist: regexTarget "all"`},
		{"title = 't'\n[[allowlists]]\npaths = ['(']\n", "g.toml:2: global allowlist: paths:"},
		{"[[rules]]\nid = \"github-pat\"\n", "g.toml:1: rule \"github-pat\" has no regex or path"},
		{"[[rules]]\nregex = 'a'\n", "g.toml:1: a [[rules]] table needs an id"},
		{"[[rules]]\nid = 'dup'\nregex = 'a'\n\n[[rules]]\nid = 'dup'\nregex = 'b'\n", `g.toml:5: rule id "dup" is defined twice in this file (first at line 1)`},
		{"[extend]\npath = \"base.toml\"\n", `g.toml:2: extend.path "base.toml" cannot be read`},
	} {
		_, err := ParseGitleaksConfig("g.toml", []byte(c.src), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}
