package remnant

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// v1Sample is a v1 handoff: no banner, no version, no History, Decisions
// or Map.
const v1Sample = `# Remnant - shop

## Session
- date: 2026-04-20T09:30:00Z
- agent: codex
- duration: 45

## Done
- Wrote the CLI skeleton.

## Failed
- None.

## State
- CLI parses its flags.

## Next
- Add the validate command.

## Blockers
- None.
`

func migrateInputs(t *testing.T) map[string][]byte {
	t.Helper()
	fixture, err := os.ReadFile("testdata/valid/v1/REMNANT.md")
	if err != nil {
		t.Fatal(err)
	}
	decisionsOnly := strings.Replace(v1Sample, "## Session\n", "## Session\n- version: 1\n", 1) +
		"\n## Decisions\n- 2026-04-19 — Go, no cgo — static binaries\n"
	return map[string][]byte{
		"fixture":         fixture,
		"minimal":         []byte(v1Sample),
		"no final eol":    []byte(strings.TrimSuffix(v1Sample, "\n")),
		"crlf":            []byte(strings.ReplaceAll(v1Sample, "\n", "\r\n")),
		"bom":             append([]byte{0xEF, 0xBB, 0xBF}, v1Sample...),
		"version 1":       []byte(decisionsOnly),
		"map only":        []byte(v1Sample + "\n## Map\n- main.go — entry point\n"),
		"version no maps": []byte(strings.Replace(v1Sample, "## Session\n", "## Session\n- version: 2\n", 1)),
	}
}

func TestMigrateRemnant(t *testing.T) {
	for name, src := range migrateInputs(t) {
		t.Run(name, func(t *testing.T) {
			out, changed, err := MigrateRemnant(src)
			if err != nil || !changed {
				t.Fatalf("MigrateRemnant: changed %v, err %v", changed, err)
			}
			keepsLines(t, src, out)
			for _, f := range CheckRemnant("REMNANT.md", out, DefaultLimits(), time.Time{}) {
				switch f.RuleID {
				case RuleRemnantSchemaV1, RuleRemnantSections, RuleRemnantBanner, RuleRemnantParse:
					t.Errorf("after migration: %d:%d %s: %s\n%s", f.Line, f.Column, f.RuleID, f.Message, out)
				}
			}
			if ParseRemnant(out).Version != 2 {
				t.Errorf("result is not schema v2:\n%s", out)
			}
			again, changed, err := MigrateRemnant(out)
			if err != nil || changed || !bytes.Equal(again, out) {
				t.Errorf("second migration: changed %v, err %v", changed, err)
			}
		})
	}
}

// keepsLines checks that every line of src appears in out, in order, byte
// for byte, except a Session version bullet, which may become version 2,
// and a last line without a newline, which may gain one.
func keepsLines(t *testing.T, src, out []byte) {
	t.Helper()
	if bytes.HasPrefix(src, utf8BOM) != bytes.HasPrefix(out, utf8BOM) {
		t.Errorf("byte order mark not kept")
	}
	lines := strings.SplitAfter(string(bytes.TrimPrefix(src, utf8BOM)), "\n")
	got := strings.SplitAfter(string(bytes.TrimPrefix(out, utf8BOM)), "\n")
	j := 0
	for i, l := range lines {
		if l == "" {
			continue
		}
		want := l
		if strings.HasPrefix(l, "- version:") {
			want = "- version: 2" + l[len(strings.TrimRight(l, "\r\n")):]
		}
		last := !strings.HasSuffix(l, "\n")
		for j < len(got) && got[j] != want && !(last && strings.TrimRight(got[j], "\r\n") == want) {
			j++
		}
		if j == len(got) {
			t.Fatalf("line %d %q lost or moved:\n%s", i+1, l, out)
		}
		j++
	}
}

func TestMigrateRemnantOrder(t *testing.T) {
	out, _, err := MigrateRemnant([]byte(v1Sample))
	if err != nil {
		t.Fatal(err)
	}
	var heads []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, strings.TrimPrefix(l, "## "))
		}
	}
	if got, want := strings.Join(heads, ","), strings.Join(v2Sections, ","); got != want {
		t.Errorf("sections %s, want %s", got, want)
	}
	if !strings.HasPrefix(string(out), bannerLines[0]+"\n") {
		t.Errorf("banner not first:\n%s", out)
	}
	if !strings.Contains(string(out), "## Session\n- version: 2\n- date:") {
		t.Errorf("version not first in Session:\n%s", out)
	}
}

func TestMigrateRemnantV2Unchanged(t *testing.T) {
	src, err := os.ReadFile("testdata/valid/worked-example/REMNANT.md")
	if err != nil {
		t.Fatal(err)
	}
	out, changed, err := MigrateRemnant(src)
	if err != nil || changed || !bytes.Equal(out, src) {
		t.Errorf("v2 file: changed %v, err %v", changed, err)
	}
}

func TestMigrateRemnantErrors(t *testing.T) {
	for name, src := range map[string]string{
		"empty":      "",
		"binary":     "# Remnant - x\x00\n",
		"no session": "# Remnant - x\n\n## Done\n- a\n",
	} {
		_, _, err := MigrateRemnant([]byte(src))
		var me *MigrateError
		if !errors.As(err, &me) {
			t.Errorf("%s: err %v, want a *MigrateError", name, err)
		}
	}
}
