package main

import (
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

// cmdActionStep runs one run step of action.yml, named by its name or id,
// the way a runner does: its env with the expressions evaluated (inputs
// from INPUT_<NAME> or their defaults, github.action_path the source
// tree, github.action_ref from ACTION_REF), in bash -eo pipefail, in
// GITHUB_WORKSPACE; afterwards the folders the step added to GITHUB_PATH
// go in front of PATH.
//
//	action-step 'SARIF report'
func cmdActionStep(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: action-step NAME")
	}
	a, err := loadAction(actionPath(ts.Getenv("REPO")))
	ts.Check(err)
	i := slices.IndexFunc(a.Runs.Steps, func(s actionStep) bool { return s.Name == args[0] || s.ID == args[0] })
	if i < 0 || a.Runs.Steps[i].Run == "" {
		ts.Fatalf("action.yml has no run step %q", args[0])
	}
	step := a.Runs.Steps[i]
	if step.Shell != "bash" {
		ts.Fatalf("step %q: shell %q, want bash", step.Name, step.Shell)
	}
	script := filepath.Join(ts.Getenv("RUNNER_TEMP"), fmt.Sprintf("step-%d.sh", i))
	ts.Check(os.WriteFile(script, []byte(step.Run), 0o644))
	var env []string
	for k, v := range step.Env {
		env = append(env, k+"="+evalExpr(ts, a, v))
	}
	saved := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		saved[k] = ts.Getenv(k)
		ts.Setenv(k, v)
	}
	dir := ts.Getenv("GITHUB_WORKSPACE")
	if step.WorkingDirectory != "" {
		dir = evalExpr(ts, a, step.WorkingDirectory)
	}
	old := ts.MkAbs(".")
	ts.Check(ts.Chdir(dir))
	err = ts.Exec("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	ts.Check(ts.Chdir(old))
	for k, v := range saved {
		ts.Setenv(k, v)
	}
	addGitHubPath(ts)
	if neg && err == nil {
		ts.Fatalf("step %q succeeded unexpectedly", step.Name)
	}
	if !neg && err != nil {
		ts.Fatalf("step %q: %v", step.Name, err)
	}
}

var expr = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// evalExpr evaluates the ${{ ... }} expressions an env value may hold.
func evalExpr(ts *testscript.TestScript, a *action, s string) string {
	return expr.ReplaceAllStringFunc(s, func(m string) string {
		e := expr.FindStringSubmatch(m)[1]
		switch {
		case strings.HasPrefix(e, "inputs."):
			name := strings.TrimPrefix(e, "inputs.")
			in, ok := a.Inputs[name]
			if !ok {
				ts.Fatalf("expression %q: no such input", e)
			}
			if v := ts.Getenv("INPUT_" + strings.ToUpper(name)); v != "" {
				return v
			}
			return in.Default
		case e == "github.action_path":
			return ts.Getenv("REPO")
		case e == "github.action_ref":
			return ts.Getenv("ACTION_REF")
		}
		ts.Fatalf("expression %q is not known to the test runner", e)
		return ""
	})
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
