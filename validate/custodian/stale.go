package custodian

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/remnant-guard/remnant-guard/validate"
)

// AreaMap maps an area name (areas/NAME.md) to the code globs it covers,
// from configuration. Globs are slash-separated; `**` matches any number
// of directories.
type AreaMap map[string][]string

// Commit is the newest commit that touched an area's code.
type Commit struct {
	Hash    string
	Subject string
	Time    time.Time
}

// Covers reports whether the repository path p belongs to area.
func (m AreaMap) Covers(area, p string) bool {
	for _, g := range m[area] {
		if MatchGlob(g, p) {
			return true
		}
	}
	return false
}

// MatchGlob matches a slash-separated path against a glob where `**` as a
// whole part matches zero or more parts and other parts follow path.Match.
func MatchGlob(glob, p string) bool {
	return matchSegs(strings.Split(glob, "/"), strings.Split(p, "/"), func(g, p string) bool {
		ok, err := path.Match(g, p)
		return err == nil && ok
	})
}

// StaleFinding formats a custodian-stale finding: the memory file memPath
// (a repository path) of area was last changed at memTime, and n later
// commits touched the area's code, the newest being newest.
func StaleFinding(memPath, area string, memTime time.Time, newest Commit, n int) validate.Finding {
	hash := newest.Hash
	if len(hash) > 12 {
		hash = hash[:12]
	}
	msg := fmt.Sprintf("area %q memory last changed %s; %d later commit(s) touch its code, newest %s (%s) %q",
		area, memTime.UTC().Format("2006-01-02"), n, hash, newest.Time.UTC().Format("2006-01-02"), short(newest.Subject))
	f := newFinding(RuleStale, memPath, 0, 0, msg)
	f.Commit = newest.Hash
	return f
}
