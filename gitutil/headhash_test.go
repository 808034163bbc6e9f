package gitutil

import "testing"

// TestHeadHash: the full HEAD hash, as git rev-parse prints it, from a
// repository found without git (discover) and with it (OpenEnv); none on
// an unborn branch.
func TestHeadHash(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	opens := map[string]func() (*Repo, error){
		"discover": func() (*Repo, error) {
			r, ok := discover(dir, env)
			if !ok {
				t.Fatal("discover declined a plain repository")
			}
			return r, nil
		},
		"OpenEnv": func() (*Repo, error) { return OpenEnv(dir, env) },
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
}
