package remnant

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

func TestHasRemnantMarks(t *testing.T) {
	for src, want := range map[string]bool{
		"# Roses\n\nRoses are red.\n":                    false,
		"notes\n\n## Ideas\n- one\n":                     false,
		"```\n# Remnant - x\n```\n":                      false, // code is not a title
		"# Remnant - demo\n":                             true,
		"# Remnant — demo\n":                             true,
		"# remnant — demo\n":                             false, // the word, not Remnant's spelling
		"# REMNANT\n\nNotes to keep.\n\n## Ideas\n":      false,
		"# REMNANT — persist here\n\n## Context\n":       false,
		"# Remnant: \n":                                  false, // no project name
		"# Notes\n\n## Session\n- date: 2026-05-05\n":    true,
		"<!-- AGENT PROTOCOL: read this -->\n# Notes\n":  true,
		"intro\n\n<!-- agent protocol: lower case -->\n": true,
		"# Remnants of the day\n":                        false, // another word: a poem's title
		"# Remnant\n":                                    false, // a word is no mark
		"# Remnant—demo\n":                               true,
		"# Remnant: demo\n":                              true,
	} {
		if got := HasRemnantMarks([]byte(src)); got != want {
			t.Errorf("HasRemnantMarks(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestHasRemnantMarksBounded(t *testing.T) {
	big := strings.Repeat("just a line of text\n", 1<<16) // 1.3 MB
	if HasRemnantMarks([]byte(big + "## Session\n")) {
		t.Error("a Session heading beyond the first 64 KiB counts")
	}
	if !HasRemnantMarks([]byte("# Remnant - x\n" + big)) {
		t.Error("the title at the top of a big file is not found")
	}
}

func TestUnrecognizedIsOneFinding(t *testing.T) {
	poem := []byte("# Roses\n\nRoses are red,\nviolets are blue,\n<placeholder> and jane@gmail.com.\n")
	fs := CheckRemnant("REMNANT.md", poem, DefaultLimits(), testNow)
	if len(fs) != 1 || fs[0].RuleID != RuleRemnantUnrecognized || fs[0].Line != 0 {
		t.Fatalf("findings %+v, want one remnant-unrecognized", fs)
	}
	lim := DefaultLimits()
	lim.KnownRemnant = true
	if fs := CheckRemnant("REMNANT.md", poem, lim, testNow); len(fs) < 3 || fired(fs, RuleRemnantUnrecognized) {
		t.Errorf("a known Remnant file gets the schema: %+v", fs)
	}
	// Unreadable files still get remnant-parse.
	if fs := CheckRemnant("REMNANT.md", []byte("a\x00b"), DefaultLimits(), testNow); !fired(fs, RuleRemnantParse) {
		t.Errorf("binary file: %+v", fs)
	}
}

// TestTemplateDecisionIsNoEntry: the template's Decisions placeholder is
// not an entry, so the first real decision that replaces it is no edit.
func TestTemplateDecisionIsNoEntry(t *testing.T) {
	tmpl, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "spec", "examples", "REMNANT.template.md"))
	if err != nil {
		t.Skip("../shared/spec/examples is absent")
	}
	if d := ParseRemnant(tmpl).Decisions; len(d) != 0 {
		t.Errorf("template Decisions = %+v, want none", d)
	}
	for text, want := range map[string]bool{
		"<YYYY-MM-DD — decision — why. Append-only, never compressed>": true,
		"<YYYY-MM-DD> — <decision> — <why>":                            true,
		"2026-05-05 — <decision> — <why>":                              true, // being filled in
		"2026-05-05 — use Go — <why>":                                  true,
		"2026-05-05 -- <decision> -- why":                              true,
		"2026-05-05 — use `<T>` — <br>":                                false,
		"2026-05-05 — <br> — line break":                               false,
		"2026-05-05 — use <T> generics — simpler":                      false,
		"2026-05-05 — use Go — one binary":                             false,
		"<br> 2026-05-05 — odd — but real":                             false,
		"<https://example.com> — a link — first":                       false,
	} {
		if got := isPlaceholderEntry(text); got != want {
			t.Errorf("isPlaceholderEntry(%q) = %v, want %v", text, got, want)
		}
	}
}

// separatorEntry is a REMNANT.md whose one Decisions entry has n
// separators.
func separatorEntry(n int) []byte {
	return []byte("# Remnant - x\n\n## Decisions\n- 2026-01-02" + strings.Repeat(" - x", n) + "\n")
}

// TestPlaceholderEntryLinear: an entry made of separators is read in one
// pass, not once per separator. The work is measured by what the reader
// allocates on 25000 and 200000 separators (about 8 times as much in one
// pass, 64 times when the rest of the entry is copied per separator), not
// by a time; BenchmarkPlaceholderEntry times it.
func TestPlaceholderEntryLinear(t *testing.T) {
	small, large := separatorEntry(25000), separatorEntry(200000)
	heapcost.CheckLinear(t, "separators", func() { ParseRemnant(small) }, func() { ParseRemnant(large) })
}

// BenchmarkPlaceholderEntry reads a Decisions entry with 200000
// separators.
func BenchmarkPlaceholderEntry(b *testing.B) {
	src := separatorEntry(200000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		ParseRemnant(src)
	}
}
