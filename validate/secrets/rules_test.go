package secrets

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/remnant-guard/remnant-guard/validate"
)

func builtinEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := NewEngine(BuiltinRulesWithExamples(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func examplePath(d RuleDef) string {
	if d.ExamplePath != "" {
		return d.ExamplePath
	}
	return "example.txt"
}

func byRule(fs []validate.Finding, id string) []validate.Finding {
	var out []validate.Finding
	for _, f := range fs {
		if f.RuleID == id {
			out = append(out, f)
		}
	}
	return out
}

func TestBuiltinRuleExamples(t *testing.T) {
	e := builtinEngine(t)
	for _, d := range BuiltinRulesWithExamples() {
		if len(d.TP) == 0 || len(d.FP) == 0 {
			t.Errorf("%s: needs at least one tp and one fp example", d.ID)
		}
		for i, ex := range d.TP {
			fs := scanExample(e, d, ex)
			if len(byRule(fs, d.ID)) == 0 {
				t.Errorf("%s: tp[%d] not found (found %v)", d.ID, i, ruleIDs(fs))
			}
		}
		for i, ex := range d.FP {
			fs := scanExample(e, d, ex)
			if len(byRule(fs, d.ID)) != 0 {
				t.Errorf("%s: fp[%d] flagged", d.ID, i)
			}
		}
		for path, exs := range d.TPAt {
			for i, ex := range exs {
				if fs, _ := e.ScanFile(path, []byte(ex)); len(byRule(fs, d.ID)) == 0 {
					t.Errorf("%s: tp_at %s[%d] not found (found %v)", d.ID, path, i, ruleIDs(fs))
				}
			}
		}
		for path, exs := range d.FPAt {
			for i, ex := range exs {
				if fs, _ := e.ScanFile(path, []byte(ex)); len(byRule(fs, d.ID)) != 0 {
					t.Errorf("%s: fp_at %s[%d] flagged", d.ID, path, i)
				}
			}
		}
	}
}

// scanExample scans an example: the text of a file, or for a rule that
// judges paths alone, the path of an empty file.
func scanExample(e *Engine, d RuleDef, ex string) []validate.Finding {
	if d.Regex == "" && d.Extract == "" {
		fs, _ := e.ScanFile(ex, nil)
		return fs
	}
	fs, _ := e.ScanFile(examplePath(d), []byte(ex))
	return fs
}

func ruleIDs(fs []validate.Finding) []string {
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.RuleID)
	}
	return ids
}

func TestBuiltinRuleCount(t *testing.T) {
	defs := BuiltinRulesWithExamples()
	if len(defs) < 150 {
		t.Errorf("%d built-in rules, want at least 150", len(defs))
	}
	rs := Rules(defs)
	for _, r := range rs {
		if r.Family != validate.Secrets || r.Severity != validate.Error || r.Summary == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("%s: incomplete descriptor %+v", r.ID, r)
		}
	}
}

// TestRedaction checks that no message or hint holds a secret, and that
// at most four leading characters of one are shown.
func TestRedaction(t *testing.T) {
	e := builtinEngine(t)
	for _, d := range BuiltinRulesWithExamples() {
		for _, ex := range d.TP {
			for _, f := range scanExample(e, d, ex) {
				checkRedacted(t, f, ex)
			}
		}
	}
}

func checkRedacted(t *testing.T, f validate.Finding, src string) {
	t.Helper()
	if f.Line == 0 {
		return
	}
	secret := spanText(src, f)
	for _, s := range []string{f.Message, f.Hint} {
		if len(secret) >= 5 && strings.Contains(s, secret) {
			t.Errorf("%s: message holds the secret", f.RuleID)
		}
		n := utf8.RuneCountInString(secret)
		shown := 4
		if n < 16 {
			shown = 0
		}
		if leak := prefixRunes(secret, shown+1); n > shown && strings.Contains(s, `"`+leak) {
			t.Errorf("%s: message shows more than %d leading characters", f.RuleID, shown)
		}
	}
}

// spanText returns the text a finding points at (Line..EndLine, columns
// in code points, EndColumn inclusive).
func spanText(src string, f validate.Finding) string {
	lines := strings.Split(src, "\n")
	var b strings.Builder
	for ln := f.Line; ln <= f.EndLine && ln <= len(lines); ln++ {
		r := []rune(lines[ln-1])
		from, to := 0, len(r)
		if ln == f.Line {
			from = f.Column - 1
		}
		if ln == f.EndLine {
			to = f.EndColumn
		}
		if ln > f.Line {
			b.WriteByte('\n')
		}
		b.WriteString(string(r[min(from, len(r)):min(to, len(r))]))
	}
	return b.String()
}

// Output masking (hooks) matches the built-in keywords against ASCII-lowered
// text as they stand, so they must be lower case.
func TestBuiltinKeywordsLowerCase(t *testing.T) {
	n := 0
	for id, kw := range BuiltinKeywords() {
		for _, k := range kw {
			n++
			if k != strings.ToLower(k) || k == "" {
				t.Errorf("%s: keyword %q is not lower case", id, k)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d keywords", n)
	}
}
