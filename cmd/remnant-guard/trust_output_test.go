package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/testtier"
)

// TestOutputNeverThroughALinkOut runs every reporting command in every
// format with --output naming a file of the repository that is a committed
// link to a file outside it, a dangling link out, and a file in a linked
// folder that leads out: each is refused with exit 2 and the error names
// the link, the file outside is left as it was (or not created), and no
// temporary file is left. A plain file in the repository, and an absolute
// path outside it, are written.
func TestOutputNeverThroughALinkOut(t *testing.T) {
	bin := buildBinary(t)
	dir := newRepo(t)
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep me\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(outside, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"linked.out":   victim,
		"dangling.out": filepath.Join(outside, "created-by-a-link"),
		"folder":       filepath.Join(outside, "folder"),
		"rel.out":      filepath.Join("..", filepath.Base(outside), "victim"),
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "--no-verify", "-m", "links")
	commands := [][]string{
		{"check"}, {"scan"}, {"pre-commit"}, {"ci", "--base", "HEAD~1"}, {"pre-push"},
	}
	outputs := []string{"linked.out", "dangling.out", "folder/report", "rel.out", "sub/../linked.out"}
	refused := func(args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "GITHUB_STEP_SUMMARY=")
		got, err := cmd.CombinedOutput()
		if code := exitCode(err); code != 2 || !strings.Contains(string(got), "symbolic link that leads out of") {
			t.Errorf("%v: exit %d, want 2 and the link refused\n%s", args, code, got)
		}
	}
	for i, c := range commands {
		// Every format in the full tier; in the contributor's loop the
		// text writer and one other, a different one for each command.
		fs := formats
		if !testtier.Full() {
			fs = []string{"text", formats[1+i%(len(formats)-1)]}
		}
		for _, format := range fs {
			for _, out := range outputs {
				refused(append(append([]string{}, c...), "--format", format, "--output", out)...)
			}
		}
	}
	// ci's --sarif, the second report of the same run, is written the same
	// way.
	for _, out := range outputs {
		refused("ci", "--base", "HEAD~1", "--format", "github", "--sarif", out)
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep me\n" {
		t.Errorf("the file outside was written through a link: %q", data)
	}
	entries, _ := os.ReadDir(outside)
	if len(entries) != 2 {
		t.Errorf("the outside folder holds %d entries, want the victim and the folder", len(entries))
	}
	if entries, _ := os.ReadDir(filepath.Join(outside, "folder")); len(entries) != 0 {
		t.Errorf("a file was written through the linked folder: %v", entries)
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, ".remnant-guard-*")); len(matches) != 0 {
		t.Errorf("temporary files left: %v", matches)
	}

	// A plain file in the repository, and a path outside it the caller
	// chose, are written.
	elsewhere := filepath.Join(t.TempDir(), "report.json")
	for _, out := range []string{"report.json", elsewhere} {
		cmd := exec.Command(bin, "scan", "--format", "json", "--output", out)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		if got, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("scan --output %s: %v\n%s", out, err, got)
		}
		if !filepath.IsAbs(out) {
			out = filepath.Join(dir, out)
		}
		if data, err := os.ReadFile(out); err != nil || !strings.Contains(string(data), `"findings"`) {
			t.Errorf("%s: %v %q", out, err, data)
		}
	}
}

// exitCode is the exit status of a finished command's error.
func exitCode(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestReportNeverThroughACommittedLink checks ci's --sarif file like
// --output against links out, and both against committed links that stay
// in the repository but lead to its git directory (a config, a hook) or
// to a memory file: refused with exit 2, the file left as it was. A link
// to another report file, and a path in .git the caller names itself,
// are written.
func TestReportNeverThroughACommittedLink(t *testing.T) {
	bin := buildBinary(t)
	dir := newRepo(t)
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep me\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "REMNANT.md"), []byte("keep me\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "reports"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"out.sarif":      victim,
		"dangling.sarif": filepath.Join(outside, "created-by-a-link"),
		"config.sarif":   ".git/config",
		"hook.sarif":     ".git/hooks/pre-push",
		"gitdir":         ".git",
		"memory.sarif":   "REMNANT.md",
		"report.sarif":   "reports/latest.sarif",
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	config, err := os.ReadFile(filepath.Join(dir, ".git", "config"))
	if err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "add", "-A", ":!REMNANT.md")
	gitIn(t, dir, "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-q", "--no-verify", "-m", "links")
	run := func(args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "GITHUB_STEP_SUMMARY=")
		got, err := cmd.CombinedOutput()
		return exitCode(err), string(got)
	}
	for _, out := range []string{"out.sarif", "dangling.sarif"} {
		if code, got := run("ci", "--base", "HEAD~1", "--sarif", out); code != 2 || !strings.Contains(got, "symbolic link that leads out of") {
			t.Errorf("ci --sarif %s: exit %d, want 2 and the link refused\n%s", out, code, got)
		}
	}
	for _, out := range []string{"config.sarif", "hook.sarif", "gitdir/config", "gitdir/hooks/post-checkout", "memory.sarif"} {
		for _, args := range [][]string{
			{"ci", "--base", "HEAD~1", "--sarif", out},
			{"ci", "--base", "HEAD~1", "--format", "sarif", "--output", out},
			{"scan", "--format", "json", "--output", out},
		} {
			if code, got := run(args...); code != 2 || !strings.Contains(got, "which a report is never written over") {
				t.Errorf("%v: exit %d, want 2 and the link refused\n%s", args, code, got)
			}
		}
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep me\n" {
		t.Errorf("the file outside was written through a link: %q", data)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("the outside folder holds %d entries, want the victim alone", len(entries))
	}
	if data, _ := os.ReadFile(filepath.Join(dir, ".git", "config")); string(data) != string(config) {
		t.Errorf(".git/config was written through a link: %q", data)
	}
	for _, p := range []string{".git/hooks/pre-push", ".git/hooks/post-checkout"} {
		if _, err := os.Lstat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s was created through a link", p)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "REMNANT.md")); string(data) != "keep me\n" {
		t.Errorf("REMNANT.md was written through a link: %q", data)
	}
	for _, args := range [][]string{
		{"ci", "--base", "HEAD~1", "--sarif", "report.sarif"},
		{"scan", "--format", "json", "--output", ".git/report.json"},
	} {
		if code, got := run(args...); code != 0 {
			t.Errorf("%v: exit %d, want 0\n%s", args, code, got)
		}
	}
	for _, p := range []string{"reports/latest.sarif", ".git/report.json"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s not written: %v", p, err)
		}
	}
}
