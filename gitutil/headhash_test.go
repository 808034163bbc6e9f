package gitutil

import "testing"

// TestHeadHash: the full HEAD hash, as git rev-parse prints it, from a
// repository found without git (discover) and with it (OpenEnv); none on
// an unborn branch.
func TestHeadHash(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	at := dir
	opens := map[string]func() (*Repo, error){
		"discover": func() (*Repo, error) {
			r, ok := discover(at, env)
			if !ok {
				t.Fatal("discover declined a plain repository")
			}
			return r, nil
		},
		"OpenEnv": func() (*Repo, error) { return OpenEnv(at, env) },
	}
	check := func(want string) {
		t.Helper()
		for name, open := range opens {
			r, err := open()
			if err != nil {
				t.Fatal(err)
			}
			r.env = commandEnv(env, r)
			h, ok, err := r.HeadHash()
			if err != nil || ok != (want != "") || h != want {
				t.Errorf("%s: %q %v %v, want %q", name, h, ok, err, want)
			}
			r.Close()
		}
	}
	check("")
	writeFile(t, dir, "a.txt", "a\n")
	git(t, dir, env, "add", "a.txt")
	git(t, dir, env, "commit", "-q", "-m", "one")
	check(git(t, dir, env, "rev-parse", "HEAD"))
	git(t, dir, env, "pack-refs", "--all")
	check(git(t, dir, env, "rev-parse", "HEAD"))
	writeFile(t, dir, "a.txt", "b\n")
	git(t, dir, env, "commit", "-q", "-am", "two")
	git(t, dir, env, "checkout", "-q", "--detach", "HEAD~1")
	check(git(t, dir, env, "rev-parse", "HEAD"))
	// A linked worktree has a HEAD of its own.
	wt := dir + "-wt"
	git(t, dir, env, "worktree", "add", "-q", "-b", "side", wt, "main")
	at = wt
	check(git(t, wt, env, "rev-parse", "HEAD"))
	at = dir
	check(git(t, dir, env, "rev-parse", "HEAD"))
}
