package remnant

import "testing"

// TestDirectivesInChecks: the Check functions apply directives themselves.
func TestDirectivesInChecks(t *testing.T) {
	src := "<!-- remnant-guard:disable remnant-schema-v1 remnant-sections -->\n" +
		"<!-- remnant-guard:disable-next-line remnant-title -->\n# Notes\n## Session\n- date: 2026-05-05\n"
	if fs := CheckRemnant("REMNANT.md", []byte(src), DefaultLimits(), testNow); len(fs) != 0 {
		t.Errorf("want every finding disabled, got %+v", fs)
	}
	ptr := "<!-- remnant-guard:disable agents-pointer -->\nRead the docs.\n"
	if fs := CheckPointer("CLAUDE.md", []byte(ptr), nil, DefaultLimits()); len(fs) != 0 {
		t.Errorf("pointer: got %+v", fs)
	}
}
