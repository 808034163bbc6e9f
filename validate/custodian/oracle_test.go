package custodian

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/mcoracle"
	"github.com/remnant-guard/remnant-guard/internal/testtier"
	"github.com/remnant-guard/remnant-guard/validate"
)

// The differential test runs the MemoryCustodian 0.9.1 CLI (protocol 0.5,
// ../shared/oracles) and this package on the same memory directories: the
// fixtures and seeded mutations of them. It asserts the same check verdict,
// the same check warnings by kind (oracle_warn_test.go) and the same
// `read --names-only` selection and exit code for every task, with the
// documented extensions (allowedCheckExtra, allowedWarnExtra) as the only
// allowed differences.

// oracleSeed and oracleMutants fix the generated directories (the full
// tier's; the contributor's loop runs the first oracleSample).
const (
	oracleSeed    = 20261201
	oracleMutants = 300
	oracleSample  = 40
)

func oracleDir(t *testing.T) string {
	t.Helper()
	cli, err := filepath.Abs("../../../shared/oracles/memory-custodian-0.9.1/cli")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(cli, "memory_custodian", "main.py")); err != nil {
		t.Skip("the reference MemoryCustodian CLI (../shared/oracles) is not here; differential test not run")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed; differential test not run")
	}
	return cli
}

