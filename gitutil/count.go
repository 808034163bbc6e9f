package gitutil

import (
	"bytes"
	"strconv"
)

// CountCommits is the number of commits reachable from rev
// (git rev-list --count).
func (r *Repo) CountCommits(rev string) (int, error) {
	args := []string{"rev-list", "--count", rev, "--"}
	out, err := r.run(args...)
	if err != nil {
		return 0, err
	}
	n, perr := strconv.Atoi(string(bytes.TrimSpace(out)))
	if perr != nil {
		return 0, badOutput(args, "not a count: %q", out)
	}
	return n, nil
}
