package secrets

import (
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
	defs, err := ParseGitleaksConfig(".gitleaks.toml", []byte(gitleaksConfigText))
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 2 || defs[0].ID != "secret-gitleaks-acme-token" || defs[1].ID != "secret-gitleaks-keys-by-path" {
		t.Fatalf("defs %+v", defs)
	}
	d := defs[0]
	if d.SecretGroup != 1 || d.Entropy != 2 || d.Keywords[0] != "acme_" || len(d.Allow) != 1 || d.Stopwords[0] != "sample" {
		t.Errorf("rule %+v", d)
	}
	e, err := NewEngine(nil, Options{Extra: defs})
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := e.ScanFile("a.txt", []byte("x = acme_k3j9x2m8q7w1z5r4t6y0u2i8\ny = acme_000000000000000000000000\n"))
	if len(fs) != 1 || fs[0].Line != 1 || fs[0].Column != 10 {
		t.Errorf("findings %v", fs)
	}
	if fs, _ := e.ScanFile("certs/server.key", nil); len(fs) != 1 {
		t.Errorf("path rule: %v", fs)
	}
}

func TestParseGitleaksConfigErrors(t *testing.T) {
	if _, err := ParseGitleaksConfig("g.toml", []byte("[[rules]]\nid = \"x\"\nregex = \"(\"\n")); err == nil {
		t.Error("bad regex accepted")
	}
	if _, err := ParseGitleaksConfig("g.toml", []byte("[[rules]\n")); err == nil {
		t.Error("bad toml accepted")
	}
}
