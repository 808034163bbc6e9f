package gitutil

import (
	"errors"
	"strconv"
	"strings"
)

// gitVersion runs `git version` and returns the version number it reports,
// e.g. "2.39.5" from "git version 2.39.5".
func gitVersion(dir string, env []string) (string, bool) {
	out, err := runGit(dir, discoveryEnv(env), "version")
	if err != nil {
		return "", false
	}
	fields := strings.Fields(string(out))
	if len(fields) < 3 || fields[0] != "git" || fields[1] != "version" {
		return "", false
	}
	return fields[2], true
}

// versionLess reports whether dotted version a is older than b. Non-numeric
// suffixes ("2.39.5.windows.1", "2.40.0-rc1") are ignored.
func versionLess(a, b string) bool {
	pa, pb := versionParts(a), versionParts(b)
	for i := 0; i < len(pb); i++ {
		x := 0
		if i < len(pa) {
			x = pa[i]
		}
		if x != pb[i] {
			return x < pb[i]
		}
	}
	return false
}

func versionParts(v string) []int {
	var parts []int
	for _, f := range strings.Split(v, ".") {
		n, err := strconv.Atoi(strings.TrimRightFunc(f, func(r rune) bool { return r < '0' || r > '9' }))
		if err != nil {
			break
		}
		parts = append(parts, n)
	}
	return parts
}

func asCommandError(err error, target **CommandError) bool {
	return errors.As(err, target)
}
