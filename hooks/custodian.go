package hooks

import (
	"path"
	"sort"

	"github.com/remnant-guard/remnant-guard/gitutil"
	"github.com/remnant-guard/remnant-guard/hooks/config"
	"github.com/remnant-guard/remnant-guard/validate"
	"github.com/remnant-guard/remnant-guard/validate/custodian"
)

// staleAreas applies custodian-stale: an area's memory file is stale when
// the last N commits that touched the area's code all came after the
// memory file's last change. only, when not nil, limits the check to the
// areas whose code or memory those paths touch.
func staleAreas(repo *gitutil.Repo, cfg *config.Config, only []string) ([]validate.Finding, error) {
	areas := custodian.AreaMap(cfg.Custodian.Areas)
	names := make([]string, 0, len(areas))
	for name := range areas {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []validate.Finding
	for _, name := range names {
		mem := path.Join(cfg.Custodian.Dir, "areas", name+".md")
		if only != nil && !touchesArea(areas, name, mem, only) {
			continue
		}
		f, ok, err := staleArea(repo, cfg, name, mem, areas[name])
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, f)
		}
	}
	return out, nil
}

func touchesArea(areas custodian.AreaMap, name, mem string, paths []string) bool {
	for _, p := range paths {
		if p == mem || areas.Covers(name, p) {
			return true
		}
	}
	return false
}

func staleArea(repo *gitutil.Repo, cfg *config.Config, name, mem string, globs []string) (validate.Finding, bool, error) {
	last, ok, err := repo.LastCommitTouching(mem)
	if err != nil || !ok {
		return validate.Finding{}, false, err
	}
	// The commits to the area's code that came after the memory's last
	// change in history (not by date: a rebase gives many the same second).
	code, err := repo.CommitsAfter(last.Hash, globs)
	if err != nil || len(code) < cfg.Custodian.StaleCommits {
		return validate.Finding{}, false, err
	}
	newest := custodian.Commit{Hash: code[0].Hash, Subject: code[0].Subject, Time: code[0].Time}
	f := custodian.StaleFinding(mem, name, last.Time, newest, len(code))
	f.Commit = ""
	f.Hint = "review " + mem + " against the code it covers and commit the update"
	return f, true, nil
}

// changedPaths lists the paths a change set touches.
func changedPaths(changes []gitutil.Change) []string {
	out := make([]string, 0, len(changes))
	for _, c := range changes {
		out = append(out, c.Path)
		if c.OldPath != "" {
			out = append(out, c.OldPath)
		}
	}
	return out
}

// notMemoryNote is the one note shown for a memory directory of another
// system.
func notMemoryNote(dir string) string {
	return dir + ": not MemoryCustodian memory (no Memory Manifest); not checked. Set custodian.dir in the config to check it anyway"
}
