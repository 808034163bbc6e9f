package custodian

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/heapcost"
)

func TestPhoneNumber(t *testing.T) {
	hits := map[string]int{
		"Call +1 415-555-0134 now.":     6,
		"(415) 555-0134 x":              1,
		"tel 415.555.0134":              5,
		"+1.415.555.0134":               1,
		"+49 30 12345678":               1,
		"1-800-555-0199.":               1,
		"at 020 7946 0958, ask for Bo.": 4,
	}
	misses := []string{
		"## MC-DEC-20261008-68bfcfb4 — Use JSON",
		"Supersedes: MC-CON-20260801-11111111",
		"MC-REC-20260825-22222222",
		"2026-10-08 10:45", "2026-10-08 - 2026-11-01", "2026-10-08T10:45:00Z",
		"version 10.0.19041.1234", "1.22.333.4444.55", "host 192.168.100.200",
		"sha 3f8a9c0d1e2b4f5a6b7c8d9e0f1a2b3c4d5e6f70", "commit 1234567890123",
		"1234567890", "12345 67890 12345 67890", "v0.8.1 and 0.12.0",
		"20261008 104500", "repo:src/x.go@20261008-1045", "#4155550134-12",
		"id-415-555-0134", "415-555-0134x",
	}
	for line, col := range hits {
		if got := phoneNumber(line); got != col {
			t.Errorf("phoneNumber(%q) = %d, want %d", line, got, col)
		}
	}
	for _, line := range misses {
		if got := phoneNumber(line); got != 0 {
			t.Errorf("phoneNumber(%q) = %d, want 0", line, got)
		}
	}
}

func TestPersonalEmail(t *testing.T) {
	hits := map[string]int{
		"mail dana.kim@nightnotes.dev": 6,
		"<Bo+x@Mail.Example.org>":      2,
		"é a@b.io":                     3,
		"u:pw@db.internal.io:5432/x":   3,
	}
	misses := []string{
		"notes@example.com", "ops@build.example.com", "@scope/pkg", "a@b", "user@localhost",
		"repo:src/x.go@20261008", "MC-DEC-20261008-68bfcfb4", "icon@2x", "x@1.2.3", "@@", "a@.com",
		"clone git@github.com:org/repo.git",
	}
	for line, col := range hits {
		if got := personalEmail(line); got != col {
			t.Errorf("personalEmail(%q) = %d, want %d", line, got, col)
		}
	}
	for _, line := range misses {
		if got := personalEmail(line); got != 0 {
			t.Errorf("personalEmail(%q) = %d, want 0", line, got)
		}
	}
}

// TestPrivacyNoFalseFindings runs the privacy scans over every memory
// fixture and, when ../shared is there, upstream's templates and examples:
// none of them holds a personal address or phone number.
func TestPrivacyNoFalseFindings(t *testing.T) {
	roots := []string{"testdata", filepath.Join("..", "..", "..", "shared", "spec", "examples")}
	n := 0
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			n++
			for i, l := range strings.Split(string(data), "\n") {
				if personalEmail(l) > 0 || phoneNumber(l) > 0 {
					t.Errorf("%s:%d: privacy finding on %q", p, i+1, l)
				}
			}
			return nil
		})
	}
	if n < 50 {
		t.Fatalf("only %d Markdown files scanned", n)
	}
}

// hostilePrivacyLines are lines of a few megabytes for the privacy scans:
// runs of digits and separators, '@' after long local parts, domains
// without end, non-ASCII digits, invalid UTF-8.
func hostilePrivacyLines() []string {
	return []string{
		strings.Repeat("1-", 1<<20), strings.Repeat("12 ", 1<<20), strings.Repeat("(1) ", 1<<19),
		strings.Repeat("a", 1<<21) + strings.Repeat("@", 1<<20), strings.Repeat("a@b.", 1<<20),
		strings.Repeat("x.", 1<<20) + "@" + strings.Repeat("d.", 1<<20), strings.Repeat("+", 1<<21),
		strings.Repeat("１２３", 1<<18), strings.Repeat("\xff@\xfe", 1<<19),
	}
}

// TestPrivacyScansAreLinear feeds the scans the hostile lines. The scans
// allocate nothing, so there is no count to compare; but a quadratic scan
// would take hours on them and a linear one takes milliseconds, so what
// is asserted is only that they finish, within a minute that no load of
// the machine comes near. BenchmarkPrivacyScans times them.
func TestPrivacyScansAreLinear(t *testing.T) {
	lines := hostilePrivacyLines()
	heapcost.Finishes(t, "scanning lines of megabytes", func() {
		for _, l := range lines {
			personalEmail(l)
			phoneNumber(l)
		}
	})
}

// BenchmarkPrivacyScans scans each hostile line for addresses and phone
// numbers.
func BenchmarkPrivacyScans(b *testing.B) {
	lines := hostilePrivacyLines()
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, l := range lines {
			personalEmail(l)
			phoneNumber(l)
		}
	}
}

// test_check_warns_about_machine_specific_preference: /Volumes/ is a
// machine path, a warning that does not fail check.
func TestMachineSpecificPreference(t *testing.T) {
	fsys := init08(nil, map[string]string{"preferences.md": "# Preferences\n\n" + activeEntry("MC-PREF-20260921-abcdef12", "Local build tool", "Preference", "Use /Volumes/Local/Xcode.app for builds.", "project", "", "", "")})
	var rules []string
	for _, f := range Check(fsys, Options{}, nil) {
		rules = append(rules, f.RuleID+":"+f.Severity.String())
	}
	got := strings.Join(rules, " ")
	if !strings.Contains(got, RuleMachinePath+":warning") || strings.Contains(got, ":error") {
		t.Errorf("findings %s; want a %s warning and no error", got, RuleMachinePath)
	}
}
