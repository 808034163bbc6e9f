package main

import "testing"

func TestPseudoCommit(t *testing.T) {
	for v, want := range map[string]string{
		"v0.0.0-20260501120000-abcdef123456":              "abcdef123456",
		"v1.2.4-0.20260501120000-abcdef123456":            "abcdef123456",
		"v1.2.3-pre.0.20260501120000-abcdef123456":        "abcdef123456",
		"v2.0.0-20260501120000-abcdef123456+incompatible": "abcdef123456",
		"v0.1.0":                             "",
		"":                                   "",
		"(devel)":                            "",
		"v0.0.0-2026050112000-abcdef123456":  "", // 13 digits
		"v0.0.0-20260501120000-abcdef12345g": "",
		"v0.0.0-20260501120000-ABCDEF123456": "",
		"v0.0.0_20260501120000-abcdef123456": "",
		"v0.0.0-20260501120000_abcdef123456": "",
		"20260501120000-abcdef123456":        "",
		"x-2026050112000a-abcdef123456":      "",
	} {
		if got := pseudoCommit(v); got != want {
			t.Errorf("pseudoCommit(%q) = %q, want %q", v, got, want)
		}
	}
}
