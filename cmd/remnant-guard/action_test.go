package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// action is the part of action.yml the tests read.
type action struct {
	Name        string                  `json:"name"`
	Description string                  `json:"description"`
	Inputs      map[string]actionInput  `json:"inputs"`
	Outputs     map[string]actionOutput `json:"outputs"`
	Runs        struct {
		Using string       `json:"using"`
		Steps []actionStep `json:"steps"`
	} `json:"runs"`
}

type actionInput struct {
	Description string `json:"description"`
	Required    bool   `json:"required"`
	Default     string `json:"default"`
}

type actionOutput struct {
	Description string `json:"description"`
	Value       string `json:"value"`
}

type actionStep struct {
	Name             string            `json:"name"`
	ID               string            `json:"id"`
	If               string            `json:"if"`
	Uses             string            `json:"uses"`
	Run              string            `json:"run"`
	Shell            string            `json:"shell"`
	Env              map[string]string `json:"env"`
	With             map[string]any    `json:"with"`
	WorkingDirectory string            `json:"working-directory"`
}

// loadAction parses action.yml with PyYAML (what the pre-commit client
// itself parses YAML with), a YAML 1.1 parser as strict as GitHub's about
// the ": " that broke the file once.
func loadAction(path string) (*action, error) {
	py, err := exec.LookPath("python3")
	if err != nil {
		return nil, errNoPyYAML
	}
	if exec.Command(py, "-c", "import yaml").Run() != nil {
		return nil, errNoPyYAML
	}
	out, err := exec.Command(py, "-c",
		"import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1], encoding='utf-8')), sys.stdout)", path).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		return nil, fmt.Errorf("%s is not valid YAML: %v\n%s", path, err, msg)
	}
	var a action
	if err := json.Unmarshal(out, &a); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &a, nil
}

var errNoPyYAML = fmt.Errorf("python3 with PyYAML is absent")

func actionPath(root string) string { return filepath.Join(root, "action.yml") }

// TestActionMetadata parses action.yml and checks what GitHub needs of a
// composite action, and that every expression names something that exists.
func TestActionMetadata(t *testing.T) {
	a, err := loadAction(actionPath(sourceRoot(t)))
	if err == errNoPyYAML {
		t.Skip("python3 with PyYAML (a dependency of pre-commit) is absent: cannot parse action.yml")
	}
	if err != nil {
		t.Fatal(err)
	}
	if a.Name == "" || a.Description == "" || a.Runs.Using != "composite" || len(a.Runs.Steps) == 0 {
		t.Fatalf("action.yml lacks name, description or composite steps: %+v", a)
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
	}
	ids := map[string]bool{}
	for i, s := range a.Runs.Steps {
		if (s.Run == "") == (s.Uses == "") {
			t.Errorf("step %d (%s): want exactly one of run and uses", i, s.Name)
		}
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %d (%s): a composite run step needs shell", i, s.Name)
		}
		if s.Run != "" && strings.Contains(s.Run, "${{") {
			t.Errorf("step %d (%s): expressions belong in env, not in the script", i, s.Name)
		}
		ids[s.ID] = true
		for _, v := range s.Env {
			checkExpressions(t, a, v)
		}
		for _, v := range s.With {
			checkExpressions(t, a, fmt.Sprint(v))
		}
		checkExpressions(t, a, s.If)
	}
	for name, o := range a.Outputs {
		m := regexp.MustCompile(`steps\.([\w-]+)\.outputs`).FindStringSubmatch(o.Value)
		if m == nil || !ids[m[1]] {
			t.Errorf("output %s = %q names no step of the action", name, o.Value)
		}
	}
	checkDocInputs(t, a)
}

var inputRef = regexp.MustCompile(`inputs\.([\w-]+)`)

func checkExpressions(t *testing.T, a *action, s string) {
	t.Helper()
	for _, m := range inputRef.FindAllStringSubmatch(s, -1) {
		if _, ok := a.Inputs[m[1]]; !ok {
			t.Errorf("%q uses undeclared input %s", s, m[1])
		}
	}
}

