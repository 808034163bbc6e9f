package gitutil

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// commitFormat is what rev-list prints per commit after its "commit <hash>"
// line: hash, abbreviated hash, committer date, subject.
const commitFormat = "--format=%H%x00%h%x00%cI%x00%s"

// CommitsNewerThan counts the commits reachable from HEAD whose committer
// date is strictly after t, and returns the one with the latest committer
// date among them. It is 0 on an unborn branch.
//
// Like `git log --since`, the walk stops along a line of history at the first
// commit older than t, so a commit dated after t behind an older one (clock
// skew) is not counted. The walk reads commits through the object reader the
// hook already runs, one generation at a time: no process of its own. In a
// shallow clone the walk stops at the shallow boundary, whose parents were
// never fetched.
func (r *Repo) CommitsNewerThan(t time.Time) (n int, newest Commit, err error) {
	if r.headShort == "" {
		return 0, Commit{}, nil
	}
	boundary, err := r.shallowCommits()
	if err != nil {
		return 0, Commit{}, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	seen := map[string]bool{}
	for front := []string{"HEAD"}; len(front) > 0; {
		objs, err := r.objects(front)
		if err != nil {
			return 0, Commit{}, err
		}
		asked := front
		front = front[:0:0]
		for i, o := range objs {
			if o.kind == "" && len(seen) > 0 {
				continue // a parent this clone lacks (grafts, partial clone): the line ends
			}
			if o.kind != "commit" {
				return 0, Commit{}, &ObjectError{Name: r.revName(asked[i]), Want: "commit", Got: o.kind}
			}
			if seen[o.hash] {
				continue
			}
			seen[o.hash] = true
			c, _, err := parseCommit(o.hash, o.data)
			if err != nil {
				return 0, Commit{}, &CommandError{Args: batchArgs, Err: err}
			}
			if !c.Time.After(t) {
				continue
			}
			n++
			if newest.Hash == "" || c.Time.After(newest.Time) {
				newest = c
			}
			if boundary[o.hash] {
				continue
			}
			for _, p := range commitParents(o.data) {
				if !seen[p] {
					front = append(front, p)
				}
			}
		}
	}
	if newest.Hash != "" {
		newest.Short = newest.Hash[:min(len(newest.Hash), max(len(r.headShort), 7))]
	}
	return n, newest, nil
}

// commitParents lists a commit object's parent hashes.
func commitParents(data []byte) []string {
	headers, _, _ := bytes.Cut(data, []byte("\n\n"))
	var out []string
	for _, line := range bytes.Split(headers, []byte("\n")) {
		if p, ok := bytes.CutPrefix(line, []byte("parent ")); ok {
			out = append(out, string(p))
		}
	}
	return out
}

// LastCommits returns up to n commits reachable from HEAD that changed a
// path matching one of pathspecs, newest first (git log's order and history
// simplification). Pathspecs are relative to TopLevel and matched as git glob
// pathspecs (`:(glob)`: "*" stays within a directory, "**" crosses them);
// one that already starts with ':' keeps its own magic. It is nil on an
// unborn branch or when n <= 0.
func (r *Repo) LastCommits(n int, pathspecs []string) ([]Commit, error) {
	if r.headShort == "" || n <= 0 || len(pathspecs) == 0 {
		return nil, nil
	}
	return r.revList(append([]string{"-n", strconv.Itoa(n), "HEAD", "--"}, globSpecs(pathspecs)...)...)
}

// CommitsAfter returns the commits reachable from HEAD but not from rev
// that changed a path matching one of pathspecs (as LastCommits reads
// them), newest first: what came after rev in history, whatever the
// commits' dates.
func (r *Repo) CommitsAfter(rev string, pathspecs []string) ([]Commit, error) {
	if r.headShort == "" || len(pathspecs) == 0 {
		return nil, nil
	}
	return r.revList(append([]string{"HEAD", "^" + rev, "--"}, globSpecs(pathspecs)...)...)
}

// globSpecs marks pathspecs as globs, unless they carry their own magic.
func globSpecs(pathspecs []string) []string {
	out := make([]string, len(pathspecs))
	for i, p := range pathspecs {
		if !strings.HasPrefix(p, ":") {
			p = ":(glob)" + p
		}
		out[i] = p
	}
	return out
}

// LastCommitTouching returns the newest commit reachable from HEAD that
// changed the file or directory path (taken literally, no wildcards).
func (r *Repo) LastCommitTouching(path string) (Commit, bool, error) {
	cs, err := r.LastCommits(1, []string{":(literal)" + path})
	if err != nil || len(cs) == 0 {
		return Commit{}, false, err
	}
	return cs[0], true, nil
}

func (r *Repo) revList(args ...string) ([]Commit, error) {
	full := append([]string{"rev-list", "--encoding=UTF-8", commitFormat}, args...)
	out, err := r.run(full...)
	if err != nil {
		return nil, err
	}
	commits, perr := parseRevList(out)
	if perr != nil {
		return nil, &CommandError{Args: full, Err: perr}
	}
	return commits, nil
}

// parseRevList parses pairs of lines: "commit <hash>" then the formatted line.
func parseRevList(out []byte) ([]Commit, error) {
	var commits []Commit
	lines := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
	if len(out) == 0 {
		return nil, nil
	}
	if len(lines)%2 != 0 {
		return nil, &parseError{what: "rev-list output"}
	}
	for i := 0; i < len(lines); i += 2 {
		c, err := parseCommitLine(string(lines[i]), string(lines[i+1]))
		if err != nil {
			return nil, err
		}
		commits = append(commits, c)
	}
	return commits, nil
}

func parseCommitLine(header, line string) (Commit, error) {
	f := strings.SplitN(line, "\x00", 4)
	if len(f) != 4 || header != "commit "+f[0] || !isHash(f[0]) {
		return Commit{}, &parseError{what: "rev-list line " + strconv.Quote(header)}
	}
	t, err := time.Parse(time.RFC3339, f[2])
	if err != nil {
		return Commit{}, &parseError{what: "rev-list date " + strconv.Quote(f[2])}
	}
	return Commit{Hash: f[0], Short: f[1], Time: t, Subject: f[3]}, nil
}
