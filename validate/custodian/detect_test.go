package custodian

import (
	"os"
	"path/filepath"
	"testing"
)

// TestIsMemory decides, on folders shaped like real ones, what is
// MemoryCustodian memory: a legacy manifest from before protocol 0.5 (no
// Protocol section, the tool named in its metadata), and core files whose
// manifest is empty or gone, are; another system's folder is not.
func TestIsMemory(t *testing.T) {
	tests := map[string]struct {
		memory bool
		rule   string // an error check must give
	}{
		"legacy-0.4":     {true, RuleProtocolVersion},
		"empty-manifest": {true, RuleProtocolVersion},
		"no-manifest":    {true, RuleManifestMissing},
		"foreign":        {false, ""},
	}
	for name, tt := range tests {
		dir := filepath.Join("testdata", "detect", name)
		fsys := os.DirFS(dir)
		if got := IsMemory(fsys); got != tt.memory {
			t.Errorf("%s: IsMemory = %v, want %v", name, got, tt.memory)
		}
		if tt.rule != "" && !hasRule(errorsOf(Check(fsys, Options{}, nil)), tt.rule) {
			t.Errorf("%s: check gives no %s error: %v", name, tt.rule, formatFindings(Check(fsys, Options{}, nil)))
		}
	}
}

func TestIsManifestSignals(t *testing.T) {
	for src, want := range map[string]bool{
		"# MemoryCustodian Manifest\n":                        true,
		"# memory manifest\n":                                 true,
		"Notes\n\n- initialized_with: memory-custodian 0.4\n": true,
		"initialized_with: Memory-Custodian\n":                true,
		"```\n# Memory Manifest\n```\n":                       false,
		"- initialized_with: other-tool 1.0\n":                false,
		"# Knowledge base manifest\n":                         false,
	} {
		if got := IsManifest([]byte(src)); got != want {
			t.Errorf("IsManifest(%q) = %v, want %v", src, got, want)
		}
	}
}