// checkDocInputs checks that the input table of docs/ci.md lists exactly the
// action's inputs, with their defaults.
func checkDocInputs(t *testing.T, a *action) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(sourceRoot(t), "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([\\w-]+)` \\|\\s*(`[^`]*`)?\\s*\\|")
	_, section, _ := strings.Cut(string(readme), "| input | default | meaning |")
	section, _, _ = strings.Cut(section, "\n\n")
	var listed []string
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		listed = append(listed, m[1])
		in, ok := a.Inputs[m[1]]
		if !ok {
			t.Errorf("docs/ci.md lists input %s, which action.yml does not have", m[1])
			continue
		}
		if want := strings.Trim(m[2], "`"); want != in.Default {
			t.Errorf("docs/ci.md gives input %s the default %q, action.yml %q", m[1], want, in.Default)
		}
	}
	for name := range a.Inputs {
		if !slices.Contains(listed, name) {
			t.Errorf("docs/ci.md's input table lacks %s", name)
		}
	}
}

// cmdActionRun runs action.yml's steps in order, the way a runner runs a
// composite action: each step's if evaluated (a failed step skips the
// steps after it that do not ask for !cancelled()), its env and with
// expressions evaluated, a fresh GITHUB_OUTPUT per step whose outputs
// later steps read as steps.ID.outputs.NAME, the folders a step adds to
// GITHUB_PATH in front of PATH for the steps after it. Run steps run in
// bash -eo pipefail in GITHUB_WORKSPACE. The third-party actions are
// emulated: actions/cache/restore and save copy the folder to and from
// $ACTION_CACHE/KEY, actions/setup-go leaves the go on PATH,
// upload-sarif checks that its file is a SARIF report. The contexts come
// from the environment: github.action_path is $REPO, github.action_ref
// $ACTION_REF, github.action_repository $ACTION_REPOSITORY,
// github.server_url $GITHUB_SERVER_URL, runner.temp $RUNNER_TEMP,
// runner.os and runner.arch Linux and X64; inputs come from INPUT_<NAME>
// or their defaults. stdout and stderr are the steps' own, each step
// announced on stdout as "== step NAME", a skipped one as "== skip NAME",
// and its outputs as "== output ID.NAME=VALUE". Given step ids, only
// those steps run. $ACTION_DIR, when set, is github.action_path instead
// of $REPO.
//
//	action-run [STEP-ID...]
func cmdActionRun(ts *testscript.TestScript, neg bool, args []string) {
	for _, id := range args {
		if !slices.ContainsFunc(actionSteps(ts), func(s actionStep) bool { return s.ID == id }) {
			ts.Fatalf("usage: action-run [STEP-ID...]: action.yml has no step %q", id)
		}
	}
	a, err := loadAction(actionPath(ts.Getenv("REPO")))
	ts.Check(err)
	r := &actionRunner{ts: ts, a: a, outputs: map[string]map[string]string{}}
	temp := ts.Getenv("RUNNER_TEMP")
	for i, step := range a.Runs.Steps {
		name := cmp.Or(step.Name, step.ID, step.Uses)
		if len(args) > 0 && !slices.Contains(args, step.ID) || !r.cond(step.If) {
			fmt.Fprintf(&r.stdout, "== skip %s\n", name)
			continue
		}
		fmt.Fprintf(&r.stdout, "== step %s\n", name)
		out := filepath.Join(temp, fmt.Sprintf("output-%d", i))
		ts.Check(os.WriteFile(out, nil, 0o644))
		var ok bool
		if step.Run != "" {
			ok = r.runStep(i, step, out)
		} else {
			ok = r.usesStep(step, out)
		}
		if !ok {
			r.failed = true
			fmt.Fprintf(&r.stdout, "== failed %s\n", name)
		}
		data, err := os.ReadFile(out)
		ts.Check(err)
		outs := map[string]string{}
		for _, l := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(l, "="); ok {
				outs[k] = v
				fmt.Fprintf(&r.stdout, "== output %s.%s=%s\n", step.ID, k, v)
			}
		}
		if step.ID != "" {
			r.outputs[step.ID] = outs
		}
		addGitHubPath(ts)
	}
	for name, o := range a.Outputs {
		fmt.Fprintf(&r.stdout, "== action output %s=%s\n", name, r.eval(o.Value))
	}
	// The steps' output becomes this command's stdout and stderr.
	all := filepath.Join(temp, "action-run.out")
	allErr := filepath.Join(temp, "action-run.err")
	ts.Check(os.WriteFile(all, []byte(r.stdout.String()), 0o644))
	ts.Check(os.WriteFile(allErr, []byte(r.stderr.String()), 0o644))
	ts.Check(ts.Exec("sh", "-c", `cat "$1"; cat "$2" >&2`, "sh", all, allErr))
	if neg && !r.failed {
		ts.Fatalf("the action succeeded unexpectedly")
	}
	if !neg && r.failed {
		ts.Fatalf("the action failed")
	}
}

