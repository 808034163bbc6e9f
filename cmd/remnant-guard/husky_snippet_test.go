package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHuskySnippetAppends: the README's husky lines after the install of
// husky (which needs npm, see TestQuickStarts/husky-npm) keep a
// .husky/pre-commit the repository already has, add remnant-guard's line
// once however often they run, and write the line where there is none.
func TestHuskySnippetAppends(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the snippet is sh")
	}
	block := readmeBlock(t, "### husky", "```sh\n")
	_, rest, ok := strings.Cut(block, "npm install --save-dev husky\n")
	if !ok {
		t.Fatalf("README's husky block no longer installs husky before setting the hook:\n%s", block)
	}
	// npx is not run: a folder .husky stands for a repository that
	// already uses husky, where init is skipped.
	for _, tc := range []struct{ before, want string }{
		{"npx lint-staged\n", "npx lint-staged\nremnant-guard pre-commit\n"},
		{"npx lint-staged\nremnant-guard pre-commit\n", "npx lint-staged\nremnant-guard pre-commit\n"},
		{"", "remnant-guard pre-commit\n"},
	} {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, ".husky"), 0o755); err != nil {
			t.Fatal(err)
		}
		hook := filepath.Join(dir, ".husky", "pre-commit")
		if tc.before != "" {
			if err := os.WriteFile(hook, []byte(tc.before), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for range 2 {
			cmd := exec.Command("sh", "-ec", rest)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("README's husky lines: %v\n%s", err, out)
			}
		}
		got, err := os.ReadFile(hook)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("from %q: .husky/pre-commit is %q, want %q", tc.before, got, tc.want)
		}
	}
}
