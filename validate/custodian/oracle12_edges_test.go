package custodian

import (
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
)

// The edge classes of the grammar: for each place where a reader could be
// narrower or wider than upstream's (comments beside text, the field-name
// pattern, repeated fields, Subject alias identity, module files, inbox
// candidates, version and path spellings, ...), a generator of its own
// makes seeded variants of the real directories, and each variant's
// `check` verdict and `read` selections are compared with the 0.12.0
// core's. A variant may be marked as falling under a difference that
// docs/custodian.md documents; the test counts those apart.

const edgeSeed = 20261207

// edgeCase is one generated directory of an edge class.
type edgeCase struct {
	label string
	tr    memTree
	// reads are the read jobs compared, beside the check.
	reads []read12Job
	// differs names the documented difference the variant falls under
	// ("" when it must agree).
	differs string
}

// edgeClass generates the variants of one class.
type edgeClass struct {
	name string
	gen  func(rng *rand.Rand, bases map[string]memTree) edgeCase
}

// edgeClasses are the classes compared with the 0.12 core; their
// generators are in oracle12_edges_gen_test.go.
var edgeClasses = []edgeClass{
	{"html-comment-beside-text", genCommentBesideText},
	{"field-name-grammar", genFieldName},
	{"repeated-field", genRepeatedField},
	{"inbox-candidate", genInboxCandidate},
	{"subject-identity", genAlias},
	{"module-file", genModuleFile},
	{"pseudo-id-heading", genPseudoID},
	{"version-spelling", genVersionSpelling},
	{"path-route", genPathRoute},
	{"field-value-space", genFieldSpace},
	{"credential-shape", genCredential},
	{"manifest-lost", genManifestLost},
	{"budget-units", genBudgetUnits},
}

// baseOf returns a clone of one of the named bases.
func baseOf(rng *rand.Rand, bases map[string]memTree, names ...string) (string, memTree) {
	n := names[rng.Intn(len(names))]
	return n, bases[n].clone()
}

// formalBases are the bases with formal entries.
var formalBases = []string{"0.8 project", "0.7 schema 2", "0.7 schema 1", "0.6 project", "0.7 from 0.6 index"}

// someReads returns n read jobs drawn from read12Jobs.
func someReads(rng *rand.Rand, n int) []read12Job {
	out := make([]read12Job, n)
	for i := range out {
		out[i] = read12Jobs[rng.Intn(len(read12Jobs))]
	}
	return out
}

// TestOracle12Edges compares every edge class with the 0.12 core: a few
// variants per class in the contributor's loop, many in the full tier.
// REMNANT_GUARD_ORACLE_SEED runs a fresh set; REMNANT_GUARD_EDGE_CLASS
// runs the classes whose name contains it.
func TestOracle12Edges(t *testing.T) {
	runnable := oracle12Runnable(t)
	seed := int64(edgeSeed)
	if v, err := strconv.ParseInt(os.Getenv("REMNANT_GUARD_ORACLE_SEED"), 10, 64); err == nil {
		seed = v
	}
	n := testtier.Pick(2, 40)
	bases := oracle12Bases(t)
	tmp := t.TempDir()
	type built struct {
		class int
		c     edgeCase
		root  string
		at    int // index of the check job
	}
	var cases []built
	var cases05 []oracleCase
	documented05 := 0
	var jobs [][]string
	for k, cl := range edgeClasses {
		if f := os.Getenv("REMNANT_GUARD_EDGE_CLASS"); f != "" && !strings.Contains(cl.name, f) {
			continue
		}
		rng := rand.New(rand.NewSource(seed + int64(k)))
		for i := 0; i < n; i++ {
			c := cl.gen(rng, bases)
			c.label = fmt.Sprintf("%s #%d: %s", cl.name, i, c.label)
			root := filepath.Join(tmp, fmt.Sprintf("e%02d-%03d", k, i))
			if keep := os.Getenv("REMNANT_GUARD_EDGE_KEEP"); keep != "" {
				root = filepath.Join(keep, fmt.Sprintf("e%02d-%03d", k, i)) // kept for a closer look
			}
			c.tr.write(t, root)
			if !judged12(filepath.Join(root, "docs", "memory")) {
				// judged by the 0.5 rules now: the 0.9.1 CLI's to judge
				if c.differs != "" {
					documented05++
				} else {
					cases05 = append(cases05, oracleCase{name: c.label, root: root})
				}
				continue
			}
			cases = append(cases, built{class: k, c: c, root: root, at: len(jobs)})
			jobs = append(jobs, []string{"check", "--project-root", root})
			for _, j := range c.reads {
				jobs = append(jobs, j.argv(root))
			}
		}
	}
	results := runOracle12(t, runnable, jobs)
	// failing counts the variants the core fails, to show that a
	// generator reaches both sides of its edge.
	type tally struct{ cases, agree, documented, failing int }
	tallies := map[int]*tally{}
	for _, b := range cases {
		tl := tallies[b.class]
		if tl == nil {
			tl = &tally{}
			tallies[b.class] = tl
		}
		tl.cases++
		if r := results[b.at]; r.Code == 2 || len(withoutAliases(upstreamIssues(r.Out))) > 0 {
			tl.failing++
			if os.Getenv("REMNANT_GUARD_EDGE_DEBUG") != "" {
				t.Logf("%s: the core fails it: %q", b.c.label, firstLines(r.Out+r.Err, 4))
			}
		}
		diffs := edgeDiffs(b.root, b.c, results[b.at:b.at+1+len(b.c.reads)])
		switch {
		case len(diffs) == 0:
			tl.agree++
		case b.c.differs != "":
			tl.documented++
		default:
			t.Errorf("%s:\n%s", b.c.label, strings.Join(diffs, "\n"))
		}
	}
	if len(cases05) > 0 {
		t.Run("0.5", func(t *testing.T) {
			compareWithOracle(t, oracleDir(t), cases05)
		})
	}
	t.Logf("%d variants now before protocol 0.6, compared with the 0.9.1 CLI instead (%d more fall under a documented difference)", len(cases05), documented05)
	keys := make([]int, 0, len(tallies))
	for k := range tallies {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		tl := tallies[k]
		t.Logf("%-28s %d/%d agree, %d documented differences (the core fails %d of them)", edgeClasses[k].name, tl.agree, tl.cases, tl.documented, tl.failing)
	}
}

