package gitutil

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// checkIgnore asks git whether path is ignored by the rules alone.
func checkIgnore(t *testing.T, dir string, env []string, path string) bool {
	t.Helper()
	cmd := exec.Command("git", "check-ignore", "-q", "--no-index", "--", path)
	cmd.Dir = dir
	cmd.Env = env
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		return false
	}
	if err != nil {
		t.Fatalf("git check-ignore %s: %v", path, err)
	}
	return true
}

func TestIgnoredMatchesGit(t *testing.T) {
	xdg := t.TempDir()
	env := testEnv(t, "XDG_CONFIG_HOME="+xdg)
	writeFile(t, xdg, "git/ignore", "*.global\n")
	dir := newRepo(t, env)
	writeFile(t, dir, ".git/info/exclude", "# comment\n*.excluded\n")
	writeFile(t, dir, ".gitignore", strings.Join([]string{
		"REMNANT.md", "/build/", "*.log", "!keep.log", "logs/", "!logs/important.log",
		"/anchored.txt", "doc/**/*.pdf", "**/tmp", "a/**/z", "[!x]y.cls", "[[:digit:]]*.num",
		"spaced\\ ", "\\#hash", "\\!bang", "trailing   ", "*.global.keep", "!*.excluded.keep",
		"dironly/", "foo/*", "!foo/bar/", "star*/", "",
	}, "\n"))
	writeFile(t, dir, "sub/.gitignore", "!REMNANT.md\n*.txt\n!important.txt\n/local\n")
	writeFile(t, dir, "sub/deeper/.gitignore", "!*.log\n")
	for _, d := range []string{"dironly", "logs", "build", "foo/bar", "foo/baz", "stars", "sub/deeper"} {
		writeFile(t, dir, d+"/.keep", "")
	}
	r := open(t, dir, env)
	cases := []string{
		"REMNANT.md", "sub/REMNANT.md", "x/REMNANT.md", "build", "build/", "build/out.o", "sub/build/out.o",
		"app.log", "keep.log", "logs/important.log", "logs/x.txt", "sub/deeper/a.log", "sub/a.log",
		"anchored.txt", "sub/anchored.txt", "doc/a.pdf", "doc/x/y/a.pdf", "other/doc/a.pdf",
		"tmp", "q/r/tmp", "q/r/tmp/f", "a/z", "a/b/c/z", "ay.cls", "xy.cls", "1.num", "a1.num",
		"spaced ", "spaced", "#hash", "!bang", "trailing", "f.global", "f.excluded", "f.excluded.keep",
		"dironly", "dironly/", "dironly/f", "notdir/dironly", "foo/bar", "foo/bar/x", "foo/baz/x", "foo/file",
		"stars", "stars/x", "starfile", "sub/a.txt", "sub/important.txt", "sub/deeper/x.txt",
		"sub/local", "local", "plain.go", "sub/x/y.txt",
	}
	ignored := 0
	for _, p := range cases {
		want := checkIgnore(t, dir, env, p)
		if want {
			ignored++
		}
		got, err := r.Ignored(p)
		if err != nil || got != want {
			t.Errorf("Ignored(%q) = %v %v, git check-ignore says %v", p, got, err, want)
		}
	}
	// The table must exercise both answers.
	if ignored < 10 || len(cases)-ignored < 10 {
		t.Errorf("%d of %d cases ignored: table is lopsided", ignored, len(cases))
	}
}

func TestIgnoredExcludesFileConfig(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	custom := filepath.Join(t.TempDir(), "my ignore")
	writeFile(t, filepath.Dir(custom), filepath.Base(custom), "REMNANT.md\n")
	git(t, dir, env, "config", "core.excludesFile", custom)
	r := open(t, dir, env)
	if got, err := r.Ignored("REMNANT.md"); !got || err != nil {
		t.Errorf("core.excludesFile: Ignored = %v %v", got, err)
	}
	// Without the setting, nothing ignores it.
	dir2 := newRepo(t, env)
	r2 := open(t, dir2, env)
	if got, err := r2.Ignored("REMNANT.md"); got || err != nil {
		t.Errorf("no rules: Ignored = %v %v", got, err)
	}
}

func TestWildmatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, text  string
		pathname, want bool
	}{
		{"foo", "foo", true, true}, {"foo", "bar", true, false}, {"", "", true, true},
		{"???", "foo", true, true}, {"??", "foo", true, false}, {"*", "foo", true, true},
		{"f*", "foo", true, true}, {"*f", "foo", true, false}, {"*foo*", "foo", true, true},
		{"*ob*a*r*", "foobar", true, true}, {"*ab", "aaaaaaabababab", true, true},
		{"foo\\*", "foo*", true, true}, {"foo\\*bar", "foobar", true, false},
		{"f\\\\oo", "f\\oo", true, true}, {"*[al]?", "ball", true, true},
		{"[ten]", "ten", true, false}, {"**[!te]", "ten", true, true}, {"**[!ten]", "ten", true, false},
		{"t[a-g]n", "ten", true, true}, {"t[!a-g]n", "ten", true, false}, {"t[^a-g]n", "ton", true, true},
		{"a[]]b", "a]b", true, true}, {"a[]-]b", "a-b", true, true}, {"a[]a-]b", "aab", true, true},
		{"]", "]", true, true}, {"foo*bar", "foo/baz/bar", true, false}, {"foo*bar", "foo/baz/bar", false, true},
		{"foo**bar", "foo/baz/bar", true, false}, {"foo/**/bar", "foo/baz/bar", true, true},
		{"foo/**/bar", "foo/bar", true, true}, {"foo/**/**/bar", "foo/b/a/z/bar", true, true},
		{"**/foo", "foo", true, true}, {"**/foo", "x/y/foo", true, true}, {"foo/**", "foo/a/b", true, true},
		{"foo/**", "foo", true, false}, {"*/foo", "bar/foo", true, true}, {"*/foo", "a/bar/foo", true, false},
		{"[[:digit:]]x", "1x", true, true}, {"[[:alpha:]]x", "1x", true, false}, {"[[:bogus:]]", "a", true, false},
		{"[[:xdigit:][:space:]]", " ", true, true}, {"[a-c", "b", true, false}, {"a\\", "a", true, false},
		{"**/*.pdf", "doc/x/a.pdf", true, true}, {"a?b", "a/b", true, false}, {"a[/]b", "a/b", true, false},
	} {
		if got := wildmatch(tc.pattern, tc.text, tc.pathname); got != tc.want {
			t.Errorf("wildmatch(%q, %q, %v) = %v, want %v", tc.pattern, tc.text, tc.pathname, got, tc.want)
		}
	}
}
