package gitutil

import "testing"

func TestInIndex(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	for _, f := range []string{"keep.txt", "gone.txt", "old/only.txt", "half/a.txt", "half/b.txt",
		"moved/x.md", "docs/memory/index.md", "file-then-dir"} {
		writeFile(t, dir, f, f+"\n")
	}
	commitAll(t, dir, env, "init")
	git(t, dir, env, "rm", "-q", "gone.txt", "old/only.txt", "half/a.txt", "file-then-dir")
	git(t, dir, env, "mv", "moved/x.md", "REMNANT.md")
	writeFile(t, dir, "new/deep/n.txt", "n\n")
	writeFile(t, dir, "file-then-dir/inner.txt", "i\n")
	writeFile(t, dir, "untracked.txt", "u\n")
	git(t, dir, env, "add", "new/deep/n.txt", "file-then-dir/inner.txt")
	r := open(t, dir, env)
	changes, err := r.StagedChanges()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"keep.txt": true, "gone.txt": false, "old": false, "old/only.txt": false,
		"half": true, "half/a.txt": false, "half/b.txt": true, "half/": true,
		"moved": false, "moved/x.md": false, "REMNANT.md": true,
		"new": true, "new/deep": true, "new/deep/n.txt": true, "ne": false,
		"docs/memory": true, "docs/memory/": true, "docs": true, "docs/memory/index.md": true,
		"file-then-dir": true, "file-then-dir/inner.txt": true,
		"untracked.txt": false, "missing/x": false, "keep.txt/x": false, "": true, ".": true,
	}
	var paths []string
	for p := range want {
		paths = append(paths, p)
	}
	got, err := r.InIndex(paths, changes)
	if err != nil {
		t.Fatal(err)
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("InIndex(%q) = %v, want %v", p, got[p], w)
		}
	}
	// Cross-check files against git's own view of the index.
	for _, p := range []string{"keep.txt", "gone.txt", "REMNANT.md", "half/a.txt", "new/deep/n.txt", "untracked.txt"} {
		inGit := git(t, dir, env, "ls-files", "--", p) != ""
		tracked, err := r.Tracked(p, changes)
		if err != nil || tracked != inGit {
			t.Errorf("Tracked(%q) = %v %v, git ls-files says %v", p, tracked, err, inGit)
		}
	}
	if tr, _ := r.Tracked("half", changes); tr {
		t.Error("Tracked(half) = true for a directory")
	}
}

func TestInIndexUnborn(t *testing.T) {
	env := testEnv(t)
	dir := newRepo(t, env)
	writeFile(t, dir, "docs/memory/a.md", "a\n")
	git(t, dir, env, "add", "docs")
	r := open(t, dir, env)
	changes, err := r.StagedChanges()
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.InIndex([]string{"docs/memory", "docs/memory/a.md", "REMNANT.md"}, changes)
	if err != nil || !got["docs/memory"] || !got["docs/memory/a.md"] || got["REMNANT.md"] {
		t.Errorf("InIndex = %v %v", got, err)
	}
}
