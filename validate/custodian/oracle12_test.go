package custodian

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/remnant-guard/remnant-guard/internal/mcoracle"
	"github.com/remnant-guard/remnant-guard/internal/testtier"
	"github.com/remnant-guard/remnant-guard/validate"
)

// The second differential test runs the check / read core of the
// MemoryCustodian 0.12.0 CLI (../shared/oracles/memory-custodian-0.12.0-core)
// and this package on memory directories of protocols 0.6, 0.7 and 0.8:
// real projects and seeded mutations of them. It asserts the same check
// verdict, the same `read --names-only` selection and the same exit class
// for every read job, with the extensions documented in docs/custodian.md
// as the only allowed differences.

const (
	oracle12Seed = 20261202
	// oracle12Mutants is the number of mutants per protocol in the full
	// tier; the contributor's loop runs the first oracle12Sample.
	oracle12Mutants = 200
	oracle12Sample  = 8
	// oracle12Reads is how many read jobs each mutant runs, taken in turn
	// from read12Jobs (the bases run them all in the full tier, four in the
	// contributor's loop): the 0.12 core needs some
	// 70 ms of CPU a job.
	oracle12Reads = 2
)

// oracle12Runnable builds a runnable copy of the 0.12.0 core, or skips
// the test when python3 or the core is not here.
func oracle12Runnable(t *testing.T) string {
	t.Helper()
	core, err := filepath.Abs("../../../shared/oracles/memory-custodian-0.12.0-core")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "mc12")
	if err := mcoracle.Build12(core, out); errors.Is(err, mcoracle.ErrAbsent) {
		t.Skip("the MemoryCustodian 0.12.0 core (../shared/oracles) or python3 is not here; differential test not run")
	} else if err != nil {
		t.Fatal(err)
	}
	return out
}

