//go:build unix

package gitutil

import (
	"os"
	"syscall"
)

// currentUID is the user git compares a repository's owner with.
var currentUID = os.Geteuid

// ownedByCurrentUser tells whether every path is owned by the user running
// us, as git's safe.directory check wants of the working tree, the git
// directory and a .git file before it reads a repository's configuration.
// A path that cannot be read counts as not owned.
func ownedByCurrentUser(env []string, paths ...string) bool {
	uid := currentUID()
	if uid == 0 && envValue(env, "SUDO_UID") != "" {
		return false // git then compares with SUDO_UID: leave it to git
	}
	for _, p := range paths {
		fi, err := os.Lstat(p)
		if err != nil {
			return false
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok || int(st.Uid) != uid {
			return false
		}
	}
	return true
}
