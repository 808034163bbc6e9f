package hooks

import (
	"fmt"
	"path"
	"strings"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/remnant"
	"github.com/remnant-guard/remnant-guard/validate/report"
)

// headMemory applies the memory rules to the memory files as HEAD has
// them, for scan --history: an old commit's memory format cannot be fixed,
// only today's can. A REMNANT.md that HEAD tracks is remnant-staged.
func headMemory(repo *gitutil.Repo, cfg *config.Config, opt Options, uses bool) ([]validate.Finding, int, error) {
	entries, err := repo.ListTree("HEAD", "")
	if err != nil {
		return nil, 0, err
	}
	dir := strings.Trim(cfg.Custodian.Dir, "/") + "/"
	var changes []gitutil.Change
	for _, e := range entries {
		if remnant.KindOf(path.Base(e.Path)) != remnant.KindUnknown || strings.HasPrefix(e.Path, dir) {
			changes = append(changes, gitutil.Change{Status: 'A', Path: e.Path, Mode: e.Mode, Hash: e.Hash})
		}
	}
	mopt := opt
	mopt.Only = validate.Memory
	cc := &changeCheck{cfg: cfg, opt: mopt, uses: uses, now: opt.now()}
	sub := &report.Report{}
	if err := cc.run(changes, &commitSource{repo: repo, commit: "HEAD"}, sub); err != nil {
		return nil, 0, err
	}
	for i, f := range sub.Findings {
		if f.RuleID == "remnant-staged" {
			sub.Findings[i] = trackedRemnant(f.Path)
		}
	}
	return sub.Findings, len(changes), nil
}

// historyNote says what scan --history judged.
func historyNote(commits, memoryFiles int, opt Options) string {
	mem := fmt.Sprintf("the %s as HEAD has them", plural(memoryFiles, "memory file", "memory files"))
	if memoryFiles == 0 {
		mem = "the memory files as HEAD has them (it has none)"
	}
	switch {
	case !opt.runs(validate.Secrets):
		return "memory rules applied to " + mem
	case !opt.runs(validate.Memory):
		return fmt.Sprintf("secret rules applied to every commit (%s)", plural(commits, "commit", "commits"))
	}
	return fmt.Sprintf("secret rules applied to every commit (%s), memory rules to %s",
		plural(commits, "commit", "commits"), mem)
}