// runOracle12 runs the argument lists through the 0.12 driver and returns
// their results in order.
func runOracle12(t *testing.T, runnable string, jobs [][]string) []mcoracle.Result {
	t.Helper()
	out, err := mcoracle.Run([]string{"python3", "testdata/oracle/driver12.py", runnable}, mcoracle.Env(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// read12Job is one `read` of the 0.12 CLI.
type read12Job struct {
	task                          string
	paths, rules, profiles, areas []string
}

var read12Jobs = []read12Job{
	{task: "default"}, {task: "planning"}, {task: "implementation"}, {task: "artifact"},
	{task: "preferences"}, {task: "history"}, {task: "maintenance"}, {task: "review"},
	{task: "implementation", paths: []string{"internal/storage/db.go"}},
	{task: "planning", paths: []string{"./cmd/nightnotes/store_sql.go", "docs/readme.md"}},
	{task: "review", paths: []string{"src/app.go"}},
	{task: "artifact", rules: []string{"output"}, profiles: []string{"reviewer"}},
	{task: "implementation", areas: []string{"storage"}, profiles: []string{"reviewer"}},
	{task: "history", areas: []string{"nowhere"}},
	{task: "planning", paths: []string{"../outside.go"}},
}

func (j read12Job) argv(root string) []string {
	a := []string{"read", "--project-root", root, "--task", j.task, "--names-only"}
	for _, l := range []struct {
		flag string
		vals []string
	}{{"--path", j.paths}, {"--rule", j.rules}, {"--profile", j.profiles}, {"--area", j.areas}} {
		for _, v := range l.vals {
			a = append(a, l.flag, v)
		}
	}
	return a
}

// selection12 is what a read decided: its exit class (ok, rejected: a
// pack with unresolved conflicts, invalid: no pack), the files loaded and
// the required files missing.
type selection12 struct {
	Class           string
	Loaded, Missing []string
	// conflicts are the 0.12 CLI's conflict lines (not compared).
	conflicts []string
}

func (s selection12) String() string {
	if s.Class == "invalid" {
		return "invalid"
	}
	return fmt.Sprintf("%s loaded %q missing %q", s.Class, s.Loaded, s.Missing)
}

// parseRead12 reads the 0.12 CLI's `read --names-only` output.
func parseRead12(r mcoracle.Result) selection12 {
	var s selection12
	complete := ""
	var list *[]string
	for _, l := range strings.Split(r.Out, "\n") {
		switch {
		case strings.HasPrefix(l, "Routing completeness: "):
			complete = strings.TrimPrefix(l, "Routing completeness: ")
		case l == "Loaded:":
			list = &s.Loaded
		case l == "Missing required:":
			list = &s.Missing
		case strings.HasSuffix(l, ":") && !strings.HasPrefix(l, "- "):
			list = nil
		case list != nil && strings.HasPrefix(l, "- ") && l != "- none":
			*list = append(*list, l[2:])
		case strings.HasPrefix(l, "- MC-CONFLICT-"):
			s.conflicts = append(s.conflicts, l[2:])
		}
	}
	switch {
	case r.Code == 0:
		s.Class = "ok"
	case r.Code == 2 && (complete == "INVALID" || complete == ""):
		s.Class = "invalid"
	case r.Code == 2:
		s.Class = "rejected"
	default:
		s.Class = fmt.Sprintf("exit %d", r.Code)
	}
	return s
}

// ourRead12 is this package's answer to the same job.
func ourRead12(mem string, j read12Job) selection12 {
	res, err := Route(os.DirFS(mem), RouteRequest{Task: j.task, Paths: j.paths, Rules: j.rules, Profiles: j.profiles, Areas: j.areas})
	if err != nil {
		return selection12{Class: "invalid"}
	}
	s := selection12{Class: "ok", Missing: res.MissingRequired}
	if res.ExitCode() != 0 {
		s.Class = "rejected"
	}
	for _, f := range res.Loaded {
		s.Loaded = append(s.Loaded, f.Path)
	}
	if len(s.Missing) == 0 {
		s.Missing = nil
	}
	return s
}

// upstreamIssues are the issue lines of a 0.12 check, without the one
// that says the protocol is older than 0.8: remnant-guard judges 0.6 and
// 0.7 by their own rules and reports that migration as a note.
func upstreamIssues(out string) []string {
	var issues []string
	for _, l := range strings.Split(out, "\n") {
		if l == "Warnings:" {
			break
		}
		if strings.HasPrefix(l, "- ") && !strings.Contains(l, "is older than current 0.8; run `memory-custodian migrate --apply`") {
			issues = append(issues, l[2:])
		}
	}
	return issues
}

// withoutConflicts drops the conflict issues: the 0.12 CLI applies the
// conflict analysis of protocol 0.7 to 0.6, which had none (documented in
// docs/custodian.md). The Subject registry's own collisions (a shared
// alias or Canonical-Ref) stay: 0.6 has the registry.
func withoutConflicts(issues []string) []string {
	var out []string
	for _, l := range issues {
		if !strings.HasPrefix(l, "MC-CONFLICT-") || strings.Contains(l, ": subjects.md: ") {
			out = append(out, l)
		}
	}
	return out
}

// aliasesIssue is the core's issue for a Subject without an Aliases block,
// which remnant-guard accepts (docs/custodian.md: upstream's own 0.12.0
// fixtures omit it).
const aliasesIssue = "must declare exactly one Aliases field (found 0)"

func withoutAliases(issues []string) []string {
	var out []string
	for _, l := range issues {
		if !strings.HasSuffix(l, aliasesIssue) {
			out = append(out, l)
		}
	}
	return out
}

// allAliases reports conflict lines that are all the Aliases issue.
func allAliases(conflicts []string) bool {
	for _, l := range conflicts {
		if !strings.Contains(l, aliasesIssue) {
			return false
		}
	}
	return len(conflicts) > 0
}

// TestOracle12 compares with the 0.12.0 core: the real projects and, per
// protocol, a sample of the seeded mutations (all of them in the full
// tier). REMNANT_GUARD_ORACLE_SEED and REMNANT_GUARD_ORACLE_MUTANTS run a
// fresh set of mutations instead of the fixed one.
func TestOracle12(t *testing.T) {
	runnable := oracle12Runnable(t)
	seed, n := int64(oracle12Seed), testtier.Pick(oracle12Sample, oracle12Mutants)
	if v, err := strconv.ParseInt(os.Getenv("REMNANT_GUARD_ORACLE_SEED"), 10, 64); err == nil {
		seed = v
	}
	if v, err := strconv.Atoi(os.Getenv("REMNANT_GUARD_ORACLE_MUTANTS")); err == nil {
		n = v
	}
	cases := buildOracle12Cases(t, seed, n)
	compareWithOracle12(t, runnable, cases)
}

// agreement counts, per protocol, the directories that agree in every
// respect.
type agreement struct{ cases, agree int }

func compareWithOracle12(t *testing.T, runnable string, cases []oracle12Case) {
	var jobs [][]string
	at := make([]int, len(cases)+1)
	for i, c := range cases {
		at[i] = len(jobs)
		jobs = append(jobs, []string{"check", "--project-root", c.root})
		for _, k := range c.reads {
			jobs = append(jobs, read12Jobs[k].argv(c.root))
		}
	}
	results := runOracle12(t, runnable, jobs)
	stats := map[string]*agreement{}
	checkDiff, routeDiff, skipped := 0, 0, 0
	for i, c := range cases {
		mem := filepath.Join(c.root, "docs", "memory")
		if !judged12(mem) {
			skipped++
			continue // a protocol before 0.6 now: the 0.9.1 reference's (TestOracle)
		}
		st := stats[c.proto]
		if st == nil {
			st = &agreement{}
			stats[c.proto] = st
		}
		st.cases++
		ok := true
		ref := results[at[i]]
		if ref.Code == 1 && strings.Contains(ref.Err, "exception:") {
			t.Errorf("%s: oracle check crashed: %s", c.name, ref.Err)
		}
		issues := withoutAliases(upstreamIssues(ref.Out))
		if ref.Code == 2 {
			// The core cannot read the directory (a file that is not
			// UTF-8, say): a failure remnant-guard must report too.
			issues = append(issues, firstLines(ref.Err, 1))
		}
		proto := protocol12(mem)
		if proto == "0.6" {
			issues = withoutConflicts(issues)
		}
		errs := errorsOf(ourCheck(c.root, mem))
		var extra []string
		for _, f := range errs {
			if !allowed12(f) {
				extra = append(extra, fmt.Sprintf("%s:%d %s %s", f.Path, f.Line, f.RuleID, f.Message))
			}
		}
		switch {
		case len(issues) > 0 && len(errs) == 0:
			ok = false
			t.Errorf("%s: 0.12 fails check and remnant-guard passes it:\n%s", c.name, strings.Join(issues, "\n"))
		case len(issues) == 0 && len(extra) > 0:
			ok = false
			t.Errorf("%s: 0.12 passes check and remnant-guard fails it: %s", c.name, strings.Join(extra, "; "))
		}
		if !ok {
			checkDiff++
		}
		for n, k := range c.reads {
			j, r := read12Jobs[k], results[at[i]+1+n]
			want, got := parseRead12(r), ourRead12(mem, j)
			if want.Class == "rejected" && (proto == "0.6" || allAliases(want.conflicts)) {
				want.Class = "ok" // conflicts are analysed from 0.7 on; Aliases may be absent
			}
			if want.String() != got.String() {
				ok = false
				routeDiff++
				t.Errorf("%s: read %v:\n  0.12: %s\n  ours: %s\n%s", c.name, j.argv("DIR")[3:], want, got, firstLines(r.Err, 2))
			}
		}
		if ok {
			st.agree++
		}
	}
	protos := make([]string, 0, len(stats))
	for p := range stats {
		protos = append(protos, p)
	}
	sort.Strings(protos)
	var sum []string
	for _, p := range protos {
		sum = append(sum, fmt.Sprintf("%s %d/%d", p, stats[p].agree, stats[p].cases))
	}
	t.Logf("%d directories (%d now before protocol 0.6, not compared), %d check differences, %d route differences; agreeing directories by protocol: %s", len(cases), skipped, checkDiff, routeDiff, strings.Join(sum, ", "))
}

// judged12 reports whether the manifest of mem declares a protocol from
// 0.6 on, or one that the 0.12 CLI refuses: the directories this test
// compares.
func judged12(mem string) bool {
	m := Load(os.DirFS(mem)).Manifest
	if m == nil || !m.UTF8 {
		return true
	}
	p, _ := protocolOf(m)
	return p.atLeast(v06) || readRefusal(m) != nil
}

// protocol12 is the protocol remnant-guard judges mem by.
func protocol12(mem string) string {
	m := Load(os.DirFS(mem)).Manifest
	if m == nil || !m.UTF8 {
		return ""
	}
	p, _ := protocolOf(m)
	return p.String()
}

func firstLines(s string, n int) string {
	ls := strings.SplitN(s, "\n", n+1)
	if len(ls) > n {
		ls = ls[:n]
	}
	return strings.Join(ls, "\n")
}

// oracle12Case is one memory directory on disk and the protocol of its
// base.
type oracle12Case struct {
	name, root, proto string
	reads             []int // indexes into read12Jobs
}

func buildOracle12Cases(t *testing.T, seed int64, n int) []oracle12Case {
	t.Helper()
	bases := oracle12Bases(t)
	names := make([]string, 0, len(bases))
	for k := range bases {
		names = append(names, k)
	}
	sort.Strings(names)
	byProto := map[string][]string{}
	for _, k := range names {
		p := k[:3]
		byProto[p] = append(byProto[p], k)
	}
	tmp := t.TempDir()
	var cases []oracle12Case
	next := 0
	add := func(name, proto string, tr memTree, reads int) {
		root := filepath.Join(tmp, fmt.Sprintf("q%04d", len(cases)))
		tr.write(t, root)
		c := oracle12Case{name: name, root: root, proto: proto}
		for k := 0; k < reads; k++ {
			c.reads = append(c.reads, next%len(read12Jobs))
			next++
		}
		cases = append(cases, c)
	}
	for _, k := range names {
		add(k, k[:3], bases[k], testtier.Pick(2*oracle12Reads, len(read12Jobs)))
	}
	rng := rand.New(rand.NewSource(seed))
	for _, proto := range []string{"0.6", "0.7", "0.8"} {
		for i := 0; i < n; i++ {
			base := pick(rng, byProto[proto])
			tr := bases[base].clone()
			var applied []string
			for k := 0; k < 1+rng.Intn(2); k++ {
				applied = append(applied, mutate12(rng, tr))
			}
			for name := range tr.links {
				if _, ok := tr.files[name]; ok {
					delete(tr.links, name)
				}
			}
			add(fmt.Sprintf("%s+%s (seed %d #%d)", base, strings.Join(applied, "+"), seed, i), proto, tr, oracle12Reads)
		}
	}
	return cases
}

// allowed12 reports an error of this package that the 0.12 CLI does not
// give and that docs/custodian.md documents as an extension.
func allowed12(f validate.Finding) bool {
	switch f.RuleID {
	case RuleProtocolMetadata:
		// The values that 0.6 and 0.7 require, which the 0.12 CLI no
		// longer looks at in older manifests.
		return strings.HasPrefix(f.Message, "Protocol 0.6 requires") || strings.HasPrefix(f.Message, "Protocol 0.7 requires")
	}
	return false
}
