//go:build !unix

package gitutil

// ownedByCurrentUser cannot tell a file's owner here the way git does:
// the repository is left to git, which checks safe.directory.
func ownedByCurrentUser(env []string, paths ...string) bool { return false }