// edgeDiffs compares one variant with the core's results (its check,
// then its reads), with the allowances of TestOracle12.
func edgeDiffs(root string, c edgeCase, results []mcoracle.Result) []string {
	mem := filepath.Join(root, "docs", "memory")
	var diffs []string
	ref := results[0]
	if ref.Code == 1 && strings.Contains(ref.Err, "exception:") {
		diffs = append(diffs, "oracle check crashed: "+firstLines(ref.Err, 3))
	}
	issues := withoutAliases(upstreamIssues(ref.Out))
	if ref.Code == 2 {
		issues = append(issues, firstLines(ref.Err, 1))
	}
	proto := protocol12(mem)
	if proto == "0.6" {
		issues = withoutConflicts(issues)
	}
	errs := errorsOf(ourCheck(root, mem))
	var extra []string
	for _, f := range errs {
		if !allowed12(f) {
			extra = append(extra, fmt.Sprintf("%s:%d %s %s", f.Path, f.Line, f.RuleID, f.Message))
		}
	}
	switch {
	case len(issues) > 0 && len(errs) == 0:
		diffs = append(diffs, "0.12 fails check and remnant-guard passes it:\n  "+strings.Join(issues, "\n  "))
	case len(issues) == 0 && len(extra) > 0:
		diffs = append(diffs, "0.12 passes check and remnant-guard fails it: "+strings.Join(extra, "; "))
	}
	for n, j := range c.reads {
		r := results[1+n]
		want, got := parseRead12(r), ourRead12(mem, j)
		if want.Class == "rejected" && (proto == "0.6" || allAliases(want.conflicts)) {
			want.Class = "ok"
		}
		if want.String() != got.String() {
			diffs = append(diffs, fmt.Sprintf("read %v:\n  0.12: %s\n  ours: %s\n  %s", j.argv("DIR")[3:], want, got, firstLines(r.Err, 2)))
		} else if w, g := omissions12(r.Out), ourOmissions(mem, j); want.Class != "invalid" && w != g {
			diffs = append(diffs, fmt.Sprintf("read %v: 0.12 omits %d units to fit the budgets, remnant-guard %d", j.argv("DIR")[3:], w, g))
		}
	}
	return diffs
}

// omissions12 counts the units a 0.12 read lists under "Budget omissions:".
func omissions12(out string) int {
	n, in := 0, false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case l == "Budget omissions:":
			in = true
		case in && strings.HasPrefix(l, "- ") && l != "- none":
			n++
		case in && !strings.HasPrefix(l, "- "):
			in = false
		}
	}
	return n
}

// ourOmissions counts the units a route omits to fit the budgets.
func ourOmissions(mem string, j read12Job) int {
	res, err := Route(os.DirFS(mem), RouteRequest{Task: j.task, Paths: j.paths, Rules: j.rules, Profiles: j.profiles, Areas: j.areas})
	if err != nil {
		return 0
	}
	n := 0
	for _, o := range res.Omitted {
		n += o.Units
	}
	return n
}