// runOracle runs the argument lists through the 0.9.1 driver and returns
// their results in order.
func runOracle(t *testing.T, cli string, jobs [][]string) []mcoracle.Result {
	t.Helper()
	out, err := mcoracle.Run([]string{"python3", "testdata/oracle/driver.py"}, mcoracle.Env("PYTHONPATH="+cli), jobs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// readJob is one `read` run: the task and the modules asked for.
type readJob struct {
	task            string
	profiles, areas []string
}

var readJobs = []readJob{
	{task: "default"}, {task: "planning"}, {task: "implementation"}, {task: "artifact"},
	{task: "preferences"}, {task: "history"}, {task: "maintenance"},
	{task: "debugging"}, {task: "Planning"}, {task: "artifacts"},
	{task: "implementation", profiles: []string{"reviewer", "git"}, areas: []string{"storage", "frontend"}},
	{task: "planning", areas: []string{"../storage"}},
	{task: "history", profiles: []string{".hidden"}},
}

func (j readJob) argv(root string) []string {
	a := []string{"read", "--project-root", root, "--task", j.task, "--names-only"}
	for _, p := range j.profiles {
		a = append(a, "--profile", p)
	}
	for _, p := range j.areas {
		a = append(a, "--area", p)
	}
	return a
}

// selection is what `read --names-only` lists, and its exit code.
type selection struct {
	Code                                int
	Loaded, Missing, Skipped, Oversized []string
	Omitted                             []string
}

func (s selection) String() string {
	return fmt.Sprintf("exit %d loaded %q missing %q skipped %q omitted %q oversized %q", s.Code, s.Loaded, s.Missing, s.Skipped, s.Omitted, s.Oversized)
}

// parseRead reads the oracle's `read --names-only` output.
func parseRead(r mcoracle.Result) selection {
	s := selection{Code: r.Code}
	if r.Code == 2 {
		return s
	}
	var list *[]string
	for _, l := range strings.Split(r.Out, "\n") {
		switch l {
		case "Loaded:":
			list = &s.Loaded
		case "Missing required:":
			list = &s.Missing
		case "Skipped optional:":
			list = &s.Skipped
		case "Omitted:":
			list = &s.Omitted
		case "Oversized atomic entries:":
			list = &s.Oversized
		default:
			if list == nil || !strings.HasPrefix(l, "- ") {
				continue
			}
			item := l[2:]
			if list == &s.Omitted {
				name, rest, _ := strings.Cut(item, ": ")
				n, _, _ := strings.Cut(rest, " ")
				item = name + ":" + n
			}
			if list == &s.Oversized {
				item, _, _ = strings.Cut(item, ": ")
			}
			*list = append(*list, item)
		}
	}
	return s
}

// ourRead is this package's selection for the same job.
func ourRead(mem string, j readJob) selection {
	res, err := Route(os.DirFS(mem), RouteRequest{Task: j.task, Profiles: j.profiles, Areas: j.areas})
	if err != nil {
		return selection{Code: 2}
	}
	s := selection{Code: res.ExitCode()}
	for _, f := range res.Loaded {
		s.Loaded = append(s.Loaded, f.Path)
	}
	s.Missing = res.MissingRequired
	s.Skipped = res.SkippedOptional
	for _, o := range res.Omitted {
		s.Omitted = append(s.Omitted, fmt.Sprintf("%s:%d", o.Path, o.Units))
	}
	for _, o := range res.Oversized {
		s.Oversized = append(s.Oversized, o.Path)
	}
	return s
}

// allowedCheckExtra are the rules by which this package fails a directory
// the reference passes: the extensions documented in README.md.
var allowedCheckExtra = map[string]bool{
	RuleDecisionEmpty:   true, // a decision entry must say what was decided
	RuleDecisionTooLong: true, // also `##` units of decisions.md without a bare `Decision:` line
	RuleNotUTF8:         true, // also memory files the reference does not read
	RuleCredentialShape: true, // the 0.12 CLI's security scan; the 0.9.1 CLI had none
}

// ourCheck is `remnant-guard check DIR` outside a commit: nothing for a
// directory that is not MemoryCustodian memory (IsMemory), the findings
// of Check otherwise.
func ourCheck(root, mem string) []validate.Finding {
	if !IsMemory(os.DirFS(mem)) {
		return nil
	}
	agents := map[string][]byte{}
	for _, n := range []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"} {
		if b, err := os.ReadFile(filepath.Join(root, n)); err == nil {
			agents[n] = b
		}
	}
	return Check(os.DirFS(mem), Options{}, agents)
}

// newerOnly reports whether the reference's only issue is a protocol
// 0.6, 0.7 or 0.8 it does not know.
func newerOnly(out string) bool {
	var issues []string
	for _, l := range strings.Split(out, "\n") {
		if l == "Warnings:" {
			break
		}
		if strings.HasPrefix(l, "- ") {
			issues = append(issues, l)
		}
	}
	if len(issues) != 1 {
		return false
	}
	for _, v := range Protocols[1:] {
		if strings.HasPrefix(issues[0], "- manifest.md: protocol_version "+v+" is newer than this CLI supports") {
			return true
		}
	}
	return false
}

// declaresNewer reports whether the manifest names protocol 0.6, 0.7 or
// 0.8, which this package judges by their own rules, or has a Protocol
// section whose version the 0.12 CLI refuses to read by (missing, not a
// number, newer than 0.8): such memory is never routed, where the 0.9.1
// CLI still read it by its 0.5 rules (docs/custodian.md).
func declaresNewer(mem string) bool {
	m := Load(os.DirFS(mem)).Manifest
	if m == nil || !m.UTF8 {
		return false
	}
	p, _ := protocolOf(m)
	return p.atLeast(v06) || readRefusal(m) != nil
}

func errorsOf(fs []validate.Finding) []validate.Finding {
	var out []validate.Finding
	for _, f := range fs {
		if f.Severity == validate.Error {
			out = append(out, f)
		}
	}
	return out
}

// oracleCase is one memory directory on disk.
type oracleCase struct {
	name string
	root string // the project root; memory at docs/memory
}

// TestOracle compares with the reference: the examples and a sample of the
// seeded mutations (all of them in the full tier). REMNANT_GUARD_ORACLE_SEED
// and REMNANT_GUARD_ORACLE_MUTANTS run a fresh set of mutations instead of the
// fixed one.
func TestOracle(t *testing.T) {
	cli := oracleDir(t)
	seed, n := int64(oracleSeed), testtier.Pick(oracleSample, oracleMutants)
	if v, err := strconv.ParseInt(os.Getenv("REMNANT_GUARD_ORACLE_SEED"), 10, 64); err == nil {
		seed = v
	}
	if v, err := strconv.Atoi(os.Getenv("REMNANT_GUARD_ORACLE_MUTANTS")); err == nil {
		n = v
	}
	cases := buildOracleCases(t, seed, n)
	compareWithOracle(t, cli, cases)
}

func compareWithOracle(t *testing.T, cli string, cases []oracleCase) {
	var jobs [][]string
	for _, c := range cases {
		jobs = append(jobs, []string{"check", "--project-root", c.root})
		for _, j := range readJobs {
			jobs = append(jobs, j.argv(c.root))
		}
	}
	results := runOracle(t, cli, jobs)
	per := 1 + len(readJobs)
	checkDiff, routeDiff, warnDiff := 0, 0, 0
	refWarned := map[string]int{}
	for i, c := range cases {
		mem := filepath.Join(c.root, "docs", "memory")
		ref := results[i*per]
		if ref.Code == 2 && !strings.Contains(ref.Err, "Error:") {
			t.Errorf("%s: oracle check crashed: %s", c.name, ref.Err)
		}
		fs := ourCheck(c.root, mem)
		errs := errorsOf(fs)
		switch {
		case ref.Code != 0 && len(errs) == 0 && newerOnly(ref.Out):
			// The reference knows protocol 0.5 only; 0.6-0.8 are judged by
			// their own rules here (see the tests of those protocols).
		case ref.Code != 0 && len(errs) == 0:
			checkDiff++
			t.Errorf("%s: the reference fails check and remnant-guard passes it:\n%s%s", c.name, ref.Out, ref.Err)
		case ref.Code == 0 && len(errs) > 0:
			for _, f := range errs {
				if !allowedCheckExtra[f.RuleID] {
					checkDiff++
					t.Errorf("%s: the reference passes check and remnant-guard fails it: %s:%d %s %s", c.name, f.Path, f.Line, f.RuleID, f.Message)
					break
				}
			}
		}
		newer := declaresNewer(mem)
		warnDiff += compareWarnings(t, c.name, mem, ref, fs, newer, refWarned)
		if newer {
			// Routed by the rules of 0.6-0.8 (from 0.7 on, an invalid
			// manifest refuses every task); see the tests of those protocols.
			continue
		}
		for k, j := range readJobs {
			want := parseRead(results[i*per+1+k])
			got := ourRead(mem, j)
			if want.String() != got.String() {
				routeDiff++
				t.Errorf("%s: read %v:\n  reference: %s\n  ours:      %s\n%s", c.name, j.argv("DIR")[3:], want, got, results[i*per+1+k].Err)
			}
		}
	}
	t.Logf("%d directories, %d check differences, %d warning differences, %d route differences; reference warnings compared: %v", len(cases), checkDiff, warnDiff, routeDiff, refWarned)
}

// memTree is a memory directory being built: files by slash path, and
// symbolic links (path → target).
type memTree struct {
	files map[string][]byte
	links map[string]string
	// agents are files at the project root.
	agents map[string][]byte
}

func loadTree(t testing.TB, dir string) memTree {
	t.Helper()
	tr := memTree{files: map[string][]byte{}, links: map[string]string{}, agents: map[string][]byte{}}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if rel == "want.txt" || rel == "LICENSE" {
			return nil
		}
		b, err := os.ReadFile(p)
		tr.files[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func (tr memTree) clone() memTree {
	c := memTree{files: map[string][]byte{}, links: map[string]string{}, agents: map[string][]byte{}}
	for k, v := range tr.files {
		c.files[k] = append([]byte(nil), v...)
	}
	for k, v := range tr.links {
		c.links[k] = v
	}
	for k, v := range tr.agents {
		c.agents[k] = v
	}
	return c
}

func (tr memTree) write(t *testing.T, root string) {
	t.Helper()
	mem := filepath.Join(root, "docs", "memory")
	for name, b := range tr.files {
		p := filepath.Join(mem, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range tr.links {
		p := filepath.Join(mem, filepath.FromSlash(name))
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	for name, b := range tr.agents {
		if err := os.WriteFile(filepath.Join(root, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// oracleBases are the fixtures the mutations start from.
func oracleBases(t *testing.T) map[string]memTree {
	t.Helper()
	out := map[string]memTree{}
	dirs, _ := filepath.Glob("testdata/valid/*")
	dirs = append(dirs, "testdata/template")
	inv, _ := filepath.Glob("testdata/invalid/*/memory")
	dirs = append(dirs, inv...)
	for _, d := range dirs {
		out[d] = loadTree(t, d)
	}
	return out
}

func buildOracleCases(t *testing.T, seed int64, n int) []oracleCase {
	t.Helper()
	bases := oracleBases(t)
	names := make([]string, 0, len(bases))
	for k := range bases {
		names = append(names, k)
	}
	sort.Strings(names)
	tmp := t.TempDir()
	var cases []oracleCase
	add := func(name string, tr memTree) {
		root := filepath.Join(tmp, fmt.Sprintf("p%04d", len(cases)))
		tr.write(t, root)
		cases = append(cases, oracleCase{name: name, root: root})
	}
	for _, name := range names {
		add(name, bases[name])
	}
	rng := rand.New(rand.NewSource(seed))
	// The valid fixtures are the richest bases: most mutants start there.
	rich := []string{"testdata/valid/nightnotes", "testdata/template"}
	for i := 0; i < n; i++ {
		base := rich[rng.Intn(len(rich))]
		if rng.Intn(4) == 0 {
			base = names[rng.Intn(len(names))]
		}
		tr := bases[base].clone()
		var applied []string
		for k := 0; k < 1+rng.Intn(2); k++ {
			applied = append(applied, mutate(rng, tr))
		}
		for name := range tr.links {
			if _, ok := tr.files[name]; ok {
				delete(tr.links, name) // a later mutation wrote the file anew
			}
		}
		add(fmt.Sprintf("%s+%s (seed %d #%d)", base, strings.Join(applied, "+"), seed, i), tr)
	}
	return cases
}
