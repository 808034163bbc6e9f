package hooks

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
)

// snapshot reads every file of dir outside .git.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.Name() == ".git" {
			if err == nil {
				err = filepath.SkipDir
			}
			return err
		}
		if !d.IsDir() {
			data, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = string(data)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func runInit(t *testing.T, dir string) []string {
	t.Helper()
	done, err := Init(InitOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return done
}

func TestInitEmptyRepository(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	done := runInit(t, dir)
	got := snapshot(t, dir)
	if got["REMNANT.template.md"] != remnantTemplate || got[".gitignore"] != "REMNANT.md\n" {
		t.Errorf("files after init: %q", got)
	}
	if _, ok := got["CLAUDE.md"]; ok {
		t.Errorf("CLAUDE.md written without AGENTS.md")
	}
	if !strings.Contains(strings.Join(done, "\n"), "no AGENTS.md") {
		t.Errorf("init does not say why it left the pointers out: %q", done)
	}
	if upstream, err := os.ReadFile("../../shared/spec/examples/REMNANT.template.md"); err == nil && string(upstream) != remnantTemplate {
		t.Errorf("RemnantTemplate differs from the upstream template")
	}
	if fs := remnant.CheckTemplate("REMNANT.template.md", []byte(remnantTemplate), remnant.DefaultLimits()); len(fs) > 0 {
		t.Errorf("template has findings: %v", fs)
	}
	rep, err := Check(Options{Dir: dir}, nil)
	if err != nil || rep.Blocking(validate.Warning) {
		t.Errorf("check after init: err %v, findings %v", err, rep)
	}
}

func TestInitTwiceChangesNothing(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte(agentsMD), 0o644)
	runInit(t, dir)
	before := snapshot(t, dir)
	for _, l := range runInit(t, dir) {
		if !strings.Contains(l, "left alone") {
			t.Errorf("second run changed something: %s", l)
		}
	}
	after := snapshot(t, dir)
	if len(before) != len(after) {
		t.Errorf("second run: %d files, then %d", len(before), len(after))
	}
	for name, data := range before {
		if after[name] != data {
			t.Errorf("second run changed %s", name)
		}
	}
}

func TestInitKeepsForeignFiles(t *testing.T) {
	for name, gitignore := range map[string]string{
		"no final newline": "node_modules/\n*.log",
		"crlf":             "node_modules/\r\n",
		"ignored already":  "# local\n/REMNANT.md\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			git(t, dir, "init", "-q")
			claude := "# Claude\n\nSee AGENTS.md.\n"
			files := map[string]string{".gitignore": gitignore, "AGENTS.md": agentsMD, "CLAUDE.md": claude}
			for n, c := range files {
				os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644)
			}
			runInit(t, dir)
			got := snapshot(t, dir)
			if got["AGENTS.md"] != agentsMD || got["CLAUDE.md"] != claude {
				t.Errorf("AGENTS.md or CLAUDE.md changed")
			}
			if !strings.HasPrefix(got[".gitignore"], gitignore) {
				t.Errorf(".gitignore %q does not keep %q", got[".gitignore"], gitignore)
			}
			if strings.Count(got[".gitignore"], "REMNANT.md") != 1 {
				t.Errorf(".gitignore %q: want REMNANT.md once", got[".gitignore"])
			}
			if !strings.Contains(got["GEMINI.md"], "`AGENTS.md`") {
				t.Errorf("GEMINI.md %q does not point at AGENTS.md", got["GEMINI.md"])
			}
			repo, err := gitutil.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer repo.Close()
			if ign, err := repo.Ignored("REMNANT.md"); err != nil || !ign {
				t.Errorf("REMNANT.md not ignored after init (%v)", err)
			}
		})
	}
}

// TestConfigTemplate checks the commented config parses, and parses to the
// defaults once every key is uncommented.
func TestConfigTemplate(t *testing.T) {
	tpl := configTemplate()
	if _, err := config.Parse(config.Name, []byte(tpl), allRules()); err != nil {
		t.Fatalf("commented config: %v", err)
	}
	uncomment := regexp.MustCompile(`(?m)^# (\[[a-z._]+\]|[a-z_-]+ = )`)
	live := uncomment.ReplaceAllString(tpl, "$1")
	for _, key := range []string{"paths", "[limits]", "max_lines", "[rules]", "[hook]", "block_local", "[secrets]", "[custodian]", "[exclude_paths]", "remnant-staged"} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(key)).MatchString(live) {
			t.Errorf("config template lacks %s", key)
		}
	}
	c, err := config.Parse(config.Name, []byte(live), allRules())
	if err != nil {
		t.Fatalf("uncommented config: %v\n%s", err, live)
	}
	d := config.Default()
	if c.Limits != d.Limits || c.Hook != d.Hook || c.Secrets.MaxFileSize != d.Secrets.MaxFileSize || c.Custodian.Dir != d.Custodian.Dir {
		t.Errorf("uncommented config is not the defaults: %+v", c)
	}
}

func TestInitOutsideRepository(t *testing.T) {
	_, err := Init(InitOptions{Dir: t.TempDir()})
	if !errors.Is(err, gitutil.ErrNotRepository) {
		t.Errorf("err %v, want ErrNotRepository", err)
	}
}