// actionSteps is the steps of action.yml.
func actionSteps(ts *testscript.TestScript) []actionStep {
	a, err := loadAction(actionPath(ts.Getenv("REPO")))
	ts.Check(err)
	return a.Runs.Steps
}

type actionRunner struct {
	ts             *testscript.TestScript
	a              *action
	outputs        map[string]map[string]string
	failed         bool
	stdout, stderr strings.Builder
}

// runStep runs a run step with its env set, and tells whether it passed.
func (r *actionRunner) runStep(i int, step actionStep, out string) bool {
	ts := r.ts
	if step.Shell != "bash" {
		ts.Fatalf("step %q: shell %q, want bash", step.Name, step.Shell)
	}
	script := filepath.Join(ts.Getenv("RUNNER_TEMP"), fmt.Sprintf("step-%d.sh", i))
	ts.Check(os.WriteFile(script, []byte(step.Run), 0o644))
	env := map[string]string{"GITHUB_OUTPUT": out}
	for k, v := range step.Env {
		env[k] = r.eval(v)
	}
	saved := map[string]string{}
	for k, v := range env {
		saved[k] = ts.Getenv(k)
		ts.Setenv(k, v)
	}
	dir := ts.Getenv("GITHUB_WORKSPACE")
	if step.WorkingDirectory != "" {
		dir = r.eval(step.WorkingDirectory)
	}
	old := ts.MkAbs(".")
	ts.Check(ts.Chdir(dir))
	err := ts.Exec("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	ts.Check(ts.Chdir(old))
	for k, v := range saved {
		ts.Setenv(k, v)
	}
	r.stdout.WriteString(ts.ReadFile("stdout"))
	r.stderr.WriteString(ts.ReadFile("stderr"))
	return err == nil
}

// usesStep emulates the third-party actions action.yml uses, which must
// be pinned by commit.
func (r *actionRunner) usesStep(step actionStep, out string) bool {
	ts := r.ts
	uses, sha, _ := strings.Cut(step.Uses, "@")
	if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(sha) {
		ts.Fatalf("step %q: %s is not pinned by a commit", step.Name, step.Uses)
	}
	with := func(k string) string { return r.eval(fmt.Sprint(step.With[k])) }
	switch uses {
	case "actions/cache/restore":
		key, path := with("key"), with("path")
		if key == "" || path == "" {
			ts.Fatalf("actions/cache/restore without key or path")
		}
		saved := filepath.Join(ts.Getenv("ACTION_CACHE"), key)
		if _, err := os.Stat(saved); err != nil {
			fmt.Fprintf(&r.stdout, "Cache not found for input keys: %s\n", key)
			return true
		}
		// The cache's files replace those at path, as tar does. Another
		// process copies them: an executable this process wrote could
		// still be open for writing in a child another test forks at
		// that moment, and running it would then fail ("text file busy").
		ts.Check(os.RemoveAll(path))
		if out, err := exec.Command("cp", "-R", saved, path).CombinedOutput(); err != nil {
			ts.Fatalf("restoring the cache: %v\n%s", err, out)
		}
		fmt.Fprintf(&r.stdout, "Cache restored from key: %s\n", key)
		ts.Check(os.WriteFile(out, []byte("cache-hit=true\n"), 0o644))
	case "actions/cache/save":
		key, path := with("key"), with("path")
		saved := filepath.Join(ts.Getenv("ACTION_CACHE"), key)
		if _, err := os.Stat(saved); err == nil {
			fmt.Fprintf(&r.stdout, "Cache already exists: %s\n", key)
			return true
		}
		ts.Check(os.CopyFS(saved, os.DirFS(path)))
		fmt.Fprintf(&r.stdout, "Cache saved with key: %s\n", key)
	case "actions/setup-go":
		fmt.Fprintf(&r.stdout, "setup-go %s: the go on PATH\n", with("go-version"))
	case "github/codeql-action/upload-sarif":
		file := with("sarif_file")
		data, err := os.ReadFile(file)
		var doc struct {
			Version string `json:"version"`
		}
		if err != nil || json.Unmarshal(data, &doc) != nil || doc.Version != "2.1.0" {
			fmt.Fprintf(&r.stderr, "upload-sarif: %s is not a SARIF 2.1.0 file: %v\n", file, err)
			return false
		}
		fmt.Fprintf(&r.stdout, "upload-sarif %s (category %s)\n", file, with("category"))
	default:
		ts.Fatalf("step %q: the test runner cannot emulate %s", step.Name, step.Uses)
	}
	return true
}

// cond evaluates a step's if: terms joined by &&, each a status function
// or a comparison of a context value with a string; without a status
// function, success() is implied.
func (r *actionRunner) cond(s string) bool {
	s = strings.TrimSpace(s)
	if m := expr.FindStringSubmatch(s); m != nil && m[0] == s {
		s = m[1]
	}
	if s == "" {
		return !r.failed
	}
	if strings.Contains(s, "||") {
		r.ts.Fatalf("if %q: the test runner knows && only", s)
	}
	status, result := false, true
	for _, term := range strings.Split(s, "&&") {
		term = strings.TrimSpace(term)
		switch term {
		case "always()", "!cancelled()":
			status = true
			continue
		case "success()":
			status = true
			result = result && !r.failed
			continue
		case "failure()":
			status = true
			result = result && r.failed
			continue
		}
		m := regexp.MustCompile(`^([\w.-]+)\s*(==|!=)\s*'([^']*)'$`).FindStringSubmatch(term)
		if m == nil {
			r.ts.Fatalf("if %q: the test runner cannot evaluate %q", s, term)
		}
		eq := r.ref(m[1]) == m[3]
		result = result && (eq == (m[2] == "=="))
	}
	if !status && r.failed {
		return false
	}
	return result
}

// eval evaluates the ${{ ... }} expressions a value holds.
func (r *actionRunner) eval(s string) string {
	return expr.ReplaceAllStringFunc(s, func(m string) string {
		return r.ref(expr.FindStringSubmatch(m)[1])
	})
}

// ref is the value of a context reference.
func (r *actionRunner) ref(e string) string {
	ts := r.ts
	switch {
	case strings.HasPrefix(e, "inputs."):
		name := strings.TrimPrefix(e, "inputs.")
		in, ok := r.a.Inputs[name]
		if !ok {
			ts.Fatalf("expression %q: no such input", e)
		}
		if v := ts.Getenv("INPUT_" + strings.ToUpper(name)); v != "" {
			return v
		}
		return in.Default
	case strings.HasPrefix(e, "steps."):
		parts := strings.Split(e, ".")
		if len(parts) != 4 || parts[2] != "outputs" {
			ts.Fatalf("expression %q: want steps.ID.outputs.NAME", e)
		}
		if !slices.ContainsFunc(r.a.Runs.Steps, func(s actionStep) bool { return s.ID == parts[1] }) {
			ts.Fatalf("expression %q: no step has the id %s", e, parts[1])
		}
		return r.outputs[parts[1]][parts[3]]
	}
	switch e {
	case "github.action_path":
		return cmp.Or(ts.Getenv("ACTION_DIR"), ts.Getenv("REPO"))
	case "github.action_ref":
		return ts.Getenv("ACTION_REF")
	case "github.action_repository":
		return ts.Getenv("ACTION_REPOSITORY")
	case "github.server_url":
		return ts.Getenv("GITHUB_SERVER_URL")
	case "runner.temp":
		return ts.Getenv("RUNNER_TEMP")
	case "runner.os":
		return "Linux"
	case "runner.arch":
		return "X64"
	}
	ts.Fatalf("expression %q is not known to the test runner", e)
	return ""
}

// addGitHubPath puts the folders of GITHUB_PATH in front of PATH.
func addGitHubPath(ts *testscript.TestScript) {
	data, err := os.ReadFile(ts.Getenv("GITHUB_PATH"))
	if err != nil {
		return
	}
	path := ts.Getenv("PATH")
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l != "" && !strings.Contains(path, l+string(os.PathListSeparator)) {
			path = l + string(os.PathListSeparator) + path
		}
	}
	ts.Setenv("PATH", path)
}

var expr = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)
